"""Bagh-Chal: the board, every rule, the notation, perft, keys, the drawing, the evaluation and its strength.

The rules are checked twice over: on hand-built positions, and against a slow
reference move generator (below) written from the coordinates alone, without
the engine's tables, along random games that hypothesis plays.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons_lib.games.shologuti import board as shologuti_board
from lessons_lib.agents import AlphaBetaAgent, RandomAgent
from lessons_lib.agents.match import play_game
from lessons_lib.games.baghchal import GOATS, PERFT_FROM_START, PLAYER_NAMES, TIGERS, Move, Position, board_svg, evaluate
from lessons_lib.games.baghchal import move_clicks, perft
from lessons_lib.games.baghchal.board import JUMPS, LINES, NEIGHBOURS, POINT_NAMES, POINT_NUMBERS, POINTS, row_col
from lessons_lib.games.baghchal.evaluation import EvaluationTerms, evaluation_terms
from lessons_lib.kit.errors import IllegalMoveError, MoveError, PositionError
from lessons_lib.kit.perft import interface_leaves, perft_divide
from lessons_lib.games.baghchal.movegen import count_moves, goat_moves, nth_move, tiger_moves


TRAPPED = "TGGGT/GGGGG/G.GGG/GGGGG/TGGGT t 0 0"
"""Tigers to move on the corners, every point they could reach taken: the goats have won."""
BEFORE_TRAP = "TGGGT/GGGGG/.GGGG/GGGGG/TGGGT g 0 0 99"
"""One goat step (``b3-a3``) from :data:`TRAPPED`; any other step lets the tiger on a5 out."""
GOATS_STUCK = ".TGGG/TTGGG/GGGGG/GGGGG/GGGGT g 0 0"
"""Goats to move, but the one empty point (a5) is walled in by tigers."""
THREAT = "T..../...G./..T../...../T...T t 19 0"
"""The tiger on c3 can jump the goat on d4 to e5 (``c3xe5``)."""


def number_of(name: str) -> int:
    """The number of the point called ``name``."""
    return POINT_NUMBERS[name]


# -- a reference move generator, from coordinates alone ------------------------


def joined(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Are the points at (row, col) ``a`` and ``b`` joined by a line? Diagonals only from points with row + col even."""
    if not all(0 <= x < 5 for x in (*a, *b)):
        return False
    d_row, d_col = abs(a[0] - b[0]), abs(a[1] - b[1])
    if (d_row, d_col) in ((0, 1), (1, 0)):
        return True
    return (d_row, d_col) == (1, 1) and (a[0] + a[1]) % 2 == 0


def name_at(row: int, col: int) -> str:
    return "abcde"[col] + str(5 - row)


def reference_moves(position: Position) -> list[str]:
    """The legal moves as text, found the slow way from the position's string."""
    rows, side, in_hand, captured, *_ = str(position).split()
    cells = {(r, c): rows.split("/")[r][c] for r in range(5) for c in range(5)}
    if int(captured) >= 5:
        return []
    moves = []
    if side == "g" and int(in_hand):
        return [name_at(*cell) for cell, piece in sorted(cells.items()) if piece == "."]
    mover = "G" if side == "g" else "T"
    for (r, c), piece in sorted(cells.items()):
        if piece != mover:
            continue
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                near, far = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if (dr or dc) and joined((r, c), near):
                    if cells[near] == ".":
                        moves.append(f"{name_at(r, c)}-{name_at(*near)}")
                    elif mover == "T" and cells[near] == "G" and joined(near, far) and cells[far] == ".":
                        moves.append(f"{name_at(r, c)}x{name_at(*far)}")
    return moves


def playout(data: st.DataObject, plies: int) -> list[Position]:
    """The positions of a game whose moves hypothesis draws (stops early if the game ends)."""
    positions = [Position.start()]
    for _ in range(plies):
        moves = positions[-1].legal_moves()
        if not moves:
            break
        positions.append(positions[-1].play(data.draw(st.sampled_from(moves))))
    return positions


lengths = st.integers(min_value=0, max_value=200)


# -- the board ------------------------------------------------------------------


