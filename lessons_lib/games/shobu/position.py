"""A Shobu position: the stones on the four boards, the side to move and the quiet-ply clock.

A :class:`Position` never changes: :meth:`Position.play` returns a new one. A move
is a whole turn, passive and aggressive, so the players simply alternate.

The game ends, checked in this order, when the side to move

1. has no stone left on some board: the other player (who just cleared it) wins;
2. has no legal move: it loses;
3. faces a quiet-ply clock of 100 (a hundred plies since a stone was last removed): a draw.

Instead of a clock, the student Shobu project refused any move that repeats an earlier
board position. We chose the clock because then a position is a few small ints
with no game history: immutable, cheap to copy, and its own search key.

>>> start = Position.start()
>>> len(start.legal_moves())
232
>>> after = start.play("bd:b1-b3,wl:c1-c3")
>>> str(after)
'b.bb.....b..wwww/bbbb........wwww/bbbb........wwww/bb.b......b.wwww w 1'
"""

from __future__ import annotations

import random
from typing import Final, TYPE_CHECKING

from lessons_lib.kit.errors import IllegalMoveError, PositionError, is_whole_number, quoted
from lessons_lib.kit.game import DRAW_CLOCK, NO_MOVE, GameState, Outcome
from lessons_lib.games.common.position import BasePosition, most_plies_by_clock, playout_limit
from lessons_lib.games.shobu.board import ALL_SQUARES, BOARD_NAMES, HOME_MASKS, ROW_MASKS, SQUARE_COUNT, SQUARE_NAMES
from lessons_lib.games.shobu.board import board_counts, has_empty_board
from lessons_lib.games.shobu.movegen import DRAW_PLIES, after_move, colour_words, count_moves, generate_moves
from lessons_lib.games.shobu.movegen import has_legal_move, nth_move, stones_of, words_after_move
from lessons_lib.games.shobu.movegen import words_have_empty_board, words_perft
from lessons_lib.games.shobu.moves import ALL_MOVES, PUSH_PATHS, Move
from lessons_lib.games.shobu.zobrist import STONE_KEYS, WHITE_TO_MOVE_KEY, compute_key
from lessons_lib.kit.chance import random_index

BLACK: Final = 0
"""Black starts on row 1 of every board and moves first."""
WHITE: Final = 1
"""White starts on row 4 of every board."""
PLAYER_NAMES: Final = ("Black", "White")
STONES_PER_BOARD: Final = 4
"""Each player starts with four stones on each board; stones never change boards, so never more."""

BOARD_CLEARED: Final = "board cleared"
"""Why a game ends when one of the boards of the player to move has none of their stones left (they lose)."""
END_REASONS: Final = (BOARD_CLEARED, NO_MOVE, DRAW_CLOCK)
"""Every reason :meth:`Position.outcome` gives for the end of a game, in the order it checks them."""

START_STRING: Final = "bbbb........wwww/bbbb........wwww/bbbb........wwww/bbbb........wwww b"



