"""Drawing with networkx and matplotlib: plain functions from a position (or a graph) to a figure."""

from lessons_lib.games.shologuti.graph import board_graph, draw_board, jump_graph

__all__ = ["board_graph", "draw_board", "jump_graph"]
