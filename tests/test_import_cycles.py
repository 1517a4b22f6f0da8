"""No import circle anywhere in the package: the module graph, built from every ``import`` in the
source (at the top of a module and inside functions alike; those under ``TYPE_CHECKING`` aside,
since they never run), has no cycle. And the rooms of ``analysis`` keep their order:
``money -> strategy -> game``, with ``hand`` standing apart (design.md, "Layers")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "paigow_cli"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(source: str) -> list[tuple[int, str]]:
    """Every package module an import statement in ``source`` loads when it runs, with its line:
    ``from a.b import c`` is ``a.b.c`` when that is a module, else ``a.b``."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.append((node.lineno, name if name in MODULES else node.module))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return [(line, name) for line, name in found if name in MODULES]


def graph() -> dict[str, set[str]]:
    return {
        name: {target for _, target in runtime_imports(path.read_text(encoding="utf-8")) if target != name}
        for name, path in MODULES.items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def test_no_import_circle_in_the_package():
    found = cycles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(component) for component in found)


def test_the_cycle_check_finds_a_circle_through_a_function_level_import():
    """The check itself: a circle closed by an import inside a function is found, one under
    ``TYPE_CHECKING`` is not an edge."""
    source = "def f():\n    from paigow_cli.analysis.game.store import result_path\n"
    assert runtime_imports(source) == [(2, "paigow_cli.analysis.game.store")]
    guarded = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from paigow_cli.analysis.game import store\n"
    assert runtime_imports(guarded) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


ROOMS = ("game", "strategy", "money")  # lowest first; ``hand`` apart
ANALYSIS = {name: path for name, path in MODULES.items() if name.startswith("paigow_cli.analysis.")}


def room_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["paigow_cli", "analysis"] else None


def test_every_analysis_module_is_in_a_room():
    assert {room_of(name) for name in ANALYSIS} <= {*ROOMS, "hand"}


@pytest.mark.parametrize("name", sorted(ANALYSIS), ids=lambda name: name.removeprefix("paigow_cli.analysis."))
def test_an_analysis_room_imports_only_the_rooms_below_it(name):
    """Type-only imports count too: a type from a room above is still an arrow pointing up."""
    own = room_of(name)
    tree = ast.parse(ANALYSIS[name].read_text(encoding="utf-8"))
    imported = [
        (node.lineno, node.module)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    ] + [(node.lineno, alias.name) for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    wrong = []
    for line, target in imported:
        room = room_of(target)
        if room is None or room == own:
            continue
        if own == "hand" or room == "hand" or ROOMS.index(room) > ROOMS.index(own):
            wrong.append(f"line {line}: {target}")
    assert not wrong, f"{name} imports from a room it may not: {wrong}"
