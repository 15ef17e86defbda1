"""A policy and a value that learn from the board alone: two small neural networks, in numpy.

Where :class:`~lessons_lib.learning.policy_value.Model` weighs features a person chose (material, mobility, ...),
:class:`NetworkModel` reads only what the rules give: where each piece stands, who is to move, and the clock (the
game's ``ENGINE.board_inputs``). Each of its two parts is a perceptron with one hidden layer of ``tanh`` units,
``out(x) = w₂·tanh(W₁x + b₁) + b₂``:

- the **value** of a position for the player to move is ``σ(out(x))`` with ``x`` the board seen by that player, and
  for the other player ``1 − σ(out(x))`` (AlphaZero's way: one number, from the mover's side);
- the **policy** gives each legal move the chance ``softmax(out(x after the move, seen by the mover))``.

:func:`fit_network` trains a part by gradient descent (Adam, every example at each step, from seeded small
weights): the value on the cross-entropy against its targets, the policy on the cross-entropy against the visit
shares, each with a small penalty on large weights. The same examples and seed give the same network.

>>> model = NetworkModel.blank("hus", hidden=4)  # knows nothing yet: every move alike, every position even
>>> start = model.game.start()
>>> model.value(start, 0), round(sum(model.priors(start, start.legal_moves())), 12)
(0.5, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lessons_lib.games import GAMES, Game

Array = NDArray[np.float64]

STEPS = 300
"""Adam's steps for each fit."""
RATE = 0.01
"""Adam's step size."""


@dataclass(frozen=True)
class Network:
    """``out(x) = w₂·tanh(W₁x + b₁) + b₂``, its weights flattened in that order (``W₁`` row by row, ``inputs`` rows
    of ``hidden``)."""

    inputs: int
    hidden: int
    weights: tuple[float, ...]

    @cached_property
    def arrays(self) -> tuple[Array, Array, Array, float]:
        """``W₁`` (inputs × hidden), ``b₁``, ``w₂`` and ``b₂``."""
        return unflatten(np.array(self.weights, dtype=np.float64), self.inputs, self.hidden)

    def outputs(self, rows: Array) -> Array:
        """``out`` for each row of ``rows`` (one position's inputs a row)."""
        first, first_bias, second, second_bias = self.arrays
        result: Array = np.tanh(rows @ first + first_bias) @ second + second_bias
        return result

    @classmethod
    def blank(cls, inputs: int, hidden: int) -> Network:
        """The network whose every output is 0 (all its weights 0)."""
        return cls(inputs, hidden, (0.0,) * size(inputs, hidden))


def size(inputs: int, hidden: int) -> int:
    """How many weights a network of ``inputs`` and ``hidden`` units has."""
    return inputs * hidden + 2 * hidden + 1


def unflatten(flat: Array, inputs: int, hidden: int) -> tuple[Array, Array, Array, float]:
    split = inputs * hidden
    return (flat[:split].reshape(inputs, hidden), flat[split:split + hidden], flat[split + hidden:split + 2 * hidden],
            float(flat[-1]))


def gradient(flat: Array, inputs: int, hidden: int, rows: Array, output_gradient: Callable[[Array], Array]) -> Array:
    """The gradient of a loss with respect to the flattened weights, by backpropagation: ``output_gradient`` turns
    the outputs into the loss's gradient with respect to each of them."""
    first, first_bias, second, second_bias = unflatten(flat, inputs, hidden)
    hidden_values = np.tanh(rows @ first + first_bias)
    out_gradient = output_gradient(hidden_values @ second + second_bias)
    hidden_gradient = np.outer(out_gradient, second) * (1 - hidden_values ** 2)
    return np.concatenate([(rows.T @ hidden_gradient).ravel(), hidden_gradient.sum(axis=0),
                           hidden_values.T @ out_gradient, [out_gradient.sum()]])


