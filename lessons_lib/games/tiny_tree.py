"""Tiny games written out by hand as trees, to run the searches on something you can check on paper.

A tree is written with Python lists and numbers:

- a **list** is a position; its items are the positions its moves lead to. Players
  take turns level by level: player 0 (MAX) moves at the root, player 1 (MIN) below it, and so on;
- a **number** is a leaf: how good that end of the line is for player 0 (for player 1 it is the opposite);
- ``"win 0"``, ``"win 1"`` or ``"draw"`` is a leaf where the game is over;
- ``(player, [...])`` gives a position's player to move explicitly, for a position where the same
  player moves twice in a row (as in a Shologuti capture chain);
- a **dict** instead of a list names the moves: ``{"trap": ..., "safe": ...}``.

Moves in a list are named by their path: ``a``, ``b``, ``c`` at the root, then ``a1``, ``a2``
under ``a``, then ``a1a``, ``a1b`` under ``a1``, and so on.

>>> tree = TinyTree(AIMA_FIGURE_5_2)
>>> tree.legal_moves(), tree.play("b").legal_moves()
(['a', 'b', 'c'], ['b1', 'b2', 'b3'])
>>> tree.height, tree.play("b").play("b2").leaf_value
(2, 4.0)
"""

from __future__ import annotations

import hashlib
from string import ascii_lowercase
from typing import Any

from lessons_lib.kit.game import Outcome

Tree = Any
"""A list, dict, ``(player, list-or-dict)`` tuple, number or outcome word, as the module describes."""

AIMA_FIGURE_5_2: Tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""The two-ply game of Russell and Norvig's *Artificial Intelligence: A Modern Approach*, figure 5.2.

MAX's value is 3 (move ``a``); alpha-beta never looks at the leaves under ``b2`` and ``b3``.
"""

EXERCISE_TREE: Tree = [[[5, 9], [2, 7]], [[8, 1], [6, 3]], [[4, 4], [10, 0]]]
"""Three plies: MAX, MIN, then MAX again above the leaves (notebook 03's exercise)."""

PRUNING_TREE: Tree = [[[4, 6], [7, 9]], [[1, 2], [0, -1]], [[6, 3], [5, 8]]]
"""Three plies for pruning by hand (notebook 03): alpha-beta skips a leaf under a MAX node, a whole MIN node's
subtree, and, because it cuts off as soon as alpha >= beta, a subtree whose best is only equal to what MAX has."""

CHAIN_TREE: Tree = (0, [(0, [(1, [1, 5]), (1, [7, 8])]), (1, [(0, [4]), (0, [9])])])
"""After move ``a`` player 0 moves again (a chain); after ``b`` player 1 moves. Value 7, line a a2 a2a."""

TRAP_TREE: Tree = (0, {"trap": (1, {"give up": "win 0", "punish": "win 1"}),
                       "safe": (1, {"a": "draw", "b": "draw"})})
"""Player 0 picks ``trap`` or ``safe``. After ``trap`` player 1 can win; after ``safe`` every game is drawn.

The right choice is ``safe``: a search that assumes player 1 will help player 0 picks ``trap``.
"""

GAMBLE_TREE: Tree = (0, {"solid": (1, [3, 4, 5]), "gamble": (1, [2, 10, 9])})
"""Player 0 picks ``solid`` or ``gamble``; then player 1 picks one of three leaves. Against the worst reply
``solid`` is better (3 against 2); against a reply chosen at random ``gamble`` is (7 against 4 on average)."""

OUTCOME_WORDS = {"win 0": Outcome(0, "won"), "win 1": Outcome(1, "won"), "draw": Outcome(None, "draw")}


class TinyTree:
    """A position in a hand-written game tree, behind the same interface as a Shologuti position.

    Args:
        tree: the tree (see the module's description).
        player: who moves here, when ``tree`` does not say (0 at the root).
        path: the moves that led here (kept for naming the moves below and for the key).
    """

    def __init__(self, tree: Tree, player: int = 0, path: tuple[str, ...] = ()) -> None:
        if isinstance(tree, tuple):
            player, tree = tree
        _check(tree)
        self.tree = tree
        self.path = path
        self._player = player

    @property
    def to_move(self) -> int:
        return self._player

    @property
    def key(self) -> int:
        """A 64-bit key from the path (different paths are different positions here)."""
        return int.from_bytes(hashlib.sha256(" ".join(self.path).encode()).digest()[:8], "big")

    def _children(self) -> dict[str, Tree]:
        if isinstance(self.tree, dict):
            return dict(self.tree)
        if isinstance(self.tree, list):
            prefix = self.path[-1] if self.path else ""
            labels = [str(number) for number in range(1, len(self.tree) + 1)] if prefix and prefix[-1].isalpha() \
                else list(ascii_lowercase[: len(self.tree)])
            return {prefix + label: child for label, child in zip(labels, self.tree)}
        return {}

    def legal_moves(self) -> list[str]:
        """The names of the moves here; none at a leaf."""
        return list(self._children())

    def play(self, move: str) -> TinyTree:
        children = self._children()
        if move not in children:
            raise ValueError(f"{move!r} is not a move here; the moves are: {', '.join(children) or 'none'}")
        return TinyTree(children[move], 1 - self._player, (*self.path, move))

    def is_game_over(self) -> bool:
        """True at a leaf written as ``"win 0"``, ``"win 1"`` or ``"draw"`` (a number is only evaluated)."""
        return isinstance(self.tree, str)

    def outcome(self) -> Outcome | None:
        return OUTCOME_WORDS[self.tree] if isinstance(self.tree, str) else None

    @property
    def is_leaf(self) -> bool:
        return not isinstance(self.tree, (list, dict))

    @property
    def leaf_value(self) -> float:
        """A number leaf's value for player 0; 0 for any other position."""
        return float(self.tree) if isinstance(self.tree, (int, float)) else 0.0

    @property
    def height(self) -> int:
        """The number of plies from here to the deepest leaf."""
        def height(tree: Tree) -> int:
            if isinstance(tree, tuple):
                tree = tree[1]
            children = tree.values() if isinstance(tree, dict) else tree if isinstance(tree, list) else []
            return 1 + max((height(child) for child in children), default=-1)
        return height(self.tree)

    def __repr__(self) -> str:
        where = " ".join(self.path) or "the root"
        return f"<TinyTree at {where}: player {self._player} to move>"


def leaf_evaluation(state: TinyTree, player: int) -> float:
    """The evaluation of a tiny tree: a leaf's number for player 0, and minus that for player 1."""
    return state.leaf_value if player == 0 else -state.leaf_value


def _check(tree: Tree) -> None:
    if isinstance(tree, bool) or not isinstance(tree, (list, dict, int, float, str)):
        raise ValueError(f"a tree is made of lists, dicts, numbers and outcome words, not {tree!r}")
    if isinstance(tree, str) and tree not in OUTCOME_WORDS:
        raise ValueError(f"a leaf word must be one of {', '.join(OUTCOME_WORDS)}, not {tree!r}")
    if isinstance(tree, (list, dict)) and not tree:
        raise ValueError("a position needs at least one move: use a number for a leaf")
