"""The position string of docs/rules/shologuti.md both ways, its errors, and the Zobrist key."""

from __future__ import annotations

import pytest

from lessons_lib.tooling import compiled

from lessons_lib.kit.errors import PositionError
from lessons_lib.games.shologuti.rules import FORCED, TRADITIONAL, VARIANTS, Rules
from lessons_lib.games.shologuti.position import GREEN, RED, START_STRING, Position
from lessons_lib.games.shologuti.zobrist import compute_key

START_KEY = 0x06C1AB8634A38E81  # pinned: a change here changes every stored key


WRONG_TYPE = PositionError if compiled.mode() == "interpreted" else (PositionError, TypeError)
"""What an argument of the wrong type gets: compiled, the call itself refuses it (TypeError)."""

def test_start_string_and_the_word_start() -> None:
    assert str(Position.start()) == START_STRING == "RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g -"
    assert Position.from_string("start") == Position.start()
    assert Position.from_string(START_STRING) == Position.start()
    assert Position.from_string("  start ", TRADITIONAL).rules == TRADITIONAL


def test_the_start_key_is_pinned() -> None:
    assert Position.start().key == START_KEY
    assert compute_key(Position.start().green, Position.start().red, GREEN, 0) == START_KEY


@pytest.mark.parametrize(
    "text",
    [
        "RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG r -",
        "RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g - 57",
        ".................R....G.............. g -",
        "R......................R.......G..... r - 3",
    ],
)
def test_parse_then_print_gives_the_text_back(text: str) -> None:
    assert str(Position.from_string(text)) == text


def test_pending_and_clock_are_read() -> None:
    position = Position.from_string("......R.R....GR...R....G...........G. g 14", TRADITIONAL)
    assert position.pending == 14 and position.to_move == GREEN and position.clock == 0
    assert Position.from_string("......R.R....GR...R....G...........G. g - 6").clock == 6
    assert [str(m) for m in position.legal_moves()] == ["14x5", "14x16", "stop"]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "3 or 4 parts"),
        ("RRRR g -", "need 37 characters"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG", "3 or 4 parts"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGX g -", "'X' is not allowed"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG w -", "should be 'g'"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g 40", "pending chain point: '40'"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g x", "pending chain point: 'x'"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g 1", "does not hold a piece of the side to move"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g 30", "has no capture"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g - -1", "clock"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g - ten", "clock"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g - ²", "clock"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g - " + "9" * 5000, "clock"),
        ("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g ٣", "pending chain point"),
        ("RRRRRRRRRRRRRRRRR....GGGGGGGGGGGGGGGG g -", "Red has 17 pieces"),
        ("......R.R....GR...R....G...........G. g 14 6", "in the middle of a chain it is 0"),
        ("start now", "3 or 4 parts"),
    ],
)
def test_malformed_positions_are_refused_with_the_part_named(text: str, fragment: str) -> None:
    with pytest.raises(PositionError, match=fragment):
        Position.from_string(text)


def test_a_position_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Position.from_string("nonsense")
    with pytest.raises(PositionError, match="no point 38"):
        Position.from_points(green=[38])
    with pytest.raises(PositionError, match="both colours"):
        Position(green=1 << 5, red=1 << 5)
    wrong_values = [
        lambda: Position.from_points(green=None),  # type: ignore[arg-type]
        lambda: Position.from_points(green=[1.0]),
        lambda: Position(1 << 36, 1 << 2, clock=10**12),
        lambda: Position.start().owner(-1),
    ]
    for make in wrong_values:
        with pytest.raises(PositionError):
            make()
    wrong_types = [
        lambda: Position(1 << 36, 1 << 2, to_move=1.0),  # type: ignore[arg-type]
        lambda: Position(1 << 36, 1 << 2, pending=0.0),  # type: ignore[arg-type]
    ]
    for make in wrong_types:  # compiled, the call itself refuses an argument of the wrong type
        with pytest.raises(WRONG_TYPE):
            make()
    if compiled.mode() == "interpreted":  # compiled, a bool passed for a whole number is taken as 0 or 1
        with pytest.raises(PositionError):
            Position(1 << 36, 1 << 2, clock=True)


def test_positions_are_immutable_and_hashable() -> None:
    start = Position.start()
    with pytest.raises(AttributeError):
        start.to_move = RED  # type: ignore[misc]
    assert len({start, Position.from_string("start"), start.play("23-18")}) == 2
    assert hash(start) == hash(Position.start())


def test_same_pieces_under_other_rules_are_other_positions_with_the_same_key() -> None:
    forced, traditional = Position.start(FORCED), Position.start(TRADITIONAL)
    assert forced != traditional and forced.key == traditional.key
    assert forced.with_rules(TRADITIONAL) == traditional


def test_the_clock_is_not_in_the_key() -> None:
    a = Position.from_string("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g - 0")
    b = Position.from_string("RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g - 9")
    assert a.key == b.key and a != b


def test_side_and_pending_are_in_the_key() -> None:
    cells = "RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG"
    assert Position.from_string(f"{cells} g -").key != Position.from_string(f"{cells} r -").key
    chain = Position.from_string("......R.R....GR...R....G...........G. g 14")
    no_chain = Position.from_string("......R.R....GR...R....G...........G. g -")
    assert chain.key != no_chain.key


def test_rules_presets_and_names() -> None:
    assert set(VARIANTS) == {"forced", "traditional", "continue"}
    assert Rules.named("Traditional") == TRADITIONAL
    assert Rules(must_capture=True, must_continue=False).name == "custom"
    assert Rules.named("forced", draw_plies=40).draw_plies == 40
    with pytest.raises(ValueError, match="choose one of: forced, traditional, continue"):
        Rules.named("blitz")
    with pytest.raises(ValueError, match="must be"):
        Rules(draw_plies=0)
    with pytest.raises(ValueError if compiled.mode() == "interpreted" else (ValueError, TypeError)):
        Rules(draw_plies=1.5)  # type: ignore[arg-type]
    if compiled.mode() == "interpreted":  # compiled, a bool passed for a whole number is taken as 0 or 1
        for bad in ({"draw_plies": True}, {"must_capture": 1}):
            with pytest.raises(ValueError, match="must be"):
                Rules(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown variant 5"):
        Rules.named(5)  # type: ignore[arg-type]


def test_repr_can_be_evaluated_back() -> None:
    for rules in (FORCED, Rules(True, False), Rules.named("continue", draw_plies=50)):
        position = Position.from_string("......R.R....GR...R....G...........G. g - 12", rules)
        assert eval(repr(position)) == position
