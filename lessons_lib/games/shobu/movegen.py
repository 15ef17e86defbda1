"""The move generator: every legal move of a position at once, from the two bitboards.

This is the hot path of perft, search and playouts, so it works on whole sets of
stones with a few shifts and masks per direction (:func:`vector_sets`), then hands
out the prebuilt moves of :data:`~lessons_lib.games.shobu.moves.MOVE_ROWS`.
:meth:`Position.why_illegal <lessons_lib.games.shobu.position.Position.why_illegal>` checks one
move at a time, square by square; the tests check that the two always agree.
"""

from __future__ import annotations

from typing import Final

from operator import itemgetter

from lessons_lib.games.shobu.board import ALL_SQUARES, COLOUR_MASKS, DARK, HOME_MASKS, LIGHT, REACH, STEP_SHIFTS
from lessons_lib.games.shobu.moves import MOVE_ROWS, PUSH_PATHS, VECTORS, Move

PERFT_FROM_START: Final = (232, 50508, 8675832, 1410935460)
"""Perft from the start, depth 1 upwards (the table in ``docs/rules/shobu.md``; depth 4 takes minutes)."""


def after_move(own: int, opp: int, move: Move) -> tuple[int, int, bool]:
    """The mover's and the opponent's stones after ``move`` (which must be legal), and whether a stone was removed."""
    passive_origin, passive_target, aggressive_origin, aggressive_target, _ = move
    own ^= (1 << passive_origin) | (1 << passive_target) | (1 << aggressive_origin) | (1 << aggressive_target)
    path, beyond = PUSH_PATHS[64 * aggressive_origin + aggressive_target]
    pushed = opp & path
    if not pushed:
        return own, opp, False
    return own, opp ^ pushed | beyond, not beyond


def _build_generator_table() -> tuple[tuple[int, int, int, int, int, int, int, int, int], ...]:
    """For each direction: its first vector, shifts and masks, as :func:`vector_sets` unpacks them.

    ``(x << 32) >> (32 + k * step)`` moves every bit of ``x`` ``k`` steps backwards,
    whatever the step's sign: bit ``s`` of the result is bit ``s + k * step`` of ``x``.
    Masked by ``REACH[d][k]``, it is the set of squares whose ``k``-th square ahead is in ``x``.
    ``off2`` (``off3``) are the squares whose second (third) square ahead is off the board.
    """
    table = []
    for direction, step in enumerate(STEP_SHIFTS):
        reach = REACH[direction]
        table.append((VECTORS.index((direction, 1)), 32 + step, 32 + 2 * step, 32 + 3 * step,
                      reach[1], reach[2], reach[3], reach[1] & ~reach[2], reach[2] & ~reach[3]))
    return tuple(table)


_GENERATOR_TABLE: Final = _build_generator_table()
DARK_BOARDS, LIGHT_BOARDS = COLOUR_MASKS[DARK], COLOUR_MASKS[LIGHT]
_COLOUR_PAIRS: Final = ((DARK_BOARDS, LIGHT_BOARDS), (LIGHT_BOARDS, DARK_BOARDS))
"""A passive stone on a board of one colour pairs with aggressive stones on boards of the other."""


def vector_sets(own: int, opp: int, side: int) -> list[tuple[int, int, int, int]]:
    """For each vector with a passive move and an aggressive move: ``(vector, passive, aggressive, pushes_off)``.

    ``vector`` indexes :data:`~lessons_lib.games.shobu.moves.VECTORS`; the others are sets of
    stones of ``side`` (whose stones are ``own``; the opponent's are ``opp``): the stones
    that can make that passive move, those that can make that aggressive move (on a
    board of either colour), and those of the last whose move pushes a stone off.
    Pairing them up (passive and aggressive on boards of different colours) gives the moves.

    Works on all stones at once, one direction at a time. With ``e1``, ``e2``, ``e3``
    the stones whose first, second, third square ahead is empty and ``o1``, ``o2``
    those whose first, second square ahead holds an opponent's stone:

    - passive: own stones on a home board with ``e1`` (and ``e2`` for two squares);
    - aggressive, one square: ``e1``, or ``o1`` with the square beyond empty or off the board;
    - aggressive, two squares: ``e1`` and ``e2``, or an opponent's stone on one of the two
      squares and the other empty, with the third square empty or off the board.
    """
    empty = ALL_SQUARES ^ own ^ opp
    home = own & HOME_MASKS[side]
    empty_up, opp_up = empty << 32, opp << 32
    sets = []
    for vector, shift1, shift2, shift3, reach1, reach2, reach3, off2, off3 in _GENERATOR_TABLE:
        e1 = empty_up >> shift1 & reach1
        passive1 = home & e1
        if not passive1:
            continue
        o1 = opp_up >> shift1 & reach1
        e2 = empty_up >> shift2 & reach2
        aggressive1 = own & (e1 | o1 & (e2 | off2))
        if aggressive1:
            sets.append((vector, passive1, aggressive1, o1 & off2))
        passive2 = passive1 & e2
        if passive2:
            o2 = opp_up >> shift2 & reach2
            one_stone = o1 & e2 | e1 & o2
            aggressive2 = own & (e1 & e2 | one_stone & (empty_up >> shift3 & reach3 | off3))
            if aggressive2:
                sets.append((vector + 1, passive2, aggressive2, one_stone & off3))
    return sets


