"""Shobu: every rule on small constructed positions, perft, properties along random games, bad input.

Boards are drawn as a person sees them, row 4 at the top: ``board("....", "..w.",
"....", ".b..")`` is a board with a White stone on c3 and a Black one on b1.
Boards left out of a position get ``FILLER``: a Black stone on a1 and a White one
on d4, so that nobody has lost a board.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons_lib.agents import AlphaBetaAgent
from lessons_lib.agents.match import play_game
from lessons_lib.agents.simple import RandomAgent
from lessons_lib.kit.errors import IllegalMoveError, MoveError, PositionError
from lessons_lib.kit.game import Outcome
from lessons_lib.kit.perft import interface_leaves, perft_divide
from lessons_lib.games.shobu import PERFT_FROM_START, PLAYER_NAMES, Move, Position, board_svg, evaluate, move_clicks, perft
from lessons_lib.games.shobu.board import BOARD_NAMES, SQUARE_NAMES, board_counts
from lessons_lib.games.common.bits import bit_index, word_count
from lessons_lib.games.shobu.movegen import WORD_SQUARES, colour_words, count_moves, generate_moves, nth_move
from lessons_lib.games.shobu.movegen import stones_of
from lessons_lib.games.shobu.moves import ALL_MOVES, VECTORS, vector_between
from lessons_lib.games.shobu.position import START_STRING
from lessons_lib.games.shobu.zobrist import compute_key


def board(*rows: str) -> str:
    """A board's 16 cells from its rows drawn top (row 4) to bottom (row 1), in the position string's order."""
    assert len(rows) == 4 and all(len(row) == 4 for row in rows)
    return "".join(reversed(rows))


FILLER = board("...w", "....", "....", "b...")


def position(side: str = "b", clock: int = 0, **boards: str) -> Position:
    """A position with the boards given by name (``bd=board(...)``) and ``FILLER`` elsewhere."""
    cells = "/".join(boards.get(name, FILLER) for name in BOARD_NAMES)
    return Position.from_string(f"{cells} {side}" + (f" {clock}" if clock else ""))


def board_of(after: Position, name: str) -> str:
    """The cells of one board of ``after``, in the position string's order."""
    return str(after).split()[0].split("/")[BOARD_NAMES.index(name)]


def random_positions(seed: int, plies: int = 400) -> list[Position]:
    """The positions of a seeded random game, from the start to its end (or ``plies`` plies)."""
    rng = random.Random(seed)
    positions = [Position.start()]
    while len(positions) <= plies and (moves := positions[-1].legal_moves()):
        positions.append(positions[-1].play(rng.choice(moves)))
    return positions


# -- a move generator written the plain way, square by square, to check the fast one --------------------------

DIRECTION_STEPS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]  # (column, row)


