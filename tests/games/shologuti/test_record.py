"""Game records: unlimited undo and redo, and saving and loading as text."""

from __future__ import annotations

import pytest

from lessons_lib.kit.errors import IllegalMoveError, MoveError, PositionError
from lessons_lib.games.shologuti.record import GameRecord
from lessons_lib.games.shologuti.rules import TRADITIONAL, Rules
from lessons_lib.games.shologuti.moves import Move
from lessons_lib.games.shologuti.position import Position

OPENING = ["23-18", "13x23", "28x18", "12-17", "22x12", "7x17"]


def test_undo_and_redo_walk_back_and_forth() -> None:
    game = GameRecord()
    for move in OPENING:
        game.play(move)
    assert game.ply == 6 and not game.can_redo()
    while game.can_undo():
        game.undo()
    assert game.position == Position.start() and game.undo() is None
    for move in OPENING:
        assert str(game.redo()) == move
    assert game.redo() is None and [str(m) for m in game.moves] == OPENING


def test_a_new_move_after_undo_drops_the_redo_moves() -> None:
    game = GameRecord()
    for move in OPENING:
        game.play(move)
    for _ in range(3):
        game.undo()
    game.play("14-19")  # Red plays another move than 12-17
    assert [str(m) for m in game.moves] == OPENING[:3] + ["14-19"] and not game.can_redo()


def test_an_illegal_move_changes_nothing() -> None:
    game = GameRecord()
    game.play("23-18")
    text = game.to_text()
    with pytest.raises(IllegalMoveError):
        game.play("12-17")
    with pytest.raises(MoveError):
        game.play("nonsense")
    assert game.to_text() == text and game.ply == 1


def test_save_and_load() -> None:
    game = GameRecord(Position.start(TRADITIONAL))
    for move in OPENING:
        game.play(move)
    game.undo()
    text = game.to_text()
    assert text.splitlines()[:3] == ['[Variant "traditional"]', '[Position "start"]', '[Ply "5"]']
    loaded = GameRecord.from_text(text)
    assert loaded.position == game.position and loaded.ply == 5
    assert str(loaded.redo()) == OPENING[-1]


def test_save_and_load_a_custom_position_and_rules() -> None:
    rules = Rules(must_capture=True, must_continue=False, draw_plies=30)
    start = Position.from_string(".................R....G.............. g -", rules)
    game = GameRecord(start)
    game.play("23x13")
    loaded = GameRecord.from_text(game.to_text())
    assert loaded.start == start and loaded.position == game.position
    assert loaded.position.rules == rules


def test_wrong_types_are_refused_and_any_form_of_a_move_is_stored_as_a_move() -> None:
    with pytest.raises(PositionError):
        GameRecord("start")  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        GameRecord.from_text(None)  # type: ignore[arg-type]
    game = GameRecord()
    game.play((23, 18, 0))  # type: ignore[arg-type]
    assert game.moves == [Move.parse("23-18")] and "23-18" in game.to_text()


def test_long_games_wrap_and_comments_are_ignored() -> None:
    text = '[Variant "forced"]\n# a comment\n23-18 13x23   # Red takes back\n28x18\n'
    game = GameRecord.from_text(text)
    assert [str(m) for m in game.moves] == ["23-18", "13x23", "28x18"]


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("23-18 12-17", IllegalMoveError, "line 1, move 2 \\(12-17\\)"),
        ("23-18\n13x23\n28-99", MoveError, "line 3, move 3"),
        ('[Variant "blitz"]', ValueError, "unknown variant"),
        ('[Position "RRRR g -"]', PositionError, "37 characters"),
        ("[Variant forced]", PositionError, "line 1: a tag"),
        ('[DrawPlies "0"]', PositionError, "DrawPlies"),
        ('[Ply "9"]\n23-18', PositionError, "Ply tag"),
        ('[Ply "²"]\n23-18', PositionError, "Ply tag"),
        ('[Variant "custom"]', PositionError, "MustCapture"),
        ('[Postion "start"]', PositionError, "unknown tag 'Postion'"),
        ('23-18\n[Variant "forced"]', PositionError, "tags come before the moves"),
    ],
)
def test_bad_records_name_the_line_and_the_move(text: str, error: type[Exception], fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        GameRecord.from_text(text)
