"""House ways from outside the package: a Python file, or an installed package's entry point.

A plugin is one ``HouseWay`` subclass (see ``house_ways.api``) with a ``name``, a
``casino`` and a ``source``. Bring one as ``--house-way PATH/TO/FILE.py``, or
install a package that names it in the entry point group ``paigow.house_ways``
(``name = "module:Class"``). A loaded plugin carries where it came from
(``origin``) and a digest of its source, which goes into its dealer table's cache
key, so editing the file rebuilds the table.

An exception inside a plugin's clause becomes a ``PluginError`` naming the
plugin, the clause and the hand (one ``Error:`` line, exit 1, at the command line).

>>> resolve("foxwoods")
'foxwoods'
>>> resolve("caesars")
Traceback (most recent call last):
...
paigow_cli.core.errors.OptionError: house way: unknown house way 'caesars': choose foxwoods, trump-plaza, claridge, ballys, flamingo, golden-nugget or santa-ana-star, an installed plugin (none installed), or a plugin file PATH.py (see paigow house-ways)
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from paigow_cli.core.cards import Card, cards_text, sort_cards
from paigow_cli.core.errors import OptionError, PluginError
from paigow_cli.house_ways.analysis import Decision, Seven
from paigow_cli.house_ways.base import HouseWay

ENTRY_POINT_GROUP = "paigow.house_ways"
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
LOADED: dict[str, HouseWay] = {}  # plugins loaded in this process, by name


def shipped() -> dict[str, HouseWay]:
    from paigow_cli.house_ways import HOUSE_WAYS

    return HOUSE_WAYS


def looks_like_path(text: str) -> bool:
    return text.endswith(".py") or "/" in text or "\\" in text


def resolve(text: str) -> str:
    """The name of the house way ``text`` names (a shipped name, an installed plugin's name, or a
    path to a plugin file), loading the plugin first."""
    text = str(getattr(text, "value", text))
    if text in shipped() or text in LOADED:
        return text
    if looks_like_path(text) or Path(text).is_file():
        way = load_file(Path(text))
        return register(way)
    entry = installed_entry(text)
    if entry is not None:
        return register(load_entry_point(entry))
    installed = [entry.name for entry in entry_points()]
    choices = list(shipped())
    names = ", ".join(choices[:-1]) + f" or {choices[-1]}"
    plugins = ", ".join(installed) if installed else "none installed"
    raise OptionError(
        f"{{option}}: unknown house way '{text}': choose {names}, an installed plugin ({plugins}), "
        "or a plugin file PATH.py (see paigow house-ways)",
        about="house_way",
    )


def register(way: HouseWay) -> str:
    """Make a loaded plugin findable by its name; a name of ours or another plugin's is refused."""
    if way.name in shipped():
        raise PluginError(
            f"the house way plugin {way.origin} is named '{way.name}', the name of a shipped house way: rename it"
        )
    other = LOADED.get(way.name)
    if other is not None and other.origin != way.origin:
        raise PluginError(f"two house way plugins are named '{way.name}': {other.origin} and {way.origin}")
    LOADED[way.name] = way
    return way.name


def find(name: str) -> HouseWay | None:
    """A loaded plugin by name (loading an installed one on first use)."""
    way = LOADED.get(name)
    if way is None and not looks_like_path(name):
        entry = installed_entry(name)
        if entry is not None:
            register(load_entry_point(entry))
            return LOADED[name]
    return way


def installed_entry(name: str):
    """The installed entry point of that name; two packages claiming one name are refused, not
    one of them picked at random."""
    found = [entry for entry in entry_points() if entry.name == name]
    if len(found) > 1:
        packages = " and ".join(where_from(entry) for entry in found)
        raise PluginError(f"two installed house way plugins are named '{name}': {packages}; uninstall one")
    return found[0] if found else None


def where_from(entry) -> str:
    """The package an entry point comes from, for messages."""
    return (
        f"package {entry.dist.name} {entry.dist.version}"
        if getattr(entry, "dist", None)
        else f"entry point {entry.value}"
    )


def entry_points() -> list:
    from importlib.metadata import entry_points as found

    return sorted(found(group=ENTRY_POINT_GROUP), key=lambda entry: entry.name)


