"""AlphaZero in miniature's policy and value: known answers, and what a fit must do."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons_lib.games import GAMES
from lessons_lib.learning.linear import softmax
from lessons_lib.learning.policy_value import Model, PolicyExample, fit_policy, policy_loss


def test_the_policy_fit_finds_the_known_weight() -> None:
    """Two moves, features 1 and 0, visited 3 to 1: e^p / (e^p + 1) = 3/4, so p = ln 3."""
    example = PolicyExample(np.array([[1.0], [0.0]]), np.array([0.75, 0.25]))
    assert fit_policy([example], l2=0.0)[0] == pytest.approx(math.log(3), abs=1e-6)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_fitted_policy_is_no_worse_than_any_nearby_one(seed: int) -> None:
    rng = np.random.default_rng(seed)
    examples = []
    for _ in range(6):
        moves = int(rng.integers(2, 6))
        shares = rng.random(moves)
        examples.append(PolicyExample(rng.normal(size=(moves, 3)), shares / shares.sum()))
    fitted = fit_policy(examples, l2=1e-3)
    best = policy_loss(examples, fitted) + 1e-3 / 2 * fitted @ fitted
    for _ in range(10):
        nearby = fitted + rng.normal(scale=0.05, size=3)
        assert policy_loss(examples, nearby) + 1e-3 / 2 * nearby @ nearby >= best - 1e-12


def test_softmax_is_a_distribution_even_for_huge_logits() -> None:
    chances = softmax([1000.0, 999.0, -1000.0])
    assert sum(chances) == pytest.approx(1.0) and chances[0] > chances[1] > chances[2] >= 0


@pytest.mark.parametrize("name", list(GAMES))
def test_a_blank_model_gives_every_move_the_same_chance_and_every_position_half(name: str) -> None:
    model = Model.blank(name)
    start = GAMES[name].start()
    moves = start.legal_moves()
    assert model.priors(start, moves) == pytest.approx([1 / len(moves)] * len(moves))
    assert model.value(start, 0) == model.value(start, 1) == 0.5


def test_the_value_is_each_players_share_and_the_policy_follows_its_weights() -> None:
    game = GAMES["shologuti"]
    names = game.engine.feature_names
    material = names.index("material early")
    weights = tuple(1.0 if index == material else 0.0 for index in range(len(names)))
    model = Model("shologuti", weights, weights)
    position = game.position("......G.........R.......G......GGGG.G r - 1")
    assert model.value(position, 0) + model.value(position, 1) == pytest.approx(1.0)
    moves = position.legal_moves()
    priors = model.priors(position, moves)
    captures = [prior for move, prior in zip(moves, priors) if move.is_capture]
    assert not captures or min(captures) > max(p for m, p in zip(moves, priors) if not m.is_capture)
