"""The depth-first searches on tiny hand-built trees whose values are known."""

from __future__ import annotations

import pytest

from lessons_lib.agents import AlphaBetaAgent, MinimaxAgent, NegamaxAgent
from lessons_lib.agents.trace import Cutoff, LeafEvaluated, MoveTried, NodeEntered, NodeExited

from lessons_lib.games.tiny_tree import TinyTree as TreeState
from lessons_lib.games.tiny_tree import leaf_evaluation

# AIMA, Figure 5.2: MAX to move; three MIN nodes.
#
#            MAX (value 3)
#       /        |         \
#     MIN 3     MIN ≤2      MIN 2
#    / | \     / | \       / | \
#   3 12  8   2  4  6    14  5  2
#
# Alpha-beta prunes 4 and 6: after the 2, MIN's node can be worth at most 2 < 3.
AIMA = (0, [(1, [3, 12, 8]), (1, [2, 4, 6]), (1, [14, 5, 2])])  # the same as tiny_tree.AIMA_FIGURE_5_2

# A chain: after move 0, MAX moves again (the same player), and only then MIN.
#
#              MAX (value 7)
#            /            \
#        MAX 7            MIN 4
#       /     \           /   \
#    MIN 1   MIN 7     MAX 4  MAX 9
#    / \     / \        |      |
#   1   5   7   8       4      9
CHAIN = (0, [(0, [(1, [1, 5]), (1, [7, 8])]), (1, [(0, [4]), (0, [9])])])


def agents(depth: int) -> list:
    return [MinimaxAgent(depth, leaf_evaluation), AlphaBetaAgent(depth, leaf_evaluation),
            NegamaxAgent(depth, evaluate=leaf_evaluation), NegamaxAgent(depth, evaluate=leaf_evaluation, table_size=0)]


@pytest.mark.parametrize(("tree", "value", "move", "pv"), [(AIMA, 3, "a", ["a", "a1"]), (CHAIN, 7, "a", ["a", "a2", "a2a"])])
def test_every_search_finds_the_known_value_and_line(tree: object, value: float, move: int, pv: list[int]) -> None:
    for agent in agents(TreeState(tree).height):
        result = agent.search(TreeState(tree))
        assert (result.value, result.move, result.pv) == (value, move, pv), agent


def test_alphabeta_prunes_exactly_the_two_leaves_of_the_textbook() -> None:
    minimax = MinimaxAgent(2, leaf_evaluation).search(TreeState(AIMA))
    alphabeta = AlphaBetaAgent(2, leaf_evaluation).search(TreeState(AIMA))
    assert minimax.nodes == 13 and alphabeta.nodes == 11
    assert alphabeta.stats["cutoffs"] == 1


def test_the_player_to_move_the_value_of_a_position_for_player_1() -> None:
    # The same tree with the players swapped: player 1 is the root's player; leaves are still values for player 0.
    swapped = (1, [(0, [3, 12, 8]), (0, [2, 4, 6]), (0, [14, 5, 2])])
    for agent in agents(2):
        result = agent.search(TreeState(swapped))
        assert result.value == -6 and result.move == "b"  # player 1 takes the branch where player 0 gets at most 6


def test_the_alphabeta_events_nest_like_the_tree_and_name_the_pruned_moves() -> None:
    events: list = []
    result = AlphaBetaAgent(2, leaf_evaluation).search(TreeState(AIMA), observer=events.append)
    entered = [e for e in events if isinstance(e, NodeEntered)]
    assert len(entered) == result.nodes == 11
    assert [e.move for e in events if isinstance(e, MoveTried) and e.ply == 0] == ["a", "b", "c"]
    (cutoff,) = [e for e in events if isinstance(e, Cutoff)]
    assert cutoff.ply == 1 and cutoff.pruned == ("b2", "b3") and cutoff.beta <= cutoff.alpha
    assert [e.value for e in events if isinstance(e, LeafEvaluated)] == [3, 12, 8, 2, 14, 5, 2]
    assert isinstance(events[-1], NodeExited) and events[-1].value == 3
    depth = 0
    for event in events:  # every NodeEntered is closed by a leaf or a NodeExited at the same ply
        if isinstance(event, NodeEntered):
            assert event.ply == depth
            depth += 1
        elif isinstance(event, (LeafEvaluated, NodeExited)):
            depth -= 1
    assert depth == 0


def test_an_observer_does_not_change_the_search() -> None:
    for agent in agents(3):
        quiet = agent.search(TreeState(CHAIN))
        traced = agent.search(TreeState(CHAIN), observer=lambda event: None)
        assert (quiet.value, quiet.pv, quiet.nodes) == (traced.value, traced.pv, traced.nodes)


def test_a_finished_game_is_explained_as_its_utility() -> None:
    from lessons_lib.viz.search_tree import describe_event

    assert "1000 − 3 = 997" in describe_event(LeafEvaluated(3, 997, "game over"))
    assert "−(1000 − 2) = −998" in describe_event(LeafEvaluated(2, -998, "game over"))
    assert "A draw: value 0" in describe_event(LeafEvaluated(4, 0, "game over"))
    assert "the evaluation" in describe_event(LeafEvaluated(3, 12, "depth"))


def test_the_whole_tree_shows_finished_games_by_their_utility_not_infinity() -> None:
    from lessons_lib.games.tiny_tree import TRAP_TREE
    from lessons_lib.viz.search_tree import whole_tree_picture

    picture = whole_tree_picture(TreeState(TRAP_TREE))._repr_svg_()
    assert ">998<" in picture and ">−998<" in picture and "∞" not in picture
