"""Hus: every rule on small built positions, perft, properties over random games, bad input, drawing, strength.

Positions are built with :func:`position` from the pits that matter; a test's
docstring says what happens. South is player 0, North player 1.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons_lib.agents import AlphaBetaAgent, RandomAgent
from lessons_lib.agents.match import play_game
from lessons_lib.kit.errors import IllegalMoveError, MoveError, PositionError
from lessons_lib.games.hus import PERFT_FROM_START, Move, Position, board_svg, evaluate, move_clicks
from lessons_lib.games.hus import movegen as sowing
from lessons_lib.games.hus.board import facing_pits
from lessons_lib.games.hus.moves import MOVES
from lessons_lib.games.hus.zobrist import compute_key
from lessons_lib.kit.perft import interface_leaves, perft, perft_divide

SOUTH, NORTH = 0, 1


def position(south: dict[int, int], north: dict[int, int], to_move: int = SOUTH, round_number: int = 1) -> Position:
    """A position with these seeds (pit: count) and every other pit empty; the counts must add up to 96."""
    pits = [0] * 64
    for pit, count in south.items():
        pits[pit] = count
    for pit, count in north.items():
        pits[32 + pit] = count
    return Position(pits, to_move, round_number)


def pits_of(after: Position, player: int) -> dict[int, int]:
    """``player``'s non-empty pits, as pit: count."""
    return {pit: count for pit, count in enumerate(after.pits_of(player)) if count}


# -- the start ------------------------------------------------------------------


def test_the_start() -> None:
    start = Position.start()
    assert str(start) == "2*24,0*8/2*24,0*8 0 0"
    assert Position.from_string("start") == start == Position.from_string(" 2*24,0*8/2*24,0*8  0 0 ")
    assert start.legal_moves() == [MOVES[pit] for pit in range(24)]
    assert start.seeds(SOUTH) == start.seeds(NORTH) == 48
    assert start.to_move == SOUTH and start.round_number == 0 and not start.endless
    assert start.outcome() is None and not start.is_game_over()


def test_the_start_key_is_pinned() -> None:
    """The Zobrist tables come from a fixed seed: this number changes only if they do."""
    assert Position.start().key == 0x9EC6E8291FF79E79


# -- sowing ---------------------------------------------------------------------


def test_sowing_wraps_from_pit_31_to_pit_0() -> None:
    """3 seeds from pit 30 go to 31, 0 and 1; the last falls into an empty pit and the move ends."""
    before = position({30: 3, 10: 2}, {0: 91})
    after = before.play("30")
    assert pits_of(after, SOUTH) == {31: 1, 0: 1, 1: 1, 10: 2}
    assert pits_of(after, NORTH) == {0: 91}
    assert after.to_move == NORTH and after.round_number == 1
    assert [tuple(step) for step in before.sowing_steps("30")] == [("move", 30, 3, 1)]
    assert before.sowing_steps("30")[0].pits == (31, 0, 1)


def test_a_handful_of_32_seeds_goes_all_the_way_round_into_its_own_emptied_pit() -> None:
    """32 seeds from pit 5: one in every pit, the last in pit 5 itself, emptied when the move began: the move ends."""
    before = position({5: 32}, {0: 64})
    assert [tuple(step) for step in before.sowing_steps("5")] == [("move", 5, 32, 5)]
    assert before.play("5").pits_of(SOUTH) == (1,) * 32


def test_the_last_seed_in_an_occupied_pit_relays() -> None:
    """Pit 0 sows into 1 and 2; pit 2 held a seed, so its 2 seeds go on to 3 and 4."""
    before = position({0: 2, 2: 1, 9: 5}, {0: 88})
    after = before.play(Move.parse("0"))
    assert pits_of(after, SOUTH) == {1: 1, 3: 1, 4: 1, 9: 5}
    assert [step.kind for step in before.sowing_steps("0")] == ["move", "relay"]


def test_the_outer_row_never_captures() -> None:
    """Pit 3 ends in occupied pit 5 of the outer row: a relay, however full North's pits are."""
    before = position({3: 2, 5: 1, 20: 29}, {pit: 2 for pit in range(32)})
    after = before.play("3")
    assert pits_of(after, SOUTH) == {4: 1, 6: 1, 7: 1, 20: 29}
    assert after.seeds(NORTH) == 64


