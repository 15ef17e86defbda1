"""Answers to lesson 03's checks: the hand-worked tree, minimax and alpha-beta."""

from __future__ import annotations

import math
import random
from typing import Any

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.evaluation import utility
from lessons_lib.agents.minimax import MinimaxAgent
from lessons_lib.agents.presets import make_agent
from lessons_lib.exercises.minimax_alphabeta import (
    CASES, MISTAKES, check_alphabeta, check_minimax, check_pruned_leaves, check_tree_value, search_value,
)
from catalogue import Answer, edge, partly, remembered, right, state_key, wrong
from catalogue.peeking import peeking


def minimax(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    values = [minimax(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def minimax_with_loops(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return float(evaluate(state, root))
    best = -math.inf if state.to_move == root else math.inf
    for move in state.legal_moves():
        value = minimax_with_loops(state.play(move), depth - 1, root, evaluate, ply + 1)
        best = max(best, value) if state.to_move == root else min(best, value)
    return best


def no_game_over_test(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if depth == 0:
        return evaluate(state, root)
    values = [no_game_over_test(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def depth_first_then_game_over(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if depth == 0:
        return evaluate(state, root)
    if state.is_game_over():
        return utility(state, root, ply)
    values = [depth_first_then_game_over(state.play(m), depth - 1, root, evaluate, ply + 1)
              for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def one_ply_short(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth <= 1:
        return evaluate(state, root)
    values = [one_ply_short(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def by_depth(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    values = [by_depth(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if ply % 2 == 0 else min(values)


def movers_view(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, state.to_move, ply)
    if depth == 0:
        return evaluate(state, state.to_move)
    values = [movers_view(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def movers_utility(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """Leaves for the root's player, as they should be, but finished games for the player to move."""
    if state.is_game_over():
        return utility(state, state.to_move, ply)
    if depth == 0:
        return evaluate(state, root)
    values = [movers_utility(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def movers_leaves(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """Finished games for the root's player, but leaves for the player to move."""
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, state.to_move)
    values = [movers_leaves(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def utility_without_ply(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, 0)
    if depth == 0:
        return evaluate(state, root)
    values = [utility_without_ply(state.play(m), depth - 1, root, evaluate) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def infinite_utility(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        winner = state.outcome().winner
        return 0 if winner is None else math.inf if winner == root else -math.inf
    if depth == 0:
        return evaluate(state, root)
    values = [infinite_utility(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def draw_by_evaluation(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """A won or lost game scored by its utility, but a drawn one (nobody won) by the evaluation."""
    outcome = state.outcome()
    if outcome is not None and outcome.winner is not None:
        return utility(state, root, ply)
    if depth == 0 or outcome is not None:
        return evaluate(state, root)
    values = [draw_by_evaluation(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def leaf_or_end(state: Any, root: int, evaluate: Any, ply: int) -> float:
    return utility(state, root, ply) if state.is_game_over() else evaluate(state, root)


def one_ply_at_depth_0(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """Takes the children's values from depth 1 down, so at depth 0 too: one ply further than asked."""
    if state.is_game_over():
        return utility(state, root, ply)
    if depth <= 1:
        values = [leaf_or_end(state.play(m), root, evaluate, ply + 1) for m in state.legal_moves()]
    else:
        values = [one_ply_at_depth_0(state.play(m), depth - 1, root, evaluate, ply + 1) for m in state.legal_moves()]
    return max(values) if state.to_move == root else min(values)


def one_move_not_searched(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """A root with a single move answered with the position after it, unsearched: 'there is nothing to choose'."""
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    moves = state.legal_moves()
    if ply == 0 and len(moves) == 1:
        return leaf_or_end(state.play(moves[0]), root, evaluate, 1)
    values = [one_move_not_searched(state.play(m), depth - 1, root, evaluate, ply + 1) for m in moves]
    return max(values) if state.to_move == root else min(values)


def endless(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    return endless(state, depth, root, evaluate, ply)


def alphabeta(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any, ply: int = 0,
              soft: bool = False, strict: bool = False, keep_window: bool = False) -> float:
    """Alpha-beta, fail-hard by default (the value is kept within [alpha, beta]) or fail-soft, and two slips."""
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    maximizing = state.to_move == root
    best = -math.inf if maximizing else math.inf
    low, high = alpha, beta
    for move in state.legal_moves():
        value = alphabeta(state.play(move), depth - 1, low if keep_window else alpha,
                          high if keep_window else beta, root, evaluate, ply + 1, soft, strict, keep_window)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha > beta if strict else alpha >= beta:
            break
    if soft:
        return best
    return min(max(best, alpha if not maximizing else -math.inf), beta if maximizing else math.inf)


def fail_hard(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any, ply: int = 0) -> float:
    """The textbook's fail-hard form: a cutoff returns the bound itself."""
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    if state.to_move == root:
        for move in state.legal_moves():
            alpha = max(alpha, fail_hard(state.play(move), depth - 1, alpha, beta, root, evaluate, ply + 1))
            if alpha >= beta:
                return beta
        return alpha
    for move in state.legal_moves():
        beta = min(beta, fail_hard(state.play(move), depth - 1, alpha, beta, root, evaluate, ply + 1))
        if alpha >= beta:
            return alpha
    return beta


def alphabeta_by_depth(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any,
                       ply: int = 0) -> float:
    """Alpha-beta that takes MAX at even plies and MIN at odd ones: wrong after a capture chain."""
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    maximizing = ply % 2 == 0
    best = -math.inf if maximizing else math.inf
    for move in state.legal_moves():
        value = alphabeta_by_depth(state.play(move), depth - 1, alpha, beta, root, evaluate, ply + 1)
        if maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def alphabeta_scoring_leaves(leaf: Any) -> Any:
    """A plain alpha-beta whose positions are first offered to ``leaf(state, depth, root, evaluate, ply)``: its
    value where it gives one (a leaf), else the moves are searched."""
    def alphabeta(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any,
                  ply: int = 0) -> float:
        scored = leaf(state, depth, root, evaluate, ply)
        if scored is not None:
            return float(scored)
        best = -math.inf if state.to_move == root else math.inf
        for move in state.legal_moves():
            value = alphabeta(state.play(move), depth - 1, alpha, beta, root, evaluate, ply + 1)
            if state.to_move == root:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best
    return alphabeta


def draw_scored_by_evaluation(state: Any, depth: int, root: int, evaluate: Any, ply: int) -> float | None:
    """A won or lost game scored by its utility, a drawn one (and a leaf) by the evaluation."""
    outcome = state.outcome()
    if outcome is not None and outcome.winner is not None:
        return utility(state, root, ply)
    return evaluate(state, root) if depth == 0 or outcome is not None else None


alphabeta_draw_by_evaluation = alphabeta_scoring_leaves(draw_scored_by_evaluation)
"""Alpha-beta that scores a drawn game by the evaluation (a win or a loss by its utility)."""
no_utility_alphabeta = alphabeta_scoring_leaves(
    lambda state, depth, root, evaluate, ply: evaluate(state, root) if depth == 0 or state.is_game_over() else None)
"""Alpha-beta that scores every finished game by the evaluation."""


def endless_alphabeta(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any,
                      ply: int = 0) -> float:
    return endless_alphabeta(state, depth, alpha, beta, root, evaluate, ply)


def no_game_over_alphabeta(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any,
                           ply: int = 0) -> float:
    if depth == 0:
        return evaluate(state, root)
    values = []
    for move in state.legal_moves():
        values.append(no_game_over_alphabeta(state.play(move), depth - 1, alpha, beta, root, evaluate, ply + 1))
        if state.to_move == root:
            alpha = max(alpha, values[-1])
        else:
            beta = min(beta, values[-1])
        if alpha >= beta:
            break
    return max(values) if state.to_move == root else min(values)


def as_minimax(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any, ply: int = 0) -> float:
    return minimax(state, depth, root, evaluate, ply)


def prunes_at_every_node(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any,
                         ply: int = 0) -> float:
    """Stops after the first move whenever alpha is finite: prunes what must be searched."""
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    maximizing = state.to_move == root
    best = -math.inf if maximizing else math.inf
    for move in state.legal_moves():
        value = prunes_at_every_node(state.play(move), depth - 1, alpha, beta, root, evaluate, ply + 1)
        best = max(best, value) if maximizing else min(best, value)
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha > -math.inf and beta < math.inf:
            break
    return best


def minimax_agents_value(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """MinimaxAgent's value, as a student hands it in."""
    if state.is_game_over():
        return utility(state, root, ply)
    return MinimaxAgent(depth, evaluate).search(state).value


def agent_found_by_its_name(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    """MinimaxAgent reached with importlib and getattr, so that no name in the code shows it."""
    import importlib

    module = importlib.import_module("lessons_lib.agents." + "mini" + "max")
    agent = getattr(module, "Minimax" + "Agent")(depth, evaluate)
    return utility(state, root, ply) if state.is_game_over() else agent.search(state).value


def alphabeta_agents_value(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any,
                           ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    return AlphaBetaAgent(depth, evaluate).search(state).value


def searching_then_peeking(state: Any, depth: int, alpha: float, beta: float, root: int, evaluate: Any,
                           ply: int = 0) -> Any:
    """Visits what alpha-beta visits, then returns the value the check expects if it can read it off the call
    stack (else the root's evaluation)."""
    alphabeta(state, depth, alpha, beta, root, evaluate, ply)
    return peeking(lambda: evaluate(state, root), names=("expected", "value"))()


FIXED_VALUES = {state_key(state): search_value(MinimaxAgent(depth, evaluate), state)[0]
                for _, state, depth, evaluate in CASES}
"""The minimax value of every fixed case, as a student could collect them from the check's messages."""


def player_0_maximises(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
    if state.is_game_over():
        return utility(state, root, ply)
    if depth == 0:
        return evaluate(state, root)
    values = [player_0_maximises(state.play(move), depth - 1, root, evaluate, ply + 1) for move in state.legal_moves()]
    return max(values) if state.to_move == 0 else min(values)


ANSWERS: list[Answer] = [
    right(check_tree_value, "7 and 'a'", 7, "a"),
    right(check_tree_value, "7.0 and ' A '", 7.0, " A "),
    wrong(check_tree_value, "the text '7'", "give a number, 7 without the quotes", "7", "a"),
    partly(check_tree_value, "the best leaf", "never let MAX reach it", 0.0, 10, "c"),
    partly(check_tree_value, "the right value, the wrong move", "which root move", 0.5, 7, "b"),
    wrong(check_tree_value, "a move that is not there", "'a', 'b' and 'c'", 7, "d"),
    wrong(check_tree_value, "left unanswered", "fill in value and move", 0, None),
    wrong(check_tree_value, "None for the value", "give a number", None, "a"),
    partly(check_tree_value, "a value nowhere near, the right move", "level by level", 0.5, 3, "a"),
    right(check_pruned_leaves, "the five leaves", ["a2b", "b2a", "b2b", "c2a", "c2b"]),
    right(check_pruned_leaves, "as one string, in another order", "c2b, c2a b2a b2b a2b"),
    wrong(check_pruned_leaves, "cut off only when alpha > beta", "also when the two are equal", ["a2b", "b2a", "b2b"]),
    wrong(check_pruned_leaves, "whole subtrees only", "look again at a2 and the node above it",
          ["b2a", "b2b", "c2a", "c2b"]),
    wrong(check_pruned_leaves, "a hundred and one names", "the tree has 12 leaves", ["a2b"] * 101),
    wrong(check_pruned_leaves, "a hundred and one names in one string", "the tree has 12 leaves", "a2b " * 101),
    wrong(check_pruned_leaves, "moves taken right to left", "left to right", ["b1a", "b1b"]),
    wrong(check_pruned_leaves, "the leaves it does look at", "the question asks for the others",
          ["a1a", "a1b", "a2a", "b1a", "b1b", "c1a", "c1b"]),
    wrong(check_pruned_leaves, "one leaf too many", "alpha-beta does look at c1b",
          ["a2b", "b2a", "b2b", "c2a", "c2b", "c1b"]),
    wrong(check_pruned_leaves, "positions, not leaves", "is a position, not a leaf", ["a2b", "b2", "c2"]),
    wrong(check_pruned_leaves, "leaf values", "not their values", [9, 1, 2, 0, -1]),
    wrong(check_pruned_leaves, "a leaf that is not there", "there is no leaf", ["d1a"]),
    wrong(check_pruned_leaves, "nothing pruned", "fill in the list", []),
    wrong(check_pruned_leaves, "one leaf of five", "you found 1 of the 5", ["b2a"]),
    wrong(check_pruned_leaves, "a number", "give a list of leaf names", 5),
    right(check_minimax, "minimax as the pseudocode writes it", minimax),
    right(check_minimax, "minimax with a loop and infinities", minimax_with_loops),
    wrong(check_minimax, "no game-over test", "Test state.is_game_over() first", no_game_over_test),
    wrong(check_minimax, "the depth tested before the end of the game", "scored by the evaluation",
          depth_first_then_game_over),
    wrong(check_minimax, "one ply short", "compare your function with the pseudocode", one_ply_short),
    wrong(check_minimax, "MAX and MIN by depth", "not by the depth", by_depth),
    wrong(check_minimax, "MinimaxAgent's value", "write it yourself: this calls MinimaxAgent", minimax_agents_value),
    wrong(check_minimax, "MinimaxAgent through importlib and getattr", "write it yourself: this calls MinimaxAgent",
          agent_found_by_its_name),
    wrong(check_minimax, "an agent from make_agent", "write it yourself: this calls make_agent",
          lambda state, depth, root, evaluate, ply=0: make_agent(f"minimax:{depth}").search(state).value),
    wrong(check_alphabeta, "AlphaBetaAgent's value", "write it yourself: this calls AlphaBetaAgent",
          alphabeta_agents_value),
    wrong(check_minimax, "leaves and finished games for the player to move", "you evaluate leaves for the player",
          movers_view),
    wrong(check_minimax, "finished games for the player to move, leaves right", "your leaves are right",
          movers_utility),
    wrong(check_minimax, "leaves for the player to move, finished games right", "you evaluate leaves for the player",
          movers_leaves),
    wrong(check_minimax, "the utility without the ply", "pass ply + 1", utility_without_ply),
    wrong(check_minimax, "wins worth infinity", "not infinity", infinite_utility),
    wrong(check_minimax, "endless recursion", "RecursionError", endless),
    wrong(check_minimax, "no return", "forget return", lambda state, depth, root, evaluate: None),
    wrong(check_minimax, "a string", "give a number", lambda state, depth, root, evaluate: "3"),
    wrong(check_minimax, "the evaluation of the root", "compare your function",
          lambda state, depth, root, evaluate: evaluate(state, root)),
    wrong(check_minimax, "a random number", "your value is",
          lambda state, depth, root, evaluate: random.Random(0).randint(-20, 20)),
    wrong(check_minimax, "not a function", "not a function", 42),
    right(check_alphabeta, "fail-soft alpha-beta", lambda *args: alphabeta(*args, soft=True)),
    right(check_alphabeta, "alpha-beta clamped to the window", alphabeta),
    right(check_alphabeta, "fail-hard alpha-beta (return the bound at a cutoff)", fail_hard),
    wrong(check_alphabeta, "no pruning", "nothing was pruned", as_minimax),
    wrong(check_alphabeta, "a cutoff only when alpha > beta", "as soon as alpha >= beta",
          lambda *args: alphabeta(*args, strict=True)),
    wrong(check_alphabeta, "alpha and beta not passed down as they change", "pass the updated alpha and beta to each",
          lambda *args: alphabeta(*args, soft=True, keep_window=True)),
    wrong(check_alphabeta, "pruning on any finite bound", "skipped moves that had to be searched",
          prunes_at_every_node),
    wrong(check_alphabeta, "no utility", "scored by the evaluation", no_utility_alphabeta),
    wrong(check_alphabeta, "a string", "give a number", lambda *args: "7"),
    wrong(check_alphabeta, "endless recursion", "RecursionError", endless_alphabeta),
    wrong(check_alphabeta, "no game-over test", "Test state.is_game_over() first", no_game_over_alphabeta),
    wrong(check_minimax, "a table of the fixed cases' values", "cases drawn with seed",
          remembered(FIXED_VALUES, lambda state, depth, root, evaluate, ply=0: state_key(state))),
    wrong(check_minimax, "player 0 always maximises", "the root's player maximises", player_0_maximises),
    edge(check_minimax, "drawn game within the depth", "a drawn game scored by the evaluation",
         "a drawn game was scored by the evaluation", draw_by_evaluation),
    edge(check_minimax, "depth 0", "one ply ahead at depth 0", "at depth 0 you looked one ply ahead",
         one_ply_at_depth_0),
    edge(check_minimax, "root with one move", "a single root move left unsearched", "without searching it",
         one_move_not_searched),
    edge(check_minimax, "chain", "MAX and MIN by depth, wrong after a chain", "not by the depth", by_depth),
    wrong(check_minimax, "the expected value read off the call stack", "but minimax gives",
          peeking(lambda state, depth, root, evaluate, ply=0: evaluate(state, root))),
    edge(check_alphabeta, "drawn game within the depth", "a drawn game scored by the evaluation",
         "a drawn game was scored by the evaluation", alphabeta_draw_by_evaluation),
    edge(check_alphabeta, "chain", "MAX and MIN by depth, wrong after a chain", "not by the depth",
         alphabeta_by_depth),
    wrong(check_alphabeta, "the expected value read off the call stack", "but the minimax value is",
          searching_then_peeking),
]
assert "draw by evaluation" in MISTAKES
