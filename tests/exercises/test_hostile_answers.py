"""Every check against hostile answers (tests/catalogue/hostile.py), in this process as in a lesson's kernel: a
function that returns or raises anything, and anything given where a function or a value is asked for. Each gets a
"not yet" whose message is one line that says what is wrong; nothing raises, and nothing walks a shared structure
as a tree (2**40 leaves: such a test would never end)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from catalogue.hostile import FAILURES, VALUES, raising, returning
from lessons_lib.exercises import (
    alphazero_in_miniature, alphazero_in_miniature_loop, board_graph, evaluation, faster_search, learning_an_evaluation, mcts, mcts_expectimax,
    minimax_alphabeta, other_games, rules_and_game_tree, solving_endgames, strength, tournament_lab,
)
from lessons_lib.exercises.feedback import Feedback

MODULES = [board_graph, rules_and_game_tree, minimax_alphabeta, evaluation, faster_search, mcts, mcts_expectimax,
           strength, tournament_lab, other_games, learning_an_evaluation, alphazero_in_miniature,
           alphazero_in_miniature_loop, solving_endgames]
CHECKS = {function.__name__: function for module in MODULES for name, function in inspect.getmembers(module, inspect.isfunction)
          if name.startswith("check_") and function.__module__ == module.__name__}
"""Every check, by its name (an old name kept for a check is left out)."""
VALUE_CHECKS = {"check_cut_points", "check_tree_value", "check_pruned_leaves", "check_best_game_for_mcts"}
"""Checks of a value worked out by hand (the others take a function, and check_agent_file a file)."""
FUNCTION_CHECKS = sorted(set(CHECKS) - VALUE_CHECKS - {"check_agent_file"})
LONGEST_MESSAGE = 2000


def test_every_check_is_tried() -> None:
    assert len(CHECKS) == 37
    assert VALUE_CHECKS < set(CHECKS)


def verdict(check: Callable[..., Any], *answer: Any) -> Feedback:
    """The check's verdict on ``answer``, with a seed if it draws its cases."""
    if "seed" in inspect.signature(check).parameters:
        return check(*answer, seed=1)  # type: ignore[no-any-return]
    return check(*answer)  # type: ignore[no-any-return]


def assert_a_good_not_yet(feedback: object) -> None:
    """A "not yet" with a one-line message of a sensible length, and a share of the cases right if any."""
    assert isinstance(feedback, Feedback)
    assert feedback.passed is False
    assert isinstance(feedback.message, str) and feedback.message.strip()
    assert "\n" not in feedback.message and len(feedback.message) < LONGEST_MESSAGE, feedback.message
    assert feedback.score is None or 0 <= feedback.score < 1


@pytest.mark.parametrize("value", VALUES, ids=list(VALUES))
@pytest.mark.parametrize("name", FUNCTION_CHECKS)
def test_a_function_that_returns_a_hostile_value(name: str, value: str) -> None:
    feedback = verdict(CHECKS[name], returning(VALUES[value]()))
    assert_a_good_not_yet(feedback)
    assert "cannot be shown" not in feedback.message or value.startswith("an object")


@pytest.mark.parametrize("failure", FAILURES, ids=list(FAILURES))
@pytest.mark.parametrize("name", FUNCTION_CHECKS)
def test_a_function_that_raises_anything(name: str, failure: str) -> None:
    error = FAILURES[failure]()
    feedback = verdict(CHECKS[name], raising(error))
    assert_a_good_not_yet(feedback)
    assert type(error).__name__ in feedback.message or "write it yourself" in feedback.message


@pytest.mark.parametrize("name", FUNCTION_CHECKS)
def test_a_keyboard_interrupt_still_stops_the_kernel(name: str) -> None:
    with pytest.raises(KeyboardInterrupt):
        verdict(CHECKS[name], raising(KeyboardInterrupt()))


@pytest.mark.parametrize("value", VALUES, ids=list(VALUES))
@pytest.mark.parametrize("name", FUNCTION_CHECKS)
def test_a_hostile_value_where_a_function_is_asked_for(name: str, value: str) -> None:
    given = VALUES[value]()
    feedback = verdict(CHECKS[name], given)
    assert_a_good_not_yet(feedback)
    if not callable(given):
        assert "is not a function" in feedback.message
        assert feedback.score == 0


@pytest.mark.parametrize("value", VALUES, ids=list(VALUES))
@pytest.mark.parametrize("name", sorted(VALUE_CHECKS - {"check_tree_value"}))
def test_a_hostile_value_as_the_answer(name: str, value: str) -> None:
    assert_a_good_not_yet(verdict(CHECKS[name], VALUES[value]()))


@pytest.mark.parametrize("value", VALUES, ids=list(VALUES))
def test_a_hostile_value_or_move_of_the_hand_worked_tree(value: str) -> None:
    feedback = verdict(CHECKS["check_tree_value"], VALUES[value](), "a")
    if value == "a numpy integer":  # 7, the right value, as numpy gives it
        assert feedback.passed
    else:
        assert_a_good_not_yet(feedback)
    assert_a_good_not_yet(verdict(CHECKS["check_tree_value"], 7, VALUES[value]()))


@pytest.mark.parametrize("value", ["None", "a whole number of 401 digits", "[level, level] forty times",
                                   "an object whose every method raises", "a million bytes"])
def test_an_agent_file_that_is_not_a_path(value: str) -> None:
    feedback = tournament_lab.check_agent_file(VALUES[value]())
    assert_a_good_not_yet(feedback)
    assert "give the path of your agent's file" in feedback.message


@pytest.mark.parametrize("path", ["", ".", "a\0b", "x" * 5000, "/proc/self/mem", "/dev/null"])
def test_an_agent_file_at_an_odd_path(path: str) -> None:
    feedback = tournament_lab.check_agent_file(path)
    assert_a_good_not_yet(feedback)


def test_an_agent_file_that_is_a_folder(tmp_path: Path) -> None:
    assert "is a folder" in tournament_lab.check_agent_file(tmp_path).message
