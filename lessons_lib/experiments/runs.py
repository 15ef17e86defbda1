"""The strength experiments behind the lessons' plots, and the data files they write.

- ``strength``: alpha-beta at depths 1 to 7 (``negamax:D``: alpha-beta with a transposition table and
  move ordering, which finds plain alpha-beta's value at each depth several times faster) and MCTS at
  50 to 2,000 iterations, rated on one Elo scale;
- ``perspectives``: MCTS backing up wins for each mover (correct) against the Pygame project's root-player backup;
- ``ai-vs-ai``: the Pygame game's AI vs AI mode, Green alpha-beta (``negamax:D``, depths 1, 3, 5, 7) against
  Red MCTS (50 to 300 iterations);
- ``games``: the four games side by side (:mod:`lessons_lib.experiments.game_comparison`): random games,
  two equal agents, and alpha-beta against MCTS with the same time a move.

The strength experiment does not play every pair: each level plays its neighbours and its
ladder's middle level, and a few bridges join the alpha-beta ladder to the MCTS ladder
(:data:`BRIDGES`), which places every level on one scale (``negamax:4`` at 0 Elo) at a
fraction of a round robin's cost. Every game ends by the rules (no ply limit), and every
game is seeded, so a rerun with the same settings plays the same games (except ``games``,
whose players have a clock); with ``--db`` an interrupted run resumes.
``data/experiments/README.md`` gives the cost.

Regenerate everything::

    python -m lessons_lib experiment all --out data/experiments --db experiments.sqlite
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any
from dataclasses import astuple, dataclass, fields, replace
from pathlib import Path

from lessons_lib.arena.games import GameReport
from lessons_lib.arena.storage import ResultStore, export_csv
from lessons_lib.arena.tournament import (
    Standing, TournamentSettings, endings, format_endings, pairing_games, pairs_schedule, play_tournament, standings,
)
from lessons_lib.games import GAMES
from lessons_lib.tooling.files import write_whole

DEPTHS = (1, 2, 3, 4, 5, 6, 7)
ITERATIONS = (50, 100, 200, 500, 1000, 2000)
BRIDGES = ((2, 100), (4, 500), (6, 2000))
"""The (depth, iterations) pairings that join the two ladders: a low, the middle and a high level of each."""
PERSPECTIVE_ITERATIONS = 1000
AI_VS_AI_DEPTHS = (1, 3, 5, 7)
AI_VS_AI_ITERATIONS = (50, 100, 200, 300)
EXPERIMENT_SECONDS_PER_MOVE = 120.0
"""Fixed-budget agents need no clock; this only stops a runaway search."""

DEFAULT_GAMES = {"strength": 80, "perspectives": 100, "ai-vs-ai": 2, "games": 32}
"""Games per pairing (per cell of the grid for ``ai-vs-ai``) in the committed data."""

OLD_NAMES = {"seed-modes": "ai-vs-ai", "depth": "strength", "iterations": "strength"}
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
    endings: str


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
    endings: str


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


def strength_pairs(depths: Sequence[int], iterations: Sequence[int]) -> list[tuple[str, str]]:
    """The strength experiment's pairings: each ladder's (see :func:`level_pairs`, around its middle level),
    then the :data:`BRIDGES` whose two levels are both played (the two middle levels if none is).

    >>> strength_pairs([1, 2, 3], [50, 100])
    [('negamax:1', 'negamax:2'), ('negamax:2', 'negamax:3'), ('mcts:50', 'mcts:100'), ('negamax:2', 'mcts:100')]
    """
    ladders = [[f"negamax:{depth}" for depth in depths], [f"mcts:{count}" for count in iterations]]
    for ladder in ladders:
        if len(ladder) < 2:
            raise ValueError("each ladder rates levels against each other: give two levels or more")
    middles = [ladder[len(ladder) // 2] for ladder in ladders]
    pairs = [pair for ladder, middle in zip(ladders, middles) for pair in level_pairs(ladder, middle)]
    bridges = [(f"negamax:{depth}", f"mcts:{count}") for depth, count in BRIDGES
               if depth in depths and count in iterations]
    return pairs + (bridges or [(middles[0], middles[1])])


def strength_experiment(depths: Sequence[int], iterations: Sequence[int], settings: TournamentSettings, *,
                        store: ResultStore | None = None, workers: int | None = None,
                        executor: Executor | None = None, progress: bool = True,
                        ) -> tuple[list[LevelRow], list[LevelRow], list[GameReport]]:
    """Rate ``negamax:D`` at each depth and ``mcts:N`` at each number of iterations on one scale, the middle
    depth at 0 Elo (see :func:`strength_pairs`); return the depth rows, the iterations rows and every game."""
    pairs = strength_pairs(depths, iterations)
    baseline = f"negamax:{depths[len(depths) // 2]}"
    run = play_tournament(pairs_schedule(pairs, settings), store=store, workers=workers, executor=executor,
                          progress=progress)
    table = {row.spec: row for row in standings(run.results, baseline)}
    depth_rows = [_level_row(depth, table[f"negamax:{depth}"], run.results) for depth in depths]
    iteration_rows = [_level_row(count, table[f"mcts:{count}"], run.results) for count in iterations]
    return depth_rows, iteration_rows, run.results


def perspectives_experiment(iterations: int, settings: TournamentSettings, *, store: ResultStore | None = None,
                            workers: int | None = None, executor: Executor | None = None, progress: bool = True,
                            ) -> tuple[list[Standing], list[GameReport]]:
    """MCTS with the correct backup (``mcts:N``) against the Pygame project's (``mcts-root:N``), rated with mover at 0."""
    mover, root = f"mcts:{iterations}", f"mcts-root:{iterations}"
    run = play_tournament(pairing_games(mover, root, settings), store=store, workers=workers, executor=executor,
                          progress=progress)
    return standings(run.results, mover), run.results