def reference_moves(position: Position) -> set[str]:
    """The legal moves' notation, found straight from the rules (no bitboards, no tables)."""
    cells_of = str(position).split()[0].split("/")
    grid = {(b, i % 4, i // 4): c for b, cells in enumerate(cells_of) for i, c in enumerate(cells) if c != "."}
    me = "bw"[position.to_move]
    if position.clock >= 100 or any(not any(grid.get((b, c, r)) == me for c in range(4) for r in range(4))
                                    for b in range(4)):
        return set()

    def on_board(column: int, row: int) -> bool:
        return 0 <= column < 4 and 0 <= row < 4

    def name(b: int, column: int, row: int) -> str:
        return f"{BOARD_NAMES[b]}:{'abcd'[column]}{row + 1}"

    moves = set()
    own_stones = [square for square, c in grid.items() if c == me]
    for passive_board, column, row in own_stones:
        if passive_board // 2 != position.to_move:
            continue
        for dc, dr in DIRECTION_STEPS:
            for distance in (1, 2):
                path = [(column + dc * i, row + dr * i) for i in range(1, distance + 1)]
                if not all(on_board(*sq) and (passive_board, *sq) not in grid for sq in path):
                    continue
                passive = f"{name(passive_board, column, row)}-{name(passive_board, *path[-1])[3:]}"
                for aggressive_board, a_column, a_row in own_stones:
                    if aggressive_board % 2 == passive_board % 2:
                        continue
                    a_path = [(a_column + dc * i, a_row + dr * i) for i in range(1, distance + 1)]
                    if not all(on_board(*sq) for sq in a_path):
                        continue
                    contents = [grid.get((aggressive_board, *sq)) for sq in a_path]
                    if me in contents or len([c for c in contents if c]) > 1:
                        continue
                    sign = "-"
                    if any(contents):
                        beyond = (a_column + dc * (distance + 1), a_row + dr * (distance + 1))
                        if not on_board(*beyond):
                            sign = "x"
                        elif (aggressive_board, *beyond) in grid:
                            continue
                    moves.add(f"{passive},{name(aggressive_board, a_column, a_row)}{sign}"
                              f"{name(aggressive_board, *a_path[-1])[3:]}")
    return moves


def mirrored(position: Position) -> Position:
    """The position turned half a turn with the colours swapped: the same game, with the players' roles swapped."""
    boards = str(position).split()[0].split("/")
    swap = {"b": "w", "w": "b", ".": "."}
    turned = ["".join(swap[c] for c in reversed(boards[b ^ 2])) for b in range(4)]  # bd <-> wd, bl <-> wl
    side = "b" if position.to_move else "w"
    return Position.from_string(f"{'/'.join(turned)} {side} {position.clock}")


# -- the start, the notation, the key ------------------------------------------------------------------------

def test_the_start_position_and_its_key() -> None:
    start = Position.start()
    assert str(start) == START_STRING == "bbbb........wwww/bbbb........wwww/bbbb........wwww/bbbb........wwww b"
    assert Position.from_string("start") == start == Position.from_string(str(start))
    assert start.to_move == 0 and start.clock == 0 and PLAYER_NAMES == ("Black", "White")
    assert start.key == 0x61619A0FE0A4063F  # fixed-seed tables: this changes only if the tables do
    assert start.board_counts(0) == start.board_counts(1) == (4, 4, 4, 4)


def test_the_notation_reads_and_writes_moves() -> None:
    move = Move.parse("bd:b1-b3,wl:c1-c3")
    assert str(move) == "bd:b1-b3,wl:c1-c3" and Move.parse(" BD:B1 - B3 , WL:C1-C3 ") == move
    assert (move.direction_name, move.distance, move.is_capture) == ("N", 2, False)
    assert move_clicks(move) == ("bd:b1", "bd:b3", "wl:c1")
    push_off = Move.parse("bl:a2-a3,wd:b3xb4")
    assert push_off.is_capture and str(push_off) == "bl:a2-a3,wd:b3xb4"
    assert SQUARE_NAMES[move.passive_origin] == "bd:b1"


@pytest.mark.parametrize(("text", "message"), [
    ("bd:b1-b3", "is not a move"),
    ("bd:b1-c4,wl:c1-d4", "not one or two squares in a straight line"),
    ("bd:b1-b4,wl:c1-c4", "not one or two squares in a straight line"),
    ("bd:b1-b3,wd:c1-c3", "other colour"),
    ("bd:b1-b3,wl:c1-c4", "so from wl:c1 it goes to wl:c3"),
    ("bd:a1-a3,wl:c3-c1", "would leave its board"),
    ("bd:a1-a2,wl:c1xc2", "cannot push a stone off"),
    ("bd:e1-e2,wl:a1-a2", "is not a move"),
])
def test_the_notation_refuses_what_is_not_a_move(text: str, message: str) -> None:
    with pytest.raises(MoveError, match=message):
        Move.parse(text)


# -- the rules, one by one -----------------------------------------------------------------------------------

def test_the_passive_move_is_on_a_home_board_of_the_mover() -> None:
    start = Position.start()
    with pytest.raises(IllegalMoveError, match="must be on your home board"):
        start.play("wd:a1-a2,bl:a1-a2")
    assert {SQUARE_NAMES[move.passive_origin][:2] for move in start.legal_moves()} == {"bd", "bl"}
    white = start.play("bd:a1-a2,bl:a1-a2")
    assert {SQUARE_NAMES[move.passive_origin][:2] for move in white.legal_moves()} == {"wd", "wl"}


def test_the_passive_move_neither_pushes_nor_jumps() -> None:
    blocked = position(bd=board("...w", "....", "w...", "b..."))
    with pytest.raises(IllegalMoveError, match="may not push or jump"):
        blocked.play("bd:a1-a2,bl:a1-a2")
    with pytest.raises(IllegalMoveError, match="may not push or jump"):
        blocked.play("bd:a1-a3,bl:a1-a3")
    own = position(bd=board("...w", "....", "b...", "b..."))
    with pytest.raises(IllegalMoveError, match="may not push or jump"):
        own.play("bd:a1-a3,bl:a1-a3")
    assert not any(str(m).startswith(("bd:a1-a2", "bd:a1-a3")) for m in blocked.legal_moves())


def test_the_aggressive_move_is_on_the_other_colour_on_either_side_of_the_rope() -> None:
    start = Position.start()
    boards = {(SQUARE_NAMES[m.passive_origin][:2], SQUARE_NAMES[m.aggressive_origin][:2]) for m in start.legal_moves()}
    assert boards == {("bd", "bl"), ("bd", "wl"), ("bl", "bd"), ("bl", "wd")}
    same_colour = Move(SQUARE_NAMES.index("bd:a1"), SQUARE_NAMES.index("bd:a2"),
                       SQUARE_NAMES.index("wd:a1"), SQUARE_NAMES.index("wd:a2"))
    with pytest.raises(IllegalMoveError, match="other colour"):
        start.play(same_colour)


def test_the_aggressive_move_repeats_the_passive_vector() -> None:
    other_vector = Move(SQUARE_NAMES.index("bd:a1"), SQUARE_NAMES.index("bd:a2"),
                        SQUARE_NAMES.index("bl:a1"), SQUARE_NAMES.index("bl:a3"))
    with pytest.raises(IllegalMoveError, match="same direction and distance"):
        Position.start().play(other_vector)
    for move in Position.start().legal_moves():
        assert vector_between(move.passive_origin, move.passive_target) == \
            vector_between(move.aggressive_origin, move.aggressive_target)


def test_a_push_of_one_square_moves_the_stone_one_beyond() -> None:
    before = position(wl=board("...w", "....", "w...", "b..."))
    after = before.play("bd:a1-a2,wl:a1-a2")
    assert board_of(after, "wl") == board("...w", "w...", "b...", "....")
    assert after.clock == 1 and after.board_counts(1) == before.board_counts(1)


@pytest.mark.parametrize("first_square", [True, False])
def test_a_push_of_two_squares_moves_the_stone_beyond_the_landing_square(first_square: bool) -> None:
    start_board = board("....", ".w..", "....", ".b..") if not first_square else board("....", "....", ".w..", ".b..")
    before = position(wl=start_board)
    after = before.play("bd:a1-a3,wl:b1-b3")
    assert board_of(after, "wl") == board(".w..", ".b..", "....", "....")


@pytest.mark.parametrize(("wl", "move"), [
    (board("w..w", "b...", "....", "...."), "bd:a1-a2,wl:a3xa4"),  # one square: a4 goes off the top
    (board("w..w", "....", "b...", "...."), "bd:a1-a3,wl:a2xa4"),  # two squares, the stone on the second
    (board("...w", "w...", "b...", "...."), "bd:a1-a3,wl:a2xa4"),  # two squares, the stone on the first
])
def test_a_stone_pushed_off_its_board_is_removed(wl: str, move: str) -> None:
    before = position(clock=7, wl=wl)
    after = before.play(move)
    assert after.board_counts(1)[3] == before.board_counts(1)[3] - 1 and after.clock == 0
    assert board_of(after, "wl").count("b") == 1 and Move.parse(move).is_capture
    with pytest.raises(IllegalMoveError, match="write it with 'x'"):
        before.play(move.replace("x", "-"))


def test_the_push_off_marker_agrees_with_the_position() -> None:
    before = position(wl=board("w..w", "b...", "....", "...."))
    assert "bd:a1-a2,wl:a3xa4" in {str(m) for m in before.legal_moves()}
    assert all(m.is_capture == ("x" in str(m)) for m in before.legal_moves())
    nothing_to_push = position(wl=board("...w", "b...", "....", "...."))
    with pytest.raises(IllegalMoveError, match="pushes no stone off the board"):
        nothing_to_push.play("bd:a1-a2,wl:a3xa4")


@pytest.mark.parametrize(("wl", "move", "message"), [
    (board("...w", "w...", "w...", "b..."), "bd:a1-a3,wl:a1-a3", "push two stones"),  # two in the path
    (board("...w", "w...", "w...", "b..."), "bd:a1-a2,wl:a1-a2", "push two stones"),  # one just beyond
    (board("...w", "b...", "w...", "b..."), "bd:a1-a2,wl:a1-a2", "push two stones"),  # own stone beyond
    (board("w..w", "....", "w...", "b..."), "bd:a1-a3,wl:a1-a3", "push two stones"),  # beyond the landing
    (board("...w", "....", "b...", "b..."), "bd:a1-a2,wl:a1-a2", "your own stone"),
    (board("...w", "b...", "....", "b..."), "bd:a1-a3,wl:a1-a3", "your own stone"),
])
def test_the_aggressive_move_never_pushes_two_stones_or_its_own(wl: str, move: str, message: str) -> None:
    before = position(wl=wl)
    with pytest.raises(IllegalMoveError, match=message):
        before.play(move)
    assert move not in {str(m) for m in before.legal_moves()}


def test_the_aggressive_stone_may_not_leave_its_board() -> None:
    before = position(wl=board("b..w", "....", "....", "...."))
    assert not [m for m in before.legal_moves() if SQUARE_NAMES[m.aggressive_origin] == "wl:a4"
                and m.direction_name in ("N", "NE", "NW", "W", "SW")]
    across = Move(SQUARE_NAMES.index("bd:a1"), SQUARE_NAMES.index("bd:a2"),
                  SQUARE_NAMES.index("bl:a4"), SQUARE_NAMES.index("wd:a1"))
    with pytest.raises(IllegalMoveError, match="on one board"):
        Position.start().play(across)


def test_a_passive_move_without_an_aggressive_partner_is_not_legal() -> None:
    before = position(bl=board("b..w", "....", "....", "...."), wl=board(".b.w", "....", "....", "...."))
    passives = {str(m).split(",")[0] for m in before.legal_moves()}
    assert "bd:a1-a2" not in passives and "bd:a1-b2" not in passives  # nothing on a light board can go N or NE
    assert "bd:a1-b1" in passives  # bl:a4-b4 goes E


def test_emptying_a_board_wins() -> None:
    before = position(wd=board(".w..", ".b..", "....", "...."))
    after = before.play("bl:a1-a2,wd:b3xb4")
    assert after.outcome() == Outcome(0, "board cleared")
    assert after.is_game_over() and after.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        after.play(Move.parse("wl:d4-d3,bd:d4-d3"))


def test_a_player_with_no_legal_move_loses() -> None:
    stuck = board("....", "....", "ww..", "bw..")
    before = position(bd=stuck, bl=stuck)
    assert before.legal_moves() == [] and before.outcome() == Outcome(1, "no move")


def test_the_draw_clock_and_its_reset_on_a_removal() -> None:
    quiet = position(clock=99).play("bd:a1-a2,bl:a1-a2")
    assert quiet.clock == 100 and quiet.outcome() == Outcome(None, "draw clock") and quiet.legal_moves() == []
    pushed = position(clock=50, wl=board("...w", "....", "w...", "b...")).play("bd:a1-a2,wl:a1-a2")
    assert pushed.clock == 51  # a push that removes nothing is a quiet ply
    removal = position(clock=99, wl=board("w..w", "b...", "....", "....")).play("bd:a1-a2,wl:a3xa4")
    assert removal.clock == 0 and removal.outcome() is None


def test_the_win_checks_come_before_the_draw_clock() -> None:
    won = position(clock=99, wd=board(".w..", ".b..", "....", "....")).play("bl:a1-a2,wd:b3xb4")
    assert won.outcome() == Outcome(0, "board cleared")
    cleared = Position.from_string(f"{FILLER}/{FILLER}/{FILLER}/{board('....', '....', '....', 'b...')} w 100")
    assert cleared.outcome() == Outcome(0, "board cleared")
    stuck = board("....", "....", "ww..", "bw..")
    assert position(clock=100, bd=stuck, bl=stuck).outcome() == Outcome(1, "no move")


def test_impossible_positions_are_refused() -> None:
    with pytest.raises(PositionError, match="board bl: Black has 5 stones"):
        position(bl=board("...w", "....", "b...", "bbbb"))
    with pytest.raises(PositionError, match="who has just moved"):
        position(side="b", wl=board("...b", "....", "....", "b..."))
    with pytest.raises(PositionError, match="clock"):
        position(clock=101)


# -- the move generator: its order, and agreement with the rules written plainly -----------------------------

def test_the_legal_moves_come_in_the_documented_order() -> None:
    for current in random_positions(5)[::10]:
        moves = current.legal_moves()
        order = [(VECTORS.index(vector_between(m.passive_origin, m.passive_target)), m.passive_origin,
                  m.aggressive_origin) for m in moves]
        assert order == sorted(order) and len(set(order)) == len(order)


def test_the_generator_agrees_with_the_rules_written_plainly() -> None:
    for seed in range(4):
        for current in random_positions(seed)[::7]:
            expected = reference_moves(current)
            assert {str(m) for m in current.legal_moves()} == expected, str(current)
            assert len(current.legal_moves()) == len(mirrored(current).legal_moves())


def test_why_illegal_agrees_with_the_generator_on_every_move() -> None:
    for current in random_positions(21)[::30]:
        legal = set(current.legal_moves())
        for move in ALL_MOVES.values():
            assert (current.why_illegal(move) is None) == (move in legal), (str(current), str(move))


def test_perft_from_the_start() -> None:
    start = Position.start()
    for depth, expected in enumerate(PERFT_FROM_START[:2], start=1):
        count = perft(start, depth)
        if count != expected:
            for move, below in perft_divide(start, depth).items():
                print(move, below)
        assert count == expected, f"perft({depth})"
    assert perft(mirrored(start), 2) == PERFT_FROM_START[1]


def test_perft_at_depth_3_from_the_start() -> None:
    """8,675,832 leaves, counted on the words (about a second as source; depth 4 only the rules page has)."""
    assert perft(Position.start(), 3) == PERFT_FROM_START[2]


# -- properties along random games ----------------------------------------------------------------------------

@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1))
def test_properties_along_a_random_game(seed: int) -> None:
    positions = random_positions(seed)
    for before, after in zip(positions, positions[1:]):
        assert Position.from_string(str(after)) == after and str(Position.from_string(str(after))) == str(after)
        assert after.key == compute_key(after.black, after.white, after.to_move)
        assert after.to_move == 1 - before.to_move
        mover, other = before.to_move, after.to_move
        assert after.board_counts(mover) == before.board_counts(mover)
        lost = sum(before.board_counts(other)) - sum(after.board_counts(other))
        assert lost in (0, 1)
        assert (after.clock == 0) == (lost == 1) and (lost or after.clock == before.clock + 1)
        fresh = Position.from_string(str(after))  # no move list yet: the end checks take their own path
        assert fresh.is_game_over() == (not after.legal_moves()) == (fresh.outcome() is not None)
    last = positions[-1]
    assert last.is_game_over() or len(positions) > 400


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_moves_come_by_vector_then_passive_square_then_aggressive_square(seed: int) -> None:
    """The order ``_generate_moves`` documents (what random playouts' choices depend on)."""
    for current in random_positions(seed)[::3]:
        keys = [(VECTORS.index(vector_between(move.passive_origin, move.passive_target)), move.passive_origin,
                 move.aggressive_origin) for move in current.legal_moves()]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_counted_moves_are_the_generators_moves_one_index_at_a_time() -> None:
    for current in random_positions(13)[::5]:
        own, opp = (current.white, current.black) if current.to_move else (current.black, current.white)
        words = (*colour_words(own), *colour_words(opp))
        count = count_moves(*words, current.to_move)
        assert [nth_move(*words, current.to_move, i) for i in range(count)] == generate_moves(own, opp, current.to_move)
        with pytest.raises(IndexError):
            nth_move(*words, current.to_move, count)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 300), clock=st.integers(96, 100), depth=st.integers(1, 3))