CAPTURE_SOUTH = {18: 2, 20: 1, 5: 10}
CAPTURE_NORTH = {27: 3, 4: 5, 0: 75}


def test_a_capture_takes_the_facing_inner_and_outer_pits_and_sows_them_on() -> None:
    """Pit 18 sows into 19 and 20. Pit 20 was occupied and faces North's 27 (inner, 3 seeds) and 4 (outer, 5):
    those 8 seeds are sown from pit 21 to pit 28, while pit 20 keeps its 2 seeds."""
    assert facing_pits(20) == (27, 4)
    before = position(CAPTURE_SOUTH, CAPTURE_NORTH)
    after = before.play("18")
    assert pits_of(after, SOUTH) == {5: 10, 19: 1, 20: 2, **{pit: 1 for pit in range(21, 29)}}
    assert pits_of(after, NORTH) == {0: 75}
    assert after.seeds(SOUTH) == 13 + 8
    steps = before.sowing_steps("18")
    assert [tuple(step) for step in steps] == [("move", 18, 2, 20), ("capture", 20, 8, 28)]
    assert steps[1].captured_pits == (27, 4) and steps[0].captured_pits is None


def test_a_capture_needs_the_facing_inner_pit_to_hold_seeds() -> None:
    """North's pit 27 is empty (its outer pit 4 is not): no capture, pit 20 relays its 2 seeds to 21 and 22."""
    before = position(CAPTURE_SOUTH, {4: 8, 0: 75})
    after = before.play("18")
    assert pits_of(after, SOUTH) == {5: 10, 19: 1, 21: 1, 22: 1}
    assert pits_of(after, NORTH) == {4: 8, 0: 75}


def test_a_capture_takes_the_inner_pit_even_when_the_outer_pit_behind_it_is_empty() -> None:
    before = position(CAPTURE_SOUTH, {27: 3, 0: 80})
    after = before.play("18")
    assert pits_of(after, NORTH) == {0: 80}
    assert pits_of(after, SOUTH) == {5: 10, 19: 1, 20: 2, 21: 1, 22: 1, 23: 1}


@pytest.mark.parametrize("mover", [SOUTH, NORTH])
def test_no_capture_in_round_0_for_either_player_and_captures_from_round_1(mover: int) -> None:
    """The same capture for South or North: a relay in round 0, a capture in round 1."""
    mine, theirs = {18: 2, 20: 1, 0: 45}, {27: 3, 4: 5, 0: 40}
    south, north = (mine, theirs) if mover == SOUTH else (theirs, mine)
    in_round_0 = position(south, north, mover, round_number=0).play("18")
    assert pits_of(in_round_0, mover) == {0: 45, 19: 1, 21: 1, 22: 1}
    assert in_round_0.seeds(1 - mover) == 48
    in_round_1 = position(south, north, mover, round_number=1).play("18")
    assert in_round_1.seeds(mover) == 48 + 8 and in_round_1.seeds(1 - mover) == 40


def test_a_relay_can_end_in_a_capture() -> None:
    """Pit 14 sows into 15 and 16. Pit 16 was occupied but faces North's empty pit 31: relay to 17 and 18.
    Pit 18 faces North's 29 (4 seeds) and 2 (3 seeds): capture, sown from 19 to 25."""
    before = position({14: 2, 16: 1, 18: 1, 5: 10}, {29: 4, 2: 3, 0: 75})
    steps = before.sowing_steps("14")
    assert [tuple(step) for step in steps] == [("move", 14, 2, 16), ("relay", 16, 2, 18), ("capture", 18, 7, 25)]
    after = before.play("14")
    assert pits_of(after, SOUTH) == {5: 10, 15: 1, 17: 1, 18: 2, **{pit: 1 for pit in range(19, 26)}}
    assert pits_of(after, NORTH) == {0: 75}


def test_rounds_count_after_north_moves() -> None:
    start = Position.start()
    after_south = start.play("0")
    after_north = after_south.play("0")
    assert (after_south.round_number, after_north.round_number) == (0, 1)
    assert (after_south.to_move, after_north.to_move) == (NORTH, SOUTH)


# -- which moves are legal ------------------------------------------------------


