"""Answers to lesson 06's expectimax check."""

from __future__ import annotations

import statistics
from typing import Any

from lessons_lib.agents.evaluation import utility
from lessons_lib.agents.expectimax import ExpectimaxAgent
from lessons_lib.exercises.mcts_expectimax import CASES, MISTAKES, _variant, check_expectimax
from lessons_lib.exercises.minimax_alphabeta import search_value
from catalogue import Answer, edge, remembered, right, state_key, wrong
from catalogue.peeking import peeking


def expectimax(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    values = [expectimax(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if state.to_move == root else sum(values) / len(values)


def expectimax_with_statistics(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    values = [expectimax_with_statistics(state.play(move), depth - 1, root, evaluate, ply + 1)
              for move in state.legal_moves()]
    return max(values) if state.to_move == root else statistics.mean(values)


def no_game_over_test(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if depth == 0:
        return evaluate(state, root)
    values = [no_game_over_test(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if state.to_move == root else sum(values) / len(values)


def draw_by_evaluation(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """A won or lost game scored by its utility, but a drawn one (nobody won) by the evaluation."""
    outcome = state.outcome()
    if outcome is not None and outcome.winner is not None:
        return utility(state, root, ply)
    if depth == 0 or outcome is not None:
        return evaluate(state, root)
    values = [draw_by_evaluation(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if state.to_move == root else sum(values) / len(values)


def one_ply_at_depth_0(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """Takes the children's values from depth 1 down, so at depth 0 too: one ply further than asked."""
    if state.is_game_over():
        return utility(state, root, ply)
    children = [state.play(move) for move in state.legal_moves()]
    if depth <= 1:
        values = [utility(child, root, ply + 1) if child.is_game_over() else evaluate(child, root) for child in children]
    else:
        values = [one_ply_at_depth_0(child, depth - 1, root, evaluate, ply + 1) for child in children]
    return max(values) if state.to_move == root else sum(values) / len(values)


def by_depth(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """Max at even plies, the mean at odd ones: wrong after a capture chain."""
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    values = [by_depth(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if ply % 2 == 0 else sum(values) / len(values)


EDGES = {"draw by evaluation", "one ply at depth 0", "one move not searched"}
"""The mistakes that show on one kind of edge case only (entered below as edge entries, written as a student would)."""


def with_mistake(mistake: str) -> Any:
    def answer(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
        return _variant(state, depth, root, evaluate, mistake, ply)
    return answer


FIXED_VALUES = {state_key(state): search_value(ExpectimaxAgent(depth, evaluate), state)[0]
                for _, state, depth, evaluate in CASES}

ANSWERS: list[Answer] = [
    right(check_expectimax, "max and the mean", expectimax),
    right(check_expectimax, "with statistics.mean", expectimax_with_statistics),
    *[wrong(check_expectimax, mistake, hint.split(":")[0], with_mistake(mistake)) for mistake, hint in MISTAKES.items()
      if mistake not in EDGES],
    edge(check_expectimax, "drawn game within the depth", "a drawn game scored by the evaluation",
         "a drawn game was scored by the evaluation", draw_by_evaluation),
    edge(check_expectimax, "depth 0", "one ply ahead at depth 0", "at depth 0 you looked one ply ahead",
         one_ply_at_depth_0),
    edge(check_expectimax, "root with one move", "a single root move left unsearched", "without searching it",
         with_mistake("one move not searched")),
    edge(check_expectimax, "chain", "max and mean by depth, wrong after a chain", "you decided max or mean by the depth",
         by_depth),
    wrong(check_expectimax, "the expected value read off the call stack", "but expectimax gives",
          peeking(lambda state, depth, root, evaluate, ply=0: evaluate(state, root))),
    wrong(check_expectimax, "no game-over test", "test state.is_game_over() first", no_game_over_test),
    wrong(check_expectimax, "the median", "compare with the description above",
          lambda s, d, r, e, ply=0: _median_variant(s, d, r, e, ply)),
    wrong(check_expectimax, "no return", "forget return", lambda state, depth, root, evaluate: None),
    wrong(check_expectimax, "not a function", "not a function", "expectimax"),
    wrong(check_expectimax, "a table of the fixed cases' values", "cases drawn with seed",
          remembered(FIXED_VALUES, lambda state, depth, root, evaluate, ply=0: state_key(state))),
]


def _median_variant(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    values = [_median_variant(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if state.to_move == root else statistics.median(values)
