"""Checks for notebook 11, AlphaZero in miniature: the PUCT score, N and the scores of a node's moves, the selection
down a tree, the priors at the root, the policy's target and the value's target."""

from __future__ import annotations

import copy
import functools
import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from lessons_lib.agents.mcts import PUCT_C, UNTRIED_VALUE, noisy
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Cases, Feedback, as_number, call_for_number, call_safely, case_seed, drawn_with, items_of, numbers_in, shown,
)
from lessons_lib.learning.linear import softmax


def puct_score(wins: float, visits: int, prior: float, parent_visits: int, c: float) -> float:
    """The reference PUCT score of one move: its win rate (a draw's 0.5 if untried) plus c · prior · √N / (1 + n)."""
    rate = wins / visits if visits else UNTRIED_VALUE
    return rate + c * prior * math.sqrt(parent_visits) / (1 + visits)


def puct_cases(seed: int) -> list[tuple[float, int, float, int, float]]:
    """(wins, visits, prior, parent's visits, c), drawn with ``seed``, in an order drawn with it too. Every seed has
    the edges: untried moves with the project's constant, with c = 0 and with two others (one above it, one below),
    an untried move at a node's first choice (N = 1), a move tried with no wins, one that won every visit, c = 0 on
    a tried move; then tried moves of every kind, wins in half points."""
    rng = random.Random(seed)
    cases = [(0.0, 0, _prior(rng), rng.randint(2, 50), PUCT_C),
             (0.0, 0, _prior(rng), rng.randint(2, 50), round(rng.uniform(1.0, 3.0), 2)),
             (0.0, 0, _prior(rng), rng.randint(2, 50), round(rng.uniform(0.05, 0.5), 2)),
             (0.0, 0, _prior(rng), rng.randint(2, 50), 0.0),
             (0.0, 0, _prior(rng), 1, round(rng.uniform(0.2, 3.0), 2))]
    visits = rng.randint(1, 40)
    cases.append((0.0, visits, _prior(rng), visits + rng.randint(1, 200), rng.choice((PUCT_C, 1.5))))
    visits = rng.randint(1, 40)
    cases.append((float(visits), visits, _prior(rng), visits + rng.randint(1, 200), round(rng.uniform(0.2, 3.0), 2)))
    visits = rng.randint(1, 40)
    cases.append((rng.randint(1, 2 * visits) / 2, visits, _prior(rng), visits + rng.randint(1, 200), 0.0))
    for c in (PUCT_C, PUCT_C, round(rng.uniform(0.2, 3.0), 2), round(rng.uniform(0.2, 3.0), 2)):
        visits = rng.randint(1, 60)
        cases.append((rng.randint(0, 2 * visits) / 2, visits, _prior(rng), visits + rng.randint(1, 400), c))
    rng.shuffle(cases)
    return cases


def _prior(rng: random.Random) -> float:
    return round(rng.uniform(0.05, 0.9), 3)


WRONG_PUCT: dict[str, tuple[Callable[[float, int, float, int, float], float], str]] = {
    "UCB1's logarithm": (lambda w, n, p, big, c: (w / n if n else 0.5) + c * p * math.sqrt(math.log(big) / (1 + n)),
                         "PUCT has no logarithm: c · prior · √N / (1 + n)."),
    "no prior": (lambda w, n, p, big, c: (w / n if n else 0.5) + c * math.sqrt(big) / (1 + n),
                 "multiply the exploration by the move's prior: the policy's chance for it."),
    "the whole fraction under the root": (lambda w, n, p, big, c: (w / n if n else 0.5) + c * p * math.sqrt(big / (1 + n)),
                                          "only the parent's visits go under the square root: √N / (1 + n)."),
    "no square root": (lambda w, n, p, big, c: (w / n if n else 0.5) + c * p * big / (1 + n),
                       "take the square root of the parent's visits: √N."),
    "an untried move counts 0": (lambda w, n, p, big, c: (w / n if n else 0.0) + c * p * math.sqrt(big) / (1 + n),
                                 "a move not tried yet has no win rate: count it as a draw's, 0.5."),
    "an untried move counts 1": (lambda w, n, p, big, c: (w / n if n else 1.0) + c * p * math.sqrt(big) / (1 + n),
                                 "a move not tried yet has no win rate: count it as a draw's, 0.5."),
    "visits in place of 1 + visits": (lambda w, n, p, big, c: w / n + c * p * math.sqrt(big) / n if n else math.inf,
                                      "divide by 1 + visits, not by visits: an untried move has 0 visits."),
    "wins, not the win rate": (lambda w, n, p, big, c: (w if n else 0.5) + c * p * math.sqrt(big) / (1 + n),
                               "the first term is the win rate, wins / visits."),
}


def _puct_mistake(answer: float, wins: float, visits: int, prior: float, parent: int, c: float) -> str | None:
    """None if ``answer`` is the PUCT score of the case, else the score and what is wrong, in words. The score is
    worked out here, after the answer was given, so that no frame the answer's call could read holds it."""
    expected = puct_score(wins, visits, prior, parent, c)
    if math.isclose(answer, expected, rel_tol=1e-9, abs_tol=1e-12):
        return None
    return f"PUCT is {expected:.6g}: {puct_hint(answer, wins, visits, prior, parent, c)}"


def puct_hint(answer: float, wins: float, visits: int, prior: float, parent: int, c: float) -> str:
    """What a wrong PUCT score's mistake is, in words."""
    def same(value: float) -> bool:
        return math.isclose(answer, value, rel_tol=1e-9, abs_tol=1e-12)

    if c != PUCT_C and same(puct_score(wins, visits, prior, parent, PUCT_C)):
        return (f"use the c you are given (here {c:g}), not the project's {PUCT_C}: the search passes its own "
                f"constant.")
    if visits and not wins and same(UNTRIED_VALUE + c * prior * math.sqrt(parent) / (1 + visits)):
        return ("test visits, not wins: a move tried with no wins has the win rate 0; only a move with no visits "
                "counts a draw's 0.5.")
    return next((hint for wrong, hint in WRONG_PUCT.values() if same(wrong(wins, visits, prior, parent, c))),
                "PUCT = wins / visits, the win rate (0.5 for an untried move), + c · prior · √N / (1 + visits).")


