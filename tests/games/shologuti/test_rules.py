"""One test per rule of docs/rules/shologuti.md ('The game'), on small hand-made positions."""

from __future__ import annotations

import pytest

from lessons_lib.kit.errors import IllegalMoveError
from lessons_lib.kit.game import Outcome
from lessons_lib.games.shologuti.moves import STOP, Move
from lessons_lib.kit.perft import perft
from lessons_lib.games.shologuti.rules import CONTINUE, FORCED, TRADITIONAL, Rules
from lessons_lib.games.shologuti.position import GREEN, RED, Position

ALL_VARIANTS = [FORCED, TRADITIONAL, CONTINUE]


def moves_of(position: Position) -> list[str]:
    return [str(m) for m in position.legal_moves()]


@pytest.mark.parametrize("rules", ALL_VARIANTS, ids=lambda r: r.name)
def test_a_simple_move_goes_to_an_adjacent_empty_point_along_a_line(rules: Rules) -> None:
    position = Position.from_points(green=[19], red=[1], rules=rules)
    assert moves_of(position) == ["19-13", "19-14", "19-15", "19-18", "19-20", "19-23", "19-24", "19-25"]
    after = position.play("19-14")
    assert after.pieces(GREEN) == [14] and after.to_move == RED and after.pending == 0
    # 18 (an odd point) has no diagonals: 18-12 is not a line.
    assert "18-12" not in moves_of(Position.from_points(green=[18], red=[1], rules=rules))


def test_a_piece_cannot_step_onto_an_occupied_point() -> None:
    position = Position.from_points(green=[22, 17], red=[1])
    assert "22-17" not in moves_of(position)
    with pytest.raises(IllegalMoveError, match="17 is not empty"):
        position.play("22-17")


@pytest.mark.parametrize("rules", ALL_VARIANTS, ids=lambda r: r.name)
def test_a_capture_removes_the_piece_jumped_over(rules: Rules) -> None:
    position = Position.from_points(green=[23], red=[18, 1], rules=rules)
    after = position.play("23x13")
    assert after.pieces(GREEN) == [13]
    assert after.pieces(RED) == [1]
    assert after.owner(18) is None and after.owner(23) is None


def test_a_capture_needs_an_enemy_between_and_an_empty_point_beyond() -> None:
    own_piece_between = Position.from_points(green=[23, 18], red=[1], rules=TRADITIONAL)
    assert "23x13" not in moves_of(own_piece_between)
    blocked_landing = Position.from_points(green=[23], red=[18, 13], rules=TRADITIONAL)
    assert "23x13" not in moves_of(blocked_landing)


# Green 23 jumps 18 (upwards) to 13, then 14 (sideways) to 15: the chain changes direction.
CHAIN = {"green": [23, 27], "red": [18, 14, 1]}


@pytest.mark.parametrize("rules", ALL_VARIANTS, ids=lambda r: r.name)
def test_a_chain_goes_on_with_the_same_piece_only(rules: Rules) -> None:
    position = Position.from_points(**CHAIN, rules=rules)
    first = position.play("23x13")
    assert first.to_move == GREEN and first.pending == 13  # the same player moves again
    assert [m for m in moves_of(first) if m != "stop"] == ["13x15"]  # only the chaining piece
    with pytest.raises(IllegalMoveError, match="piece on 13"):
        first.play("27-22")
    second = first.play("13x15")  # a change of direction: vertical, then horizontal
    assert second.to_move == RED and second.pending == 0  # nothing left to jump: the turn passes
    assert second.pieces(GREEN) == [15, 27] and second.pieces(RED) == [1]


def test_each_jump_of_a_chain_is_a_ply() -> None:
    position = Position.from_points(**CHAIN, rules=FORCED)
    assert perft(position, 1) == 1  # 23x13
    assert perft(position, 2) == 1  # then 13x15
    assert perft(position, 3) == len(position.play("23x13").play("13x15").legal_moves())


def test_must_capture_on_leaves_only_captures() -> None:
    position = Position.from_points(green=[23], red=[18, 1], rules=FORCED)
    assert moves_of(position) == ["23x13"]
    with pytest.raises(IllegalMoveError, match="captures are compulsory"):
        position.play("23-22")


@pytest.mark.parametrize("rules", [TRADITIONAL, CONTINUE], ids=lambda r: r.name)
def test_must_capture_off_allows_steps_too(rules: Rules) -> None:
    position = Position.from_points(green=[23], red=[18, 1], rules=rules)
    moves = moves_of(position)
    assert moves[0] == "23x13"  # captures are listed first
    assert set(moves[1:]) == {"23-17", "23-19", "23-22", "23-24", "23-27", "23-28", "23-29"}
    assert position.play("23-22").to_move == RED


def test_must_capture_counts_captures_by_any_piece() -> None:
    position = Position.from_points(green=[23, 31], red=[18, 1], rules=FORCED)
    assert moves_of(position) == ["23x13"]  # the piece on 31 may not step