def ai_vs_ai_experiment(depths: Sequence[int], iterations: Sequence[int], settings: TournamentSettings, *,
                        store: ResultStore | None = None, workers: int | None = None,
                        executor: Executor | None = None, progress: bool = True,
                        ) -> tuple[list[CellRow], list[GameReport]]:
    """The Pygame game's AI vs AI mode: Green is always alpha-beta, Red always MCTS, from the seeded openings."""
    cells = {(depth, count): pairing_games(f"negamax:{depth}", f"mcts:{count}", settings, swap_colours=False)
             for depth in depths for count in iterations}
    run = play_tournament([game for games in cells.values() for game in games], store=store, workers=workers,
                          executor=executor, progress=progress)
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
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow([field.name for field in fields(rows[0])])
    for row in rows:
        writer.writerow([round(value, 4) if isinstance(value, float) else value for value in astuple(row)])
    write_whole(path, text.getvalue())  # whole or not at all: a run stopped halfway leaves no half a table


def run_experiment(name: str, out: str | Path, settings: TournamentSettings, *, games: int | None = None,
                   depths: Sequence[int] | None = None, iterations: Sequence[int] | None = None,
                   store: ResultStore | None = None, workers: int | None = None, executor: Executor | None = None,
                   progress: bool = True) -> list[Path]:
    """Run the experiment ``name`` (or ``all``) and write its CSV files into ``out``; return their paths.

    ``games`` replaces the committed data's games per pairing; ``depths`` and ``iterations`` the levels of
    ``strength`` (``perspectives`` plays at the first of ``iterations``). ``executor`` (a Dask client's
    ``get_executor()``, say) plays the games instead of a process pool of ``workers``.
    """
    name = OLD_NAMES.get(name, name)
    names = list(DEFAULT_GAMES) if name == "all" else [name]
    if any(each not in DEFAULT_GAMES for each in names):
        raise ValueError(f"unknown experiment {name!r}; choose one of: {', '.join(DEFAULT_GAMES)}, all")
    out = Path(out)
    written = []
    where: dict[str, Any] = {"store": store, "workers": workers, "executor": executor, "progress": progress}
    for each in names:
        these = replace(settings, games_per_pair=games or DEFAULT_GAMES[each])
        files: dict[str, Sequence[Any]]
        if each == "games":
            from lessons_lib.experiments.game_comparison import comparison_experiment, random_profile

            profiles = [random_profile(game, RANDOM_PROFILE_GAMES, settings.seed) for game in GAMES]
            match_rows, results = comparison_experiment(these, **where)
            files = {"game_profiles": profiles, "game_matches": match_rows}
        elif each == "strength":
            depth_rows, iteration_rows, results = strength_experiment(
                depths or DEPTHS, iterations or ITERATIONS, these, **where)
            files = {"depth": depth_rows, "iterations": iteration_rows}
        elif each == "perspectives":
            count = iterations[0] if iterations else PERSPECTIVE_ITERATIONS
            standing_rows, results = perspectives_experiment(count, these, **where)
            files = {"perspectives": standing_rows}
        else:
            cell_rows, results = ai_vs_ai_experiment(AI_VS_AI_DEPTHS, AI_VS_AI_ITERATIONS, these, **where)
            files = {"ai_vs_ai": cell_rows}
        for stem, rows in files.items():  # the rows' table, then every game
            write_rows(rows, out / f"{stem}.csv")
            written.append(out / f"{stem}.csv")
        games_file = out / f"{GAMES_FILES[each]}_games.csv"
        export_csv(results, games_file)
        written.append(games_file)
    return written


GAMES_FILES = {"strength": "strength", "perspectives": "perspectives", "ai-vs-ai": "ai_vs_ai", "games": "game_matches"}
"""Each experiment's games file, ``<stem>_games.csv``."""


def _moves_of(player: str, results: Sequence[GameReport]) -> list[tuple[float, int]]:
    return [(move.seconds, move.nodes) for result in results for move in result.moves if result.mover(move) == player]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _level_row(level: int, standing: Standing, results: Sequence[GameReport]) -> LevelRow:
    mine = [result for result in results if standing.spec in (result.first, result.second)]
    moves = _moves_of(standing.spec, mine)
    return LevelRow(level, standing.spec, standing.games, standing.wins, standing.draws, standing.losses,
                    standing.score, standing.elo, standing.elo_low, standing.elo_high,
                    _mean([nodes for _, nodes in moves]), _mean([seconds for seconds, _ in moves]),
                    _mean([result.plies for result in mine]), format_endings(endings(mine)))


def _cell_row(depth: int, iterations: int, results: Sequence[GameReport]) -> CellRow:
    first = results[0].first if results else ""  # Green, alpha-beta, in every game of the grid
    second = results[0].second if results else ""
    wins = sum(1 for result in results if result.first_score == 1)
    draws = sum(1 for result in results if result.first_score == 0.5)
    return CellRow(depth, iterations, len(results), wins, draws, len(results) - wins - draws,
                   _mean([result.first_score for result in results]), _mean([result.plies for result in results]),
                   _mean([seconds for seconds, _ in _moves_of(first, results)]),
                   _mean([seconds for seconds, _ in _moves_of(second, results)]), format_endings(endings(results)))
