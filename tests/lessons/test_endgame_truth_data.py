"""Lesson 12's table of the searches against the solved endgames (data/endgames) is whole, counted right, and what
its script measures."""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest

from lessons_lib.arena.ratings import wilson_interval
from lessons_lib.experiments.data import ENDGAME_DATA, load_table
from locations import ROOT


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("endgame_truth", ROOT / "benchmarks" / "endgame_truth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TRUTH = load_table("search_vs_truth", ENDGAME_DATA)


def test_every_agent_of_the_script_is_measured_and_counted_right() -> None:
    assert [row["agent"] for row in TRUTH] == list(script().AGENTS)
    for row in TRUTH:
        for measure, total in (("kept", "positions"), ("not_won", "games")):
            count, trials = row[measure], row[total]
            assert row[f"{measure}_share"] == round(count / trials, 4)
            low, high = wilson_interval(count, trials)
            assert (row[f"{measure}_low"], row[f"{measure}_high"]) == (round(low, 4), round(high, 4))
        assert row["thrown"] + row["clock"] == row["not_won"]


def test_best_with_its_tables_is_perfect_there() -> None:
    best = next(row for row in TRUTH if row["agent"] == "best:0.1s")
    assert best["kept"] == best["positions"] and best["not_won"] == 0


@pytest.mark.parametrize("agent", ["alphabeta:1", "alphabeta:2"])
def test_the_quick_rows_are_measured_again_position_for_position(agent: str) -> None:
    row = next(row for row in TRUTH if row["agent"] == agent)
    module = script()
    measured = module.measure((agent, "forced", int(row["positions"]), int(row["games"]), 0))
    assert [value if isinstance(value, str) else float(value) for value in measured] == [
        row[column] for column in module.COLUMNS]