def generate_moves(own: int, opp: int, side: int) -> list[Move]:
    """The legal moves of ``side``, whose stones are ``own``, against ``opp``, in the order of ``legal_moves``.

    (Whether a board is already cleared is the caller's business.)
    """
    moves: list[Move] = []
    for vector, passive, aggressive, pushes_off in vector_sets(own, opp, side):
        _pair_up(moves, passive, aggressive, pushes_off, MOVE_ROWS[vector])
    return moves


def has_legal_move(own: int, opp: int, side: int) -> bool:
    """True if :func:`generate_moves` would find a move, found without listing the moves."""
    for _, passive, aggressive, _ in vector_sets(own, opp, side):
        if passive & DARK_BOARDS and aggressive & LIGHT_BOARDS or passive & LIGHT_BOARDS and aggressive & DARK_BOARDS:
            return True
    return False


def _pair_up(moves: list[Move], passive: int, aggressive: int, pushes_off: int,
             rows: tuple[dict[int, Move], ...]) -> None:
    """Append the moves pairing each passive stone with each aggressive stone on a board of the other colour.

    ``pushes_off`` marks the aggressive stones that would push a stone off its board.
    """
    for passive_colour, aggressive_colour in _COLOUR_PAIRS:
        stones = passive & passive_colour
        if not stones:
            continue
        partners = aggressive & aggressive_colour
        if not partners:
            continue
        keys = []  # the aggressive stones' squares, + 64 for a push off the board (see MOVE_ROWS)
        while partners:
            low = partners & -partners
            keys.append(low.bit_length() + 63 if pushes_off & low else low.bit_length() - 1)
            partners ^= low
        if len(keys) == 1:
            key = keys[0]
            while stones:
                low = stones & -stones
                moves.append(rows[low.bit_length() - 1][key])
                stones ^= low
        else:
            pick = itemgetter(*keys)  # measured: a quarter faster than a list comprehension
            while stones:
                low = stones & -stones
                moves += pick(rows[low.bit_length() - 1])
                stones ^= low


class MoveCounts:
    """The legal moves of one position, counted, and built only at the index asked for.

    A random playout picks each move with ``rng.choice(moves)``, which asks only for
    ``len(moves)`` and ``moves[i]``. This answers both from the stone sets of
    :func:`vector_sets`, in the order of :func:`generate_moves`, without building the
    whole list: the same move as ``rng.choice(generate_moves(...))``, about twice as fast.
    """

    __slots__ = ("_groups", "_length")

    def __init__(self, own: int, opp: int, side: int) -> None:
        groups = []
        length = 0
        for vector, passive, aggressive, pushes_off in vector_sets(own, opp, side):
            for passive_colour, aggressive_colour in _COLOUR_PAIRS:
                stones, partners = passive & passive_colour, aggressive & aggressive_colour
                count = stones.bit_count() * partners.bit_count()
                if count:
                    groups.append((count, stones, partners, pushes_off, MOVE_ROWS[vector]))
                    length += count
        self._groups = groups
        self._length = length

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: int) -> Move:
        """The move at ``index`` of the list :func:`generate_moves` would make (0 <= index < len)."""
        for count, stones, partners, pushes_off, rows in self._groups:
            if index < count:
                passive_index, aggressive_index = divmod(index, partners.bit_count())
                passive, aggressive = _nth_square(stones, passive_index), _nth_square(partners, aggressive_index)
                return rows[passive][aggressive + 64 if pushes_off >> aggressive & 1 else aggressive]
            index -= count
        raise IndexError("move index out of range")


def _nth_square(stones: int, n: int) -> int:
    """The square of the ``n``-th stone (from 0) of a bitboard, in increasing order."""
    for _ in range(n):
        stones &= stones - 1  # drop the lowest stone
    return (stones & -stones).bit_length() - 1
