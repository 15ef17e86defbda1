"""Lesson 12's check of settle: its built cases show every slip on every seed, and no answer can read what the
check expects off the call stack."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from lessons_lib.exercises.solving_endgames import (
    BUILT_KINDS, WRONG_SETTLE, built_cases, check_settle, endgame_cases, expected_of, settle,
)

SEEDS = range(200)


@pytest.mark.parametrize("name", list(WRONG_SETTLE))
def test_every_slip_is_wrong_on_its_kind_of_case_with_every_seed(name: str) -> None:
    slip, _, kind = WRONG_SETTLE[name]
    for seed in SEEDS:
        shown_at = [case_kind for case_kind, children in built_cases(random.Random(seed))
                    if slip(children) != settle(children) and not (settle(children)[0] == 0 == slip(children)[0])]
        assert shown_at, f"{name} is right on every built case with seed {seed}"
        assert kind is None or kind in shown_at, f"{name} is right on every case of {kind} with seed {seed}"


def test_no_two_slips_give_the_same_answers_on_any_seed() -> None:
    """So the check tells a student which slip it is."""
    for seed in range(20):
        cases = built_cases(random.Random(seed))
        given = {name: [slip(children) for _, children in cases] for name, (slip, _, _) in WRONG_SETTLE.items()}
        assert len({repr(answers) for answers in given.values()}) == len(given), seed


def test_every_kind_is_built_on_every_seed() -> None:
    for seed in range(20):
        assert {kind for kind, _ in built_cases(random.Random(seed))} == set(BUILT_KINDS)


def test_the_table_positions_agree_with_the_rule() -> None:
    for seed in range(3):
        for case in endgame_cases(seed):
            assert expected_of(case) == settle(case[1]) or expected_of(case)[0] == settle(case[1])[0] == 0


def test_the_cases_hold_no_verdict() -> None:
    """What a case should give is worked out after the answer has been called on every case."""
    for kind, _, position in endgame_cases(1):
        assert position is None or len(position) == 4, kind


def test_an_answer_that_reads_the_call_stack_finds_nothing_to_copy() -> None:
    """Every frame above the answer's call holds no value equal to what the case should give, but the answers the
    answer itself gave before."""
    seen: list[Any] = []
    given: list[Any] = []

    def peeking(children: list[Any]) -> tuple[int, int | None]:
        expected = settle_by_hand(children)
        frame = sys._getframe(1)
        while frame is not None:
            seen.extend(value for value in frame.f_locals.values()
                        if type(value) is tuple and value == expected and value not in given)
            frame = frame.f_back
        given.append(expected)
        return expected

    assert check_settle(peeking, seed=3).passed
    assert seen == []


def settle_by_hand(children: list[Any]) -> tuple[int, int | None]:
    mine = [(value if same else -value, distance) for value, distance, same in children]
    wins = [distance for value, distance in mine if value == 1]
    if wins:
        return 1, 1 + min(wins)
    if any(value == 0 for value, _ in mine):
        return 0, None
    return -1, 1 + max((distance for _, distance in mine), default=-1)
