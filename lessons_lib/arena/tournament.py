"""Tournaments: round robin and gauntlet schedules, played in parallel, stored, and ranked.

A schedule is a list of :class:`~lessons_lib.arena.games.GameSpec`. Each game's key
and seed are made from what the game is (the players, the rules, the opening,
the limits, and for a student's file its contents), never from its place in the
schedule. So the same tournament always has the same keys, a resumed tournament
finds the games it already played, and adding a player to a class tournament
later plays only that player's games.

>>> schedule = round_robin(["random", "greedy"], TournamentSettings(games_per_pair=2))
>>> [(game.first, game.second) for game in schedule]
[('random', 'greedy'), ('greedy', 'random')]
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import multiprocessing
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import astuple, dataclass
from typing import Any

from lessons_lib.agents.presets import make_agent
from lessons_lib.arena.games import DEFAULT_PLY_LIMIT, FORFEIT, GameReport, GameSpec, opening_suite, play_game
from lessons_lib.arena.players import Player, describe_spec, parse_player
from lessons_lib.arena.ratings import Score, elo_intervals, fit_elo, score_interval
from lessons_lib.arena.sandbox import DEFAULT_MEMORY_MB, DEFAULT_SECONDS_PER_MOVE, file_digest
from lessons_lib.sandbox.isolation import announce_mode
from lessons_lib.sandbox.parent import end_with_parent
from lessons_lib.arena.storage import ResultStore, StorageError
from lessons_lib.tooling.files import quoted_path
from lessons_lib.tooling.text import distinct_names, shown, spreadsheet_cell
from lessons_lib.games import DEFAULT_GAME, GAMES


@dataclass(frozen=True)
class TournamentSettings:
    """How every game of a tournament is played.

    Attributes:
        games_per_pair: games between each pair of players, half with each colour
            (each opening of the suite is played once with each colour).
        seed: seeds the opening suite and every game's seed.
        opening_plies: random plies in each opening (0: every game from the start).
        variant: the game's rules by name (Shologuti's ``forced``, ``traditional``, ...); None for the default.
        game: the game played (see :data:`lessons_lib.games.GAMES`).
        max_plies: a draw after this many plies; None (the default) lets every game end by its own rules.
    """

    games_per_pair: int = 2
    seconds_per_move: float = DEFAULT_SECONDS_PER_MOVE
    variant: str | None = None
    max_plies: int | None = DEFAULT_PLY_LIMIT
    memory_mb: int = DEFAULT_MEMORY_MB
    seed: int = 0
    opening_plies: int = 4
    game: str = DEFAULT_GAME

    def __post_init__(self) -> None:
        if type(self.games_per_pair) is not int or self.games_per_pair < 1:
            raise ValueError(f"games per pair: {self.games_per_pair!r} should be a whole number, 1 or more")
        if not 0 < self.seconds_per_move < 1e6:
            raise ValueError(f"seconds per move: {self.seconds_per_move!r} should be above 0")


def pairing_games(first: str | Player, second: str | Player, settings: TournamentSettings,
                  swap_colours: bool = True) -> list[GameSpec]:
    """The games between two players, ``games_per_pair`` in all.

    Each opening is played once with each colour; with ``swap_colours=False``, ``first``
    moves first in every game, one game per opening (the Pygame game's AI vs AI mode).
    """
    first, second = parse_player(first), parse_player(second)
    per_opening = 2 if swap_colours else 1
    count = settings.games_per_pair
    openings = opening_suite(-(-count // per_opening), settings.seed, settings.opening_plies, settings.variant,
                             settings.game)
    games = []
    for number in range(count):
        opening = openings[number // per_opening]
        green, red = (first, second) if number % per_opening == 0 else (second, first)
        games.append(_game(green, red, opening, number // per_opening, settings))
    return games


def round_robin(players: Sequence[str | Player], settings: TournamentSettings) -> list[GameSpec]:
    """Every player against every other."""
    entered = [parse_player(player) for player in players]
    _check_players(entered)
    return [game for i, first in enumerate(entered) for second in entered[i + 1:]
            for game in pairing_games(first, second, settings)]


def gauntlet(players: Sequence[str | Player], baselines: Sequence[str | Player],
             settings: TournamentSettings) -> list[GameSpec]:
    """Every player against each of the fixed ``baselines`` (and the baselines not against each other)."""
    entered = [parse_player(player) for player in players]
    fixed = [parse_player(baseline) for baseline in baselines]
    _check_players([*entered, *fixed])
    return [game for player in entered for baseline in fixed for game in pairing_games(player, baseline, settings)]


def pairs_schedule(pairs: Iterable[tuple[str | Player, str | Player]], settings: TournamentSettings) -> list[GameSpec]:
    """The games of the given pairings only (for example neighbouring levels and a common baseline)."""
    return [game for first, second in pairs for game in pairing_games(first, second, settings)]


@dataclass
class TournamentRun:
    """A tournament's games (stored earlier or just played), in schedule order, and how many were played now."""

    results: list[GameReport]
    played: int
    resumed: int


def play_tournament(schedule: Sequence[GameSpec], *, store: ResultStore | None = None,
                    executor: Executor | None = None, workers: int | None = None, progress: bool = True,
                    on_result: Callable[[GameReport], None] | None = None) -> TournamentRun:
    """Play every game of ``schedule`` not already in ``store``; store each one the moment it ends.

    Args:
        store: where results are kept (and found again when resuming); None keeps them in memory only.
        executor: any ``concurrent.futures.Executor`` (for example a Dask client's
            ``get_executor()``); by default a process pool with ``workers`` processes
            (all the machine's cores), or no pool at all when ``workers`` is 1.
        progress: show a tqdm progress bar.
        on_result: called with each game as it ends (after it is stored).
    """
    keys = [game.key for game in schedule]
    if len(set(keys)) != len(keys):
        raise ValueError("the schedule holds the same game twice")
    done = {result.key: result for result in store.results(keys)} if store is not None else {}
    todo = [game for game in schedule if game.key not in done]
    if any(player.is_file for game in todo for player in game.players or ()):
        announce_mode()  # once, on standard error, if students' files will run without bubblewrap
    with _progress_bar(len(schedule), len(done), progress) as bar:
        def finish(game: GameSpec, result: GameReport) -> None:
            if store is not None:
                store.add(result, game)
            done[game.key] = result
            if on_result is not None:
                on_result(result)
            bar.update(1)

        if executor is None and (workers == 1 or len(todo) <= 1):
            for game in todo:
                finish(game, play_game(game))
        else:
            own_pool = executor is None
            pool = executor or _own_pool(workers or os.cpu_count() or 1)
            futures: dict[Future[GameReport], GameSpec] = {}
            try:
                futures = {pool.submit(play_game, game): game for game in todo}
                for future in as_completed(futures):
                    finish(futures[future], future.result())
            except BaseException:
                for future in futures:
                    future.cancel()
                _keep_finished(futures, done, finish)  # games that ended before the error are stored, not lost
                if own_pool:  # interrupted: stop the games in flight now (they are lost; the stored ones are not)
                    _stop_workers(pool)
                raise
            if own_pool:
                pool.shutdown()
    return TournamentRun([done[key] for key in keys], played=len(todo), resumed=len(schedule) - len(todo))


class _NoBar:
    """What a tournament without a progress bar updates: nothing (and tqdm is not even imported)."""

    def update(self, count: int) -> None:
        pass

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def _progress_bar(total: int, done: int, shown: bool) -> Any:
    """A tqdm bar over the games (``done`` of ``total`` already), or one that shows nothing."""
    if not shown:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, desc="games", unit="game")


