"""Old import paths, kept working: each module or name that moved, and where it lives now.

The engines moved into ``lessons_lib/games/<name>/`` (one house for four games). A notebook or an
agent file written before still imports ``lessons_lib.state`` or ``lessons_lib.hus.sowing``: this
module answers those imports with the module at its new place (the very same module object), so
nothing else changes for them.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

MOVED_MODULES: dict[str, str] = {
    "lessons_lib.shologuti": "lessons_lib.games.shologuti",
    "lessons_lib.board": "lessons_lib.games.shologuti.board",
    "lessons_lib.moves": "lessons_lib.games.shologuti.moves",
    "lessons_lib.state": "lessons_lib.games.shologuti.position",
    "lessons_lib.rules": "lessons_lib.games.shologuti.rules",
    "lessons_lib.zobrist": "lessons_lib.games.shologuti.zobrist",
    "lessons_lib.record": "lessons_lib.games.shologuti.record",
    "lessons_lib.viz.svg": "lessons_lib.games.shologuti.drawing",
    "lessons_lib.viz.board_graph": "lessons_lib.games.shologuti.graph",
    "lessons_lib.baghchal": "lessons_lib.games.baghchal",
    "lessons_lib.baghchal.board": "lessons_lib.games.baghchal.board",
    "lessons_lib.baghchal.evaluation": "lessons_lib.games.baghchal.evaluation",
    "lessons_lib.baghchal.graph": "lessons_lib.games.baghchal.graph",
    "lessons_lib.baghchal.movegen": "lessons_lib.games.baghchal.movegen",
    "lessons_lib.baghchal.moves": "lessons_lib.games.baghchal.moves",
    "lessons_lib.baghchal.position": "lessons_lib.games.baghchal.position",
    "lessons_lib.baghchal.svg": "lessons_lib.games.baghchal.drawing",
    "lessons_lib.baghchal.zobrist": "lessons_lib.games.baghchal.zobrist",
    "lessons_lib.hus": "lessons_lib.games.hus",
    "lessons_lib.hus.board": "lessons_lib.games.hus.board",
    "lessons_lib.hus.evaluation": "lessons_lib.games.hus.evaluation",
    "lessons_lib.hus.moves": "lessons_lib.games.hus.moves",
    "lessons_lib.hus.notation": "lessons_lib.games.hus.notation",
    "lessons_lib.hus.sowing": "lessons_lib.games.hus.movegen",
    "lessons_lib.hus.state": "lessons_lib.games.hus.position",
    "lessons_lib.hus.svg": "lessons_lib.games.hus.drawing",
    "lessons_lib.hus.zobrist": "lessons_lib.games.hus.zobrist",
    "lessons_lib.shobu": "lessons_lib.games.shobu",
    "lessons_lib.shobu.boards": "lessons_lib.games.shobu.board",
    "lessons_lib.shobu.evaluation": "lessons_lib.games.shobu.evaluation",
    "lessons_lib.shobu.generator": "lessons_lib.games.shobu.movegen",
    "lessons_lib.shobu.moves": "lessons_lib.games.shobu.moves",
    "lessons_lib.shobu.state": "lessons_lib.games.shobu.position",
    "lessons_lib.shobu.svg": "lessons_lib.games.shobu.drawing",
    "lessons_lib.shobu.zobrist": "lessons_lib.games.shobu.zobrist",
    # the exercise modules take their notebook's name
    "lessons_lib.exercises.rules_tree": "lessons_lib.exercises.rules_and_game_tree",
    "lessons_lib.exercises.search": "lessons_lib.exercises.minimax_alphabeta",
    "lessons_lib.exercises.opponents": "lessons_lib.exercises.mcts_expectimax",
    "lessons_lib.exercises.tournament": "lessons_lib.exercises.tournament_lab",
    # the sandbox has a package of its own, which the arena and the grader share
    "lessons_lib.arena.isolation": "lessons_lib.sandbox.isolation",
    "lessons_lib.arena.cgroups": "lessons_lib.sandbox.cgroups",
    "lessons_lib.arena.processes": "lessons_lib.sandbox.processes",
}
"""Old module name -> the module's name now."""

MOVED_NAMES: dict[str, dict[str, str]] = {
    "lessons_lib.agents.evaluation": {
        name: "lessons_lib.games.shologuti.evaluation"
        for name in ("material_mobility_evaluation", "material_mobility_terms", "material_evaluation",
                     "EvaluationTerms", "seed_evaluation", "seed_evaluation_terms")
    },
}
"""Module -> {a name that moved out of it -> the module that has it now}."""


class _MovedModuleFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers an import of an old module name with the module at its new place (imported there once)."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in MOVED_MODULES:
            return None
        return importlib.util.spec_from_loader(name, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(MOVED_MODULES[spec.name])
        for old, new in MOVED_MODULES.items():  # for ``from lessons_lib.hus import sowing``: a renamed module
            package, _, name = old.rpartition(".")
            if package == spec.name and not hasattr(module, name):
                setattr(module, name, importlib.import_module(new))
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module ran when it was imported under its new name."""


def install() -> None:
    """Answer imports of the old module names, before Python looks for files under them (once per process)."""
    if not any(isinstance(finder, _MovedModuleFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _MovedModuleFinder())


def moved_names(module: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` that finds the names moved out of ``module`` at their new place."""
    def find(name: str) -> Any:
        new_module = MOVED_NAMES.get(module, {}).get(name)
        if new_module is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return getattr(importlib.import_module(new_module), name)

    return find
