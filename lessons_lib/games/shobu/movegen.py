"""The move generator: every legal move of a position at once, from each colour's stones as a native word.

This is the hot path of perft, search and playouts. A stone never leaves its board, and a passive
move on a board of one colour pairs with an aggressive move on a board of the other; so here a
player's stones are two 32-bit words, one a colour (:func:`colour_words`). The dark word holds
the player's stones on ``bd`` in bits 0 to 15 and on ``wd`` in bits 16 to 31; the light word,
``bl`` and ``wl`` the same way. Compiled, each set below is one machine word (``i64``); the 64
squares as one int, shifted as the generator shifts them, would not fit in one.

:func:`vector_sets` finds, for one vector and one colour, the stones that can make its passive move
and its aggressive move, on whole sets at once with a few shifts and masks. Pairing them up gives
the moves, handed out from the prebuilt :data:`~lessons_lib.games.shobu.moves.MOVE_ROWS`.
:meth:`Position.why_illegal <lessons_lib.games.shobu.position.Position.why_illegal>` checks one move
at a time, square by square; the tests check that the two always agree.

>>> from lessons_lib.games.shobu.position import Position
>>> start = Position.start()
>>> own, opp = colour_words(start.black), colour_words(start.white)
>>> [hex(word) for word in own], count_moves(*own, *opp, 0), len(generate_moves(start.black, start.white, 0))
(['0xf000f', '0xf000f'], 232, 232)
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from mypy_extensions import i64

from lessons_lib.games.common.bits import bit_index, nth_bit, word_count
from lessons_lib.games.shobu.board import DARK, LIGHT, REACH, STEP_SHIFTS
from lessons_lib.games.shobu.moves import MOVE_ROWS, PUSH_PATHS, VECTORS, Move

PERFT_FROM_START: Final = (232, 50508, 8675832, 1410935460)
"""Perft from the start, depth 1 upwards (the table in ``docs/rules/shobu.md``; depth 4 takes minutes)."""

DRAW_PLIES: Final = 100
"""The game is a draw once this many plies in a row have removed no stone."""

WORD_SQUARES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(16 * colour + (bit & 15) + 2 * (bit & 16) for bit in range(32)) for colour in (DARK, LIGHT))
"""``WORD_SQUARES[colour][b]``: the square (0..63) that bit ``b`` of that colour's word stands for."""

WORD_BITS: Final[tuple[int, ...]] = tuple(1 << (square & 15 | square >> 1 & 16) for square in range(64))
"""``WORD_BITS[s]``: square ``s`` as a bit of its colour's word (the colour of square ``s`` is ``s >> 4 & 1``)."""

HOME_WORDS: Final = (0xFFFF, 0xFFFF0000)
"""The bits of a player's home boards in either colour's word: Black's (0) are bits 0 to 15, White's (1) 16 to 31."""
WORD: Final = 0xFFFFFFFF

_SHIFT_UP: Final = 16
"""A word is shifted up 16 bits before it is shifted back by ``16 + k * step``: so the shift is never negative."""


def _vector_table() -> tuple[tuple[int, int, int, int, int, int, int], ...]:
    """For each vector: ``(distance, shift1, shift2, shift3, reach1, reach2, reach3)``, as :func:`vector_sets` uses them.

    ``(x << 16) >> (16 + k * step)`` moves every bit of ``x`` ``k`` steps backwards, whatever the step's sign: bit
    ``b`` of the result is bit ``b + k * step`` of ``x``. Masked by ``reach_k`` (the bits whose ``k``-th square ahead
    is on the same board, the same on every board), it is the set of stones whose ``k``-th square ahead is in ``x``.
    """
    table = []
    for direction, distance in VECTORS:
        step = STEP_SHIFTS[direction]
        reach = [REACH[direction][k] & 0xFFFF for k in range(4)]  # board bd's; every board has the same
        table.append((distance, _SHIFT_UP + step, _SHIFT_UP + 2 * step, _SHIFT_UP + 3 * step,
                      reach[1] | reach[1] << 16, reach[2] | reach[2] << 16, reach[3] | reach[3] << 16))
    return tuple(table)


