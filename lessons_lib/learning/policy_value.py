"""AlphaZero in miniature: a policy and a value small enough to read, learned from self-play with numpy alone.

Both look at a game's features (its ``ENGINE.features``, lesson 10's: one player's counts minus the other's):

- the **value** of a position for a player is lesson 10's logistic model, ``σ(v·f(position, player))``: the
  player's expected score, 1 a win, ½ a draw, 0 a loss. With ``clock_inputs`` it also reads the draw clock
  (``ENGINE.clock_share``, ``s`` from 0 to 1): its inputs are ``f`` and ``s·f``, so a lead can be worth less as
  the clock runs out;
- the **policy** gives each legal move the chance ``softmax(p·f(after the move, mover))``: a move scores by the
  features of the position it leads to, seen by the player who makes it.

Self-play gives each the target AlphaZero gives it: the value is fitted to the game's result for the player to
move (a draw counts ½), the policy to the share of the search's visits each move had at the root.

>>> model = Model("hus", (0.0,) * 6, (0.0,) * 6)  # knows nothing yet: every move alike, every position even
>>> start = model.game.start()
>>> model.value(start, 0), round(sum(model.priors(start, start.legal_moves())), 12)
(0.5, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lessons_lib.games import GAMES, Game
from lessons_lib.learning import linear
from lessons_lib.learning.fitting import fit_logistic

Array = NDArray[np.float64]


@dataclass(frozen=True)
class Model:
    """A game's policy and value, each a vector of weights on its features (in ``feature_names`` order; the value's
    then on the features times the clock's share, if ``clock_inputs``)."""

    game_name: str
    value_weights: tuple[float, ...]
    policy_weights: tuple[float, ...]
    clock_inputs: bool = False

    @property
    def game(self) -> Game:
        return GAMES[self.game_name]

    def value(self, state: Any, player: int) -> float:
        """``player``'s expected score from ``state``: ``σ(v·f(state, player))``."""
        return linear.value(self._feature_function, self._clock, self.value_weights, state, player)

    def value_inputs(self, state: Any, player: int) -> Sequence[float]:
        """What the value reads: the features of ``state`` for ``player``, then (with ``clock_inputs``) each
        times the share of the draw clock run."""
        return linear.value_inputs(self._features(state, player),
                                   self._clock_share(state) if self.clock_inputs else None)

    def priors(self, state: Any, moves: list[Hashable]) -> list[float]:
        """A chance for each of ``moves``: the softmax of ``p·f(after the move, mover)``."""
        return linear.priors(self._feature_function, self.policy_weights, state, moves)

    def guide(self, state: Any, moves: list[Hashable]) -> tuple[list[float], list[float]]:
        """PUCT's guide (:data:`~lessons_lib.agents.mcts.Guide`): :meth:`priors` of ``moves``, and the :meth:`value`
        of each move's position for the mover, with each child's features found once."""
        return linear.children(self._feature_function, self._clock, self.policy_weights, self.value_weights, state,
                               moves)

    @cached_property
    def _clock(self) -> Callable[[Any], float] | None:
        return self._clock_share if self.clock_inputs else None

    def _features(self, state: Any, player: int) -> Sequence[float]:
        return self._feature_function(state, player)

    @cached_property
    def _feature_function(self) -> Callable[[Any, int], Sequence[float]]:
        """The game's ``features``, looked up once (PUCT asks for them at every move of every node it expands)."""
        features = self.game.engine.features
        if features is None:
            raise ValueError(f"{self.game.title} has no features to learn from")
        return features

    @cached_property
    def _clock_share(self) -> Callable[[Any], float]:
        share = self.game.engine.clock_share
        if share is None:
            raise ValueError(f"{self.game.title} has no draw clock to read")
        return share

    @classmethod
    def blank(cls, game_name: str, clock_inputs: bool = False) -> Model:
        """The model that knows nothing: every weight 0 (every move alike, every position even)."""
        if clock_inputs and GAMES[game_name].engine.clock_share is None:
            raise ValueError(f"{GAMES[game_name].title} has no draw clock for the value to read")
        size = len(GAMES[game_name].engine.feature_names)
        return cls(game_name, (0.0,) * (2 * size if clock_inputs else size), (0.0,) * size, clock_inputs)


@dataclass(frozen=True)
class PolicyExample:
    """One searched position: each move's features (moves × features) and its share of the root's visits."""

    move_features: Array
    visit_shares: Array


def policy_loss(examples: Sequence[PolicyExample], weights: Array) -> float:
    """The mean cross-entropy ``−Σ π(a) log P(a)`` of the policy ``weights`` against the visit shares ``π``."""
    total = 0.0
    for example in examples:
        logits = example.move_features @ weights
        log_chances = logits - logits.max() - np.log(np.sum(np.exp(logits - logits.max())))
        total -= float(example.visit_shares @ log_chances)
    return total / len(examples)


def fit_policy(examples: Sequence[PolicyExample], l2: float = 1e-3, max_iterations: int = 50,
               tolerance: float = 1e-9) -> Array:
    """The policy weights that minimise :func:`policy_loss` plus ``l2/2 · |p|²``, by Newton's method from 0.

    The loss is convex in the weights (a softmax's cross-entropy is), so, as for the value, each Newton step
    goes towards the one best answer, and the same examples always give the same weights.
    """
    if not examples:
        raise ValueError("there are no searched positions to fit")
    size = examples[0].move_features.shape[1]
    weights = np.zeros(size)
    for _ in range(max_iterations):
        gradient = l2 * weights
        curvature = l2 * np.eye(size)
        for example in examples:
            phi = example.move_features
            logits = phi @ weights
            chances = np.exp(logits - logits.max())
            chances /= chances.sum()
            gradient = gradient + phi.T @ (chances - example.visit_shares) / len(examples)
            mean = phi.T @ chances
            curvature = curvature + ((phi.T * chances) @ phi - np.outer(mean, mean)) / len(examples)
        step = np.linalg.lstsq(curvature, gradient, rcond=None)[0]
        weights = weights - step
        if np.max(np.abs(step)) < tolerance:
            break
    return weights


def fit_value(features: Array, scores: Array, l2: float = 1e-3) -> Array:
    """The value weights: lesson 10's logistic fit of each position's features (for the player to move) to the
    game's result for that player (1, ½ or 0)."""
    return fit_logistic(features, scores, l2=l2).weights
