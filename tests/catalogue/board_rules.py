"""Answers to lessons 01 and 02's checks: jumps and cut points on the board graph, perft and capture chains."""

from __future__ import annotations

from typing import Any

import numpy as np

from lessons_lib.exercises.board_graph import check_cut_points, check_jumps_from
from lessons_lib.games.shologuti.board import JUMPS
from lessons_lib.games.shologuti.graph import jump_graph
from lessons_lib.kit.perft import perft
from lessons_lib.exercises.rules_and_game_tree import (
    CHAIN_POSITIONS, FINISHED, _counting_on_after_the_turn, check_count_leaves, check_most_captures, most_captures,
)
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import FORCED, TRADITIONAL
from catalogue import Answer, edge, partly, remembered, right, wrong
from catalogue.peeking import peeking


def _step(G: Any, a: int, b: int) -> tuple[int, int]:
    return G.nodes[b]["row"] - G.nodes[a]["row"], G.nodes[b]["col"] - G.nodes[a]["col"]


def jumps_from(G: Any, point: int) -> list[tuple[int, int]]:
    return [(over, target) for over in G[point] for target in G[over]
            if target != point and _step(G, point, over) == _step(G, over, target)]


def jumps_found_twice(G: Any, point: int) -> list[tuple[int, int]]:
    """Finds each jump going out (over a neighbour) and again coming back (from the target's side): twice."""
    out = jumps_from(G, point)
    back = [(over, target) for target in G.nodes for over in G[target]
            if point in G[over] and target != point and _step(G, point, over) == _step(G, over, target)]
    return out + back


def any_two_steps(G: Any, point: int) -> list[tuple[int, int]]:
    return [(over, target) for over in G[point] for target in G[over] if target != point]


def back_and_forth(G: Any, point: int) -> list[tuple[int, int]]:
    return [(over, target) for over in G[point] for target in G[over]
            if target == point or _step(G, point, over) == _step(G, over, target)]


def only_straight_rows(G: Any, point: int) -> list[tuple[int, int]]:
    """Forgets the diagonals: only jumps along a row or a column."""
    return [(over, target) for over, target in jumps_from(G, point) if 0 in _step(G, point, over)]


def count_leaves(position: Any, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(count_leaves(position.play(move), depth - 1) for move in position.legal_moves())


def bulk_counted_right(position: Any, depth: int) -> int:
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(bulk_counted_right(position.play(move), depth - 1) for move in moves)


def bulk_counted_or_one(position: Any, depth: int) -> int:
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves) or 1
    return sum(bulk_counted_or_one(position.play(move), depth - 1) for move in moves)


def moves_counted_at_depth_0(position: Any, depth: int) -> int:
    """Counts the moves one ply up (bulk counting) with no case for depth 0: at depth 0 it counts the moves too."""
    moves = position.legal_moves()
    if depth <= 1:
        return len(moves)
    return sum(moves_counted_at_depth_0(position.play(move), depth - 1) for move in moves)


def every_node(position: Any, depth: int) -> int:
    if depth == 0:
        return 1
    return 1 + sum(every_node(position.play(move), depth - 1) for move in position.legal_moves())


def finished_is_a_leaf(position: Any, depth: int) -> int:
    if depth == 0 or position.is_game_over():
        return 1
    return sum(finished_is_a_leaf(position.play(move), depth - 1) for move in position.legal_moves())


def no_base_case(position: Any, depth: int) -> int:
    return sum(no_base_case(position.play(move), depth - 1) for move in position.legal_moves())


def first_chain_only(position: Any) -> int:
    """Follows the first capture at each step instead of the longest."""
    captures = [move for move in position.legal_moves() if move.is_capture]
    if not captures:
        return 0
    after = position.play(captures[0])
    return 1 + (first_chain_only(after) if after.to_move == position.to_move else 0)


J = jump_graph()
"""The graph of jumps lesson 01 builds two cells before its exercise."""


def jumps_read_off_j(G: Any, point: int) -> list[tuple[int, int]]:
    """Reads the jumps off J, a global of the notebook, instead of finding them from G."""
    return [(J.edges[point, target]["over"], target) for target in J.successors(point)]


COPIED_JUMPS = {point: list(JUMPS[point]) for point in range(1, len(JUMPS)) if JUMPS[point]}
"""The engine's jump table, copied out (not the library's object): right on the board, keyed by its points."""
FIXED_COUNTS = {(str(position), depth): perft(position, depth) for position, depth in [
    (Position.start(FORCED), depth) for depth in range(5)] + [(Position.start(TRADITIONAL), 2), (FINISHED, 0),
    (FINISHED, 1), (FINISHED, 2), (Position.from_points(green=[23, 31], red=[18], rules=FORCED), 2),
    (Position.from_string(CHAIN_POSITIONS["a chain that changes direction"], FORCED), 3)]}
FIXED_CHAINS = {str(Position.from_string(text, rules)): most_captures(Position.from_string(text, rules))
                for text in CHAIN_POSITIONS.values() for rules in (FORCED, TRADITIONAL)}

