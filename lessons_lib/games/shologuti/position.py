"""A Shologuti position: pieces, side to move, pending chain, quiet-ply clock and rules.

A :class:`Position` never changes: :meth:`Position.play` returns a new one. So a
search tree, an MCTS node or a widget can keep positions around without undo bugs.

>>> start = Position.start()
>>> len(start.legal_moves())
9
>>> after = start.play("23-18")
>>> str(after)
'RRRRRRRRRRRRRRRR.G...G.GGGGGGGGGGGGGG r - 1'
>>> after.to_move == RED
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final, TYPE_CHECKING

from lessons_lib.games.shologuti.board import ALL_POINTS_MASK, GREEN_START_MASK, POINT_COUNT, POINTS, RED_START_MASK
from lessons_lib.games.shologuti.board import bit, mirror_point, points_of
from lessons_lib.kit.errors import PositionError, is_whole_number, quoted
from lessons_lib.kit.game import DRAW_CLOCK, NO_MOVE, GameState, Outcome
from lessons_lib.games.common.position import BasePosition, most_plies_by_clock, playout_limit
from lessons_lib.games.shologuti.movegen import after_move, bitboard_perft, count_moves, generate_moves
from lessons_lib.games.shologuti.moves import Move, is_board_move
from lessons_lib.games.shologuti.rules import FORCED, TRADITIONAL, Rules  # noqa: F401 (TRADITIONAL: in doctests)
from lessons_lib.games.shologuti.zobrist import PENDING_KEYS, PIECE_KEYS, RED_TO_MOVE_KEY, compute_key
from lessons_lib.kit.chance import random_index

GREEN: Final = 0
"""Green starts at the bottom (points 22..37) and moves first."""
RED: Final = 1
"""Red starts at the top (points 1..16)."""
SIDE_NAMES: Final = ("Green", "Red")

NO_PIECES: Final = "no pieces"
"""Why a game ends when the player to move has no piece left (and loses)."""
END_REASONS: Final = (NO_PIECES, NO_MOVE, DRAW_CLOCK)
"""Every reason :meth:`Position.outcome` gives for the end of a game, in the order it checks them."""

START_STRING: Final = "RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g -"



class Position(BasePosition[Move]):
    """An immutable Shologuti position (what all games' positions share: :class:`BasePosition`).

    Attributes (read-only):
        green, red: the two sides' pieces as bitboards (bit ``p`` set: a piece on ``p``).
        to_move: ``GREEN`` (0) or ``RED`` (1).
        pending: the point of the piece that must go on with a capture chain, or 0.
        clock: plies since the last capture (every ply counts, ``stop`` included).
        rules: the :class:`~lessons_lib.games.shologuti.rules.Rules` the game is played under.
        key: the 64-bit Zobrist key (pieces, side to move, pending point; not the clock).
    """

    game_name = "shologuti"

    __slots__ = ("_green", "_red", "_pending", "_clock", "_rules")

    def __init__(
        self,
        green: int,
        red: int,
        to_move: int = GREEN,
        pending: int = 0,
        clock: int = 0,
        rules: Rules = FORCED,
        *,
        key: int | None = None,
    ) -> None:
        """``key`` is given by :meth:`play` alone, which knows the parts make a position and what its key is:
        then they are not checked again (the fast path every move takes)."""
        if key is None:
            _check_position(green, red, to_move, pending, clock, rules)
            key = compute_key(green, red, to_move, pending)
        self._green = green
        self._red = red
        self._to_move = to_move
        self._pending = pending
        self._clock = clock
        self._rules = rules
        self._key = key
        self._moves = None

    # -- construction ---------------------------------------------------------

    @classmethod
    def start(cls, rules: Rules = FORCED) -> Position:
        """The starting position: Green on 22..37 to move, Red on 1..16."""
        return cls(GREEN_START_MASK, RED_START_MASK, GREEN, 0, 0, rules)

    @classmethod
    def from_points(
        cls,
        green: Iterable[object] = (),
        red: Iterable[object] = (),
        to_move: int = GREEN,
        pending: int = 0,
        clock: int = 0,
        rules: Rules = FORCED,
    ) -> Position:
        """A position from lists of points, handy for puzzles and tests.

        >>> str(Position.from_points(green=[23], red=[18], rules=TRADITIONAL))
        '.................R....G.............. g -'
        """
        masks = []
        for points in (green, red):
            try:
                listed: list[object] = list(points)
            except TypeError:
                raise PositionError("cells: green and red must be lists of point numbers") from None
            mask = 0
            for point in listed:
                if type(point) is not int or point not in POINTS:
                    raise PositionError(f"cells: there is no point {point!r} (points are whole numbers 1 to 37)")
                mask |= bit(point)
            masks.append(mask)
        return cls(masks[0], masks[1], to_move, pending, clock, rules)

    @classmethod
    def from_string(cls, text: str, rules: Rules = FORCED) -> Position:
        """Read a position string ``<37 cells> <side> <pending> [<clock>]``, or ``start``.

        Raises:
            PositionError: with a message naming the part that is wrong.
        """
        if not isinstance(text, str):
            raise PositionError(f"a position is text, not {type(text).__name__}")
        parts = text.split()
        if parts == ["start"]:
            return cls.start(rules)
        if len(parts) not in (3, 4):
            raise PositionError(
                f"a position has 3 or 4 parts '<37 cells> <side> <pending> [<clock>]' (or is 'start'), "
                f"but {quoted(text.strip())} has {len(parts)}"
            )
        cells, side, pending_text = parts[:3]
        if len(cells) != POINT_COUNT:
            raise PositionError(f"cells: need 37 characters (one per point), got {len(cells)}")
        bad = sorted({c for c in cells if c not in "GR."})
        if bad:
            raise PositionError(f"cells: {''.join(bad)!r} is not allowed; use G, R or . (empty)")
        if side not in ("g", "r"):
            raise PositionError(f"side to move: {quoted(side)} should be 'g' (Green) or 'r' (Red)")
        if pending_text == "-":
            pending = 0
        elif is_whole_number(pending_text) and 1 <= int(pending_text) <= POINT_COUNT:
            pending = int(pending_text)
        else:
            raise PositionError(f"pending chain point: {quoted(pending_text)} should be '-' or a point from 1 to 37")
        clock = 0
        if len(parts) == 4:
            if not is_whole_number(parts[3]):
                raise PositionError(f"clock: {quoted(parts[3])} should be a whole number of plies, 0 or more")
            clock = int(parts[3])
        green = sum(bit(p) for p, c in zip(POINTS, cells) if c == "G")
        red = sum(bit(p) for p, c in zip(POINTS, cells) if c == "R")
        return cls(green, red, GREEN if side == "g" else RED, pending, clock, rules)

    def with_rules(self, rules: Rules) -> Position:
        """The same position under other rules."""
        return Position(self._green, self._red, self._to_move, self._pending, self._clock, rules)

    def mirrored(self) -> Position:
        """The position turned half a turn (point p to 38 − p) with the colours swapped.

        The game from the mirror is the same game, so it has the same perft counts.
        """
        green = sum(bit(mirror_point(p)) for p in points_of(self._red))
        red = sum(bit(mirror_point(p)) for p in points_of(self._green))
        pending = mirror_point(self._pending) if self._pending else 0
        return Position(green, red, 1 - self._to_move, pending, self._clock, self._rules)

    # -- read-only attributes -------------------------------------------------

    @property
    def green(self) -> int:
        return self._green

    @property
    def red(self) -> int:
        return self._red

    @property
    def pending(self) -> int:
        return self._pending

    @property
    def clock(self) -> int:
        return self._clock

    @property
    def rules(self) -> Rules:
        return self._rules

    def most_plies_left(self) -> int:
        """No game from here lasts more plies than this, by the rules.

        Every ply either captures (resetting the draw clock) or adds one to the clock, and the
        game is drawn when the clock reaches ``rules.draw_plies``. A side with no pieces has lost,
        so at most (all pieces - 2) captures leave the game going, and one more can end it.
        From the start under the default clock of 100: 100 + 30 x 100 = 3,100 plies.
        """
        if self.is_game_over():
            return 0
        pieces = self._green.bit_count() + self._red.bit_count()
        return most_plies_by_clock(self._rules.draw_plies, self._clock, max(pieces - 2, 0))

    def pieces(self, side: int) -> list[int]:
        """The points holding ``side``'s pieces, in increasing order."""
        return list(points_of(self._red if side else self._green))

    def piece_count(self, side: int) -> int:
        return (self._red if side else self._green).bit_count()

    def owner(self, point: int) -> int | None:
        """``GREEN``, ``RED`` or None (an empty point)."""
        if point not in POINTS:
            raise PositionError(f"there is no point {point!r} (points are 1 to 37)")
        if self._green >> point & 1:
            return GREEN
        if self._red >> point & 1:
            return RED
        return None

    # -- the rules ------------------------------------------------------------

    def mobility(self, side: int) -> int:
        """The mobility of ``side``, as the evaluation of docs/rules/shologuti.md counts it.

        For the side to move: its number of legal moves now (a pending chain
        included; the draw clock aside). For the other side: the number of legal
        moves it would have if it were to move with no chain pending.
        """
        if side == self._to_move:
            return len(self._kept_moves())
        own, enemy = (self._red, self._green) if side else (self._green, self._red)
        return count_moves(own, enemy, self._rules)

    def play(self, move: object) -> Position:
        """The position after ``move`` (a :class:`Move` or its notation, such as ``"23x13"``).

        Raises:
            IllegalMoveError: the move is not legal here (the message says why).
            MoveError: the text is not a move on this board.
        """
        legal = self._legal_move_that_is(move) if self._clock < self._rules.draw_plies else None
        if legal is None:
            return self.play(self._parse_or_refuse(move, Move.parse))  # text is read; anything else, refused
        side = self._to_move
        green, red, to_move, pending, clock = after_move(self._green, self._red, side, self._clock, legal)
        origin, target, captured = legal
        key = self._key ^ PENDING_KEYS[self._pending] ^ PENDING_KEYS[pending]
        if to_move != side:
            key ^= RED_TO_MOVE_KEY
        if origin:
            key ^= PIECE_KEYS[side][origin] ^ PIECE_KEYS[side][target]
            if captured:
                key ^= PIECE_KEYS[1 - side][captured]
        return Position(green, red, to_move, pending, clock, self._rules, key=key)

    def count_leaves(self, depth: int) -> int:
        """Perft (:func:`lessons_lib.kit.perft.perft`) on the bitboards alone, for ``depth`` at least 1."""
        own, enemy = (self._red, self._green) if self._to_move else (self._green, self._red)
        return bitboard_perft(own, enemy, self._pending, self._clock, depth, self._rules)

    def random_playout(self, rng: random.Random, max_plies: int | None = None) -> tuple[Position, int]:
        """Play uniformly random legal moves until the game ends (or ``max_plies`` have been played).

        Returns the last position and the number of plies played. It makes
        exactly the choices that :func:`lessons_lib.kit.game.random_playout` makes
        with the same ``rng`` (the same ``rng.choice`` over the same move lists),
        but works on the bitboards alone, without building a position or a key
        for every ply, which makes it faster for MCTS rollouts.
        """
        limit = playout_limit(max_plies)
        green, red, side, pending, clock = self._green, self._red, self._to_move, self._pending, self._clock
        rules = self._rules
        draw_plies = rules.draw_plies
        plies = 0
        while plies != limit and clock < draw_plies:
            moves = generate_moves(red, green, pending, rules) if side else generate_moves(green, red, pending, rules)
            if not moves:
                break
            green, red, side, pending, clock = after_move(green, red, side, clock, moves[random_index(rng, len(moves))])
            plies += 1
        return Position(green, red, side, pending, clock, rules), plies

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on.

        The side to move loses when it has no legal move (``"no pieces"`` if it has
        no pieces at all, else ``"no move"``); this is checked before the draw
        clock, so a last quiet ply that leaves the opponent stuck still wins.
        """
        if not self._kept_moves():
            reason = NO_PIECES if not (self._red if self._to_move else self._green) else NO_MOVE
            return Outcome(1 - self._to_move, reason)
        if self._clock >= self._rules.draw_plies:
            return Outcome(None, DRAW_CLOCK)
        return None

    def _generate_moves(self) -> list[Move]:
        """The moves the rules give: captures, then steps, each by origin and then target point; ``stop`` last."""
        if self._to_move:
            return generate_moves(self._red, self._green, self._pending, self._rules)
        return generate_moves(self._green, self._red, self._pending, self._rules)

    def _ended_by_a_limit(self) -> bool:
        """True once the draw clock has run out."""
        return self._clock >= self._rules.draw_plies

    def _why_illegal(self, given: object) -> str:
        if not isinstance(given, tuple) or len(given) != 3 or not is_board_move(Move(*given)):
            shown = str(given) if isinstance(given, Move) else repr(given)
            return f"{shown} is not a move on this board"
        move = Move(*given)
        side = SIDE_NAMES[self._to_move]
        if self.is_game_over():
            return f"{move} is not legal: the game is over"
        if move.is_stop:
            if not self._pending:
                return "stop is only legal during a capture chain"
            return "stop is not allowed: under these rules a chain must go on"
        if self._pending and move.origin != self._pending:
            return f"{move} is not legal: the chain must go on with the piece on {self._pending}"
        if self.owner(move.origin) != self._to_move:
            return f"{move} is not legal: {move.origin} does not hold a {side} piece"
        if self.owner(move.target) is not None:
            return f"{move} is not legal: {move.target} is not empty"
        if move.is_capture and self.owner(move.captured) != 1 - self._to_move:
            return f"{move} is not legal: there is no enemy piece on {move.captured} to capture"
        if self._pending and not move.is_capture:
            return f"{move} is not legal: during a chain only captures (or stop) are allowed"
        if not move.is_capture and self._rules.must_capture:
            return f"{move} is not legal: a capture is available and captures are compulsory"
        return f"{move} is not legal here"

    # -- text and equality ----------------------------------------------------

    def __str__(self) -> str:
        cells = "".join("G" if self._green >> p & 1 else "R" if self._red >> p & 1 else "." for p in POINTS)
        text = f"{cells} {'r' if self._to_move else 'g'} {self._pending or '-'}"
        return f"{text} {self._clock}" if self._clock else text

    def __repr__(self) -> str:
        rules = self._rules
        is_a_preset = rules.name != "custom" and rules.draw_plies == FORCED.draw_plies
        rules_text = f"Rules.named({rules.name!r})" if is_a_preset else repr(rules)
        return f"Position.from_string({str(self)!r}, rules={rules_text})"

    def _parts(self) -> tuple[object, ...]:
        return self._green, self._red, self._to_move, self._pending, self._clock, self._rules


MAX_PIECES: Final = 16
MAX_CLOCK: Final = 999_999_999_999  # twelve digits, what the position string can hold


def _check_position(green: int, red: int, to_move: int, pending: int, clock: int, rules: Rules) -> None:
    """Raise PositionError, naming the problem, unless the parts make a valid position."""
    if not isinstance(rules, Rules):
        raise PositionError(f"rules must be a Rules object, not {type(rules).__name__}")
    for name, mask in (("green", green), ("red", red)):
        if not isinstance(mask, int) or mask < 0 or mask & ~ALL_POINTS_MASK:
            raise PositionError(f"{name}: a bitboard of points 1 to 37 is needed")
        if mask.bit_count() > MAX_PIECES:
            raise PositionError(f"cells: {name.capitalize()} has {mask.bit_count()} pieces; at most {MAX_PIECES}")
    if green & red:
        raise PositionError(f"cells: points {list(points_of(green & red))} hold both colours")
    if type(to_move) is not int or to_move not in (GREEN, RED):
        raise PositionError(f"side to move: {to_move!r} should be GREEN (0) or RED (1)")
    if type(clock) is not int or not 0 <= clock <= MAX_CLOCK:
        raise PositionError(f"clock: {clock!r} should be a whole number of plies from 0 to {MAX_CLOCK}")
    if type(pending) is not int:
        raise PositionError(f"pending chain point: {pending!r} should be a point number, or 0 for none")
    if pending:
        own, enemy = (red, green) if to_move else (green, red)
        if not 1 <= pending <= POINT_COUNT or not own >> pending & 1:
            raise PositionError(f"pending chain point: {pending} does not hold a piece of the side to move")
        if not generate_moves(own, enemy, pending, FORCED):
            raise PositionError(f"pending chain point: the piece on {pending} has no capture to go on with")
        if clock:
            raise PositionError("clock: in the middle of a chain it is 0, since the capture has just reset it")


if TYPE_CHECKING:

    def _is_a_game_state(position: Position) -> GameState[Move]:
        return position  # mypy checks here that Position offers the whole game interface