def test_the_lines_are_shologuti_grid_lines_under_point_p_to_7_plus_p() -> None:
    grid = set(range(7, 32))
    shologuti_grid_lines = {frozenset(line) for line in shologuti_board.LINES if set(line) <= grid}
    assert {frozenset((7 + a, 7 + b)) for a, b in LINES} == shologuti_grid_lines
    assert all(shologuti_board.COORDINATES[7 + point] == row_col(point) for point in POINTS)


def test_the_board_has_56_lines_and_80_jumps_each_along_two_lines_of_one_straight_line() -> None:
    assert len(LINES) == 56 and sum(len(jumps) for jumps in JUMPS) == 80
    for origin in POINTS:
        for over, target in JUMPS[origin]:
            assert over in NEIGHBOURS[origin] and target in NEIGHBOURS[over]
            (r0, c0), (r1, c1), (r2, c2) = row_col(origin), row_col(over), row_col(target)
            assert (r1 - r0, c1 - c0) == (r2 - r1, c2 - c1)


def test_points_are_named_like_chess_squares_with_row_1_at_the_bottom() -> None:
    assert [POINT_NAMES[point] for point in (0, 4, 12, 20, 24)] == ["a5", "e5", "c3", "a1", "e1"]
    assert [POINT_NAMES[q] for q in NEIGHBOURS[number_of("c3")]] == ["b4", "c4", "d4", "b3", "d3", "b2", "c2", "d2"]
    assert [POINT_NAMES[q] for q in NEIGHBOURS[number_of("b3")]] == ["b4", "a3", "c3", "b2"]  # no diagonals from b3


def test_the_graph_is_built_from_the_engine_tables() -> None:
    from lessons_lib.games.baghchal.graph import board_graph

    graph = board_graph()
    assert {frozenset(edge) for edge in graph.edges} == {frozenset(line) for line in LINES}
    node = graph.nodes[number_of("a1")]
    assert (node["name"], node["row"], node["col"], node["pos"]) == ("a1", 4, 0, (0, 0))


