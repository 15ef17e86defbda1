"""The tools every check takes a student's answer with (lessons_lib/exercises/feedback.py): a value shown without
walking more of it than is shown, numbers of any kind, whole numbers kept exact, calls whose every failure becomes
words, and the share of cases right."""

from __future__ import annotations

import decimal
import fractions
import math
import sys
from typing import Any

import numpy as np
import pytest

from catalogue.hostile import FAILURES, VALUES, JunkEverywhere, RaisingEverywhere, raising, shared_levels, shared_tuples
from lessons_lib.exercises.feedback import (
    Cases, Guarded, AnswerFailed, as_number, as_whole_number, call_for_number, call_for_whole_number, call_safely,
    describe_failure, digit_count, error_text, items_of, no_use_going_on, numbers_in, shown, whole_number_text,
)


@pytest.mark.parametrize("value", VALUES, ids=list(VALUES))
def test_any_value_is_shown_on_one_short_line(value: str) -> None:
    text = shown(VALUES[value](), 80)
    assert isinstance(text, str) and text
    assert "\n" not in text and len(text) <= 81


@pytest.mark.parametrize("number", [0, 1, 9, 10, 99, 10**29, 10**30 - 1, 10**30, 10**400 - 1, 10**400, 7**5915,
                                    10**20000, 10**20000 - 1],
                         ids=lambda number: f"{number.bit_length()} bits, ending {number % 10}")
def test_a_whole_number_s_digits_are_counted_exactly_without_writing_it_out(number: int) -> None:
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # to count the digits the long way, for comparison
    try:
        assert digit_count(number) == (len(str(number)), True)
        assert digit_count(-number) == (len(str(number)), True)
    finally:
        sys.set_int_max_str_digits(limit)


def test_a_long_whole_number_is_described_and_a_short_one_written() -> None:
    assert whole_number_text(12345) == "12345"
    assert whole_number_text(10**400) == "a whole number of 401 digits"
    assert whole_number_text(-10**400) == "a negative whole number of 401 digits"
    assert whole_number_text(10**200_000) == "a whole number of about 200,001 digits"


def test_shared_and_self_holding_structures_are_shown_as_far_as_they_fit() -> None:
    assert shown(shared_levels(), 30) == "[" * 30 + "…"
    assert shown(shared_tuples(), 30) == "(" * 30 + "…"
    holder: list[Any] = [1]
    holder.append(holder)
    assert shown(holder) == "[1, [...]]"
    assert shown({"a": holder}) == "{'a': [1, [...]]}"


def test_text_bytes_and_odd_objects_are_cut_and_said() -> None:
    assert shown("x" * 1000) == "'" + "x" * 40 + "…' (a text of 1,000 characters)"
    assert shown(b"y" * 2000).endswith("…' (2,000 bytes)")
    assert shown(RaisingEverywhere()) == "<a RaisingEverywhere that cannot be shown>"
    assert shown(JunkEverywhere()) == "<a JunkEverywhere that cannot be shown>"
    assert shown(ValueError(shared_levels()), 20).startswith("ValueError([[[[")
    assert shown(fractions.Fraction(10**400, 3)) == "Fraction(a whole number of 401 digits, 3)"
    assert shown(np.array([None], dtype=object)) == "a numpy array of shape (1,) holding object"
    assert shown((1,)) == "(1,)" and shown(set()) == "set()" and shown(frozenset()) == "frozenset()"


@pytest.mark.parametrize(("answer", "value"), [
    (3, 3.0), (2.5, 2.5), (fractions.Fraction(1, 2), 0.5), (decimal.Decimal("0.25"), 0.25), (np.int64(7), 7.0),
    (np.float32(0.5), 0.5), (np.float64(1.5), 1.5), (10**300, 1e300), (-(10**300), -1e300),
])
def test_a_real_number_of_any_kind_is_a_float(answer: Any, value: float) -> None:
    assert as_number(answer) == (value, None)
    assert type(as_number(answer)[0]) is float


