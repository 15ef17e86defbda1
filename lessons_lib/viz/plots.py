"""The lessons' plots: each function takes plain data (see :mod:`lessons_lib.experiments.measurements`) and draws one chart.

Every chart has a title, axes labelled with their units, and a legend when it
shows more than one series. Each function draws on ``ax`` if given (a new figure
otherwise) and returns the axes, so a notebook can put several side by side.

The series can be told apart without colour: their colours are Okabe and Ito's (chosen to stay
apart in the common colour blindnesses), and each line also has its own marker, each set of
bars its own hatching.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.ticker import MaxNLocator

from lessons_lib.experiments.measurements import ConvergencePoint, PlayedGame

# Okabe, M. and Ito, K. (2002), "Color Universal Design": blue, orange, bluish green, vermilion, reddish purple,
# sky blue; then grey and black.
SERIES_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#7f7f7f", "#000000")
"""The series' colours, in order."""
SERIES_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
"""Each line's marker, in the same order: the second cue, for who cannot tell the colours apart."""
SERIES_HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")
"""Each set of bars' hatching, in the same order."""


def _axes(ax: Axes | None, size: tuple[float, float] = (6.4, 4.2)) -> Axes:
    if ax is None:
        _, ax = plt.subplots(figsize=size)
    return ax


def _colour(index: int) -> str:
    """The colour of the series drawn ``index``-th (a series keeps its colour when the same names come in the same order)."""
    return SERIES_COLOURS[index % len(SERIES_COLOURS)]


def _marker(index: int) -> str:
    return SERIES_MARKERS[index % len(SERIES_MARKERS)]


def plot_growth(series: Mapping[str, Mapping[int, float]], *, title: str, ylabel: str, xlabel: str = "depth (plies)",
                log: bool = True, ax: Axes | None = None) -> Axes:
    """One line per series of ``{x: y}`` values (for example nodes by depth), on a log scale by default."""
    ax = _axes(ax)
    for index, (name, values) in enumerate(series.items()):
        xs = sorted(values)
        ax.plot(xs, [values[x] for x in xs], marker=_marker(index), label=name, color=_colour(index))
    if log:
        ax.set_yscale("log")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend()
    return ax


def plot_scores(series: Mapping[str, Sequence[tuple[int, float, float, float]]], *, title: str, xlabel: str,
                ylabel: str = "score (%)", ax: Axes | None = None) -> Axes:
    """One line per series of ``(x, score, low, high)`` (shares from 0 to 1), with each interval as an error bar
    and 50% marked: a score against one opponent by depth, say."""
    ax = _axes(ax, (8.0, 4.4))
    for index, (name, points) in enumerate(series.items()):
        xs = [point[0] + 0.06 * (index - (len(series) - 1) / 2) for point in points]  # side by side, not on top
        scores = [100 * point[1] for point in points]
        errors = [[100 * (point[1] - point[2]) for point in points], [100 * (point[3] - point[1]) for point in points]]
        ax.errorbar(xs, scores, yerr=errors, marker=_marker(index), color=_colour(index), capsize=3,
                    label=name)
    ax.axhline(50, color="grey", linestyle=":", linewidth=1, label="50%: no better than the opponent")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel, ylim=(-3, 103))
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize="small")
    return ax


def plot_game_lengths(games: Mapping[str, Sequence[PlayedGame]], *, title: str = "How long games last",
                      xlabel: str = "rule variant", ax: Axes | None = None) -> Axes:
    """A box plot of game length (plies) for each set of games, with each game as a dot."""
    ax = _axes(ax)
    names = list(games)
    lengths = [[game.length for game in games[name]] for name in names]
    ax.boxplot(lengths, showfliers=False)
    ax.set_xticks(range(1, len(names) + 1), names)
    for index, (name, values) in enumerate(zip(names, lengths), start=1):
        spread = [index + 0.12 * math.sin(7.0 * number) for number in range(len(values))]  # a fixed jitter
        ax.scatter(spread, values, s=14, alpha=0.7, color=_colour(index - 1), marker=_marker(index - 1),
                   label=name)
    ax.set(title=title, xlabel=xlabel, ylabel="game length (plies, the opening included)")
    ax.legend(title="each dot: one game", fontsize="small")
    return ax


