"""Answers to lesson 06's checks: UCB1 and a rollout policy."""

from __future__ import annotations

import math
import random
from typing import Any

from lessons_lib.agents.rollouts import captures_first_rollout, uniform_rollout
from lessons_lib.exercises.mcts import WRONG_UCB1, check_rollout_policy, check_ucb1
from catalogue import Answer, right, wrong


def one_side_captures(side: int) -> Any:
    def policy(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
        plies = 0
        while plies < max_plies and not state.is_game_over():
            moves = state.legal_moves()
            captures = [move for move in moves if move.is_capture]
            state = state.play(rng.choice(captures if captures and state.to_move == side else moves))
            plies += 1
        return state, plies
    return policy


def never_hang_a_piece(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
    """Captures, and otherwise only moves after which nothing can be captured: so careful nothing happens."""
    plies = 0
    while plies < max_plies and not state.is_game_over():
        moves = state.legal_moves()
        captures = [move for move in moves if move.is_capture]
        quiet = [move for move in moves if not any(reply.is_capture for reply in state.play(move).legal_moves())]
        state = state.play(rng.choice(captures or quiet or moves))
        plies += 1
    return state, plies


def new_generator_each_ply(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
    plies = 0
    while plies < max_plies and not state.is_game_over():
        moves = state.legal_moves()
        captures = [move for move in moves if move.is_capture]
        state = state.play(random.Random(0).choice(captures or moves))
        plies += 1
    return state, plies


UNSEEDED = random.Random()

ANSWERS: list[Answer] = [
    right(check_ucb1, "win rate plus exploration", lambda w, n, p, c: w / n + c * math.sqrt(math.log(p) / n)),
    right(check_ucb1, "exploration as c times the square root of 2 ln N / n over root 2 (the same)",
          lambda w, n, p, c: w / n + c / math.sqrt(2) * math.sqrt(2 * math.log(p) / n)),
    right(check_ucb1, "with ln N / n under one root, via math.pow",
          lambda w, n, p, c: w / n + c * math.pow(math.log(p) / n, 0.5)),
    *[wrong(check_ucb1, name, hint, formula) for name, (formula, hint) in WRONG_UCB1.items()],
    wrong(check_ucb1, "the exploration term only", "UCB1 = wins / visits",
          lambda w, n, p, c: c * math.sqrt(math.log(p) / n)),
    wrong(check_ucb1, "text", "give a number", lambda w, n, p, c: "high"),
    wrong(check_ucb1, "ln N in the denominator", "UCB1 = wins / visits",
          lambda w, n, p, c: w / n + c / math.log(p)),
    right(check_rollout_policy, "captures first, for both sides", captures_first_rollout),
    wrong(check_rollout_policy, "uniform", "at least 60%", uniform_rollout),
    wrong(check_rollout_policy, "only Red captures", "plays the two sides differently", one_side_captures(1)),
    wrong(check_rollout_policy, "only Green captures", "plays the two sides differently", one_side_captures(0)),
    wrong(check_rollout_policy, "too careful to decide anything", "drawn by the quiet-move clock",
          never_hang_a_piece),
    wrong(check_rollout_policy, "the state only", "(the last position, the number of plies played)",
          lambda state, rng, max_plies: state),
    wrong(check_rollout_policy, "past max_plies", "stop at max_plies",
          lambda state, rng, max_plies: captures_first_rollout(state, rng, max_plies + 5)),
    wrong(check_rollout_policy, "stops at once", "the game was not over",
          lambda state, rng, max_plies: (state, 0)),
    wrong(check_rollout_policy, "the random module's own generator", "from rng",
          lambda state, rng, max_plies: captures_first_rollout(state, UNSEEDED, max_plies)),
    wrong(check_rollout_policy, "a new generator every ply", "inside the loop", new_generator_each_ply),
    wrong(check_rollout_policy, "a crash", "raised TypeError", lambda state, rng: state),
]
