"""Notebook 06: the UCB1 and rollout-policy checks, and the strength data loader."""

from __future__ import annotations

import random

import pytest

from lessons_lib.agents.rollouts import captures_first_rollout, uniform_rollout
from lessons_lib.exercises.mcts import WRONG_UCB1, check_rollout_policy, check_ucb1, ucb1
from lessons_lib.experiment_data import load_table


def test_ucb1() -> None:
    assert check_ucb1(ucb1).passed
    assert "give a number" in check_ucb1(lambda w, n, p, c: "high").message


@pytest.mark.parametrize("mistake", list(WRONG_UCB1))
def test_each_ucb1_mistake_is_named(mistake: str) -> None:
    wrong, hint = WRONG_UCB1[mistake]
    feedback = check_ucb1(wrong)
    assert not feedback.passed and hint in feedback.message


def test_rollout_policies() -> None:
    assert check_rollout_policy(captures_first_rollout).passed
    assert "at least 60%" in check_rollout_policy(uniform_rollout).message
    assert "(the last position, the number of plies played)" in check_rollout_policy(lambda s, r, m: s).message
    assert "stop at max_plies" in check_rollout_policy(lambda s, r, m: captures_first_rollout(s, r, m + 5)).message

    unseeded = random.Random()

    def global_random(state, rng, max_plies):  # type: ignore[no-untyped-def]
        return captures_first_rollout(state, unseeded, max_plies)

    assert "from rng" in check_rollout_policy(global_random).message

    def fixed(state, rng, max_plies):  # type: ignore[no-untyped-def]
        return captures_first_rollout(state, random.Random(0), max_plies)

    assert "different seeds all ended the same way" in check_rollout_policy(fixed).message


def test_the_strength_tables_load_with_numbers() -> None:
    depth = load_table("depth")
    assert [row["level"] for row in depth] == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
    assert isinstance(depth[0]["player"], str)
    with pytest.raises(FileNotFoundError, match="python -m lessons_lib experiment all"):
        load_table("nothing")
