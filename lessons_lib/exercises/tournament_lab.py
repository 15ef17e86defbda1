"""Checks for notebook 08, the tournament lab: a student's agent file, played in the sandbox."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from lessons_lib.arena.games import FORFEIT
from lessons_lib.arena.ratings import wilson_interval
from lessons_lib.arena.tournament import TournamentSettings, gauntlet, play_tournament, standings
from lessons_lib.exercises.feedback import Feedback, kind_of, passes_through, shown

GAMES = 20
"""Ten seeded openings, each played with both colours. Each game's seed, which the random opponent plays with, is
made from the file's contents too, so a student cannot tune a seed to the opponent's: every version of the file
is a fresh draw."""
PASSING_LOW_END = 0.5
"""The agent passes when the 95% Wilson interval of its score lies wholly above this: 14.5 points of 20 or more.
A player no better than random (wins and losses equally likely, any share of draws) passes by luck at most 2.4%
of the time, about one try in 41 (``tests/exercises/test_exercises_tournament.py`` computes it)."""
OPPONENT = "random"
LABEL = "your_agent"
"""The name the file plays under: its games, and so their seeds, are the same wherever the file lies."""


def passes(points: float, games: int) -> bool:
    """Whether ``points`` of ``games`` is clearly better than even: the interval's low end above 50%."""
    return wilson_interval(points, games)[0] > PASSING_LOW_END


def points_needed(games: int) -> float:
    """The fewest points (in half points) that pass in ``games`` games."""
    return next(half / 2 for half in range(2 * games + 1) if passes(half / 2, games))


def _agent_path(path: Any) -> Path | str:
    """``path`` as the path of an existing file, or what is wrong with it in words (no path, no such file, a
    folder), found without raising (a path may hold a null character, or be too long for the system)."""
    if not issubclass(type(path), (str, os.PathLike)):
        return f"give the path of your agent's file (text, such as 'my_agent.py'), not {shown(path, 40)}."
    try:
        where = Path(path)
        text = str(where)
        shown_path = text if len(text) <= 120 and text.isprintable() else shown(text, 120)
        if where.is_dir():
            return f"{shown_path} is a folder: give the path of your agent's file in it."
        if where.is_file():
            return where
    except BaseException as error:  # a path the system refuses (a null character, a name too long)
        if passes_through(error):
            raise
        return (f"there is no file {shown(path, 120)}: the system refuses that path ({kind_of(error)}). Give the "
                f"path of your agent's file.")
    return f"there is no file {shown_path}: run the cell that writes it first."


def check_agent_file(path: str | Path, games: int = GAMES, workers: int | None = None) -> Feedback:
    """Play the agent in ``path`` (sandboxed) against ``random``: it passes with no forfeit and a score whose
    95% interval lies above 50%."""
    where = _agent_path(path)
    if isinstance(where, str):
        return Feedback.not_yet(where)
    path = where
    settings = TournamentSettings(games_per_pair=games, seconds_per_move=2.0)
    player = f"{LABEL}={path}"
    run = play_tournament(gauntlet([player], [OPPONENT], settings), workers=workers, progress=False)
    forfeits = [result.reason for result in run.results if result.reason.startswith(FORFEIT)]
    if forfeits:
        reason = forfeits[0].split(") ", 1)[-1]
        return Feedback.not_yet(f"your agent lost {len(forfeits)} of {games} games by forfeit. The first: "
                                f"{reason}. Fix that first: a forfeit loses the game whatever the position.")
    row = next(row for row in standings(run.results, OPPONENT) if row.spec == player)
    points = row.wins + row.draws / 2
    low, high = wilson_interval(points, games)
    summary = (f"against {OPPONENT}: {row.wins} won, {row.draws} drawn, {row.losses} lost, {points:g} of {games} "
               f"points ({row.score:.0%}; 95% interval {low:.0%} to {high:.0%})")
    if passes(points, games):
        return Feedback.correct(f"{summary}. Clearly better than random: your agent is ready for the class "
                                f"tournament.")
    return Feedback.not_yet(f"{summary}; to pass, the whole interval must lie above 50%, which takes "
                            f"{points_needed(games):g} points of {games}. Ideas: never leave a piece where it can be "
                            f"captured next move, and take the capture that wins the most.")
