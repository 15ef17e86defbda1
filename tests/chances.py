"""The chance that a player no better than its opponent passes a check that plays games, by luck."""

from __future__ import annotations

from collections.abc import Callable


def chance_of_passing(games: int, draw_rate: float, passes: Callable[[float, int], bool]) -> float:
    """The chance that a player who wins and loses equally often, and draws at ``draw_rate``, scores enough points
    in ``games`` games for ``passes(points, games)``."""
    win = (1 - draw_rate) / 2
    halves = {0: 1.0}  # points, counted in half points -> probability
    for _ in range(games):
        following: dict[int, float] = {}
        for points, chance in halves.items():
            for step, step_chance in ((2, win), (1, draw_rate), (0, win)):
                following[points + step] = following.get(points + step, 0.0) + chance * step_chance
        halves = following
    return sum(chance for points, chance in halves.items() if passes(points / 2, games))


def worst_chance_of_passing(games: int, passes: Callable[[float, int], bool]) -> float:
    """:func:`chance_of_passing` at the draw rate (in steps of 2%) that makes it largest."""
    return max(chance_of_passing(games, draws / 50, passes) for draws in range(51))