@watched
def check_puct_score(student_puct: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``puct(wins, visits, prior, parent_visits, c)`` on tried and untried moves, drawn with
    ``seed`` (fresh ones when None)."""
    refused = refusal(student_puct, "check_puct_score", "the PUCT score")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for wins, visits, prior, parent, c in cases.each(puct_cases(seed)):
        answer, failure = call_for_number(student_puct, wins, visits, prior, parent, c)
        call = f"puct(wins={wins:g}, visits={visits}, prior={prior:g}, parent_visits={parent}, c={c:g})"
        if failure:
            untried = (" A move not tried yet has 0 visits: PUCT divides by 1 + visits, and counts its win rate "
                       "as a draw's, 0.5." if visits == 0 else "")
            cases.failed_call(f"{call} {failure}.{untried}{drawn_with(seed)}", student_puct, failure)
            continue
        wrong = _puct_mistake(answer, wins, visits, prior, parent, c)
        if cases.counted(wrong is None):
            continue
        cases.failed(f"{call} gave {answer:.6g} but {wrong}{drawn_with(seed)}")
    return cases.feedback("the PUCT score the project's MCTS uses. An untried move is scored too: with a high "
                            "prior it is chosen before moves already tried, which is how the policy steers the search.")


def visit_target(moves: Sequence[str], visits: dict[str, int]) -> list[float]:
    """The reference policy target: each legal move's share of the root's visits (0 for a move never tried)."""
    total = sum(visits.values())
    return [visits.get(move, 0) / total for move in moves]


def visit_cases(seed: int) -> list[tuple[list[str], dict[str, int]]]:
    """Legal moves and the root's visits, drawn with ``seed``, in an order drawn with it too. Every seed has the
    edges: a move tried with under 1% of the visits (no move over 99%), a move with over 99% (the others tried
    too), two moves tied for the most visits (neither first), one legal move; then searches with some moves never
    tried, the moves listed in an order of their own."""
    rng = random.Random(seed)
    cases = []
    for size, tried in ((6, 3), (4, 4), (9, 5), (3, 2)):
        moves = move_names(rng, size)
        chosen = rng.sample(moves, tried)
        cases.append((moves, {move: rng.randint(1, 80) for move in chosen}))
    moves = move_names(rng, 5)
    few = rng.randint(1, 2)
    cases.append((moves, {moves[1]: rng.randint(110, 200), moves[3]: rng.randint(110, 200), moves[0]: few}))
    moves = move_names(rng, 4)
    cases.append((moves, {moves[2]: rng.randint(600, 900), moves[0]: rng.randint(1, 2), moves[3]: 1}))
    moves = move_names(rng, 6)
    top = rng.randint(30, 70)
    cases.append((moves, {moves[4]: rng.randint(1, top - 1), moves[1]: top, moves[5]: rng.randint(1, top - 1),
                          moves[3]: top}))
    moves = move_names(rng, 1)
    cases.append((moves, {moves[0]: rng.randint(1, 100)}))
    rng.shuffle(cases)
    return cases


def move_names(rng: random.Random, count: int) -> list[str]:
    """``count`` different moves, written as Shologuti's are (``23-18``)."""
    names: list[str] = []
    while len(names) < count:
        start, end = rng.sample(range(1, 38), 2)
        name = f"{start}-{end}"
        if name not in names:
            names.append(name)
    return names


@watched
def check_visit_target(student_target: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``visit_target(moves, visits)``: a share for each legal move, in order, from the root's
    visit counts ``visits`` (a dict; a move the search never tried is not in it)."""
    refused = refusal(student_target, "check_visit_target", "the policy's target")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for moves, visits in cases.each(visit_cases(seed)):
        answer, failure = call_safely(student_target, list(moves), dict(visits))
        call = f"visit_target({moves}, {visits})"
        if failure:
            extra = (" A move the search never tried is not in visits: its share is 0 (visits.get(move, 0))."
                     if failure.startswith("raised KeyError") else "")
            cases.failed_call(f"{call} {failure}.{extra}{drawn_with(seed)}", student_target, failure)
            continue
        shares, problem = _read_shares(answer, len(moves))
        counted_case(cases, call, seed, shares, problem, functools.partial(_target_mistake, moves, visits))
    return cases.feedback("the policy's target: how the search spread its visits, which the policy learns to "
                            "predict, so that the next search starts where this one ended.")


def _target_mistake(moves: Sequence[str], visits: dict[str, int], shares: Sequence[float]) -> str | None:
    """None if ``shares`` is the policy's target of the case, else the target and what is wrong, in words (worked
    out after the answer was given)."""
    expected = visit_target(moves, visits)
    if all(math.isclose(share, want, abs_tol=1e-9) for share, want in zip(shares, expected)):
        return None
    return (f"the target is {[round(share, 4) for share in expected]}: "
            f"{visit_hint(moves, visits, shares)}")


MOST_SHARES = 1000
"""The most shares an answer is read for (a position has a few dozen legal moves at most)."""
SMALL_SHARE = 0.01
"""A share under this (1%) is one a student may be tempted to drop; every seed's cases hold one."""


def _read_shares(answer: Any, count: int) -> tuple[list[float], str | None]:
    """A policy target's ``count`` shares as floats and None, or what is wrong with its form."""
    shares = _shares(answer)
    if isinstance(shares, str):
        return [], f"gave {shown(answer)}: give a list of numbers, one a legal move.{shares}"
    if len(shares) != count:
        given = f"{len(shares)}" if len(shares) <= MOST_SHARES else f"more than {MOST_SHARES}"
        return [], (f"gave {given} numbers for {count} legal moves: one share for every legal move, in order, 0 for a "
                    f"move the search never tried.")
    return shares, None


def counted_case(cases: Cases, call: str, seed: int, answer: Sequence[Any], problem: str | None,
                 mistake: Callable[[Any], str | None]) -> None:
    """Count one case of a check whose answer is a list, read as ``answer`` (or not: ``problem`` says what is wrong
    with its form). ``mistake`` says what is wrong with it, or None if it is right: it works out what the check
    expects only now, after the answer was given."""
    if problem is not None:
        cases.failed(f"{call} {problem}{drawn_with(seed)}")
        return
    wrong = mistake(answer)
    if not cases.counted(wrong is None):
        rounded = [round(item, 4) if isinstance(item, float) else item for item in answer]
        cases.failed(f"{call} gave {shown(rounded, 200)} but {wrong}{drawn_with(seed)}")


def _shares(answer: Any) -> list[float] | str:
    """A policy target as floats (at most :data:`MOST_SHARES` + 1 of them), or what is wrong with it ("" if it is
    no list)."""
    items = items_of(answer, MOST_SHARES)
    if items is None:
        return ""
    shares = []
    for item in items:
        share, problem = as_number(item)
        if problem:
            return f" One of them is {shown(item, 40)}: {problem}"
        shares.append(share)
    return shares


def visit_hint(moves: Sequence[str], visits: dict[str, int], shares: Sequence[float]) -> str:
    """What a wrong target's mistake is, in words."""
    counts = [visits.get(move, 0) for move in moves]
    expected = visit_target(moves, visits)
    tied = [index for index, count in enumerate(counts) if count == max(counts)]
    if len(tied) > 1 and all(math.isclose(shares[index], expected[index], abs_tol=1e-9)
                             for index in range(len(moves)) if index not in tied):
        return ("moves tied for the most visits each keep their own share, visits / total: none of them takes the "
                "others' share.")
    small = [index for index, want in enumerate(expected) if 0 < want < SMALL_SHARE]
    if all(math.isclose(share, each, abs_tol=1e-9) for share, each in zip(shares, softmax(counts))):
        return ("the shares are visits / total visits: not a softmax of the visits, and not the most visited move "
                "alone" + (", and a tried move keeps its share, however small." if small else "."))
    if sorted(shares) == sorted([1.0] + [0.0] * (len(moves) - 1)):
        return ("the target is every move's share of the visits, not the most visited move alone: the policy learns "
                "how the search spread its visits" + (", and a tried move keeps its share, however small." if small
                                                       else "."))
    if small and all(math.isclose(shares[index], 0.0, abs_tol=1e-12) for index in small):
        return ("a move the search tried keeps its share, however small (under 1% here): the target is every "
                "tried move's visits / total, none dropped.")
    total = sum(shares)
    if not math.isclose(total, 1.0, abs_tol=1e-6):
        return f"the shares add up to {total:.4g}: divide each move's visits by the total of the visits."
    if sorted(shares) == sorted(expected):
        return "one share for every legal move, in the order of moves, not in the order of visits."
    return "each move's share is its visits divided by the total of the visits, in the order of the moves."


def value_target(winner: int | None, player: int) -> float:
    """The reference value target: the game's result for ``player``, the player to move: 1, ½ for a draw, 0."""
    return 0.5 if winner is None else 1.0 if winner == player else 0.0


VALUE_CASES = [(winner, player) for winner in (0, 1, None) for player in (0, 1)]

WRONG_VALUE: dict[str, tuple[Callable[[int | None, int], float], str]] = {
    "player 0's result": (lambda winner, player: 0.5 if winner is None else float(winner == 0),
                          "the target is the result for the player to move at the position, not for player 0."),
    "a draw is a loss": (lambda winner, player: float(winner == player),
                         "a draw counts ½ for each player."),
    "a draw is a win": (lambda winner, player: 1.0 if winner is None else float(winner == player),
                        "a draw counts ½ for each player."),
    "from -1 to 1": (lambda winner, player: 0.0 if winner is None else 1.0 if winner == player else -1.0,
                     "scores here run from 0 to 1: a win 1, a draw ½, a loss 0 (AlphaZero's −1 to 1 is 2 × score − 1)."),
    "the loser's result": (lambda winner, player: 0.5 if winner is None else float(winner != player),
                           "it is 1 when the player to move went on to win."),
}


def _value_mistake(answer: float, winner: int | None, player: int) -> str | None:
    """None if ``answer`` is the value's target of the case, else the target in words (worked out after the answer
    was given)."""
    expected = value_target(winner, player)
    return None if math.isclose(answer, expected) else f"the target is {expected:g}"


@watched
def check_value_target(student_target: Callable[..., Any]) -> Feedback:
    """Check a student's ``value_target(winner, player)``: the result, for the player to move at a position, of
    the game that position came from (``winner`` 0, 1, or None for a draw)."""
    refused = refusal(student_target, "check_value_target", "the value's target")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    cases = Cases()
    for winner, player in cases.each(VALUE_CASES):
        answer, failure = call_for_number(student_target, winner, player)
        call = f"value_target(winner={winner}, player={player})"
        if failure:
            cases.failed_call(f"{call} {failure}", student_target, failure)
            continue
        wrong = _value_mistake(answer, winner, player)
        if cases.counted(wrong is None):
            continue
        answers = {case: call_for_number(student_target, *case)[0] for case in VALUE_CASES}
        hint = next((hint for wrong_target, hint in WRONG_VALUE.values()
                     if all(math.isclose(answers[case], wrong_target(*case)) for case in VALUE_CASES)),
                    "1 if the player to move won, ½ for a draw, 0 if they lost.")
        cases.failed(f"{call} gave {answer:g} but {wrong}: {hint}")
    return cases.feedback("the value's target. Every position of a game gets one, so one game teaches the value "
                            "as many times as it has plies, each from the side of the player to move.")


# -- the loop: N from the children, selection down the tree, the priors at the root ---------------------------------

Tree = dict[str, Any]
"""A node of a search tree as the exercises give it: a dict with ``"visits"`` and ``"children"`` (each of its moves
to the node it leads to), and below the root ``"wins"`` and ``"prior"`` too, as the library's MCTS keeps them. A
move not tried yet is a child with 0 visits and no children; a finished game is a tried child with no children.
The root's visits are its children's (it is never valued itself); any other node's are 1 (its own valuation) plus
its children's."""


def tree_node(wins: float, visits: int, prior: float, children: dict[str, Tree] | None = None) -> Tree:
    """A node below the root (see :data:`Tree`)."""
    return {"wins": wins, "visits": visits, "prior": prior, "children": children or {}}


def node_scores(node: Tree, c: float) -> list[float]:
    """The reference PUCT scores of ``node``'s moves, in the order of its children, with N = 1 + the visits of its
    children (as :func:`~lessons_lib.agents.mcts.puct_scores` counts it)."""
    children = list(node["children"].values())
    parent_visits = 1 + sum(child["visits"] for child in children)
    return [puct_score(child["wins"], child["visits"], child["prior"], parent_visits, c) for child in children]


def selection_path(root: Tree, c: float) -> list[str]:
    """The reference selection: from ``root``, the move with the highest PUCT score (the first of equals, as the
    library's ``max`` takes it), down the tree until a move not tried yet or a finished game."""
    path: list[str] = []
    node = root
    while node["children"]:
        scores = node_scores(node, c)
        best = max(range(len(scores)), key=scores.__getitem__)
        move = list(node["children"])[best]
        path.append(move)
        node = node["children"][move]
        if node["visits"] == 0:
            break
    return path


def _priors(rng: random.Random, count: int) -> list[float]:
    """``count`` priors that add up to about 1 (rounded to three places), none under 0.01."""
    raw = [rng.uniform(0.1, 1.0) for _ in range(count)]
    return [max(0.01, round(each / sum(raw), 3)) for each in raw]


def _wins(rng: random.Random, visits: int) -> float:
    return round(rng.uniform(0, visits) * 4) / 4


TREE_DEPTH = 3
"""How many levels of tried moves a drawn tree has below its root; a move deeper than that, tried more than once,
is a finished game (see :data:`MOST_NODES`)."""


def grown(rng: random.Random, spread: int, finished: float = 0.08, depth: int = TREE_DEPTH,
          most_moves: int = 3) -> dict[str, Tree]:
    """A node's children, drawn with ``rng``, holding ``spread`` visits between them (some moves not tried yet, a
    finished game now and then), ``depth`` levels of tried moves deep at most, 2 to ``most_moves`` moves a node."""
    count = rng.randint(2, most_moves)
    moves, priors = move_names(rng, count), _priors(rng, count)
    tried = rng.sample(range(count), rng.randint(1, min(count, spread))) if spread else []
    cuts = sorted(rng.sample(range(1, spread), len(tried) - 1)) if tried else []
    parts = [end - start for start, end in zip([0, *cuts], [*cuts, spread])]
    children = {}
    for index, (move, prior) in enumerate(zip(moves, priors)):
        if index not in tried:
            children[move] = tree_node(0.0, 0, prior)
            continue
        visits = parts[tried.index(index)]
        ends = rng.random() < finished or (depth <= 1 and visits > 1)
        below = {} if ends else grown(rng, visits - 1, finished, depth - 1)
        children[move] = tree_node(_wins(rng, visits), visits, prior, below)
    return children


def clear_choices(node: Tree, c: float) -> bool:
    """Whether every choice in ``node``'s tree is clear: its two best scores are equal (a tie: the first is taken) or
    apart by more than rounding could blur."""
    if not node["children"]:
        return True
    scores = sorted(node_scores(node, c), reverse=True)
    if len(scores) > 1 and 0 < scores[0] - scores[1] < 1e-9:
        return False
    return all(clear_choices(child, c) for child in node["children"].values())


MOST_NODES = 26
"""The most nodes a drawn tree has, untried moves counted (a grader sends every node back and forth with each call,
each with the nodes below it: a tree this small keeps that well within its messages' size)."""


def size_of(node: Tree) -> int:
    """How many nodes ``node``'s tree has, itself and its untried moves counted."""
    return 1 + sum(size_of(child) for child in node["children"].values())


def crafted(rng: random.Random, make: Callable[[random.Random], tuple[Tree, float]],
            holds: Callable[[Tree, float], bool]) -> tuple[Tree, float]:
    """A case ``make`` draws with ``rng`` for which ``holds`` is true, with clear choices and at most
    :data:`MOST_NODES` nodes (drawn again until it is)."""
    while True:
        root, c = make(rng)
        if size_of(root) <= MOST_NODES and holds(root, c) and clear_choices(root, c):
            return root, c


def _root(children: dict[str, Tree]) -> Tree:
    return {"visits": sum(child["visits"] for child in children.values()), "children": children}


def _shuffled(rng: random.Random, children: dict[str, Tree]) -> dict[str, Tree]:
    moves = list(children)
    rng.shuffle(moves)
    return {move: children[move] for move in moves}


def nothing_tried(rng: random.Random) -> tuple[Tree, float]:
    """A root none of whose moves is tried yet: N = 1, and the highest prior (not the first move) is chosen."""
    count = rng.randint(3, 5)
    children = {move: tree_node(0.0, 0, prior) for move, prior in zip(move_names(rng, count), _priors(rng, count))}
    return _root(children), rng.choice((PUCT_C, round(rng.uniform(0.2, 3.0), 2)))


def highest_prior_not_first(root: Tree, c: float) -> bool:
    priors = [child["prior"] for child in root["children"].values()]
    return priors.index(max(priors)) > 0 and priors.count(max(priors)) == 1


def tie_at_the_top(rng: random.Random) -> tuple[Tree, float]:
    """A root whose two best moves have the same wins, visits and prior (neither listed first), with trees of their
    own below."""
    visits = rng.randint(2, 6)
    wins, prior = _wins(rng, visits), round(rng.uniform(0.2, 0.4), 3)
    children = {}
    for move in move_names(rng, 4):
        children[move] = tree_node(wins, visits, prior, grown(rng, visits - 1, 0.0, 2))
    first, second, *_ = children
    low = rng.randint(1, 10)
    children[first] = tree_node(round(rng.uniform(0, 0.3) * low * 4) / 4, low, round(rng.uniform(0.1, 0.3), 3),
                                grown(rng, low - 1, 0.0, 2))
    children[second] = tree_node(0.0, 0, round(rng.uniform(0.01, 0.1), 3))
    return _root(children), rng.choice((PUCT_C, round(rng.uniform(0.2, 1.5), 2)))


def best_two_tie(root: Tree, c: float) -> bool:
    scores = node_scores(root, c)
    top = max(scores)
    return scores.count(top) == 2 and scores.index(top) > 0


def finished_game_first(rng: random.Random) -> tuple[Tree, float]:
    """A root whose best move leads to a finished game (a tried child with no children), won every time."""
    children = grown(rng, rng.randint(3, 8), 0.0)
    visits = rng.randint(2, 8)
    finished = next(move for move in move_names(rng, len(children) + 1) if move not in children)
    children[finished] = tree_node(float(visits), visits, round(rng.uniform(0.2, 0.5), 3))
    return _root(_shuffled(rng, children)), rng.choice((PUCT_C, round(rng.uniform(0.1, 1.0), 2)))


def ends_at_a_finished_game(root: Tree, c: float) -> bool:
    path = selection_path(root, c)
    node = root["children"][path[0]]
    return len(path) == 1 and node["visits"] > 0 and not node["children"]


def untried_at_no_exploration(rng: random.Random) -> tuple[Tree, float]:
    """A root at c = 0 whose tried moves all score under a draw: the untried move's 0.5 wins."""
    children = {}
    names = move_names(rng, 4)
    for move in names[:3]:
        visits = rng.randint(2, 6)
        children[move] = tree_node(round(rng.uniform(0.05, 0.45) * visits * 4) / 4, visits,
                                   round(rng.uniform(0.1, 0.4), 3), grown(rng, visits - 1, 0.0, 2))
    children[names[3]] = tree_node(0.0, 0, round(rng.uniform(0.01, 0.2), 3))
    return _root(_shuffled(rng, children)), 0.0


def chooses_the_untried(root: Tree, c: float) -> bool:
    path = selection_path(root, c)
    return root["children"][path[0]]["visits"] == 0 and all(
        child["wins"] < UNTRIED_VALUE * child["visits"] for child in root["children"].values() if child["visits"])


def own_visits_differ(rng: random.Random) -> tuple[Tree, float]:
    """A root where N = 1 + the children's visits and N = the root's own visits (the children's) choose differently:
    a tried move that looks good against an untried one with a high prior, at the c where they cross."""
    tried_visits, other_visits = rng.randint(4, 9), rng.randint(2, 6)
    rate = round(rng.uniform(0.6, 0.8), 2)
    strong, fresh, weak = round(rng.uniform(0.4, 0.55), 3), round(rng.uniform(0.3, 0.45), 3), 0.05
    names = move_names(rng, 3)
    children = {names[0]: tree_node(rate * tried_visits, tried_visits, strong, grown(rng, tried_visits - 1, 0.0, 2)),
                names[1]: tree_node(0.0, 0, fresh),
                names[2]: tree_node(round(0.1 * other_visits * 4) / 4, other_visits, weak,
                                    grown(rng, other_visits - 1, 0.0, 2))}
    spread = tried_visits + other_visits
    gap = fresh - strong / (1 + tried_visits)
    c = round((rate - UNTRIED_VALUE) / (gap * math.sqrt(spread + 0.5)), 4)
    return _root(_shuffled(rng, children)), c


def own_visits_choose_otherwise(root: Tree, c: float) -> bool:
    return selection_path(root, c)[:1] != _selection_with(root, c, lambda node: node["visits"])[:1]


def _selection_with(root: Tree, c: float, count: Callable[[Tree], int]) -> list[str]:
    """Selection as :func:`selection_path` makes it, with N counted by ``count`` (a mistake's), for hints."""
    path: list[str] = []
    node = root
    while node["children"]:
        children = node["children"]
        scores = [puct_score(child["wins"], child["visits"], child["prior"], count(node), c)
                  for child in children.values()]
        move = list(children)[max(range(len(scores)), key=scores.__getitem__)]
        path.append(move)
        node = children[move]
        if node["visits"] == 0:
            break
    return path


SELECTION_EDGES: tuple[tuple[Callable[[random.Random], tuple[Tree, float]], Callable[[Tree, float], bool]], ...] = (
    (nothing_tried, highest_prior_not_first), (tie_at_the_top, best_two_tie),
    (finished_game_first, ends_at_a_finished_game), (untried_at_no_exploration, chooses_the_untried),
    (own_visits_differ, own_visits_choose_otherwise),
)
"""The edges every seed's selection cases hold: no move tried yet, a tie at the top, a finished game chosen, an
untried move at c = 0, a root where its own visits as N choose otherwise."""


def deep_enough(root: Tree, c: float) -> bool:
    return len(selection_path(root, c)) >= 2


def _random_tree(rng: random.Random, c: float) -> tuple[Tree, float]:
    return _root(grown(rng, rng.randint(4, 10))), c


def selection_cases(seed: int) -> list[tuple[Tree, float]]:
    """Trees and constants, drawn with ``seed``, in an order drawn with it too: every edge of
    :data:`SELECTION_EDGES`, then trees whose selection goes two moves deep or more, at the project's c, a larger
    one and a smaller one."""
    rng = random.Random(seed)
    cases = [crafted(rng, make, holds) for make, holds in SELECTION_EDGES]
    for c in (PUCT_C, round(rng.uniform(1.0, 3.0), 2), round(rng.uniform(0.05, 0.5), 2)):
        cases.append(crafted(rng, functools.partial(_random_tree, c=c), deep_enough))
    rng.shuffle(cases)
    return cases


def node_cases(seed: int) -> list[tuple[Tree, float]]:
    """Nodes and constants for :func:`check_node_scores`, drawn with ``seed``, in an order drawn with it too. Every
    seed has: a root (whose own visits are its children's), a node below the root (1 + its children's), a node
    with no move tried yet, an untried move at a c other than the project's, a move tried with no wins, c = 0. The
    trees are one level of tried moves deep: the scores look at a node's children only."""
    rng = random.Random(seed)
    root = _root(grown(rng, rng.randint(5, 40), 0.08, 1, 5))
    visits = rng.randint(5, 40)
    inner = tree_node(_wins(rng, visits), visits, _priors(rng, 1)[0], grown(rng, visits - 1, 0.08, 1, 5))
    nothing = tree_node(_wins(rng, 1), 1, round(rng.uniform(0.05, 0.9), 3), grown(rng, 0, 0.08, 1, 5))
    unlucky = _root(grown(rng, rng.randint(5, 40), 0.08, 1, 5))
    first_tried = next(child for child in unlucky["children"].values() if child["visits"])
    first_tried["wins"] = 0.0
    untried = _root(grown(rng, rng.randint(3, 6), 0.08, 1, 5))
    while all(child["visits"] for child in untried["children"].values()):
        untried = _root(grown(rng, rng.randint(3, 6), 0.08, 1, 5))
    cases = [(root, round(rng.uniform(0.3, 3.0), 2)), (inner, PUCT_C), (nothing, round(rng.uniform(0.2, 3.0), 2)),
             (unlucky, rng.choice((PUCT_C, round(rng.uniform(0.2, 3.0), 2)))), (untried, round(rng.uniform(1.0, 3.0), 2)),
             (_root(grown(rng, rng.randint(5, 40), 0.08, 1, 5)), 0.0)]
    rng.shuffle(cases)
    return cases


MOST_MOVES = 1000
"""The most items of an answer read (a node has a few dozen moves at most, a path a few dozen plies)."""


def described(node: Tree) -> str:
    """A node's moves in words, for a message: each one's wins, visits and prior, or that it is not tried yet."""
    parts = []
    for move, child in node["children"].items():
        visits = child["visits"]
        stats = f"{child['wins']:g} wins in {visits} visit{'s' * (visits != 1)}" if visits else "not tried yet"
        finished = ", a finished game" if child["visits"] and not child["children"] else ""
        parts.append(f"{move}: {stats}, prior {child['prior']:g}{finished}")
    return "; ".join(parts)


@watched
def check_node_scores(student_scores: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``node_scores(node, c)``: the PUCT score of each of ``node``'s moves, in the order of
    ``node["children"]``, counting N from the children's visits; on nodes drawn with ``seed`` (fresh ones when
    None)."""
    refused = refusal(student_scores, "check_node_scores", "the scores of a node's moves")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for node, c in cases.each(node_cases(seed)):
        answer, failure = call_safely(student_scores, copy.deepcopy(node), c)
        where = "the root" if "prior" not in node else "a node below the root"
        call = (f"node_scores(node, c={c:g}) for {where}, of {node['visits']} visits, whose moves are "
                f"{described(node)},")
        if failure:
            cases.failed_call(f"{call} {failure}.{drawn_with(seed)}", student_scores, failure)
            continue
        scores, problem = _read_numbers(answer, len(node["children"]), "one score for each move of the node, in the "
                                        "order of node['children']")
        counted_case(cases, call, seed, scores, problem, functools.partial(_scores_mistake, node, c))
    return cases.feedback("the scores PUCT compares at a node, with N counted as the library counts it: 1 + the "
                          "visits of the node's children, so that even at a node with no move tried yet the priors "
                          "decide.")


def _read_numbers(answer: Any, count: int, what: str) -> tuple[list[float], str | None]:
    """``count`` numbers read from ``answer`` and None, or what is wrong with its form (``what``: what they are)."""
    numbers, problem = numbers_in(answer, count)
    if numbers is None:
        return [], f"gave {shown(answer)}: give a list of {count} numbers, {what}.{' ' + problem if problem else ''}"
    return numbers, None


def _scores_mistake(node: Tree, c: float, scores: Sequence[float]) -> str | None:
    """None if ``scores`` are the PUCT scores of ``node``'s moves, else them and what is wrong, in words (worked out
    after the answer was given)."""
    expected = node_scores(node, c)
    if all(math.isclose(score, want, rel_tol=1e-9, abs_tol=1e-12) for score, want in zip(scores, expected)):
        return None
    return f"the scores are {[round(score, 4) for score in expected]}: {scores_hint(node, c, scores)}"


def scores_hint(node: Tree, c: float, scores: Sequence[float]) -> str:
    """What a wrong list of a node's scores gets wrong, in words."""
    children = list(node["children"].values())
    spread = sum(child["visits"] for child in children)
    counts = {"own": node["visits"], "sum": spread, "moves": len(children), "own + 1": node["visits"] + 1}
    matches = {name for name, count in counts.items() if count != 1 + spread and all(
        math.isclose(score, puct_score(child["wins"], child["visits"], child["prior"], count, c), rel_tol=1e-9,
                     abs_tol=1e-12) for score, child in zip(scores, children))}
    if "own" in matches:
        return ("N is 1 + the visits of the node's children, not their sum alone and not the node's own visits (at "
                "the root, which is never valued itself, those two are the same, one fewer than N).")
    if "sum" in matches:
        return ("N is 1 + the visits of the node's children, not their sum alone: at a node with no move tried yet "
                "the sum is 0, and the priors would count for nothing.")
    if "moves" in matches:
        return "N counts visits, not moves: it is 1 + the visits of the node's children."
    if "own + 1" in matches:
        return ("N is 1 + the visits of the node's children: below the root that is the node's own visits, its first "
                "valuation included; do not add another 1.")
    parent = 1 + spread
    for score, child in zip(scores, children):
        if not math.isclose(score, puct_score(child["wins"], child["visits"], child["prior"], parent, c),
                            rel_tol=1e-9, abs_tol=1e-12):
            return f"with N = 1 + {spread} = {parent}, {puct_hint(score, child['wins'], child['visits'], child['prior'], parent, c)}"
    return "one score for each move, in the order of node['children']."


