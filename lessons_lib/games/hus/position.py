"""A Hus position: both players' pit counts, the side to move, the round, and a loss by an endless move.

A :class:`Position` never changes: :meth:`Position.play` returns a new one, so search
trees, MCTS nodes and widgets can share positions without undo bugs.

>>> start = Position.start()
>>> str(start)
'2*24,0*8/2*24,0*8 0 0'
>>> len(start.legal_moves())
24
>>> after = start.play("23")
>>> str(after)
'2*23,0,1,1,0*6/2*24,0*8 1 0'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TYPE_CHECKING

from lessons_lib.kit.errors import IllegalMoveError, PositionError
from lessons_lib.kit.game import NO_MOVE, GameState, Outcome
from lessons_lib.games.common.position import BasePosition, playout_limit
from lessons_lib.games.hus.board import LAST_ROUND, NORTH, PITS, PLAYER_NAMES, SOUTH, START_PITS, TOTAL_SEEDS
from lessons_lib.games.hus.moves import MOVES, Move
from lessons_lib.games.hus.notation import read_position, write_position
from lessons_lib.games.hus.movegen import ENDLESS, MAX_SOWINGS, Sowing, run_move, sown_perft
from lessons_lib.games.hus.zobrist import ENDLESS_KEY, FIRST_ROUND_KEY, NORTH_TO_MOVE_KEY, SEED_KEYS, compute_key
from lessons_lib.kit.chance import random_index

ENDLESS_MOVE: Final = "endless move"
"""Why a game ends when the player to move has made a move that would sow for ever (and loses)."""
ROUND_LIMIT: Final = "round limit"
"""Why a game ends when it has gone past its last round (a draw)."""
END_REASONS: Final = (ENDLESS_MOVE, NO_MOVE, ROUND_LIMIT)
"""Every reason :meth:`Position.outcome` gives for the end of a game, in the order it checks them."""


class Position(BasePosition[Move]):
    """An immutable Hus position (what all games' positions share: :class:`BasePosition`).

    Attributes (read-only):
        pits: 64 seed counts: South's pits 0..31, then North's pits 0..31.
        to_move: ``SOUTH`` (0) or ``NORTH`` (1).
        round_number: rounds completed; it goes up by one after North moves. No captures in round 0.
        endless: True once the player to move has lost by playing an endless move (the board is
            then the one before that move, and the player to move is the one who made it).
        key: the 64-bit Zobrist key (pits, side to move, first round or not, endless; not the round number).
    """

    game_name = "hus"

    __slots__ = ("_pits", "_round", "_endless")

    def __init__(self, pits: Sequence[int], to_move: int = SOUTH, round_number: int = 0,
                 endless: bool = False, *, key: int | None = None) -> None:
        """``key`` is given by :meth:`play` alone, which knows the parts make a position and what its key is:
        then they are not checked again (the fast path every move takes)."""
        if key is None:
            pits = _checked_pits(pits)
            _check_position(pits, to_move, round_number, endless)
            key = compute_key(pits, to_move, round_number, endless)
        self._pits = tuple(pits)
        self._to_move = to_move
        self._round = round_number
        self._endless = endless
        self._key = key
        self._moves = None

    # -- construction ---------------------------------------------------------

    @classmethod
    def start(cls) -> Position:
        """The start position: 2 seeds in each player's pits 0..23, South to move, round 0."""
        return cls(START_PITS + START_PITS, SOUTH, 0)

    @classmethod
    def from_string(cls, text: object) -> Position:
        """Read a position string ``<South's pits>/<North's pits> <side> <round> [endless]``, or ``start``.

        See :mod:`lessons_lib.games.hus.notation`.

        Raises:
            PositionError: with a message naming the part that is wrong.
        """
        if not isinstance(text, str):
            raise PositionError(f"a position is text, not {type(text).__name__}")
        if text.split() == ["start"]:
            return cls.start()
        return cls(*read_position(text))

    # -- read-only attributes -------------------------------------------------

    @property
    def pits(self) -> tuple[int, ...]:
        return self._pits

    @property
    def round_number(self) -> int:
        return self._round

    @property
    def endless(self) -> bool:
        return self._endless

    def most_plies_left(self) -> int:
        """No game from here lasts more plies than this, by the rules.

        A round is a move by each player (South first); the game is drawn once round
        ``LAST_ROUND`` (5,000) is over. From the start: 2 x 5,001 = 10,002 plies.
        """
        if self.is_game_over():
            return 0
        return 2 * (LAST_ROUND + 1 - self._round) - self._to_move

    def pits_of(self, player: int) -> tuple[int, ...]:
        """``player``'s 32 seed counts, by pit number."""
        return self._pits[PITS:] if player else self._pits[:PITS]

    def seeds(self, player: int) -> int:
        """How many seeds ``player`` has (the two players always have 96 between them)."""
        pits, total = self._pits, 0
        for pit in range(PITS * player, PITS * player + PITS):
            total += pits[pit]
        return total

    # -- the rules ------------------------------------------------------------

    def play(self, move: object) -> Position:
        """The position after ``move`` (a :class:`Move` or its notation, such as ``"17"``).

        After an endless move the board stays as it was and the game is over: the
        player who made it loses.

        Raises:
            IllegalMoveError: the move is not legal here (the message says why).
            MoveError: the text is not a move.
        """
        legal = self._legal_move_that_is(move) if not self._ended_by_a_limit() else None  # (17.0,) is 17's move too
        if legal is None:
            return self.play(self._parse_or_refuse(move, Move.parse))  # text is read; anything else, refused
        move = legal
        side = self._to_move
        pits = self._pits
        own_start, opponent_start = (PITS, 0) if side else (0, PITS)
        own = list(pits[own_start:own_start + PITS])
        opponent = list(pits[opponent_start:opponent_start + PITS])
        captured = run_move(own, opponent, move[0], self._round > 0)
        key = self._key
        if captured == ENDLESS:
            return Position(pits, side, self._round, True, key=key ^ ENDLESS_KEY)
        own_keys = SEED_KEYS[side]
        for pit in range(PITS):  # the key: each pit whose count changed, old count out and new count in
            old, new = pits[own_start + pit], own[pit]
            if old != new:
                key ^= own_keys[pit][old] ^ own_keys[pit][new]
        if captured:
            opponent_keys = SEED_KEYS[1 - side]
            for pit in range(PITS):
                old, new = pits[opponent_start + pit], opponent[pit]
                if old != new:
                    key ^= opponent_keys[pit][old] ^ opponent_keys[pit][new]
        key ^= NORTH_TO_MOVE_KEY
        round_number = self._round + side  # a round ends when North has moved
        if side and self._round == 0:
            key ^= FIRST_ROUND_KEY
        new_pits = tuple(opponent + own) if side else tuple(own + opponent)
        return Position(new_pits, 1 - side, round_number, False, key=key)

    def sowing_steps(self, move: Move | str) -> list[Sowing]:
        """The sowings ``move`` makes, in order: the seeds of its pit, then each relay or capture.

        An endless move gives its first 200 sowings, the last one ending in an occupied pit.

        >>> [tuple(sowing) for sowing in Position.start().sowing_steps("21")]
        [('move', 21, 2, 23), ('relay', 23, 3, 26)]
        """
        played = Move.parse(move) if isinstance(move, str) else move
        moves = self.legal_moves()
        if played not in moves:
            raise IllegalMoveError(self._why_illegal(played))
        played = moves[moves.index(played)]  # the move itself, should ``played`` be a tuple equal to it
        own, opponent = list(self.pits_of(self._to_move)), list(self.pits_of(1 - self._to_move))
        steps: list[Sowing] = []
        run_move(own, opponent, played[0], self._round > 0, steps)
        return steps

    def random_playout(self, rng: random.Random, max_plies: int | None = None) -> tuple[Position, int]:
        """Play uniformly random legal moves until the game ends (or ``max_plies`` have been played).

        Returns the last position and the number of plies played. It makes exactly
        the choices of :func:`lessons_lib.kit.game.random_playout` with the same ``rng``,
        but works on two lists of counts, without a position or a key for every ply,
        which makes MCTS rollouts faster.
        """
        limit = playout_limit(max_plies)
        rows = [list(self._pits[:PITS]), list(self._pits[PITS:])]
        side, round_number, endless = self._to_move, self._round, self._endless
        plies = 0
        while plies != limit and not endless and round_number <= LAST_ROUND:
            own = rows[side]
            pits = [pit for pit in range(PITS) if own[pit] > 1]
            if not pits:
                break
            pit = pits[random_index(rng, len(pits))]
            own_before, opponent_before = own.copy(), rows[1 - side].copy()
            plies += 1
            if run_move(own, rows[1 - side], pit, round_number > 0) == ENDLESS:
                rows[side], rows[1 - side] = own_before, opponent_before
                endless = True
            else:
                round_number += side
                side = 1 - side
        return Position(rows[0] + rows[1], side, round_number, endless), plies

    def count_leaves(self, depth: int) -> int:
        """Perft (:func:`lessons_lib.kit.perft.perft`) on two lists of counts, for ``depth`` at least 1."""
        if self._endless:
            return 0
        pits, side = self._pits, self._to_move
        own, opponent = (list(pits[PITS:]), list(pits[:PITS])) if side else (list(pits[:PITS]), list(pits[PITS:]))
        return sown_perft(own, opponent, side, self._round, depth)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on.

        The player to move loses after their own endless move, and when they have no
        legal move; this is checked before the round limit, so a move that leaves the
        opponent stuck wins even at the end of round 5,000. Otherwise the game is drawn
        once the round number passes 5,000.
        """
        if self._endless:
            return Outcome(1 - self._to_move, ENDLESS_MOVE)
        if not self._kept_moves():
            return Outcome(1 - self._to_move, NO_MOVE)
        if self._round > LAST_ROUND:
            return Outcome(None, ROUND_LIMIT)
        return None

    def _generate_moves(self) -> list[Move]:
        """The moves the rules give: the pits of the player to move that hold two seeds or more, by pit number."""
        pits, first = self._pits, PITS * self._to_move
        return [MOVES[pit] for pit in range(PITS) if pits[first + pit] > 1]

    def _ended_by_a_limit(self) -> bool:
        """True once the player to move has lost by an endless move, or the round limit is passed."""
        return self._endless or self._round > LAST_ROUND

    def _why_illegal(self, move: object) -> str:
        if not (isinstance(move, tuple) and len(move) == 1 and type(move[0]) is int and 0 <= move[0] < PITS):
            return f"{move!r} is not a move: a move is the number of one of your pits, 0 to 31"
        shown = str(move[0])
        outcome = self.outcome()
        if outcome is not None:
            return f"{shown} is not legal: the game is over ({outcome.reason})"
        count = self.pits_of(self._to_move)[move[0]]
        player = PLAYER_NAMES[self._to_move]
        if count == 0:
            return f"{shown} is not legal: {player}'s pit {shown} is empty"
        if count == 1:
            return f"{shown} is not legal: {player}'s pit {shown} holds one seed, and a move needs two or more"
        return f"{shown} is not legal here"

    # -- text and equality ----------------------------------------------------

    def __str__(self) -> str:
        return write_position(self._pits, self._to_move, self._round, self._endless)

    def _parts(self) -> tuple[object, ...]:
        return self._pits, self._to_move, self._round, self._endless


def _checked_pits(pits: Sequence[int]) -> tuple[int, ...]:
    """``pits`` as a tuple of 64 seed counts; PositionError unless that is what it is."""
    try:
        counts = tuple(pits)
    except TypeError:
        raise PositionError(f"pits: need 64 seed counts (South's 32, then North's 32), "
                            f"not {type(pits).__name__}") from None
    if len(counts) != 2 * PITS:
        raise PositionError(f"pits: need 64 seed counts (South's 32, then North's 32), got {len(counts)}")
    for index, count in enumerate(counts):
        if type(count) is not int or not 0 <= count <= TOTAL_SEEDS:
            raise PositionError(f"pits: {PLAYER_NAMES[index // PITS]}'s pit {index % PITS} holds {count!r}; "
                                f"a pit holds a whole number of seeds from 0 to {TOTAL_SEEDS}")
    return counts


def _check_position(pits: tuple[int, ...], to_move: int, round_number: int, endless: bool) -> None:
    """Raise PositionError, naming the problem, unless the parts make a possible position."""
    total = sum(pits)
    if total != TOTAL_SEEDS:
        raise PositionError(f"pits: the counts add up to {total} seeds, but a game always has {TOTAL_SEEDS}")
    if type(to_move) is not int or to_move not in (SOUTH, NORTH):
        raise PositionError(f"side to move: {to_move!r} should be 0 ({PLAYER_NAMES[0]}) or 1 ({PLAYER_NAMES[1]})")
    if type(round_number) is not int or not 0 <= round_number <= LAST_ROUND + 1:
        raise PositionError(f"round: {round_number!r} should be a whole number from 0 to {LAST_ROUND + 1} "
                            f"(the game is drawn once it passes {LAST_ROUND})")
    if round_number == LAST_ROUND + 1 and to_move == NORTH:
        raise PositionError(f"round: the game ended in round {LAST_ROUND + 1} before North could move")
    if round_number == 0 and sum(pits[:PITS]) != TOTAL_SEEDS // 2:
        raise PositionError(f"round: in round 0 nothing is captured, so each player still has "
                            f"{TOTAL_SEEDS // 2} seeds (South has {sum(pits[:PITS])})")
    if type(endless) is not bool:
        raise PositionError(f"endless: {endless!r} should be True or False")
    if endless:
        own = pits[PITS:] if to_move else pits[:PITS]
        opponent = pits[:PITS] if to_move else pits[PITS:]
        if round_number > LAST_ROUND or not any(count > 1 for count in own):
            raise PositionError(f"endless: the game was already over, so {PLAYER_NAMES[to_move]} "
                                f"cannot have made an endless move")
        if not any(run_move(list(own), list(opponent), pit, round_number > 0) == ENDLESS
                   for pit in range(PITS) if own[pit] > 1):
            raise PositionError(f"endless: none of {PLAYER_NAMES[to_move]}'s moves here needs more than "
                                f"{MAX_SOWINGS} sowings, so {PLAYER_NAMES[to_move]} cannot have lost by one")



if TYPE_CHECKING:

    def _is_a_game_state(position: Position) -> GameState[Move]:
        return position  # mypy checks here that Position offers the whole game interface
