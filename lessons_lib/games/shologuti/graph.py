"""The board as a networkx graph, and a matplotlib drawing of it.

>>> G = board_graph()
>>> G.number_of_nodes(), G.number_of_edges()
(37, 76)
>>> G.nodes[9]["row"], G.nodes[9]["col"], G.nodes[1]["start"]
(0, 2, 'red')
>>> G.edges[1, 2]["direction"], G.edges[1, 2]["kind"]
('horizontal', 'triangle')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.axes import Axes

from lessons_lib.games.shologuti.board import BOARD_DATA, JUMPS, POINTS
from lessons_lib.games.shologuti.drawing import COLOURS
from lessons_lib.games.shologuti.position import GREEN, RED, Position

GREEN_COLOUR = COLOURS["green"]
RED_COLOUR = COLOURS["red"]
"""The pieces' colours, the SVG board's; Red's pieces also have a white ring inside, as there."""
EMPTY_COLOUR = "#ffffff"
LINE_COLOUR = COLOURS["line"]


def board_graph() -> nx.Graph:
    """The 37 points and 76 lines as an undirected graph, built from ``board.json``.

    Node attributes: ``row``, ``col`` (row -2 at the top), ``pos`` (x, y for drawing,
    y pointing up) and ``start`` (``"green"``, ``"red"`` or None).
    Edge attributes: ``direction`` (``horizontal``, ``vertical``, ``diagonal-up``,
    ``diagonal-down``) and ``kind`` (``grid`` or ``triangle``).
    """
    graph = nx.Graph(name="Shologuti board")
    for entry in BOARD_DATA["points"]:
        row, col = entry["row"], entry["col"]
        graph.add_node(entry["point"], row=row, col=col, pos=(col, -row), start=entry["start"])
    for line in BOARD_DATA["lines"]:
        a, b = line["points"]
        graph.add_edge(a, b, direction=line["direction"], kind=line["kind"])
    return graph


def jump_graph() -> nx.DiGraph:
    """The 112 jumps as a directed graph: an edge ``a -> c`` with attribute ``over`` = b."""
    graph = nx.DiGraph(name="Shologuti jumps")
    graph.add_nodes_from(board_graph().nodes(data=True))
    for origin in POINTS:
        for over, target in JUMPS[origin]:
            graph.add_edge(origin, target, over=over)
    return graph


def draw_board(
    position: Position | None = None,
    ax: Axes | None = None,
    *,
    node_values: Mapping[int, float] | None = None,
    cmap: str = "viridis",
    value_label: str = "",
    highlight_edges: list[tuple[int, int]] | None = None,
    title: str | None = None,
    numbers: bool = True,
) -> Axes:
    """Draw the board, with the pieces of ``position`` or points coloured by ``node_values``.

    Args:
        position: pieces to show (green discs, and red discs with a white ring); None for an empty board.
        ax: the matplotlib axes to draw on (a new figure if None).
        node_values: a number per point, shown as colour with a colour bar (instead of pieces).
        cmap: the colour map for ``node_values``.
        value_label: the colour bar's label.
        highlight_edges: point pairs drawn as thick arrows (for example some jumps).
        title: the axes title.
        numbers: write each point's number on it.
    """
    graph = board_graph()
    pos: dict[int, tuple[float, float]] = nx.get_node_attributes(graph, "pos")
    if ax is None:
        _, ax = plt.subplots(figsize=(4.6, 6.2))
    nx.draw_networkx_edges(graph, pos, ax=ax, edge_color=LINE_COLOUR, width=1.6)
    nodes = list(graph.nodes)
    draw_args: dict[str, Any] = {"ax": ax, "nodelist": nodes, "node_size": 330, "edgecolors": "#333333"}
    label_colours = {p: "black" for p in nodes}
    if node_values is not None:
        values = [float(node_values.get(p, 0.0)) for p in nodes]
        drawn = nx.draw_networkx_nodes(graph, pos, node_color=values, cmap=cmap, **draw_args)
        colourbar = ax.figure.colorbar(drawn, ax=ax, shrink=0.6)
        colourbar.set_label(value_label)
        low, high = min(values), max(values)
        for p, value in zip(nodes, values):
            label_colours[p] = "white" if high > low and (value - low) / (high - low) < 0.5 else "black"
    else:
        colours = []
        for p in nodes:
            owner = position.owner(p) if position is not None else None
            colours.append(GREEN_COLOUR if owner == GREEN else RED_COLOUR if owner == RED else EMPTY_COLOUR)
            if owner is not None:
                label_colours[p] = "white"
        nx.draw_networkx_nodes(graph, pos, node_color=colours, **draw_args)
        reds = [pos[p] for p in nodes if position is not None and position.owner(p) == RED]
        if reds:  # the second cue, for who cannot tell the colours apart
            ax.scatter([x for x, _ in reds], [y for _, y in reds], s=200, facecolors="none", edgecolors="white",
                       linewidths=1.0, zorder=2.5)
    if highlight_edges:
        arrows = nx.DiGraph(highlight_edges)
        nx.draw_networkx_edges(
            arrows, pos, ax=ax, edge_color="#1f4e9c", width=2.4, arrows=True, arrowsize=16, node_size=330
        )
    if numbers:
        for p in nodes:
            x, y = pos[p]
            ax.text(x, y, str(p), ha="center", va="center", fontsize=7, color=label_colours[p])
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax
