"""One game between two players, with a seed and a time limit per move (and, if asked, a ply limit), fully recorded.

A player is named by a spec: a built-in agent (``alphabeta:4``, ``mcts:300``,
``negamax:0.5s``, ``random``; see :mod:`lessons_lib.agents.presets`) or the path of a
student's agent file (``my_agent.py``), which plays in a sandbox; it is parsed once, into a
:class:`~lessons_lib.arena.players.Player`, which the game carries.

Any game of :mod:`lessons_lib.games` can be played; Shologuti is the default. The arena
knows no game: it speaks of the *first* player (player 0, who moves first) and the
*second*, and of each by the name its game gives it (Green and Red, South and North).

Everything here is plain data, so a game can run in another process (or on
another machine) and come back as a :class:`GameReport`.
"""

from __future__ import annotations

import random
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from lessons_lib.agents.base import OverProcessorLimit, processor_time_limit
from lessons_lib.agents.match import MoveRefused
from lessons_lib.agents.match import play_game as play_game_loop
from lessons_lib.agents.presets import make_agent, seeded
from lessons_lib.arena.players import Player, describe_spec, is_agent_file, parse_player, split_label
from lessons_lib.arena.sandbox import ArenaFilesFailed, AgentFileChanged, Forfeit, SandboxedAgent, SandboxLimits
from lessons_lib.games import DEFAULT_GAME, GAMES
from lessons_lib.sandbox.isolation import choose_mode, sandbox_mode

__all__ = ["GameSpec", "GameReport", "MoveRecord", "play_game", "opening_suite", "describe_spec", "is_agent_file",
           "split_label", "can_stop_a_search"]

FIRST = 0  # the player who moves first
FORFEIT = "forfeit"
DEFAULT_PLY_LIMIT: int | None = None
"""No limit of the arena's own: every game ends by its rules, and the game's own bound
(``most_plies_left()`` of the start position, from its draw clock or last round) is the safety cap."""


@dataclass(frozen=True)
class GameSpec:
    """Everything needed to play (or replay) one game.

    Attributes:
        key: a name for the game, unique within its tournament.
        first, second: the players' specs; ``first`` moves first.
        variant: the game's rules by name (Shologuti's ``forced``, ``traditional``, ...); None for the
            default, and for a game with one set of rules.
        opening: the moves played before the players take over (text, e.g. ``["23-18", "13x23"]``).
        max_plies: a draw (``"ply limit"``) after this many plies; None: the game ends by its rules alone.
        seed: seeds both players' random choices (the second player's with ``seed + 1``).
        game: the game's name in :data:`lessons_lib.games.GAMES`.
        digests: for a player that is a student's file, the SHA-256 of the bytes the key was made from
            (first's, second's; None for a built-in agent or a file that could not be read): other bytes are
            never played under this key.
        players: the two players as parsed (from ``first`` and ``second`` if not given).
        sandbox: how a student's file runs where the game is played (``"bubblewrap"`` or ``"process"``, as
            :func:`~lessons_lib.sandbox.isolation.choose_mode` takes it), decided where the tournament started
            and carried to every worker of a cluster; None: as the process playing it is set.
    """

    key: str
    first: str = ""
    second: str = ""
    variant: str | None = None
    opening: tuple[str, ...] = ()
    seed: int = 0
    seconds_per_move: float = 2.0
    max_plies: int | None = DEFAULT_PLY_LIMIT
    memory_mb: int = 500
    game: str = DEFAULT_GAME
    digests: tuple[str | None, str | None] = (None, None)
    players: tuple[Player, Player] | None = None
    sandbox: str | None = None

    def __post_init__(self) -> None:
        if not self.first or not self.second:
            raise ValueError("a game needs a first and a second player")
        if self.players is None:
            object.__setattr__(self, "players", (parse_player(self.first), parse_player(self.second)))

    def start_position(self) -> Any:
        position = GAMES[self.game].start(self.variant)
        for move in self.opening:
            position = position.play(move)
        return position


@dataclass
class MoveRecord:
    """One ply: the move, who played it (by its game's name for the player), its thinking time, nodes searched
    and value. Nodes and value are those the agent reported (0 and None for a student's sandboxed file).
    """

    move: str
    side: str
    seconds: float
    nodes: int
    value: float | None


