"""Take the guide's screenshots of the widgets: JupyterLab in headless Chromium, as the browser tests run it.

Run: ``python docs/make_screenshots.py [NAME ...]`` (needs Chromium and playwright, as the browser tests do).
Writes docs/play_panel.png, docs/alphabeta_stepper.png, docs/mcts_stepper.png and docs/game_panel.png, and
docs/suite_at_work.png: JupyterLab with lesson 03 open, stepping through alpha-beta. Give names to
take only those screenshots.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import nbformat
from playwright.sync_api import sync_playwright

DOCS = Path(__file__).resolve().parent
NOTEBOOKS = DOCS.parent / "notebooks"
CELLS = {
    "play_panel": ("from lessons_lib.widgets import PlayPanel\n"
                   "panel = PlayPanel(ai='medium', think_in_background=False)\n"
                   "for point in (23, 18, 28):\n    panel.board.click(point)\npanel"),
    "alphabeta_stepper": ("from lessons_lib.widgets import AlphaBetaStepper\n"
                          "stepper = AlphaBetaStepper(depth=3)\n"
                          "stepper.go_to(45)\nstepper"),
    "mcts_stepper": ("from lessons_lib.widgets import MCTSStepper\n"
                     "stepper = MCTSStepper(iterations=30)\nstepper.go_to(58)\nstepper"),
    "game_panel": ("from lessons_lib.widgets import GamePanel\n"
                   "panel = GamePanel('shobu', ai='medium', think_in_background=False)\n"
                   "for square in ('bl:b1', 'bl:b2', 'wd:c1', 'bd:c1', 'bd:c2'):\n"
                   "    panel.board.click(square)\npanel"),
}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def main(names: list[str]) -> None:
    cells = {name: source for name, source in CELLS.items() if not names or name in names}
    chromium = os.environ.get("SHOLOGUTI_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("Chromium is needed: apt-get install chromium (or set SHOLOGUTI_CHROMIUM)")
    with tempfile.TemporaryDirectory() as folder, socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        shutil.copytree(NOTEBOOKS, Path(folder) / "notebooks")
        for name, source in cells.items():
            notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
            notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
            nbformat.write(notebook, Path(folder) / f"{name}.ipynb")
        server = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", f"--ServerApp.port={port}",
             "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", f"--ServerApp.root_dir={folder}",
             "--LabApp.news_url=None"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(240):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=2)
                    break
                except OSError:
                    time.sleep(0.5)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                for name in cells:
                    page = browser.new_page(viewport={"width": 1500, "height": 1100})
                    open_and_run_all(page, f"http://127.0.0.1:{port}/lab/tree/{name}.ipynb?reset")
                    output = page.locator(".jp-OutputArea-output").first
                    output.locator("svg").first.wait_for(timeout=90_000)
                    time.sleep(1.5)
                    output.screenshot(path=str(DOCS / f"{name}.png"))
                    print(f"wrote docs/{name}.png")
                    page.close()
                if not names or "suite_at_work" in names:
                    suite_at_work(browser, port)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)


def open_and_run_all(page: Any, url: str) -> None:
    """Open a notebook (one at a time: ``?reset``), start its kernel and run all its cells."""
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    select = page.locator(".jp-Dialog").get_by_role("button", name="Select", exact=True)
    try:
        select.wait_for(timeout=8_000)
        select.click()
    except Exception:  # no dialog: the kernel started by itself
        pass
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    try:  # JupyterLab's question about news covers a corner: answer it
        page.get_by_role("button", name="No", exact=True).click(timeout=5_000)
    except Exception:
        pass


def suite_at_work(browser: Any, port: int) -> None:
    """JupyterLab with the lessons in the file browser and lesson 03's alpha-beta stepper part way through."""
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    open_and_run_all(page, f"http://127.0.0.1:{port}/lab/tree/notebooks/03_minimax_alphabeta.ipynb?reset")
    stepper = page.locator(".jp-OutputArea-output", has=page.get_by_text("Alpha-beta pruning")).nth(1)
    stepper.wait_for(timeout=120_000)
    page.get_by_text("| Idle").wait_for(timeout=180_000)  # every cell has run: the kernel answers clicks at once
    stepper.evaluate("element => element.scrollIntoView({block: 'start'})")
    for _ in range(26):  # step the search part way, past the first cutoff
        stepper.get_by_role("button", name="Step", exact=True).click()
        time.sleep(0.3)
    page.mouse.move(800, 500)
    page.mouse.wheel(0, 330)
    time.sleep(1.5)
    page.screenshot(path=str(DOCS / "suite_at_work.png"))
    print("wrote docs/suite_at_work.png")
    page.close()


if __name__ == "__main__":
    main(sys.argv[1:])
