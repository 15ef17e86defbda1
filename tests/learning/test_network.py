"""The networks that read the board alone: their inputs, their gradients, their fits, and the loop with them."""

from __future__ import annotations

import json
import math
import random
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pytest

from lessons_lib.games import GAMES
from lessons_lib.learning.generations import LoopStore, generation_from_json, run_generations
from lessons_lib.learning.network import (
    Network, NetworkModel, fit_network, gradient, group_softmax, policy_loss_gradient, sigmoid, size,
    value_loss_gradient,
)
from lessons_lib.learning.self_play import LoopSettings, network_examples, self_play_game


def positions_of(name: str, count: int, seed: int) -> list[object]:
    """Positions of random games of ``name``, still in play."""
    rng = random.Random(seed)
    found: list[object] = []
    while len(found) < count:
        position = GAMES[name].start()
        while position.outcome() is None and len(found) < count:
            found.append(position)
            position = position.play(rng.choice(position.legal_moves()))
    return found


@pytest.mark.parametrize("name", list(GAMES))
def test_the_board_inputs_have_one_size_and_hold_the_pieces_turn_and_clock(name: str) -> None:
    inputs = GAMES[name].engine.board_inputs
    assert inputs is not None
    sizes = {len(inputs(position, player)) for position in positions_of(name, 60, 1) for player in (0, 1)}
    assert len(sizes) == 1
    for position in positions_of(name, 40, 2):
        mine, theirs = inputs(position, position.to_move), inputs(position, 1 - position.to_move)
        assert not np.array_equal(mine, theirs)  # who is to move, at least, differs
        assert np.all((0 <= mine) & (mine <= 1))


def test_red_sees_the_board_turned_as_green_sees_its_mirror() -> None:
    inputs = GAMES["shologuti"].engine.board_inputs
    assert inputs is not None
    for position in positions_of("shologuti", 50, 3):
        assert np.array_equal(inputs(position, 1), inputs(position.mirrored(), 0))  # type: ignore[attr-defined]
    start = GAMES["shologuti"].start()
    assert inputs(start, 0)[:37].sum() == 16 and inputs(start, 0)[37:74].sum() == 16


def test_the_pieces_are_where_the_position_says() -> None:
    inputs = GAMES["shologuti"].engine.board_inputs
    position = GAMES["shologuti"].position("start").play("23-18").play("13x23")
    seen = inputs(position, 0)
    assert seen[23 - 1] == 0 and seen[37 + 23 - 1] == 1 and seen[37 + 13 - 1] == 0  # Red took on 18, now on 23


def numeric_gradient(flat: np.ndarray, inputs: int, hidden: int, rows: np.ndarray, loss: object) -> np.ndarray:
    found = np.zeros_like(flat)
    for index in range(len(flat)):
        step = np.zeros_like(flat)
        step[index] = 1e-6
        found[index] = (loss(flat + step) - loss(flat - step)) / 2e-6  # type: ignore[operator]
    return found


def outputs_of(flat: np.ndarray, inputs: int, hidden: int, rows: np.ndarray) -> np.ndarray:
    return Network(inputs, hidden, tuple(flat)).outputs(rows)


def test_backpropagation_gives_the_gradient_of_each_loss() -> None:
    rng = np.random.default_rng(0)
    inputs, hidden = 5, 3
    rows = rng.uniform(0, 1, (7, inputs))
    flat = rng.normal(0, 0.5, size(inputs, hidden))
    targets = rng.uniform(0, 1, 7)

    def value_loss(weights: np.ndarray) -> float:
        chances = sigmoid(outputs_of(weights, inputs, hidden, rows))
        return float(-np.mean(targets * np.log(chances) + (1 - targets) * np.log(1 - chances)))
    assert np.allclose(gradient(flat, inputs, hidden, rows, value_loss_gradient(targets)),
                       numeric_gradient(flat, inputs, hidden, rows, value_loss), atol=1e-6)
    starts = np.array([0, 3, 4])
    shares = np.array([0.5, 0.25, 0.25, 1.0, 0.1, 0.2, 0.7])

    def policy_loss(weights: np.ndarray) -> float:
        chances = group_softmax(outputs_of(weights, inputs, hidden, rows), starts)
        return float(-np.sum(shares * np.log(chances)) / len(starts))
    assert np.allclose(gradient(flat, inputs, hidden, rows, policy_loss_gradient(starts, shares)),
                       numeric_gradient(flat, inputs, hidden, rows, policy_loss), atol=1e-6)


