"""The test cases behind the checks of notebooks 02 and 03 (the checks themselves run on the catalogues)."""

from __future__ import annotations

from typing import Any

from lessons_lib.exercises.rules_and_game_tree import CHAIN_POSITIONS, FINISHED, check_count_leaves, most_captures
from lessons_lib.exercises.minimax_alphabeta import CASES
from lessons_lib.games.shologuti.position import Position


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


def test_the_check_cases_evaluate_first_and_then_end_games_within_the_depth() -> None:
    def ends(state: Any, depth: int) -> bool:
        return state.is_game_over() or depth > 0 and any(ends(state.play(m), depth - 1) for m in state.legal_moves())

    assert [ends(state, depth) for _, state, depth, _ in CASES] == [False] * 6 + [True] * 3


def test_the_hand_pruning_slips_are_simulated_from_the_same_search_as_the_library() -> None:
    from lessons_lib.exercises.minimax_alphabeta import _slip_pruned_leaves, pruned_leaves
    from lessons_lib.games.tiny_tree import AIMA_FIGURE_5_2, EXERCISE_TREE, PRUNING_TREE

    for tree in (PRUNING_TREE, AIMA_FIGURE_5_2, EXERCISE_TREE):
        assert _slip_pruned_leaves(tree) == pruned_leaves(tree)
    assert pruned_leaves(AIMA_FIGURE_5_2) == ["b2", "b3"]  # as the tree's docstring says
    assert pruned_leaves(PRUNING_TREE) == ["a2b", "b2a", "b2b", "c2a", "c2b"]
