"""Notebook 08: the agent check's pass rule (the check itself runs on the catalogue's agent files)."""

from __future__ import annotations

from lessons_lib.exercises.tournament_lab import GAMES, passes, points_needed


def chance_of_passing(games: int, draw_rate: float) -> float:
    """The chance that a player who wins and loses equally often, and draws at ``draw_rate``, passes by luck."""
    win = (1 - draw_rate) / 2
    halves = {0: 1.0}  # points, counted in half points -> probability
    for _ in range(games):
        following: dict[int, float] = {}
        for points, chance in halves.items():
            for step, step_chance in ((2, win), (1, draw_rate), (0, win)):
                following[points + step] = following.get(points + step, 0.0) + chance * step_chance
        halves = following
    return sum(chance for points, chance in halves.items() if passes(points / 2, games))


def test_a_player_no_better_than_random_passes_by_luck_at_most_one_time_in_forty() -> None:
    worst = max(chance_of_passing(GAMES, draws / 50) for draws in range(51))
    assert worst <= 1 / 40
    assert worst > 0.02  # the figure in the check's docstring, 2.4%
    assert points_needed(GAMES) == 14.5 and f"{worst:.1%}" == "2.4%"