def test_a_pit_with_one_seed_or_none_is_not_a_move() -> None:
    before = position({0: 1, 4: 2, 9: 3}, {0: 90})
    assert before.legal_moves() == [MOVES[4], MOVES[9]]
    with pytest.raises(IllegalMoveError, match="holds one seed"):
        before.play("0")
    with pytest.raises(IllegalMoveError, match="is empty"):
        before.play(Move(1))
    with pytest.raises(IllegalMoveError, match="not a move"):
        before.play((40,))  # type: ignore[arg-type]
    with pytest.raises(MoveError, match="no pit 32"):
        before.play("32")
    with pytest.raises(IllegalMoveError, match="holds one seed"):
        before.sowing_steps("0")


def test_legal_moves_is_a_copy() -> None:
    start = Position.start()
    start.legal_moves().clear()
    assert len(start.legal_moves()) == 24


def test_a_player_with_no_legal_move_loses() -> None:
    stuck = position({pit: 1 for pit in range(32)}, {0: 60, 20: 4})
    assert stuck.legal_moves() == [] and stuck.is_game_over()
    assert stuck.outcome() == (NORTH, "no move")
    with pytest.raises(IllegalMoveError, match="game is over"):
        stuck.play("0")


ENDLESS_SOUTH = [0, 1, 0, 1, 0, 2, 1, 2, 0, 1, 0, 4, 1, 0, 1, 0, 2, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
"""South's pits in a position whose move from pit 7 never ends: its relays come back to where they began
after 1,408 sowings (North's inner row is empty, so nothing is ever captured)."""


def test_a_move_needing_more_than_200_sowings_loses_for_its_player() -> None:
    before = Position(ENDLESS_SOUTH + [72] + [0] * 31, SOUTH, 3)
    after = before.play("7")
    assert after.endless and after.outcome() == (NORTH, "endless move")
    assert after.pits == before.pits and after.to_move == SOUTH and after.round_number == 3
    assert str(after) == str(before) + " endless" and Position.from_string(str(after)) == after
    assert after.legal_moves() == [] and after.is_game_over() and after.key != before.key
    with pytest.raises(IllegalMoveError, match="endless move"):
        after.play("5")
    steps = before.sowing_steps("7")
    assert len(steps) == sowing.MAX_SOWINGS == 200
    assert all(step.start == previous.end for previous, step in zip(steps, steps[1:]))


def test_the_limit_allows_exactly_200_sowings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The move from pit 0 at the start takes 9 sowings: with a limit of 9 it ends, with 8 it is endless."""
    start = Position.start()
    assert len(start.sowing_steps("0")) == 9
    monkeypatch.setattr(sowing, "MAX_SOWINGS", 9)
    assert not start.play("0").endless
    monkeypatch.setattr(sowing, "MAX_SOWINGS", 8)
    assert start.play("0").endless and len(start.sowing_steps("0")) == 8


def test_an_endless_move_needs_a_possible_mover() -> None:
    with pytest.raises(PositionError, match="endless"):
        Position.from_string("1*32/60,0*19,4,0*11 0 1 endless")


def test_an_endless_position_needs_an_endless_move_on_its_board() -> None:
    """The board of an ``endless`` position is the one its player moved from: one of its moves must be endless."""
    with pytest.raises(PositionError, match="none of South's moves here needs more than 200 sowings"):
        Position.from_string("2*24,0*8/2*24,0*8 0 0 endless")
    endless = Position(ENDLESS_SOUTH + [72] + [0] * 31, SOUTH, 3, endless=True)
    assert endless == Position(ENDLESS_SOUTH + [72] + [0] * 31, SOUTH, 3).play("7")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 120), round_number=st.integers(4998, 5001),
       depth=st.integers(1, 3))
def test_perft_on_the_counts_is_perft_through_the_interface_at_the_round_limit(seed: int, plies: int,
                                                                              round_number: int, depth: int) -> None:
    """A random game's board, moved to the last rounds (a draw once the round passes 5,000)."""
    rng, current = random.Random(seed), Position.start()
    for _ in range(plies):
        if not current.legal_moves():
            break
        current = current.play(rng.choice(current.legal_moves()))
    late = Position(current.pits, SOUTH if round_number > 5000 else current.to_move, round_number)
    assert late.count_leaves(depth) == interface_leaves(late, depth)


def test_perft_on_the_counts_counts_an_endless_move_as_a_last_ply_only() -> None:
    before = Position(ENDLESS_SOUTH + [72] + [0] * 31, SOUTH, 3)
    assert [before.count_leaves(depth) for depth in (1, 2, 3)] == [interface_leaves(before, d) for d in (1, 2, 3)]
    assert before.play("7").count_leaves(1) == 0


def test_the_game_is_drawn_once_the_round_passes_5000() -> None:
    """North's move ends round 5000: a draw, since South can still move."""
    last = position({0: 44}, {3: 2, 10: 50}, NORTH, round_number=5000)
    assert last.outcome() is None
    drawn = last.play("3")
    assert drawn.round_number == 5001 and drawn.outcome() == (None, "round limit")
    assert drawn.legal_moves() == [] and drawn.is_game_over()
    with pytest.raises(IllegalMoveError, match="round limit"):
        drawn.play("0")


def test_no_move_is_checked_before_the_round_limit() -> None:
    """North's last move of round 5000 leaves South with no move: North wins rather than a draw."""
    last = position({pit: 1 for pit in range(32)}, {3: 2, 10: 62}, NORTH, round_number=5000)
    assert last.play("3").outcome() == (NORTH, "no move")


@pytest.mark.parametrize("text", ["2*24,0*8/2*24,0*8 1 5001", "2*24,0*8/2*24,0*8 0 5002"])
def test_rounds_after_the_draw_are_refused(text: str) -> None:
    with pytest.raises(PositionError, match="round"):
        Position.from_string(text)


# -- perft ----------------------------------------------------------------------

FAST_DEPTHS = 5  # depths 1..5 take about two seconds together


@pytest.mark.parametrize("depth", range(1, FAST_DEPTHS + 1))
def test_perft_from_the_start(depth: int) -> None:
    start = Position.start()
    count = perft(start, depth)
    expected = PERFT_FROM_START[depth - 1]
    if count != expected:
        split = ", ".join(f"{move}: {n}" for move, n in perft_divide(start, depth).items())
        pytest.fail(f"perft({depth}) = {count}, expected {expected}; by root move: {split}")


# -- properties over random games -------------------------------------------------


def random_game(seed: int, plies: int) -> list[Position]:
    rng = random.Random(seed)
    positions = [Position.start()]
    for _ in range(plies):
        moves = positions[-1].legal_moves()
        if not moves:
            break
        positions.append(positions[-1].play(rng.choice(moves)))
    return positions


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 300))
def test_properties_along_random_games(seed: int, plies: int) -> None:
    positions = random_game(seed, plies)
    for before, after in zip(positions, positions[1:]):
        mover = before.to_move
        assert Position.from_string(str(after)) == after and str(Position.from_string(str(after))) == str(after)
        assert after.key == compute_key(after.pits, after.to_move, after.round_number, after.endless)
        assert sum(after.pits) == 96 and min(after.pits) >= 0
        assert after.seeds(mover) >= before.seeds(mover)  # seeds only come in: by capture
        lost = before.seeds(1 - mover) - after.seeds(1 - mover)
        assert lost >= 0 and (lost == 0 or before.round_number > 0)
        changed = [pit for pit in range(32) if after.pits_of(1 - mover)[pit] != before.pits_of(1 - mover)[pit]]
        assert all(after.pits_of(1 - mover)[pit] == 0 for pit in changed)  # the opponent's pits are only emptied
        if after.endless:
            assert after.to_move == mover and after.pits == before.pits
        else:
            assert after.to_move == 1 - mover and after.round_number == before.round_number + mover
        own = after.pits_of(after.to_move)
        expected = [MOVES[pit] for pit in range(32) if own[pit] > 1] if after.outcome() is None else []
        assert after.legal_moves() == expected


