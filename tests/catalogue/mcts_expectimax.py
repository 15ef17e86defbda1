"""Answers to lesson 06's expectimax check."""

from __future__ import annotations

import statistics
from typing import Any

from lessons_lib.agents.evaluation import utility
from lessons_lib.agents.expectimax import ExpectimaxAgent
from lessons_lib.exercises.mcts_expectimax import CASES, MISTAKES, _variant, check_expectimax
from lessons_lib.exercises.minimax_alphabeta import search_value
from catalogue import Answer, remembered, right, state_key, wrong


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


def with_mistake(mistake: str) -> Any:
    def answer(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
        return _variant(state, depth, root, evaluate, mistake, ply)
    return answer


FIXED_VALUES = {state_key(state): search_value(ExpectimaxAgent(depth, evaluate), state)[0]
                for _, state, depth, evaluate in CASES}

ANSWERS: list[Answer] = [
    right(check_expectimax, "max and the mean", expectimax),
    right(check_expectimax, "with statistics.mean", expectimax_with_statistics),
    *[wrong(check_expectimax, mistake, hint.split(":")[0], with_mistake(mistake)) for mistake, hint in MISTAKES.items()],
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
