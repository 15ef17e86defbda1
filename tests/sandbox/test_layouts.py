"""The sandbox holds wherever the project and Python live: each test puts this very checkout in another place.

A class clones the project under ``/tmp``, under a home folder, with its virtual environment inside
it or somewhere else, in a folder whose name has a space. Each test shows this checkout (and its
Python) at such a place, in a mount namespace of its own made with bubblewrap, and there runs the
arena as a teacher would: the sandbox must be bubblewrap (never a quiet step down to plain
processes), an honest student's agent must play its games, and code inside must see nothing but
Python, the package and the system, however the folders on the way are named.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from locations import ROOT

SCRIPT = """
import json, os, subprocess, sys
checkout = sys.argv[1]
sys.path.insert(0, checkout)  # the package as the checkout here has it, wherever it was installed from
sys.path.insert(0, os.path.join(checkout, 'tests'))
import lessons_lib
from lessons_lib.sandbox import isolation
from probes import unexpected_files

os.environ.pop(isolation.SANDBOX_VARIABLE, None)
report = {'package': lessons_lib.__file__, 'prefix': sys.prefix, 'problem': isolation.bubblewrap_problem(),
          'mode': isolation.sandbox_mode()}
os.environ[isolation.SANDBOX_VARIABLE] = 'bubblewrap'
report['unexpected'] = unexpected_files()
folder = sys.argv[2]
os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, 'alice.py'), 'w') as file:
    file.write('class A:\\n    def choose_move(self, state):\\n        return state.legal_moves()[0]\\n\\n'
               'def make_agent():\\n    return A()\\n')
os.environ.pop(isolation.SANDBOX_VARIABLE)
bootstrap = f"import sys; sys.path.insert(0, {checkout!r}); from lessons_lib.cli.main import main; sys.exit(main())"
played = subprocess.run([sys.executable, '-c', bootstrap, 'tournament', 'alice.py', 'random', '--games-per-pair',
                         '2', '--workers', '1', '--quiet', '--json'], cwd=folder, capture_output=True, text=True)
report['status'], report['errors'] = played.returncode, played.stderr
report['reasons'] = [game['reason'] for game in json.loads(played.stdout)['games']] if played.returncode == 0 else []
print(json.dumps(report))
"""


def outer_namespace() -> list[str]:
    """bubblewrap as the maker of a mount namespace that shows the machine as it is, with a fresh /home."""
    if not sys.platform.startswith("linux") or shutil.which("bwrap") is None:
        pytest.skip("needs Linux and bubblewrap")
    return ["bwrap", "--dev-bind", "/", "/", "--tmpfs", "/home"]


def run_in_layout(checkout: str, venv: str | None, work: Path, tmp_path: Path) -> dict[str, object]:
    """This checkout shown at ``checkout`` (its virtual environment, if Python runs in one, at ``venv``), and the
    arena run there with a teacher's folder ``work``; what it found."""
    binds = ["--bind", str(ROOT), checkout]
    python = sys.executable
    prefix = Path(sys.prefix)
    if sys.prefix != sys.base_prefix:  # a virtual environment: shown where the layout puts it
        inside = prefix.is_relative_to(ROOT)
        venv = venv if venv is not None else str(Path(checkout) / prefix.relative_to(ROOT)) if inside else None
        if venv is not None:
            binds += ["--bind", str(prefix), venv]
            python = str(Path(venv) / Path(sys.executable).relative_to(prefix)) if Path(sys.executable).is_relative_to(
                prefix) else str(Path(venv) / "bin" / Path(sys.executable).name)
    script = tmp_path / "layout.py"
    script.write_text(SCRIPT)
    command = [*outer_namespace(), *binds, "--", python, str(script), checkout, str(work)]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr[-3000:]
    return dict(json.loads(finished.stdout.strip().splitlines()[-1]))


def assert_it_holds(report: dict[str, object], checkout: str) -> None:
    assert str(report["package"]).startswith(checkout), report
    assert report["problem"] is None and report["mode"] == "bubblewrap", report
    assert report["unexpected"] == [], report
    assert report["status"] == 0 and "note:" not in str(report["errors"]), report
    reasons = report["reasons"]
    assert isinstance(reasons, list) and len(reasons) == 2
    assert not any("forfeit" in reason for reason in reasons), reasons


def test_a_checkout_under_tmp(tmp_path: Path) -> None:
    """A private /tmp inside the sandbox must not hide a Python that lives under /tmp."""
    checkout = str(tmp_path / "lab")
    assert_it_holds(run_in_layout(checkout, None, tmp_path / "class", tmp_path), checkout)


def test_a_checkout_under_a_home_folder(tmp_path: Path) -> None:
    """The home folder's name is on the way to Python: shown, with nothing else of the home folder."""
    checkout = "/home/ann/lab"
    assert_it_holds(run_in_layout(checkout, None, tmp_path / "class", tmp_path), checkout)


def test_a_virtual_environment_outside_the_project_and_a_folder_name_with_a_space(tmp_path: Path) -> None:
    if sys.prefix == sys.base_prefix:
        pytest.skip("Python runs in no virtual environment here")
    checkout = "/home/ann/work/shologuti lab"
    assert_it_holds(run_in_layout(checkout, "/home/ann/.venvs/lab", tmp_path / "class", tmp_path), checkout)


def test_a_class_folder_beside_the_checkout_in_a_home_folder(tmp_path: Path) -> None:
    """The class's files sit beside the checkout: the folders on the way to Python are shown, the class's not."""
    checkout = "/home/bob/shologuti-lab"
    assert_it_holds(run_in_layout(checkout, None, Path("/home/bob/class"), tmp_path), checkout)
