"""The data files say what the lessons say of them, by today's library: every stored interval is the library's, and
the key claims of lessons 04, 06, 09, 10 and 12 hold against the files they read."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from locations import ROOT

DATA = ROOT / "data"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RESTATE = _script("restate_intervals")


def test_every_stored_interval_is_todays_librarys() -> None:
    assert RESTATE.stale_files(DATA, write=False) == []


def _copy_of_the_data(folder: Path) -> Path:
    for part in ("alphazero", "learning", "experiments"):
        shutil.copytree(DATA / part, folder / part, ignore=shutil.ignore_patterns("*.gz", "*.json"))
    return folder


def test_a_stale_interval_is_found_and_restated_leaving_every_other_character(tmp_path: Path) -> None:
    data = _copy_of_the_data(tmp_path)
    match = data / "learning" / "shologuti_match.csv"
    depth = data / "experiments" / "depth.csv"
    kept = {path: path.read_bytes() for path in (match, depth)}
    match.write_bytes(kept[match].replace(b",0.949,0.9896,", b",0.9581,0.988,", 1))  # depth 1's old interval
    depth.write_bytes(kept[depth].replace(b",-575.3152,", b",-564.8879,", 1))
    assert set(RESTATE.stale_files(data, write=False)) == {match, depth}
    assert RESTATE.stale_files(data, write=True) == [match, depth]
    assert {path: path.read_bytes() for path in kept} == kept and b"\r\n" in kept[match]
    assert RESTATE.stale_files(data, write=False) == []


def test_a_broken_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    data = _copy_of_the_data(tmp_path)
    broken = data / "learning" / "hus_match.csv"
    before = broken.read_bytes()
    broken.write_bytes(before.replace(b"1,200,129,0,71", b"1,200,many,0,71", 1))
    stale = data / "experiments" / "shallow_search.csv"
    stale.write_bytes(stale.read_bytes().replace(b",0.0006,0.1316,", b",0.0044,0.1288,", 1))
    kept = stale.read_bytes()
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "restate_intervals.py"), "--data", str(data)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "hus_match.csv" in run.stderr, run.stderr
    assert stale.read_bytes() == kept  # nothing written unless every file could be read
    check = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "restate_intervals.py"), "--check"],
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stdout + check.stderr
