"""Answers to lesson 11's checks: the PUCT score, the scores of a node's moves (N), the selection down a tree, the
priors at the root, the policy's target and the value's target."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from lessons_lib.agents.mcts import PUCT_C, noisy, puct_scores
from lessons_lib.exercises.alphazero_in_miniature import (
    WRONG_PRIORS, WRONG_PUCT, WRONG_VALUE, check_node_scores, check_puct_score, check_root_priors, check_selection,
    check_value_target, check_visit_target, node_scores, puct_score, root_priors, selection_path, value_target,
    visit_target,
)
from catalogue import Answer, edge, partly, right, wrong

EXPECTED_NAMES = frozenset({"expected", "want", "wanted", "target", "reference", "right_answer", "correct", "result"})
"""Names a check might keep its expected answer under: what an answer that peeks looks for."""


def peeking(fallback: Callable[..., Any]) -> Callable[..., Any]:
    """An 'answer' that walks up the call stack (``sys._getframe``) and returns the first local of the library's
    calling frames named like an expected answer, else what ``fallback`` (a wrong answer) gives: it must fail."""
    def peek(*args: Any) -> Any:
        frame = sys._getframe(1)
        while frame is not None:
            checking = str(frame.f_globals.get("__name__", "")).startswith("lessons_lib")
            for name, value in frame.f_locals.items() if checking else ():
                if name in EXPECTED_NAMES:
                    return value
            frame = frame.f_back  # type: ignore[assignment]
        return fallback(*args)
    return peek


def student_puct(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    if visits == 0:
        q = 0.5
    else:
        q = wins / visits
    return q + c * prior * math.sqrt(parent_visits) / (1 + visits)


def divides_by_visits(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    return wins / visits + c * prior * math.sqrt(parent_visits) / visits


def hard_coded_c_untried(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    if visits == 0:
        return 0.5 + 0.625 * prior * math.sqrt(parent_visits)
    return wins / visits + c * prior * math.sqrt(parent_visits) / (1 + visits)


def tests_wins(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    return (wins / visits if wins else 0.5) + c * prior * math.sqrt(parent_visits) / (1 + visits)


def c_or_default(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    c = c or PUCT_C
    return (wins / visits if visits else 0.5) + c * prior * math.sqrt(parent_visits) / (1 + visits)


def student_visit_target(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    return [visits.get(move, 0) / total for move in moves]


def numpy_visit_target(moves: list[str], visits: dict[str, int]) -> Any:
    import numpy as np

    counts = np.array([visits.get(move, 0) for move in moves], dtype=float)
    return counts / counts.sum()


def only_tried(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    return [count / total for count in visits.values()]


def most_visited_only(moves: list[str], visits: dict[str, int]) -> list[float]:
    best = max(visits, key=lambda move: visits[move])
    return [1.0 if move == best else 0.0 for move in moves]


def by_number_of_moves(moves: list[str], visits: dict[str, int]) -> list[float]:
    return [visits.get(move, 0) / len(moves) for move in moves]


def softmax_of_visits(moves: list[str], visits: dict[str, int]) -> list[float]:
    top = max(visits.values())
    exponentials = [math.exp(visits.get(move, 0) - top) for move in moves]
    return [each / sum(exponentials) for each in exponentials]


def key_error(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    return [visits[move] / total for move in moves]


def uniform(moves: list[str], visits: dict[str, int]) -> list[float]:
    return [1 / len(moves)] * len(moves)


def drops_small_shares(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    return [visits.get(move, 0) / total if visits.get(move, 0) / total >= 0.01 else 0.0 for move in moves]


def drops_small_shares_and_renormalises(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    kept = {move: count for move, count in visits.items() if count / total >= 0.01}
    return [kept.get(move, 0) / sum(kept.values()) for move in moves]


def one_hot_over_99(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    best = max(visits, key=lambda move: visits[move])
    if visits[best] / total > 0.99:
        return [1.0 if move == best else 0.0 for move in moves]
    return [visits.get(move, 0) / total for move in moves]


def tie_to_the_first(moves: list[str], visits: dict[str, int]) -> list[float]:
    total = sum(visits.values())
    shares = [visits.get(move, 0) / total for move in moves]
    top = max(shares)
    tied = [index for index, share in enumerate(shares) if share == top]
    for index in tied[1:]:
        shares[tied[0]] += shares[index]
        shares[index] = 0.0
    return shares


def fraction_visit_target(moves: list[str], visits: dict[str, int]) -> list[Fraction]:
    total = sum(visits.values())
    return [Fraction(visits.get(move, 0), total) for move in moves]


def student_value_target(winner: int | None, player: int) -> float:
    if winner is None:
        return 0.5
    return 1.0 if winner == player else 0.0


Node = dict[str, Any]


def student_node_scores(node: Node, c: float) -> list[float]:
    parent_visits = 1
    for child in node["children"].values():
        parent_visits += child["visits"]
    return [student_puct(child["wins"], child["visits"], child["prior"], parent_visits, c)
            for child in node["children"].values()]


def node_scores_with(count: Callable[[Node], float], score: Callable[..., float] = student_puct
                     ) -> Callable[[Node, float], list[float]]:
    """node_scores with N counted by ``count`` and each move scored by ``score``: a student's slips."""
    def scores(node: Node, c: float) -> list[float]:
        return [score(child["wins"], child["visits"], child["prior"], count(node), c)
                for child in node["children"].values()]
    return scores