@watched
def check_selection(student_select: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``selection_path(root, c)``: the moves PUCT selects from ``root`` down to a move not tried
    yet or a finished game; on trees drawn with ``seed`` (fresh ones when None)."""
    refused = refusal(student_select, "check_selection", "the selection")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for root, c in cases.each(selection_cases(seed)):
        answer, failure = call_safely(student_select, copy.deepcopy(root), c)
        call = f"selection_path(root, c={c:g}) from a root whose moves are {described(root)},"
        if failure:
            cases.failed_call(f"{call} {failure}.{drawn_with(seed)}", student_select, failure)
            continue
        items = items_of(answer, MOST_MOVES)
        problem = None if items is not None and all(type(item) is str for item in items) else (
            f"gave {shown(answer)}: give a list of moves (the keys of node['children']), from the root down.")
        counted_case(cases, call, seed, items or [], problem, functools.partial(_selection_mistake, root, c))
    return cases.feedback("the selection of the library's PUCT: at each node the move with the highest score (the "
                          "first of equals), down to a move not tried yet, which expansion adds, or a finished game.")


def _selection_mistake(root: Tree, c: float, path: list[str]) -> str | None:
    """None if ``path`` is the selection from ``root``, else it and what is wrong, in words (worked out after the
    answer was given)."""
    expected = selection_path(root, c)
    if path == expected:
        return None
    return f"selection goes {expected}: {selection_hint(root, c, path, expected)}"


def selection_hint(root: Tree, c: float, path: list[str], expected: list[str]) -> str:
    """Where and why ``path`` leaves the selection ``expected``, in words."""
    node, depth = root, 0
    while depth < len(expected) and depth < len(path) and path[depth] == expected[depth]:
        node, depth = node["children"][expected[depth]], depth + 1
    where = "at the root" if depth == 0 else f"after {expected[:depth]}"
    if depth == len(expected):
        stop = ("a move not tried yet (0 visits): expansion adds it" if node["visits"] == 0 else
                "a finished game (a node with no moves)")
        return f"{where} selection stops, at {stop}."
    if not path:
        return (f"give the moves selection takes, from the root down: at least one, here {expected[0]} first, the "
                f"highest score at the root.")
    if depth == len(path):
        child = node["children"][expected[depth]]
        return (f"{where} go on down: the move there was tried (visits {child['visits']}), so selection goes on from "
                f"its node, by PUCT again, until a move not tried yet or a finished game.")
    moves = list(node["children"])
    if path[depth] not in moves:
        return f"{where}, {path[depth]!r} is not a move of the node: its moves are {moves}."
    scores = node_scores(node, c)
    chosen, best = moves.index(path[depth]), moves.index(expected[depth])
    if scores[chosen] == scores[best]:
        return (f"{where}, {path[depth]} and {expected[depth]} have the same score ({scores[best]:.6g}): of equals take "
                f"the first, in the order of node['children'] (as max does).")
    spread = sum(child["visits"] for child in node["children"].values())
    own = "the root's own visits" if depth == 0 else "the node's own visits"
    note = ""
    if spread == 0:
        note = (f"no move is tried yet, so N = 1 + 0 = 1: not {own}, nor the children's visits without the 1, "
                f"which are 0, so the highest prior is chosen, not the first move. ")
    elif depth == 0 and _selection_with(root, c, lambda node: node["visits"])[:1] == path[:1]:
        note = (f"N = 1 + the visits of the root's children, not the root's own visits ({root['visits']}: the root "
                f"is never valued itself). ")
    shown_scores = ", ".join(f"{move} {score:.4g}" for move, score in zip(moves, scores))
    return (f"{where} {note}N = 1 + {spread} (the children's visits) and the moves' scores are {shown_scores} (a move "
            f"not tried yet counts 0.5 wins a visit): the highest is {expected[depth]}.")


NOISE_ALPHA = 0.3
"""The Dirichlet α the checks draw their noise with: self-play's (AlphaZero's for chess)."""


def dirichlet_noise(count: int, noise_seed: int) -> list[float]:
    """A Dirichlet(:data:`NOISE_ALPHA`) draw for ``count`` moves, drawn as the library's :func:`noisy` draws it with a
    generator seeded ``noise_seed`` (its noise alone: priors of 0 and ε = 1)."""
    return list(noisy(dict.fromkeys(range(count), 0.0), (NOISE_ALPHA, 1.0), random.Random(noise_seed)).values())


def library_priors(logits: dict[str, float], legal: Sequence[str], eps: float, noise_seed: int) -> list[float]:
    """The priors at the root as the library makes them: the policy's :func:`softmax` over the legal moves'
    outputs, mixed with :func:`noisy`'s noise (drawn with a generator seeded ``noise_seed``, as
    :func:`dirichlet_noise` draws it) in the share ``eps``."""
    priors: dict[Hashable, float] = dict(zip(legal, softmax([logits[move] for move in legal])))
    return list(noisy(priors, (NOISE_ALPHA, eps), random.Random(noise_seed)).values())


def root_priors(logits: dict[str, float], legal: Sequence[str], noise: Sequence[float], eps: float) -> list[float]:
    """The reference priors at the root, given the noise: (1 − eps) · the softmax of the legal moves' outputs +
    eps · noise (what :func:`library_priors` gives for the noise :func:`dirichlet_noise` draws, tested)."""
    return [(1 - eps) * prior + eps * share
            for prior, share in zip(softmax([logits[move] for move in legal]), noise)]


PriorsCase = tuple[dict[str, float], list[str], float, int]
"""The policy's outputs for every move of the game (legal here or not), the legal moves, ε and the noise's seed."""


def priors_cases(seed: int) -> list[PriorsCase]:
    """The cases of :func:`check_root_priors`, drawn with ``seed``, in an order drawn with it too. Every seed has:
    ε = 0 (no noise: a node below the root), one legal move, every move legal, the legal moves listed in an order
    other than the outputs', a move not legal here with the largest output; the rest with AlphaZero's ε = 0.25 and
    others."""
    rng = random.Random(seed)

    def case(size: int, legal_count: int, eps: float, reorder: bool = True) -> PriorsCase:
        moves = move_names(rng, size)
        logits = {move: round(rng.gauss(0.0, 1.5), 3) for move in moves}
        legal = rng.sample(moves, legal_count)
        if not reorder:
            legal.sort(key=moves.index)
        return logits, legal, eps, rng.randrange(2 ** 32)

    cases = [case(rng.randint(4, 8), 3, 0.0), case(rng.randint(3, 6), 1, 0.25), case(rng.randint(3, 6), 0, 0.25)]
    everything = cases.pop()
    cases.append((everything[0], list(everything[0]), 0.25, everything[3]))
    in_order = case(rng.randint(5, 8), 4, 0.25, reorder=False)
    in_order[1].reverse()
    cases.append(in_order)
    outside = case(rng.randint(5, 8), 3, round(rng.uniform(0.1, 0.5), 2))
    illegal = next(move for move in outside[0] if move not in outside[1])
    outside[0][illegal] = max(outside[0].values()) + round(rng.uniform(0.5, 3.0), 3)
    cases.append(outside)
    cases += [case(rng.randint(4, 10), rng.randint(2, 4), rng.choice((0.25, round(rng.uniform(0.05, 0.6), 2))))
              for _ in range(3)]
    rng.shuffle(cases)
    return cases


WRONG_PRIORS: dict[str, tuple[Callable[[dict[str, float], list[str], list[float], float], list[float]], str]] = {
    "not renormalised": (lambda logits, legal, noise, eps: [
        (1 - eps) * prior + eps * share for prior, share in zip(
            [softmax(list(logits.values()))[list(logits).index(move)] for move in legal], noise)],
        "renormalise over the legal moves only: the softmax of the legal moves' outputs, not of every output"),
    "no noise": (lambda logits, legal, noise, eps: softmax([logits[move] for move in legal]),
                 "mix in the noise: (1 - eps) * prior + eps * noise"),
    "eps on the prior": (lambda logits, legal, noise, eps: [
        eps * prior + (1 - eps) * share for prior, share in zip(softmax([logits[move] for move in legal]), noise)],
        "(1 - eps) multiplies the policy's prior and eps the noise, not the other way round"),
    "noise added": (lambda logits, legal, noise, eps: [
        prior + eps * share for prior, share in zip(softmax([logits[move] for move in legal]), noise)],
        "take (1 - eps) of the prior, so that the priors still add up to 1: (1 - eps) * prior + eps * noise"),
    "the outputs as chances": (lambda logits, legal, noise, eps: [
        (1 - eps) * logits[move] / sum(logits[move] for move in legal) + eps * share
        for move, share in zip(legal, noise)],
        "the outputs are logits: turn them into chances with a softmax, exp(x) / the sum of exp over the legal moves"),
}


@watched
def check_root_priors(student_priors: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``root_priors(logits, legal, noise, eps)``: a prior for each legal move, in the order of
    ``legal``, from the policy's outputs (a dict over every move of the game) and the Dirichlet noise; on cases
    drawn with ``seed`` (fresh ones when None)."""
    refused = refusal(student_priors, "check_root_priors", "the priors at the root")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for logits, legal, eps, noise_seed in cases.each(priors_cases(seed)):
        noise = dirichlet_noise(len(legal), noise_seed)
        answer, failure = call_safely(student_priors, dict(logits), list(legal), list(noise), eps)
        call = (f"root_priors(logits={_rounded(logits)}, legal={legal}, noise={[round(share, 4) for share in noise]}, "
                f"eps={eps:g})")
        if failure:
            cases.failed_call(f"{call} {failure}.{drawn_with(seed)}", student_priors, failure)
            continue
        priors, problem = _read_numbers(answer, len(legal), "one prior for each legal move, in the order of legal")
        counted_case(cases, call, seed, priors, problem,
                     functools.partial(_priors_mistake, logits, legal, noise, eps, noise_seed))
    return cases.feedback("the priors the library's search starts from at the root in self-play: the policy's "
                          "chances over the legal moves, mixed with Dirichlet noise so that every game explores.")