def test_perft_on_the_words_is_perft_through_the_interface_near_the_draw(seed: int, plies: int, clock: int,
                                                                          depth: int) -> None:
    """The words' perft against the interface's, with the clock a few plies from the draw and at it."""
    position = random_positions(seed, plies)[-1]
    near_draw = Position.from_string(f"{str(position).split()[0]} {'bw'[position.to_move]} {clock}")
    if depth == 3 and clock < 99:
        depth = 2  # depth 3 through the interface is slow; near the draw it is short
    assert near_draw.count_leaves(depth) == interface_leaves(near_draw, depth)


@given(st.integers(min_value=0, max_value=2 ** 64 - 1))
def test_the_colour_words_hold_every_square_once(stones: int) -> None:
    dark, light = colour_words(stones)
    assert 0 <= dark < 2 ** 32 and 0 <= light < 2 ** 32 and stones_of(dark, light) == stones
    in_words = {WORD_SQUARES[colour][b] for colour, word in enumerate((dark, light)) for b in range(32) if word >> b & 1}
    assert in_words == {square for square in range(64) if stones >> square & 1}
    assert word_count(dark) + word_count(light) == stones.bit_count()


def test_bit_index_finds_every_bit_of_a_word() -> None:
    assert [bit_index(1 << k) for k in range(36)] == list(range(36))


