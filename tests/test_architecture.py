"""The package's house, read from its own imports (every ``import``, lazy ones inside functions too).

- no circle: no module reaches itself through the modules it imports;
- the engines know nothing of agents: ``games/`` imports only the engine kit (``game``, ``errors``,
  ``game_record``, ``perft``) and ``games`` itself;
- the generic packages (agents, arena, sandbox, learning, viz, widgets) never import a game by name: they see
  the game interface and the registry (``lessons_lib.games``, ``games.common``) only.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

from locations import ROOT
from lessons_lib.games import GAMES

PACKAGE = ROOT / "lessons_lib"
ENGINE_KIT = {"lessons_lib.game", "lessons_lib.errors", "lessons_lib.game_record", "lessons_lib.perft"}
GENERIC = ("agents", "arena", "sandbox", "learning", "viz", "widgets")


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``'s)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that the module ``name`` imports, anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    wanted: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            wanted |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            module = node.module or "" if not node.level else ".".join(part for part in (base, node.module) if part)
            wanted |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    found = set()
    for target in wanted:
        while target and target not in known:  # a name inside a module: the module
            target = target.rpartition(".")[0]
        if target.startswith("lessons_lib") and target not in (name, "lessons_lib"):
            found.add(target)
    return found


def import_graph() -> nx.DiGraph:
    known = modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for name, path in known.items():
        graph.add_edges_from((name, target) for target in imports_of(name, path, known))
    return graph


def test_the_package_has_no_import_circle() -> None:
    circles = [sorted(group) for group in nx.strongly_connected_components(import_graph()) if len(group) > 1]
    assert circles == []


def test_the_engines_import_nothing_but_the_engine_kit_and_the_games() -> None:
    graph = import_graph()
    for name in graph:
        if name.startswith("lessons_lib.games"):
            above = {target for target in graph.successors(name)
                     if target not in ENGINE_KIT and not target.startswith("lessons_lib.games")}
            assert not above, f"{name} imports {sorted(above)}"


def test_no_generic_module_imports_a_game_by_name() -> None:
    graph = import_graph()
    games = tuple(f"lessons_lib.games.{name}" for name in GAMES)
    for name in graph:
        if name.startswith(tuple(f"lessons_lib.{package}" for package in GENERIC)):
            named = sorted(target for target in graph.successors(name) if target.startswith(games))
            assert not named, f"{name} imports {named}"


def test_the_graph_sees_lazy_and_relative_imports() -> None:
    """The reading itself: an import inside a function counts, and the registry is seen from the arena."""
    graph = import_graph()
    assert graph.has_edge("lessons_lib.arena.tournament", "lessons_lib.agents.presets")
    assert graph.has_edge("lessons_lib.cli", "lessons_lib.arena.commands")  # imported inside a function
    assert "lessons_lib.games.shologuti.position" in graph
