"""The four games side by side: how they go at random, and how the same agents fare on each.

- :func:`random_profile`: random games from the start: branching factor, length, and who wins.
  Random play is what an MCTS rollout does, so this says what MCTS learns from one.
- :func:`comparison_experiment`: for every game, two equal agents (how often the first player
  wins) and alpha-beta against MCTS with the same thinking time a move.

>>> row = random_profile("shologuti", games=3, seed=1)
>>> row.game, row.games, row.first_wins + row.draws + row.second_wins + row.capped
('shologuti', 3, 3)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace

from lessons_lib.arena.games import GameReport, GameSpec
from lessons_lib.arena.storage import ResultStore
from lessons_lib.arena.tournament import (
    TournamentSettings, endings, format_endings, pairing_games, play_tournament,
)
from lessons_lib.games import GAMES

COMPARISON_SECONDS = 0.1
"""The thinking time a move of both players in the comparison."""

COMPARISON_PLAYERS: dict[str, tuple[str, str]] = {
    game: (f"negamax:{COMPARISON_SECONDS}s", f"mcts:{COMPARISON_SECONDS}s")
    for game in GAMES
}
"""Alpha-beta (with its table, move ordering and iterative deepening) and MCTS for each game, with the same
clock: 0.1 s a move each. Equal time, not equal nominal budget: how deep or how many iterations that buys
differs from game to game, and that is what the comparison is about. A clock depends on the machine and its
load, so a rerun plays slightly different games; the data records the seconds each side really took."""


@dataclass(frozen=True)
class RandomProfile:
    """How random games of one game went.

    Attributes:
        branching: the mean number of legal moves over every position met before the end.
        geometric_branching: their geometric mean: ``geometric_branching ** plies`` is the number of lines of
            play of a typical game (the product of the branching factors along it, averaged on a log scale).
        plies: the mean length of a game, in plies (a capped game counts as ``max_plies``).
        first_wins, draws, second_wins: the results for the player who moves first.
        capped: games still going after ``max_plies`` plies.
        first_score: the first player's score rate over the finished games (draws count a half).
    """

    game: str
    games: int
    branching: float
    geometric_branching: float
    plies: float
    first_wins: int
    draws: int
    second_wins: int
    capped: int

    @property
    def first_score(self) -> float:
        finished = self.first_wins + self.draws + self.second_wins
        return (self.first_wins + self.draws / 2) / finished if finished else 0.5


def random_profile(game: str, games: int = 50, seed: int = 0, max_plies: int | None = None) -> RandomProfile:
    """Play ``games`` games of uniformly random moves from the start of ``game`` (seeded) and sum them up.

    Every game is played to its end by the rules unless ``max_plies`` stops it first (then it is ``capped``).
    """
    rng = random.Random(seed)
    moves_seen = positions_seen = total_plies = 0
    log_moves = 0.0
    results = {0: 0, None: 0, 1: 0, "capped": 0}
    for _ in range(games):
        position = GAMES[game].start()
        plies = 0
        moves = position.legal_moves()
        while moves and (max_plies is None or plies < max_plies):
            moves_seen += len(moves)
            log_moves += math.log(len(moves))
            positions_seen += 1
            position = position.play(rng.choice(moves))
            plies += 1
            moves = position.legal_moves()
        total_plies += plies
        outcome = position.outcome()
        results["capped" if outcome is None else outcome.winner] += 1
    seen = max(positions_seen, 1)
    return RandomProfile(game, games, moves_seen / seen, math.exp(log_moves / seen), total_plies / max(games, 1),
                         results[0], results[None], results[1], results["capped"])


@dataclass(frozen=True)
class MatchRow:
    """One match of the comparison, as a row of its CSV file.

    ``first`` is the player moving first in an ``equal`` match (the colours are not swapped),
    and the alpha-beta player in an ``alphabeta-mcts`` match (half its games with each colour).
    ``first_score`` is that player's score rate; ``first_seconds`` and ``second_seconds`` are the
    players' mean thinking time a move.
    """

    game: str
    match: str
    first: str
    second: str
    games: int
    first_wins: int
    draws: int
    second_wins: int
    first_score: float
    plies_per_game: float
    first_seconds: float
    second_seconds: float
    endings: str


def comparison_schedule(settings: TournamentSettings, players: dict[str, tuple[str, str]] | None = None,
                        ) -> dict[tuple[str, str], list[GameSpec]]:
    """For each game of ``players`` (default :data:`COMPARISON_PLAYERS`): an ``equal`` match (the
    alpha-beta player against itself, colours fixed) and an ``alphabeta-mcts`` match (colours swapped)."""
    schedule: dict[tuple[str, str], list[GameSpec]] = {}
    for game, (alphabeta, mcts) in (players or COMPARISON_PLAYERS).items():
        these = replace(settings, game=game, variant=settings.variant if GAMES[game].variants else None)
        schedule[game, "equal"] = pairing_games(f"first={alphabeta}", f"second={alphabeta}", these,
                                                swap_colours=False)
        schedule[game, "alphabeta-mcts"] = pairing_games(alphabeta, mcts, these)
    return schedule


def comparison_experiment(settings: TournamentSettings, players: dict[str, tuple[str, str]] | None = None, *,
                          store: ResultStore | None = None, workers: int | None = None,
                          executor: Executor | None = None, progress: bool = True,
                          ) -> tuple[list[MatchRow], list[GameReport]]:
    """Play the comparison's matches (see :func:`comparison_schedule`); return a row per match and every game."""
    schedule = comparison_schedule(settings, players)
    flat = [spec for specs in schedule.values() for spec in specs]
    run = play_tournament(flat, store=store, workers=workers, executor=executor, progress=progress)
    by_key = {result.key: result for result in run.results}
    rows = []
    for (game, match), specs in schedule.items():
        results = [by_key[spec.key] for spec in specs]
        rows.append(_match_row(game, match, results))
    return rows, run.results


def _match_row(game: str, match: str, results: Sequence[GameReport]) -> MatchRow:
    first = results[0].first
    second = results[0].second
    first_points = [result.score_of(first) for result in results]
    wins = sum(1 for points in first_points if points == 1)
    draws = sum(1 for points in first_points if points == 0.5)
    seconds: dict[str, list[float]] = {first: [], second: []}
    for result in results:
        for move in result.moves:
            seconds[result.mover(move)].append(move.seconds)
    return MatchRow(game, match, first, second, len(results), wins, draws, len(results) - wins - draws,
                    sum(first_points) / len(results), sum(result.plies for result in results) / len(results),
                    _mean(seconds[first]), _mean(seconds[second]), format_endings(endings(results)))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0
