"""What the board and the panels tell screen readers, and the Escape key, on the Python side.

The keyboard itself (Tab, the arrow keys, Enter) lives in the browser: tests/browser/test_keyboard.py.
"""

from __future__ import annotations

from html import escape

import pytest

from lessons_lib.games.game_record import GameRecord
from lessons_lib.games import GAMES
from lessons_lib.games.shologuti.position import RED, Position
from lessons_lib.games.shologuti.rules import TRADITIONAL
from lessons_lib.widgets import BoardWidget, PlayPanel
from lessons_lib.widgets.common import LiveHTML


@pytest.mark.parametrize("name", list(GAMES))
def test_every_games_board_says_its_status_line_and_is_named(name: str) -> None:
    board = BoardWidget(name)  # nothing played or chosen: the status is the status line alone
    assert board.status and board.status == GAMES[name].engine.status_text(board.position)
    assert f'class="status">{escape(board.status)}</text>' in board.svg  # the line the board shows
    assert board.label.startswith(f"{GAMES[name].title} board.") and "Arrow keys" in board.label


@pytest.mark.parametrize("name", list(GAMES))
def test_the_places_are_read_out_by_the_names_their_drawing_gives_them(name: str) -> None:
    board = BoardWidget(name)
    names = GAMES[name].engine.place_names(board.position)
    drawn = [click for click in names if f'data-click="{click}"' in board.svg]
    assert drawn and all(f'data-click="{click}" aria-label="{escape(names[click])}: ' in board.svg for click in drawn)
    assert board.place_name(drawn[0]) == names[drawn[0]] and board.place_name("nowhere") == "nowhere"


def test_the_status_says_what_is_chosen_then_the_move_played() -> None:
    board = BoardWidget()
    board.click(23)
    assert board.status.startswith("Chosen: point 23. Next: point 17, point 18 or point 19. Green to move")
    board.click(18)
    assert board.status.startswith("Green played 23-18. Red to move")
    board.record.undo()
    board.refresh()
    assert board.status.startswith("Green to move")


def test_a_chain_says_the_piece_picked_up_for_the_player_and_the_end_of_a_game() -> None:
    board = BoardWidget(GameRecord(Position.from_points(green=[23, 27], red=[18, 14, 1], rules=TRADITIONAL)))
    board.click(23)
    board.click(13)
    assert board.status.startswith("Green played 23x13. Chosen: point 13. Next: point 15.")
    over = BoardWidget(GameRecord(Position.from_points(green=[23], red=[], to_move=RED)))
    assert "Game over" in over.status


def test_escape_puts_down_what_was_chosen() -> None:
    board = BoardWidget()
    board.click(23)
    board._on_browser_message(board, {"type": "drop"}, [])
    assert board.clicks == [] and "Chosen" not in board.status and 'class="selected"' not in board.svg
    board.drop()  # nothing chosen: nothing happens
    assert board.clicks == [] and board.record.moves == []
    board.click(23)
    assert board.click(18) is not None  # a move can begin again


def test_the_panels_status_is_a_live_region_and_the_moves_are_named() -> None:
    panel = PlayPanel(ai="beginner", think_in_background=False)
    assert isinstance(panel.status, LiveHTML) and "your turn" in panel.status.value
    panel.board.click(23)
    panel.board.click(18)
    assert "aria-label='Moves played'" in panel.moves.value
    assert panel.board.status.startswith("Red played ")  # the board reads out the AI's answer


def test_a_hint_is_said_as_the_piece_it_picks_up() -> None:
    panel = PlayPanel(seats="both", think_in_background=False)
    panel.show_hint(seconds=0.1)
    assert "Hint:" in panel.status.value and panel.board.status.startswith(f"Chosen: point {panel.board.clicks[0]}. Next: ")
