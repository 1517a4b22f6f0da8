"""The layering of design.md, checked from the code's own imports.

Layers, lowest first: ``core`` (the game in pure Python), ``house_ways`` (casino procedures and
the plugin contract), ``engine`` (classes, tables, cache, kernels, the distribution), ``analysis``
(advice, side bets, the whole game, the house-way checker), ``study`` (dealing, simulation, drill,
table game) and ``cli`` (the only package that knows Typer and Rich). A module imports only from
its own layer or the ones below, at the top of the module or inside a function alike.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "paigow_cli"
LAYERS = ("core", "house_ways", "engine", "analysis", "study", "cli")
MODULES = sorted(path for path in PACKAGE.rglob("*.py") if path.parent != PACKAGE)


def layer_of(module: str) -> str | None:
    """The layer of a dotted module name inside the package, or None outside it."""
    parts = module.split(".")
    return parts[1] if parts[0] == "paigow_cli" and len(parts) > 1 and parts[1] in LAYERS else None


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (absolute names), with its line: top level, in functions, and
    under ``TYPE_CHECKING`` too (a type from above is still an arrow pointing up)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def module_layer(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0]


def test_every_module_is_in_a_layer():
    assert {module_layer(path) for path in MODULES} <= set(LAYERS)
    assert [path.name for path in PACKAGE.glob("*.py")] and {path.name for path in PACKAGE.glob("*.py")} <= {
        "__init__.py",
        "__main__.py",
    }


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_imports_from_a_layer_above_it(path):
    own = LAYERS.index(module_layer(path))
    upward = [
        f"line {line}: {name}"
        for line, name in imported_modules(path)
        if layer_of(name) is not None and LAYERS.index(layer_of(name)) > own  # type: ignore[arg-type]
    ]
    assert not upward, f"{path.relative_to(PACKAGE)} imports from above its layer: {upward}"


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_only_the_cli_knows_typer_and_rich(path):
    if module_layer(path) == "cli":
        return
    frameworks = [name for _, name in imported_modules(path) if name.split(".")[0] in ("typer", "rich", "click")]
    assert not frameworks, f"{path.relative_to(PACKAGE)} imports {frameworks}"


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if module_layer(p) in ("core", "house_ways")],
    ids=lambda path: str(path.relative_to(PACKAGE)),
)
def test_the_start_up_layers_never_import_numpy_or_numba(path):
    heavy = [name for _, name in imported_modules(path) if name.split(".")[0] in ("numpy", "numba")]
    assert not heavy, f"{path.relative_to(PACKAGE)} imports {heavy}"


def test_the_layer_check_sees_an_upward_import(tmp_path):
    """The check itself: an engine module importing the cli is found."""
    module = tmp_path / "bad.py"
    module.write_text("def f():\n    from paigow_cli.cli.output import show\n")
    assert [layer_of(name) for _, name in imported_modules(module)] == ["cli", "cli"]