# -- bad input ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "part"), [
    ("bbbb........wwww/bbbb........wwww b", "boards: need 4 boards"),
    ("bbbb........wwww/bbbb.......wwww/bbbb........wwww/bbbb........wwww b", "board bl: need 16 cells"),
    ("bbbb........wwww/bbbb........wwww/bbbB........wwww/bbbb........wwww b", "board wd: 'B'"),
    ("bbbb........wwww/bbbb........wwww/bbbb........wwww/bbbb........wwww x", "side to move"),
    ("bbbb........wwww/bbbb........wwww/bbbb........wwww/bbbb........wwww b -3", "clock"),
    ("bbbb........wwww/bbbb........wwww/bbbb........wwww/bbbb........wwww b 1 2", "2 or 3 parts"),
    (None, "is text"),
])
def test_a_bad_position_names_the_wrong_part(text: str, part: str) -> None:
    with pytest.raises(PositionError, match=re.escape(part)):
        Position.from_string(text)


def test_odd_move_objects_are_refused_with_a_reason() -> None:
    start = Position.start()
    for odd in (Move(99, 0, 0, 0), Move(0, 4, 17, 21, "yes"), ("bd", 1), Move(0, 0, 16, 16)):  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError):
            start.play(odd)  # type: ignore[arg-type]