_VECTOR_TABLE: Final = _vector_table()
_BACK_SHIFTS: Final[tuple[int, ...]] = tuple(_SHIFT_UP - STEP_SHIFTS[direction] for direction, _ in VECTORS)
"""``(bit << 16) >> _BACK_SHIFTS[v]``: the square one step ahead of ``bit`` along vector ``v``'s direction."""


def colour_words(stones: int) -> tuple[i64, i64]:
    """A player's stones (one int of 64 squares) as ``(dark word, light word)``."""
    dark: i64 = stones & 0xFFFF | stones >> 16 & 0xFFFF0000
    light: i64 = stones >> 16 & 0xFFFF | stones >> 32 & 0xFFFF0000
    return dark, light


def stones_of(dark: i64, light: i64) -> int:
    """The player's stones as one int of 64 squares, from their two words (:func:`colour_words` undone)."""
    return int(dark & 0xFFFF) | int(light & 0xFFFF) << 16 | int(dark >> 16) << 32 | int(light >> 16) << 48


def words_have_empty_board(dark: i64, light: i64) -> bool:
    """True if some board holds none of a player's stones (for the player to move: they have lost)."""
    return not (dark & 0xFFFF and dark >> 16 and light & 0xFFFF and light >> 16)


def vector_sets(own: i64, opp: i64, home: i64, vector: int) -> tuple[i64, i64, i64]:
    """For one colour's word and one vector: ``(passive, aggressive, pushes_off)``.

    ``own`` and ``opp`` are the mover's and the opponent's stones on the two boards of that colour, ``home`` the
    bits of the mover's home board there (:data:`HOME_WORDS`). ``passive``: the stones that can make that passive
    move; ``aggressive``: those that can make that aggressive move; ``pushes_off``: the stones whose aggressive move
    would push a stone off its board. With ``e1``, ``e2``, ``e3`` the stones whose first, second, third square ahead
    is empty and ``o1``, ``o2`` those whose first, second square ahead holds an opponent's stone:

    - passive: own stones on the home board with ``e1`` (and ``e2`` for two squares);
    - aggressive, one square: ``e1``, or ``o1`` with the square beyond empty or off the board;
    - aggressive, two squares: ``e1`` and ``e2``, or an opponent's stone on one of the two
      squares and the other empty, with the third square empty or off the board.
    """
    distance, shift1, shift2, shift3, reach1, reach2, reach3 = _VECTOR_TABLE[vector]
    empty_up: i64 = (WORD ^ own ^ opp) << _SHIFT_UP
    opp_up: i64 = opp << _SHIFT_UP
    e1: i64 = empty_up >> shift1 & reach1
    o1: i64 = opp_up >> shift1 & reach1
    e2: i64 = empty_up >> shift2 & reach2
    if distance == 1:
        off2: i64 = reach1 & ~reach2
        return home & own & e1, own & (e1 | o1 & (e2 | off2)), o1 & off2
    o2: i64 = opp_up >> shift2 & reach2
    one_stone: i64 = o1 & e2 | e1 & o2
    off3: i64 = reach2 & ~reach3
    aggressive: i64 = own & (e1 & e2 | one_stone & (empty_up >> shift3 & reach3 | off3))
    return home & own & e1 & e2, aggressive, one_stone & off3


