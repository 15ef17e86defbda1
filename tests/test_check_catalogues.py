"""Every check of every lesson against its catalogue: each wrong answer fails with a hint that names the mistake,
each right answer passes."""

from __future__ import annotations

import inspect

import pytest

import lessons_lib.exercises as exercises
from catalogue import Answer
from catalogue import board_rules, evaluation, faster_search, mcts, other_games, search, strength

CATALOGUE: list[Answer] = [*board_rules.ANSWERS, *search.ANSWERS, *evaluation.ANSWERS, *faster_search.ANSWERS, *mcts.ANSWERS,
                           *strength.ANSWERS, *other_games.ANSWERS]


@pytest.mark.parametrize("entry", CATALOGUE, ids=[entry.id for entry in CATALOGUE])
def test_each_answer_gets_the_verdict_and_hint_it_deserves(entry: Answer) -> None:
    feedback = entry.check(*entry.answer)
    if entry.hint is None:
        assert feedback.passed, feedback.message
    else:
        assert not feedback.passed, f"a wrong answer passed: {feedback.message}"
        assert entry.hint in feedback.message