def test_nan_and_the_infinities_are_numbers_a_check_compares() -> None:
    assert math.isnan(as_number(float("nan"))[0])
    assert as_number(float("-inf")) == (-math.inf, None)


@pytest.mark.parametrize(("answer", "words"), [
    (10**400, "that is a whole number of 401 digits, too large for a float"),
    (-(10**400), "that is a negative whole number of 401 digits, too large for a float"),
    (fractions.Fraction(10**400, 3), "that is Fraction(a whole number of 401 digits, 3), too large for a float"),
    (decimal.Decimal("1e400"), "that is Decimal('1E+400'), too large for a float"),
    (decimal.Decimal("sNaN"), "cannot turn into a float"),
    (True, "that is a bool: give a number."), (np.bool_(False), "that is a bool: give a number."),
    (1 + 2j, "that is a complex number ((1+2j)): give a real number."),
    ("0.5", "that is text: give a number, 0.5 without the quotes."), ("half", "that is text: give a number."),
    ("1" * 1_000_000, "without the quotes"), (None, "did you forget return?"), ([0.5], "that is a list"),
    (RaisingEverywhere(), "RaisingEverywhere"), (JunkEverywhere(), "that is a JunkEverywhere: give a number."),
], ids=lambda value: value if type(value) is str and len(value) < 100 else "value")
def test_what_is_no_number_is_said_in_words(answer: Any, words: str) -> None:
    value, problem = as_number(answer)
    assert value == 0.0 and problem is not None and words in problem and len(problem) < 300


@pytest.mark.parametrize(("answer", "floats", "whole"), [
    (10**400, True, 10**400), (np.int64(-3), False, -3), (fractions.Fraction(8, 2), False, 4), (4.0, True, 4),
    (decimal.Decimal("12"), True, 12), (decimal.Decimal("1e400"), True, 10**400),
])
def test_a_whole_number_of_any_kind_stays_exact(answer: Any, floats: bool, whole: int) -> None:
    assert as_whole_number(answer, floats) == (whole, None)


@pytest.mark.parametrize(("answer", "floats", "words"), [
    (3.5, True, "not a whole number"), (4.0, False, "give a whole number, an int"),
    (fractions.Fraction(7, 2), True, "not a whole number"), (float("inf"), True, "not a whole number"),
    (True, True, "that is a bool"), ("4", True, "that is text"), (RaisingEverywhere(), True, "RaisingEverywhere"),
], ids=lambda value: value if type(value) is str and len(value) < 100 else "value")
def test_what_is_no_whole_number_is_said_in_words(answer: Any, floats: bool, words: str) -> None:
    value, problem = as_whole_number(answer, floats)
    assert value == 0 and problem is not None and words in problem


def test_a_call_for_a_number_says_what_came_back() -> None:
    assert call_for_number(lambda: fractions.Fraction(1, 4)) == (0.25, None)
    assert call_for_number(lambda: 10**400)[1] == ("returned a whole number of 401 digits, too large for a float (which "
                                                   "holds at most 309 digits): give a number of a sensible size.")
    assert call_for_number(lambda: "x")[1] == "returned 'x': that is text: give a number."
    assert call_for_whole_number(lambda: np.int64(10**18)) == (10**18, None)
    assert call_for_whole_number(lambda: 2.5)[1] == "returned 2.5, not a whole number."


@pytest.mark.parametrize("failure", FAILURES, ids=list(FAILURES))
def test_whatever_an_answer_raises_is_its_failure_in_one_line(failure: str) -> None:
    error = FAILURES[failure]()
    answer, said = call_safely(raising(error))
    assert answer is None and said is not None and said.startswith(f"raised {type(error).__name__}")
    assert "\n" not in said and len(said) < 400


