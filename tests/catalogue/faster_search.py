"""Answers to lesson 05's checks: a Zobrist key from scratch, and a move ordering."""

from __future__ import annotations

import math
import random
from typing import Any

from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.exercises.faster_search import (
    BOUND_SLIPS, ORDERING_DEPTH, _bound_cases, _key_positions, _slipped_bound, _without, check_move_ordering, check_stored_bound,
    check_zobrist_key, ordering_check_positions,
)
from lessons_lib.games.shologuti.zobrist import PENDING_KEYS, PIECE_KEYS, RED_TO_MOVE_KEY, compute_key
from catalogue import Answer, remembered, right, wrong
from catalogue.peeking import peeking


def zobrist_key(position: Any) -> int:
    key = 0
    for side in (0, 1):
        for point in position.pieces(side):
            key ^= PIECE_KEYS[side][point]
    if position.to_move == 1:
        key ^= RED_TO_MOVE_KEY
    return key ^ PENDING_KEYS[position.pending]


def key_of(position: Any) -> int:
    return position.key


def sides_swapped(position: Any) -> int:
    key = 0
    for side in (0, 1):
        for point in position.pieces(side):
            key ^= PIECE_KEYS[1 - side][point]
    return key ^ (RED_TO_MOVE_KEY if position.to_move == 1 else 0) ^ PENDING_KEYS[position.pending]


def with_or(position: Any) -> int:
    key = 0
    for side in (0, 1):
        for point in position.pieces(side):
            key |= PIECE_KEYS[side][point]
    return key | (RED_TO_MOVE_KEY if position.to_move == 1 else 0) | PENDING_KEYS[position.pending]


def value_for_mover(state: Any, move: Any) -> float:
    return material_mobility_evaluation(state.play(move), state.to_move)


def best_first(state: Any, moves: list[Any]) -> list[Any]:
    return sorted(moves, key=lambda move: value_for_mover(state, move), reverse=True)


def fewest_replies_first(state: Any, moves: list[Any]) -> list[Any]:
    """Another sound ordering: the moves that leave the opponent the fewest answers first."""
    def replies(move: Any) -> int:
        after = state.play(move)
        return len(after.legal_moves()) if after.to_move != state.to_move else 0
    return sorted(moves, key=replies)


def endless_order(state: Any, moves: list[Any]) -> list[Any]:
    return endless_order(state, moves)


def shuffled(state: Any, moves: list[Any]) -> list[Any]:
    moves = list(moves)
    random.Random(str(state)).shuffle(moves)
    return moves


STORED_BOUNDS = {(value, alpha, beta): bound for value, alpha, beta, bound in _bound_cases()}
"""Every store of the searches the check (and lesson 05) uses, copied out: a table instead of a rule."""


def _orders_of_the_check() -> dict[str, list[Any]]:
    """Best first at every node the check's searches visit, copied out as a table."""
    table: dict[str, list[Any]] = {}

    def recording(state: Any, moves: list[Any]) -> list[Any]:
        table[str(state)] = best_first(state, moves)
        return table[str(state)]
    for positions in ordering_check_positions().values():
        for position in positions:
            recording(position, position.legal_moves())
            AlphaBetaAgent(ORDERING_DEPTH, ordering=recording).search(position)
    return table


TABLED_ORDERS = _orders_of_the_check()

FIXED_KEYS = {str(position): position.key for position in _key_positions()}