def children_visits(node: Node) -> int:
    return sum(child["visits"] for child in node["children"].values())


NODE_ANSWERS: list[Answer] = [
    right(check_node_scores, "as a student writes it", student_node_scores),
    right(check_node_scores, "with numpy", lambda node, c: np.array(student_node_scores(node, c))),
    right(check_node_scores, "as a tuple", lambda node, c: tuple(student_node_scores(node, c))),
    wrong(check_node_scores, "N without the 1", "not their sum alone", node_scores_with(children_visits)),
    wrong(check_node_scores, "N as the number of moves", "N counts visits, not moves",
          node_scores_with(lambda node: len(node["children"]))),
    wrong(check_node_scores, "N as the node's visits + 1", "1 + the visits of the node's children",
          node_scores_with(lambda node: node["visits"] + 1)),
    wrong(check_node_scores, "an untried move counts 0", "count it as a draw's, 0.5",
          node_scores_with(lambda node: 1 + children_visits(node), WRONG_PUCT["an untried move counts 0"][0])),
    wrong(check_node_scores, "every score 0", "PUCT = wins / visits", lambda node, c: [0.0] * len(node["children"])),
    wrong(check_node_scores, "one score too few", "give a list of", lambda node, c: student_node_scores(node, c)[1:]),
    wrong(check_node_scores, "a dict of scores", "give a list of",
          lambda node, c: dict(zip(node["children"], student_node_scores(node, c)))),
    edge(check_node_scores, "the root (its own visits are its children's)", "N as the node's own visits",
         "the node's own visits", node_scores_with(lambda node: node["visits"])),
    edge(check_node_scores, "tried move with no wins", "wins tested in place of visits", "test visits, not wins",
         node_scores_with(lambda node: 1 + children_visits(node), tests_wins)),
    edge(check_node_scores, "untried move, c other than 0.625", "0.625 hard-coded for an untried move",
         "use the c you are given", node_scores_with(lambda node: 1 + children_visits(node), hard_coded_c_untried)),
    edge(check_node_scores, "c = 0", "c = 0 taken for the project's c", "use the c you are given",
         node_scores_with(lambda node: 1 + children_visits(node), c_or_default)),
    wrong(check_node_scores, "peeks at the check's frames", "but the scores are",
          peeking(lambda node, c: [0.0] * len(node["children"]))),
    wrong(check_node_scores, "the check's own", "write it yourself: this calls node_scores", node_scores),
    wrong(check_node_scores, "the library's scores", "write it yourself: this calls puct_scores",
          lambda node, c: puct_scores(node, None)),  # type: ignore[arg-type]
]


def selection_with(count: Callable[[Node], float], score: Callable[..., float] = student_puct,
                   pick: str = "first") -> Callable[[Node, float], list[str]]:
    """A student's selection, N counted by ``count``, each move scored by ``score``, ties to the ``pick`` of equals."""
    def select(root: Node, c: float) -> list[str]:
        path = []
        node = root
        while node["children"]:
            best_move, best_score = None, -math.inf
            for move, child in node["children"].items():
                value = score(child["wins"], child["visits"], child["prior"], count(node), c)
                if value > best_score or (pick == "last" and value == best_score):
                    best_move, best_score = move, value
            path.append(best_move)
            node = node["children"][best_move]
            if node["visits"] == 0:
                break
        return path
    return select


def until_untried(root: Node, c: float) -> list[str]:
    path = []
    node = root
    while True:
        scores = student_node_scores(node, c)
        move = list(node["children"])[scores.index(max(scores))]
        path.append(move)
        node = node["children"][move]
        if node["visits"] == 0:
            return path


def with_sorted(root: Node, c: float) -> tuple[str, ...]:
    path: list[str] = []
    node = root
    while node["children"]:
        ranked = sorted(zip(student_node_scores(node, c), node["children"]), key=lambda pair: -pair[0])
        path.append(ranked[0][1])
        node = node["children"][ranked[0][1]]
        if node["visits"] == 0:
            break
    return tuple(path)


def with_1_plus_children(node: Node) -> int:
    return 1 + children_visits(node)