def test_a_keyboard_interrupt_and_the_packages_own_signals_pass_through() -> None:
    with pytest.raises(KeyboardInterrupt):
        call_safely(raising(KeyboardInterrupt()))
    own = type("Signal", (BaseException,), {"__module__": "lessons_lib.grading.checking"})
    with pytest.raises(own):
        call_safely(raising(own()))
    with pytest.raises(KeyboardInterrupt):
        shown(type("Stopped", (), {"__repr__": raising(KeyboardInterrupt())})())


def test_an_exception_s_message_is_made_without_trusting_it() -> None:
    assert error_text(ValueError("a\nb   c")) == "a b c"
    assert error_text(KeyError("k")) == "'k'"
    assert error_text(OSError(2, "gone", shared_levels())).startswith("(2, 'gone'")
    assert error_text(FAILURES["an exception whose message cannot be made"]()) == "(its message cannot be shown)"
    assert describe_failure(RecursionError()).startswith("raised RecursionError. A RecursionError means")
    assert describe_failure(ValueError("max() arg is an empty sequence")).endswith("before looking at the moves.")
    assert describe_failure(MemoryError()) == "raised MemoryError"


def test_items_and_numbers_are_read_no_further_than_needed() -> None:
    def endless() -> Any:
        while True:
            yield 1
    assert items_of(endless(), 3) == [1, 1, 1, 1]
    assert items_of("12", 3) is None and items_of(5, 3) is None and items_of(RaisingEverywhere(), 3) is None
    assert numbers_in(np.array([0.25, 0.5]), 2) == ([0.25, 0.5], "")
    assert numbers_in((1, 2, 3), 2) == (None, "")
    assert numbers_in((10**400, 1), 2)[1].startswith("Item 1: that is a whole number of 401 digits, too large")


def test_a_failure_that_would_repeat_on_every_case_ends_the_cases() -> None:
    assert no_use_going_on(5, "is not a function but int")
    assert no_use_going_on(print, "raised RecursionError. A RecursionError means ...")
    assert not no_use_going_on(print, "raised ValueError: x")
    assert not no_use_going_on(print, None)


def test_cases_keep_the_first_failure_and_the_share_right() -> None:
    cases = Cases()
    cases.passed()
    cases.failed("first")
    assert not cases.wanted
    cases.failed("second")
    cases.passed()
    feedback = cases.feedback("all right")
    assert (feedback.passed, feedback.message, feedback.score) == (False, "first", 0.5)
    everything = Cases()
    everything.passed()
    assert everything.feedback("all right").passed and everything.feedback("all right").score is None


def test_cases_end_after_a_failure_that_would_repeat_and_count_what_needs_no_message() -> None:
    cases = Cases()
    tried = []
    for number in cases.each(range(10)):
        tried.append(number)
        if number == 0:
            assert not cases.counted(False)  # the first failure: its message is wanted
            cases.failed("wrong at 0")
        elif number == 1:
            assert cases.counted(False) and cases.counted(True)  # a later failure and a right case: counted
        else:
            cases.failed_call("raised RecursionError at 2", print, "raised RecursionError. A RecursionError means")
    assert tried == [0, 1, 2]
    feedback = cases.feedback("all right")
    assert (feedback.message, feedback.score) == ("wrong at 0", 1 / 4)


def test_a_guarded_function_raises_an_exception_the_library_handles_and_keeps_the_first_failure() -> None:
    def evaluation(state: Any, player: int) -> Any:
        if player:
            raise SystemExit(1)
        return 10**400
    guarded = Guarded(evaluation, number=True)
    assert guarded.__name__ == "evaluation"
    for player in (1, 0):
        with pytest.raises(AnswerFailed):
            guarded("position", player)
    assert guarded.failure == "raised SystemExit: 1" and guarded.arguments == ("position", 1)
    with pytest.raises(KeyboardInterrupt):
        Guarded(raising(KeyboardInterrupt()))()
