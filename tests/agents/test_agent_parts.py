"""The agents' parts: the transposition table, MCTS events, rollout policies, the optional switches."""

from __future__ import annotations

import random

import pytest

from lessons_lib.agents import AlphaBetaAgent, MCTSAgent, NegamaxAgent
from lessons_lib.agents.evaluation import MATE_BOUND, WIN, outcome_value
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.agents.rollouts import captures_first_rollout, uniform_rollout
from lessons_lib.agents.table import EXACT, LOWER, TranspositionTable, from_table, to_table
from lessons_lib.agents.trace import Backpropagated, Expanded, RolloutFinished, SelectionStep
from lessons_lib.kit.game import Outcome, random_playout
from lessons_lib.games.shologuti.rules import FORCED, TRADITIONAL
from lessons_lib.games.shologuti.position import Position

from positions import random_positions
from lessons_lib.games.tiny_tree import TinyTree as OutcomeTree


def test_the_table_prefers_the_deeper_search_and_is_bounded() -> None:
    table = TranspositionTable(size=4)
    table.store(key=5, depth=3, value=10, bound=EXACT, move="a")
    table.store(key=9, depth=2, value=20, bound=EXACT, move="b")  # the same slot (9 % 4 == 5 % 4), shallower
    assert table.probe(5) is not None and table.probe(9) is None
    table.store(key=9, depth=4, value=30, bound=LOWER, move="c")  # deeper: it takes the slot
    assert table.probe(5) is None and table.probe(9).value == 30  # type: ignore[union-attr]
    table.store(key=9, depth=1, value=40, bound=EXACT, move="d")  # the same position always updates
    assert table.probe(9).depth == 1 and len(table.slots) == 4  # type: ignore[union-attr]


def test_mate_scores_are_stored_relative_to_their_node() -> None:
    win_in_3_from_root = WIN - 3
    stored = to_table(win_in_3_from_root, ply=2)  # found 2 plies down: a win in 1 from that node
    assert stored == WIN - 1
    assert from_table(stored, ply=4) == WIN - 5  # met again 4 plies down: a win 5 plies from the root
    assert from_table(to_table(-(WIN - 6), 2), 3) == -(WIN - 7)
    assert to_table(12, 5) == from_table(12, 5) == 12  # ordinary values are left alone
    assert MATE_BOUND > 200  # far above any evaluation


def test_outcome_values() -> None:
    assert outcome_value(Outcome(0, "no move"), 0, 3) == WIN - 3
    assert outcome_value(Outcome(0, "no move"), 1, 3) == -(WIN - 3)
    assert outcome_value(Outcome(None, "draw clock"), 1, 3) == 0


def test_mcts_events_follow_the_four_phases() -> None:
    events: list = []
    agent = MCTSAgent(40, seed=2)
    result = agent.search(Position.start(), observer=events.append)
    assert sum(isinstance(e, RolloutFinished) for e in events) == 40
    assert sum(isinstance(e, Backpropagated) for e in events) == 40
    assert sum(isinstance(e, Expanded) for e in events) == result.stats["tree_nodes"] - 1
    selections = [e for e in events if isinstance(e, SelectionStep)]
    assert selections, "with 9 root moves and 40 iterations the search must select below the root"
    for step in selections:
        chosen = max(step.children, key=lambda child: child.ucb)
        assert step.chosen == chosen.move
        for child in step.children:
            assert child.ucb == pytest.approx(child.exploitation + child.exploration)
    last = [e for e in events if isinstance(e, Backpropagated)][-1]
    assert last.nodes[0][0] is None and last.nodes[0][2] == 40  # the root, visited every iteration
    quiet = MCTSAgent(40, seed=2).search(Position.start())
    assert (quiet.move, quiet.stats) == (result.move, result.stats)  # the observer changes nothing


def test_mcts_on_a_finished_line_rolls_out_nothing() -> None:
    events: list = []
    tree = (0, {"win": "win 0", "other": (1, {"x": "draw"})})
    MCTSAgent(20, seed=0).search(OutcomeTree(tree), observer=events.append)
    finished = [e for e in events if isinstance(e, RolloutFinished) and e.path == ("win",)]
    assert finished and all(e.plies == 0 and e.winner == 0 for e in finished)


def test_the_uniform_rollout_uses_the_engines_playout_with_the_same_choices() -> None:
    position = random_positions(FORCED, 1, seed=3)[0]
    fast = uniform_rollout(position, random.Random(5), 200)
    generic = random_playout(position, random.Random(5), 200)
    assert fast == generic


def test_captures_first_rollouts_end_games_that_uniform_rollouts_leave_at_the_cap() -> None:
    start = Position.start(TRADITIONAL)
    rng = random.Random(1)
    uniform_capped = sum(uniform_rollout(start, rng, 200)[0].outcome() is None for _ in range(30))
    captures_capped = sum(captures_first_rollout(start, rng, 200)[0].outcome() is None for _ in range(30))
    assert uniform_capped >= 20  # nearly every uniform playout reaches the 200-ply cap
    assert captures_capped < uniform_capped


@pytest.mark.parametrize("switches", [{"quiescence": True}, {"aspiration": True}, {"deeper_cutoffs": True},
                                      {"table_size": 16}])
def test_the_optional_switches_still_choose_legal_moves_and_see_a_winning_chain(switches: dict) -> None:
    position = Position.from_points(green=[23, 31], red=[18, 14], rules=TRADITIONAL)
    result = NegamaxAgent(4, **switches).search(position)
    assert str(result.move) == "23x13" and result.value == WIN - 2
    for middle in random_positions(FORCED, 3, seed=9):
        assert NegamaxAgent(3, **switches).choose_move(middle) in middle.legal_moves()


def test_aspiration_windows_keep_the_value() -> None:
    for position in random_positions(FORCED, 4, seed=12):
        assert NegamaxAgent(5, aspiration=True).search(position).value == AlphaBetaAgent(5).search(position).value


def test_negamax_events_carry_the_movers_point_of_view() -> None:
    from lessons_lib.agents.trace import NodeEntered

    events: list = []
    position = Position.from_points(green=[23, 31], red=[18, 14], rules=FORCED)
    NegamaxAgent(2, table_size=0).search(position, observer=events.append)
    entered = [e for e in events if isinstance(e, NodeEntered)]
    assert entered and all(e.perspective == e.to_move and e.maximizing for e in entered)


def test_the_seed_evaluation_counts_material_mobility_and_the_chain_bonus() -> None:
    chain = Position.from_points(green=[23, 31], red=[18, 14, 1], rules=FORCED).play("23x13")  # Green continues
    material = 10 * (2 - 2)
    green_mobility = len(chain.legal_moves())  # 13x15
    red_mobility = len(Position.from_points(green=[13, 31], red=[14, 1], to_move=1).legal_moves())
    assert material_mobility_evaluation(chain, 0) == material + green_mobility - red_mobility + 1
    assert material_mobility_evaluation(chain, 1) == -(material + green_mobility - red_mobility)  # no bonus for Red


def test_material_evaluation_and_the_root_children_summary() -> None:
    from lessons_lib.games.shologuti.evaluation import material_evaluation
    from lessons_lib.agents.mcts import root_children

    position = Position.from_points(green=[23, 31], red=[18, 14, 1])
    assert material_evaluation(position, 0) == -1 and material_evaluation(position, 1) == 1
    root, _, _ = MCTSAgent(50, seed=1).build_tree(position)
    children = root_children(root)
    assert sum(child["visits"] for child in children) == 50  # every iteration passes through one child
    assert all(0 <= child["win_rate"] <= 1 for child in children)
