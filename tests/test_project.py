"""The project around the package: the wheel carries the board, and run.py's lab command serves the notebooks."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from locations import ROOT
from waiting import wait_for
from lessons_lib.games import GAMES



def test_the_built_wheel_carries_the_board_data_and_the_type_marker(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )
    (wheel,) = tmp_path.glob("shologuti_lab-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {"lessons_lib/games/shologuti/data/board.json", "lessons_lib/games/shologuti/data/perft.json",
            "lessons_lib/games/shologuti/data/learned_weights.json", "lessons_lib/py.typed"} <= set(names)
    for package in ("agents", "arena", "exercises", "viz", "widgets", "games", "games/common", "learning",
                    *(f"games/{name}" for name in GAMES)):
        assert f"lessons_lib/{package}/__init__.py" in names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


def test_a_licence_a_school_can_use() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "CC BY 4.0" in licence
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "MIT" in readme and "CC BY 4.0" in readme


def _project_files() -> list[Path]:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / name for name in tracked.splitlines() if not name.endswith((".png", ".csv"))]


def test_nothing_points_outside_the_repository() -> None:
    """A person who clones the repository has nothing beside it: no file may send them there."""
    outside = ("RULES" + ".md", "../" + "shared", "shared" + " folder", "shared/" + "background")  # split: not here
    for path in _project_files():
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            for pointer in outside:
                assert pointer not in text, f"{path.relative_to(ROOT)} points outside the repository: {pointer!r}"


def test_run_py_without_a_command_explains_itself() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "run.py")], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "usage: python run.py {lab|test|build}" in result.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.skipif(not (ROOT / ".venv").exists(), reason="run.py lab needs the .venv that run.py makes")
def test_run_py_lab_serves_the_notebooks(tmp_path: Path) -> None:
    port = free_port()
    command = [
        sys.executable, str(ROOT / "run.py"), "lab", "--no-browser", f"--ServerApp.port={port}",
        "--IdentityProvider.token=lab-test", f"--ServerApp.root_dir={ROOT / 'notebooks'}",
    ]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
    base = f"http://127.0.0.1:{port}"
    url = f"{base}/api/contents/01_board_graph.ipynb?token=lab-test&content=0"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    assert response.status == 200
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("JupyterLab did not serve notebooks/01_board_graph.ipynb")
                time.sleep(0.5)
        with urllib.request.urlopen(f"{base}/?token=lab-test", timeout=30) as response:  # opens on the first lesson
            assert response.url.split("?")[0] == f"{base}/lab/tree/00_start_here.ipynb"

        def setting(plugin: str, name: str) -> object:
            """The setting's value unless a user changed it: the default, which the overrides set."""
            with urllib.request.urlopen(f"{base}/lab/api/settings/{plugin}?token=lab-test", timeout=30) as answer:
                return json.load(answer)["schema"]["properties"][name]["default"]

        assert setting("@jupyterlab/apputils-extension:notification", "fetchNews") == "false"  # no news question
        assert setting("@jupyterlab/apputils-extension:notification", "checkForUpdates") is False
        assert setting("@jupyterlab/notebook-extension:tracker", "recordTiming") is True
    finally:
        server.terminate()  # run.py passes this on to JupyterLab
        server.wait(timeout=30)

    def serving() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return True
        except OSError:
            return False

    assert wait_for(lambda: not serving())  # nothing is left serving on the port (a server left behind fails)


def test_the_readmes_first_screen_says_what_it_is_and_gives_the_two_commands() -> None:
    """A newcomer reads what the suite is, then the two commands (with python3, which Debian and macOS have), within
    the first screen; the details live in docs/."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[:2] == ["## Two commands", "## Where to go next"]
    first_screen = "\n".join(lines[:45])
    assert "teaching suite for game-playing AI" in first_screen
    assert "python3 run.py lab" in first_screen and "python3 run.py test" in first_screen
    assert (ROOT / "docs" / "guide.md").is_file() and "docs/guide.md" in first_screen
    assert len(" ".join(lines).split()) < 1500  # the rest is in docs/guide.md and docs/teaching.md
