"""The solved tables inside the searches (``probes``): alpha-beta, negamax and MCTS take the table's value at every
node below the root where it decides, and nothing changes where it does not."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from lessons_lib.agents import AlphaBetaAgent, MCTSAgent, NegamaxAgent
from lessons_lib.agents.base import Agent
from lessons_lib.agents.evaluation import WIN
from lessons_lib.agents.mcts import SOLVED, Node
from lessons_lib.agents.presets import best_agent
from lessons_lib.agents.solved import SolvedFirst, TableProbe, search_value, value_after
from lessons_lib.agents.trace import LeafEvaluated
from lessons_lib.games import GAMES
from lessons_lib.games.shologuti.endgame_index import class_size, parts_at
from lessons_lib.games.shologuti.endgame_table import DamagedTable, solved
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules
from lessons_lib.kit.errors import PositionError


def decided_positions(count: int, seed: int, material: tuple[tuple[int, int], ...] = ((2, 1), (1, 2), (2, 2),
                      (3, 1), (1, 3)), clock: bool = True) -> list[Position]:
    """Positions still in play that the tables decide, at random clocks (a chain under way keeps clock 0)."""
    rng, found = random.Random(seed), []
    rules = Rules.named("forced")
    while len(found) < count:
        greens, reds, to_move, pending = parts_at(chosen := rng.choice(material), rng.randrange(class_size(chosen)))
        ticks = rng.randrange(rules.draw_plies) if clock and not pending else 0
        try:
            position = Position(greens, reds, to_move, pending, ticks, rules)
        except PositionError:  # a number that stands for no position (a chain with no capture to go on with)
            continue
        if not position.is_game_over() and solved(position) is not None:
            found.append(position)
    return found


def three_against_two(count: int, seed: int) -> list[Position]:
    """Three against two, which the tests' (empty) cache does not hold: only the captures reach the tables."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        points = rng.sample(range(1, 38), 5)
        position = Position.from_points(green=points[:3], red=points[3:], to_move=rng.randrange(2))
        if solved(position) is None and not position.is_game_over() and any(
                move.is_capture for move in position.legal_moves()):
            found.append(position)
    return found


PROBING = {
    "alphabeta": lambda depth: AlphaBetaAgent(depth, probes=True),
    "negamax": lambda depth: NegamaxAgent(depth, probes=True),
    "mcts": lambda depth: MCTSAgent(60 * depth, seed=depth, probes=True),
}


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_probing_depth_search_values_a_decided_position_as_the_tables_do_and_keeps_its_value(depth: int) -> None:
    for position in decided_positions(40, seed=depth):
        value, _ = solved(position)  # type: ignore[misc]
        for agent in (AlphaBetaAgent(depth, probes=True), NegamaxAgent(depth, probes=True)):
            result = agent.search(position)
            assert result.value is not None
            shown = 1 if result.value >= WIN - 500 else -1 if result.value <= 500 - WIN else 0
            assert shown == value, (str(position), agent.describe(), result.value)
            assert value_after(position, result.move) == value, (str(position), agent.describe())
            children_in_play = any(not position.play(move).is_game_over() for move in position.legal_moves())
            assert result.stats["table_probe_hits"] >= 1 or not children_in_play


def test_at_depth_one_the_value_is_the_best_childs_table_value_a_ply_further() -> None:
    for position in decided_positions(60, seed=11):
        expected = -float("inf")
        for move in position.legal_moves():
            child = position.play(move)
            found = solved(child)
            assert found is not None  # a decided position's children are decided too
            child_value = search_value(found[0], 1 + found[1])
            expected = max(expected, child_value if child.to_move == position.to_move else -child_value)
        assert AlphaBetaAgent(1, probes=True).search(position).value == expected, str(position)
        assert NegamaxAgent(1, probes=True).search(position).value == expected, str(position)


def test_the_root_is_searched_even_where_the_table_decides_it() -> None:
    """The root's move is the search's to find (the table's own move is SolvedFirst's): the root is never probed."""
    position = decided_positions(1, seed=3)[0]
    events: list[object] = []
    AlphaBetaAgent(2, probes=True).search(position, events.append)
    solved_plies = {event.ply for event in events if isinstance(event, LeafEvaluated) and event.reason == "solved"}
    assert solved_plies == {1}


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_below_a_root_the_tables_do_not_hold_only_the_captures_into_them_are_probed(depth: int) -> None:
    probing_nodes = plain_nodes = 0
    for position in three_against_two(8, seed=depth):
        events: list[object] = []
        agent = AlphaBetaAgent(depth, probes=True)
        result = agent.search(position, events.append)
        leaves = [event for event in events if isinstance(event, LeafEvaluated) and event.reason == "solved"]
        assert leaves and result.stats["table_probe_hits"] == len(leaves)
        assert all(event.ply >= 1 for event in leaves)
        plain = AlphaBetaAgent(depth).search(position)
        assert result.nodes <= plain.nodes
        probing_nodes, plain_nodes = probing_nodes + result.nodes, plain_nodes + plain.nodes
        assert NegamaxAgent(depth, probes=True).search(position).value == result.value
    if depth > 1:
        assert probing_nodes < plain_nodes  # each probed node's subtree is not searched