def plot_branching(games: Mapping[str, Sequence[PlayedGame]], *, bucket: int = 10,
                   title: str = "Legal moves as the game goes on", ax: Axes | None = None) -> Axes:
    """The mean number of legal moves at each stage of the game (plies grouped by ``bucket``), per set of games.

    A stage is drawn only while at least a quarter of the games (and at least two) are still going, so that
    the line is a mean over games, not the path of one long game.
    """
    ax = _axes(ax)
    for index, (name, played) in enumerate(games.items()):
        grouped: dict[int, list[int]] = {}
        going: dict[int, set[int]] = {}
        for number, game in enumerate(played):
            for ply, count in enumerate(game.branching):
                grouped.setdefault(ply // bucket * bucket, []).append(count)
                going.setdefault(ply // bucket * bucket, set()).add(number)
        xs = sorted(x for x in grouped if len(going[x]) >= max(2, len(played) // 4))
        ax.plot(xs, [statistics.fmean(grouped[x]) for x in xs], marker=_marker(index), markersize=4, label=name,
                color=_colour(index))
    ax.set(title=title, xlabel=f"ply (grouped by {bucket})", ylabel="legal moves (mean)")
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    ax.legend()
    return ax


def plot_bars(values: Mapping[str, float], *, title: str, ylabel: str, xlabel: str, log: bool = False,
              errors: Mapping[str, tuple[float, float]] | None = None, ax: Axes | None = None,
              labels: bool = True, fmt: str = "{:,.0f}") -> Axes:
    """A bar per name, its value written on top; ``errors`` gives (low, high) interval ends to draw."""
    ax = _axes(ax)
    names = list(values)
    heights = [values[name] for name in names]
    colours = [_colour(index) for index, name in enumerate(names)]
    yerr: Any = None
    if errors is not None:
        yerr = [[values[n] - errors[n][0] for n in names], [errors[n][1] - values[n] for n in names]]
    bars = ax.bar(names, heights, color=colours, yerr=yerr, capsize=4 if yerr is not None else 0,
                  label=names)
    if labels:
        ax.bar_label(bars, [fmt.format(height) for height in heights], padding=2, fontsize="small")
    if log:
        ax.set_yscale("log")
        ax.set_ylim(bottom=1)
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
    return ax


class EvaluationParts(Protocol):
    """An evaluation taken apart: what each part adds (by name), and the total."""

    @property
    def total(self) -> float: ...

    def parts(self) -> Mapping[str, float]: ...


PART_STYLES = ("-", "--", ":", "-.")
"""Each part's line style, in order: the second cue beside its colour."""


def plot_evaluation_terms(terms: Sequence[EvaluationParts], *, player: str = "player 0",
                          title: str = "The material-and-mobility evaluation during a game", ax: Axes | None = None) -> Axes:
    """The parts of an evaluation (any game's, as ``parts()`` names them), and their total, at every ply of a game,
    for ``player`` (its name in the axis label)."""
    ax = _axes(ax, (9.0, 4.2))
    plies = range(len(terms))
    names = list(terms[0].parts()) if terms else []
    for index, name in enumerate(names):
        ax.plot(plies, [t.parts()[name] for t in terms], label=name, color=SERIES_COLOURS[index],
                linestyle=PART_STYLES[index % len(PART_STYLES)])
    ax.plot(plies, [t.total for t in terms], label="total", color="black", linewidth=2, alpha=0.7)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set(title=title, xlabel="ply", ylabel=f"points for {player}")
    ax.grid(True, alpha=0.3)
    ax.legend()
    return ax


def plot_deepening(runs: Mapping[str, Sequence[Any]], *, budget: float | None = None,
                   title: str = "Iterative deepening against the clock", ax: Axes | None = None) -> Axes:
    """Depth completed against time, one line per search (each a list of per-depth search results)."""
    ax = _axes(ax)
    for index, (name, results) in enumerate(runs.items()):
        times = [0.0] + [result.seconds for result in results]
        depths = [0] + [result.depth for result in results]
        ax.step(times, depths, where="post", marker=_marker(index), label=name, color=_colour(index))
    if budget is not None:
        ax.axvline(budget, color="black", linestyle="--", label=f"time budget ({budget:g} s)")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(title=title, xlabel="time since the search began (seconds)", ylabel="depth completed (plies)")
    ax.grid(True, alpha=0.3)
    ax.legend()
    return ax


def plot_grouped_bars(groups: Mapping[str, Mapping[str, float]], *, title: str, xlabel: str, ylabel: str,
                      ax: Axes | None = None) -> Axes:
    """Bars side by side: for each key of the inner mappings (the x positions), one bar per group (the legend)."""
    ax = _axes(ax, (8.0, 4.2))
    names = list(dict.fromkeys(key for values in groups.values() for key in values))
    width = 0.8 / max(1, len(groups))
    for index, (group, values) in enumerate(groups.items()):
        xs = [number + (index - (len(groups) - 1) / 2) * width for number in range(len(names))]
        ax.bar(xs, [values.get(name, 0) for name in names], width, label=group,
               color=SERIES_COLOURS[index % len(SERIES_COLOURS)], hatch=SERIES_HATCHES[index % len(SERIES_HATCHES)],
               edgecolor="#333333", linewidth=0.6)
    ax.set_xticks(range(len(names)), names)
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
    ax.legend()
    return ax


def plot_stacked_shares(rows: Mapping[str, Mapping[str, float]], *, title: str, xlabel: str,
                        ylabel: str = "share of the games (%)", colours: Mapping[str, str] | None = None,
                        ax: Axes | None = None) -> Axes:
    """One stacked bar per row, its parts (counts) shown as percentages of the row's total, each part hatched
    differently (the first plain) so that the parts differ without colour too."""
    ax = _axes(ax, (8.0, 4.2))
    names = list(rows)
    parts = list(dict.fromkeys(part for counts in rows.values() for part in counts))
    bottoms = [0.0] * len(names)
    for index, part in enumerate(parts):
        shares = [100 * rows[name].get(part, 0) / (sum(rows[name].values()) or 1) for name in names]
        colour = (colours or {}).get(part, SERIES_COLOURS[index % len(SERIES_COLOURS)])
        ax.bar(names, shares, bottom=bottoms, label=part, color=colour,
               hatch=SERIES_HATCHES[index % len(SERIES_HATCHES)], edgecolor="#333333", linewidth=0.6)
        bottoms = [bottom + share for bottom, share in zip(bottoms, shares)]
    ax.set_ylim(0, 100)
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return ax


def plot_elo(rows: Sequence[Mapping[str, Any]], *, title: str, xlabel: str, log_x: bool = False,
             baseline: str | None = None, label: str = "Elo with its 95% interval", ax: Axes | None = None) -> Axes:
    """Elo by level with 95% intervals (the series named ``label``), from rows with ``level``, ``elo``,
    ``elo_low`` and ``elo_high``."""
    ax = _axes(ax)
    levels = [float(row["level"]) for row in rows]
    elo = [float(row["elo"]) for row in rows]
    below = [e - float(row["elo_low"]) for e, row in zip(elo, rows)]
    above = [float(row["elo_high"]) - e for e, row in zip(elo, rows)]
    ax.errorbar(levels, elo, yerr=[below, above], marker="o", capsize=4, color=SERIES_COLOURS[0],
                label=label)
    for row in rows:
        if row["elo_low"] == row["elo_high"] == row["elo"]:
            ax.scatter([float(row["level"])], [float(row["elo"])], s=120, facecolors="none", edgecolors="black",
                       zorder=3, label=f"baseline ({baseline or row['player']}): 0 by definition")
    if log_x:
        ax.set_xscale("log")
        ax.set_xticks(levels, [f"{level:,.0f}" for level in levels], rotation=45)  # 2,000 and 3,000 stand close
        ax.minorticks_off()
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set(title=title, xlabel=xlabel, ylabel="Elo (relative to the baseline)")
    ax.grid(True, alpha=0.3)
    ax.legend()
    return ax


def plot_strength_against_time(series: Mapping[str, Sequence[Mapping[str, Any]]], *, title: str,
                               label: str = "{level:,.0f}", ax: Axes | None = None) -> Axes:
    """Elo (with 95% intervals) against seconds a move, one line a series of level rows (``level``, ``elo``,
    ``elo_low``, ``elo_high``, ``seconds_per_move``), each point labelled with its level; seconds on a log scale."""
    ax = _axes(ax, (8.0, 4.8))
    for index, (name, rows) in enumerate(series.items()):
        seconds = [float(row["seconds_per_move"]) for row in rows]
        elo = [float(row["elo"]) for row in rows]
        below = [e - float(row["elo_low"]) for e, row in zip(elo, rows)]
        above = [float(row["elo_high"]) - e for e, row in zip(elo, rows)]
        colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
        ax.errorbar(seconds, elo, yerr=[below, above], marker=SERIES_MARKERS[index % len(SERIES_MARKERS)], capsize=3,
                    color=colour, label=name)
        for x, y, row in zip(seconds, elo, rows):
            ax.annotate(label.format(level=float(row["level"])), (x, y), textcoords="offset points", xytext=(5, -12),
                        fontsize="small", color=colour)
    ax.set_xscale("log")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set(title=title, xlabel="thinking time (seconds per move, log scale)",
           ylabel="Elo (95% interval), relative to the baseline")
    ax.grid(True, alpha=0.3)
    ax.legend()
    return ax


def plot_score_grid(cells: Sequence[Mapping[str, Any]], *, row: str, column: str, value: str, title: str,
                    ylabel: str, xlabel: str, colour_label: str, ax: Axes | None = None) -> Axes:
    """A heat map of ``value`` (a share from 0 to 1) for every (``row``, ``column``) pair, each cell labelled.

    Red below an even score, blue above (red-blue, unlike red-green, survives colour blindness); each
    cell also says its share in words, white on the darkest cells.
    """
    ax = _axes(ax, (6.4, 4.6))
    rows = sorted({float(cell[row]) for cell in cells})
    columns = sorted({float(cell[column]) for cell in cells})
    grid = [[math.nan] * len(columns) for _ in rows]
    for cell in cells:
        grid[rows.index(float(cell[row]))][columns.index(float(cell[column]))] = 100 * float(cell[value])
    image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=100, origin="lower", aspect="auto")
    for i, line in enumerate(grid):
        for j, share in enumerate(line):
            if not math.isnan(share):
                ax.text(j, i, f"{share:.0f}%", ha="center", va="center", fontsize="small",
                        color="white" if abs(share - 50) > 35 else "black")
    ax.set_xticks(range(len(columns)), [f"{c:g}" for c in columns])
    ax.set_yticks(range(len(rows)), [f"{r:g}" for r in rows])
    ax.figure.colorbar(image, ax=ax, label=colour_label)
    ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
    return ax


def plot_mcts_convergence(points: Sequence[ConvergencePoint], *, solved_value: float, best: str,
                          axes: Sequence[Axes] | None = None) -> Sequence[Axes]:
    """Two panels against MCTS iterations: the share of root visits on the best move, and the root value next to
    the value a full-width search proves; each with the mean over seeds and its 95% interval."""
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(12, 4.2))
    budgets = sorted({point.iterations for point in points})
    panels = ((axes[0], "best_share", f"share of root visits on {best}", "MCTS's choice settles"),
              (axes[1], "root_value", "root value (mean rollout result, 0 to 1)", "MCTS's value settles"))
    for ax, field_name, ylabel, title in panels:
        means, halves = [], []
        for budget in budgets:
            values = [getattr(point, field_name) for point in points if point.iterations == budget]
            means.append(statistics.fmean(values))
            halves.append(1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0)
        ax.errorbar(budgets, means, yerr=halves, marker="o", capsize=4, color=SERIES_COLOURS[0],
                    label=f"mean of {len(points) // len(budgets)} seeds, with its 95% interval")
        ax.set_xscale("log")
        ax.set(title=title, xlabel="MCTS iterations (log scale)", ylabel=ylabel, ylim=(0, 1.05))
        ax.grid(True, alpha=0.3)
    axes[1].axhline(solved_value, color=SERIES_COLOURS[3], linestyle="--",
                    label=f"value proved by a full-width search: {solved_value:g}")
    for ax in axes:
        ax.legend(loc="lower right")
    return axes


def plot_learning_curve(points: Sequence[Any], *, coin: float, title: str, ax: Axes | None = None) -> Axes:
    """The log loss on the fitted games and on the held-out games, by the number of games fitted (log scale).

    ``points`` have ``games``, ``training_loss`` and ``held_out_loss`` (see :func:`lessons_lib.learning.curves.learning_curve`);
    ``coin`` is the loss of always saying ½, drawn as a line.
    """
    ax = _axes(ax)
    games = [point.games for point in points]
    ax.plot(games, [point.training_loss for point in points], marker="o", color=SERIES_COLOURS[0],
            label="on the games fitted")
    ax.plot(games, [point.held_out_loss for point in points], marker="s", color=SERIES_COLOURS[1],
            label="on the held-out games")
    ax.axhline(coin, color="grey", linewidth=0.8, linestyle="--", label=f"a coin (always ½): {coin:.3f}")
    ax.set_xscale("log")
    ax.set_xticks(games, [f"{count:,}" for count in games])
    ax.minorticks_off()
    ax.set(title=title, xlabel="games fitted (log scale)", ylabel="mean log loss (lower is better)")
    ax.grid(True, alpha=0.3)
    ax.legend()
    return ax



def plot_against_truth(rows: Sequence[Mapping[str, Any]], *, title: str) -> Any:
    """Two panels, alpha-beta by depth and MCTS by iterations (log scale): for each, the share of moves that keep
    the true value and the share of won endgames not won, with 95% intervals; the other rows as black (kept) and
    grey (not won) lines across.

    ``rows`` have ``agent`` (``alphabeta:D``, ``mcts:N`` or another name) and, for each measure, its share and
    interval: ``kept_share``, ``kept_low``, ``kept_high``, ``not_won_share``, ``not_won_low``, ``not_won_high``.
    """
    figure, axes = plt.subplots(1, 2, figsize=(11.0, 4.4), sharey=True)
    families = (("alphabeta:", axes[0], "alpha-beta depth (plies)", "Alpha-beta, by depth"),
                ("mcts:", axes[1], "MCTS iterations (log scale)", "MCTS with rollouts, by iterations"))
    measures = (("kept", "moves that keep the true value"), ("not_won", "won endgames not won"))
    others = [row for row in rows if not str(row["agent"]).startswith(("alphabeta:", "mcts:"))]
    for prefix, ax, xlabel, panel in families:
        family = [row for row in rows if str(row["agent"]).startswith(prefix)]
        xs = [float(str(row["agent"]).split(":")[1]) for row in family]
        for index, (measure, label) in enumerate(measures):
            shares = [100 * float(row[f"{measure}_share"]) for row in family]
            errors = [[share - 100 * float(row[f"{measure}_low"]) for share, row in zip(shares, family)],
                      [100 * float(row[f"{measure}_high"]) - share for share, row in zip(shares, family)]]
            ax.errorbar(xs, shares, yerr=errors, marker=_marker(index), color=_colour(index), capsize=3, label=label)
        for index, row in enumerate(others):
            for measure_index, (measure, label) in enumerate(measures):
                ax.axhline(100 * float(row[f"{measure}_share"]), color=("black", "grey")[measure_index],
                           linestyle=("--", ":", "-.")[index % 3], linewidth=1.2,
                           label=f"{row['agent']}: {label}")
        if prefix == "mcts:":
            ax.set_xscale("log")
        else:
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set(title=panel, xlabel=xlabel, ylim=(-3, 103))
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("share (%)")
    axes[1].legend(fontsize="small", loc="center left", bbox_to_anchor=(1.02, 0.5))
    figure.suptitle(title)
    return axes
