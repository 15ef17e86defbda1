"""Rollout policies for MCTS: how a simulated game is played out from a position.

A policy is a function ``policy(state, rng, max_plies) -> (last_state, plies)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from lessons_lib.agents.base import State
from lessons_lib.kit.game import is_capture, random_playout
from lessons_lib.kit.chance import random_index

RolloutPolicy = Callable[[Any, random.Random, int], tuple[Any, int]]


def uniform_rollout(state: State, rng: random.Random, max_plies: int) -> tuple[State, int]:
    """Uniformly random legal moves: the Pygame project's rollout.

    A game may offer its own ``random_playout(rng, max_plies)`` that makes exactly
    the same choices faster (Shologuti's positions do); it is used when present.
    """
    own_playout = getattr(state, "random_playout", None)  # a FastPlayout's (a look-up: a Protocol's isinstance is slow)
    if own_playout is not None:
        result: tuple[State, int] = own_playout(rng, max_plies)
        return result
    return random_playout(state, rng, max_plies)


def captures_first_rollout(state: State, rng: random.Random, max_plies: int) -> tuple[State, int]:
    """A capture whenever there is one (chosen at random among the captures), otherwise any move.

    Under the traditional rules uniform playouts wander until the ply cap; taking
    material when it is offered makes games end, so rollouts say who is winning.
    """
    plies = 0
    moves = state.legal_moves()
    while moves and plies < max_plies:
        captures = [move for move in moves if is_capture(move)]
        chosen = captures or moves
        state = state.play(chosen[random_index(rng, len(chosen))])
        plies += 1
        moves = state.legal_moves()
    return state, plies


ROLLOUT_POLICIES: Final[dict[str, RolloutPolicy]] = {"uniform": uniform_rollout, "captures": captures_first_rollout}