def test_the_engine_imports_only_the_standard_library() -> None:
    code = ("import sys, lessons_lib.games.baghchal; "
            "print([m for m in ('networkx', 'matplotlib', 'numpy', 'ipywidgets') if m in sys.modules])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


# -- the rules --------------------------------------------------------------------


def test_the_start_goats_to_place_on_any_of_the_21_empty_points() -> None:
    start = Position.start()
    assert str(start) == "T...T/...../...../...../T...T g 20 0" and Position.from_string("start") == start
    assert PLAYER_NAMES[start.to_move] == "Goats" and start.goats_in_hand == 20
    moves = start.legal_moves()
    assert all(move.is_placement for move in moves) and len(moves) == 21
    assert [str(move) for move in moves[:4]] == ["b5", "c5", "d5", "a4"]  # point order: the top row first


def test_a_placement_puts_a_goat_down_and_hands_the_turn_to_the_tigers() -> None:
    after = Position.start().play("c3")
    assert str(after) == "T...T/...../..G../...../T...T t 19 0"
    assert after.owner(number_of("c3")) == GOATS and after.to_move == TIGERS


def test_goats_cannot_step_while_goats_remain_in_hand() -> None:
    position = Position.from_string("T...T/...../..G../...../T...T g 18 1 1")
    moves = position.legal_moves()
    assert moves and all(move.is_placement for move in moves) and len(moves) == 20
    with pytest.raises(IllegalMoveError, match="only once all twenty are placed"):
        position.play("c3-c4")


def test_once_all_goats_are_placed_goats_only_step() -> None:
    position = Position.from_string(BEFORE_TRAP)
    assert [str(move) for move in position.legal_moves()] == ["a4-a3", "b4-a3", "b3-a3", "a2-a3", "b2-a3"]
    with pytest.raises(IllegalMoveError, match="all twenty goats are placed"):
        position.play("a3")


def test_tigers_step_along_lines_and_never_diagonally_from_an_odd_point() -> None:
    position = Position.from_string("T...T/...../.T.../...../T...G t 19 0")
    steps = sorted(str(move) for move in position.legal_moves() if move.origin == number_of("b3"))
    assert steps == ["b3-a3", "b3-b2", "b3-b4", "b3-c3"]


def test_a_tiger_captures_along_a_line_over_a_goat_onto_an_empty_point() -> None:
    position = Position.from_string(THREAT)
    captures = [str(move) for move in position.legal_moves() if move.is_capture]
    assert captures == ["c3xe5"]
    after = position.play("c3xe5")
    assert after.goats_captured == 1 and after.owner(number_of("d4")) is None and after.owner(number_of("e5")) == TIGERS


def test_no_capture_along_a_diagonal_that_is_not_a_line() -> None:
    position = Position.from_string("T..../..G../.T.../...../T...T t 19 0")  # b3 to d5 over c4: no line
    assert not any(move.is_capture for move in position.legal_moves())
    with pytest.raises(MoveError, match="no jump along a line"):
        position.play("b3xd5")


def test_no_capture_over_a_tiger_or_onto_an_occupied_point() -> None:
    over_a_tiger = Position.from_string("....T/...../..G../T..../T...T t 19 0")
    assert "a1xa3" not in [str(m) for m in over_a_tiger.legal_moves()]
    with pytest.raises(IllegalMoveError, match="no goat on a2"):
        over_a_tiger.play("a1xa3")
    onto_a_goat = Position.from_string("T...T/...../G..../G..../T...T t 18 0")
    assert not any(move.is_capture for move in onto_a_goat.legal_moves())
    with pytest.raises(IllegalMoveError, match="a3 is not empty"):
        onto_a_goat.play("a1xa3")
    with pytest.raises(IllegalMoveError, match="no goat on a2"):
        Position.from_string("T...T/...../...../...../T...T g 20 0").play("c3").play("a1xa3")


def test_the_fifth_capture_wins_for_the_tigers() -> None:
    position = Position.from_string(THREAT.replace("19 0", "15 4"))
    after = position.play("c3xe5")
    assert after.goats_captured == 5 and after.is_game_over() and after.legal_moves() == []
    assert after.outcome() == (TIGERS, "five captures")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        after.play("c3")


def test_trapped_tigers_lose() -> None:
    trapped = Position.from_string(TRAPPED)
    assert trapped.legal_moves() == [] and trapped.outcome() == (GOATS, "tigers trapped")


def test_goats_with_no_move_lose() -> None:
    stuck = Position.from_string(GOATS_STUCK)
    assert stuck.legal_moves() == [] and stuck.outcome() == (TIGERS, "no move")


def test_the_draw_clock_counts_quiet_plies_and_draws_at_100() -> None:
    before = Position.from_string(BEFORE_TRAP)
    drawn = before.play("a4-a3")
    assert drawn.clock == 100 and drawn.outcome() == (None, "draw clock")
    assert drawn.legal_moves() == [] and drawn.is_game_over()
    with pytest.raises(IllegalMoveError, match="game is over"):
        drawn.play("a5-a4")


def test_no_move_is_checked_before_the_draw_clock() -> None:
    trapped = Position.from_string(BEFORE_TRAP).play("b3-a3")
    assert trapped.clock == 100 and trapped.outcome() == (GOATS, "tigers trapped")
    assert Position.from_string(GOATS_STUCK + " 100").outcome() == (TIGERS, "no move")


def test_captures_and_placements_reset_the_clock_and_steps_advance_it() -> None:
    quiet = Position.from_string("TG..T/GGGGG/GGGGG/G.GGG/TG.GT g 0 3 7")
    assert quiet.play("a2-b2").clock == 8 and quiet.play("a2-b2").play("a1-a2").clock == 9
    assert quiet.play("a2-b2").play("a1xc1").clock == 0
    tiger_step = Position.from_string(THREAT).play("c3-c2")
    assert tiger_step.clock == 1 and tiger_step.play("a3").clock == 0


def test_a_goat_cannot_capture_and_tigers_cannot_place() -> None:
    with pytest.raises(IllegalMoveError, match="goats never capture"):
        Position.from_string(BEFORE_TRAP).play("a4xa2")
    with pytest.raises(IllegalMoveError, match="only goats are placed"):
        Position.start().play("c3").play("c4")


# -- legal move order, reference generator, perft --------------------------------


def test_tigers_list_captures_first_then_steps_each_by_origin_and_target() -> None:
    position = Position.from_string("T..../.G.G./..T../.GG../T...T t 16 0")
    moves = position.legal_moves()
    captures = [move for move in moves if move.is_capture]
    assert moves[: len(captures)] == captures and [str(move) for move in captures] == ["c3xe5", "c3xc1"]
    for group in (captures, moves[len(captures):]):
        assert group == sorted(group, key=lambda move: (move.origin, move.target))
    assert sorted(map(str, moves)) == sorted(reference_moves(position))


@given(st.data(), lengths)
def test_the_moves_equal_the_reference_generators_along_random_games(data: st.DataObject, plies: int) -> None:
    for position in playout(data, plies):
        moves = [str(move) for move in position.legal_moves()]
        expected = reference_moves(position) if position.clock < 100 else []
        assert sorted(moves) == sorted(expected)


@pytest.mark.parametrize("depth", range(1, 6))
def test_perft_from_the_start(depth: int) -> None:
    start = Position.start()
    count = perft(start, depth)
    expected = PERFT_FROM_START[depth - 1]
    if count != expected:
        split = ", ".join(f"{move}: {n}" for move, n in perft_divide(start, depth).items())
        pytest.fail(f"perft({depth}) = {count}, expected {expected}; by root move: {split}")


# -- properties along random games -----------------------------------------------


@given(st.data(), lengths)
def test_goats_are_always_twenty_tigers_four_and_captures_never_undone(data: st.DataObject, plies: int) -> None:
    positions = playout(data, plies)
    for position in positions:
        assert position.goats.bit_count() + position.goats_in_hand + position.goats_captured == 20
        assert position.tigers.bit_count() == 4 and not position.tigers & position.goats
    for before, after in zip(positions, positions[1:]):
        assert after.goats_captured in (before.goats_captured, before.goats_captured + 1)
        assert after.goats_in_hand in (before.goats_in_hand, before.goats_in_hand - 1)
        assert after.to_move != before.to_move


@given(st.data(), lengths)
def test_the_clock_resets_exactly_on_captures_and_placements(data: st.DataObject, plies: int) -> None:
    positions = playout(data, plies)
    for before, after in zip(positions, positions[1:]):
        irreversible = after.goats_captured > before.goats_captured or after.goats_in_hand < before.goats_in_hand
        assert after.clock == (0 if irreversible else before.clock + 1)


def test_the_start_key_is_pinned_and_the_clock_is_not_in_the_key() -> None:
    assert Position.start().key == 0xA71BF00EB3C3E593
    quiet, later = Position.from_string(BEFORE_TRAP), Position.from_string(BEFORE_TRAP.replace(" 99", " 3"))
    assert quiet.key == later.key and quiet != later


# -- notation ---------------------------------------------------------------------


def test_a_tuple_equal_to_a_legal_move_plays_that_move() -> None:
    """A tuple with floats can equal a legal move: play plays the move itself (bit shifts need ints)."""
    start = Position.start()
    assert start.play((None, 12.0, None)) == start.play("c3")  # type: ignore[arg-type]
    after = start.play("b1")
    capture = (float(number_of("a1")), float(number_of("c1")), float(number_of("b1")))
    assert after.play(capture) == after.play("a1xc1")  # type: ignore[arg-type]


@pytest.mark.parametrize(("odd", "shown"), [
    (Move(None, 99), "Move(None, 99, None)"), (Move(None, -1), "Move(None, -1, None)"),
    (Move(0, 1, 5), "a5xb5"), (("c", 3, None), "('c', 3, None)"),
])
def test_moves_that_are_not_on_the_board_are_refused_by_their_fields(odd: Move, shown: str) -> None:
    """``Move(None, 99)`` could not be printed, and ``Move(None, -1)`` printed as ``e1``."""
    with pytest.raises(IllegalMoveError, match=re.escape(f"{shown} is not a move on this board")):
        Position.start().play(odd)
    if isinstance(odd, Move):
        assert repr(odd) == f"Move{tuple(odd)!r}"  # not Move.parse(...): no text gives this move


def test_moves_print_and_parse_to_the_same_objects() -> None:
    assert Move.parse("c3") is Move.parse(" @C3 ") and str(Move.parse("@c3")) == "c3"
    assert Move.parse("a1 - a2") is Move.parse("a1-a2") and not Move.parse("a1-a2").is_capture
    capture = Move.parse("A1XA3")
    assert str(capture) == "a1xa3" and capture.is_capture and capture.captured == number_of("a2")
    assert {Move.parse("a1-a2"): 1}[Move(number_of("a1"), number_of("a2"))] == 1


@pytest.mark.parametrize(("text", "message"), [
    ("", "is not a move"), ("f1", "is not a move"), ("c6", "is not a move"), ("a1-", "is not a move"),
    ("a1-a3", "not joined by a line.*for a capture"), ("a1xa2", "no jump.*for a step"),
    ("b3xd5", "no jump along a line"), ("b3-c4", "not joined"), ("@a1-a2", "'@' marks a placement"),
])
def test_bad_moves_are_refused_with_a_helpful_message(text: str, message: str) -> None:
    with pytest.raises(MoveError, match=message):
        Move.parse(text)


@pytest.mark.parametrize(("text", "part"), [
    ("T...T/...../...../...../T...T g 20", "4 or 5 parts"),
    ("T...T/...../...../..../T...T g 20 0", "cells"),
    ("T...T/...../..x../...../T...T g 19 0", "cells"),
    ("T...T/...../...../...../T...T x 20 0", "side to move"),
    ("T...T/...../...../...../T...T g 21 0", "goats in hand"),
    ("T...T/...../...../...../T...T g -1 0", "goats in hand"),
    ("T...T/...../...../...../T...T g 20 6", "goats captured"),
    ("T...T/...../...../...../T...T g 20 0 101", "clock"),
    ("T...T/...../...../...../T...T g 20 0 x", "clock"),
    ("T...T/...../...T./...../T...T g 20 0", "there must be 4 tigers"),
    ("T...T/...../..G../...../T...T t 20 0", "should make 20"),
    ("T...T/...../..G../...../T...T t 19 1", "should make 20"),
    ("T...T/..G../...../...../T...T g 19 0 2", "clock"),
    ("T...T/...../...../...../T...T t 20 0", "only the start"),
    ("T...T/...../..G../...../T...T g 14 5 1", "fifth capture ends the game"),
    ("T...T/...../..G../...../T...T t 14 5", "fifth capture ends the game"),
    ("T...T/...../...../...../T...T t 18 2", "tigers have had only 1 turns"),
])
def test_malformed_and_impossible_positions_name_the_wrong_part(text: str, part: str) -> None:
    with pytest.raises(PositionError, match=part):
        Position.from_string(text)


# -- clicks and the drawing -----------------------------------------------------------


def test_the_clicks_of_each_kind_of_move() -> None:
    assert move_clicks(Move.parse("c3")) == ("c3",)
    assert move_clicks(Move.parse("a1-a2")) == ("a1", "a2") and move_clicks(Move.parse("a1xa3")) == ("a1", "a3")


def test_the_svg_has_one_clickable_element_per_point_and_marks_the_clicks() -> None:
    position = Position.from_string(THREAT)
    plain = board_svg(position)
    assert sorted(re.findall(r'data-click="(\w+)"', plain)) == sorted(POINT_NAMES)
    assert plain.count('class="piece tiger"') == 4 and plain.count('class="piece goat"') == 1
    assert "Tigers to move" in plain and "goats in hand 19" in plain and "captured 0" in plain
    assert 'class="clickable"' not in plain and 'class="selected"' not in plain
    marked = board_svg(position, clickable=("e5", "c4"), selected=("c3",), last_move=Move.parse("d4"), scale=0.5)
    assert marked.count('class="clickable"') == 2 and marked.count('class="selected"') == 1
    assert marked.count('class="last-move"') == 1
    group = re.search(r'<g data-click="c3"[^>]*>.*?</g>', marked)
    assert group is not None and 'class="selected"' in group[0]
    captured = board_svg(position.play("c3xe5"), last_move=Move.parse("c3xe5"))
    assert captured.count('class="last-move"') == 2 and 'class="captured"' in captured


def test_the_svg_status_line_tells_the_result() -> None:
    assert "Goats win (tigers trapped)" in board_svg(Position.from_string(TRAPPED))
    assert Position.start()._repr_svg_().startswith("<svg")


# -- the evaluation and its strength ----------------------------------------------------


@given(st.data(), lengths)
def test_the_evaluation_is_zero_sum_and_bounded(data: st.DataObject, plies: int) -> None:
    for position in playout(data, plies):
        assert evaluate(position, GOATS) == -evaluate(position, TIGERS)
        assert abs(evaluate(position, GOATS)) < 400


def test_the_evaluation_terms_of_hand_made_positions() -> None:
    assert evaluation_terms(Position.from_string(TRAPPED)) == EvaluationTerms(0, 0, 0, 0, 4)
    assert evaluate(Position.from_string(TRAPPED), GOATS) == 40
    threat = Position.from_string(THREAT)  # mobility: 3 + 3 + 3 from the corners, 7 steps + 1 capture from c3
    assert evaluation_terms(threat) == EvaluationTerms(0, 1, 1, 17, 0)
    assert evaluate(threat, TIGERS) == 24 + 5 + 2 * 17


@pytest.mark.parametrize("alphabeta_side", [GOATS, TIGERS])
def test_alphabeta_beats_random_on_either_side(alphabeta_side: int) -> None:
    wins = 0
    for seed in range(3):
        players = [AlphaBetaAgent(2, evaluate), RandomAgent(seed=seed)]
        if alphabeta_side == TIGERS:
            players.reverse()
        result = play_game(players, Position.start(), max_plies=300)
        assert result.winner in (alphabeta_side, None), result.outcome
        wins += result.winner == alphabeta_side
    assert wins >= 2


# -- counting without a list: the playouts' and perft's path ----------------------------------------------------------


def random_game(seed: int, plies: int) -> list[Position]:
    """The positions of a seeded random game from the start, at most ``plies`` plies long."""
    rng = random.Random(seed)
    positions = [Position.start()]
    while len(positions) <= plies and (moves := positions[-1].legal_moves()):
        positions.append(positions[-1].play(rng.choice(moves)))
    return positions


@given(seed=st.integers(0, 2**32 - 1))
def test_counted_moves_are_the_generators_moves_one_index_at_a_time(seed: int) -> None:
    for position in random_game(seed, 200)[::9]:
        parts = (position.tigers, position.goats, position.to_move, position.goats_in_hand)
        moves = position.legal_moves() if not position.goats_captured >= 5 else []
        listed = tiger_moves(*parts[:2]) if position.to_move == TIGERS else goat_moves(*parts[:2], parts[3])
        count = count_moves(*parts)
        assert count == len(listed) and [nth_move(*parts, i) for i in range(count)] == listed
        assert moves == listed or position.is_game_over()
        with pytest.raises(IndexError):
            nth_move(*parts, count)


@settings(max_examples=30, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), clock=st.integers(97, 100), depth=st.integers(1, 3))
def test_perft_on_the_bitboards_near_the_draw_is_perft_through_the_interface(data: st.DataObject, seed: int,
                                                                             clock: int, depth: int) -> None:
    """After the placements, with the clock a few plies from the draw and at it (captures reset it)."""
    stepping = [position for position in random_game(seed, 300)
                if not position.goats_in_hand and position.goats_captured < 5]  # the clock runs only then
    position = data.draw(st.sampled_from(stepping or [Position.from_string("TGGGT/GGGGG/GGG../GGGGG/TGGGT g 0 1")]))
    near_draw = Position.from_string(" ".join([*str(position).split()[:4], str(clock)]))
    assert near_draw.count_leaves(depth) == interface_leaves(near_draw, depth)
