"""The agents on Shologuti positions: equal values, shortest wins, MCTS, budgets, presets."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons_lib.agents import (
    AlphaBetaAgent, Budget, ExpectimaxAgent, GreedyAgent, MCTSAgent, MinimaxAgent, NegamaxAgent, RandomAgent, hint,
    make_agent,
)
from lessons_lib.agents.alphabeta import alphabeta
from lessons_lib.agents.context import INFINITY, SearchContext
from lessons_lib.agents.evaluation import WIN
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.agents.match import MoveRefused, match_score, play_game
from lessons_lib.experiments.measurements import play_line
from lessons_lib.agents.presets import DIFFICULTIES
from lessons_lib.games.shologuti.rules import CONTINUE, FORCED, TRADITIONAL, VARIANTS, Rules
from lessons_lib.games.shologuti.position import GREEN, Position

from positions import random_positions
from lessons_lib.games.tiny_tree import TRAP_TREE
from lessons_lib.games.tiny_tree import TinyTree as OutcomeTree

RULES = [FORCED, TRADITIONAL, CONTINUE]
POSITIONS = {rules.name: random_positions(rules, 8, seed=11) for rules in RULES}


def chain_positions(rules: Rules, count: int, seed: int) -> list[Position]:
    """Positions in the middle of a capture chain: the same player is to move again."""
    found: list[Position] = []
    for position in random_positions(rules, 400, seed=seed, plies=(2, 60)):
        if position.pending:
            found.append(position)
            if len(found) == count:
                break
    return found


CHAINS = {rules.name: chain_positions(rules, 4, seed=13) for rules in RULES}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_alphabeta_equals_minimax_with_no_more_nodes(rules: Rules, depth: int) -> None:
    for position in POSITIONS[rules.name]:
        slow = MinimaxAgent(depth).search(position)
        fast = AlphaBetaAgent(depth).search(position)
        assert (fast.value, fast.move) == (slow.value, slow.move), position
        assert fast.nodes <= slow.nodes


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_alphabeta_equals_minimax_at_depth_4(rules: Rules) -> None:
    for position in POSITIONS[rules.name][:3]:
        assert AlphaBetaAgent(4).search(position).value == MinimaxAgent(4).search(position).value


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_negamax_equals_alphabeta(rules: Rules, depth: int) -> None:
    assert len(CHAINS[rules.name]) == 4
    for position in POSITIONS[rules.name] + CHAINS[rules.name]:
        expected = AlphaBetaAgent(depth).search(position).value
        assert NegamaxAgent(depth).search(position).value == expected, position
        plain = NegamaxAgent(depth, table_size=0, killers=False, history=False).search(position)
        assert plain.value == expected


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_move_ordering_keeps_the_value(rules: Rules) -> None:
    for position in POSITIONS[rules.name]:
        generation = AlphaBetaAgent(4).search(position)
        for ordering in ("captures", "evaluation"):
            assert AlphaBetaAgent(4, ordering=ordering).search(position).value == generation.value


def test_ordering_by_evaluation_prunes_more_under_the_forced_rules() -> None:
    # Under the forced rules it cuts the tree by more than half. (Under the traditional rules the
    # one-ply look favours moves that walk into captures, and it searches more: a lesson in itself.)
    plain = sum(AlphaBetaAgent(4).search(p).nodes for p in POSITIONS["forced"])
    ordered = sum(AlphaBetaAgent(4, ordering="evaluation").search(p).nodes for p in POSITIONS["forced"])
    assert ordered < plain / 2


def test_the_enhancements_search_fewer_positions() -> None:
    positions = POSITIONS["forced"]
    plain = sum(NegamaxAgent(5, table_size=0, killers=False, history=False).search(p).nodes for p in positions)
    enhanced = sum(NegamaxAgent(5).search(p).nodes for p in positions)
    assert enhanced < plain


# Green's piece on 23 jumps 18 (up) and then 14 (sideways): Red's last two pieces. A win in 2 plies.
CHAIN_WIN = {"green": [23, 31], "red": [18, 14]}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
@pytest.mark.parametrize("depth", [2, 3, 5])
def test_a_winning_chain_is_found_at_the_shortest_distance(rules: Rules, depth: int) -> None:
    position = Position.from_points(**CHAIN_WIN, rules=rules)
    for agent in (AlphaBetaAgent(depth), NegamaxAgent(depth), NegamaxAgent(depth, deeper_cutoffs=True)):
        result = agent.search(position)
        assert result.value == WIN - 2, agent
        assert [str(m) for m in result.pv[:2]] == ["23x13", "13x15"], agent


def test_the_loser_delays_the_end() -> None:
    # Red to move with one piece on 1; Green's pieces close in. Every Red move loses; the search
    # must pick a move whose loss is furthest away, and say how far.
    position = Position.from_points(green=[9, 3, 13], red=[1], to_move=1, rules=TRADITIONAL)
    for depth in (3, 5):
        values = {}
        for move in position.legal_moves():
            child = position.play(move)
            search = SearchContext(1, material_mobility_evaluation, depth)
            values[move] = alphabeta(child, depth - 1, -INFINITY, INFINITY, 1, search)
        result = NegamaxAgent(depth).search(position)
        assert result.value == max(values.values())
        assert values[result.move] == result.value


def test_the_root_player_value_is_the_negamax_value_after_a_chain() -> None:
    position = Position.from_points(**CHAIN_WIN, rules=TRADITIONAL).play("23x13")  # Green still to move
    assert NegamaxAgent(3).search(position).value == AlphaBetaAgent(3).search(position).value == WIN - 1


def test_mcts_reports_the_depth_of_its_tree() -> None:
    from lessons_lib.agents.mcts import tree_depth

    agent = MCTSAgent(400, seed=3)
    root, _, _ = agent.build_tree(POSITIONS["forced"][2])
    assert MCTSAgent(400, seed=3).search(POSITIONS["forced"][2]).depth == tree_depth(root) >= 2


def test_mcts_with_a_seed_is_reproducible() -> None:
    position = POSITIONS["forced"][0]
    first = MCTSAgent(300, seed=7).search(position)
    second = MCTSAgent(300, seed=7).search(position)
    assert (first.move, first.pv, first.stats) == (second.move, second.pv, second.stats)
    other = MCTSAgent(300, seed=8).search(position)
    assert other.stats != first.stats


def test_mcts_finds_the_winning_capture() -> None:
    # Traditional rules: capturing is optional, so there are many other moves.
    position = Position.from_points(green=[23, 31, 35, 27], red=[18], rules=TRADITIONAL)
    assert str(MCTSAgent(300, seed=1).choose_move(position)) == "23x13"


# Player 0 chooses "trap" or "safe". After "trap", player 1 chooses between letting
# player 0 win and winning itself; after "safe", the game is a draw either way.
TRAP = TRAP_TREE


def test_counting_wins_for_the_mover_beats_counting_them_for_the_root() -> None:
    mover = MCTSAgent(200, seed=1, perspective="mover")
    root = MCTSAgent(200, seed=1, perspective="root")
    assert mover.choose_move(OutcomeTree(TRAP)) == "safe"
    assert root.choose_move(OutcomeTree(TRAP)) == "trap"  # it expects player 1 to play for it
    start = OutcomeTree(TRAP)
    assert match_score(mover, root, [start]) == 1.5  # a draw as player 0, a win as player 1


TICK = 0.01


@pytest.fixture
def ticking_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock the searches read moves on by TICK seconds at each look, however busy the machine: a search
    that respects its budget stops at its first look past it."""
    now = [0.0]

    def tick() -> float:
        now[0] += TICK
        return now[0]

    monkeypatch.setattr(time, "perf_counter", tick)


