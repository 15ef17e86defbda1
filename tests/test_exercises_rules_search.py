"""The checks of notebooks 02 (rules and the game tree) and 03 (minimax and alpha-beta)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from lessons_lib.agents.evaluation import utility
from lessons_lib.exercises.rules_tree import (
    CHAIN_POSITIONS, FINISHED, _counting_on_after_the_turn, check_count_leaves, check_most_captures, most_captures,
)
from lessons_lib.exercises.search import CASES, check_alphabeta, check_minimax, check_tree_value
from lessons_lib.perft import perft
from lessons_lib.state import Position


def all_nodes(position: Position, depth: int) -> int:
    return 1 if depth == 0 else 1 + sum(all_nodes(position.play(move), depth - 1) for move in position.legal_moves())


def test_count_leaves_passes_perft_and_explains_the_usual_mistakes() -> None:
    assert check_count_leaves(perft).passed
    assert "return 1" in check_count_leaves(lambda position, depth: 0).message
    assert "every position of the tree" in check_count_leaves(all_nodes).message
    assert "lines of 3 plies" in check_count_leaves(lambda p, d: 1 if d == 0 else len(p.legal_moves())).message
    assert "raised ZeroDivisionError" in check_count_leaves(lambda p, d: 1 // 0).message


def test_the_finished_game_of_the_perft_check_is_finished() -> None:
    assert FINISHED.is_game_over() and FINISHED.legal_moves() == []
    def counts_moves_of_finished_games(position: Position, depth: int) -> int:  # perft, but a finished game is a leaf
        if depth == 0 or position.is_game_over():
            return 1
        return sum(counts_moves_of_finished_games(position.play(move), depth - 1) for move in position.legal_moves())
    assert "a finished game has no moves" in check_count_leaves(counts_moves_of_finished_games).message


def test_the_chain_positions_take_0_to_6_pieces() -> None:
    lengths = [most_captures(Position.from_string(text)) for text in CHAIN_POSITIONS.values()]
    assert lengths == [0, 1, 2, 4, 5, 6]


def test_most_captures_explains_each_mistake() -> None:
    assert check_most_captures(most_captures).passed
    assert "the turn passed" in check_most_captures(_counting_on_after_the_turn).message
    count = check_most_captures(lambda p: sum(move.is_capture for move in p.legal_moves()))
    assert "number of captures to choose from" in count.message
    one = check_most_captures(lambda p: 1 if any(move.is_capture for move in p.legal_moves()) else 0)
    assert "a longer chain exists" in one.message
    assert "not a function" in check_most_captures(3).message  # type: ignore[arg-type]


def test_the_hand_worked_tree() -> None:
    assert check_tree_value(7, "a").passed
    assert "never let MAX reach it" in check_tree_value(10, "c").message
    assert "which root move" in check_tree_value(7, "b").message
    assert "'a', 'b' and 'c'" in check_tree_value(7, "d").message


def minimax(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return float(evaluate(state, root))
    values = [minimax(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def by_depth(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if depth == 0:
        return float(evaluate(state, root))
    values = [by_depth(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if ply % 2 == 0 else min(values)


def alphabeta(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any,
              strict: bool = False, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return float(evaluate(state, root))
    maximizing = state.to_move == root
    best = -math.inf if maximizing else math.inf
    for move in state.legal_moves():
        value = alphabeta(state.play(move), depth - 1, alpha, beta, root, evaluate, strict, ply + 1)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha > beta if strict else alpha >= beta:
            break
    return best


def test_the_check_cases_evaluate_first_and_then_end_games_within_the_depth() -> None:
    def ends(state: Any, depth: int) -> bool:
        return state.is_game_over() or depth > 0 and any(ends(state.play(m), depth - 1) for m in state.legal_moves())

    assert [ends(state, depth) for _, state, depth, _ in CASES] == [False] * 6 + [True] * 3


def test_minimax_check() -> None:
    assert check_minimax(minimax).passed
    assert "not by the depth" in check_minimax(by_depth).message


def test_alphabeta_check_counts_the_positions_visited() -> None:
    assert check_alphabeta(alphabeta).passed
    strict = check_alphabeta(lambda *args: alphabeta(*args, strict=True))
    assert "as soon as alpha >= beta" in strict.message
    plain = check_alphabeta(lambda s, d, a, b, r, e: minimax(s, d, r, e))
    assert "nothing was pruned" in plain.message


@pytest.mark.parametrize("wrong", ["always max", "mover's view", "swapped", "no utility", "ply not counted"])
def test_each_named_mistake_is_recognised(wrong: str) -> None:
    from lessons_lib.exercises.search import MISTAKES, _variant

    feedback = check_minimax(lambda s, d, r, e: _variant(s, d, r, e, wrong))
    assert not feedback.passed and MISTAKES[wrong] in feedback.message


def test_a_search_without_the_utility_fails_both_checks() -> None:
    def no_utility_alphabeta(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any) -> float:
        if depth == 0 or state.is_game_over():
            return float(evaluate(state, root))
        best = -math.inf if state.to_move == root else math.inf
        for move in state.legal_moves():
            value = no_utility_alphabeta(state.play(move), depth - 1, alpha, beta, root, evaluate)
            if state.to_move == root:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best

    assert "scored by the evaluation" in check_alphabeta(no_utility_alphabeta).message


def test_the_hand_pruning_slips_are_simulated_from_the_same_search_as_the_library() -> None:
    from lessons_lib.exercises.search import _slip_pruned_leaves, pruned_leaves
    from lessons_lib.tiny_tree import AIMA_FIGURE_5_2, EXERCISE_TREE, PRUNING_TREE

    for tree in (PRUNING_TREE, AIMA_FIGURE_5_2, EXERCISE_TREE):
        assert _slip_pruned_leaves(tree) == pruned_leaves(tree)
    assert pruned_leaves(AIMA_FIGURE_5_2) == ["b2", "b3"]  # as the tree's docstring says
    assert pruned_leaves(PRUNING_TREE) == ["a2b", "b2a", "b2b", "c2a", "c2b"]