SELECTION_ANSWERS: list[Answer] = [
    right(check_selection, "as a student writes it", selection_with(with_1_plus_children)),
    right(check_selection, "with sorted, as a tuple", with_sorted),
    wrong(check_selection, "the first move only", "go on down", lambda root, c: selection_with(with_1_plus_children)(
        root, c)[:1]),
    wrong(check_selection, "the highest prior all the way down", "the highest is", selection_with(
        with_1_plus_children, lambda w, n, p, big, c: p)),
    wrong(check_selection, "the best win rate, untried last", "the highest is", selection_with(
        with_1_plus_children, lambda w, n, p, big, c: w / n if n else -1.0)),
    wrong(check_selection, "a move not in the tree", "is not a move of the node", lambda root, c: ["0-0"]),
    wrong(check_selection, "the scores, not the moves", "give a list of moves",
          lambda root, c: student_node_scores(root, c)),
    edge(check_selection, "no move tried yet (N = 1)", "N without the 1", "N = 1 + ",
         selection_with(children_visits)),
    edge(check_selection, "the root (its own visits are its children's)", "N as the node's own visits",
         "not the root's own visits", selection_with(lambda node: node["visits"])),
    edge(check_selection, "tie at the top", "the last of equals", "take the first",
         selection_with(with_1_plus_children, pick="last")),
    edge(check_selection, "finished game on the path", "never stops at a finished game", "finished game",
         until_untried),
    edge(check_selection, "untried move at c = 0", "an untried move counts 0", "counts 0.5",
         selection_with(with_1_plus_children, WRONG_PUCT["an untried move counts 0"][0])),
    wrong(check_selection, "peeks at the check's frames", "but selection goes", peeking(lambda root, c: [])),
    wrong(check_selection, "the check's own", "write it yourself: this calls selection_path", selection_path),
]


def student_root_priors(logits: dict[str, float], legal: list[str], noise: list[float], eps: float) -> list[float]:
    top = max(logits[move] for move in legal)
    weights = [math.exp(logits[move] - top) for move in legal]
    total = sum(weights)
    return [(1 - eps) * weight / total + eps * share for weight, share in zip(weights, noise)]


def numpy_root_priors(logits: dict[str, float], legal: list[str], noise: list[float], eps: float) -> Any:
    outputs = np.array([logits[move] for move in legal])
    chances = np.exp(outputs) / np.exp(outputs).sum()
    return (1 - eps) * chances + eps * np.array(noise)


def in_the_outputs_order(logits: dict[str, float], legal: list[str], noise: list[float], eps: float) -> list[float]:
    weights = [math.exp(logit) for move, logit in logits.items() if move in legal]
    return [(1 - eps) * weight / sum(weights) + eps * share for weight, share in zip(weights, noise)]


PRIORS_ANSWERS: list[Answer] = [
    right(check_root_priors, "as a student writes it", student_root_priors),
    right(check_root_priors, "with numpy", numpy_root_priors),
    *[wrong(check_root_priors, name, hint, formula) for name, (formula, hint) in WRONG_PRIORS.items()],
    wrong(check_root_priors, "every move alike", "each prior is (1 - eps)",
          lambda logits, legal, noise, eps: [1 / len(legal)] * len(legal)),
    wrong(check_root_priors, "a prior for every output", "one prior for each legal move",
          lambda logits, legal, noise, eps: [math.exp(logit) / sum(map(math.exp, logits.values()))
                                             for logit in logits.values()]),
    edge(check_root_priors, "eps = 0", "eps = 0 taken for AlphaZero's 0.25", "use the eps you are given",
         lambda logits, legal, noise, eps: student_root_priors(logits, legal, noise, eps or 0.25)),
    edge(check_root_priors, "legal moves in another order than the outputs", "the priors in the outputs' order",
         "in the order of legal", in_the_outputs_order),
    wrong(check_root_priors, "peeks at the check's frames", "but the priors are",
          peeking(lambda logits, legal, noise, eps: [1 / len(legal)] * len(legal))),
    wrong(check_root_priors, "the check's own", "write it yourself: this calls root_priors", root_priors),
    wrong(check_root_priors, "the library's noise", "write it yourself: this calls noisy",
          lambda logits, legal, noise, eps: list(noisy(dict(zip(legal, noise)), (0.3, eps), __import__("random").Random(0)).values())),
]