@dataclass
class GameReport:
    """How a game of the arena went, as a tournament keeps it: the players, the first player's score (1, 0.5 or
    0), the reason, and every move with its time (the game loop's own :class:`~lessons_lib.agents.match.GameResult`
    is the outcome and the moves alone)."""

    key: str
    first: str
    second: str
    first_score: float
    reason: str
    plies: int
    moves: list[MoveRecord] = field(default_factory=list)
    seed: int = 0
    opening: tuple[str, ...] = ()
    game: str = DEFAULT_GAME

    @property
    def winner(self) -> str | None:
        return None if self.first_score == 0.5 else self.first if self.first_score == 1 else self.second

    def score_of(self, player: str) -> float:
        """``player``'s score in this game (1, 0.5 or 0), whichever side it played."""
        return self.first_score if player == self.first else 1 - self.first_score

    @property
    def player_names(self) -> tuple[str, str]:
        """What its game calls the first and the second player (``("Green", "Red")``, ``("South", "North")``)."""
        return GAMES[self.game].player_names

    def mover(self, record: MoveRecord) -> str:
        """The spec of the player who made the move ``record`` records (records stored before the arena knew
        other games than Shologuti call the first player ``Green`` in every game)."""
        return self.first if record.side in (self.player_names[0], "Green") else self.second

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class _Player:
    """A built-in agent or a sandboxed file, behind one face."""

    def __init__(self, player: Player | str, seed: int, limits: SandboxLimits, game: str = DEFAULT_GAME,
                 digest: str | None = None) -> None:
        player = parse_player(player)
        self.spec = player.name
        self.sandbox = SandboxedAgent(player.file, limits, game, digest) if player.file is not None else None
        self.agent = None if self.sandbox else seeded(make_agent(player.agent or "", seed=seed), seed)
        self.limits = limits
        self.names = GAMES[game].player_names

    def move(self, position: Any) -> MoveRecord:
        """The player's move in ``position``, or :class:`Forfeit`.

        Built-in agents are trusted, but not unbounded: one that uses more than ``2 * seconds_per_move + 1``
        seconds of processor time for a move forfeits. The limit is on processor time, so a busy or stopped
        machine (a wall clock that ran on while the agent could not) never forfeits its game. The searches
        themselves look at the limit every thousand positions or so (:func:`~lessons_lib.agents.base.
        processor_time_limit`), compiled or not; in the main thread of a system with processor-time timers (Linux,
        macOS: the arena and its pool's workers) a timer also stops interpreted code between two looks.
        """
        started = time.perf_counter()
        if self.sandbox is not None:
            move = self.sandbox.choose_move(position)
            return MoveRecord(str(move), self.names[position.to_move], time.perf_counter() - started, 0, None)
        assert self.agent is not None
        limit = 2 * self.limits.seconds_per_move + 1
        thinking = time.thread_time()
        try:
            with processor_time_limit(limit):  # the searches look at it every thousand positions or so
                if can_stop_a_search():  # and in the main thread a timer stops interpreted code in between too
                    with _processor_time_limit(limit):
                        result = self.agent.search(position)
                else:
                    result = self.agent.search(position)
        except (_OverLimit, OverProcessorLimit):
            result = None
        seconds = time.perf_counter() - started
        used = time.thread_time() - thinking
        if result is None or used > limit:
            raise Forfeit(f"used {used:.1f} s of processor time for a move, over the limit of "
                          f"{self.limits.seconds_per_move:g} s")
        return MoveRecord(str(result.move), self.names[position.to_move], seconds, result.nodes, result.value)

    def close(self) -> None:
        if self.sandbox is not None:
            self.sandbox.close()


class _OverLimit(BaseException):
    """Raised in a built-in agent's search that has used up its processor time (a BaseException, so that no
    ``except Exception`` in the agent stops it)."""


def can_stop_a_search() -> bool:
    """Whether a built-in agent's search can be stopped the moment it goes over its limit: in the main thread
    (where Python runs signal handlers) of a system with processor-time timers (not Windows)."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def _processor_time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`_OverLimit` in the ``with`` block once the process has used ``seconds`` of processor time
    there (a SIGPROF from an ITIMER_PROF timer); the previous handler and timer are put back afterwards."""
    armed = [True]

    def over_limit(signum: int, frame: object) -> None:
        if armed[0]:
            armed[0] = False  # once at most, so that putting things back below is never interrupted
            raise _OverLimit

    previous_handler = signal.signal(signal.SIGPROF, over_limit)
    previous_timer = (0.0, 0.0)
    try:
        previous_timer = signal.setitimer(signal.ITIMER_PROF, seconds)
        yield
    finally:
        try:
            armed[0] = False
            signal.setitimer(signal.ITIMER_PROF, 0)
        finally:
            signal.signal(signal.SIGPROF, signal.SIG_DFL if previous_handler is None else previous_handler)
            if previous_timer[0] > 0:
                signal.setitimer(signal.ITIMER_PROF, *previous_timer)