ANSWERS: list[Answer] = [
    right(check_jumps_from, "straight on, from G alone", jumps_from),
    wrong(check_jumps_from, "read off the graph of jumps J", "write it yourself: this calls the graph of jumps",
          jumps_read_off_j),
    wrong(check_jumps_from, "the engine's table", "write it yourself: this calls JUMPS",
          lambda G, point: list(JUMPS[point])),
    wrong(check_jumps_from, "any two steps", "turns a corner", any_two_steps),
    wrong(check_jumps_from, "landing back where it started", "land back on", back_and_forth),
    wrong(check_jumps_from, "no diagonals", "which your function misses", only_straight_rows),
    wrong(check_jumps_from, "nothing", "which your function misses", lambda G, point: []),
    wrong(check_jumps_from, "targets without the point jumped over", "(over, target) pairs",
          lambda G, point: [target for _, target in jumps_from(G, point)]),
    wrong(check_jumps_from, "a crash", "raised KeyError", lambda G, point: G.nodes[point]["x"]),
    wrong(check_jumps_from, "the engine's table copied out", "cases drawn with seed",
          remembered(COPIED_JUMPS, lambda G, point: point, [])),
    wrong(check_jumps_from, "not a function", "not a function", [(1, 2)]),
    edge(check_jumps_from, "a jump listed twice", "every jump listed twice", "more than once",
         lambda G, point: jumps_from(G, point) * 2),
    edge(check_jumps_from, "a jump listed twice", "found going out and again coming back", "more than once",
         jumps_found_twice),
    wrong(check_jumps_from, "the expected jumps read off the call stack", "which your function misses",
          peeking(lambda G, point: [])),
    right(check_cut_points, "9 and 29", [9, 29]),
    right(check_cut_points, "a set, the other way round", {29, 9}),
    right(check_cut_points, "numbers as text", ["9", "29"]),
    wrong(check_cut_points, "one of two", "you found 1 of 2", [9]),
    wrong(check_cut_points, "one too many", "removing 19 leaves the board in one piece", [9, 19, 29]),
    wrong(check_cut_points, "every point", "leaves the board in one piece", list(range(1, 38))),
    wrong(check_cut_points, "nothing", "you found 0 of 2", []),
    wrong(check_cut_points, "a point off the board", "there is no point 40", [9, 29, 40]),
    wrong(check_cut_points, "a sentence", "give a list of point numbers", "9 and 29"),
    wrong(check_cut_points, "a single number", "give a list of point numbers", 9),
    wrong(check_cut_points, "a million numbers", "more than 1000 points", range(1_000_000)),
    right(check_cut_points, "numpy's integers", [np.int64(9), np.int32(29)]),
    right(check_count_leaves, "perft", count_leaves),
    right(check_count_leaves, "numpy's integers", lambda position, depth: np.int64(count_leaves(position, depth))),
    right(check_count_leaves, "counted in bulk one ply up, finished games right", bulk_counted_right),
    wrong(check_count_leaves, "counted in bulk with len(moves) or 1", "a finished game has no moves",
          bulk_counted_or_one),
    wrong(check_count_leaves, "the library's perft", "write it yourself: this calls perft",
          lambda position, depth: perft(position, depth)),
    wrong(check_count_leaves, "0 at depth 0", "return 1", lambda position, depth: 0),
    partly(check_count_leaves, "0 at depth 4 (right on 14 trees of 15)", "lines of 4 plies", 14 / 15,
           lambda position, depth: 0 if depth == 4 else count_leaves(position, depth)),
    wrong(check_count_leaves, "every position of the tree", "every position of the tree", every_node),
    wrong(check_count_leaves, "a finished game as a leaf", "a finished game has no moves", finished_is_a_leaf),
    wrong(check_count_leaves, "the moves of the root", "lines of 3 plies",
          lambda position, depth: 1 if depth == 0 else len(position.legal_moves())),
    wrong(check_count_leaves, "no base case", "RecursionError", no_base_case),
    wrong(check_count_leaves, "a crash", "raised ZeroDivisionError", lambda position, depth: 1 // 0),
    wrong(check_count_leaves, "a table of the fixed trees' counts", "cases drawn with seed",
          remembered(FIXED_COUNTS, lambda position, depth: (str(position), depth))),
    right(check_most_captures, "the longest chain (the check's own reference)", most_captures),
    wrong(check_most_captures, "counting on after the turn", "the turn passed", _counting_on_after_the_turn),
    wrong(check_most_captures, "the captures to choose from", "number of captures to choose from",
          lambda position: sum(move.is_capture for move in position.legal_moves())),
    wrong(check_most_captures, "one capture at most", "a longer chain exists",
          lambda position: int(any(move.is_capture for move in position.legal_moves()))),
    wrong(check_most_captures, "the first chain, not the longest", "a longer chain exists", first_chain_only),
    wrong(check_most_captures, "always 0", "there is a capture here", lambda position: 0),
    wrong(check_most_captures, "a table of the fixed positions' chains", "cases drawn with seed",
          remembered(FIXED_CHAINS, str)),
    wrong(check_most_captures, "not a function", "not a function", 3),
    wrong(check_most_captures, "the expected count read off the call stack", "but the longest chain takes",
          peeking(lambda position: 0)),
    edge(check_count_leaves, "depth 0", "the moves counted at depth 0 too", "At depth 0 the position itself is the one leaf",
         moves_counted_at_depth_0),
    edge(check_count_leaves, "depth 0", "a finished game at depth 0 counted as no line", "At depth 0 the position itself",
         lambda position, depth: 0 if depth == 0 and position.is_game_over() else count_leaves(position, depth)),
    wrong(check_count_leaves, "the expected count read off the call stack", "lines of",
          peeking(lambda position, depth: 0 if depth else 1)),
]
