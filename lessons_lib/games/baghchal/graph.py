"""The Bagh-Chal board as a networkx graph, built from the engine's tables (not imported by the engine).

>>> G = board_graph()
>>> G.number_of_nodes(), G.number_of_edges()
(25, 56)
>>> G.nodes[12]["name"], G.nodes[12]["row"], G.nodes[12]["col"], G.degree[12]
('c3', 2, 2, 8)
>>> G.edges[0, 6]["direction"]
'diagonal-down'
"""

from __future__ import annotations

import networkx as nx

from lessons_lib.games.baghchal.board import LINES, POINT_NAMES, POINTS, SIZE, row_col


def line_direction(a: int, b: int) -> str:
    """``horizontal``, ``vertical``, ``diagonal-down`` (towards the bottom right) or ``diagonal-up``."""
    (row_a, col_a), (row_b, col_b) = row_col(a), row_col(b)
    if row_a == row_b:
        return "horizontal"
    if col_a == col_b:
        return "vertical"
    return "diagonal-down" if (row_b - row_a) * (col_b - col_a) > 0 else "diagonal-up"


def board_graph() -> nx.Graph:
    """The 25 points and 56 lines as an undirected graph; nodes are the point numbers 0..24.

    Node attributes: ``row``, ``col`` (row 0 at the top, rank 5), ``pos`` (x, y for
    drawing, y pointing up so rank 1 is at the bottom) and ``name`` (``c3``).
    Edge attribute: ``direction`` (see :func:`line_direction`).
    """
    graph = nx.Graph(name="Bagh-Chal board")
    for point in POINTS:
        row, col = row_col(point)
        graph.add_node(point, row=row, col=col, pos=(col, SIZE - 1 - row), name=POINT_NAMES[point])
    for a, b in LINES:
        graph.add_edge(a, b, direction=line_direction(a, b))
    return graph
