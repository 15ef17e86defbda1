"""Checks for notebook 06's section on the opponent a search assumes: expectimax written by a student."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from lessons_lib.agents.base import Evaluation
from lessons_lib.agents.evaluation import utility
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.agents.expectimax import ExpectimaxAgent
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import Cases, Feedback, call_for_number, case_seed, drawn_with
from lessons_lib.exercises.minimax_alphabeta import drawn_search_cases, reference_search
from lessons_lib.exercises.search_edges import EDGE_MISTAKES
from lessons_lib.games.shologuti.samples import EARLY_WINNER_TRAP
from lessons_lib.games.shologuti.position import RED, Position
from lessons_lib.games.tiny_tree import AIMA_FIGURE_5_2, CHAIN_TREE, GAMBLE_TREE, TinyTree, leaf_evaluation

CASES: list[tuple[str, Any, int, Evaluation]] = [
    ("the gamble tree", TinyTree(GAMBLE_TREE), 2, leaf_evaluation),
    ("the tree of figure 5.2", TinyTree(AIMA_FIGURE_5_2), 2, leaf_evaluation),
    ("the chain tree (one player moves twice in a row)", TinyTree(CHAIN_TREE), 3, leaf_evaluation),
    ("figure 5.2 with player 1 to move at the root", TinyTree((1, AIMA_FIGURE_5_2)), 2, leaf_evaluation),
    ("a Shologuti endgame, Green to move", Position.from_string(EARLY_WINNER_TRAP), 3, material_mobility_evaluation),
    ("a Shologuti position, Red to move", Position.from_string("RRRRRRG...R....R....RGG.G..G...GGGGGG r - 1"), 2,
     material_mobility_evaluation),
    ("a position Green wins in 3 plies, searched 3 plies deep",
     Position.from_string("G.RG...........................G..... g -"), 3, material_mobility_evaluation),
    ("a capture that ends the game at once", Position.from_points(green=[23, 31], red=[18]), 2,
     material_mobility_evaluation),
    ("a finished game (Red to move, no Red piece left)", Position.from_points(green=[23], red=[], to_move=RED), 2,
     material_mobility_evaluation),
]
"""(name, position, depth, evaluation): tiny trees (one with player 1 at the root), a real endgame, a position with
Red to move, a game won exactly at the depth searched, a game that ends within the depth, and one that is already
over."""


def _variant(state: Any, depth: int, root: int, evaluate: Evaluation, mistake: str, ply: int = 0) -> float:
    """Expectimax with one of the usual mistakes (see :data:`MISTAKES`; "" for none)."""
    over = state.is_game_over()
    if depth == 0 and mistake == "depth before the end":
        return evaluate(state, root)
    if over and mistake == "draw by evaluation" and state.outcome().winner is None:
        return evaluate(state, root)
    if over and mistake != "no utility":
        return utility(state, root, 0 if mistake == "ply not counted" else ply)
    if depth == 0 and ply == 0 and mistake == "one ply at depth 0" and not over:
        return _variant(state, 1, root, evaluate, "", ply)
    if depth == 0 or over:
        return evaluate(state, root)
    moves = state.legal_moves()
    if ply == 0 and len(moves) == 1 and mistake == "one move not searched":
        return _variant(state.play(moves[0]), 0, root, evaluate, "", ply + 1)
    values = [_variant(state.play(move), depth - 1, root, evaluate, mistake, ply + 1) for move in moves]
    ours = (ply % 2 == 0 if mistake == "by depth" else state.to_move == 0 if mistake == "player 0 maximises"
            else state.to_move == root)
    if mistake == "mean everywhere" or (not ours and mistake != "min at chance nodes"):
        return math.fsum(values) / len(values)
    return max(values) if ours else min(values)


MISTAKES = {
    **EDGE_MISTAKES,
    "min at chance nodes": "that is minimax: at the opponent's nodes take the mean of the children, since a random "
                           "mover plays each reply equally often, not the worst one.",
    "mean everywhere": "at the root's player's nodes take the best child (max): we choose our own moves; only the "
                       "opponent's are random.",
    "by depth": "you decided max or mean by the depth; in a capture chain the same player moves twice in a row: "
                "take the max where state.to_move == root_player.",
    "depth before the end": "a finished game was scored by the evaluation (this one ends exactly at the depth "
                            "searched): test state.is_game_over() first, before depth == 0, and return "
                            "utility(state, root_player, ply) there.",
    "no utility": "a finished game was scored by the evaluation: test state.is_game_over() first and return "
                  "utility(state, root_player, ply).",
    "ply not counted": "a finished game's utility must know how far below the root it is: pass ply + 1 down.",
    "player 0 maximises": "you take the max where player 0 moves; take it where the root's player moves "
                          "(state.to_move == root_player), which is player 1 when Red is to move at the root.",
}


def _same(value: float, other: float) -> bool:
    return math.isclose(value, other, rel_tol=1e-9, abs_tol=1e-9)


def _expectimax_mistake(answer: float, name: str, state: Any, depth: int, evaluate: Evaluation,
                        wanted: bool = True) -> str | None:
    """What is wrong with ``answer``, a student's expectimax value of ``state`` at ``depth``, or None ("" if it is
    wrong but no message is ``wanted``). Worked out only once the student's function has returned, so that nothing
    it could read while it ran held the value it should give."""
    expected, _ = reference_search(ExpectimaxAgent, state, depth, evaluate)
    if _same(answer, expected):
        return None
    if not wanted:
        return ""
    hint = next((hint for mistake, hint in MISTAKES.items()
                 if _same(answer, _variant(state, depth, state.to_move, evaluate, mistake))),
                "compare with the description above: max at the root player's nodes, the mean elsewhere.")
    return f"on {name} at depth {depth}, your value is {answer:.4g} but expectimax gives {expected:.4g}: {hint}"


@watched
def check_expectimax(expectimax: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``expectimax(state, depth, root_player, evaluate, ply=0)`` on tiny trees and positions,
    fixed ones and ones drawn with ``seed`` (fresh when None)."""
    name, state, depth, evaluate = CASES[3]
    refused = refusal(expectimax, "check_expectimax", "search", trial=(state, depth, state.to_move, evaluate))
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for number, (name, state, depth, evaluate) in cases.each(enumerate(CASES + drawn_search_cases(seed, _variant))):
        seen = drawn_with(seed) if number >= len(CASES) else ""
        answer, failure = call_for_number(expectimax, state, depth, state.to_move, evaluate)
        if failure:
            if failure.startswith("raised ZeroDivisionError"):
                failure += (". A finished game has no moves, so the mean of its children divides by zero: test "
                            "state.is_game_over() first")
            cases.failed_call(f"on {name}, expectimax {failure}{seen}", expectimax, failure)
            continue
        mistake = _expectimax_mistake(answer, name, state, depth, evaluate, cases.wanted)
        if mistake is None:
            cases.passed()
        else:
            cases.failed(mistake and mistake + seen)
    return cases.feedback("right on the tiny trees, the chain and real positions: the best move against a player "
                          "who moves at random.")