# -- bad input --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "part"), [
    ("2*24,0*8 0 0", "pits"),
    ("2*24,0*8/2*24,0*7 0 0", "North's pits: a player has 32 pits"),
    ("2*24,0*8,1/2*24,0*8 0 0", "South's pits: a player has 32 pits"),
    ("2*24,0*8/2*24,0*x 0 0", "run's length"),
    ("2*24,0*8/2*24,0*33 0 0", "run's length"),
    ("2*24,0*8/2*24,-1,0*7 0 0", "seed count"),
    ("97,0*31/0*32 0 1", "more than the game has"),
    ("2*24,0*8/2*24,1,0*7 0 0", "add up to 97"),
    ("2*24,0*8/2*24,0*8 2 0", "side to move"),
    ("2*24,0*8/2*24,0*8 0 -1", "round"),
    ("2*24,0*8/2*24,0*8 0 1234567", "round: '1234567' should be a whole number from 0 to 5001"),
    ("2*24,0*8/2*24,0*8 0 0 won", "last part"),
    ("2*24,0*8/2*24,0*8 0", "3 or 4 parts"),
    ("3,2*23,0*8/1,2*23,0*8 0 0", "round 0"),
])
def test_malformed_positions_name_the_part_that_is_wrong(text: str, part: str) -> None:
    with pytest.raises(PositionError, match=re.escape(part)):
        Position.from_string(text)


