"""The arena's command line: ``tournament`` and ``experiment`` (added to ``python -m lessons_lib``).

- ``python -m lessons_lib tournament SPEC... [--games-per-pair N] [--seconds-per-move S] [--variant V]
  [--db FILE] [--workers N] [--json]``
- ``python -m lessons_lib experiment strength|perspectives|ai-vs-ai|games|all [--out DIR] [--db FILE] [--dask ADDRESS]``
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from lessons_lib.cli.options import (
    database_apart, file_to_write, folder_to_write, outputs_apart, quoted_path, sandbox_choice, seconds, shown, whole_number,
    variant_help, whole_numbers, write_whole,
)
from lessons_lib.cli.cluster import add_dask_option, dask_executor
from lessons_lib.games import DEFAULT_GAME, GAMES, game_named

MAX_GAMES_PER_PAIR = 10_000
MAX_GAMES = 200_000
MAX_PLIES = 100_000
MAX_MEMORY_MB = 1_000_000
MAX_WORKERS = 512


def add_parsers(commands: Any) -> None:
    """Add the ``tournament`` and ``experiment`` subcommands to an argparse subparsers object."""
    tournament = commands.add_parser(
        "tournament", help="play agents against each other and rate them",
        description="A round robin between the SPECs (or, with --gauntlet, each SPEC against the baselines). "
                    "A SPEC is a built-in agent (alphabeta:4, mcts:300, negamax:0.5s, random, ...), the path of "
                    "a student's agent file (my_agent.py, played in a sandbox), or LABEL=SPEC.")
    tournament.add_argument("specs", nargs="+", metavar="SPEC")
    tournament.add_argument("--game", default=DEFAULT_GAME, help=f"one of {', '.join(GAMES)} (default {DEFAULT_GAME})")
    tournament.add_argument("--gauntlet", action="append", metavar="SPEC", default=[],
                            help="a fixed baseline every SPEC plays (repeat for several)")
    tournament.add_argument("--games-per-pair", default="2", type=whole_number(1, MAX_GAMES_PER_PAIR),
                            help="games between two players, half with each colour")
    _add_common(tournament)
    tournament.add_argument("--seconds-per-move", default="2", type=seconds, help="time limit per move (default 2)")
    tournament.add_argument("--max-plies", type=whole_number(1, MAX_PLIES),
                            help="a draw after this many plies (default: none, every game ends by its rules)")
    tournament.add_argument("--memory-mb", default="500", type=whole_number(50, MAX_MEMORY_MB),
                            help="memory limit of a student's agent, all its processes together (default 500)")
    tournament.add_argument("--baseline", help="the player rated 0 Elo (default: the first baseline or SPEC)")
    tournament.add_argument("--csv", metavar="FILE", type=file_to_write, help="also write every game to a CSV file")
    tournament.add_argument("--standings-csv", metavar="FILE", type=file_to_write,
                            help="also write the standings to a CSV file (a row per player)")
    tournament.add_argument("--json", action="store_true", help="print one JSON object: standings and games")
    add_dask_option(tournament)
    tournament.add_argument("--sandbox", type=sandbox_choice,
                            help="how students' files run: bubblewrap, process (no isolation: on purpose only) or "
                                 "auto (the default: SHOLOGUTI_SANDBOX, else auto)")

    experiment = commands.add_parser(
        "experiment", help="regenerate the data of the strength and other-games lessons",
        description="Play a strength experiment and write its CSV files (see lessons_lib.experiments.runs).")
    experiment.add_argument("name", choices=["strength", "perspectives", "ai-vs-ai", "games", "all",
                                             "depth", "iterations", "seed-modes"],
                            metavar="{strength,perspectives,ai-vs-ai,games,all}")
    experiment.add_argument("--games-per-pair", type=whole_number(1, MAX_GAMES_PER_PAIR),
                            help="games per pairing (default: the committed data's)")
    experiment.add_argument("--depths", type=whole_numbers(1),
                            help="comma-separated alpha-beta depths for strength (default 1,2,3,4,5,6,7)")
    experiment.add_argument("--iterations", type=whole_numbers(1),
                            help="comma-separated MCTS iterations for strength (default 50,100,200,500,1000,2000); "
                                 "perspectives plays at the first (default 1000)")
    add_dask_option(experiment)
    experiment.add_argument("--out", default="data/experiments", type=folder_to_write,
                            help="folder for the CSV files")
    _add_common(experiment)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", help=variant_help())
    parser.add_argument("--db", metavar="FILE", help="SQLite file that keeps every game; run again to resume")
    parser.add_argument("--workers", type=whole_number(1, MAX_WORKERS), default=os.cpu_count() or 1,
                        help="processes to play in (default: one per core)")
    parser.add_argument("--seed", default="0", type=whole_number(0), help="seeds the openings and every game (default 0)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run_tournament(args: argparse.Namespace) -> None:
    from lessons_lib.arena.players import labelled_apart, parse_player
    from lessons_lib.arena.sandbox import MAX_AGENT_FILE_BYTES
    from lessons_lib.arena.storage import ResultStore, export_csv
    from lessons_lib.arena.tournament import (
        TournamentSettings, endings, forfeits_by_player, format_endings, format_standings, gauntlet, play_tournament,
        round_robin, standings, standings_csv,
    )
    from lessons_lib.sandbox.handins import read_handin, refuse_repeats
    from lessons_lib.sandbox.isolation import choose_mode, sandbox_mode

    choose_mode(args.sandbox)
    # parsed here, once: the rest carries these (files of one name in folders of their own told apart by the folder)
    everyone = labelled_apart([parse_player(spec) for spec in [*args.specs, *args.gauntlet]])
    entered, baselines = everyone[:len(args.specs)], everyone[len(args.specs):]
    files = list(dict.fromkeys(player.file for player in [*entered, *baselines] if player.file is not None))
    # each file read now, without following links: ValueError for no such file, a link, a hard link, too large...
    refuse_repeats([read_handin(path, MAX_AGENT_FILE_BYTES, "agent file") for path in files])
    outputs_apart({"--db": args.db, "--csv": args.csv, "--standings-csv": args.standings_csv}, files, ("--db",))
    database_apart("--db", args.db, {"--csv": args.csv, "--standings-csv": args.standings_csv})  # links and ..
    game = game_named(args.game)
    rules = game.rules(args.variant)  # VariantError for a variant the game does not have
    settings = TournamentSettings(
        games_per_pair=args.games_per_pair, game=game.name, variant=rules.name if rules is not None else None,
        seconds_per_move=args.seconds_per_move, max_plies=args.max_plies, memory_mb=args.memory_mb, seed=args.seed)
    workers = args.workers
    csv_path = args.csv
    pairs = len(args.specs) * len(args.gauntlet) if args.gauntlet else len(args.specs) * (len(args.specs) - 1) // 2
    if pairs * settings.games_per_pair > MAX_GAMES:
        raise ValueError(f"that is {pairs * settings.games_per_pair:,} games; one tournament plays at most "
                         f"{MAX_GAMES:,} (lower --games-per-pair)")
    if args.gauntlet:
        schedule = gauntlet(entered, baselines, settings)
    else:
        schedule = round_robin(entered, settings)
    players = [*baselines, *entered]
    typed = [*args.gauntlet, *args.specs]
    if args.baseline is None:
        baseline = players[0].name
    elif args.baseline in typed:
        baseline = players[typed.index(args.baseline)].name
    else:
        raise ValueError(f"--baseline {args.baseline!r} is not one of the players")
    with ExitStack() as stack:
        store = stack.enter_context(ResultStore(args.db)) if args.db else None
        if files:
            sandbox_mode()  # SandboxUnavailable (one line) if the sandbox asked for cannot be had, before any game
        executor = None
        if args.dask:
            executor = stack.enter_context(dask_executor(args.dask, workers))
            # every worker isolates students' files as this machine would, or refuses the game (one line)
            schedule = [replace(game, sandbox=sandbox_mode() if files else None) for game in schedule]
        with _stopped_in_one_line(args.db):
            run = play_tournament(schedule, store=store, workers=workers, executor=executor, progress=not args.quiet)
    table = standings(run.results, baseline)
    ended = endings(run.results)
    forfeited = forfeits_by_player(run.results)
    if args.json:
        games = [{key: value for key, value in asdict(result).items() if key != "moves"} for result in run.results]
        variant = {"variant": settings.variant} if settings.variant else {}
        print(json.dumps({"game": game.name, **variant, "players": list(game.player_names), "baseline": baseline,
                          "played": run.played,
                          "resumed": run.resumed, "standings": [asdict(row) for row in table], "endings": ended,
                          "forfeits": [asdict(lost) for lost in forfeited], "games": games}))
    else:
        print(format_standings(table))  # every name in it escaped
        print(f"How the games ended: {format_endings(ended)}.")
        for lost in forfeited:  # one line a player, however many games it forfeited
            print(lost.line())
        stored = f"; {run.resumed} found in {shown(args.db)}" if args.db else ""
        print(f"{run.played} games played{stored}. Elo is relative to {shown(baseline)} (0).")
    # last, so that a file that cannot be written loses no result: they are shown above
    sys.stdout.flush()
    for option, path, write in (("--csv", csv_path, lambda path: export_csv(run.results, path)),
                                ("--standings-csv", args.standings_csv,
                                 lambda path: write_whole(path, standings_csv(table)))):
        if path is None:
            continue
        try:
            write(path)
        except OSError as error:
            kept = (f"and stored in {quoted_path(args.db)}" if args.db
                    else "but stored nowhere else (--db FILE keeps every game)")
            raise ValueError(f"{option}: could not write {quoted_path(path)} ({error.strerror or error}); the "
                             f"{len(run.results)} games are in the standings above {kept}") from None


@contextmanager
def _stopped_in_one_line(database: str | None) -> Iterator[None]:
    """Ctrl+C as one line saying what is kept: the games stored in ``database``, or none without one."""
    try:
        yield
    except KeyboardInterrupt:
        kept = (f"what was finished is kept in {quoted_path(database)}; run the same command again to go on"
                if database else "no game is kept (with --db FILE every finished game is, and the same command goes "
                                 "on from there)")
        raise KeyboardInterrupt(f"stopped: {kept}") from None


EXPERIMENT_TABLES = {"strength": ("depth", "iterations"), "perspectives": ("perspectives",),
                     "ai-vs-ai": ("ai_vs_ai",), "games": ("game_profiles", "game_matches")}
"""The tables each experiment writes into ``--out`` (``<name>.csv``), besides its games
(:data:`lessons_lib.experiments.runs.GAMES_FILES`)."""


def experiment_files(name: str, out: str | Path) -> list[Path]:
    """The files the experiment ``name`` (or ``all``, or an earlier name) writes into the folder ``out``."""
    from lessons_lib.experiments.runs import GAMES_FILES, OLD_NAMES

    name = OLD_NAMES.get(name, name)
    names = list(EXPERIMENT_TABLES) if name == "all" else [name]
    return [Path(out) / f"{stem}.csv" for each in names for stem in (*EXPERIMENT_TABLES[each], f"{GAMES_FILES[each]}_games")]


def run_experiment(args: argparse.Namespace) -> None:
    from lessons_lib.experiments.runs import EXPERIMENT_SECONDS_PER_MOVE, OLD_NAMES
    from lessons_lib.experiments.runs import run_experiment as run
    from lessons_lib.arena.storage import ResultStore
    from lessons_lib.arena.tournament import TournamentSettings

    rules = game_named(DEFAULT_GAME).rules(args.variant)  # the strength experiments play Shologuti
    settings = TournamentSettings(variant=rules.name if rules is not None else None, seed=args.seed,
                                  seconds_per_move=EXPERIMENT_SECONDS_PER_MOVE)
    games = args.games_per_pair
    for option in ("depths", "iterations"):
        levels = getattr(args, option)
        if levels is not None and len(levels) < 2 and OLD_NAMES.get(args.name, args.name) in ("strength", "all"):
            raise ValueError(f"--{option}: the strength experiment rates levels against each other: "
                             f"give two levels or more")
    out = args.out
    workers = args.workers
    for path in experiment_files(args.name, out):  # before the file is opened: a CSV file would overwrite it
        database_apart("--db", args.db, {"--out": path})
        outputs_apart({"--out": path}, [])  # nor over another database
    with ExitStack() as stack:
        store = stack.enter_context(ResultStore(args.db)) if args.db else None
        executor = stack.enter_context(dask_executor(args.dask, workers)) if args.dask else None
        stack.enter_context(_stopped_in_one_line(args.db))
        try:
            written = run(args.name, out, settings, games=games, depths=args.depths, iterations=args.iterations,
                          store=store, workers=workers, executor=executor, progress=not args.quiet)
        except OSError as error:  # a data file that cannot be written, after its games
            if error.filename is None:  # not a file's error
                raise
            kept = (f"the games played are stored in {quoted_path(args.db)}" if args.db
                    else "the games played are lost: --db FILE keeps every game")
            raise ValueError(f"could not write {quoted_path(error.filename)} "
                             f"({error.strerror or error}); {kept}") from None
    for path in written:
        print(path)