def generate_moves(own: int, opp: int, side: int) -> list[Move]:
    """The legal moves of ``side``, whose stones are ``own``, against ``opp``, in the order of ``legal_moves``:
    by vector, then the dark passive stones with the light aggressive ones, then the light with the dark; each by
    the passive stone's square, then the aggressive stone's.

    (Whether a board is already cleared is the caller's business.)
    """
    own_dark, own_light = colour_words(own)
    opp_dark, opp_light = colour_words(opp)
    home: i64 = HOME_WORDS[side]
    moves: list[Move] = []
    for vector in range(len(VECTORS)):
        dark_passive, dark_aggressive, dark_pushes = vector_sets(own_dark, opp_dark, home, vector)
        light_passive, light_aggressive, light_pushes = vector_sets(own_light, opp_light, home, vector)
        if dark_passive and light_aggressive:
            _pair_up(moves, dark_passive, light_aggressive, light_pushes, DARK, MOVE_ROWS[vector])
        if light_passive and dark_aggressive:
            _pair_up(moves, light_passive, dark_aggressive, dark_pushes, LIGHT, MOVE_ROWS[vector])
    return moves


def count_moves(own_dark: i64, own_light: i64, opp_dark: i64, opp_light: i64, side: int) -> i64:
    """How many moves :func:`generate_moves` lists, counted on the words without building one."""
    home: i64 = HOME_WORDS[side]
    count: i64 = 0
    for vector in range(len(VECTORS)):
        dark_passive, dark_aggressive, _ = vector_sets(own_dark, opp_dark, home, vector)
        light_passive, light_aggressive, _ = vector_sets(own_light, opp_light, home, vector)
        if dark_passive and light_aggressive:
            count += word_count(dark_passive) * word_count(light_aggressive)
        if light_passive and dark_aggressive:
            count += word_count(light_passive) * word_count(dark_aggressive)
    return count


def nth_move(own_dark: i64, own_light: i64, opp_dark: i64, opp_light: i64, side: int, index: i64) -> Move:
    """The move at ``index`` (from 0) of the list :func:`generate_moves` makes, found without building the list.

    A random playout picks a move with ``rng.choice(moves)``, which asks only for the length and one index: this
    and :func:`count_moves` answer both, the same move.

    Raises:
        IndexError: ``index`` is not below :func:`count_moves`.
    """
    home: i64 = HOME_WORDS[side]
    for vector in range(len(VECTORS)):
        dark_passive, dark_aggressive, dark_pushes = vector_sets(own_dark, opp_dark, home, vector)
        light_passive, light_aggressive, light_pushes = vector_sets(own_light, opp_light, home, vector)
        count: i64 = word_count(dark_passive) * word_count(light_aggressive)
        if index < count:
            return _paired_move(dark_passive, light_aggressive, light_pushes, DARK, MOVE_ROWS[vector], index)
        index -= count
        count = word_count(light_passive) * word_count(dark_aggressive)
        if index < count:
            return _paired_move(light_passive, dark_aggressive, dark_pushes, LIGHT, MOVE_ROWS[vector], index)
        index -= count
    raise IndexError("move index out of range")


