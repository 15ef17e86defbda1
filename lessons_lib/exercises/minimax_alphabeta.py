"""Checks for notebook 03, minimax and alpha-beta: values worked out by hand, and the two searches written."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.base import Evaluation
from lessons_lib.agents.evaluation import utility
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.agents.minimax import MinimaxAgent
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Cases, Feedback, as_number, call_for_number, case_seed, drawn_with, is_a_number, items_of, shown,
)
from lessons_lib.exercises.fresh_cases import drawn_position, ending_at, in_a_chain, random_tree
from lessons_lib.exercises.search_edges import EDGE_MISTAKES, near_the_draw, searched_at_depth_0, tree_with_chains, tree_with_one_move
from lessons_lib.games.shologuti.position import RED, Position
from lessons_lib.games.tiny_tree import (
    AIMA_FIGURE_5_2, CHAIN_TREE, EXERCISE_TREE, PRUNING_TREE, TinyTree, Tree, leaf_evaluation,
)

CASES: list[tuple[str, Any, int, Evaluation]] = [
    ("the tree of figure 5.2", TinyTree(AIMA_FIGURE_5_2), 2, leaf_evaluation),
    ("the exercise tree", TinyTree(EXERCISE_TREE), 3, leaf_evaluation),
    ("figure 5.2 with player 1 to move at the root", TinyTree((1, AIMA_FIGURE_5_2)), 2, leaf_evaluation),
    ("the chain tree (one player moves twice in a row)", TinyTree(CHAIN_TREE), 3, leaf_evaluation),
    ("a Shologuti position, Red to move", Position.from_string("RRRRRRG...R....R....RGG.G..G...GGGGGG r - 1"), 2,
     material_mobility_evaluation),
    ("a Shologuti position, Green to move", Position.from_string("RRRRRRRRR..RRRR.R.........GG...GGGG.G g - 2"), 3,
     material_mobility_evaluation),
    ("a position Green wins in 3 plies", Position.from_string("G.RG...........................G..... g -"), 3,
     material_mobility_evaluation),
    ("a capture that ends the game at once", Position.from_points(green=[23, 31], red=[18]), 2,
     material_mobility_evaluation),
    ("a finished game (Red to move, no Red piece left)", Position.from_points(green=[23], red=[], to_move=RED), 2,
     material_mobility_evaluation),
]
"""(name, position, depth, evaluation). In the first six no game ends within the depth, so every leaf is
evaluated; in the next two some games end, one right after the root, and a finished game must be scored by
its utility; the last is finished at the root, where there is no move to take the max or min of."""


FINISHED_AT_DEPTH_0 = Position.from_points(green=[23], red=[], to_move=RED)
"""A finished game searched at depth 0: its utility, not its evaluation, even with no depth left."""

Variant = Callable[[Any, int, int, Evaluation, str], float]
"""A search with one of the usual mistakes (named; "" for none): ``variant(state, depth, root_player, evaluate,
mistake)``, the value it gives."""


def plies(count: int) -> str:
    return f"{count} ply" if count == 1 else f"{count} plies"


def telling_apart(variant: Variant, depth: int, evaluate: Evaluation, *mistakes: str) -> Callable[[Any], bool]:
    """Whether a state searched to ``depth`` gets another value with each of ``mistakes`` than without."""
    def differs(state: Any) -> bool:
        right = variant(state, depth, state.to_move, evaluate, "")
        return all(abs(variant(state, depth, state.to_move, evaluate, mistake) - right) > 1e-6 for mistake in mistakes)
    return differs


def drawn_search_cases(seed: int, variant: Variant | None = None) -> list[tuple[str, Any, int, Evaluation]]:
    """Cases drawn with ``seed`` for the searches of lessons 03 and 06: two random trees (player 1 at the root of
    one; chains and games that end early in both), a position with Red to move, one in a capture chain, and two
    endgames whose first game ends exactly at the depth searched and one ply before it; then the edges, each on
    every seed, drawn until ``variant`` (the check's search, with the usual mistakes) tells its mistake apart: a
    tree with a chain at every level, a root with one move, a position whose games are drawn by the quiet-move
    clock within the depth, a position searched at depth 0, and a finished game searched at depth 0."""
    variant = variant or _variant
    rng = random.Random(seed)
    trees = [random_tree(rng, 3, player=1), random_tree(rng, 3)]
    evaluate = material_mobility_evaluation
    chains = tree_with_chains(rng, 3, telling_apart(variant, 3, leaf_evaluation, "by depth"))
    one_move = tree_with_one_move(rng, 3, telling_apart(variant, 3, leaf_evaluation, "one move not searched"))
    drawn = near_the_draw(rng, 2, telling_apart(variant, 2, evaluate, "draw by evaluation"))
    shallow = searched_at_depth_0(rng, telling_apart(variant, 0, evaluate, "one ply at depth 0"))
    return [*[(f"the tree {tree!r}", TinyTree(tree), 3, leaf_evaluation) for tree in trees],
            *[(f"{what} {position}", position, 2, evaluate) for what, position in (
                ("a position with Red to move,", drawn_position(rng, to_move=RED)),
                ("a position in the middle of a capture chain,", in_a_chain(rng)))],
            (f"an endgame whose first game ends exactly 3 plies on, {(ending := ending_at(rng, 3))}", ending, 3,
             evaluate),
            (f"an endgame whose first game ends 2 plies on, {(sooner := ending_at(rng, 2, to_move=RED))}", sooner, 3,
             evaluate),
            (f"the tree {chains!r}, where a player moves twice in a row at every level", TinyTree(chains), 3,
             leaf_evaluation),
            (f"the tree {one_move!r}, whose root has one move", TinyTree(one_move), 3, leaf_evaluation),
            (f"the position {drawn}, {plies(drawn.rules.draw_plies - drawn.clock)} short of a draw by the quiet-move "
             f"clock", drawn, 2, evaluate),
            (f"the position {shallow}", shallow, 0, evaluate),
            (f"a finished game (Red to move, no Red piece left) {FINISHED_AT_DEPTH_0}", FINISHED_AT_DEPTH_0, 0,
             evaluate)]


@watched
def check_tree_value(value: Any, move: Any) -> Feedback:
    """Check the minimax value and best move of :data:`~lessons_lib.games.tiny_tree.EXERCISE_TREE`, worked out by hand.
    A wrong answer scores half for a right value or a right move."""
    result = MinimaxAgent(3, leaf_evaluation).search(TinyTree(EXERCISE_TREE))
    number, problem = as_number(value)
    chosen = str.lower(str.strip(move)) if issubclass(type(move), str) else None
    score = ((not problem and number == result.value) + (chosen == result.move)) / 2
    if move is None and not problem and number == 0:
        return Feedback.not_yet("fill in value and move, for example value = 5 and move = 'b'.", 0.0)
    if problem:
        return Feedback.not_yet(f"value = {shown(value, 60)}: {problem}", score)
    if chosen not in ("a", "b", "c"):
        return Feedback.not_yet(f"the moves at the root are 'a', 'b' and 'c', not {shown(move, 40)}.", score)
    if number == result.value and chosen == result.move:
        return Feedback.correct(f"MAX plays {result.move} for a value of {number:g}: the line is "
                                f"{' '.join(map(str, result.pv))}. Under each MIN node MIN takes the smaller of "
                                f"MAX's best replies.")
    if number == 10:
        return Feedback.not_yet("10 is the best leaf, but MIN will never let MAX reach it. Work from the "
                                "bottom up: MAX nodes take the larger child, MIN nodes the smaller.", score)
    if number == result.value:
        return Feedback.not_yet(f"the value {number:g} is right, but which root move leads to it?", score)
    return Feedback.not_yet(f"not {number:g}. Write the values level by level from the leaves up: the bottom "
                            f"MAX nodes first (each the larger of its two leaves), then the MIN nodes, then the "
                            f"root.", score)


def leaves_of(state: TinyTree) -> list[str]:
    """The names of a tiny tree's leaves, left to right (a leaf is named by its last move)."""
    if state.is_leaf:
        return [state.path[-1]]
    return [leaf for move in state.legal_moves() for leaf in leaves_of(state.play(move))]


def pruned_leaves(tree: Tree) -> list[str]:
    """The leaves of a tiny tree that the library's alpha-beta, searching it all, never evaluates."""
    looked_at: set[str] = set()

    def evaluate(state: TinyTree, player: int) -> float:
        looked_at.add(state.path[-1])
        return leaf_evaluation(state, player)

    root = TinyTree(tree)
    AlphaBetaAgent(root.height, evaluate).search(root)
    return [leaf for leaf in leaves_of(root) if leaf not in looked_at]


def _slip_pruned_leaves(tree: Tree, strict: bool = False, right_to_left: bool = False) -> list[str]:
    """What a hand search with a slip leaves out: ``strict`` cuts off only when alpha > beta, ``right_to_left``
    takes the moves in reverse order."""
    looked_at: set[str] = set()

    def search(state: TinyTree, alpha: float, beta: float) -> float:
        if state.is_leaf:
            looked_at.add(state.path[-1])
            return state.leaf_value
        maximizing = state.to_move == 0
        best = -math.inf if maximizing else math.inf
        moves = state.legal_moves()
        for move in reversed(moves) if right_to_left else moves:
            value = search(state.play(move), alpha, beta)
            if maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha > beta if strict else alpha >= beta:
                break
        return best

    search(TinyTree(tree), -math.inf, math.inf)
    return [leaf for leaf in leaves_of(TinyTree(tree)) if leaf not in looked_at]


MOST_NAMES = 100
"""The most names an answer is read for (far more than :data:`PRUNING_TREE` has leaves)."""


def _leaf_count() -> int:
    """How many leaves :data:`PRUNING_TREE` has."""
    return len(leaves_of(TinyTree(PRUNING_TREE)))


def _leaf_names(answer: Any) -> list[str] | str:
    """The names in an answer given as a list of names or as one string of them; else what is wrong with it."""
    if issubclass(type(answer), str):
        names = str.split(str.replace(answer, ",", " "))
        return names if len(names) <= MOST_NAMES else (f"that is {len(names)} names or more; the tree has "
                                                        f"{_leaf_count()} leaves.")
    items = items_of(answer, MOST_NAMES)
    if items is None:
        return f"give a list of leaf names, for example ['a1b', 'c2a'], not {shown(answer, 40)}."
    if len(items) > MOST_NAMES:
        return f"that is more than {MOST_NAMES} names; the tree has {_leaf_count()} leaves."
    if any(is_a_number(item) for item in items):
        return "give the leaves' names, the moves that reach them (like 'a2b'), not their values."
    odd = [item for item in items if not issubclass(type(item), str)]
    if odd:
        return f"give the leaves' names as text, like 'a2b', not {shown(odd[0], 40)}."
    return [str.lower(str.strip(str.strip(item), "'\"")) for item in items]


@watched
def check_pruned_leaves(answer: Any) -> Feedback:
    """Check the leaves of :data:`~lessons_lib.games.tiny_tree.PRUNING_TREE` that alpha-beta never looks at."""
    tree = TinyTree(PRUNING_TREE)
    expected, leaves = pruned_leaves(PRUNING_TREE), leaves_of(tree)
    names = _leaf_names(answer)
    if isinstance(names, str):
        return Feedback.not_yet(names)
    if any(name.lstrip("-").isdigit() for name in names):
        return Feedback.not_yet("give the leaves' names, the moves that reach them (like 'a2b'), not their values.")
    unknown = [name for name in names if name not in leaves]
    if unknown:
        inner = [name for name in unknown if any(leaf.startswith(name) for leaf in leaves)]
        if inner:
            under = [leaf for leaf in leaves if leaf.startswith(inner[0])]
            return Feedback.not_yet(f"{shown(inner[0])} is a position, not a leaf: name its leaves "
                                    f"({', '.join(under)}) if alpha-beta skips them all.")
        return Feedback.not_yet(f"there is no leaf {shown(unknown[0], 40)}; the leaves are {', '.join(leaves)}.")
    given = sorted(set(names), key=leaves.index)
    if not given:
        return Feedback.not_yet("fill in the list with the names of the leaves alpha-beta never looks at (it "
                                "skips some: that is the point of it).")
    if given == expected:
        return Feedback.correct(f"alpha-beta never looks at {', '.join(expected)}: {len(expected)} of the "
                                f"{len(leaves)} leaves, and the value is still minimax's. Step through the tree "
                                f"below to watch each cutoff happen.")
    if given == [leaf for leaf in leaves if leaf not in expected]:
        return Feedback.not_yet("those are the leaves alpha-beta does look at; the question asks for the others.")
    if given == _slip_pruned_leaves(PRUNING_TREE, strict=True):
        return Feedback.not_yet("close: alpha-beta cuts off as soon as alpha >= beta, also when the two are equal. "
                                "Look again where MIN can only match what MAX already has.")
    if given == _slip_pruned_leaves(PRUNING_TREE, right_to_left=True):
        return Feedback.not_yet("that is what alpha-beta skips taking the moves right to left; it takes them in "
                                "the order drawn, left to right.")
    looked_at = [leaf for leaf in given if leaf not in expected]
    if looked_at:
        return Feedback.not_yet(f"alpha-beta does look at {looked_at[0]}: when it gets there, alpha < beta still. "
                                f"Write alpha and beta next to each node as you go, left to right.")
    missed = [leaf for leaf in expected if leaf not in given]
    return Feedback.not_yet(f"you found {len(given)} of the {len(expected)} leaves. A cutoff can happen at a MAX "
                            f"node as well as at a MIN node: as soon as alpha >= beta there, that node's remaining "
                            f"moves are skipped (look again at {missed[0][:-1]} and the node above it).")


# -- the usual mistakes, to recognise them in a student's answer ---------------------------------


def _variant(state: Any, depth: int, root: int, evaluate: Evaluation, mistake: str, ply: int = 0) -> float:
    """Minimax with one of the usual ``mistake``s (see :data:`MISTAKES`; "" for none)."""
    leaf_player = state.to_move if mistake == "mover's view" else root
    utility_player = state.to_move if mistake == "mover's utility" else root
    over = state.is_game_over()
    if over and mistake == "infinite utility":
        winner = state.outcome().winner
        return 0.0 if winner is None else math.inf if winner == root else -math.inf
    if over and mistake == "draw by evaluation" and state.outcome().winner is None:
        return evaluate(state, leaf_player)
    if over and mistake != "no utility":
        return utility(state, utility_player, 0 if mistake == "ply not counted" else ply)
    if depth == 0 and ply == 0 and mistake == "one ply at depth 0" and not over:
        return _variant(state, 1, root, evaluate, "", ply)
    if depth == 0 or over:
        return evaluate(state, leaf_player)
    moves = state.legal_moves()
    if ply == 0 and len(moves) == 1 and mistake == "one move not searched":
        return _variant(state.play(moves[0]), 0, root, evaluate, "", ply + 1)
    values = [_variant(state.play(move), depth - 1, root, evaluate, mistake, ply + 1) for move in moves]
    maximizing = {"always max": True, "by depth": ply % 2 == 0, "swapped": state.to_move != root}.get(
        mistake, state.to_move == root)
    return max(values) if maximizing else min(values)


MISTAKES = {
    **EDGE_MISTAKES,
    "always max": "you take the largest value at every node. At a node where the other player moves (MIN), "
                  "take the smallest: they choose what is worst for the root's player.",
    "by depth": "you alternate MAX and MIN by depth. In a capture chain the same player moves twice in a row: "
                "decide MAX or MIN by state.to_move == root_player, not by the depth.",
    "mover's view": "you evaluate leaves for the player to move there. Every value must be for the root's "
                    "player: evaluate(state, root_player).",
    "mover's utility": "your leaves are right, but a finished game is scored for the player to move there. It "
                       "must be scored for the root's player too: utility(state, root_player, ply).",
    "swapped": "MAX and MIN are the wrong way round: the root's player maximises.",
    "no utility": "a finished game was scored by the evaluation. Test state.is_game_over() first, and return "
                  "utility(state, root_player, ply) there: a win is worth 1000 minus the plies to it.",
    "infinite utility": "a won game is worth utility(state, root_player, ply), 1000 minus the plies to it, not "
                        "infinity: with infinity, a win in 3 plies and a win in 30 look the same.",
    "ply not counted": "a finished game's utility must know how far below the root it is: pass ply + 1 to each "
                       "recursive call (a win 3 plies ahead is worth 997, not 1000).",
}


UNKNOWN_MISTAKE = "compare your function with the pseudocode above, one line at a time."


def _diagnose(answer: Any, state: Any, depth: int, root: int, evaluate: Evaluation) -> str:
    """The hint of the first of :data:`MISTAKES` whose search gives ``answer``, or :data:`UNKNOWN_MISTAKE`."""
    for mistake, hint in MISTAKES.items():
        if answer == _variant(state, depth, root, evaluate, mistake):
            return hint
    return UNKNOWN_MISTAKE


# -- alpha-beta: count the positions a student's search visits ------------------------------------


class _Counted:
    """A game state that records, in a shared counter, that a search looked at it."""

    def __init__(self, state: Any, seen: list[int]) -> None:
        self._state = state
        self._seen = seen
        self._counted = False

    def _touch(self) -> None:
        if not self._counted:
            self._counted = True
            self._seen[0] += 1

    @property
    def to_move(self) -> int:
        return int(self._state.to_move)

    def legal_moves(self) -> list[Any]:
        self._touch()
        return list(self._state.legal_moves())

    def play(self, move: Any) -> _Counted:
        return _Counted(self._state.play(move), self._seen)

    def is_game_over(self) -> bool:
        self._touch()
        return bool(self._state.is_game_over())

    def outcome(self) -> Any:
        self._touch()
        return self._state.outcome()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


class CountedEvaluation:
    """An evaluation that also counts, in a :class:`_Counted` state, that a search looked at it."""

    def __init__(self, evaluate: Evaluation) -> None:
        self.evaluate = evaluate

    def __call__(self, state: Any, player: int) -> float:
        if isinstance(state, _Counted):
            state._touch()
            state = state._state
        return self.evaluate(state, player)


def search_value(agent: MinimaxAgent | AlphaBetaAgent, state: Any) -> tuple[float, int]:
    """The agent's value of ``state`` and the positions it visits; a finished root is worth its utility."""
    if state.is_game_over():
        return utility(state, state.to_move, 0), 1
    result = agent.search(state)
    assert result.value is not None  # a search of a game that goes on always has a value
    return result.value, result.nodes


def reference_search(agent: Callable[[int, Evaluation], MinimaxAgent | AlphaBetaAgent], state: Any, depth: int,
                     evaluate: Evaluation) -> tuple[float, int]:
    """The value of ``state`` searched ``depth`` plies deep by the library's ``agent`` (a class), for the player to
    move, and the positions it visits: at depth 0 (which no agent searches) the evaluation, or the utility of a
    finished game, one position."""
    if depth == 0 and not state.is_game_over():
        return float(evaluate(state, state.to_move)), 1
    return search_value(agent(max(depth, 1), evaluate), state)


def _minimax_mistake(answer: float, name: str, state: Any, depth: int, evaluate: Evaluation,
                     wanted: bool = True) -> str | None:
    """What is wrong with ``answer``, a student's minimax value of ``state`` at ``depth``, or None ("" if it is
    wrong but no message is ``wanted``). Worked out only once the student's function has returned, so that nothing
    it could read while it ran held the value it should give."""
    expected, _ = reference_search(MinimaxAgent, state, depth, evaluate)
    if answer == expected:
        return None
    if not wanted:
        return ""
    return (f"on {name} at depth {depth}, your value is {answer:g} but minimax gives {expected:g}: "
            f"{_diagnose(answer, state, depth, state.to_move, evaluate)}")


@watched
def check_minimax(minimax: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``minimax(state, depth, root_player, evaluate, ply=0)`` on tiny trees and real positions,
    fixed ones and ones drawn with ``seed`` (fresh when None)."""
    name, state, depth, evaluate = CASES[4]
    refused = refusal(minimax, "check_minimax", "search", trial=(state, depth, state.to_move, evaluate))
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for number, (name, state, depth, evaluate) in cases.each(enumerate(CASES + drawn_search_cases(seed))):
        seen = drawn_with(seed) if number >= len(CASES) else ""
        answer, failure = call_for_number(minimax, state, depth, state.to_move, evaluate)
        if failure:
            cases.failed_call(f"on {name}, minimax {failure}{seen}", minimax, failure)
            continue
        mistake = _minimax_mistake(answer, name, state, depth, evaluate, cases.wanted)
        if mistake is None:
            cases.passed()
        else:
            cases.failed(mistake and mistake + seen)
    return cases.feedback("right on the tiny trees, the chain, and real Shologuti positions. This is the "
                          "Pygame project's first agent, in a few lines.")


def _alphabeta_mistake(alphabeta: Callable[..., Any], name: str, state: Any, depth: int,
                       evaluate: Evaluation) -> tuple[str | None, str | None]:
    """What is wrong with a student's alpha-beta on one case (its value, or the positions it visits), or None; and
    the call's failure in words, if it failed."""
    seen = [0]
    answer, failure = call_for_number(alphabeta, _Counted(state, seen), depth, -math.inf, math.inf,
                                      state.to_move, CountedEvaluation(evaluate))
    if failure:
        return f"on {name}, alphabeta {failure}", failure
    value, nodes = reference_search(AlphaBetaAgent, state, depth, evaluate)
    plain = reference_search(MinimaxAgent, state, depth, evaluate)[1]
    hint = _diagnose(answer, state, depth, state.to_move, evaluate) if answer != value else ""
    if answer != value and seen[0] < nodes:
        also = "" if hint == UNKNOWN_MISTAKE else f" Or else, since minimax with a usual mistake gives that value: {hint}"
        return (f"on {name} at depth {depth}, alphabeta gave {answer:g} but the minimax value is "
                f"{value:g}, and it looked at only {seen[0]} positions where alpha-beta needs "
                f"{nodes}: it skipped moves that had to be searched. Cut off only when "
                f"alpha >= beta, and never before a node's first move is searched.{also}"), None
    if answer != value:
        return (f"on {name} at depth {depth}, alphabeta gave {answer:g} but the minimax "
                f"value is {value:g}: {hint}"), None
    visited = seen[0]
    if visited == plain and plain > nodes:
        return (f"on {name} the value is right, but you looked at all {plain} positions, as "
                f"minimax does: nothing was pruned. Update alpha (at MAX nodes) or beta (at "
                f"MIN nodes) as values come back, pass the updated alpha and beta to each "
                f"recursive call, and stop trying moves once alpha >= beta."), None
    if visited > nodes:
        return (f"on {name} the value is right, but you looked at {visited} positions where "
                f"alpha-beta needs {nodes}. Do you stop as soon as alpha >= beta "
                f"(not only when alpha > beta), and pass the updated alpha and beta down?"), None
    if visited < nodes:
        return (f"on {name} you looked at only {visited} positions where alpha-beta needs "
                f"{nodes}, with the moves in the order legal_moves() gives. The "
                f"value came out right here, but pruning that much can miss the best move. "
                f"Cut off only when alpha >= beta."), None
    return None, None


@watched
def check_alphabeta(alphabeta: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``alphabeta(state, depth, alpha, beta, root_player, evaluate, ply=0)``: values and pruning,
    on fixed cases and ones drawn with ``seed`` (fresh when None)."""
    name, state, depth, evaluate = CASES[4]
    refused = refusal(alphabeta, "check_alphabeta", "search",
                      trial=(state, depth, -math.inf, math.inf, state.to_move, evaluate))
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for number, (name, state, depth, evaluate) in cases.each(enumerate(CASES + drawn_search_cases(seed))):
        mistake, failure = _alphabeta_mistake(alphabeta, name, state, depth, evaluate)
        if mistake:
            cases.failed_call(mistake + (drawn_with(seed) if number >= len(CASES) else ""), alphabeta, failure)
        else:
            cases.passed()
    return cases.feedback("the same values as minimax, and exactly the positions alpha-beta visits, pruned "
                          "ones skipped, on every test.")