def test_each_groups_softmax_sums_to_one() -> None:
    chances = group_softmax(np.array([1.0, 2.0, 3.0, 1000.0, -5.0, 0.0]), np.array([0, 3, 5]))
    assert np.allclose([chances[:3].sum(), chances[3:5].sum(), chances[5]], 1.0)
    assert chances[3] == 1.0  # no overflow


def test_a_fit_learns_a_rule_from_the_board_and_is_seeded() -> None:
    rng = np.random.default_rng(1)
    rows = rng.integers(0, 2, (300, 6)).astype(np.float64)
    targets = (rows[:, 0] > rows[:, 1]).astype(np.float64) * 0.8 + 0.1  # a rule no single weight alone makes
    network = fit_network(rows, value_loss_gradient(targets), hidden=8, seed=4)
    assert network == fit_network(rows, value_loss_gradient(targets), hidden=8, seed=4)
    assert network != fit_network(rows, value_loss_gradient(targets), hidden=8, seed=5)
    assert np.max(np.abs(sigmoid(network.outputs(rows)) - targets)) < 0.1


@pytest.mark.parametrize("name", list(GAMES))
def test_the_blank_networks_know_nothing_and_the_value_is_zero_sum(name: str) -> None:
    blank = NetworkModel.blank(name, hidden=4)
    start = GAMES[name].start()
    moves = start.legal_moves()
    assert blank.value(start, 0) == 0.5 and blank.priors(start, moves) == [1 / len(moves)] * len(moves)
    rng = np.random.default_rng(2)
    inputs = blank.value_network.inputs
    model = NetworkModel(name, *(Network(inputs, 4, tuple(rng.normal(0, 1, size(inputs, 4)))) for _ in range(2)))
    for position in positions_of(name, 20, 5):
        assert math.isclose(model.value(position, 0) + model.value(position, 1), 1.0)
        assert math.isclose(sum(model.priors(position, position.legal_moves())), 1.0)


def test_the_examples_are_the_boards_the_targets_and_the_visit_shares() -> None:
    settings = LoopSettings(game="baghchal", iterations=10, games=1, seed=2, network=4)
    played = self_play_game(settings.blank(), settings, 0, 0)
    values, targets, moves, starts, shares = network_examples("baghchal", [played])
    inputs = GAMES["baghchal"].engine.board_inputs
    first = played.positions[0]
    position = GAMES["baghchal"].position(first.text)
    assert np.array_equal(values[0], inputs(position, first.to_move)) and len(values) == len(played.positions)
    assert targets.tolist() == [played.score_for(each.to_move) for each in played.positions]
    assert np.array_equal(moves[0], inputs(position.play(first.moves[0]), first.to_move))
    assert np.allclose(np.add.reduceat(shares, starts), 1.0) and len(moves) == len(shares)


def test_a_loop_of_networks_plays_fits_and_keeps_them(tmp_path: Path) -> None:
    settings = LoopSettings(game="hus", iterations=8, games=2, sampled_plies=2, seed=1, network=6)
    store = LoopStore(tmp_path / "network.sqlite", settings)
    generations = run_generations(store, 2)
    assert all(isinstance(each.model, NetworkModel) for each in generations)
    assert generations[1].model != generations[0].model and generations[1].value_log_loss is not None
    assert store.generations() == generations  # kept and read back
    assert generation_from_json(json.loads(json.dumps(asdict(generations[2])))) == generations[2]
    again = run_generations(LoopStore(tmp_path / "again.sqlite", settings), 2)
    assert again == generations
    with pytest.raises(ValueError, match="clock inputs are for the features"):
        LoopSettings(network=8, clock_inputs=True)