def _paired_move(passive: i64, aggressive: i64, pushes_off: i64, colour: int, rows: tuple[dict[int, Move], ...],
                 index: i64) -> Move:
    """The move at ``index`` of those :func:`_pair_up` would append for these stones."""
    partners = word_count(aggressive)
    passive_bit = nth_bit(passive, index // partners)
    aggressive_bit = nth_bit(aggressive, index % partners)
    key = WORD_SQUARES[1 - colour][bit_index(aggressive_bit)]
    return rows[WORD_SQUARES[colour][bit_index(passive_bit)]][key + 64 if pushes_off & aggressive_bit else key]


def has_legal_move(own: int, opp: int, side: int) -> bool:
    """True if :func:`generate_moves` would find a move, found without listing the moves."""
    own_dark, own_light = colour_words(own)
    opp_dark, opp_light = colour_words(opp)
    home: i64 = HOME_WORDS[side]
    for vector in range(len(VECTORS)):
        dark_passive, dark_aggressive, _ = vector_sets(own_dark, opp_dark, home, vector)
        light_passive, light_aggressive, _ = vector_sets(own_light, opp_light, home, vector)
        if dark_passive and light_aggressive or light_passive and dark_aggressive:
            return True
    return False


def _pair_up(moves: list[Move], passive: i64, aggressive: i64, pushes_off: i64, colour: int,
             rows: tuple[dict[int, Move], ...]) -> None:
    """Append the moves pairing each passive stone (of the word of ``colour``) with each aggressive stone (of the
    other colour's word); ``pushes_off`` marks the aggressive stones that would push a stone off its board."""
    passive_squares, aggressive_squares = WORD_SQUARES[colour], WORD_SQUARES[1 - colour]
    keys = []  # the aggressive stones' squares, + 64 for a push off the board (see MOVE_ROWS)
    while aggressive:
        low: i64 = aggressive & -aggressive
        square = aggressive_squares[bit_index(low)]
        keys.append(square + 64 if pushes_off & low else square)
        aggressive ^= low
    if len(keys) == 1:
        key = keys[0]
        while passive:
            low = passive & -passive
            moves.append(rows[passive_squares[bit_index(low)]][key])
            passive ^= low
    else:
        pick = itemgetter(*keys)  # measured: a quarter faster than a list comprehension
        while passive:
            low = passive & -passive
            moves += pick(rows[passive_squares[bit_index(low)]])
            passive ^= low


def after_move(own: int, opp: int, move: Move) -> tuple[int, int, bool]:
    """The mover's and the opponent's stones after ``move`` (which must be legal), and whether a stone was removed."""
    passive_origin, passive_target, aggressive_origin, aggressive_target, _ = move
    own ^= (1 << passive_origin) | (1 << passive_target) | (1 << aggressive_origin) | (1 << aggressive_target)
    path, beyond = PUSH_PATHS[64 * aggressive_origin + aggressive_target]
    pushed = opp & path
    if not pushed:
        return own, opp, False
    return own, opp ^ pushed | beyond, not beyond


def words_after_move(own_dark: i64, own_light: i64, opp_dark: i64, opp_light: i64,
                     move: Move) -> tuple[i64, i64, i64, i64, bool]:
    """:func:`after_move` on the words: ``(own_dark, own_light, opp_dark, opp_light, removed)``."""
    passive_origin, passive_target, aggressive_origin, aggressive_target, _ = move
    passive: i64 = WORD_BITS[passive_origin] | WORD_BITS[passive_target]
    aggressive: i64 = WORD_BITS[aggressive_origin] | WORD_BITS[aggressive_target]
    path, beyond = WORD_PUSH_PATHS[64 * aggressive_origin + aggressive_target]
    if passive_origin >> 4 & 1 == DARK:  # the aggressive stone is on a light board
        pushed: i64 = opp_light & path
        if pushed:
            opp_light ^= pushed | beyond
        return own_dark ^ passive, own_light ^ aggressive, opp_dark, opp_light, pushed != 0 and beyond == 0
    pushed = opp_dark & path
    if pushed:
        opp_dark ^= pushed | beyond
    return own_dark ^ aggressive, own_light ^ passive, opp_dark, opp_light, pushed != 0 and beyond == 0


def _word_push_paths() -> dict[int, tuple[int, int]]:
    """:data:`~lessons_lib.games.shobu.moves.PUSH_PATHS` as bits of the aggressive stone's colour's word."""
    def in_word(squares: int) -> int:
        return sum(WORD_BITS[square] for square in range(64) if squares >> square & 1)
    return {key: (in_word(path), in_word(beyond)) for key, (path, beyond) in PUSH_PATHS.items()}


WORD_PUSH_PATHS: Final = _word_push_paths()
"""``WORD_PUSH_PATHS[64 * a + t]``: ``(path, beyond)`` of the aggressive move from ``a`` to ``t``, in its word."""


def words_perft(own_dark: i64, own_light: i64, opp_dark: i64, opp_light: i64, side: int, clock: i64,
                depth: i64) -> i64:
    """Perft on the words: the move sequences of exactly ``depth`` plies (at least 1) from the position where
    ``side`` moves with these stones and this clock; the moves of the last ply are counted, not made. The same count
    as :func:`lessons_lib.kit.perft.perft` through ``legal_moves`` and ``play``, with no position or move built."""
    if clock >= DRAW_PLIES or words_have_empty_board(own_dark, own_light):
        return 0
    if depth == 1:
        return count_moves(own_dark, own_light, opp_dark, opp_light, side)
    home: i64 = HOME_WORDS[side]
    total: i64 = 0
    for vector in range(len(VECTORS)):
        dark_passive, dark_aggressive, dark_pushes = vector_sets(own_dark, opp_dark, home, vector)
        light_passive, light_aggressive, light_pushes = vector_sets(own_light, opp_light, home, vector)
        back: i64 = _BACK_SHIFTS[vector]
        distance: i64 = _VECTOR_TABLE[vector][0]
        if dark_passive and light_aggressive:  # the passive stone on a dark board, the aggressive on a light one
            total += _pairs_perft(DARK, (own_dark, opp_dark, dark_passive), (own_light, opp_light, light_aggressive),
                                  light_pushes, back, distance, side, clock, depth)
        if light_passive and dark_aggressive:
            total += _pairs_perft(LIGHT, (own_light, opp_light, light_passive), (own_dark, opp_dark, dark_aggressive),
                                  dark_pushes, back, distance, side, clock, depth)
    return total


def _pairs_perft(passive_colour: int, passive_words: tuple[i64, i64, i64], aggressive_words: tuple[i64, i64, i64],
                 pushes_off: i64, back: i64, distance: i64, side: int, clock: i64, depth: i64) -> i64:
    """:func:`words_perft` below every move pairing a passive stone on the boards of ``passive_colour`` with an
    aggressive stone on the other colour's: each ``words`` is the mover's word, the opponent's and the stones that
    can make that part of the move."""
    own_passive, opp_passive, passive_stones = passive_words
    own_aggressive, opp_aggressive, aggressive_stones = aggressive_words
    total: i64 = 0
    while passive_stones:
        passive: i64 = passive_stones & -passive_stones
        mover_passive: i64 = own_passive ^ passive ^ _ahead(passive, back, distance)
        partners: i64 = aggressive_stones
        while partners:
            stone: i64 = partners & -partners
            mover_aggressive, theirs_aggressive, removed = _aggressive_step(
                own_aggressive, opp_aggressive, stone, pushes_off, back, distance)
            clock_after: i64 = 0 if removed else clock + 1
            if passive_colour == DARK:  # the opponent moves next: their words first
                total += words_perft(opp_passive, theirs_aggressive, mover_passive, mover_aggressive, 1 - side,
                                     clock_after, depth - 1)
            else:
                total += words_perft(theirs_aggressive, opp_passive, mover_aggressive, mover_passive, 1 - side,
                                     clock_after, depth - 1)
            partners ^= stone
        passive_stones ^= passive
    return total


def _aggressive_step(own: i64, opp: i64, stone: i64, pushes_off: i64, back: i64,
                     distance: i64) -> tuple[i64, i64, bool]:
    """The aggressive move of ``stone`` (one bit of ``own``) ``distance`` squares along the vector: ``(own, opp,
    removed)``, an opponent's stone in the way pushed one square beyond the landing square, or off its board."""
    first: i64 = stone << _SHIFT_UP >> back
    landing: i64 = first if distance == 1 else first << _SHIFT_UP >> back
    pushed: i64 = opp & (first | landing)
    if not pushed:
        return own ^ stone ^ landing, opp, False
    if pushes_off & stone:
        return own ^ stone ^ landing, opp ^ pushed, True
    return own ^ stone ^ landing, opp ^ pushed ^ (landing << _SHIFT_UP >> back), False


def _ahead(stone: i64, back: i64, distance: i64) -> i64:
    """The square ``distance`` steps ahead of ``stone`` (one bit), on the same board."""
    first: i64 = stone << _SHIFT_UP >> back
    return first if distance == 1 else first << _SHIFT_UP >> back

