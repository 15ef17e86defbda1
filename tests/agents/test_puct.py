"""PUCT, AlphaZero's MCTS: selection by prior and visits, a learned value instead of the rollout."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

import pytest

from lessons_lib.agents.mcts import PUCT_C, UNTRIED_VALUE, MCTSAgent, noisy
from lessons_lib.agents.trace import Expanded, LeafValued, RolloutFinished, SelectionStep
from lessons_lib.games import GAMES
from lessons_lib.games.tiny_tree import AIMA_FIGURE_5_2, TRAP_TREE, TinyTree


def uniform(state: Any, moves: list[Hashable]) -> Sequence[float]:
    return [1 / len(moves)] * len(moves)


def favouring(wanted: str) -> Any:
    """A policy that gives ``wanted`` nine tenths of the chance, the rest shared."""
    def priors(state: Any, moves: list[Hashable]) -> Sequence[float]:
        if wanted not in moves:
            return uniform(state, moves)
        rest = 0.1 / (len(moves) - 1)
        return [0.9 if move == wanted else rest for move in moves]
    return priors


def leaf_score(state: TinyTree, player: int) -> float:
    """A value for a tiny tree's leaves of numbers: the leaf's number for player 0, squashed into a score."""
    number = state.leaf_value if player == 0 else -state.leaf_value
    return 1 / (1 + math.exp(-number / 4))


def test_the_prior_decides_which_untried_move_is_expanded_first() -> None:
    for wanted in ("a", "b", "c"):
        events: list[Any] = []
        MCTSAgent(1, priors=favouring(wanted), value=leaf_score).search(TinyTree(AIMA_FIGURE_5_2), events.append)
        assert [event.path for event in events if isinstance(event, Expanded)] == [(wanted,)]


def test_every_puct_score_is_the_formula_on_the_nodes_counts() -> None:
    events: list[Any] = []
    MCTSAgent(40, priors=favouring("b"), value=leaf_score, seed=0).search(TinyTree(AIMA_FIGURE_5_2), events.append)
    steps = [event for event in events if isinstance(event, SelectionStep)]
    assert steps
    for step in steps:
        root_n = math.sqrt(1 + sum(child.visits for child in step.children))
        for child in step.children:
            assert child.prior is not None
            q = child.wins / child.visits if child.visits else UNTRIED_VALUE
            assert child.exploitation == pytest.approx(q)
            assert child.exploration == pytest.approx(PUCT_C * child.prior * root_n / (1 + child.visits))
        assert step.chosen == max(step.children, key=lambda child: child.ucb).move


def test_the_learned_value_replaces_the_rollout_and_a_finished_game_is_scored_by_the_rules() -> None:
    def value(state: TinyTree, player: int) -> float:
        assert not state.is_game_over(), "a finished game is scored by its outcome"
        return 0.5

    events: list[Any] = []
    result = MCTSAgent(60, priors=uniform, value=value, seed=1).search(TinyTree(TRAP_TREE), events.append)
    assert not any(isinstance(event, RolloutFinished) for event in events)
    valued = [event for event in events if isinstance(event, LeafValued)]
    assert len(valued) == 60 and all(event.finished for event in valued if len(event.path) == 2)
    assert result.move == "safe" and result.stats["rollouts"] == 0


def test_puct_with_a_value_finds_the_best_move_of_a_two_ply_tree() -> None:
    assert MCTSAgent(200, priors=uniform, value=leaf_score, seed=3).choose_move(TinyTree(AIMA_FIGURE_5_2)) == "a"


def test_puct_plays_legal_moves_in_every_game() -> None:
    for name, game in GAMES.items():
        position = game.start()
        agent = MCTSAgent(30, priors=uniform, value=lambda state, player: 0.5, seed=2)
        for _ in range(6):
            if position.is_game_over():
                break
            move = agent.choose_move(position)
            assert move in position.legal_moves(), name
            position = position.play(move)


def test_root_noise_is_seeded_and_keeps_the_priors_a_distribution() -> None:
    priors = {"a": 0.7, "b": 0.2, "c": 0.1}
    one, two = noisy(priors, (0.3, 0.25), random.Random(5)), noisy(priors, (0.3, 0.25), random.Random(5))
    assert one == two and sum(one.values()) == pytest.approx(1.0) and one != priors
    assert all(value >= 0.75 * priors[move] for move, value in one.items())


def test_puct_describes_itself_and_refuses_what_does_not_fit() -> None:
    assert MCTSAgent(100, priors=uniform, value=leaf_score).describe() == "puct:100 (learned value)"
    assert MCTSAgent(100, priors=uniform).c == PUCT_C and MCTSAgent(100).c == math.sqrt(2)
    with pytest.raises(ValueError, match="learned value"):
        MCTSAgent(100, value=leaf_score, perspective="root")
    with pytest.raises(ValueError, match="give priors"):
        MCTSAgent(100, root_noise=(0.3, 0.25))


def test_the_stepper_shows_each_moves_prior_and_each_new_nodes_value() -> None:
    from lessons_lib.viz.mcts_tree import WhoseWins, describe_mcts_event, replay_mcts, selection_table_html
    from lessons_lib.widgets import MCTSStepper

    stepper = MCTSStepper(TinyTree(AIMA_FIGURE_5_2), iterations=12, priors=favouring("b"), value=leaf_score)
    assert stepper.c_choice.value == PUCT_C  # AlphaZero's constant, not rounded by the slider
    events = stepper.events
    whose = WhoseWins.of(TinyTree(AIMA_FIGURE_5_2), replay_mcts(events), "mover")
    first = next(event for event in events if isinstance(event, SelectionStep))
    assert "PUCT picks" in describe_mcts_event(first, whose) and "prior 0.90" in describe_mcts_event(first, whose)
    assert "<th>prior</th>" in selection_table_html(first, whose) and "0.900" in selection_table_html(first, whose)
    assert first.parent_visits == 1  # N: the root's own first visit, no child visited yet
    valued = next(event for event in events if isinstance(event, LeafValued))
    assert f"{valued.score:.2f}" in describe_mcts_event(valued, whose)
