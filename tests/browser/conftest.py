"""Browser tests: JupyterLab (and Notebook 7) on loopback, driven in headless Chromium by Playwright.

They need Debian's (or Ubuntu's) ``chromium`` package; ``python run.py test`` installs it
when it runs as root on such a system. Elsewhere they are skipped with a message that
says how to enable them, except under ``CI=true``, where a missing browser fails.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
HOW_TO_ENABLE = ("install Chromium (Debian/Ubuntu: 'sudo apt-get install chromium') or set SHOLOGUTI_CHROMIUM "
                 "to a Chromium executable, and 'pip install playwright'")


def chromium_path() -> str | None:
    return os.environ.get("SHOLOGUTI_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(f"browser tests skipped: {reason}; to enable them, {HOW_TO_ENABLE}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        _unavailable("no Chromium found")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on loopback with no token, serving a copy of notebooks/ (so nothing here is changed)."""
    root = tmp_path_factory.mktemp("notebooks")
    shutil.copytree(ROOT / "notebooks", root, dirs_exist_ok=True)
    # A second copy for Notebook 7, so that each interface gets a kernel of its own.
    shutil.copy(root / "00_start_here.ipynb", root / "00_start_here_notebook7.ipynb")
    _write_game_panels_notebook(root / "game_panels.ipynb")
    _write_notebook(root / "puct_stepper.ipynb", PUCT_STEPPER)
    settings = tmp_path_factory.mktemp("jupyter")
    port = _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(settings / "config"), "JUPYTER_DATA_DIR": str(settings / "data"),
           "JUPYTERLAB_WORKSPACES_DIR": str(settings / "workspaces"), "JUPYTER_PLATFORM_DIRS": "1"}
    command = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
        f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
    ]
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/api", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("JupyterLab did not start")
                time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


GAME_PANELS = ['GamePanel("baghchal", ai="beginner")', 'GamePanel("hus", ai="beginner")']
"""The cells of a small notebook for the browser tests of the other games' panels."""


PUCT_STEPPER = [
    "from lessons_lib.games.shologuti.position import Position\n"
    "from lessons_lib.learning.generations import load_generations\n"
    "from lessons_lib.widgets import MCTSStepper",
    "last = load_generations('shologuti')[1][-1].model\n"
    "position = Position.start().play('23-18').play('13x23').play('28x18').play('12-13')\n"
    "MCTSStepper(position, iterations=12, priors=last.priors, value=last.value)",
]
"""Lesson 11's PUCT stepper, on the lesson's position with the last generation's priors and value."""


def _write_game_panels_notebook(path: Path) -> None:
    _write_notebook(path, ["from lessons_lib.widgets import GamePanel", *GAME_PANELS])


def _write_notebook(path: Path, sources: list[str]) -> None:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    notebook = new_notebook(cells=[new_code_cell(source) for source in sources],
                            metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}})
    nbformat.write(notebook, path)