def test_negamax_respects_its_time_budget(ticking_clock: None) -> None:
    result = NegamaxAgent(depth=None, seconds=0.3).search(Position.start(TRADITIONAL))
    assert result.depth >= 1 and 0.3 <= result.seconds <= 0.3 + 3 * TICK


def test_mcts_respects_its_time_budget(ticking_clock: None) -> None:
    result = MCTSAgent(iterations=None, seconds=0.3, seed=0).search(Position.start())
    assert result.nodes >= 1 and 0.3 <= result.seconds <= 0.3 + 3 * TICK


def test_iterative_deepening_yields_every_depth_and_keeps_the_last_completed() -> None:
    position = POSITIONS["forced"][1]
    results = list(NegamaxAgent(depth=4).iterate(position))
    assert [r.depth for r in results] == [1, 2, 3, 4]
    assert results[-1].value == AlphaBetaAgent(4).search(position).value


def test_greedy_takes_a_winning_capture_and_random_is_seeded() -> None:
    position = Position.from_points(green=[23, 31], red=[18], rules=TRADITIONAL)
    assert str(GreedyAgent(seed=0).choose_move(position)) == "23x13"
    start = Position.start()
    assert [RandomAgent(4).choose_move(start) for _ in range(3)] == [RandomAgent(4).choose_move(start)] * 3


def test_presets_make_the_agents_by_name() -> None:
    assert make_agent("alphabeta:4").describe() == "alphabeta:4"
    assert make_agent("mcts:300").describe() == "mcts:300"
    assert make_agent("negamax:0.5s").describe() == "negamax:0.5s"
    quiet = make_agent("negamax-q:1")
    assert isinstance(quiet, NegamaxAgent) and quiet.quiescence and quiet.describe() == "negamax-q:1"
    assert str(quiet.choose_move(Position.start())) != "23-18"  # it sees the capture that follows the offered piece
    assert make_agent("best", seconds=0.2).describe() == "best:0.2s"
    assert make_agent("minimax", depth=2).describe() == "minimax:2"
    for zero in ("alphabeta:0", "minimax:0", "mcts:0", "negamax:0s", "best:0s", "negamax:nans", "best:infs"):
        with pytest.raises(ValueError):
            make_agent(zero)
    assert list(DIFFICULTIES) == ["beginner", "easy", "medium", "hard", "expert"]
    for name in DIFFICULTIES:
        assert make_agent(name, seed=1) is not None
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("deep blue")
    with pytest.raises(ValueError, match="takes --depth"):
        make_agent("minimax", seconds=1.0)