class Position(BasePosition[Move]):
    """An immutable Shobu position (what all games' positions share: :class:`BasePosition`).

    Attributes (read-only):
        black, white: each player's stones as a 64-bit bitboard (see :mod:`lessons_lib.games.shobu.board`).
        to_move: ``BLACK`` (0) or ``WHITE`` (1).
        clock: plies since a stone was last removed (0 to 100).
        key: the 64-bit Zobrist key (stones and side to move; not the clock).
    """

    game_name = "shobu"

    __slots__ = ("_black", "_white", "_clock")

    def __init__(self, black: int, white: int, to_move: int = BLACK, clock: int = 0, *,
                 key: int | None = None) -> None:
        """``key`` is given by :meth:`play` alone, which knows the parts make a position and what its key is:
        then they are not checked again (the fast path every move takes)."""
        if key is None:
            _check_position(black, white, to_move, clock)
            key = compute_key(black, white, to_move)
        self._black = black
        self._white = white
        self._to_move = to_move
        self._clock = clock
        self._key = key
        self._moves = None

    # -- construction ---------------------------------------------------------

    @classmethod
    def start(cls) -> Position:
        """The starting position: Black on row 1 and White on row 4 of every board, Black to move."""
        return cls(ROW_MASKS[0], ROW_MASKS[3], BLACK, 0)

    @classmethod
    def from_string(cls, text: object) -> Position:
        """Read ``<bd>/<bl>/<wd>/<wl> <side> [<clock>]``, or ``start``.

        Each board is 16 cells ``b``, ``w`` or ``.`` for the squares a1 b1 c1 d1 a2 … d4;
        the side is ``b`` or ``w``; the clock defaults to 0.

        Raises:
            PositionError: with a message naming the part that is wrong.
        """
        if not isinstance(text, str):
            raise PositionError(f"a position is text, not {type(text).__name__}")
        parts = text.split()
        if parts == ["start"]:
            return cls.start()
        if len(parts) not in (2, 3):
            raise PositionError(f"a position has 2 or 3 parts '<bd>/<bl>/<wd>/<wl> <side> [<clock>]' "
                                f"(or is 'start'), but {quoted(text.strip())} has {len(parts)}")
        boards = parts[0].split("/")
        if len(boards) != 4:
            raise PositionError(f"boards: need 4 boards separated by '/' (bd/bl/wd/wl), got {len(boards)}")
        black = white = 0
        for board, cells in enumerate(boards):
            if len(cells) != 16:
                raise PositionError(f"board {BOARD_NAMES[board]}: need 16 cells (a1 b1 c1 d1 a2 … d4), "
                                    f"got {len(cells)}")
            bad = sorted({c for c in cells if c not in "bw."})
            if bad:
                raise PositionError(f"board {BOARD_NAMES[board]}: {''.join(bad)!r} is not allowed; "
                                    f"use b, w or . (empty)")
            for cell, content in enumerate(cells):
                if content == "b":
                    black |= 1 << (16 * board + cell)
                elif content == "w":
                    white |= 1 << (16 * board + cell)
        side = parts[1]
        if side not in ("b", "w"):
            raise PositionError(f"side to move: {quoted(side)} should be 'b' (Black) or 'w' (White)")
        clock = 0
        if len(parts) == 3:
            clock_text = parts[2]
            if not is_whole_number(clock_text, digits=3):
                raise PositionError(f"clock: {quoted(clock_text)} should be a whole number of plies "
                                    f"from 0 to {DRAW_PLIES}")
            clock = int(clock_text)
        return cls(black, white, WHITE if side == "w" else BLACK, clock)

    # -- read-only attributes -------------------------------------------------

    @property
    def black(self) -> int:
        return self._black

    @property
    def white(self) -> int:
        return self._white

    @property
    def clock(self) -> int:
        return self._clock

    def stones(self, player: int) -> int:
        """The bitboard of ``player``'s stones."""
        return self._white if player else self._black

    def board_counts(self, player: int) -> tuple[int, int, int, int]:
        """How many stones ``player`` has on each board, in the order ``bd``, ``bl``, ``wd``, ``wl``."""
        return board_counts(self._white if player else self._black)

    def most_plies_left(self) -> int:
        """No game from here lasts more plies than this, by the rules.

        A ply removes at most one stone, and a player whose last stone on any board is removed has
        lost; every other ply adds one to the quiet-ply clock, a draw at 100. So at most (stones on
        each player's each board, less one) removals leave the game going, and one more can end it.
        From the start: 100 + 24 x 100 = 2,500 plies.
        """
        if self.is_game_over():
            return 0
        spare = sum(max(count - 1, 0) for player in (BLACK, WHITE) for count in self.board_counts(player))
        return most_plies_by_clock(DRAW_PLIES, self._clock, spare)

    def owner(self, square: object) -> int | None:
        """``BLACK``, ``WHITE`` or None (an empty square) for a square number 0..63."""
        if type(square) is not int or not 0 <= square < SQUARE_COUNT:
            raise PositionError(f"there is no square {square!r} (squares are 0 to 63)")
        if self._black >> square & 1:
            return BLACK
        if self._white >> square & 1:
            return WHITE
        return None

    # -- the rules ------------------------------------------------------------

    def play(self, move: object) -> Position:
        """The position after ``move`` (a :class:`Move` or its notation, such as ``"bd:b1-b3,wl:c1-c3"``).

        Raises:
            IllegalMoveError: the move is not legal here (the message says why).
            MoveError: the text is not a move.
        """
        listed = self._legal_move_that_is(move) if self._clock < DRAW_PLIES else None
        if listed is None:  # not a legal move here as it stands: text is read; anything else is checked and refused
            if isinstance(move, str):
                move = Move.parse(move)
            reason = self.why_illegal(move)
            if reason is not None:
                shown = str(move) if _shape_problem(move) is None else f"Move{tuple(move)!r}" \
                    if isinstance(move, tuple) else repr(move)  # a move that is none cannot be written: its fields
                raise IllegalMoveError(f"{shown} is not legal: {reason}")
            listed = _the_move(move)  # the game's own Move (for a tuple equal to it, say with floats)
        move = listed
        side = self._to_move
        own, opp = (self._white, self._black) if side else (self._black, self._white)
        new_own, new_opp, removed = after_move(own, opp, move)
        keys = STONE_KEYS[side]
        passive_origin, passive_target, aggressive_origin, aggressive_target, _ = move
        key = (self._key ^ WHITE_TO_MOVE_KEY ^ keys[passive_origin] ^ keys[passive_target]
               ^ keys[aggressive_origin] ^ keys[aggressive_target])
        changed = opp ^ new_opp  # the pushed stone's old and new squares (one of them, if it was removed)
        while changed:
            low = changed & -changed
            key ^= STONE_KEYS[1 - side][low.bit_length() - 1]
            changed ^= low
        clock = 0 if removed else self._clock + 1
        if side:
            return Position(new_opp, new_own, BLACK, clock, key=key)
        return Position(new_own, new_opp, WHITE, clock, key=key)

    def random_playout(self, rng: random.Random, max_plies: int | None = None) -> tuple[Position, int]:
        """Play uniformly random legal moves until the game ends (or ``max_plies`` have been played).

        Makes exactly the choices :func:`lessons_lib.kit.game.random_playout` makes with the
        same ``rng``, but on each colour's stones as native words (:mod:`~lessons_lib.games.shobu.movegen`), without
        a position or key for every ply and without listing all the moves of a position to pick one
        (:func:`~lessons_lib.games.shobu.movegen.count_moves` and :func:`~lessons_lib.games.shobu.movegen.nth_move`).
        """
        limit = playout_limit(max_plies)
        side, clock = self._to_move, self._clock
        own, opp = (self._white, self._black) if side else (self._black, self._white)
        own_dark, own_light = colour_words(own)
        opp_dark, opp_light = colour_words(opp)
        plies = 0
        if not words_have_empty_board(own_dark, own_light):
            while plies != limit and clock < DRAW_PLIES:
                count = count_moves(own_dark, own_light, opp_dark, opp_light, side)
                if not count:
                    break
                move = nth_move(own_dark, own_light, opp_dark, opp_light, side, random_index(rng, count))
                own_dark, own_light, opp_dark, opp_light, removed = words_after_move(
                    own_dark, own_light, opp_dark, opp_light, move)
                plies += 1
                clock = 0 if removed else clock + 1
                own_dark, own_light, opp_dark, opp_light, side = opp_dark, opp_light, own_dark, own_light, 1 - side
                if removed and words_have_empty_board(own_dark, own_light):
                    break
        own, opp = stones_of(own_dark, own_light), stones_of(opp_dark, opp_light)
        black, white = (opp, own) if side else (own, opp)
        return Position(black, white, side, clock), plies

    def count_leaves(self, depth: int) -> int:
        """Perft (:func:`lessons_lib.kit.perft.perft`) on each colour's stones as native words, for ``depth`` at
        least 1."""
        side = self._to_move
        own, opp = (self._white, self._black) if side else (self._black, self._white)
        own_dark, own_light = colour_words(own)
        opp_dark, opp_light = colour_words(opp)
        return words_perft(own_dark, own_light, opp_dark, opp_light, side, self._clock, depth)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on.

        Checked in order: the side to move has a board with none of its stones (the
        other player wins, ``"board cleared"``); it has no legal move (it loses,
        ``"no move"``); the clock has reached 100 (a draw, ``"draw clock"``).
        """
        if not self._has_move():
            own = self._white if self._to_move else self._black
            return Outcome(1 - self._to_move, BOARD_CLEARED if has_empty_board(own) else NO_MOVE)
        if self._clock >= DRAW_PLIES:
            return Outcome(None, DRAW_CLOCK)
        return None

    def _generate_moves(self) -> list[Move]:
        """The moves the rules give, none once a board of the player to move is cleared.

        In this order: by vector (N 1, N 2, NE 1, … NW 2: clockwise from north, one square
        before two), then by the passive stone's square, then by the aggressive stone's
        square (squares in the order ``bd:a1`` … ``wl:d4``).
        """
        side = self._to_move
        own, opp = (self._white, self._black) if side else (self._black, self._white)
        return [] if has_empty_board(own) else generate_moves(own, opp, side)

    def _ended_by_a_limit(self) -> bool:
        """True once the draw clock has run out."""
        return self._clock >= DRAW_PLIES

    def _has_move(self) -> bool:
        """Whether the side to move has a legal move (the clock aside), without listing the moves if not yet listed."""
        if self._moves is not None:
            return bool(self._moves)
        side = self._to_move
        own, opp = (self._white, self._black) if side else (self._black, self._white)
        return not has_empty_board(own) and has_legal_move(own, opp, side)

    def why_illegal(self, move: object) -> str | None:
        """Why ``move`` is not legal here, in a few words; None if it is legal.

        This checks one move directly against the rules; :func:`generate_moves` finds
        all of them at once. The tests check that the two always agree.
        """
        shape_problem = _shape_problem(move)
        if shape_problem is not None:
            return shape_problem
        side = self._to_move
        own, opp = (self._white, self._black) if side else (self._black, self._white)
        if self._clock >= DRAW_PLIES or has_empty_board(own):
            return "the game is over"
        passive_origin, passive_target, aggressive_origin, aggressive_target, pushes_off = _the_move(move)
        name = PLAYER_NAMES[side]
        if not HOME_MASKS[side] >> passive_origin & 1:
            home = " or ".join(BOARD_NAMES[2 * side:2 * side + 2])
            return f"the passive move must be on your home board ({home})"
        if not own >> passive_origin & 1:
            return f"there is no {name} stone on {SQUARE_NAMES[passive_origin]} for the passive move"
        occupied = own | opp
        blocked = PUSH_PATHS[64 * passive_origin + passive_target][0] & occupied
        if blocked:
            return (f"the passive move may not push or jump: "
                    f"{SQUARE_NAMES[blocked.bit_length() - 1]} is not empty")
        if not own >> aggressive_origin & 1:
            return f"there is no {name} stone on {SQUARE_NAMES[aggressive_origin]} for the aggressive move"
        path, beyond = PUSH_PATHS[64 * aggressive_origin + aggressive_target]
        if path & own:
            return (f"the aggressive move may not push your own stone "
                    f"(on {SQUARE_NAMES[(path & own).bit_length() - 1]})")
        pushed = path & opp
        if pushed.bit_count() > 1 or pushed and beyond & occupied:
            return "the aggressive move would push two stones"
        written = f"{SQUARE_NAMES[aggressive_origin]}{'x' if pushes_off else '-'}{SQUARE_NAMES[aggressive_target][3:]}"
        if pushed and not beyond and not pushes_off:
            return f"{written} pushes a stone off the board: write it with 'x'"
        if pushes_off and not (pushed and not beyond):
            return f"{written} pushes no stone off the board: write it with '-'"
        return None

    # -- text and equality ----------------------------------------------------

    def __str__(self) -> str:
        black, white = self._black, self._white
        cells = "".join("b" if black >> s & 1 else "w" if white >> s & 1 else "." for s in range(SQUARE_COUNT))
        boards = "/".join(cells[16 * board:16 * board + 16] for board in range(4))
        text = f"{boards} {'w' if self._to_move else 'b'}"
        return f"{text} {self._clock}" if self._clock else text

    def _parts(self) -> tuple[object, ...]:
        return self._black, self._white, self._to_move, self._clock


def _check_position(black: int, white: int, to_move: int, clock: int) -> None:
    """Raise PositionError, naming the problem, unless the parts make a position that can occur."""
    for name, stones in (("black", black), ("white", white)):
        if type(stones) is not int or stones < 0 or stones & ~ALL_SQUARES:
            raise PositionError(f"{name}: a bitboard of squares 0 to 63 is needed")
    if black & white:
        overlap = black & white
        raise PositionError(f"cells: {SQUARE_NAMES[overlap.bit_length() - 1]} holds both colours")
    if type(to_move) is not int or to_move not in (BLACK, WHITE):
        raise PositionError(f"side to move: {to_move!r} should be BLACK (0) or WHITE (1)")
    if type(clock) is not int or not 0 <= clock <= DRAW_PLIES:
        raise PositionError(f"clock: {clock!r} should be a whole number of plies from 0 to {DRAW_PLIES}")
    for player, stones in ((BLACK, black), (WHITE, white)):
        for board, count in enumerate(board_counts(stones)):
            if count > STONES_PER_BOARD:
                raise PositionError(f"board {BOARD_NAMES[board]}: {PLAYER_NAMES[player]} has {count} stones; "
                                    f"at most {STONES_PER_BOARD}")
    mover = 1 - to_move  # the player who has just moved
    for board, count in enumerate(board_counts(white if mover else black)):
        if count == 0:
            raise PositionError(f"board {BOARD_NAMES[board]}: {PLAYER_NAMES[mover]}, who has just moved, "
                                f"has no stones on it, so the game would have ended before")


def _the_move(move: object) -> Move:
    """The game's own Move equal to ``move``, which :func:`_shape_problem` has found to be one (it may be a
    tuple, or a Move, with floats for square numbers)."""
    assert isinstance(move, tuple)
    return ALL_MOVES[move[0], move[1], move[2], move[4]]


def _shape_problem(move: object) -> str | None:
    """Why ``move`` is not a move on these boards at all (whatever the position); None if it is one."""
    try:
        if not isinstance(move, tuple) or len(move) != 5:
            return f"{move!r} is not a move on these boards"
        passive_origin, passive_target, aggressive_origin, aggressive_target, pushes_off = move
        if ALL_MOVES.get((passive_origin, passive_target, aggressive_origin, pushes_off)) == move:
            return None
    except TypeError:  # fields that are not even hashable
        return f"{move!r} is not a move on these boards"
    squares = (passive_origin, passive_target, aggressive_origin, aggressive_target)
    if not all(type(s) is int and 0 <= s < SQUARE_COUNT for s in squares) or type(pushes_off) is not bool:
        return "its fields are not square numbers 0 to 63 and a bool"
    passive_path = PUSH_PATHS.get(64 * passive_origin + passive_target)
    aggressive_path = PUSH_PATHS.get(64 * aggressive_origin + aggressive_target)
    if passive_path is None or passive_origin // 16 != passive_target // 16:
        return "the passive move is not one or two squares in a straight line"
    if aggressive_path is None or aggressive_origin // 16 != aggressive_target // 16:
        return "the aggressive move is not one or two squares in a straight line on one board"
    if (passive_origin // 16 - aggressive_origin // 16) % 2 == 0:
        return "the aggressive move must be on a board of the other colour from the passive move's board"
    if passive_target - passive_origin != aggressive_target - aggressive_origin:
        return "the aggressive move must go the same direction and distance as the passive move"
    return "the aggressive move cannot push a stone off the board from there: write it with '-'"



if TYPE_CHECKING:

    def _is_a_game_state(position: Position) -> GameState[Move]:
        return position  # mypy checks here that Position offers the whole game interface