def _own_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers die with the arena, however it dies (and their agents' sandboxes with them).

    On Linux the workers are forked, so none of them starts a new interpreter that would look for modules
    in the working folder (a folder of students' files, with perhaps a ``socket.py``) before the standard
    library's; elsewhere Python's default start method is used.
    """
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=end_with_parent,
                               initargs=(os.getpid(),))


def _keep_finished(futures: dict[Future[GameReport], GameSpec], done: dict[str, GameReport],
                   finish: Callable[[GameSpec, GameReport], None]) -> None:
    """Store every game that finished but was not stored yet (the tournament is stopping with an error), until
    the database itself fails."""
    for future, game in futures.items():
        if game.key in done or not future.done() or future.cancelled() or future.exception() is not None:
            continue
        try:
            finish(game, future.result())
        except StorageError:  # the database fails: no use trying (and waiting for it) again
            return
        except Exception:  # the error being raised already says what went wrong
            continue


def _stop_workers(pool: Executor) -> None:
    """End a process pool's workers at once, without waiting for their games."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in multiprocessing.active_children():  # the pool's workers: the arena starts no other
        worker.terminate()
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:  # let it close its wake-up pipe now: before 3.12, Python's exit could write to it as it
        manager.join(timeout=10)  # closed, and print a traceback (seen once: "Bad file descriptor")


@dataclass(frozen=True)
class Standing:
    """One player's line in the table: results, forfeits (games lost by forfeit), score rate and Elo.

    ``score_low``/``score_high`` is the score's interval (:func:`~lessons_lib.arena.ratings.score_interval`);
    ``elo_low``/``elo_high`` the profile-likelihood interval of the Elo, relative to the baseline (both 95%).
    """

    name: str
    spec: str
    games: int
    wins: int
    draws: int
    losses: int
    forfeits: int
    score: float
    score_low: float
    score_high: float
    elo: float
    elo_low: float
    elo_high: float


def standings(results: Sequence[GameReport], baseline: str | None = None) -> list[Standing]:
    """The table for ``results``, with ``baseline`` (default: the first player seen) at 0 Elo.

    The rows come in the order of :func:`standing_order`: by Elo as the table shows it, then score, then name.
    """
    scores = [Score(result.first, result.second, result.first_score) for result in results]
    players = list(dict.fromkeys(name for result in results for name in (result.first, result.second)))
    if not players:
        return []
    baseline = players[0] if baseline is None else baseline
    elo = fit_elo(scores, baseline, players)
    intervals = elo_intervals(scores, baseline, players)
    table = []
    for player in players:
        points = [(r.score_of(player), r.reason) for r in results if player in (r.first, r.second)]
        wins = sum(1 for score, _ in points if score == 1)
        draws = sum(1 for score, _ in points if score == 0.5)
        forfeits = sum(1 for score, reason in points if score == 0 and reason.startswith(FORFEIT))
        total = sum(score for score, _ in points)
        low, high = score_interval(wins, draws, len(points) - wins - draws)
        table.append(Standing(describe_spec(player), player, len(points), wins, draws, len(points) - wins - draws,
                              forfeits, total / len(points), low, high, elo[player], *intervals[player]))
    return sorted(table, key=standing_order)


def endings(results: Sequence[GameReport]) -> dict[str, int]:
    """How many games ended each way (``"no pieces"``, ``"draw clock"``, ``"ply limit"``, every forfeit as
    ``"forfeit"``), most common first.

    >>> from lessons_lib.arena.games import GameReport
    >>> games = [GameReport("k", "a", "b", 0.5, reason, 100, [], 0, ()) for reason in ("draw clock", "no pieces",
    ...                                                                          "draw clock")]
    >>> endings(games)
    {'draw clock': 2, 'no pieces': 1}
    """
    counts: dict[str, int] = {}
    for result in results:
        reason = FORFEIT if result.reason.startswith(FORFEIT) else result.reason
        counts[reason] = counts.get(reason, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


@dataclass(frozen=True)
class Forfeits:
    """One player's games lost by forfeit: how many of its games, and each kind of reason with how many games it
    ended (most common first), the first of them and its reason in full."""

    player: str
    forfeits: int
    games: int
    reasons: tuple[tuple[str, int, str, str], ...]

    def line(self) -> str:
        """One line for the player (escaped: see :func:`shown`).

        >>> print(Forfeits("carol", 4, 6, (("returned an illegal move", 3, "k1", "returned the illegal move 1-2"),
        ...                                ("raised KeyError", 1, "k2", "raised KeyError"))).line())
        carol forfeited 4 of 6 games: returned an illegal move (3 games, first k1: returned the illegal move 1-2); \
raised KeyError (1 game, first k2)
        """
        reasons = "; ".join(f"{kind} ({count} game{'s' if count != 1 else ''}, first {first}"
                            f"{': ' + reason if reason != kind else ''})" for kind, count, first, reason in self.reasons)
        return shown(f"{self.player} forfeited {self.forfeits} of {self.games} games: {reasons}")


ILLEGAL_MOVE = re.compile(r"the illegal move \S+")


def forfeits_by_player(results: Sequence[GameReport]) -> list[Forfeits]:
    """Every player who lost a game by forfeit (named as in the table), in the order they first did, with why: the
    reason without the words every forfeit of the player starts with, illegal moves counted as one kind."""
    lost: dict[str, dict[str, list[tuple[str, str]]]] = {}
    games: dict[str, int] = {}
    for result in results:
        for player in (result.first, result.second):
            games[player] = games.get(player, 0) + 1
        if not result.reason.startswith(FORFEIT) or result.first_score == 0.5:
            continue
        loser = result.first if result.first_score == 0 else result.second
        side = result.player_names[0 if loser == result.first else 1]
        reason = result.reason.removeprefix(f"{FORFEIT}: {side} ({loser}) ")
        kind = ILLEGAL_MOVE.sub("an illegal move", reason)
        lost.setdefault(loser, {}).setdefault(kind, []).append((result.key, reason))
    return [Forfeits(describe_spec(player), sum(map(len, kinds.values())), games[player],
                     tuple((kind, len(found), *found[0]) for kind, found in
                           sorted(kinds.items(), key=lambda item: -len(item[1]))))
            for player, kinds in lost.items()]


def format_endings(counts: dict[str, int]) -> str:
    """``{"draw clock": 2, "no pieces": 1}`` as ``"draw clock 2; no pieces 1"`` (a CSV cell, a table's last line)."""
    return "; ".join(f"{reason} {count}" for reason, count in counts.items())


def standing_order(standing: Standing) -> tuple[int, float, str]:
    """Where a row goes in the table: higher Elo *as shown* (whole points) first, then higher score, then name.

    Sorting on the fitted Elo itself would not do: two players with the same record have the same Elo in
    theory, but the fit's last digits (0.0 or -9.6e-15, say) differ from machine to machine, and the order
    must not. Everything in the key is shown in the table, so a reader can check the order.

    >>> tied = [Standing(name, name, 2, 1, 0, 1, 0, 0.5, 0.1, 0.9, elo, -50.0, 50.0)
    ...         for name, elo in (("b", 0.0), ("a", -9.6e-15))]
    >>> [row.name for row in sorted(tied, key=standing_order)]
    ['a', 'b']
    """
    return -shown_elo(standing.elo), -standing.score, standing.name


def shown_elo(elo: float) -> int:
    """An Elo as the table shows it: whole points (and 0, never -0, for a tiny negative number)."""
    return round(elo) + 0


def _shown(elo: float) -> str:
    return f"{shown_elo(elo):+d}"


STANDINGS_COLUMNS = ("rank", "player", "spec", "games", "wins", "draws", "losses", "forfeits", "score", "score_low",
                     "score_high", "elo", "elo_low", "elo_high")
"""The columns of :func:`standings_csv`: scores as shares of the points (0 to 1), Elo in points, both with their
95% intervals."""


def standings_csv(table: Sequence[Standing]) -> str:
    """The standings as CSV, a row per player in the table's order (names made safe for a spreadsheet).

    >>> print(standings_csv([Standing("a", "a", 4, 3, 1, 0, 0, 0.875, 0.5, 0.98, 120.0, 20.0, 300.0)]), end="")
    rank,player,spec,games,wins,draws,losses,forfeits,score,score_low,score_high,elo,elo_low,elo_high
    1,a,a,4,3,1,0,0,0.875,0.5,0.98,120.0,20.0,300.0
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_COLUMNS)
    for rank, row in enumerate(table, 1):
        writer.writerow([rank, spreadsheet_cell(row.name), spreadsheet_cell(row.spec), row.games, row.wins, row.draws,
                         row.losses, row.forfeits, *(round(value, 4) for value in (row.score, row.score_low,
                                                                                   row.score_high)),
                         *(round(value, 1) for value in (row.elo, row.elo_low, row.elo_high))])
    return out.getvalue()


def format_standings(table: Sequence[Standing]) -> str:
    """The standings as a text table: players' names with control characters escaped (see :func:`shown`), cut to 16
    characters unless that would make two look alike, and a name that could be mistaken for another's with its
    escaped form beside it (``bоb [b\\u043eb]``: see :func:`distinct_names`).

    >>> print(format_standings([Standing("a", "a", 4, 3, 1, 0, 0, 0.875, 0.5, 0.98, 120.0, 20.0, 300.0)]))
     # player           games  win draw loss forfeit  score    Elo (95% interval)
     1 a                    4    3    1    0       0  87.5%   +120 (+20 to +300)
    """
    names = distinct_names(row.name for row in table)
    cut = {name: text[:16] for name, text in names.items()}
    if len(set(cut.values())) < len(cut) or any(text != shown(name) for name, text in names.items()):
        cut = names  # cut, two would look alike (or a name's escaped form would be lost): the column widens
    width = max([16, *(len(text) for text in cut.values())])
    lines = [f"{'#':>2} {'player':<{width}}{'games':>6}{'win':>5}{'draw':>5}{'loss':>5}{'forfeit':>8}{'score':>7}"
             f"    Elo (95% interval)"]
    for rank, row in enumerate(table, start=1):
        lines.append(f"{rank:>2} {cut[row.name]:<{width}}{row.games:>6}{row.wins:>5}{row.draws:>5}{row.losses:>5}"
                     f"{row.forfeits:>8}{row.score:>7.1%}  {_shown(row.elo):>5} "
                     f"({_shown(row.elo_low)} to {_shown(row.elo_high)})")
    return "\n".join(lines)


KEY_RULES_OF_A_GAME_WITHOUT_VARIANTS = [True, True, 100]
"""What a game's key records as its rules when the game has one set (the keys of games stored before the arena
knew other games than Shologuti held Shologuti's default rules there; keeping it finds those games again)."""


def _game(first: Player, second: Player, opening: tuple[str, ...], opening_number: int,
          settings: TournamentSettings) -> GameSpec:
    rules = GAMES[settings.game].rules(settings.variant)
    files = (_file_digest(first), _file_digest(second))
    # The key's content keeps the words it had when every game was Shologuti ("green", "red", "rules"), so a
    # tournament stored then is found again; the game is named in it for every game but the first one.
    content = {
        "green": _identity(first, files[0]), "red": _identity(second, files[1]), "opening": opening,
        "rules": list(astuple(rules)) if rules is not None else KEY_RULES_OF_A_GAME_WITHOUT_VARIANTS,
        "seed": settings.seed, "seconds_per_move": settings.seconds_per_move, "max_plies": settings.max_plies,
        "memory_mb": settings.memory_mb,
    }
    if settings.game != DEFAULT_GAME:
        content["game"] = settings.game
    digest = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()
    return GameSpec(
        key=f"{first.shown} v {second.shown} #{opening_number + 1} {digest[:12]}",
        first=first.name, second=second.name, variant=settings.variant, opening=opening, seed=int(digest[12:20], 16),
        seconds_per_move=settings.seconds_per_move, max_plies=settings.max_plies, memory_mb=settings.memory_mb,
        game=settings.game, digests=files, players=(first, second),
    )


def _identity(player: Player, digest: str | None) -> str:
    """What a player is, for its games' keys: a built-in spec as written; a student's file by its contents
    (``digest``) and its path as written, or, when it has a label, by its label and contents alone (so that
    its games, and their seeds, are the same wherever the file lies)."""
    if digest is None:
        return player.name
    if player.label is not None:
        return f"{player.label}@{digest[:16]}"
    return f"{player.name}@{digest[:16]}"


def _file_digest(player: Player) -> str | None:
    """The SHA-256 of a student's file (None for a built-in agent, or a file that cannot be read: it forfeits)."""
    if player.file is None:
        return None
    try:
        return file_digest(player.file)
    except ValueError:
        return None


def _check_players(players: Sequence[Player]) -> None:
    if len(players) < 2:
        raise ValueError("a tournament needs at least two players")
    for player in players:
        _check_text(player)
    names = [player.shown for player in players]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(f"{', '.join(repeated)} entered twice; give each player once "
                         f"(or a label for each, like control=alphabeta:3)")
    for player in players:
        if player.agent is not None:
            make_agent(player.agent)  # ValueError naming the unknown agent or bad setting


def _check_text(player: Player) -> None:
    """ValueError for a player whose name is not text that can be stored: a file name that is not valid UTF-8
    (``\\xff\\xfe.py``) is refused before any game, for its games could never be stored or exported."""
    try:
        player.name.encode("utf-8")
    except UnicodeEncodeError:
        what = "the file name" if player.is_file else "the name"
        raise ValueError(f"{what} {quoted_path(player.name)} is not valid UTF-8, so its games could not be stored or "
                         f"exported: rename it") from None
