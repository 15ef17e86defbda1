"""Cases at the edges of a search, drawn with a seed, each kind present whatever the seed: a tiny tree with a capture
chain (the same player moving twice) at every level, a root with one move, a position whose games are drawn by the
quiet-move clock within the depth searched, and a search of depth 0.

A check says what its case must tell apart (``differs``: true when a search with the mistake in mind gets another
value there than the right one), and the drawing goes on until the case does. So an answer wrong on one kind of edge
only fails with every seed, not with the seeds that happen to draw that edge.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from lessons_lib.exercises.fresh_cases import drawn_position, random_tree
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import FORCED, Rules
from lessons_lib.games.tiny_tree import TinyTree, Tree

MOST_TRIES = 2000
"""Draws tried before giving up (a case that tells the mistake apart comes within a few dozen)."""


EDGE_MISTAKES = {
    "draw by evaluation": "a drawn game was scored by the evaluation. Every finished game is worth its utility, a "
                          "draw too (0, however many pieces each side has): test state.is_game_over() first and "
                          "return utility(state, root_player, ply) whoever won, or nobody.",
    "one ply at depth 0": "at depth 0 you looked one ply ahead. Depth 0 means no move at all: return "
                          "evaluate(state, root_player) (unless the game is over).",
    "one move not searched": "with a single move at the root you scored the position after it without searching "
                             "it. One move or many, each is searched to depth - 1.",
}
"""What the searches' checks (minimax, alpha-beta, expectimax) say of a slip at one of these edges, by its name."""

def levels_with_a_chain(state: TinyTree) -> set[int]:
    """The plies below the root at which some position is moved in by the player who moved into it (a chain):
    1 when the root's player moves twice in a row."""
    found: set[int] = set()
    frontier, ply = [state], 0
    while frontier:
        ply += 1
        children = []
        for parent in frontier:
            for move in parent.legal_moves():
                child = parent.play(move)
                if not child.is_leaf:
                    children.append(child)
                    if child.to_move == parent.to_move:
                        found.add(ply)
        frontier = children
    return found


Case = TypeVar("Case")


def _first(draw: Callable[[], Case], accepted: Callable[[Case], bool], what: str) -> Case:
    for _ in range(MOST_TRIES):
        case = draw()
        if accepted(case):
            return case
    raise AssertionError(f"no {what} found in {MOST_TRIES} draws")  # pragma: no cover - never seen


def tree_with_chains(rng: random.Random, depth: int, differs: Callable[[TinyTree], bool]) -> Tree:
    """A tiny tree ``depth`` plies high with a chain at every ply above the leaves (a position whose player moved
    into it, at ply 1, 2... ``depth - 1``), that ``differs`` accepts."""
    wanted = set(range(1, depth))
    return _first(lambda: random_tree(rng, depth, chain_chance=0.45),
                  lambda tree: levels_with_a_chain(TinyTree(tree)) >= wanted and differs(TinyTree(tree)),
                  "tree with chains at every level")


def tree_with_one_move(rng: random.Random, depth: int, differs: Callable[[TinyTree], bool]) -> Tree:
    """A tiny tree ``depth`` plies high whose root has a single move, that ``differs`` accepts."""
    def draw() -> Tree:
        player = rng.randrange(2)
        return (player, [random_tree(rng, depth - 1, player=rng.randrange(2))])
    return _first(draw, lambda tree: differs(TinyTree(tree)), "tree with a one-move root")


def near_the_draw(rng: random.Random, depth: int, differs: Callable[[Position], bool],
                  rules: Rules = FORCED) -> Position:
    """A position of random play whose quiet-move clock is 1 to ``depth`` plies short of a draw, so that games end
    drawn within the depth searched, and that ``differs`` accepts."""
    def draw() -> Position:
        position = drawn_position(rng, rules, keep=lambda drawn: drawn.pending == 0)
        clock = rules.draw_plies - rng.randint(1, depth)
        return Position(position.green, position.red, position.to_move, 0, clock, rules)
    return _first(draw, differs, "position near the draw")


def searched_at_depth_0(rng: random.Random, differs: Callable[[Position], bool], rules: Rules = FORCED) -> Position:
    """A position of random play, to be searched at depth 0, that ``differs`` accepts."""
    return _first(lambda: drawn_position(rng, rules), differs, "position for depth 0")
