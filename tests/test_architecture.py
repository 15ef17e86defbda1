"""The package's house, read from its own imports (every ``import``, lazy ones inside functions too).

- no circle: no module reaches itself through the modules it imports;
- no arrow up: the package's rooms stand on floors (:data:`FLOORS`, from the engine kit at the bottom to the
  command line at the top), and a module imports only from its own floor or those below;
- the engines know nothing of agents: ``games/`` imports only the engine kit (``kit/``: ``game``, ``errors``,
  ``perft``) and ``games`` itself;
- no module outside ``games/`` imports a game by name: the rest of the package sees the game interface and the
  registry (``lessons_lib.games``, ``games.common``) only. The one exception is the course itself,
  ``exercises/``: the lessons teach on Shologuti, so their checks build Shologuti positions (:data:`COURSE`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

from locations import ROOT

PACKAGE = ROOT / "lessons_lib"
ENGINE_KIT = {"lessons_lib.kit", "lessons_lib.kit.game", "lessons_lib.kit.errors", "lessons_lib.kit.perft", "lessons_lib.kit.chance",
              "lessons_lib.kit.retrograde", "lessons_lib.kit.retrograde_arrays"}
FLOORS = (
    ("kit",),
    ("tooling",),
    ("games",),
    ("agents",),
    ("sandbox",),
    ("arena",),
    ("experiments", "learning"),
    ("viz",),
    ("widgets",),
    ("exercises",),
    ("grading",),
    ("cli", "__main__", ""),
)
"""The rooms of ``lessons_lib`` from the bottom up; a module imports from its own floor or below. Every
``__main__`` module (``python -m``) and the package's own ``__init__`` stand with the command line."""
COURSE = "lessons_lib.exercises"
GAME_FOLDERS = sorted(path.parent.name for path in (PACKAGE / "games").glob("*/__init__.py") if path.parent.name != "common")
"""Every game's package, registered in the games' registry or not."""


def room(name: str) -> str:
    """The room a module is in: ``lessons_lib.games.hus.board`` is in ``games``; a ``__main__`` is a command."""
    if name.endswith(".__main__"):
        return "__main__"
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def floor(name: str) -> int:
    return next(number for number, rooms in enumerate(FLOORS) if room(name) in rooms)


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
        elif isinstance(node, ast.Call) and _is_import_call(node):
            wanted |= _imported_by_name(node.args[0])
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


def _is_import_call(node: ast.Call) -> bool:
    """``importlib.import_module(...)``, ``import_module(...)`` or ``__import__(...)`` with an argument."""
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
    return name in ("import_module", "__import__") and bool(node.args)


def _imported_by_name(argument: ast.expr) -> set[str]:
    """The modules an import by name may reach: the name itself, or for ``f"lessons_lib.games.{name}"`` every
    module whose name starts with the f-string's fixed part (every game)."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return {argument.value}
    if isinstance(argument, ast.JoinedStr) and argument.values and isinstance(argument.values[0], ast.Constant):
        prefix = str(argument.values[0].value)
        return {name for name in modules() if name.startswith(prefix)} if prefix.startswith("lessons_lib") else set()
    return set()


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


def test_every_room_stands_on_a_floor() -> None:
    assert {room(name) for name in import_graph()} <= {room for rooms in FLOORS for room in rooms}


def upward_imports(graph: nx.DiGraph) -> list[str]:
    """The imports that run up a floor, as ``importer -> imported``."""
    return sorted(f"{name} -> {target}" for name, target in graph.edges() if floor(target) > floor(name))


def games_named_outside_the_games(graph: nx.DiGraph) -> list[str]:
    """The imports of a game by name from outside ``games/`` (and outside the course), as ``importer -> game``."""
    games = tuple(f"lessons_lib.games.{name}" for name in GAME_FOLDERS)
    return sorted(f"{name} -> {target}" for name, target in graph.edges()
                  if target.startswith(games) and not name.startswith(("lessons_lib.games", COURSE)))


def test_no_import_runs_up_a_floor() -> None:
    assert upward_imports(import_graph()) == []


def test_no_module_outside_the_games_imports_a_game_by_name() -> None:
    assert games_named_outside_the_games(import_graph()) == []


def test_the_house_rules_see_what_they_forbid() -> None:
    """The rules on a drawn graph: an engine reaching the agents, and the arena naming Hus, are both caught."""
    drawn = nx.DiGraph([("lessons_lib.games.hus.position", "lessons_lib.agents.mcts"),
                        ("lessons_lib.arena.games", "lessons_lib.games.hus.board"),
                        ("lessons_lib.exercises.mcts", "lessons_lib.games.shologuti.position"),
                        ("lessons_lib.learning.__main__", "lessons_lib.cli.options")])
    assert upward_imports(drawn) == ["lessons_lib.games.hus.position -> lessons_lib.agents.mcts"]
    assert games_named_outside_the_games(drawn) == ["lessons_lib.arena.games -> lessons_lib.games.hus.board"]


def test_the_graph_sees_lazy_and_relative_imports() -> None:
    """The reading itself: an import inside a function counts, and the registry is seen from the arena."""
    graph = import_graph()
    assert graph.has_edge("lessons_lib.arena.tournament", "lessons_lib.agents.presets")
    assert graph.has_edge("lessons_lib.cli.main", "lessons_lib.cli.arena")  # imported inside a function
    assert "lessons_lib.games.shologuti.position" in graph


def test_a_relative_import_and_an_import_by_name_are_seen(tmp_path: Path) -> None:
    source = tmp_path / "drawn.py"
    source.write_text("import importlib\nfrom ..hus import board\n\n\ndef load(name):\n"
                      "    return importlib.import_module(f'lessons_lib.games.{name}')\n")
    found = imports_of("lessons_lib.games.common.drawn", source, modules())
    assert "lessons_lib.games.hus.board" in found and "lessons_lib.games.shobu.position" in found
