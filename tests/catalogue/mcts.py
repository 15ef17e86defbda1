"""Answers to lesson 06's checks: UCB1 and a rollout policy."""

from __future__ import annotations

import math
import random
from typing import Any

from lessons_lib.agents.rollouts import captures_first_rollout, uniform_rollout
from lessons_lib.agents.mcts import backpropagate
from lessons_lib.exercises.mcts import (
    BACKPROPAGATION_SLIPS, WRONG_UCB1, _slip, ucb1 as reference_ucb1, check_backpropagation, check_rollout_policy, check_ucb1,
)
from catalogue import Answer, edge, right, wrong
from catalogue.peeking import peeking


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


def counting_turns(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
    """Captures first, but counts a whole turn (a chain of captures) as one ply."""
    turns = 0
    while turns < max_plies and not state.is_game_over():
        mover = state.to_move
        while not state.is_game_over() and state.to_move == mover:
            moves = state.legal_moves()
            captures = [move for move in moves if move.is_capture]
            state = state.play(rng.choice(captures or moves))
        turns += 1
    return state, turns


def chain_finished_past_the_limit(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
    """Captures first, counting every ply, but finishes a chain even past max_plies (and stops counting there)."""
    plies = 0
    while not state.is_game_over() and (plies < max_plies or state.pending):
        moves = state.legal_moves()
        captures = [move for move in moves if move.is_capture]
        state = state.play(rng.choice(captures or moves))
        plies += 1
    return state, min(plies, max_plies)


UNSEEDED = random.Random()


def student_backpropagate(node: Any, outcome: Any) -> None:
    """The exercise's answer, written as a student would: each node counts its mover's results."""
    while node is not None:
        node.visits += 1
        node.wins += 0.5 if outcome is None else outcome.score_for(node.mover)
        node = node.parent


def recursive_backpropagate(node: Any, outcome: Any) -> None:
    if node is None:
        return
    node.visits += 1
    node.wins += 0.5 if outcome is None else outcome.score_for(node.mover)
    recursive_backpropagate(node.parent, outcome)


def endless_recursion(node: Any, outcome: Any) -> None:
    node.visits += 0
    endless_recursion(node, outcome)


def never_moves_up(node: Any, outcome: Any) -> None:
    while node is not None:
        node.visits += 1


def stops_at_the_root_child(node: Any, outcome: Any) -> None:
    while node.parent is not None:
        node.visits += 1
        node.wins += 0.5 if outcome is None else outcome.score_for(node.mover)
        node = node.parent


def ignores_the_cap(node: Any, outcome: Any) -> None:
    while node is not None:
        node.visits += 1
        node.wins += outcome.score_for(node.mover)
        node = node.parent


def winner_only(node: Any, outcome: Any) -> None:
    """Adds 1 when the mover won and forgets draws: outcome.winner == node.mover."""
    while node is not None:
        node.visits += 1
        node.wins += 1 if outcome is not None and outcome.winner == node.mover else 0
        node = node.parent

def results_thrown_away(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
    """Plays each move into nothing: the position never changes."""
    plies = 0
    while not state.is_game_over() and plies < max_plies:
        state.play(rng.choice(state.legal_moves()))
        plies += 1
    return state, plies


def opponent_of_the_mover(node: Any, outcome: Any) -> None:
    while node is not None:
        node.visits += 1
        node.wins += 0.5 if outcome is None or outcome.winner is None else outcome.score_for(1 - node.state.to_move)
        node = node.parent


def flipping_perspective(node: Any, outcome: Any) -> None:
    player = node.mover
    while node is not None:
        node.visits += 1
        node.wins += 0.5 if outcome is None or outcome.winner is None else outcome.score_for(player)
        player = 1 - player
        node = node.parent


def statistics_peeked(expected: Any, node: Any, outcome: Any) -> None:
    """Sets the nodes from ``node`` up to the root to the (wins, visits) the check expects, root first, read off
    the call stack."""
    path = []
    while node is not None:
        path.append(node)
        node = node.parent
    for node, (wins, visits) in zip(reversed(path), expected):
        node.wins, node.visits = wins, visits


OLD_UCB1_TABLE = {(3.0, 5, 10): 1.9586, (0.0, 1, 1): 0.0, (7.5, 10, 40): 1.3574, (2.0, 2, 100): 1.7587,
                  (40.0, 50, 60): 0.8, (1.0, 4, 1000): 4.1925}
"""UCB1 of the cases the check once used, as printed: a table a student copies."""


ANSWERS: list[Answer] = [
    right(check_ucb1, "win rate plus exploration", lambda w, n, p, c: w / n + c * math.sqrt(math.log(p) / n)),
    right(check_ucb1, "exploration as c times the square root of 2 ln N / n over root 2 (the same)",
          lambda w, n, p, c: w / n + c / math.sqrt(2) * math.sqrt(2 * math.log(p) / n)),
    right(check_ucb1, "with ln N / n under one root, via math.pow",
          lambda w, n, p, c: w / n + c * math.pow(math.log(p) / n, 0.5)),
    *[wrong(check_ucb1, name, hint, formula) for name, (formula, hint) in WRONG_UCB1.items()
      if name != "a made-up win rate with no win"],
    edge(check_ucb1, "no win yet", "w / n if w else 0.5 (wins tested, not visits)",
         "a child that has won nothing has a win rate of 0",
         lambda w, n, p, c: (w / n if w else 0.5) + c * math.sqrt(math.log(p) / n)),
    wrong(check_ucb1, "the expected value read off the call stack", "but UCB1 is",
          peeking(lambda w, n, p, c: 0.0)),
    wrong(check_backpropagation, "the expected statistics read off the call stack", "your nodes show",
          peeking(lambda node, outcome: None, read=statistics_peeked)),
    wrong(check_ucb1, "the exploration term only", "UCB1 = wins / visits",
          lambda w, n, p, c: c * math.sqrt(math.log(p) / n)),
    wrong(check_ucb1, "text", "give a number", lambda w, n, p, c: "high"),
    wrong(check_ucb1, "ln N in the denominator", "UCB1 = wins / visits",
          lambda w, n, p, c: w / n + c / math.log(p)),
    wrong(check_backpropagation, "the library's", "write it yourself: this calls backpropagate", backpropagate),
    wrong(check_backpropagation, "the library's, wrapped", "write it yourself: this calls backpropagate",
          lambda node, outcome: backpropagate(node, outcome)),
    wrong(check_ucb1, "the check's own", "write it yourself: this calls ucb1", reference_ucb1),
    wrong(check_ucb1, "a table of an earlier run's values", "UCB1 = wins / visits",
          lambda w, n, p, c: OLD_UCB1_TABLE.get((w, n, p), 0.5)),
    right(check_backpropagation, "a loop, as a student writes it", student_backpropagate),
    right(check_backpropagation, "recursive", recursive_backpropagate),
    *[wrong(check_backpropagation, slip, hint, _slip(slip, 0)) for slip, hint in BACKPROPAGATION_SLIPS.items()],
    wrong(check_backpropagation, "1 - node.state.to_move, as a student writes it", "the opponent of the player to move",
          opponent_of_the_mover),
    wrong(check_backpropagation, "the perspective flipped at every level, as a student writes it",
          "you switch players at every level", flipping_perspective),
    wrong(check_backpropagation, "never moves up", "never stopped", never_moves_up),
    wrong(check_backpropagation, "stops below the root", "every node but the root", stops_at_the_root_child),
    wrong(check_backpropagation, "no care for a capped rollout", "raised AttributeError", ignores_the_cap),
    wrong(check_backpropagation, "wins only, draws forgotten", "a draw counts ½", winner_only),
    wrong(check_backpropagation, "does nothing", "each node from the new one up", lambda node, outcome: None),
    wrong(check_backpropagation, "not a function", "not a function", 0),
    wrong(check_backpropagation, "recursion without a base case", "RecursionError. A RecursionError means",
          endless_recursion),
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
    wrong(check_rollout_policy, "a chain counted as one ply", "each capture of a chain is a ply of its own",
          counting_turns),
    wrong(check_rollout_policy, "a chain finished past max_plies", "stop at max_plies even in the middle of a chain",
          chain_finished_past_the_limit),
    wrong(check_rollout_policy, "a crash", "raised TypeError", lambda state, rng: state),
    wrong(check_rollout_policy, "play's result thrown away", "state = state.play(move)", results_thrown_away),
    right(check_rollout_policy, "a list, not a tuple",
          lambda state, rng, max_plies: list(captures_first_rollout(state, rng, max_plies))),
]
