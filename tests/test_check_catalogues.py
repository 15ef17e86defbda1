"""Every check of every lesson against its catalogue: each wrong answer fails with a hint that names the mistake,
each right answer passes."""

from __future__ import annotations

import inspect

import pytest

from lessons_lib.exercises import (
    board_graph, evaluation as evaluation_checks, faster_search as faster_search_checks, mcts as mcts_checks,
    other_games as other_games_checks, rules_tree, search as search_checks, strength as strength_checks,
    tournament as tournament_checks,
)
from catalogue import Answer, board_rules, evaluation, faster_search, mcts, other_games, search, strength, tournament

CHECK_MODULES = [board_graph, rules_tree, search_checks, evaluation_checks, faster_search_checks, mcts_checks,
                 strength_checks, tournament_checks, other_games_checks]

CATALOGUE: list[Answer] = [*board_rules.ANSWERS, *search.ANSWERS, *evaluation.ANSWERS, *faster_search.ANSWERS,
                           *mcts.ANSWERS, *strength.ANSWERS, *tournament.ANSWERS, *other_games.ANSWERS]


@pytest.mark.parametrize("entry", CATALOGUE, ids=[entry.id for entry in CATALOGUE])
def test_each_answer_gets_the_verdict_and_hint_it_deserves(entry: Answer) -> None:
    feedback = entry.check(*entry.answer)
    if entry.hint is None:
        assert feedback.passed, feedback.message
    else:
        assert not feedback.passed, f"a wrong answer passed: {feedback.message}"
        assert entry.hint in feedback.message


def test_every_check_has_a_catalogue_with_right_and_wrong_answers() -> None:
    checks = {function for module in CHECK_MODULES for name, function in inspect.getmembers(module, inspect.isfunction)
              if name.startswith("check_") and function.__module__ == module.__name__}
    for check in checks:
        verdicts = {entry.hint is None for entry in CATALOGUE if entry.check is check}
        assert verdicts == {True, False}, f"{check.__name__} needs right and wrong answers in its catalogue"
