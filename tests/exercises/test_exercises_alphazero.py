"""Lesson 11's checks against their catalogue (tests/catalogue/alphazero_in_miniature.py): each wrong answer fails
with the hint that names its mistake, with every seed; each right answer passes."""

from __future__ import annotations

import inspect

import pytest

from catalogue import Answer
from catalogue.alphazero_in_miniature import ANSWERS

SEEDS = (1, 2, 3, 4, 5)


@pytest.mark.parametrize("entry", ANSWERS, ids=[entry.id for entry in ANSWERS])
def test_each_answer_gets_the_verdict_and_hint_it_deserves(entry: Answer) -> None:
    seeds = SEEDS if "seed" in inspect.signature(entry.check).parameters else (None,)
    for seed in seeds:
        feedback = entry.check(*entry.answer) if seed is None else entry.check(*entry.answer, seed=seed)
        if entry.hint is None:
            assert feedback.passed, feedback.message
        else:
            assert not feedback.passed, f"a wrong answer passed: {feedback.message}"
            assert entry.hint in feedback.message, feedback.message


def test_each_entry_has_its_own_name() -> None:
    assert len({entry.id for entry in ANSWERS}) == len(ANSWERS)
