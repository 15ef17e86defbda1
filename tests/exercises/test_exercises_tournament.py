"""Notebook 08: the agent check's pass rule (the check itself runs on the catalogue's agent files)."""

from __future__ import annotations

from chances import worst_chance_of_passing
from lessons_lib.exercises.tournament_lab import GAMES, passes, points_needed


def test_a_player_no_better_than_random_passes_by_luck_at_most_one_time_in_forty() -> None:
    worst = worst_chance_of_passing(GAMES, passes)
    assert worst <= 1 / 40
    assert worst > 0.02  # the figure in the check's docstring, 2.4%
    assert points_needed(GAMES) == 14.5 and f"{worst:.1%}" == "2.4%"