def fit_network(rows: Array, output_gradient: Callable[[Array], Array], hidden: int, seed: int,
                l2: float = 1e-4, steps: int = STEPS) -> Network:
    """A network trained by Adam from seeded small weights (uniform within ``±1/√inputs`` in the first layer, 0 in
    the second) for ``steps`` steps on every row at once; ``output_gradient`` as for :func:`gradient`."""
    inputs = rows.shape[1]
    rng = np.random.default_rng(seed)
    flat = np.zeros(size(inputs, hidden))
    flat[:inputs * hidden] = rng.uniform(-1, 1, inputs * hidden) / math.sqrt(inputs)
    flat[inputs * hidden + hidden:inputs * hidden + 2 * hidden] = rng.uniform(-1, 1, hidden) / math.sqrt(hidden)
    mean, square = np.zeros_like(flat), np.zeros_like(flat)
    for step in range(1, steps + 1):
        change = gradient(flat, inputs, hidden, rows, output_gradient) + l2 * flat
        mean = 0.9 * mean + 0.1 * change
        square = 0.999 * square + 0.001 * change ** 2
        flat -= RATE * (mean / (1 - 0.9 ** step)) / (np.sqrt(square / (1 - 0.999 ** step)) + 1e-8)
    return Network(inputs, hidden, tuple(float(weight) for weight in flat))


def sigmoid(values: Array) -> Array:
    result: Array = 1 / (1 + np.exp(-np.clip(values, -500, 500)))
    return result


def value_loss_gradient(targets: Array) -> Callable[[Array], Array]:
    """The gradient of the mean cross-entropy of ``σ(out)`` against ``targets`` (each from 0 to 1)."""
    return lambda outputs: (sigmoid(outputs) - targets) / len(targets)


def policy_loss_gradient(starts: NDArray[np.int64], shares: Array) -> Callable[[Array], Array]:
    """The gradient of the mean cross-entropy of each position's softmax against its visit ``shares``; the rows of
    a position's moves run from ``starts[k]`` to the next start."""
    positions = len(starts)

    def output_gradient(outputs: Array) -> Array:
        return (group_softmax(outputs, starts) - shares) / positions
    return output_gradient


def group_softmax(logits: Array, starts: NDArray[np.int64]) -> Array:
    """The softmax of each group of ``logits`` (a group from each of ``starts`` to the next), each from its largest."""
    group = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(logits))))
    exps = np.exp(logits - np.maximum.reduceat(logits, starts)[group])
    result: Array = exps / np.add.reduceat(exps, starts)[group]
    return result


@dataclass(frozen=True)
class NetworkModel:
    """A game's policy and value as two networks on its ``board_inputs`` (see the module)."""

    game_name: str
    value_network: Network
    policy_network: Network

    @property
    def game(self) -> Game:
        return GAMES[self.game_name]

    def value(self, state: Any, player: int) -> float:
        """``player``'s expected score from ``state``: ``σ(out(x))`` for the player to move, 1 minus it for the other."""
        mover = state.to_move
        out = float(self.value_network.outputs(np.asarray(self._inputs(state, mover))[np.newaxis])[0])
        chance = 1 / (1 + math.exp(-max(-500.0, min(500.0, out))))
        return chance if player == mover else 1 - chance

    def priors(self, state: Any, moves: list[Hashable]) -> list[float]:
        """A chance for each of ``moves``: the softmax of the policy's ``out`` after each move, seen by the mover."""
        mover = state.to_move
        logits = self.policy_network.outputs(np.array([self._inputs(state.play(move), mover) for move in moves]))
        chances = np.exp(logits - logits.max())
        return [float(chance) for chance in chances / chances.sum()]

    @cached_property
    def _inputs(self) -> Callable[[Any, int], Array]:
        return board_inputs_of(self.game)

    @classmethod
    def blank(cls, game_name: str, hidden: int) -> NetworkModel:
        """The networks that know nothing (every output 0): every move alike, every position even."""
        count = len(board_inputs_of(GAMES[game_name])(GAMES[game_name].start(), 0))
        return cls(game_name, Network.blank(count, hidden), Network.blank(count, hidden))


def board_inputs_of(game: Game) -> Callable[[Any, int], Array]:
    """``game``'s ``board_inputs``; ValueError (one line) for a game that has none."""
    inputs = game.engine.board_inputs
    if inputs is None:
        raise ValueError(f"{game.title} has no board inputs for a network to read")
    return inputs
