"""Where computed tables live, and how they are written and trusted (design.md, "Cache").

Tables live under ``$PAIGOW_CACHE_DIR``, else the user cache directory. A file
name carries everything that changes its content: what it is, the rules, a
format version, and a digest of the source files that compute it. Writes go to
a temporary file in the same folder, then an atomic rename, so readers never
see half a file and two writers of the same table both leave a whole one. A
file that is missing, truncated, garbled or from another build is not trusted:
``read_arrays`` raises ``StaleCache`` and the caller rebuilds it.

>>> import tempfile, numpy as np
>>> folder = Path(tempfile.mkdtemp())
>>> path = folder / "demo.npz"
>>> write_arrays(path, {"values": np.arange(3)}, {"kind": "demo"})
>>> read_arrays(path, {"kind": "demo"})["values"].tolist()
[0, 1, 2]
>>> _ = path.write_bytes(path.read_bytes()[:100])
>>> read_arrays(path, {"kind": "demo"})
Traceback (most recent call last):
...
paigow_cli.engine.cache.StaleCache: demo.npz is unreadable (truncated or garbled)
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import numpy as np

from paigow_cli.core.errors import CacheError

FORMAT_VERSION = 1
SUFFIX = ".npz"
PARTIAL = ".partial"  # a folder of finished chunks of a run that has not ended yet
ANSWER_KINDS = ("edge-", "strategy-")  # files that cost minutes of counting each: whole-game answers
# Every module whose code decides what a cached table holds (a package: all its modules).
TABLE_SOURCES = (
    "paigow_cli.core.cards",
    "paigow_cli.core.hands",
    "paigow_cli.core.splits",
    "paigow_cli.engine.dealer_classes",
    "paigow_cli.engine.dealer_table",
    "paigow_cli.house_ways",
)


class StaleCache(Exception):
    """A cached file that must not be trusted; the message says why."""


def cache_dir() -> Path:
    """``$PAIGOW_CACHE_DIR``, else the platform's user cache folder for paigow."""
    configured = os.environ.get("PAIGOW_CACHE_DIR")
    if configured:
        return Path(configured).expanduser()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "paigow"
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "paigow" / "Cache"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "paigow"


def cache_problem() -> str | None:
    """Why the cache folder cannot hold tables (it names a file), or None.

    Tables are then built for each run and not kept; every command still answers.
    """
    folder = cache_dir()
    if folder.exists() and not folder.is_dir():
        return (
            f"the cache folder {folder} is a file, not a folder, so tables cannot be cached and are built on every run "
            "(set PAIGOW_CACHE_DIR to a folder)"
        )
    return None


@lru_cache(maxsize=1)
def source_digest() -> str:
    """A digest of the code that computes the tables: change the code, and old tables are stale."""
    return code_digest(TABLE_SOURCES, f"format {FORMAT_VERSION}")[:16]


def code_digest(modules: Iterable[str], salt: str = "") -> str:
    """A digest of what the code of ``modules`` does, not of where it lives.

    Each module's statements are digested as syntax trees without docstrings and without import
    statements (at any depth), then sorted: editing a docstring, moving a module to another
    folder or a function to another module of the list leaves the digest as it was, while any
    change to what the code computes changes it. A package stands for all of its modules.

    Parsing takes a quarter of a second, too long for a command's start-up, so the answer is
    remembered in the cache folder under a hash of the files' bytes (sorted, no paths): the
    files are read every time, and parsed only when their bytes are new.
    """

    texts: list[bytes] = []
    for name in modules:
        spec = find_spec(name)
        if spec is None or spec.origin is None:
            raise ModuleNotFoundError(name)
        files = [Path(spec.origin)]
        if spec.submodule_search_locations:
            files = sorted(file for folder in spec.submodule_search_locations for file in Path(folder).rglob("*.py"))
        texts += [file.read_bytes() for file in files]
    raw = hashlib.sha256(salt.encode())
    for text_digest in sorted(hashlib.sha256(text).hexdigest() for text in texts):
        raw.update(text_digest.encode())
    memo = _read_digest_memo()
    known = memo.get(raw.hexdigest())
    if isinstance(known, str):
        return known
    digest = _syntax_digest(texts, salt)
    memo[raw.hexdigest()] = digest
    _write_digest_memo(dict(list(memo.items())[-DIGEST_MEMO_SIZE:]))
    return digest


DIGEST_MEMO = "code-digests.json"
DIGEST_MEMO_SIZE = 64  # recent code versions remembered


def _syntax_digest(texts: Iterable[bytes], salt: str) -> str:

    statements: list[str] = []
    for text in texts:
        tree = ast.parse(text)
        _normalise(tree)
        statements += [ast.dump(node) for node in tree.body]
    digest = hashlib.sha256(salt.encode())
    for statement in sorted(statements):
        digest.update(statement.encode())
    return digest.hexdigest()


