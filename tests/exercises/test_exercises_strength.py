"""Notebook 07: the Elo and Wilson checks, and the strength plots."""

from __future__ import annotations

import math

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from lessons_lib.arena.ratings import wilson_interval  # noqa: E402
from lessons_lib.exercises.strength import (  # noqa: E402
    WRONG_ELO, _wald, check_elo_difference, check_wilson, elo_difference,
)
from lessons_lib.experiments.data import load_table  # noqa: E402
from lessons_lib.viz.plots import plot_elo, plot_grouped_bars, plot_score_grid, plot_stacked_shares  # noqa: E402


def test_elo_difference() -> None:
    assert check_elo_difference(lambda score: 400 * math.log10(score / (1 - score))).passed
    assert "write it yourself" in check_elo_difference(elo_difference).message
    assert "give a number" in check_elo_difference(lambda score: None).message


@pytest.mark.parametrize("mistake", list(WRONG_ELO))
def test_each_elo_mistake_is_named(mistake: str) -> None:
    wrong, hint = WRONG_ELO[mistake]
    assert hint in check_elo_difference(wrong).message


def _wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson interval as a student writes it."""
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    return centre - half, centre + half


def test_wilson() -> None:
    assert check_wilson(lambda successes, trials: tuple(wilson_interval(successes, trials))).passed is False
    assert check_wilson(_wilson).passed
    assert "'normal' interval" in check_wilson(_wald).message
    assert "z = 1.960" in check_wilson(lambda s, n: _wilson(s, n, 2.0)).message
    assert "two numbers" in check_wilson(lambda s, n: 0.5).message


def test_the_strength_plots_are_labelled() -> None:
    axes = [
        plot_elo(load_table("depth"), title="t", xlabel="x"),
        plot_elo(load_table("iterations"), title="t", xlabel="x", log_x=True),
        plot_score_grid(load_table("ai_vs_ai"), row="depth", column="iterations", value="green_score",
                        title="t", ylabel="y", xlabel="x", colour_label="c"),
        plot_grouped_bars({"a": {"m": 1}, "b": {"m": 2}}, title="t", xlabel="x", ylabel="y"),
        plot_stacked_shares({"a": {"win": 1, "draw": 3}}, title="t", xlabel="x"),
    ]
    for ax in axes:
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    assert all(ax.get_legend() is not None for ax in axes[:2] + axes[3:])
    plt.close("all")
