"""PUCT's guide: the policy and value of all of a node's children in one call give the very search that the priors
and value one call at a time give, node for node and event for event, in every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from lessons_lib.agents.mcts import PUCT_C, MCTSAgent
from lessons_lib.games import GAMES
from lessons_lib.learning.policy_value import Model
from lessons_lib.learning.self_play import puct_guidance
from lessons_lib.learning.network import NetworkModel


def positions(name: str, seed: int) -> list[Any]:
    """Positions of a seeded random game, every few plies (Shologuti's capture chains among them)."""
    position, rng, found = GAMES[name].start(), random.Random(seed), []
    for ply in range(60):
        if position.is_game_over():
            break
        if ply % 7 == 3 or getattr(position, "pending", None):
            found.append(position)
        position = position.play(rng.choice(position.legal_moves()))
    return found


def seeded_model(name: str, seed: int, clock_inputs: bool) -> Model:
    rng = random.Random(seed)
    size = len(GAMES[name].engine.feature_names)
    value = tuple(rng.uniform(-2, 2) for _ in range(2 * size if clock_inputs else size))
    return Model(name, value, tuple(rng.uniform(-2, 2) for _ in range(size)), clock_inputs)


def tree(agent: MCTSAgent, position: Any) -> tuple[list[Any], list[Any]]:
    """Every node of the agent's tree (moves, visits, wins, prior) and every event its search reported."""
    events: list[Any] = []
    root, _, _ = agent.build_tree(position, events.append)
    nodes, stack = [], [root]
    while stack:
        node = stack.pop()
        nodes.append((node.path(), node.visits, node.wins, node.priors))
        stack.extend(node.children)
    return nodes, events


CLOCKS = [(name, clock) for name in GAMES for clock in (False, True)
          if not clock or GAMES[name].engine.clock_share is not None]


@pytest.mark.parametrize(("name", "clock_inputs"), CLOCKS)
def test_the_guide_is_the_priors_and_the_value_of_every_child_to_the_last_bit(name: str, clock_inputs: bool) -> None:
    for seed in range(3):
        model = seeded_model(name, seed, clock_inputs)
        for position in positions(name, seed):
            moves = position.legal_moves()
            priors, values = model.guide(position, moves)
            assert priors == model.priors(position, moves)
            assert values == [model.value(position.play(move), position.to_move) for move in moves]


@pytest.mark.parametrize(("name", "clock_inputs"), CLOCKS)
def test_a_search_with_the_guide_is_the_search_with_priors_and_value(name: str, clock_inputs: bool) -> None:
    for seed in range(2):
        model = seeded_model(name, 10 + seed, clock_inputs)
        for position in positions(name, seed)[:4]:
            for noise in (None, (0.3, 0.25)):
                guided = MCTSAgent(40, guide=model.guide, root_noise=noise, seed=seed)
                called = MCTSAgent(40, priors=model.priors, value=model.value, root_noise=noise, seed=seed)
                assert tree(guided, position) == tree(called, position)
                assert guided.describe() == called.describe() == "puct:40 (learned value)"


def test_a_guide_takes_the_place_of_priors_and_value_and_nothing_else() -> None:
    model = seeded_model("hus", 0, False)
    assert MCTSAgent(10, guide=model.guide).c == PUCT_C
    for extra in ({"priors": model.priors}, {"value": model.value}, {"perspective": "root"},
                  {"backpropagation": lambda node, outcome: None}):
        with pytest.raises(ValueError, match="guide"):
            MCTSAgent(10, guide=model.guide, **extra)
    assert MCTSAgent(10, guide=model.guide, root_noise=(0.3, 0.25)).root_noise == (0.3, 0.25)


def test_self_play_guides_with_the_features_model_and_asks_a_network_one_call_at_a_time() -> None:
    model = seeded_model("shologuti", 0, True)
    assert puct_guidance(model) == {"guide": model.guide}
    network = NetworkModel.blank("hus", 4)
    assert puct_guidance(network) == {"priors": network.priors, "value": network.value}