def play_game(spec: GameSpec) -> GameReport:
    """Play the game ``spec`` describes and return what happened. Never raises for a player's fault.

    The players sit at the suite's one game loop (:func:`lessons_lib.agents.match.play_game`); a player that
    goes over its limits, crashes, or plays a move the rules refuse forfeits. Raises
    :class:`~lessons_lib.arena.sandbox.AgentFileChanged` if a student's file is no longer the one
    ``spec.digests`` names (the game is not played, so no result is stored under a false key).
    """
    limits = SandboxLimits(spec.seconds_per_move, spec.memory_mb)
    if spec.sandbox is not None:
        choose_mode(spec.sandbox)
        sandbox_mode()  # SandboxUnavailable here (one line) if this worker cannot isolate as the tournament asked
    position = spec.start_position()
    limit = position.most_plies_left() if spec.max_plies is None else spec.max_plies
    assert spec.players is not None
    players = [_Player(spec.players[0], spec.seed, limits, spec.game, spec.digests[0]),
               _Player(spec.players[1], spec.seed + 1, limits, spec.game, spec.digests[1])]
    records: list[MoveRecord] = []
    names = GAMES[spec.game].player_names

    def forfeit(side: int, reason: str) -> GameReport:
        return _result(spec, 0.0 if side == FIRST else 1.0,
                       f"{FORFEIT}: {names[side]} ({players[side].spec}) {reason}", records)

    try:
        played = play_game_loop([_Seat(player, records) for player in players], position, limit)
    except _Forfeited as forfeited:  # over its limits, or a built-in agent's error (a bug, but no crash)
        return forfeit(forfeited.side, forfeited.reason)
    except MoveRefused as refused:  # a move the rules refuse: not played, so not recorded
        del records[-1]
        return forfeit(refused.player, refused.reason)
    finally:
        for player in players:
            player.close()
    outcome = played.outcome
    return _result(spec, outcome.score_for(FIRST), outcome.reason, records)


class _Forfeited(Exception):
    """A player at the arena's table forfeited: which side, and why."""

    def __init__(self, side: int, reason: str) -> None:
        super().__init__(reason)
        self.side = side
        self.reason = reason


class _Seat:
    """A player at the arena's table, as the game loop sees it: it chooses a move and keeps its record."""

    def __init__(self, player: _Player, records: list[MoveRecord]) -> None:
        self.player = player
        self.records = records

    def choose_move(self, position: Any) -> str:
        try:
            record = self.player.move(position)
        except (AgentFileChanged, ArenaFilesFailed):  # not a player's fault: the tournament stops
            raise
        except (Forfeit, ValueError) as failure:
            raise _Forfeited(position.to_move, failure.reason if isinstance(failure, Forfeit) else str(failure)) \
                from None
        self.records.append(record)
        return record.move


def _result(spec: GameSpec, first_score: float, reason: str, moves: list[MoveRecord]) -> GameReport:
    return GameReport(spec.key, spec.first, spec.second, first_score, reason, len(moves), moves, spec.seed,
                      spec.opening, spec.game)


def opening_suite(count: int, seed: int, plies: int = 4, variant: str | None = None,
                  game: str = DEFAULT_GAME) -> list[tuple[str, ...]]:
    """``count`` seeded openings of ``plies`` random plies (each then played with both colours).

    The openings lead to different positions (two orders of the same moves count once), which keeps
    two deterministic agents from playing the same game again and again; only if the game has too few
    positions that far in (after ``50 × count`` tries) may one come twice.
    """
    rng = random.Random(seed)
    openings: list[tuple[str, ...]] = []
    reached: set[int] = set()
    attempts = 0
    while len(openings) < count:
        attempts += 1
        position = GAMES[game].start(variant)
        moves: list[str] = []
        for _ in range(plies):
            legal = position.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            moves.append(str(move))
            position = position.play(move)
        if (position.key not in reached or attempts > 50 * count) and not position.is_game_over():
            openings.append(tuple(moves))
            reached.add(position.key)
    return openings
