"""Reading an answer for the library's own version of an exercise: found however it is reached, and never where
the student's code only shares a name with it or uses what the lesson gives."""

from __future__ import annotations

import importlib
from typing import Any

import lessons_lib
import lessons_lib.agents.minimax as minimax_module
from lessons_lib.agents.minimax import MinimaxAgent
from lessons_lib.exercises.own_code import library_objects_used, library_searches, library_use
from lessons_lib.games.shologuti.board import COORDINATES, JUMPS
from lessons_lib.games.shologuti.position import Position
from catalogue.minimax_alphabeta import minimax  # a student's own: it calls itself by the library's name

SEARCHES = library_searches()


def helper(state: Any, depth: int, evaluate: Any) -> float:
    return float(MinimaxAgent(depth, evaluate).search(state).value or 0)


def through_a_helper(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    return helper(state, depth, evaluate)


def through_modules(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    return float(lessons_lib.agents.minimax.MinimaxAgent(depth, evaluate).search(state).value or 0)


def through_an_alias(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    return float(minimax_module.MinimaxAgent(depth, evaluate).search(state).value or 0)


def made_by_a_factory() -> Any:
    agent_class = MinimaxAgent

    def search(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
        return float(agent_class(depth, evaluate).search(state).value or 0)
    return search


def by_its_name_only(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    module = importlib.import_module("lessons_lib.agents." + "minimax")
    return float(getattr(module, "Minimax" + "Agent")(depth, evaluate).search(state).value or 0)


class Searcher:
    @staticmethod
    def value(state: Any, depth: int, evaluate: Any) -> float:
        return float(MinimaxAgent(depth, evaluate).search(state).value or 0)


def in_a_class(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    return Searcher.value(state, depth, evaluate)


def test_the_students_own_code_is_its_own_even_under_the_librarys_names() -> None:
    assert library_use(minimax, SEARCHES) is None
    assert library_use(lambda G, point: COORDINATES[point], {"JUMPS": JUMPS}) is None


def test_the_library_is_found_however_the_code_names_it() -> None:
    for answer in (through_a_helper, through_modules, through_an_alias, made_by_a_factory(), in_a_class):
        assert library_use(answer, SEARCHES) == "MinimaxAgent", answer
    assert library_use(lambda G, point: JUMPS[point], {"JUMPS": JUMPS}) == "JUMPS"


def test_a_call_that_no_name_shows_is_seen_running() -> None:
    state = Position.start()

    def evaluate(position: Any, player: int) -> float:
        return 0.0

    assert library_use(by_its_name_only, SEARCHES) is None  # no name shows it...
    assert library_use(by_its_name_only, SEARCHES,
                       trial=lambda: by_its_name_only(state, 1, 0, evaluate)) == "MinimaxAgent"  # ...running does
    assert library_use(minimax, SEARCHES, trial=lambda: minimax(state, 1, 0, evaluate)) is None


def test_what_a_function_uses_is_named_as_the_sandbox_sends_it() -> None:
    assert "lessons_lib.agents.minimax.MinimaxAgent" in library_objects_used(through_a_helper)
    assert "lessons_lib.games.shologuti.board.JUMPS" in library_objects_used(lambda G, point: JUMPS[point])
    assert not any("MinimaxAgent" in name for name in library_objects_used(minimax))
