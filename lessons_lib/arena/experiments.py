"""The strength experiments behind the lessons' plots, and the data files they write.

- ``depth``: alpha-beta at depths 1 to 7 (``negamax:D``: alpha-beta with a transposition table and
  move ordering, which finds plain alpha-beta's value at each depth several times faster);
- ``iterations``: MCTS at 50 to 3,000 iterations;
- ``perspectives``: MCTS backing up wins for each mover (correct) against the Pygame project's root-player backup;
- ``ai-vs-ai``: the Pygame game's AI vs AI mode, Green alpha-beta (``negamax:D``, depths 1, 3, 5, 7) against
  Red MCTS (50 to 300 iterations);
- ``games``: the four games side by side (:mod:`lessons_lib.arena.game_comparison`): random games,
  two equal agents, and alpha-beta against MCTS with about the same time a move.

The level experiments do not play every pair: each level plays its neighbours and one
common baseline (the middle level, rated 0 Elo), which places every level on one
scale at a fraction of a round robin's cost. Every game is seeded, so a rerun with the
same settings plays the same games; with ``--db`` an interrupted run resumes.

Regenerate everything (under an hour on a 2-core machine)::

    python -m lessons_lib experiment all --out data/experiments --db experiments.sqlite
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import Any
from dataclasses import astuple, dataclass, fields, replace
from pathlib import Path

from lessons_lib.arena.games import GameResult
from lessons_lib.arena.storage import ResultStore, export_csv
from lessons_lib.arena.tournament import (
    Standing, TournamentSettings, pairing_games, pairs_schedule, play_tournament, standings,
)
from lessons_lib.games import GAMES

DEPTHS = (1, 2, 3, 4, 5, 6, 7)
ITERATIONS = (50, 100, 200, 500, 1000, 2000, 3000)
PERSPECTIVE_ITERATIONS = 1000
AI_VS_AI_DEPTHS = (1, 3, 5, 7)
AI_VS_AI_ITERATIONS = (50, 100, 200, 300)
EXPERIMENT_SECONDS_PER_MOVE = 120.0
"""Fixed-budget agents need no clock; this only stops a runaway search."""

DEFAULT_GAMES = {"depth": 16, "iterations": 12, "perspectives": 16, "ai-vs-ai": 2, "games": 16}
"""Games per pairing (per cell of the grid for ``ai-vs-ai``) in the committed data."""

OLD_NAMES = {"seed-modes": "ai-vs-ai"}
"""Experiments' earlier names, still accepted."""


@dataclass(frozen=True)
class LevelRow:
    """One level of a strength experiment, as a row of its CSV file."""

    level: int
    player: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    elo: float
    elo_low: float
    elo_high: float
    nodes_per_move: float
    seconds_per_move: float
    plies_per_game: float


@dataclass(frozen=True)
class CellRow:
    """One cell of the ``ai-vs-ai`` grid: Green alpha-beta at ``depth`` against Red MCTS at ``iterations``."""

    depth: int
    iterations: int
    games: int
    green_wins: int
    draws: int
    red_wins: int
    green_score: float
    plies_per_game: float
    green_seconds_per_move: float
    red_seconds_per_move: float


def level_pairs(players: Sequence[str], baseline: str) -> list[tuple[str, str]]:
    """Neighbouring levels, and every level against ``baseline``, each pairing once.

    >>> level_pairs(["a", "b", "c", "d"], "b")
    [('a', 'b'), ('b', 'c'), ('c', 'd'), ('d', 'b')]
    """
    pairs = list(zip(players, players[1:]))
    for player in players:
        if player != baseline and not {(player, baseline), (baseline, player)} & set(pairs):
            pairs.append((player, baseline))
    return pairs