def _rounded(logits: dict[str, float]) -> dict[str, float]:
    return {move: round(logit, 4) for move, logit in logits.items()}


def _priors_mistake(logits: dict[str, float], legal: list[str], noise: list[float], eps: float, noise_seed: int,
                    priors: Sequence[float]) -> str | None:
    """None if ``priors`` are the library's priors for the case, else them and what is wrong, in words (worked out
    after the answer was given)."""
    expected = library_priors(logits, legal, eps, noise_seed)
    if all(math.isclose(prior, want, rel_tol=1e-9, abs_tol=1e-12) for prior, want in zip(priors, expected)):
        return None
    return f"the priors are {[round(prior, 4) for prior in expected]}: {priors_hint(logits, legal, noise, eps, priors)}"


def priors_hint(logits: dict[str, float], legal: list[str], noise: list[float], eps: float,
                priors: Sequence[float]) -> str:
    """What wrong priors get wrong, in words."""
    def same(values: Sequence[float]) -> bool:
        return all(math.isclose(prior, value, rel_tol=1e-9, abs_tol=1e-12) for prior, value in zip(priors, values))

    if eps == 0 and same(root_priors(logits, legal, noise, 0.25)):
        return "use the eps you are given: eps = 0 means no noise (a node below the root), not AlphaZero's 0.25."
    in_output_order = [move for move in logits if move in legal]
    if in_output_order != legal and same(root_priors(logits, in_output_order, noise, eps)):
        return ("one prior for each legal move in the order of legal, not in the order of the outputs: the noise's "
                "shares follow legal too.")
    for wrong, hint in WRONG_PRIORS.values():
        try:
            if same(wrong(logits, legal, noise, eps)):
                return hint + "."
        except ZeroDivisionError:
            continue
    return "each prior is (1 - eps) * the softmax of the legal moves' outputs + eps * that move's noise."