def test_impossible_constructor_arguments_are_position_errors() -> None:
    with pytest.raises(PositionError, match="64"):
        Position([2] * 48)
    with pytest.raises(PositionError, match="pit 0 holds -1"):
        Position([-1, 3] + [1] * 62)
    with pytest.raises(PositionError, match="side to move"):
        Position(Position.start().pits, 2)
    with pytest.raises(PositionError, match="a position is text"):
        Position.from_string(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "message"), [("", "not a move"), ("7-8", "not a move"), ("32", "no pit 32"),
                                               ("١", "not a move"), ("-1", "not a move")])
def test_bad_moves_are_refused_with_a_message(text: str, message: str) -> None:
    with pytest.raises(MoveError, match=message):
        Move.parse(text)


def test_a_tuple_equal_to_a_legal_move_plays_that_move() -> None:
    """``(23.0,) == Move(23)`` in Python: play and sowing_steps use the move itself, not the float."""
    start = Position.start()
    assert start.play((23.0,)) == start.play("23")  # type: ignore[arg-type]
    assert start.sowing_steps((23.0,)) == start.sowing_steps("23")  # type: ignore[arg-type]


def test_a_move_object_that_is_not_a_pit_is_refused_by_its_fields() -> None:
    with pytest.raises(IllegalMoveError, match=re.escape("Move(99) is not a move")):
        Position.start().play(Move(99))


def test_moves_print_and_parse_as_their_pit() -> None:
    assert Move.parse(" 07 ") is Move.parse("7") is MOVES[7]
    assert str(MOVES[31]) == "31" and move_clicks(MOVES[31]) == ("31",)
    assert not hasattr(MOVES[0], "is_capture")  # unknown until the move is sown


# -- the drawing --------------------------------------------------------------------


def test_the_board_has_one_click_target_per_pit_of_the_player_to_move() -> None:
    after = Position.start().play("21")
    svg = board_svg(after, clickable=("0", "5"), selected=("5",), last_move=MOVES[21])
    assert re.findall(r'data-click="(\d+)"', svg) == [str(pit) for pit in range(32)]
    assert svg.count('class="clickable"') == 2 and svg.count('class="selected"') == 1
    assert svg.count('class="last-move"') == 1
    assert "North to move · round 0 · South 48 · North 48 seeds" in svg
    assert after._repr_svg_() == board_svg(after)


def test_the_board_shows_the_result() -> None:
    stuck = position({pit: 1 for pit in range(32)}, {0: 60, 20: 4})
    assert "Game over: North wins (no move)" in board_svg(stuck)


# -- evaluation and strength ----------------------------------------------------------


def test_the_evaluation_is_zero_sum_and_bounded() -> None:
    extremes = [position({pit: 3 for pit in range(32)}, {}), position({0: 96}, {}), position({}, {0: 96})]
    for each in random_game(7, 200) + extremes:
        assert evaluate(each, SOUTH) == -evaluate(each, NORTH)
        assert abs(evaluate(each, SOUTH)) < 400
    assert evaluate(extremes[0], SOUTH) == 3 * 96 + 32


def test_alphabeta_beats_random_from_both_seats() -> None:
    for game in range(4):
        searcher, rand = AlphaBetaAgent(2, evaluate), RandomAgent(game)
        seat = game % 2
        result = play_game([searcher, rand] if seat == 0 else [rand, searcher], Position.start(), max_plies=600)
        assert result.winner == seat, f"game {game}: {result.outcome}"