def load_file(path: Path) -> HouseWay:
    """The one HouseWay subclass a Python file defines."""
    if path.is_dir():
        raise OptionError(
            f"{{option}} {path}: that is a folder; a plugin is a .py file defining one HouseWay subclass",
            about="house_way",
        )
    if not path.is_file():
        raise OptionError(
            f"{{option}} {path}: no such file (a plugin is a .py file defining one HouseWay subclass)",
            about="house_way",
        )
    source = path.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:12]
    module_name = f"paigow_house_way_{re.sub(r'[^0-9a-zA-Z_]', '_', path.stem)}_{digest}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"cannot load the house way plugin {path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # the plugin's own code failed: say where
        raise PluginError(f"cannot load the house way plugin {path}: {describe(error)}") from error
    classes = [
        value
        for value in vars(module).values()
        if inspect.isclass(value) and issubclass(value, HouseWay) and value.__module__ == module_name
    ]
    if len(classes) != 1:
        found = ", ".join(cls.__name__ for cls in classes) or "none"
        raise PluginError(f"the house way plugin {path} must define exactly one HouseWay subclass (found: {found})")
    return instantiate(classes[0], f"file {path.resolve()}", digest)


def load_entry_point(entry) -> HouseWay:
    """The house way an installed package names in the ``paigow.house_ways`` group."""
    where = where_from(entry)
    try:
        loaded = entry.load()
    except Exception as error:
        raise PluginError(f"cannot load the house way plugin '{entry.name}' ({where}): {describe(error)}") from error
    cls = type(loaded) if isinstance(loaded, HouseWay) else loaded
    if not (inspect.isclass(cls) and issubclass(cls, HouseWay)):
        raise PluginError(f"the house way plugin '{entry.name}' ({where}) is not a HouseWay subclass")
    try:
        source = Path(inspect.getsourcefile(cls) or "").read_bytes()
    except (OSError, TypeError):
        source = entry.value.encode()
    digest = hashlib.sha256(source + where.encode()).hexdigest()[:12]
    way = instantiate(cls, where, digest)
    if way.name != entry.name:
        raise PluginError(
            f"the house way plugin '{entry.name}' ({where}) calls itself '{way.name}': the names must agree"
        )
    return way


def instantiate(cls: type[HouseWay], origin: str, digest: str) -> HouseWay:
    """An instance of a plugin class, its name, casino and source checked, marked with its origin."""
    try:
        way = cls()
    except Exception as error:
        raise PluginError(f"cannot create the house way plugin {cls.__name__} ({origin}): {describe(error)}") from error
    for field in ("name", "casino", "source"):
        value = getattr(way, field, "")
        if not isinstance(value, str) or not value.strip():
            raise PluginError(f"the house way plugin {cls.__name__} ({origin}) needs a {field} (a non-empty string)")
    if not NAME_PATTERN.match(way.name):
        raise PluginError(
            f"the house way plugin {cls.__name__} ({origin}) is named {way.name!r}: use lower case letters, digits and hyphens, "
            "e.g. gold-star"
        )
    missing = [
        clause
        for clause in ("two_pair", "four_of_a_kind", "straight_or_flush")
        if getattr(cls, clause) is getattr(HouseWay, clause)
    ]
    if missing:
        raise PluginError(f"the house way plugin {cls.__name__} ({origin}) must define {', '.join(missing)}")
    way.plugin = True
    way.origin = origin
    way.digest = digest
    return way


def describe(error: BaseException) -> str:
    """``ZeroDivisionError: division by zero (gold_star.py, line 12)``: the error and where it was raised."""
    text = f"{type(error).__name__}: {error}"
    frames = inspect.getinnerframes(error.__traceback__) if error.__traceback__ else []
    if isinstance(error, SyntaxError) and error.filename:
        return f"{text} ({Path(error.filename).name}, line {error.lineno})"
    if frames:
        return f"{text} ({Path(frames[-1].filename).name}, line {frames[-1].lineno})"
    return text


def clause_of(way: HouseWay, error: BaseException) -> str:
    """The innermost method of the house way that was running when ``error`` was raised."""
    clause = "decide"
    traceback = error.__traceback__
    while traceback is not None:
        frame = traceback.tb_frame
        if frame.f_locals.get("self") is way:
            clause = frame.f_code.co_name
        traceback = traceback.tb_next
    return clause


def guarded_decide(way: HouseWay, cards: Sequence[Card], wheel_low: bool) -> Decision:
    """A plugin's decision, with any exception inside it reported as a PluginError."""
    try:
        decision = way.decide(Seven(cards, wheel_low))
    except Exception as error:
        raise PluginError(
            f"the house way plugin '{way.name}' failed in its clause {clause_of(way, error)} on {cards_text(sort_cards(cards))}: "
            f"{describe(error)}"
        ) from error
    if (
        not isinstance(decision, Decision)
        or len(decision.front) != 2
        or not set(decision.front) <= set(cards)
        or decision.front[0] == decision.front[1]
    ):
        raise PluginError(
            f"the house way plugin '{way.name}' returned {decision!r} for {cards_text(sort_cards(cards))}: "
            "a Decision with two cards of the hand is needed"
        )
    return decision
