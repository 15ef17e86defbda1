"""What the four engines share (lessons_lib/games/common/): bitboards, the point-and-line boards, Zobrist
tables, the base of every position and the pictures' opening, each checked against what the games need."""

from __future__ import annotations

import importlib
import json
import random
from functools import reduce
from html import escape
from operator import xor
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from locations import ROOT
from lessons_lib.games import GAMES
from lessons_lib.games.baghchal import board as baghchal_board
from lessons_lib.games.baghchal import moves as baghchal_moves
from lessons_lib.games.common.bits import bit_index, chunk_tables, names_of, nth_bit, points_of, popcount, set_bits
from lessons_lib.games.common.bits import word_count
from lessons_lib.games.common.drawing import PALETTE, svg_start
from lessons_lib.games.common.line_board import line_board
from lessons_lib.games.common.position import BasePosition, playout_limit
from lessons_lib.games.common.zobrist import ZobristNumbers, xor_of
from lessons_lib.games.shologuti import board as shologuti_board
from lessons_lib.games.shologuti import moves as shologuti_moves
from lessons_lib.games.shologuti.rules import Rules

LINE_BOARDS = {"shologuti": (shologuti_board, shologuti_moves), "baghchal": (baghchal_board, baghchal_moves)}


def some_positions(name: str, games: int = 4, plies: int = 60) -> list[Any]:
    """Positions of seeded random games of ``name``, the start included."""
    rng = random.Random(name)
    found = []
    for _ in range(games):
        position = GAMES[name].start()
        for _ in range(plies):
            found.append(position)
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
    return found


# -- bits ------------------------------------------------------------------------------------------------------------


def test_points_of_lists_every_bit_of_a_40_bit_board_and_refuses_a_wider_one() -> None:
    rng = random.Random(1)
    for mask in [0, 1, (1 << 40) - 1, *(rng.getrandbits(40) for _ in range(2000))]:
        assert points_of(mask) == tuple(p for p in range(40) if mask >> p & 1) == tuple(set_bits(mask))
    with pytest.raises(IndexError):
        points_of(1 << 40)


def test_set_bits_and_names_of_read_any_width() -> None:
    assert list(set_bits(1 << 63 | 1 << 17 | 1)) == [0, 17, 63]
    assert names_of(1 << 12 | 1, baghchal_board.POINT_NAMES) == ["a5", "c3"] == baghchal_board.names_of(1 << 12 | 1)


def test_chunk_tables_cover_every_item_once() -> None:
    tables = chunk_tables(range(25), 8)
    assert len(tables) == 4 and all(len(table) == 256 for table in tables)
    assert tables[3][0b11] == (24,)  # items beyond the last are left out
    assert sum((table[255] for table in tables), ()) == tuple(range(25))


# -- the point-and-line boards -------------------------------------------------------------------------------------


def test_shologutis_tables_are_the_shared_builders_and_agree_with_board_json() -> None:
    board = shologuti_board
    data = json.loads((ROOT / "data" / "board.json").read_text(encoding="utf-8"))
    assert line_board(board.COORDINATES, board.LINES) == (board.NEIGHBOURS, board.NEIGHBOUR_MASK, board.JUMPS)
    for point in board.POINTS:
        joined = {b for a, b in board.LINES if a == point} | {a for a, b in board.LINES if b == point}
        assert board.NEIGHBOURS[point] == tuple(sorted(joined))
        assert board.NEIGHBOUR_MASK[point] == sum(1 << q for q in joined)
    assert board.NEIGHBOURS[0] == board.JUMPS[0] == () and board.NEIGHBOUR_MASK[0] == 0
    listed = {(origin, over, target) for origin, over, target in data["jumps"]}
    assert {(p, over, target) for p in board.POINTS for over, target in board.JUMPS[p]} == listed
    assert all(list(jumps) == sorted(jumps, key=lambda pair: pair[1]) for jumps in board.JUMPS)


def test_baghchals_tables_are_the_shared_builders_and_follow_the_grid() -> None:
    board = baghchal_board
    coordinates = {p: divmod(p, 5) for p in board.POINTS}
    assert line_board(coordinates, board.LINES) == (board.NEIGHBOURS, board.NEIGHBOUR_MASK, board.JUMPS)
    at = {rc: p for p, rc in coordinates.items()}

    def directions(row: int, col: int) -> list[tuple[int, int]]:
        diagonals = [(1, 1), (1, -1), (-1, 1), (-1, -1)] if (row + col) % 2 == 0 else []
        return [(0, 1), (1, 0), (0, -1), (-1, 0), *diagonals]

    for p, (row, col) in coordinates.items():
        steps = directions(row, col)
        assert board.NEIGHBOURS[p] == tuple(sorted(at[row + dr, col + dc] for dr, dc in steps
                                                   if (row + dr, col + dc) in at))
        jumps = [(at[row + dr, col + dc], at[row + 2 * dr, col + 2 * dc]) for dr, dc in steps
                 if (row + 2 * dr, col + 2 * dc) in at]
        assert board.JUMPS[p] == tuple(sorted(jumps, key=lambda pair: pair[1]))
    assert len(board.LINES) == 56 and sum(map(len, board.JUMPS)) == 80


