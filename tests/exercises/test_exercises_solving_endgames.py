"""Lesson 12's checks: settle's built cases show every slip on every seed, and no answer can read what the check
expects off the call stack; the value under the clock's built cases show every slip too, and its rule is solved's."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from lessons_lib.exercises.solving_endgames import (
    BUILT_KINDS, CLOCK_KINDS, WRONG_CLOCK, WRONG_SETTLE, built_cases, check_clock_value, check_settle, clock_cases,
    clock_expected, clock_value, endgame_cases, expected_of, settle,
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


# -- the value under the clock --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(WRONG_CLOCK))
def test_every_clock_slip_is_wrong_on_its_kind_of_case_with_every_seed(name: str) -> None:
    slip, _, kind = WRONG_CLOCK[name]
    for seed in range(100):
        cases = clock_cases(seed)
        shown_at = [case_kind for case_kind, arguments, parts in cases if parts is None
                    and slip(*arguments) != clock_value(*arguments)]
        assert shown_at, f"{name} is right on every built case with seed {seed}"
        assert kind is None or kind in shown_at, f"{name} is right on every case of {kind} with seed {seed}"


def test_no_two_clock_slips_give_the_same_answers_on_any_seed() -> None:
    for seed in range(20):
        cases = clock_cases(seed)
        given = {name: [slip(*arguments) for _, arguments, _ in cases] for name, (slip, _, _) in WRONG_CLOCK.items()}
        assert len({repr(answers) for answers in given.values()}) == len(given), seed


def test_every_clock_kind_is_built_and_the_rule_agrees_with_solved_on_the_tables_positions() -> None:
    for seed in range(30):
        cases = clock_cases(seed)
        assert {kind for kind, _, parts in cases if parts is None} == set(CLOCK_KINDS)
        table_cases = [case for case in cases if case[2] is not None]
        assert len(table_cases) == 12
        for case in cases:
            assert clock_value(*case[1]) == clock_expected(case), case
    decided_by_the_clock = sum(clock_expected(case) == 0 != case[1][0] for seed in range(30)
                               for case in clock_cases(seed) if case[2] is not None)
    assert decided_by_the_clock > 30  # the table's positions sit where the clock matters


def test_a_right_clock_value_passes_and_the_stub_is_told_the_clock_matters() -> None:
    def mine(value: int, distance: int | None, zeroing: int | None, clock: int, limit: int = 100) -> int:
        return value if value and zeroing is not None and clock + zeroing <= limit else 0

    assert check_clock_value(mine, seed=7).passed
    stub = check_clock_value(lambda value, distance, zeroing, clock, limit=100: value, seed=7)
    assert not stub.passed and "compare clock + zeroing with the limit" in stub.message
