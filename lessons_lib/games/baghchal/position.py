"""A Bagh-Chal position: tigers, goats, side to move, goats in hand and captured, quiet-ply clock.

A :class:`Position` never changes: :meth:`Position.play` returns a new one. So a
search tree, an MCTS node or a widget can keep positions around without undo bugs.

>>> start = Position.start()
>>> str(start)
'T...T/...../...../...../T...T g 20 0'
>>> after = start.play("c3")
>>> str(after), after.to_move == TIGERS, len(after.legal_moves())
('T...T/...../..G../...../T...T t 19 0', True, 12)
"""

from __future__ import annotations

import random
from typing import Final, TYPE_CHECKING

from lessons_lib.games.baghchal.board import ALL_POINTS_MASK, CORNERS_MASK, POINT_COUNT, POINT_NAMES, POINTS, SIZE
from lessons_lib.games.baghchal.board import names_of
from lessons_lib.games.baghchal.movegen import DRAW_PLIES, GOAT_COUNT, GOATS, TIGERS, WINNING_CAPTURES, after_move
from lessons_lib.games.baghchal.movegen import bitboard_perft, count_moves, goat_moves, nth_move, tiger_moves
from lessons_lib.games.baghchal.moves import Move, board_move
from lessons_lib.games.baghchal.zobrist import CAPTURED_KEYS, GOAT_KEYS, IN_HAND_KEYS, TIGER_KEYS, TIGERS_TO_MOVE_KEY
from lessons_lib.games.baghchal.zobrist import compute_key
from lessons_lib.kit.errors import PositionError, is_whole_number, quoted
from lessons_lib.kit.game import DRAW_CLOCK, NO_MOVE, GameState, Outcome
from lessons_lib.games.common.position import BasePosition, most_plies_by_clock, playout_limit
from lessons_lib.kit.chance import random_index

PLAYER_NAMES: Final = ("Goats", "Tigers")
TIGER_COUNT: Final = 4

FIVE_CAPTURES: Final = "five captures"
"""Why a game ends when the tigers have captured five goats (and win)."""
TIGERS_TRAPPED: Final = "tigers trapped"
"""Why a game ends when the tigers, to move, have no legal move (and lose)."""
END_REASONS: Final = (FIVE_CAPTURES, TIGERS_TRAPPED, NO_MOVE, DRAW_CLOCK)
"""Every reason :meth:`Position.outcome` gives for the end of a game, in the order it checks them (``"no move"``:
the goats are stuck)."""

START_STRING: Final = "T...T/...../...../...../T...T g 20 0"