def test_hint_gives_the_move_its_value_and_line() -> None:
    result = hint(Position.from_points(**CHAIN_WIN, rules=FORCED), seconds=0.2)
    assert str(result.move) == "23x13" and result.value == WIN - 2 and len(result.pv) >= 2


def test_a_finished_game_has_no_move_to_choose() -> None:
    over = Position.from_points(green=[23], red=[], to_move=1)
    for agent in (RandomAgent(0), AlphaBetaAgent(2), MCTSAgent(10)):
        with pytest.raises(ValueError, match="game is over"):
            agent.search(over)


AGENTS = [
    lambda: RandomAgent(1), lambda: GreedyAgent(seed=1), lambda: MinimaxAgent(2), lambda: AlphaBetaAgent(3),
    lambda: NegamaxAgent(3), lambda: NegamaxAgent(2, quiescence=True, aspiration=True),
    lambda: MCTSAgent(30, seed=1), lambda: MCTSAgent(30, seed=1, rollout="captures"),
]


@settings(max_examples=40, deadline=None)
@given(st.data(), st.sampled_from(list(VARIANTS.values())), st.integers(min_value=0, max_value=80))
def test_no_agent_ever_returns_an_illegal_move(data: st.DataObject, rules: Rules, plies: int) -> None:
    position = Position.start(rules)
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.play(data.draw(st.sampled_from(moves)))
    if position.is_game_over():
        return
    make = data.draw(st.sampled_from(AGENTS))
    assert make().choose_move(position) in position.legal_moves()


def test_a_game_between_two_agents_ends_with_a_result() -> None:
    result = play_game([AlphaBetaAgent(2), RandomAgent(0)], Position.start(), max_plies=300)
    assert result.outcome.reason in ("no move", "no pieces", "draw clock", "ply limit")
    assert result.winner in (GREEN, 1, None)


def test_one_budget_type_is_accepted_by_every_agent_and_by_make_agent() -> None:
    made = {
        AlphaBetaAgent(budget=Budget(depth=2)): Budget(depth=2),
        MinimaxAgent(budget=Budget(depth=1)): Budget(depth=1),
        ExpectimaxAgent(budget=Budget(depth=1)): Budget(depth=1),
        NegamaxAgent(budget=Budget(depth=3, seconds=5.0)): Budget(depth=3, seconds=5.0),
        MCTSAgent(budget=Budget(iterations=50)): Budget(iterations=50),
        make_agent("alphabeta", Budget(depth=2)): Budget(depth=2),
        make_agent("mcts", Budget(iterations=40, seconds=9.0)): Budget(iterations=40, seconds=9.0),
        make_agent("negamax:0.5s"): Budget(seconds=0.5),
        make_agent("random"): Budget(),
    }
    for agent, budget in made.items():
        assert agent.budget == budget, agent
    assert AlphaBetaAgent(budget=Budget()).budget == Budget(depth=4)  # an empty budget leaves the default
    assert make_agent("alphabeta", Budget(depth=2)).choose_move(Position.start()) in Position.start().legal_moves()


@pytest.mark.parametrize(("make", "message"), [
    (lambda: AlphaBetaAgent(budget=Budget(iterations=10)), "alphabeta takes depth, not iterations"),
    (lambda: MCTSAgent(budget=Budget(depth=3)), "mcts takes iterations or seconds, not depth"),
    (lambda: make_agent("alphabeta", Budget(seconds=1.0)), "alphabeta takes --depth, not --seconds"),
    (lambda: make_agent("alphabeta:3", Budget(depth=2)), "already sets its budget"),
    (lambda: make_agent("mcts", Budget(iterations=5), iterations=6), "not both"),
    (lambda: Budget(depth=0), "depth must be a whole number from 1 to 64"),
    (lambda: Budget(seconds=float("nan")), "seconds must be a number above 0"),
])
def test_a_budget_an_agent_cannot_use_is_refused_in_one_line(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_the_game_loop_names_the_player_whose_move_the_rules_refuse() -> None:
    class Refused:
        def choose_move(self, state: object) -> str:
            return "1-2"

    with pytest.raises(MoveRefused) as refused:
        play_game([RandomAgent(0), Refused()], Position.start())
    assert refused.value.player == 1 and refused.value.move == "1-2"


def test_the_game_loop_stops_at_its_ply_limit_with_a_draw_unless_the_game_ended_there() -> None:
    capped = play_game([RandomAgent(1), RandomAgent(2)], Position.start(), max_plies=3)
    assert (capped.outcome.winner, capped.outcome.reason, len(capped.moves)) == (None, "ply limit", 3)
    assert capped.last == play_line(Position.start(), capped.moves)[-1]
    whole = play_game([RandomAgent(1), RandomAgent(2)], Position.start())
    ended = play_game([RandomAgent(1), RandomAgent(2)], Position.start(), max_plies=len(whole.moves))
    assert ended.outcome == whole.outcome and ended.outcome.reason != "ply limit"
