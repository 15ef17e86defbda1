"""Move notation: parse and print, and the messages for moves that do not exist."""

from __future__ import annotations

import pytest

from lessons_lib.kit.errors import MoveError
from lessons_lib.games.shologuti.moves import CAPTURE_MOVES, STEP_MOVES, STOP, Move


def test_there_are_265_different_moves() -> None:
    assert len(STEP_MOVES) == 2 * 76
    assert len(CAPTURE_MOVES) == 112


@pytest.mark.parametrize("text", ["23-18", "23x13", "stop", "1x3", "37-36", "9x1"])
def test_print_parse_round_trip(text: str) -> None:
    assert str(Move.parse(text)) == text


def test_parse_gives_the_fields() -> None:
    assert Move.parse("23x13") == Move(23, 13, 18)
    assert Move.parse("23-18") == Move(23, 18, 0)
    assert Move.parse(" STOP ") is STOP and STOP.is_stop and not STOP.is_capture
    assert Move.parse("23 x 13").is_capture
    assert repr(Move.parse("1x9")) == "Move.parse('1x9')"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("22-18", "not joined by a line"),
        ("23-13", "for a capture write 'x'"),
        ("23x18", "for a step write '-'"),
        ("23x14", "no jump goes from 23 to 14"),
        ("0-1", "there is no point 0"),
        ("23-38", "there is no point 38"),
        ("go", "is not a move"),
        ("", "is not a move"),
        ("23--18", "is not a move"),
        ("1" * 5000 + "-18", "is not a move"),
    ],
)
def test_moves_that_do_not_exist_are_named(text: str, fragment: str) -> None:
    with pytest.raises(MoveError, match=fragment):
        Move.parse(text)


def test_a_move_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Move.parse("x")
    with pytest.raises(MoveError, match="not int"):
        Move.parse(23)  # type: ignore[arg-type]