class Position(BasePosition[Move]):
    """An immutable Bagh-Chal position (what all games' positions share: :class:`BasePosition`).

    Attributes (read-only):
        tigers, goats: the pieces on the board as bitboards (bit ``p`` set: a piece on point ``p``).
        to_move: ``GOATS`` (0) or ``TIGERS`` (1).
        goats_in_hand: goats still to be placed (20 at the start).
        goats_captured: goats the tigers have taken; the fifth wins.
        clock: plies since the last capture or placement; the game is drawn at 100.
        key: the 64-bit Zobrist key (pieces, side to move, goats in hand and captured; not the clock).
    """

    game_name = "baghchal"

    __slots__ = ("_tigers", "_goats", "_in_hand", "_captured", "_clock")

    def __init__(
        self, tigers: int, goats: int, to_move: int, goats_in_hand: int, goats_captured: int, clock: int = 0,
        *, key: int | None = None,
    ) -> None:
        """``key`` is given by :meth:`play` alone, which knows the parts make a position and what its key is:
        then they are not checked again (the fast path every move takes)."""
        if key is None:
            _check_position(tigers, goats, to_move, goats_in_hand, goats_captured, clock)
            key = compute_key(tigers, goats, to_move, goats_in_hand, goats_captured)
        self._tigers = tigers
        self._goats = goats
        self._to_move = to_move
        self._in_hand = goats_in_hand
        self._captured = goats_captured
        self._clock = clock
        self._key = key
        self._moves = None

    # -- construction ---------------------------------------------------------

    @classmethod
    def start(cls) -> Position:
        """The starting position: a tiger on each corner, twenty goats in hand, goats to move."""
        return cls(CORNERS_MASK, 0, GOATS, GOAT_COUNT, 0)

    @classmethod
    def from_string(cls, text: str) -> Position:
        """Read ``<rows> <side> <goats in hand> <goats captured> [<clock>]``, or ``start``.

        The rows are the top row (``a5``..``e5``) first, separated by ``/``, each five
        of ``T`` (tiger), ``G`` (goat) and ``.`` (empty); the side is ``g`` or ``t``.

        Raises:
            PositionError: with a message naming the part that is wrong.
        """
        if not isinstance(text, str):
            raise PositionError(f"a position is text, not {type(text).__name__}")
        parts = text.split()
        if parts == ["start"]:
            return cls.start()
        if len(parts) not in (4, 5):
            raise PositionError(
                f"a position has 4 or 5 parts '<rows> <side> <goats in hand> <goats captured> [<clock>]' "
                f"(or is 'start'), but {quoted(text.strip())} has {len(parts)}"
            )
        rows = parts[0].split("/")
        if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
            raise PositionError(f"cells: need 5 rows of 5 cells separated by '/', like 'T...T/...../...', "
                                f"not {quoted(parts[0])}")
        cells = "".join(rows)
        bad = sorted({c for c in cells if c not in "TG."})
        if bad:
            raise PositionError(f"cells: {''.join(bad)!r} is not allowed; use T (tiger), G (goat) or . (empty)")
        side = parts[1]
        if side not in ("g", "t"):
            raise PositionError(f"side to move: {quoted(side)} should be 'g' (Goats) or 't' (Tigers)")
        numbers = []
        for name, word, limit in (("goats in hand", parts[2], GOAT_COUNT), ("goats captured", parts[3],
                                  WINNING_CAPTURES), ("clock", parts[4] if len(parts) == 5 else "0", DRAW_PLIES)):
            if not (is_whole_number(word, digits=3) and int(word) <= limit):
                raise PositionError(f"{name}: {quoted(word)} should be a whole number from 0 to {limit}")
            numbers.append(int(word))
        tigers = sum(1 << p for p, c in zip(POINTS, cells) if c == "T")
        goats = sum(1 << p for p, c in zip(POINTS, cells) if c == "G")
        return cls(tigers, goats, GOATS if side == "g" else TIGERS, *numbers)

    # -- read-only attributes -------------------------------------------------

    @property
    def tigers(self) -> int:
        return self._tigers

    @property
    def goats(self) -> int:
        return self._goats

    @property
    def goats_in_hand(self) -> int:
        return self._in_hand

    @property
    def goats_captured(self) -> int:
        return self._captured

    @property
    def clock(self) -> int:
        return self._clock

    def most_plies_left(self) -> int:
        """No game from here lasts more plies than this, by the rules.

        While goats are in hand every goat ply places one, so the last placement comes within
        ``2 x goats in hand`` plies (one fewer with the goats to move) and sets the clock to 0. After it,
        every ply captures (the clock back to 0) or adds one to the clock, a draw at 100; the tigers'
        fifth capture ends the game. From the start (goats to move): 39 + 100 + 4 x 100 = 539 plies.
        """
        if self.is_game_over():
            return 0
        captures_left = WINNING_CAPTURES - self._captured
        if self._in_hand:
            placing = 2 * self._in_hand - (self._to_move == GOATS)
            return placing + most_plies_by_clock(DRAW_PLIES, 0, max(captures_left - 1, 0))
        return most_plies_by_clock(DRAW_PLIES, self._clock, max(captures_left - 1, 0))

    def owner(self, point: int) -> int | None:
        """``GOATS`` or ``TIGERS`` if a piece of theirs is on ``point``; None for an empty point."""
        if type(point) is not int or point not in POINTS:
            raise PositionError(f"there is no point {point!r} (points are 0 to 24)")
        if self._tigers >> point & 1:
            return TIGERS
        if self._goats >> point & 1:
            return GOATS
        return None

    # -- the rules ------------------------------------------------------------

    def play(self, move: object) -> Position:
        """The position after ``move`` (a :class:`Move` or its notation, such as ``"a1xa3"``).

        Raises:
            IllegalMoveError: the move is not legal here (the message says why).
            MoveError: the text is not a move on this board.
        """
        legal = self._legal_move_that_is(move) if self._clock < DRAW_PLIES else None
        if legal is None:
            return self.play(self._parse_or_refuse(move, Move.parse))  # text is read; anything else, refused
        origin, target, over = legal
        side = self._to_move
        tigers, goats, in_hand, captured = self._tigers, self._goats, self._in_hand, self._captured
        key = self._key ^ TIGERS_TO_MOVE_KEY
        if origin is None:  # a goat placed
            key ^= GOAT_KEYS[target] ^ IN_HAND_KEYS[in_hand] ^ IN_HAND_KEYS[in_hand - 1]
            return Position(tigers, goats | 1 << target, TIGERS, in_hand - 1, captured, 0, key=key)
        moved = 1 << origin | 1 << target
        if side == GOATS:
            key ^= GOAT_KEYS[origin] ^ GOAT_KEYS[target]
            return Position(tigers, goats ^ moved, TIGERS, in_hand, captured, self._clock + 1, key=key)
        key ^= TIGER_KEYS[origin] ^ TIGER_KEYS[target]
        if over is None:
            return Position(tigers ^ moved, goats, GOATS, in_hand, captured, self._clock + 1, key=key)
        key ^= GOAT_KEYS[over] ^ CAPTURED_KEYS[captured] ^ CAPTURED_KEYS[captured + 1]
        return Position(tigers ^ moved, goats ^ 1 << over, GOATS, in_hand, captured + 1, 0, key=key)

    def random_playout(self, rng: random.Random, max_plies: int | None = None) -> tuple[Position, int]:
        """Play uniformly random legal moves until the game ends (or ``max_plies`` have been played).

        Returns the last position and the number of plies played. It makes exactly
        the choices :func:`lessons_lib.kit.game.random_playout` makes with the same ``rng``
        (the same draw over the same moves, in the same order), but on the bitboards alone,
        without building a position or a key for every ply, nor a list of the moves to pick one
        (:func:`~lessons_lib.games.baghchal.movegen.count_moves` and
        :func:`~lessons_lib.games.baghchal.movegen.nth_move`).
        """
        limit = playout_limit(max_plies)
        tigers, goats, side = self._tigers, self._goats, self._to_move
        in_hand, captured, clock = self._in_hand, self._captured, self._clock
        plies = 0
        while plies != limit and clock < DRAW_PLIES and captured < WINNING_CAPTURES:
            count = count_moves(tigers, goats, side, in_hand)
            if not count:
                break
            tigers, goats, in_hand, captured, clock = after_move(
                tigers, goats, side, in_hand, captured, clock,
                nth_move(tigers, goats, side, in_hand, random_index(rng, count)))
            side = 1 - side
            plies += 1
        return Position(tigers, goats, side, in_hand, captured, clock), plies

    def count_leaves(self, depth: int) -> int:
        """Perft (:func:`lessons_lib.kit.perft.perft`) on the bitboards alone, for ``depth`` at least 1."""
        return bitboard_perft(self._tigers, self._goats, self._to_move, self._in_hand, self._captured, self._clock,
                              depth)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on.

        In this order: the tigers win on the fifth capture (``"five captures"``); the
        side to move loses when it has no legal move (``"tigers trapped"``, or
        ``"no move"`` for the goats); the game is drawn when the clock reaches 100
        (``"draw clock"``). So a last quiet ply that traps the tigers still wins.
        """
        if self._captured >= WINNING_CAPTURES:
            return Outcome(TIGERS, FIVE_CAPTURES)
        if not self._kept_moves():
            return Outcome(1 - self._to_move, TIGERS_TRAPPED if self._to_move == TIGERS else NO_MOVE)
        if self._clock >= DRAW_PLIES:
            return Outcome(None, DRAW_CLOCK)
        return None

    def _generate_moves(self) -> list[Move]:
        """The moves the rules give, none after the fifth capture.

        Goats: placements by point (``a5``, ``b5``, ..., ``e1``: the order of the position
        string) while goats remain in hand, else steps by origin and then target point.
        Tigers: captures, then steps, each by origin and then target point.
        """
        if self._captured >= WINNING_CAPTURES:
            return []
        if self._to_move == TIGERS:
            return tiger_moves(self._tigers, self._goats)
        return goat_moves(self._tigers, self._goats, self._in_hand)

    def _ended_by_a_limit(self) -> bool:
        """True once the draw clock has run out."""
        return self._clock >= DRAW_PLIES

    def _why_illegal(self, move: object) -> str:
        found = board_move(move)
        if found is None:
            shown = str(move) if isinstance(move, Move) else repr(move)
            return f"{shown} is not a move on this board"
        move = found
        origin, target, over = move
        if self.outcome() is not None:
            return f"{move} is not legal: the game is over"
        if self._to_move == GOATS:
            if over is not None:
                return f"{move} is not legal: goats never capture"
            if origin is None and not self._in_hand:
                return f"{move} is not legal: all twenty goats are placed, so a goat must step"
            if origin is not None and self._in_hand:
                return f"{move} is not legal: goats move only once all twenty are placed ({self._in_hand} in hand)"
        elif origin is None:
            return f"{move} is not legal: only goats are placed, and it is the tigers' turn"
        if origin is not None and self.owner(origin) != self._to_move:
            return f"{move} is not legal: {POINT_NAMES[origin]} does not hold one of the {PLAYER_NAMES[self._to_move]}"
        if self.owner(target) is not None:
            return f"{move} is not legal: {POINT_NAMES[target]} is not empty"
        if over is not None and self.owner(over) != GOATS:
            return f"{move} is not legal: there is no goat on {POINT_NAMES[over]} to capture"
        return f"{move} is not legal here"

    # -- text and equality ----------------------------------------------------

    def __str__(self) -> str:
        tigers, goats = self._tigers, self._goats
        cells = "".join("T" if tigers >> p & 1 else "G" if goats >> p & 1 else "." for p in POINTS)
        rows = "/".join(cells[i : i + SIZE] for i in range(0, POINT_COUNT, SIZE))
        text = f"{rows} {'t' if self._to_move else 'g'} {self._in_hand} {self._captured}"
        return f"{text} {self._clock}" if self._clock else text

    def _parts(self) -> tuple[object, ...]:
        return self._tigers, self._goats, self._to_move, self._in_hand, self._captured, self._clock


def _check_position(tigers: int, goats: int, to_move: int, in_hand: int, captured: int, clock: int) -> None:
    """Raise PositionError, naming the problem, unless the parts make a position a game can reach."""
    for name, mask in (("tigers", tigers), ("goats", goats)):
        if type(mask) is not int or mask < 0 or mask & ~ALL_POINTS_MASK:
            raise PositionError(f"cells: {name} must be a bitboard of points 0 to 24")
    if tigers & goats:
        raise PositionError(f"cells: {', '.join(names_of(tigers & goats))} hold both a tiger and a goat")
    if tigers.bit_count() != TIGER_COUNT:
        raise PositionError(f"cells: there must be {TIGER_COUNT} tigers, not {tigers.bit_count()}")
    if type(to_move) is not int or to_move not in (GOATS, TIGERS):
        raise PositionError(f"side to move: {to_move!r} should be GOATS (0) or TIGERS (1)")
    for name, number, limit in (("goats in hand", in_hand, GOAT_COUNT), ("goats captured", captured,
                                WINNING_CAPTURES), ("clock", clock, DRAW_PLIES)):
        if type(number) is not int or not 0 <= number <= limit:
            raise PositionError(f"{name}: {number!r} should be a whole number from 0 to {limit}")
    on_board = goats.bit_count()
    if on_board + in_hand + captured != GOAT_COUNT:
        raise PositionError(f"goats: {on_board} on the board + {in_hand} in hand + {captured} captured "
                            f"should make {GOAT_COUNT}")
    if in_hand == GOAT_COUNT and (to_move != GOATS or tigers != CORNERS_MASK or clock):
        raise PositionError("goats in hand: with all 20 in hand nothing has been played: only the start has that")
    if captured == WINNING_CAPTURES and (to_move != GOATS or clock):
        raise PositionError("goats captured: the fifth capture ends the game, with goats to move and clock 0")
    if in_hand:
        tiger_turns = GOAT_COUNT - in_hand - (1 if to_move == TIGERS else 0)
        if captured > tiger_turns:
            raise PositionError(f"goats captured: {captured}, but the tigers have had only {tiger_turns} turns")
        if clock > (1 if to_move == GOATS else 0):
            raise PositionError(f"clock: {clock}, but while goats are placed every goat turn resets it "
                                f"(at most {1 if to_move == GOATS else 0} here)")



if TYPE_CHECKING:

    def _is_a_game_state(position: Position) -> GameState[Move]:
        return position  # mypy checks here that Position offers the whole game interface
