"""Expectimax: the best of our moves, the mean of the opponent's."""

from __future__ import annotations

import statistics

import pytest

from lessons_lib.agents import ExpectimaxAgent, MinimaxAgent, make_agent
from lessons_lib.games.shologuti.samples import EARLY_WINNER_TRAP
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.tiny_tree import AIMA_FIGURE_5_2, GAMBLE_TREE, TinyTree, leaf_evaluation


def test_the_gamble_tree_separates_minimax_and_expectimax() -> None:
    tree = TinyTree(GAMBLE_TREE)
    assert (MinimaxAgent(2, leaf_evaluation).search(tree).move, MinimaxAgent(2, leaf_evaluation).search(tree).value) \
        == ("solid", 3)
    result = ExpectimaxAgent(2, leaf_evaluation).search(tree)
    assert (result.move, result.value, result.pv) == ("gamble", 7, ["gamble"])


def test_chance_nodes_take_the_mean_of_their_children() -> None:
    result = ExpectimaxAgent(2, leaf_evaluation).search(TinyTree(AIMA_FIGURE_5_2))
    assert result.move == "a" and result.value == pytest.approx(statistics.mean([3, 12, 8]))


def test_on_a_real_position_a_chance_node_is_the_mean_of_one_ply_searches() -> None:
    position = Position.from_string(EARLY_WINNER_TRAP)
    agent = ExpectimaxAgent(2)
    by_move = []
    for move in position.legal_moves():
        after = position.play(move)
        replies = [agent.evaluate(after.play(reply), position.to_move) for reply in after.legal_moves()]
        by_move.append(statistics.fmean(replies))
    assert agent.search(position).value == pytest.approx(max(by_move))


def test_the_agent_has_a_name_the_arena_takes() -> None:
    agent = make_agent("expectimax:3")
    assert isinstance(agent, ExpectimaxAgent) and agent.describe() == "expectimax:3"
    with pytest.raises(ValueError):
        make_agent("expectimax", iterations=10)