def test_the_values_from_the_tables_are_exact_where_a_plain_search_sees_the_end_too() -> None:
    """Where a deep plain search reaches the game's end on every line, it and the probing search agree."""
    checked = 0
    for position in decided_positions(200, seed=5, material=((2, 1), (1, 2)), clock=False):
        found = solved(position)
        assert found is not None
        if found[0] == 0 or found[1] > 5:
            continue
        plain = NegamaxAgent(found[1] + 1).search(position)
        probing = NegamaxAgent(2, probes=True).search(position)
        assert (plain.value > 0) == (probing.value > 0) == (found[0] > 0), str(position)  # type: ignore[operator]
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("seed", range(4))
def test_probing_mcts_makes_each_decided_node_a_leaf_with_the_tables_result(seed: int) -> None:
    position = three_against_two(1, seed=seed)[0]
    root, search, _ = MCTSAgent(300, seed=seed, probes=True).build_tree(position)
    solved_nodes = 0
    stack: list[Node] = list(root.children)
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.solved is None:
            assert node.state.is_game_over() or solved(node.state) is None
            continue
        solved_nodes += 1
        assert node.children == [] and node.untried == [] and node.solved.reason == SOLVED
        value = solved(node.state)[0]  # type: ignore[index]
        winner = None if value == 0 else node.state.to_move if value > 0 else 1 - node.state.to_move
        assert node.solved.winner == winner
        assert node.wins == node.visits * node.solved.score_for(node.mover)
    assert solved_nodes > 0 and search.probe is not None and search.probe.hits == solved_nodes
    assert search.rollouts < root.visits


@pytest.mark.parametrize("name", ["alphabeta", "negamax", "mcts"])
def test_in_a_won_endgame_a_probing_search_keeps_the_win(name: str) -> None:
    for position in decided_positions(30, seed=21):
        if solved(position)[0] == 1:  # type: ignore[index]
            move = PROBING[name](2).choose_move(position)
            assert value_after(position, move) == 1, (str(position), name)


@pytest.mark.parametrize("name", ["hus", "baghchal", "shobu"])
def test_in_a_game_without_tables_the_switch_changes_nothing(name: str) -> None:
    game = GAMES[name]
    position = game.start()
    rng = random.Random(2)
    for _ in range(6):
        position = position.play(rng.choice(position.legal_moves()))
    pairs: list[tuple[Agent, Agent]] = [
        (AlphaBetaAgent(2), AlphaBetaAgent(2, probes=True)),
        (NegamaxAgent(2), NegamaxAgent(2, probes=True)),
        (MCTSAgent(50, seed=1), MCTSAgent(50, seed=1, probes=True)),
    ]
    for plain, probing in pairs:
        one, other = plain.search(position), probing.search(position)
        assert (one.move, one.value, one.pv, one.nodes) == (other.move, other.value, other.pv, other.nodes)
        assert other.stats.get("table_probe_hits", 0) == 0


def test_best_probes_inside_its_search_and_says_so_in_its_stats() -> None:
    best = best_agent(0.05)
    assert isinstance(best, SolvedFirst) and isinstance(best.agent, NegamaxAgent) and best.agent.probes
    result = best.search(three_against_two(1, seed=9)[0])
    assert result.stats["table_probe_hits"] > 0
    assert best.describe() == "best:0.05s"
    assert AlphaBetaAgent(3, probes=True).describe() == "alphabeta:3+tables"
    assert MCTSAgent(10, probes=True).describe() == "mcts:10+tables"


def test_a_damaged_table_is_said_once_and_the_search_goes_on_without_it(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[Hashable] = []

    def damaged(state: object) -> tuple[int, int] | None:
        calls.append(str(state))
        raise DamagedTable("the table file /nowhere/forced.npz is damaged (a test)")

    probe = TableProbe(damaged)
    position = three_against_two(1, seed=4)[0]
    assert probe(position) is None and probe(position) is None and len(calls) == 1 and probe.hits == 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "/nowhere/forced.npz" in error


def test_the_probe_counts_only_the_positions_it_decides() -> None:
    probe = TableProbe.of(decided_positions(1, seed=1)[0])
    for position in decided_positions(5, seed=2) + three_against_two(3, seed=2):
        probe(position)
    assert probe.hits == 5
    assert TableProbe.of(GAMES["hus"].start())(GAMES["hus"].start()) is None


def test_lesson_12s_example_the_probing_search_sees_a_forced_win_that_a_deeper_plain_one_does_not() -> None:
    """What lesson 12 says of its three-against-two example (without three against two in the cache)."""
    start = Position.from_string(".....R.......G..G...G........R....... g -")
    assert solved(start) is None
    plain, probing, deeper = AlphaBetaAgent(4).search(start), AlphaBetaAgent(4, probes=True).search(start), \
        AlphaBetaAgent(8).search(start)
    assert plain.value is not None and 0 < plain.value < 500 and probing.value is not None and probing.value > 500
    assert deeper.value is not None and 0 < deeper.value < 500 and deeper.nodes > 100 * probing.nodes
    mcts, probing_mcts = MCTSAgent(1000, seed=1).search(start), MCTSAgent(1000, seed=1, probes=True).search(start)
    assert probing_mcts.move == probing.move != mcts.move
