"""Lesson 12's table of the searches against the solved endgames (data/endgames) is whole, counted right, and what
its script measures."""

from __future__ import annotations


import pytest

from lessons_lib.arena.ratings import wilson_interval
from lessons_lib.experiments.data import ENDGAME_DATA, load_table
from locations import benchmark_script


TRUTH = load_table("search_vs_truth", ENDGAME_DATA)
BY_CLASS = load_table("search_vs_truth_by_class", ENDGAME_DATA)


def test_every_agent_of_the_script_is_measured_and_counted_right() -> None:
    assert [row["agent"] for row in TRUTH] == list(benchmark_script("endgame_truth").AGENTS)
    for row in TRUTH:
        for measure, total in (("kept", "positions"), ("not_won", "games")):
            count, trials = row[measure], row[total]
            assert row[f"{measure}_share"] == round(count / trials, 4)
            low, high = wilson_interval(count, trials)
            assert (row[f"{measure}_low"], row[f"{measure}_high"]) == (round(low, 4), round(high, 4))
        assert row["too_slow"] + row["thrown"] == row["not_won"]
        assert row["reads_the_tables"] == ("yes" if row["agent"] in benchmark_script("endgame_truth").READS_THE_TABLES else "no")


def test_the_counts_by_class_add_up_to_each_agents_row() -> None:
    for row in TRUTH:
        mine = [line for line in BY_CLASS if line["agent"] == row["agent"]]
        choice = [line for line in mine if line["sample"] == "choice"]
        won = [line for line in mine if line["sample"] == "won"]
        assert len(choice) + len(won) == len(mine)
        assert sum(line["count"] for line in choice) == row["positions"]
        assert sum(line["kept"] for line in choice) == row["kept"]
        assert sum(line["count"] for line in won) == row["games"]
        assert sum(line["kept"] for line in won) == row["games"] - row["not_won"]
        assert all(line["value"] == "won" for line in won)
        assert all(0 <= line["kept"] <= line["count"] for line in mine)


def test_every_agent_met_the_same_positions() -> None:
    classes = {}
    for line in BY_CLASS:
        classes.setdefault(line["agent"], []).append((line["sample"], line["pieces"], line["value"], line["count"]))
    assert len(set(map(tuple, classes.values()))) == 1


def test_best_with_its_tables_is_perfect_there() -> None:
    best = next(row for row in TRUTH if row["agent"] == "best:0.1s")
    assert best["kept"] == best["positions"] and best["not_won"] == 0 and best["reads_the_tables"] == "yes"


@pytest.mark.parametrize("agent", ["alphabeta:1", "alphabeta:2"])
def test_the_quick_rows_are_measured_again_position_for_position(agent: str) -> None:
    row = next(row for row in TRUTH if row["agent"] == agent)
    module = benchmark_script("endgame_truth")
    measured, by_class = module.measure((agent, "forced", int(row["positions"]), int(row["games"]), 0))
    assert [value if isinstance(value, str) else float(value) for value in measured] == [
        row[column] for column in module.COLUMNS]
    assert [[value if isinstance(value, str) else float(value) for value in line] for line in by_class] == [
        [line[column] for column in module.CLASS_COLUMNS] for line in BY_CLASS if line["agent"] == agent]
