"""What every game's ``Position`` does the same way: :class:`BasePosition` and :func:`playout_limit`.

A game's ``Position`` (``games/<name>/position.py``) holds its pieces and checks them, plays a
move (``play``), generates the moves the rules give (``_generate_moves``), says when a limit
ends the game (``_ended_by_a_limit``) and how the game ended (``outcome``): that is the game, and
it stays in the game's own file, as does its constructor (which ``play`` calls with the new key,
so that nothing is checked again). What a position takes from here is mechanical: the side to
move and the key, the moves generated once and kept (``legal_moves``, ``is_game_over``),
equality and hashing, ``repr``, its picture in a notebook, and the slow path of ``play``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from lessons_lib.kit.errors import IllegalMoveError

MoveT = TypeVar("MoveT")


PICTURES: dict[str, Callable[[Any], str]] = {}
"""Each game's picture of a position, by its ``game_name``: its package puts it here when it is imported (which
is before any of its positions exists), so that this module need not import the games above it."""


class BasePosition(Generic[MoveT]):
    """The part of a game's position every game has: the side to move, the key and the moves once generated.

    A subclass sets ``game_name``, its own slots (its constructor sets ``_moves`` to None),
    ``__str__`` (which ``from_string`` reads back), ``_parts`` (what makes two positions equal),
    ``_generate_moves``, ``_ended_by_a_limit`` and, if its ``play`` calls :meth:`_parse_or_refuse`,
    ``_why_illegal``.

    Attributes (read-only):
        to_move: the player to move, 0 or 1.
        key: the 64-bit Zobrist key; equal positions have equal keys.
    """

    __slots__ = ("_to_move", "_key", "_moves")

    game_name: ClassVar[str]
    """The game this is a position of (its name in :data:`lessons_lib.games.GAMES`)."""

    _to_move: int
    _key: int
    _moves: list[MoveT] | None
    """The moves the rules give here (a limit's end of the game aside) once generated, else None."""

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def key(self) -> int:
        return self._key

    def legal_moves(self) -> list[MoveT]:
        """The legal moves, as a new list in the order of the game's ``_generate_moves``; empty once the game is
        over."""
        if self._ended_by_a_limit():
            return []
        return self._kept_moves().copy()

    def is_game_over(self) -> bool:
        """True once the game has ended: a limit has ended it, or the player to move has no move."""
        return self._ended_by_a_limit() or not self._has_move()

    def _kept_moves(self) -> list[MoveT]:
        """The moves the rules give here (a limit's end of the game aside): generated once, then kept in ``_moves``.

        The list is the position's own: a caller that hands it out hands out a copy.
        """
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate_moves()
        return moves

    def _has_move(self) -> bool:
        """Whether the player to move has a move (a limit's end of the game aside); a game may find it faster."""
        return bool(self._kept_moves())

    def _generate_moves(self) -> list[MoveT]:
        """The moves the rules give here, in the game's fixed order, whether or not a limit has ended the game."""
        raise NotImplementedError

    def _ended_by_a_limit(self) -> bool:
        """True once a limit has ended the game, whatever moves are left (a draw clock run out, say)."""
        raise NotImplementedError

    def _parts(self) -> tuple[object, ...]:
        """Everything that makes this position what it is (the key aside): equal parts, equal positions."""
        raise NotImplementedError

    def _why_illegal(self, move: object) -> str:
        """Why ``move``, which is not among the legal moves here, is not legal: a sentence for the player."""
        raise NotImplementedError

    def _legal_move_that_is(self, move: object) -> MoveT | None:
        """The listed legal move (a limit's end of the game aside) that ``move`` is: the very object first (what a
        search plays, found without comparing), else one equal to it (a tuple with floats, say); None if none is."""
        moves = self._kept_moves()
        for legal in moves:
            if legal is move:
                return legal
        for legal in moves:
            if legal == move:
                return legal
        return None

    def _parse_or_refuse(self, move: object, parse: Callable[[str], MoveT]) -> MoveT:
        """For ``play``, given something that is not a legal move here: the move it names, if it is text.

        Raises:
            IllegalMoveError: ``move`` is not text, so it is simply not legal here (the message says why).
            MoveError: ``move`` is text that names no move (raised by ``parse``).
        """
        if isinstance(move, str):
            return parse(move)
        raise IllegalMoveError(self._why_illegal(move))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._key == other._key and self._parts() == other._parts()

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_string({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The board as a picture in a notebook: the picture its game's package put in :data:`PICTURES`."""
        return PICTURES[self.game_name](self)


def playout_limit(max_plies: int | None) -> int:
    """How many plies a random playout may play: ``max_plies``, or -1 for as many as the game lasts.

    Raises:
        ValueError: ``max_plies`` is negative.
    """
    if max_plies is not None and max_plies < 0:
        raise ValueError(f"max_plies must be 0 or more, not {max_plies}")
    return -1 if max_plies is None else max_plies



def most_plies_by_clock(draw_plies: int, clock: int, resets: int) -> int:
    """The most plies a game can still last when a quiet-ply clock draws it at ``draw_plies``.

    ``clock`` quiet plies have been played already; at most ``resets`` more plies can set the clock back to 0
    without ending the game (captures, placements). A ply can be played only while the clock is below
    ``draw_plies``, so until the first reset at most ``draw_plies - clock`` plies (the reset included), and
    after each reset at most ``draw_plies`` more (the next reset, or the one that ends the game, included).

    >>> most_plies_by_clock(100, 0, 0), most_plies_by_clock(100, 40, 2)
    (100, 260)
    """
    return (draw_plies - clock) + resets * draw_plies
