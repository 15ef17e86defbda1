"""Open the play notebook in a real browser, run it, click a piece and a target, and see the AI answer."""

from __future__ import annotations

from typing import Any

BOARD = ".game-board-widget"
STATUS_SCRIPT = f"document.querySelector('{BOARD} svg').getAttribute('aria-label')"


def moves_listed_script(*moves: str) -> str:
    """JavaScript: true once the page's move list shows these numbered moves ('1. 23-18', ...)."""
    checks = " && ".join(f"text.includes({move!r})" for move in moves)
    return f"(() => {{ const text = document.body.innerText.replace(/\\u00a0/g, ' '); return {checks}; }})()"


def open_notebook(page: Any, url: str) -> None:
    """Open a notebook and start its kernel (a fresh JupyterLab asks which kernel to use)."""
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    select = page.locator(".jp-Dialog").get_by_role("button", name="Select", exact=True)
    try:
        select.wait_for(timeout=8_000)
        select.click()
    except Exception:  # no dialog: the kernel started by itself
        pass


def run_all_cells(page: Any) -> None:
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()


def test_play_a_move_in_jupyterlab_and_the_ai_answers(browser: Any, jupyter_server: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    open_notebook(page, f"{jupyter_server}/lab/tree/00_start_here.ipynb")
    run_all_cells(page)
    board = page.locator(BOARD).first
    board.locator("svg").wait_for(timeout=90_000)
    assert "Green to move · Green 16 · Red 16" in page.evaluate(STATUS_SCRIPT)
    board.locator('[data-click="23"]').click(force=True)
    board.locator(".selected").wait_for(timeout=20_000)  # the piece is picked up
    assert board.locator(".target").count() == 3  # 23-17, 23-18, 23-19
    board.locator('[data-click="18"]').click(force=True)
    # Green's move is played, then the AI (Red) answers and it is Green's turn again.
    page.wait_for_function(moves_listed_script("1. 23-18", "2. "), timeout=60_000)
    page.wait_for_function(f"{STATUS_SCRIPT}.startsWith('Green to move') && {STATUS_SCRIPT}.includes('Green 15')",
                           timeout=60_000)
    page.close()


def test_the_play_notebook_also_works_in_notebook_7(browser: Any, jupyter_server: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    open_notebook(page, f"{jupyter_server}/notebooks/00_start_here_notebook7.ipynb")
    run_all_cells(page)
    board = page.locator(BOARD).first
    board.locator("svg").wait_for(timeout=90_000)
    board.locator('[data-click="24"]').click(force=True)
    board.locator(".selected").wait_for(timeout=20_000)
    assert board.locator(".target").count() == 1  # 24-19
    board.locator('[data-click="19"]').click(force=True)
    page.wait_for_function(moves_listed_script("1. 24-19", "2. "), timeout=60_000)  # played, and the AI answered
    page.close()