ANSWERS: list[Answer] = [
    right(check_zobrist_key, "XOR of every part", zobrist_key),
    wrong(check_zobrist_key, "the engine's own key", "write it yourself: this reads position.key",
          lambda position: position.key),
    wrong(check_zobrist_key, "the engine's own key, through a helper", "write it yourself: this reads position.key",
          lambda position: key_of(position)),
    wrong(check_zobrist_key, "the engine's compute_key", "write it yourself: this calls compute_key",
          lambda position: compute_key(position.green, position.red, position.to_move, position.pending)),
    wrong(check_zobrist_key, "added, not XORed", "XOR (^)", lambda position: _without(position, "plus")),
    wrong(check_zobrist_key, "no side to move", "RED_TO_MOVE_KEY", lambda position: _without(position, "side")),
    wrong(check_zobrist_key, "no pending chain", "PENDING_KEYS[position.pending]",
          lambda position: _without(position, "pending")),
    wrong(check_zobrist_key, "the sides' tables swapped", "PIECE_KEYS[side][point] for every piece", sides_swapped),
    wrong(check_zobrist_key, "OR, not XOR", "PIECE_KEYS[side][point] for every piece", with_or),
    wrong(check_zobrist_key, "Python's hash of the text", "the engine's key", lambda position: hash(str(position))),
    wrong(check_zobrist_key, "always 0", "the engine's key", lambda position: 0),
    wrong(check_zobrist_key, "a table of the fixed positions' keys", "cases drawn with seed",
          remembered(FIXED_KEYS, str)),
    wrong(check_zobrist_key, "a crash", "raised AttributeError", lambda position: position.zobrist),
    right(check_stored_bound, "at most alpha, at least beta, or between",
          lambda value, alpha, beta: "upper" if value <= alpha else "lower" if value >= beta else "exact"),
    right(check_stored_bound, "beta first", lambda value, alpha, beta: "lower" if value >= beta else "upper"
          if value <= alpha else "exact"),
    *[wrong(check_stored_bound, slip, hint, lambda value, alpha, beta, slip=slip: _slipped_bound(slip, value, alpha,
                                                                                              beta))
      for slip, hint in BOUND_SLIPS.items()],
    wrong(check_stored_bound, "the library's numbers", "return 'exact', 'lower' or 'upper'",
          lambda value, alpha, beta: 0),
    wrong(check_stored_bound, "capitals", "return 'exact', 'lower' or 'upper'",
          lambda value, alpha, beta: "EXACT"),
    wrong(check_stored_bound, "only a cutoff is a bound", "compare the value with the window",
          lambda value, alpha, beta: "lower" if value >= beta else "exact"),
    wrong(check_stored_bound, "an infinite window means exact", "not the window with infinity",
          lambda value, alpha, beta: "exact" if (alpha, beta) == (-math.inf, math.inf) else "lower" if value >= beta
          else "upper"),
    wrong(check_stored_bound, "a table of the lesson's stores", "but a search would store it",
          lambda value, alpha, beta: STORED_BOUNDS.get((value, alpha, beta), "exact")),
    wrong(check_stored_bound, "a crash", "raised TypeError", lambda value, alpha: "exact"),
    wrong(check_stored_bound, "the expected bound read off the call stack", "but negamax stored it as",
          peeking(lambda value, alpha, beta: "exact")),
    right(check_move_ordering, "best first for the player to move", best_first),
    right(check_move_ordering, "fewest replies first", fewest_replies_first),
    wrong(check_move_ordering, "the game's order", "your order changed nothing", lambda state, moves: moves),
    wrong(check_move_ordering, "worst first", "you put the worst moves first",
          lambda state, moves: sorted(moves, key=lambda move: value_for_mover(state, move))),
    wrong(check_move_ordering, "from Green's view at every node", "you ordered from Green's view everywhere",
          lambda state, moves: sorted(moves, key=lambda move: material_mobility_evaluation(state.play(move), 0),
                                      reverse=True)),
    wrong(check_move_ordering, "from Red's view at every node", "you ordered from Red's view everywhere",
          lambda state, moves: sorted(moves, key=lambda move: material_mobility_evaluation(state.play(move), 1),
                                      reverse=True)),
    wrong(check_move_ordering, "shuffled", "aim for a saving of at least 50%", shuffled),
    wrong(check_move_ordering, "reversed", "aim for a saving of at least 50%", lambda state, moves: moves[::-1]),
    wrong(check_move_ordering, "a table of the best orders at the check's positions", "not by a table",
          lambda state, moves: TABLED_ORDERS.get(str(state), moves)),
    wrong(check_move_ordering, "a move twice", "exactly the moves it was given", lambda state, moves: moves[:1] * 2),
    wrong(check_move_ordering, "a number", "list of moves", lambda state, moves: 5),
    wrong(check_move_ordering, "a crash", "raised ZeroDivisionError", lambda state, moves: 1 / 0),
    wrong(check_move_ordering, "nothing returned", "list of moves", lambda state, moves: None),
    wrong(check_move_ordering, "endless recursion", "RecursionError. A RecursionError means", endless_order),
]
