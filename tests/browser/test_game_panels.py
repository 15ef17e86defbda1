"""The other games' panels in a real browser: a click on the board plays a move and the AI answers."""

from __future__ import annotations

from typing import Any

from .test_play_notebook import moves_listed_script, open_notebook, run_all_cells


def test_a_click_on_each_games_board_plays_and_the_ai_answers(browser: Any, jupyter_server: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1200})
    open_notebook(page, f"{jupyter_server}/lab/tree/game_panels.ipynb")
    run_all_cells(page)
    goats = page.locator('svg [data-click="c3"]').first  # Bagh-Chal: a goat is placed with one click
    goats.wait_for(timeout=90_000)
    goats.click(force=True)
    page.wait_for_function(moves_listed_script("1. c3 2. "), timeout=60_000)  # placed, and the tigers answered
    pit = page.locator('svg [data-click="12"]').first  # Hus: South sows pit 12
    pit.click(force=True)
    page.wait_for_function(moves_listed_script("1. 12 2. "), timeout=60_000)
    page.close()