def test_a_tuple_equal_to_a_legal_move_plays_that_move() -> None:
    """A tuple with floats can equal a legal move: play plays the move itself (bit shifts need ints)."""
    start = Position.start()
    move = Move.parse("bd:b1-b3,wl:c1-c3")
    assert start.play(tuple(float(s) for s in move[:4]) + (False,)) == start.play(move)  # type: ignore[arg-type]


def test_owner_refuses_what_is_not_a_square() -> None:
    start = Position.start()
    assert start.owner(0) == 0 and start.owner(63) == 1 and start.owner(20) is None
    for odd in (-1, 64, 1.0, "bd:a1"):
        with pytest.raises(PositionError, match="no square"):
            start.owner(odd)  # type: ignore[arg-type]


# -- the drawing, the evaluation, a match --------------------------------------------------------------------

def test_the_drawing_has_one_click_target_per_square_and_marks_clicks() -> None:
    start = Position.start()
    move = start.legal_moves()[0]
    svg = board_svg(start.play(move), clickable=("wd:a4", "wl:b4"), selected=("wd:c4",), last_move=move)
    assert sorted(re.findall(r'data-click="([a-z:0-9]+)"', svg)) == sorted(SQUARE_NAMES)
    assert svg.count('class="clickable"') == 2 and svg.count('class="selected"') == 1
    assert svg.count('class="last-move"') == 4
    assert svg.count('class="stone black"') == 16 and svg.count('class="stone white"') == 16
    assert "White to move" in svg
    assert start._repr_svg_().startswith("<svg")


def test_the_evaluation_is_zero_sum_bounded_and_likes_the_weakest_board_full() -> None:
    for current in random_positions(8) + [position(wl=board("b..w", "....", "....", ".bbb"))]:
        assert evaluate(current, 0) == -evaluate(current, 1)
        assert abs(evaluate(current, 0)) < 400
    extreme = Position.from_string("/".join([board("...w", "....", "....", "bbbb")] * 4) + " b")
    assert evaluate(extreme, 0) == 4 * (56 - 24) + 30 * 3
    thin = position()  # one stone each on every board
    assert evaluate(thin, 0) == 0 and board_counts(thin.black) == (1, 1, 1, 1)


def test_alphabeta_at_depth_2_beats_random_in_both_seats() -> None:
    for seat in (0, 1):
        searcher, opponent = AlphaBetaAgent(2, evaluate), RandomAgent(seed=seat)
        players = [searcher, opponent] if seat == 0 else [opponent, searcher]
        result = play_game(players, Position.start(), max_plies=100)
        assert result.outcome.winner == seat, result.outcome
