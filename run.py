#!/usr/bin/env python3
"""Set up Shologuti Lab in a local .venv, then open the notebooks or run every test.

    python run.py lab     set up, then open JupyterLab on notebooks/ and the first lesson, with no news pop-up
    python run.py test    set up, then run every test: types, unit, property, doctests, notebooks, browser
    python run.py build   set up, and compile the engines and searches again after you have changed them

Works the same on Linux, macOS and Windows with Python 3.11 or newer and pip.
The first run installs the packages (a few minutes); later runs reuse .venv and
reinstall only when pyproject.toml or constraints.txt has changed. Each command
first compiles the engines and searches with mypyc where a C compiler is there
(once, under a minute; again only when their source has changed), and says so in
one line where it is not: then the same Python source runs, only slower.
Extra arguments go to JupyterLab or pytest, for example
``python run.py test -k perft`` or ``python run.py lab --port 8890``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "shologuti-lab-installed.txt"
MINIMUM_PYTHON = (3, 11)
COMMANDS = ("lab", "test", "build")


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def run(*command: str | Path, environment: dict[str, str] | None = None) -> None:
    """Run a command in the project folder (with ``environment`` added to this one's); stop with its status if it fails.

    If this script is asked to stop (SIGTERM), the command is stopped too, so
    that no JupyterLab server is left running behind it.
    """
    child = subprocess.Popen([str(part) for part in command], cwd=ROOT, env={**os.environ, **(environment or {})})

    def stop_child(signum: int, frame: object) -> None:
        child.terminate()

    previous = signal.signal(signal.SIGTERM, stop_child)
    try:
        status = child.wait()
    except KeyboardInterrupt:  # Ctrl+C reaches the child too; let it finish cleanly
        status = child.wait()
    finally:
        signal.signal(signal.SIGTERM, previous)
    if status != 0:
        sys.exit(status)


def install_fingerprint() -> str:
    digest = hashlib.sha256(sys.version.encode())
    for name in ("pyproject.toml", "constraints.txt"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def set_up() -> Path:
    """Create .venv and install the project with everything the lab and the tests need."""
    if sys.version_info < MINIMUM_PYTHON:
        sys.exit(f"Shologuti Lab needs Python {'.'.join(map(str, MINIMUM_PYTHON))} or newer; this is {sys.version.split()[0]}.")
    python = venv_python()
    if not python.exists():
        print(f"Creating a virtual environment in {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True, clear=True)
    wanted = install_fingerprint()
    if not STAMP.exists() or STAMP.read_text() != wanted:
        print("Installing Shologuti Lab and its packages into .venv ...", flush=True)
        run(python, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        run(python, "-m", "pip", "install", "--quiet", "-c", "constraints.txt", "-e", ".[lab,test,cluster,hub,grading]")
        STAMP.write_text(wanted)
    return python


LAB_SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"recordTiming": True},
}
"""JupyterLab's settings for a class: no question about Jupyter news and no update check on every fresh start,
and each cell's run time kept in the notebook (``python -m lessons_lib grade`` reports a student's working time)."""
FIRST_LESSON = "00_start_here.ipynb"


def write_lab_settings() -> Path:
    """Put :data:`LAB_SETTINGS` into .venv's JupyterLab overrides (keeping any others there); return the file."""
    path = VENV / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    try:
        overrides = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        overrides = {}
    if not isinstance(overrides, dict):
        overrides = {}
    for plugin, settings in LAB_SETTINGS.items():
        mine = overrides.get(plugin)
        overrides[plugin] = {**(mine if isinstance(mine, dict) else {}), **settings}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(overrides, indent=2) + "\n", encoding="utf-8")
    return path


def lab_command(python: Path, extra: list[str]) -> list[str | Path]:
    """JupyterLab on notebooks/, opening the first lesson; ``extra`` arguments last, so they win."""
    return [python, "-m", "jupyter", "lab", "notebooks", f"--LabApp.default_url=/lab/tree/{FIRST_LESSON}", *extra]


def ensure_program(programs: tuple[str, ...], package: str, purpose: str, otherwise: str) -> None:
    """Install Debian's ``package`` when none of ``programs`` is found and we may (root, apt-get); else say so."""
    if any(shutil.which(name) for name in programs):
        return
    if getattr(os, "geteuid", lambda: -1)() == 0 and shutil.which("apt-get"):
        print(f"Installing {package} {purpose} (apt-get install {package}) ...", flush=True)
        quiet = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.call(["apt-get", "update", "-qq"], env=quiet)
        subprocess.call(["apt-get", "install", "-y", "-qq", package], env=quiet, stdout=subprocess.DEVNULL)
    else:
        print(f"{package} was not found, so {otherwise}. To change that, install it "
              f"(Debian/Ubuntu: sudo apt-get install {package}).", flush=True)


def ensure_chromium() -> None:
    """The browser tests need Chromium."""
    if os.environ.get("SHOLOGUTI_CHROMIUM"):
        return
    ensure_program(("chromium", "chromium-browser"), "chromium", "for the browser tests",
                   "the browser tests will be skipped (or set SHOLOGUTI_CHROMIUM to Chromium's path)")


def ensure_bubblewrap() -> None:
    """On Linux, students' agents run inside bubblewrap, and the hostile-agent tests need it."""
    if sys.platform.startswith("linux"):
        ensure_program(("bwrap",), "bubblewrap", "to isolate students' agents",
                       "students' agents run as plain processes (mistakes are caught, malice is not) and the "
                       "hostile-agent tests are skipped (in CI they fail)")


def ensure_proxy() -> None:
    """The JupyterHub test needs configurable-http-proxy, from npm: installed where we may (root, npm)."""
    if shutil.which("configurable-http-proxy") or not sys.platform.startswith("linux"):
        return
    if getattr(os, "geteuid", lambda: -1)() == 0 and shutil.which("npm"):
        print("Installing configurable-http-proxy for the JupyterHub test (npm install -g) ...", flush=True)
        subprocess.call(["npm", "install", "--global", "--silent", "configurable-http-proxy"],
                        stdout=subprocess.DEVNULL)
    if not shutil.which("configurable-http-proxy"):
        print("configurable-http-proxy was not found and cannot be installed here (it needs npm, as root): the "
              "JupyterHub test will be skipped.", flush=True)


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in COMMANDS:
        sys.exit(f"usage: python run.py {{{'|'.join(COMMANDS)}}} [extra arguments]\n{__doc__}")
    command, extra = argv[0], argv[1:]
    python = set_up()
    write_lab_settings()
    # the build's own import of the package must not say "an edited source runs": it is about to compile it
    run(python, "-m", "lessons_lib.tooling.build_compiled", *(["--quiet"] if command != "build" else []),
        environment={"SHOLOGUTI_COMPILED_NOTICE_SHOWN": "1"})
    if command == "build":
        return
    if command == "lab":
        if getattr(os, "geteuid", lambda: -1)() == 0 and "--allow-root" not in extra:
            print("Running as root (as in many containers): starting JupyterLab with --allow-root.", flush=True)
            extra.append("--allow-root")
        run(*lab_command(python, extra))
    else:
        print("Type check (mypy --strict) and lint (ruff check) ...", flush=True)
        run(python, "-m", "mypy")
        run(python, "-m", "ruff", "check", "lessons_lib", "tests", "benchmarks", "run.py")
        ensure_chromium()
        ensure_bubblewrap()
        ensure_proxy()
        print("Tests: unit, property, doctests, notebooks (nbval) and browser (Playwright) ...", flush=True)
        run(python, "-m", "pytest", *extra)


if __name__ == "__main__":
    main(sys.argv[1:])
