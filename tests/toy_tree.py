"""A tiny game given as a tree, for testing the agents on hand-built trees with known values.

A node is ``(player_to_move, [children])``; a leaf is a number, its value for player 0.
All leaves must be at the same depth (they are only ever reached at depth 0).
Moves are child indices. A node may give the move to the same player as its parent,
as a Shologuti capture chain does.
"""

from __future__ import annotations

from typing import Any

from lessons_lib.game import Outcome

Tree = Any


class _ToyGame:
    """What both toy games share: a node of the tree, the path to it, the player to move, a key."""

    def __init__(self, tree: Tree, path: tuple[Any, ...] = ()) -> None:
        self.tree = tree
        self.path = path

    @property
    def to_move(self) -> int:
        return self.tree[0] if isinstance(self.tree, tuple) else 0

    @property
    def key(self) -> int:
        return hash(self.path) & (2**64 - 1)


class TreeState(_ToyGame):
    def legal_moves(self) -> list[int]:
        return list(range(len(self.tree[1]))) if isinstance(self.tree, tuple) else []

    def play(self, move: int) -> TreeState:
        return TreeState(self.tree[1][move], (*self.path, move))

    def is_game_over(self) -> bool:
        return False  # leaves are only ever reached at depth 0

    def outcome(self) -> Outcome | None:
        return None

    @property
    def leaf_value(self) -> float:
        """A leaf's number; 0 for an inner node (iterative deepening evaluates those at shallow depths)."""
        return 0.0 if isinstance(self.tree, tuple) else float(self.tree)


def leaf_evaluation(state: TreeState, player: int) -> float:
    """A leaf's number is its value for player 0, and minus that for player 1."""
    return state.leaf_value if player == 0 else -state.leaf_value


def height(tree: Tree) -> int:
    return 1 + max(height(child) for child in tree[1]) if isinstance(tree, tuple) else 0


class OutcomeTree(_ToyGame):
    """A tiny game whose leaves are finished games: ``"win 0"``, ``"win 1"`` or ``"draw"``.

    A node is ``(player_to_move, {move_name: child})``.
    """

    def legal_moves(self) -> list[str]:
        return list(self.tree[1]) if isinstance(self.tree, tuple) else []

    def play(self, move: str) -> OutcomeTree:
        return OutcomeTree(self.tree[1][move], (*self.path, move))

    def is_game_over(self) -> bool:
        return not isinstance(self.tree, tuple)

    def outcome(self) -> Outcome | None:
        if isinstance(self.tree, tuple):
            return None
        return Outcome(None, "draw") if self.tree == "draw" else Outcome(int(self.tree[-1]), "won")


def no_evaluation(state: OutcomeTree, player: int) -> float:
    return 0.0