def level_experiment(kind: str, levels: Sequence[int], settings: TournamentSettings, *,
                     store: ResultStore | None = None, workers: int | None = None,
                     progress: bool = True) -> tuple[list[LevelRow], list[GameResult]]:
    """Rate ``negamax:D`` (``kind`` "depth") or ``mcts:N`` (``kind`` "iterations") at each level."""
    prefix = {"depth": "negamax", "iterations": "mcts"}[kind]
    players = [f"{prefix}:{level}" for level in levels]
    baseline = players[len(players) // 2]
    run = play_tournament(pairs_schedule(level_pairs(players, baseline), settings), store=store, workers=workers,
                          progress=progress)
    table = {row.spec: row for row in standings(run.results, baseline, seed=settings.seed)}
    rows = [_level_row(level, table[player], run.results) for level, player in zip(levels, players)]
    return rows, run.results


def perspectives_experiment(iterations: int, settings: TournamentSettings, *, store: ResultStore | None = None,
                            workers: int | None = None, progress: bool = True,
                            ) -> tuple[list[Standing], list[GameResult]]:
    """MCTS with the correct backup (``mcts:N``) against the Pygame project's (``mcts-root:N``), rated with mover at 0."""
    mover, root = f"mcts:{iterations}", f"mcts-root:{iterations}"
    run = play_tournament(pairing_games(mover, root, settings), store=store, workers=workers, progress=progress)
    return standings(run.results, mover, seed=settings.seed), run.results


def ai_vs_ai_experiment(depths: Sequence[int], iterations: Sequence[int], settings: TournamentSettings, *,
                          store: ResultStore | None = None, workers: int | None = None,
                          progress: bool = True) -> tuple[list[CellRow], list[GameResult]]:
    """The Pygame game's AI vs AI mode: Green is always alpha-beta, Red always MCTS, from the seeded openings."""
    cells = {(depth, count): pairing_games(f"negamax:{depth}", f"mcts:{count}", settings, swap_colours=False)
             for depth in depths for count in iterations}
    run = play_tournament([game for games in cells.values() for game in games], store=store, workers=workers,
                          progress=progress)
    by_key = {result.key: result for result in run.results}
    rows = [_cell_row(depth, count, [by_key[game.key] for game in games]) for (depth, count), games in cells.items()]
    return rows, run.results


RANDOM_PROFILE_GAMES = 200
"""Random games per game in ``game_profiles.csv``."""


def write_rows(rows: Sequence[Any], path: str | Path) -> None:
    """Write dataclass rows to a CSV file with a header."""
    if not rows:
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow([field.name for field in fields(rows[0])])
        for row in rows:
            writer.writerow([round(value, 4) if isinstance(value, float) else value for value in astuple(row)])


def run_experiment(name: str, out: str | Path, settings: TournamentSettings, *, games: int | None = None,
                   levels: Sequence[int] | None = None, store: ResultStore | None = None,
                   workers: int | None = None, progress: bool = True) -> list[Path]:
    """Run the experiment ``name`` (or ``all``) and write its CSV files into ``out``; return their paths.

    ``games`` and ``levels`` replace the committed data's games per pairing and levels
    (depths, iterations, or for ``perspectives`` the iterations, first level only).
    """
    name = OLD_NAMES.get(name, name)
    names = list(DEFAULT_GAMES) if name == "all" else [name]
    if any(each not in DEFAULT_GAMES for each in names):
        raise ValueError(f"unknown experiment {name!r}; choose one of: {', '.join(DEFAULT_GAMES)}, all")
    out = Path(out)
    written = []
    for each in names:
        these = replace(settings, games_per_pair=games or DEFAULT_GAMES[each])
        rows: Sequence[Any]
        if each == "games":
            from lessons_lib.arena.game_comparison import (
                COMPARISON_PLY_LIMIT, comparison_experiment, random_profile,
            )

            profiles = [random_profile(game, RANDOM_PROFILE_GAMES, settings.seed) for game in GAMES]
            write_rows(profiles, out / "game_profiles.csv")
            written.append(out / "game_profiles.csv")
            these = replace(these, max_plies=COMPARISON_PLY_LIMIT)
            rows, results = comparison_experiment(these, store=store, workers=workers, progress=progress)
            each = "game-matches"
        elif each in ("depth", "iterations"):
            chosen = levels or (DEPTHS if each == "depth" else ITERATIONS)
            rows, results = level_experiment(each, chosen, these, store=store, workers=workers, progress=progress)
        elif each == "perspectives":
            count = levels[0] if levels else PERSPECTIVE_ITERATIONS
            rows, results = perspectives_experiment(count, these, store=store, workers=workers, progress=progress)
        else:
            rows, results = ai_vs_ai_experiment(AI_VS_AI_DEPTHS, AI_VS_AI_ITERATIONS, these, store=store,
                                                workers=workers, progress=progress)
        stem = each.replace("-", "_")
        write_rows(rows, out / f"{stem}.csv")
        export_csv(results, out / f"{stem}_games.csv")
        written += [out / f"{stem}.csv", out / f"{stem}_games.csv"]
    return written


def _moves_of(player: str, results: Sequence[GameResult]) -> list[tuple[float, int]]:
    return [(move.seconds, move.nodes) for result in results for move in result.moves if result.mover(move) == player]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _level_row(level: int, standing: Standing, results: Sequence[GameResult]) -> LevelRow:
    mine = [result for result in results if standing.spec in (result.first, result.second)]
    moves = _moves_of(standing.spec, mine)
    return LevelRow(level, standing.spec, standing.games, standing.wins, standing.draws, standing.losses,
                    standing.score, standing.elo, standing.elo_low, standing.elo_high,
                    _mean([nodes for _, nodes in moves]), _mean([seconds for seconds, _ in moves]),
                    _mean([result.plies for result in mine]))


def _cell_row(depth: int, iterations: int, results: Sequence[GameResult]) -> CellRow:
    first = results[0].first if results else ""  # Green, alpha-beta, in every game of the grid
    second = results[0].second if results else ""
    wins = sum(1 for result in results if result.first_score == 1)
    draws = sum(1 for result in results if result.first_score == 0.5)
    return CellRow(depth, iterations, len(results), wins, draws, len(results) - wins - draws,
                   _mean([result.first_score for result in results]), _mean([result.plies for result in results]),
                   _mean([seconds for seconds, _ in _moves_of(first, results)]),
                   _mean([seconds for seconds, _ in _moves_of(second, results)]))