ANSWERS: list[Answer] = [
    right(check_puct_score, "as a student writes it", student_puct),
    right(check_puct_score, "as a Fraction where it can", lambda w, n, p, big, c: (Fraction(w) / n if n else Fraction(1, 2))
          + c * p * big ** 0.5 / (n + 1)),
    right(check_puct_score, "as a numpy float", lambda w, n, p, big, c: np.float64(student_puct(w, n, p, big, c))),
    edge(check_puct_score, "untried move, c other than 0.625", "0.625 hard-coded for an untried move",
         "use the c you are given", hard_coded_c_untried),
    edge(check_puct_score, "tried move with no wins", "wins tested in place of visits", "test visits, not wins",
         tests_wins),
    edge(check_puct_score, "c = 0", "c = 0 taken for the project's c", "use the c you are given", c_or_default),
    wrong(check_puct_score, "peeks at the check's frames", "but PUCT is",
          peeking(lambda w, n, p, big, c: 0.0)),
    right(check_puct_score, "in one line", lambda w, n, p, big, c: (w / n if n else 0.5)
          + c * p * big ** 0.5 / (n + 1)),
    *[wrong(check_puct_score, name, hint, formula) for name, (formula, hint) in WRONG_PUCT.items()],
    wrong(check_puct_score, "n in place of 1 + n, as a student writes it", "by 1 + visits", divides_by_visits),
    wrong(check_puct_score, "text", "give a number", lambda w, n, p, big, c: "high"),
    wrong(check_puct_score, "the exploration term only", "win rate",
          lambda w, n, p, big, c: c * p * math.sqrt(big) / (1 + n)),
    wrong(check_puct_score, "the check's own", "write it yourself: this calls puct_score", puct_score),
    wrong(check_puct_score, "the library's scores", "write it yourself: this calls puct_scores",
          lambda w, n, p, big, c: puct_scores(None, None)),  # type: ignore[arg-type]
    right(check_visit_target, "as a student writes it", student_visit_target),
    right(check_visit_target, "with numpy", numpy_visit_target),
    right(check_visit_target, "as fractions", fraction_visit_target),
    edge(check_visit_target, "share under 1%", "moves under 1% dropped", "however small", drops_small_shares),
    edge(check_visit_target, "share under 1%", "moves under 1% dropped and the rest renormalised", "however small",
         drops_small_shares_and_renormalises),
    edge(check_visit_target, "share over 99%", "one-hot once a move has over 99%", "not the most visited move alone",
         one_hot_over_99),
    edge(check_visit_target, "tie at the top", "a tie at the top given to the first move", "tied for the most visits",
         tie_to_the_first),
    wrong(check_visit_target, "peeks at the check's frames", "but the target is",
          peeking(uniform)),
    wrong(check_visit_target, "the tried moves only", "one share for every legal move", only_tried),
    wrong(check_visit_target, "the most visited move only", "not the most visited move alone", most_visited_only),
    wrong(check_visit_target, "divided by the number of moves", "divide each move's visits by the total",
          by_number_of_moves),
    wrong(check_visit_target, "a softmax of the visits", "not a softmax", softmax_of_visits),
    wrong(check_visit_target, "visits[move] for a move never tried", "visits.get(move, 0)", key_error),
    wrong(check_visit_target, "every move alike", "its visits divided by the total", uniform),
    wrong(check_visit_target, "a number", "give a list of numbers", lambda moves, visits: 1.0),
    wrong(check_visit_target, "the check's own", "write it yourself: this calls visit_target", visit_target),
    right(check_value_target, "as a student writes it", student_value_target),
    right(check_value_target, "in one line", lambda winner, player: 0.5 if winner is None else int(winner == player)),
    right(check_value_target, "a draw as Fraction(1, 2)", lambda winner, player: Fraction(1, 2) if winner is None
          else 1.0 if winner == player else 0.0),
    right(check_value_target, "as numpy scalars", lambda winner, player: np.float64(0.5) if winner is None
          else np.int64(winner == player)),
    right(check_value_target, "a draw as a numpy float32", lambda winner, player: np.float32(0.5) if winner is None
          else float(winner == player)),
    right(check_value_target, "as decimals", lambda winner, player: Decimal("0.5") if winner is None
          else Decimal(int(winner == player))),
    wrong(check_value_target, "peeks at the check's frames", "the target is",
          peeking(lambda winner, player: 0.0)),
    right(check_value_target, "as fractions", lambda winner, player: Fraction(1, 2) if winner is None
          else Fraction(int(winner == player))),
    *[wrong(check_value_target, name, hint, formula) for name, (formula, hint) in WRONG_VALUE.items()],
    wrong(check_value_target, "always a draw", "1 if the player to move won", lambda winner, player: 0.5),
    partly(check_value_target, "a draw scored 0 (right on 4 cases of 6)", "a draw counts ½", 4 / 6,
           lambda winner, player: float(winner == player)),
    wrong(check_value_target, "crashes on a draw", "raised TypeError", lambda winner, player: 1 - abs(winner - player)),
    wrong(check_value_target, "the check's own", "write it yourself: this calls value_target", value_target),
    *NODE_ANSWERS, *SELECTION_ANSWERS, *PRIORS_ANSWERS,
]
