"""The remedies benchmark: one loop a remedy, each changing one setting of the plain loop, and its tables kept whole."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

from lessons_lib.learning.self_play import LoopSettings
from locations import benchmark_script


def test_each_remedy_changes_settings_the_loop_has_and_the_plain_loop_none() -> None:
    remedies = benchmark_script("alphazero_remedies").REMEDIES
    assert remedies["plain"] == {}
    fields = set(LoopSettings.__dataclass_fields__)
    for changes in remedies.values():
        assert set(changes) <= fields
        LoopSettings(**changes)  # type: ignore[arg-type]  # each a valid loop


def test_a_small_run_writes_its_rows_and_keeps_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    module = benchmark_script("alphazero_remedies")
    common = ["--game", "hus", "--generations", "1", "--games", "2", "--iterations", "6", "--openings", "1",
              "--work", str(tmp_path / "work"), "--out", str(tmp_path), "--workers", "1"]
    for remedies in ("plain,mixed target", "board network"):
        monkeypatch.setattr(sys, "argv", ["alphazero_remedies.py", *common, "--remedies", remedies])
        module.main()
    runs = list(csv.DictReader(open(tmp_path / "hus_remedies.csv", newline="")))
    assert [row["remedy"] for row in runs] == ["plain", "mixed target", "board network"]
    assert all(int(row["wins"]) + int(row["draws"]) + int(row["losses"]) == 2 for row in runs)
    generations = list(csv.DictReader(open(tmp_path / "hus_remedies_generations.csv", newline="")))
    assert [(row["remedy"], row["generation"]) for row in generations] == [
        (name, number) for name in ("plain", "mixed target", "board network") for number in ("0", "1")]
    assert generations[-1]["largest_value_weight"] == ""  # a network has no feature weights
    monkeypatch.setattr(sys, "argv", ["alphazero_remedies.py", *common, "--remedies", "clock inputs"])
    with pytest.raises(SystemExit):
        module.main()  # Hus has no draw clock
    assert "Hus has no draw clock" in capsys.readouterr().err
