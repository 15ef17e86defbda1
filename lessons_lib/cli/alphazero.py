"""``python -m lessons_lib alphazero GAME``: AlphaZero's loop in miniature, resumable, then rated and written out.

    python -m lessons_lib alphazero shologuti --generations 6 --db alphazero.sqlite --out data/alphazero

plays and fits the generations the file does not hold yet (:mod:`lessons_lib.learning.generations`), rates every
generation, prints the ratings and writes the data files to ``--out``. The file is the loop's own: any other (a
tournament's results, another program's database, one of the files ``--out`` would write) is refused in one line
before anything is written. Ctrl+C stops it in one line, keeping what was finished: run the same command again.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from lessons_lib.cli.cluster import add_dask_option, dask_executor
from lessons_lib.cli.options import (
    database_apart, file_to_write, folder_to_write, outputs_apart, quoted_path, whole_number,
)
from lessons_lib.games import GAMES
from lessons_lib.sandbox.parent import end_with_parent

VALUE_TARGETS = ("result", "mixed", "search in draws")
"""The loop's value targets (``lessons_lib.learning.self_play.VALUE_TARGETS``, named here so that the command line
loads no numpy before it runs a command; a test holds the two the same)."""


def add_parser(commands: Any) -> None:
    """Add the ``alphazero`` subcommand to an argparse subparsers object."""
    parser = commands.add_parser(
        "alphazero", help="self-play generations of a learned policy and value guiding MCTS (lesson 11)",
        description="Play and fit self-play generations (those the --db file lacks), rate every generation against "
                    "MCTS, best and the generation before, and write the results.")
    parser.add_argument("game", choices=list(GAMES), help="the game")
    parser.add_argument("--generations", default="6", type=whole_number(1, 100), help="generations to reach (default 6)")
    parser.add_argument("--games", default="40", type=whole_number(1, 10_000), help="self-play games a generation")
    parser.add_argument("--iterations", default="100", type=whole_number(2, 100_000),
                        help="PUCT's iterations a move in self-play and rating games (default 100)")
    parser.add_argument("--window", default="2", type=whole_number(1, 100),
                        help="generations of games each fit uses, the newest and those before it (default 2)")
    parser.add_argument("--sampled-plies", default="10", type=whole_number(0, 10_000),
                        help="plies at the start of a self-play game whose move is drawn by its visits (default 10)")
    parser.add_argument("--value-target", default="result", choices=VALUE_TARGETS,
                        help="what the value is fitted to: the game's result (default), its mean with the search's "
                             "value at the root (mixed), or the root's value in drawn games only (search in draws)")
    parser.add_argument("--clock-inputs", action="store_true",
                        help="the value also reads the draw clock (its inputs: the features, and each times the "
                             "share of the clock run)")
    parser.add_argument("--network", default="0", type=whole_number(0, 1024), metavar="HIDDEN",
                        help="a policy and value that read the board alone: two networks of HIDDEN tanh units each "
                             "(default 0: the game's features)")
    parser.add_argument("--gate", default="0", type=whole_number(0, 10_000), metavar="PAIRS",
                        help="a new generation replaces the best only if lesson 07's SPRT shows it stronger within "
                             "PAIRS game pairs (default 0: always keep the newest, as AlphaZero)")
    parser.add_argument("--openings", default="10", type=whole_number(0, 1000),
                        help="rating openings, each played with both colours (default 10; 0: no rating)")
    parser.add_argument("--best", default="best:0.1s", help="the best agent's setting in rating games")
    parser.add_argument("--seed", default="0", type=whole_number(0), help="the loop's seed (default 0)")
    parser.add_argument("--db", required=True, type=file_to_write, help="the SQLite file that keeps the loop")
    parser.add_argument("--out", type=folder_to_write, help="a folder to write the results to")
    parser.add_argument("--workers", default=str(os.cpu_count() or 1), type=whole_number(1, 512),
                        help="processes that play side by side (default: one a core)")
    add_dask_option(parser)


@contextmanager
def mapper(workers: int, dask: str | None = None) -> Iterator[Any]:
    """``map`` for one worker; a process pool's ``map`` (forked on Linux) for more; with ``dask`` (an address, or
    ``local``), the ``map`` of a Dask cluster's executor: the same games in the same order every way.

    The pool's workers ignore Ctrl+C and die with the command: interrupted (or failing), it stops them at once,
    without waiting for the games they are playing (those are lost; the games stored are not)."""
    if dask is not None:
        with dask_executor(dask, workers) as executor:
            yield executor.map
        return
    if workers == 1:
        yield map
        return
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),))

    def play(function: Any, items: Iterable[Any]) -> Iterator[Any]:
        return pool.map(function, items)

    try:
        yield play
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in multiprocessing.active_children():  # the pool's workers: the command starts no other
            worker.terminate()
        raise
    pool.shutdown()


def _start_worker(parent: int) -> None:
    """A worker of the pool: Ctrl+C is for the command (which stops the workers), and the worker dies with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent(parent)


def run(args: argparse.Namespace) -> None:
    from lessons_lib.learning.generations import (
        LoopStore, export, export_files, rate_generations, ratings, run_generations,
    )
    from lessons_lib.learning.self_play import LoopSettings

    if args.out is not None:  # before the file is opened: an export that would overwrite it is refused now
        for path in export_files(args.game, args.out):
            database_apart("--db", args.db, {"--out": path})
            outputs_apart({"--out": path}, [])  # nor over another database
    if args.clock_inputs and GAMES[args.game].engine.clock_share is None:
        raise ValueError(f"--clock-inputs: {GAMES[args.game].title} has no draw clock")
    if args.clock_inputs and args.network:
        raise ValueError("--clock-inputs is for the features: the networks read the clock with the board")
    settings = LoopSettings(game=args.game, iterations=args.iterations, games=args.games, window=args.window,
                            sampled_plies=args.sampled_plies, seed=args.seed, value_target=args.value_target,
                            clock_inputs=args.clock_inputs, gate_pairs=args.gate, network=args.network)
    store = LoopStore(args.db, settings)
    try:
        with mapper(args.workers, args.dask) as play:
            generations = run_generations(store, args.generations, play=play)
            for generation in generations[1:]:
                gated = "" if generation.gate is None else (
                    f"; against generation {generation.gate.champion} in {generation.gate.pairs} pairs: "
                    f"{'kept' if generation.gate.accepted else 'not kept'} (LLR {generation.gate.llr:+.2f})")
                print(f"generation {generation.number}: fitted on {generation.games} games "
                      f"({generation.positions} positions); value log loss {generation.value_log_loss:.4f}, "
                      f"policy loss {generation.policy_loss:.4f}{gated}")
            if args.openings:
                games = rate_generations(store, generations, args.openings, args.best, play=play)
                baseline = f"mcts:{settings.iterations}"
                for name, (elo, low, high) in sorted(ratings(games, baseline).items(), key=lambda item: -item[1][0]):
                    print(f"{name:>16}: {elo:+7.0f} Elo ({low:+.0f} to {high:+.0f})")
        if args.out is not None:
            for path in export(store, args.out):
                print(f"written to {path}")
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f"stopped: what was finished is kept in {quoted_path(args.db)}; run the same "
                                f"command again to go on") from None
    finally:
        store.close()