def test_stop_is_legal_only_when_must_continue_is_off() -> None:
    traditional = Position.from_points(**CHAIN, rules=TRADITIONAL).play("23x13")
    assert moves_of(traditional) == ["13x15", "stop"]
    stopped = traditional.play(STOP)
    assert stopped.to_move == RED and stopped.pending == 0 and stopped.pieces(RED) == [1, 14]
    for rules in (FORCED, CONTINUE):
        chain = Position.from_points(**CHAIN, rules=rules).play("23x13")
        assert "stop" not in moves_of(chain)
        with pytest.raises(IllegalMoveError, match="chain must go on"):
            chain.play("stop")


def test_stop_is_illegal_without_a_chain() -> None:
    with pytest.raises(IllegalMoveError, match="only legal during a capture chain"):
        Position.start(TRADITIONAL).play("stop")


@pytest.mark.parametrize("rules", ALL_VARIANTS, ids=lambda r: r.name)
def test_no_legal_move_loses(rules: Rules) -> None:
    # Green's only piece, on 1, is boxed in: 2 and 4 are Red, and so are the landing points 3 and 9.
    position = Position.from_points(green=[1], red=[2, 3, 4, 9], rules=rules)
    assert position.legal_moves() == []
    assert position.is_game_over()
    assert position.outcome() == Outcome(RED, "no move")


@pytest.mark.parametrize("rules", ALL_VARIANTS, ids=lambda r: r.name)
def test_no_pieces_loses(rules: Rules) -> None:
    position = Position.from_points(green=[23], red=[18], rules=rules)
    assert position.outcome() is None
    after = position.play("23x13")  # Red's last piece
    assert after.to_move == RED and after.piece_count(RED) == 0
    assert after.outcome() == Outcome(GREEN, "no pieces")
    assert after.outcome().score_for(GREEN) == 1.0  # type: ignore[union-attr]


def test_the_draw_clock_counts_quiet_plies_and_a_capture_resets_it() -> None:
    quiet = Position.from_points(green=[27], red=[1], clock=98)
    almost = quiet.play("27-22")
    assert almost.clock == 99 and almost.outcome() is None
    drawn = almost.play("1-2")
    assert drawn.clock == 100
    assert drawn.outcome() == Outcome(None, "draw clock") and drawn.outcome().score_for(RED) == 0.5  # type: ignore[union-attr]
    assert drawn.legal_moves() == [] and drawn.is_game_over()
    with pytest.raises(IllegalMoveError, match="game is over"):
        drawn.play("22-17")
    capture = Position.from_points(green=[23], red=[18, 1], clock=99).play("23x13")
    assert capture.clock == 0


def test_stop_counts_on_the_draw_clock() -> None:
    chain = Position.from_points(**CHAIN, rules=TRADITIONAL).play("23x13")
    assert chain.clock == 0 and chain.play(STOP).clock == 1


def test_the_draw_clock_limit_is_a_setting() -> None:
    short = Rules(must_capture=True, must_continue=True, draw_plies=2)
    position = Position.from_points(green=[27], red=[1], rules=short).play("27-22").play("1-2")
    assert position.outcome() == Outcome(None, "draw clock")


def test_no_move_is_checked_before_the_draw_clock() -> None:
    stuck = Position.from_points(green=[1], red=[2, 3, 4, 9], clock=100)
    assert stuck.outcome() == Outcome(RED, "no move")


def test_green_moves_first_from_the_start() -> None:
    start = Position.start()
    assert start.to_move == GREEN
    assert moves_of(start) == ["22-17", "23-17", "23-18", "23-19", "24-19", "25-19", "25-20", "25-21", "26-21"]


def test_illegal_moves_leave_the_position_unchanged_and_say_why() -> None:
    start = Position.start()
    before = str(start)
    cases = {
        "13-18": "does not hold a Green piece",
        "17-18": "does not hold a Green piece",
        "23x13": "13 is not empty",
        "22-23": "not empty",
    }
    for text, fragment in cases.items():
        with pytest.raises(IllegalMoveError, match=fragment):
            start.play(text)
    assert str(start) == before
    with pytest.raises(IllegalMoveError, match="no enemy piece on 18"):
        Position.from_points(green=[23], red=[1]).play("23x13")


@pytest.mark.parametrize("move", [Move(-1, 5), Move(1, 37), Move(23, 13, 17), 5, None])
def test_moves_that_are_not_on_the_board_are_refused(move: object) -> None:
    with pytest.raises(IllegalMoveError, match="not a move on this board"):
        Position.start().play(move)  # type: ignore[arg-type]


def test_mobility_follows_the_evaluation_of_the_rules() -> None:
    chain = Position.from_points(**CHAIN, rules=TRADITIONAL).play("23x13")
    assert chain.mobility(GREEN) == 2  # 13x15 and stop: the legal moves now
    red_to_move = Position.from_points(green=[13, 27], red=[14, 1], to_move=RED, rules=TRADITIONAL)
    assert chain.mobility(RED) == len(red_to_move.legal_moves())


def test_a_move_object_and_its_text_are_the_same_move() -> None:
    start = Position.start()
    assert start.play(Move.parse("23-18")) == start.play("23-18")