@pytest.mark.parametrize("name", LINE_BOARDS)
def test_the_prebuilt_moves_of_a_line_board(name: str) -> None:
    board, moves = LINE_BOARDS[name]
    steps = [(origin, target) for origin in board.POINTS for target in board.NEIGHBOURS[origin]]
    assert list(moves.STEP_MOVES) == steps and all(tuple(moves.STEP_MOVES[s])[:2] == s for s in steps)
    captures = [(origin, target, over) for origin in board.POINTS for over, target in board.JUMPS[origin]]
    assert [tuple(move) for move in moves.CAPTURE_MOVES.values()] == captures
    rng = random.Random(name)
    for origin in board.POINTS:
        entries = moves.CAPTURES_FROM[origin]
        assert [(over_bit, target_bit, tuple(move)) for over_bit, target_bit, move in entries] == [
            (1 << over, 1 << target, (origin, target, over)) for over, target in board.JUMPS[origin]]
        assert moves.CAPTURE_OVER_MASK[origin] == sum(1 << over for over, _ in board.JUMPS[origin])
        for _ in range(20):
            empty = rng.getrandbits(40) & board.NEIGHBOUR_MASK[origin]
            expected = [moves.STEP_MOVES[origin, q] for q in board.NEIGHBOURS[origin] if empty >> q & 1]
            assert list(moves.STEPS_TO[origin][empty]) == expected


# -- Zobrist tables ------------------------------------------------------------------------------------------------


def test_zobrist_numbers_are_the_seeded_generators_draws_in_order() -> None:
    plain = random.Random(99)
    numbers = ZobristNumbers(99)
    assert numbers.table(3) == tuple(plain.getrandbits(64) for _ in range(3))
    assert numbers.table(3, first_is_zero=True) == (0, plain.getrandbits(64), plain.getrandbits(64))
    assert numbers.number() == plain.getrandbits(64)
    assert ZobristNumbers(99).table(50) == ZobristNumbers(99).table(50) != ZobristNumbers(100).table(50)


def test_xor_of_a_bitboard() -> None:
    keys = ZobristNumbers(5).table(64)
    rng = random.Random(5)
    for mask in [0, *(rng.getrandbits(64) for _ in range(200))]:
        assert xor_of(keys, mask) == reduce(xor, (keys[i] for i in range(64) if mask >> i & 1), 0)


PUBLISHED_KEYS = {  # the start position's key, and the key after its last legal move, before the engines moved
    "shologuti": (0x6C1AB8634A38E81, 0x158E109E1B5A71BC),
    "baghchal": (0xA71BF00EB3C3E593, 0x800C806C384E07B9),
    "hus": (0x9EC6E8291FF79E79, 0xD8F9414C0A80D36A),
    "shobu": (0x61619A0FE0A4063F, 0x6B156C52D6887314),
}


@pytest.mark.parametrize("name", GAMES)
def test_the_games_keys_are_unchanged(name: str) -> None:
    start = GAMES[name].start()
    after = start.play(start.legal_moves()[-1])
    assert (start.key, after.key) == PUBLISHED_KEYS[name]


# -- the base of every position ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_equality_hash_and_repr_round_trip_in_every_game(name: str) -> None:
    position_type = GAMES[name].engine.position
    positions = some_positions(name, games=2 if name == "shobu" else 4)
    namespace = {"Position": position_type, "Rules": Rules}
    for position in positions:
        assert isinstance(position, BasePosition) and not hasattr(position, "__dict__")
        copy = eval(repr(position), namespace)  # repr is an expression that builds the position again
        assert copy == position and hash(copy) == hash(position) == hash(position.key) and copy is not position
        assert not copy != position and copy.key == position.key and str(copy) == str(position)
    distinct = {str(position): position for position in positions}
    assert len(set(distinct.values())) == len(distinct)  # no two different positions are equal
    start = positions[0]
    assert start != str(start) and start.__eq__(object()) is NotImplemented
    assert start.game_name == name and start._repr_svg_() == GAMES[name].engine.picture(start)


@pytest.mark.parametrize("name", GAMES)
def test_play_reads_text_and_refuses_what_is_not_a_legal_move(name: str) -> None:
    start = GAMES[name].start()
    move = start.legal_moves()[0]
    assert start.play(str(move)) == start.play(move)
    with pytest.raises(ValueError, match="not legal|not a move"):  # IllegalMoveError and MoveError are ValueErrors
        start.play(("no", "such", "move"))


def test_playout_limit() -> None:
    assert (playout_limit(None), playout_limit(0), playout_limit(7)) == (-1, 0, 7)
    with pytest.raises(ValueError, match="max_plies must be 0 or more"):
        playout_limit(-1)


# -- the pictures --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_board_opens_with_the_shared_document_and_palette(name: str) -> None:
    module = importlib.import_module(f"lessons_lib.games.{name}.drawing")
    position = GAMES[name].start()
    status = module.status_text(position)
    svg = module.board_svg(position)
    assert svg.startswith(svg_start(f"{name}-board", module.WIDTH, module.HEIGHT, 1.0, status, module.STYLE))
    assert f'class="status">{escape(status)}</text>' in svg and svg.endswith("</svg>")
    assert all(module.COLOURS[colour] == value for colour, value in PALETTE.items())


@given(st.integers(min_value=0, max_value=2 ** 32 - 1), st.integers(min_value=0, max_value=33))
def test_the_native_bit_helpers_agree_with_pythons_ints(word: int, n: int) -> None:
    assert word_count(word) == popcount(word) == word.bit_count()
    found = nth_bit(word, n)
    assert found == (1 << list(set_bits(word))[n] if n < word.bit_count() else 0)
    if found:
        assert bit_index(found) == found.bit_length() - 1
