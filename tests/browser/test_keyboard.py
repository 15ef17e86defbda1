"""The boards played from the keyboard alone, in a real browser: no mouse, and no waiting but for what is awaited.

Tab reaches the board (one tab stop), the arrow keys move between its places, Enter chooses a piece and then
where it goes, Escape puts the piece down; a live region says what happened, and every place has a name.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .test_play_notebook import BOARD, moves_listed_script, open_notebook, run_all_cells

NEWS = ".game-board-status"
"""The board's live region."""
FOCUSED_PLACE = "document.activeElement.getAttribute('data-click')"
ARROW_TOWARDS = """name => {
  const centre = element => { const box = element.getBoundingClientRect();
                              return [box.left + box.width / 2, box.top + box.height / 2]; };
  const [x, y] = centre(document.activeElement);
  const [toX, toY] = centre(document.activeElement.closest('svg').querySelector(`[data-click="${name}"]`));
  if (Math.abs(toX - x) >= Math.abs(toY - y)) return toX > x ? 'ArrowRight' : 'ArrowLeft';
  return toY > y ? 'ArrowDown' : 'ArrowUp';
}"""
"""JavaScript: the arrow key that points from the focused place towards the place ``name``, on screen."""


def arrow_to(page: Any, name: str, most_presses: int = 30) -> list[str]:
    """Press arrow keys, each towards the place ``name``, until the keyboard is on it; return the keys pressed."""
    pressed: list[str] = []
    while page.evaluate(FOCUSED_PLACE) != name:
        assert len(pressed) < most_presses, f"the arrow keys never reached {name}: {pressed}"
        key = page.evaluate(ARROW_TOWARDS, name)
        page.keyboard.press(key)
        pressed.append(key)
    return pressed


def tab_onto_board(page: Any, board: Any) -> Any:
    """Put the keyboard on ``board`` as a person would: from the panel's first control (the seats), which follows
    the board, Shift+Tab goes back onto it; return the panel's seats."""
    panel = board.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' widget-hbox ')][1]")
    seats = panel.locator("select").first
    seats.focus()
    page.keyboard.press("Shift+Tab")
    return seats


@pytest.mark.parametrize("url", ["lab/tree/00_start_here.ipynb", "notebooks/00_start_here_notebook7.ipynb"],
                         ids=["jupyterlab", "notebook7"])
def test_a_move_played_with_the_keyboard_alone(browser: Any, jupyter_server: str, url: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    open_notebook(page, f"{jupyter_server}/{url}")
    run_all_cells(page)
    board = page.locator(BOARD).first
    board.locator("svg").wait_for(timeout=90_000)
    expect(board).to_have_role("application")
    expect(board).to_have_accessible_name(re.compile(r"board.*arrow keys", re.IGNORECASE))
    news = page.locator(NEWS).first
    expect(news).to_have_attribute("aria-live", "polite")
    expect(news).to_contain_text("Green to move")

    places = board.get_by_role("button")  # every place a click may hit is a button with a name
    expect(places).to_have_count(board.locator("[data-click]").count())
    for button in places.all():
        expect(button).to_have_accessible_name(re.compile(r"\S"))

    # One step of Shift+Tab puts the keyboard on the board, one step of Tab takes it off again.
    seats = tab_onto_board(page, board)
    place = board.locator(":focus")
    expect(place).to_have_count(1)
    page.keyboard.press("Tab")
    expect(seats).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(place).to_have_role("button")

    # Arrows to Green's piece on 23, Enter: it is picked up, the keyboard stays on it, with a ring around it.
    arrow_to(page, "23")
    expect(place).to_have_accessible_name(re.compile(r"\b23\b"))
    page.keyboard.press("Enter")
    board.locator(".selected").wait_for(timeout=20_000)
    expect(news).to_contain_text("Chosen: point 23")
    assert page.evaluate(FOCUSED_PLACE) == "23"  # the redrawn board kept the keyboard's place
    expect(board.locator('[data-click="23"] .keyboard-focus')).to_have_count(1)
    assert board.locator(".target").count() == 3  # 23-17, 23-18, 23-19

    # Escape puts the piece down; Enter picks it up again.
    page.keyboard.press("Escape")
    expect(board.locator(".selected")).to_have_count(0)
    expect(news).not_to_contain_text("Chosen")
    page.keyboard.press("Enter")
    board.locator(".selected").wait_for(timeout=20_000)

    # Arrows to 18, Enter: 23-18 is played, the live region says so, and the AI (Red) answers.
    arrow_to(page, "18")
    expect(place).to_have_accessible_name(re.compile(r"\b18\b"))
    page.keyboard.press("Enter")
    page.wait_for_function(moves_listed_script("1. 23-18", "2. "), timeout=60_000)
    expect(news).to_contain_text(re.compile(r"^Red played \S+\. Green to move"), timeout=60_000)
    expect(place).to_have_count(1)  # the keyboard is still on the board, ready for the next move
    panel_status = page.locator("[role=status]").filter(has_text="your turn").first
    expect(panel_status).to_have_attribute("aria-live", "polite")  # the panel's status line is read out too
    page.close()


def test_the_other_games_boards_are_played_with_the_keyboard_too(browser: Any, jupyter_server: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1200})
    open_notebook(page, f"{jupyter_server}/lab/tree/game_panels.ipynb")
    run_all_cells(page)
    for index, (place, moves) in enumerate([("c3", ("1. c3", "2. ")), ("12", ("1. 12", "2. "))]):  # Bagh-Chal, Hus
        board = page.locator(BOARD).nth(index)
        board.locator("svg").wait_for(timeout=90_000)
        tab_onto_board(page, board)
        arrow_to(page, place)
        page.keyboard.press("Enter")  # a goat placed, a pit sown: a move of one click
        page.wait_for_function(moves_listed_script(*moves), timeout=60_000)  # played, and the AI answered
        expect(page.locator(NEWS).nth(index)).to_contain_text(" played ")
    page.close()