def _normalise(tree: object) -> None:
    """Drop docstrings and import statements from every body of a syntax tree, in place."""

    for node in ast.walk(tree):  # type: ignore[arg-type]
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            kept = [statement for statement in body if not isinstance(statement, ast.Import | ast.ImportFrom)]
            if (
                field == "body"
                and kept
                and isinstance(kept[0], ast.Expr)
                and isinstance(kept[0].value, ast.Constant)
                and isinstance(kept[0].value.value, str)
            ):
                kept = kept[1:]
            if len(kept) != len(body):
                setattr(
                    node, field, kept or ([ast.Pass()] if field == "body" and not isinstance(node, ast.Module) else [])
                )


def _read_digest_memo() -> dict[str, object]:
    try:
        memo = json.loads((cache_dir() / DIGEST_MEMO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return memo if isinstance(memo, dict) else {}


def _write_digest_memo(memo: dict[str, object]) -> None:
    """Best effort and atomic: without a writable cache folder the digests are parsed each time."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".code-digests.", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(memo, file)
        os.replace(temporary, folder / DIGEST_MEMO)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
    except BaseException:  # Ctrl-C while writing: leave no temporary file behind
        Path(temporary).unlink(missing_ok=True)
        raise


def table_path(kind: str, *parts: str) -> Path:
    """The cache file for a table: ``dealer-foxwoods-second-v1-<digest>.npz``."""
    return cache_dir() / ("-".join((kind, *parts, f"v{FORMAT_VERSION}", source_digest())) + SUFFIX)


def write_arrays(path: Path, arrays: Mapping[str, np.ndarray], meta: Mapping[str, object]) -> None:
    """Write arrays and their metadata atomically (temporary file, then rename)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    except OSError as error:
        raise CacheError(f"cannot write the table cache in {path.parent}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as file:
            payload: dict[str, Any] = {"_meta": np.array(json.dumps(meta, sort_keys=True)), **arrays}
            np.savez(file, **payload)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as error:
        raise CacheError(f"cannot write the table cache {path}: {error.strerror or error}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def read_arrays(path: Path, meta: Mapping[str, object], names: Iterable[str] | None = None) -> dict[str, np.ndarray]:
    """Read a cached file whose metadata must match ``meta`` (only the arrays ``names``, if given:
    each is read, and its checksum checked, on its own); raise StaleCache otherwise."""
    if not path.exists():
        raise StaleCache(f"{path.name} is not built yet")
    try:
        with np.load(path, allow_pickle=False) as stored:
            wanted = stored.files if names is None else ["_meta", *names]
            arrays = {name: stored[name] for name in wanted}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile):
        raise StaleCache(f"{path.name} is unreadable (truncated or garbled)") from None
    try:
        found = json.loads(str(arrays.pop("_meta")))
    except (KeyError, ValueError):
        raise StaleCache(f"{path.name} has no readable description") from None
    if any(found.get(key) != value for key, value in meta.items()):
        raise StaleCache(f"{path.name} describes another table")
    return arrays


@dataclass(frozen=True)
class CachedFile:
    path: Path
    size: int
    current: bool  # built by this version of the code
    damaged: bool = False  # truncated or garbled: the next run that needs it builds it anew

    @property
    def answer(self) -> bool:
        """A whole-game answer, a strategy table or an unfinished run's chunks (minutes each), not a
        table of settings (seconds)."""
        return self.path.name.startswith(ANSWER_KINDS)

    def of_house_way(self, name: str) -> bool:
        """Whether the file belongs to this house way (its name comes right after the kind)."""
        return self.path.name.split("-", 1)[-1].startswith(f"{name}-")


def cached_files() -> list[CachedFile]:
    """Every table file in the cache folder, current or left by another version."""
    folder = cache_dir()
    if not folder.is_dir():
        return []
    digest = source_digest()
    found = [
        CachedFile(
            path, path.stat().st_size, path.stem.endswith(f"v{FORMAT_VERSION}-{digest}"), damaged=not is_whole(path)
        )
        for path in sorted(folder.glob(f"*{SUFFIX}"))
    ]
    for path in sorted(folder.glob(f"*{PARTIAL}")):  # an interrupted whole-game run's finished chunks
        if path.is_dir():
            size = sum(part.stat().st_size for part in path.iterdir() if part.is_file())
            found.append(CachedFile(path, size, path.name.endswith(f"v{FORMAT_VERSION}-{digest}{PARTIAL}")))
    return found


def is_whole(path: Path) -> bool:
    """Whether a cached file reads back whole (every member's checksum), as a run would need it."""
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.testzip() is None
    except (OSError, zipfile.BadZipFile, EOFError, ValueError):
        return False


def remove_files(files: Iterable[CachedFile]) -> int:
    """Delete cached files; return how many went."""
    removed = 0
    for file in files:
        try:
            if file.path.is_dir():
                shutil.rmtree(file.path)
            else:
                file.path.unlink()
            removed += 1
        except FileNotFoundError:
            pass
        except OSError as error:
            raise CacheError(f"cannot remove {file.path}: {error.strerror or error}") from None
    return removed
