"""Checks for notebook 08, the tournament lab: a student's agent file, played in the sandbox."""

from __future__ import annotations

from pathlib import Path

from lessons_lib.arena.games import FORFEIT
from lessons_lib.arena.tournament import TournamentSettings, gauntlet, play_tournament, standings
from lessons_lib.exercises.feedback import Feedback

PASSING_SCORE = 0.75
OPPONENT = "random"


def check_agent_file(path: str | Path, games: int = 8, workers: int | None = None) -> Feedback:
    """Play the agent in ``path`` (sandboxed) against ``random``: it passes with no forfeit and 75% of the points."""
    path = Path(path)
    if not path.is_file():
        return Feedback.not_yet(f"there is no file {path}: run the cell that writes it first.")
    settings = TournamentSettings(games_per_pair=games, seconds_per_move=2.0)
    run = play_tournament(gauntlet([str(path)], [OPPONENT], settings), workers=workers, progress=False)
    forfeits = [result.reason for result in run.results if result.reason.startswith(FORFEIT)]
    if forfeits:
        reason = forfeits[0].split(") ", 1)[-1]
        return Feedback.not_yet(f"your agent lost {len(forfeits)} of {games} games by forfeit. The first: it "
                                f"{reason}. Fix that first: a forfeit loses the game whatever the position.")
    row = next(row for row in standings(run.results, OPPONENT) if row.spec == str(path))
    summary = (f"against {OPPONENT}: {row.wins} won, {row.draws} drawn, {row.losses} lost, "
               f"{row.score:.0%} of the points")
    if row.score >= PASSING_SCORE:
        return Feedback.correct(f"{summary}. Your agent is ready for the class tournament.")
    return Feedback.not_yet(f"{summary}; aim for at least {PASSING_SCORE:.0%}. Ideas: never leave a piece where "
                            f"it can be captured next move, and take the capture that wins the most.")
