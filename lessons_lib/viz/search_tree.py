"""Rebuild a depth-first search tree from its recorded events, lay it out, and draw it as SVG.

The search itself is the agents' own code; this module only replays what an
observer recorded (see :mod:`lessons_lib.agents.trace`), up to any event, so a
widget can step through it forwards and backwards.

>>> from lessons_lib.agents import AlphaBetaAgent
>>> from lessons_lib.games.shologuti.position import Position
>>> events = []
>>> _ = AlphaBetaAgent(2).search(Position.from_points(green=[23], red=[18, 1]), observer=events.append)
>>> tree = replay(events)
>>> tree.nodes[0].value == tree.nodes[0].best
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from lessons_lib.agents.base import Evaluation
from lessons_lib.agents.evaluation import WIN, utility
from lessons_lib.kit.game import GameState
from lessons_lib.agents.trace import Cutoff, LeafEvaluated, MoveTried, NodeEntered, NodeExited, ValueBackedUp
from lessons_lib.games.common.drawing import Pictures

OPEN, LEAF, DONE, PRUNED = "open", "leaf", "done", "pruned"


@dataclass
class TreeNode:
    """A node of the search tree as far as the replay has got."""

    id: int
    parent: int | None
    move: Hashable | None
    ply: int
    maximizing: bool = True
    alpha: float = -math.inf
    beta: float = math.inf
    best: float | None = None
    value: float | None = None
    status: str = OPEN
    note: str = ""
    children: list[int] = field(default_factory=list)


@dataclass
class ReplayedTree:
    """The tree after some events: its nodes (by id), the node the search is at, and the last event."""

    nodes: dict[int, TreeNode]
    current: int | None
    event: Any = None

    def visited(self) -> int:
        """How many positions the search has entered so far."""
        return sum(1 for node in self.nodes.values() if node.status != PRUNED)


def replay(events: Sequence[Any], upto: int | None = None) -> ReplayedTree:
    """The tree after the first ``upto`` events (all of them by default)."""
    nodes: dict[int, TreeNode] = {}
    stack: list[int] = []
    pending_move: Hashable | None = None
    current: int | None = None
    last = None
    for event in events[: len(events) if upto is None else upto]:
        last = event
        if isinstance(event, MoveTried):
            pending_move = event.move
        elif isinstance(event, NodeEntered):
            parent = stack[-1] if stack else None
            node = TreeNode(len(nodes), parent, pending_move if parent is not None else None, event.ply,
                            event.maximizing, event.alpha, event.beta)
            nodes[node.id] = node
            if parent is not None:
                nodes[parent].children.append(node.id)
            stack.append(node.id)
            current = node.id
        elif isinstance(event, LeafEvaluated):
            node = nodes[stack.pop()]
            node.value, node.status, node.note = event.value, LEAF, event.reason
            current = node.id
        elif isinstance(event, ValueBackedUp):
            node = nodes[stack[-1]]
            node.best, node.alpha, node.beta = event.best, event.alpha, event.beta
            current = node.id
        elif isinstance(event, Cutoff):
            node = nodes[stack[-1]]
            for move in event.pruned:
                pruned = TreeNode(len(nodes), node.id, move, event.ply + 1, status=PRUNED, note="β ≤ α")
                nodes[pruned.id] = pruned
                node.children.append(pruned.id)
            current = node.id
        elif isinstance(event, NodeExited):
            node = nodes[stack.pop()]
            node.value, node.status = event.value, DONE
            current = node.id
    return ReplayedTree(nodes, current, last)


def layout(tree: ReplayedTree) -> dict[int, tuple[float, int]]:
    """(x, level) of every node: leaves one slot apart in search order, parents centred over their children."""
    positions: dict[int, tuple[float, int]] = {}
    next_slot = 0.0

    def place(node_id: int) -> float:
        nonlocal next_slot
        node = tree.nodes[node_id]
        if not node.children:
            x = next_slot
            next_slot += 1
        else:
            xs = [place(child) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        positions[node_id] = (x, node.ply)
        return x

    if tree.nodes:
        place(0)
    return positions


def _number(value: float | None) -> str:
    if value is None:
        return ""
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    return f"{value:g}".replace("-", "−")


def _utility_words(event: LeafEvaluated) -> str:
    """A finished game's value, explained: its utility, not an evaluation."""
    if event.value == 0:
        return "A draw: value 0."
    if abs(event.value) != WIN - event.ply:
        return f"Value {_number(event.value)}."  # a hand-written tiny tree's number
    if event.value > 0:
        return (f"A win is worth 1000 − plies = 1000 − {event.ply} = {_number(event.value)}: the sooner a win, "
                f"the more it is worth.")
    return (f"A loss is worth −(1000 − plies) = −(1000 − {event.ply}) = {_number(event.value)}: the later a loss, "
            f"the less it costs.")


def describe_event(event: Any) -> str:
    """One sentence about an event, for the line under the tree."""
    if isinstance(event, NodeEntered):
        side = "MAX" if event.maximizing else "MIN"
        return (f"Enter a {side} node at ply {event.ply} with depth {event.depth} left, "
                f"α = {_number(event.alpha)}, β = {_number(event.beta)}.")
    if isinstance(event, MoveTried):
        return f"Try the move {event.move}."
    if isinstance(event, LeafEvaluated):
        if event.reason == "game over":
            return f"Leaf: the game is over here, {event.ply} plies from the root. {_utility_words(event)}"
        reason = {"depth": "the evaluation (depth 0)", "table": "a transposition-table entry"}.get(
            event.reason, event.reason)
        return f"Leaf: value {_number(event.value)}, from {reason}."
    if isinstance(event, ValueBackedUp):
        return (f"The move {event.move} returned {_number(event.value)}; best so far {_number(event.best)}, "
                f"α = {_number(event.alpha)}, β = {_number(event.beta)}.")
    if isinstance(event, Cutoff):
        moves = ", ".join(str(move) for move in event.pruned)
        return (f"Cutoff: β = {_number(event.beta)} ≤ α = {_number(event.alpha)}, so {moves} "
                f"cannot change the result and {'is' if len(event.pruned) == 1 else 'are'} skipped.")
    if isinstance(event, NodeExited):
        return f"Node done: its value is {_number(event.value)}."
    return "Press Step to start the search."


SLOT = 64  # pixels between two leaves
LEVEL = 92  # pixels between two levels
PAD = 36


NODE_FILLS = {OPEN: "#fff7d6", LEAF: "#e8f1fb", DONE: "#dff0d8"}
"""A node's fill by its state: pale yellow while the search is below it, pale blue at a leaf, pale green when done.

The fills only help: a node still open also has a dashed outline (the current node a thick one), a leaf
has no α and β under it and no children, and which side moves is the node's shape, ▲ or ▼, never its colour.
"""
CURRENT_OUTLINE = "#e0a800"
"""The thick outline of the node the search is at."""


def tree_svg(tree: ReplayedTree, final: ReplayedTree | None = None, bounds: bool = True) -> str:
    """Draw ``tree`` as SVG: MAX nodes as ▲, MIN as ▼, values inside, α and β under, moves on the edges.

    ``final`` (the whole search, replayed to the end) fixes the layout, so nodes do
    not move around while the replay grows. ``bounds=False`` leaves out α and β.
    A node the search has not finished has a dashed outline; the node it is at, a thick solid one.
    """
    shape = final if final is not None else tree
    spots = layout(shape)
    leaves = max((x for x, _ in spots.values()), default=0) + 1
    slot = max(40.0, min(float(SLOT), 1400 / leaves))  # a wide tree gets narrower slots (and a scroll bar)
    width = int(PAD * 2 + slot * leaves)
    height = int(PAD * 2 + LEVEL * (max((level for _, level in spots.values()), default=0) + 1))

    def xy(node_id: int) -> tuple[float, float]:
        x, level = spots[node_id]
        return PAD + slot / 2 + x * slot, PAD + 14 + level * LEVEL

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
             f'aria-label="A search tree: MAX nodes point up, MIN nodes point down">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for node in tree.nodes.values():
        if node.parent is None:
            continue
        (x1, y1), (x2, y2) = xy(node.parent), xy(node.id)
        grey = node.status == PRUNED
        dashes = ' stroke-dasharray="4 3"' if grey else ""
        parts.append(f'<line x1="{x1}" y1="{y1 + 14}" x2="{x2}" y2="{y2 - 14}" stroke="{"#bbb" if grey else "#555"}"'
                     f' stroke-width="1.5"{dashes}/>')
        mx, my = (x1 + 2 * x2) / 3, (y1 + 2 * y2) / 3  # nearer the child, so that siblings' labels part
        parts.append(f'<text x="{mx + 4}" y="{my}" font-size="10" fill="{"#aaa" if grey else "#1f4e9c"}">'
                     f"{escape(str(node.move))}</text>")
    for node in tree.nodes.values():
        x, y = xy(node.id)
        if node.status == PRUNED:
            parts.append(f'<rect x="{x - 16}" y="{y - 12}" width="32" height="24" rx="4" fill="#eee" stroke="#bbb"/>'
                         f'<text x="{x}" y="{y + 4}" font-size="9" fill="#999" text-anchor="middle">pruned</text>'
                         f'<text x="{x}" y="{y + 24}" font-size="9" fill="#999" text-anchor="middle">β ≤ α</text>')
            continue
        points = (f"{x},{y - 16} {x - 18},{y + 14} {x + 18},{y + 14}" if node.maximizing
                  else f"{x - 18},{y - 14} {x + 18},{y - 14} {x},{y + 16}")
        stroke, stroke_width = (CURRENT_OUTLINE, 4) if node.id == tree.current else ("#333", 1.5)
        dashes = ' stroke-dasharray="5 3"' if node.status == OPEN and node.id != tree.current else ""
        side = "max" if node.maximizing else "min"
        parts.append(f'<polygon points="{points}" fill="{NODE_FILLS[node.status]}" stroke="{stroke}" '
                     f'stroke-width="{stroke_width}"{dashes} class="node {side} {node.status}" data-side="{side}"/>')
        shown = node.value if node.value is not None else node.best
        parts.append(f'<text x="{x}" y="{y + (5 if node.maximizing else -1)}" font-size="11" text-anchor="middle" '
                     f'font-weight="bold">{_number(shown)}</text>')
        if bounds and node.status != LEAF:
            parts.append(f'<text x="{x}" y="{y + 28}" font-size="9" fill="#666" text-anchor="middle">'
                         f"α {_number(node.alpha)} β {_number(node.beta)}</text>")
    parts.append("</svg>")
    return "".join(parts)


def whole_tree_svg(state: GameState[Any], depth: int | None = None, evaluate: Evaluation | None = None) -> str:
    """Draw every position below ``state``, down to ``depth`` plies (or to the leaves), before any search
    (:func:`whole_tree` says what each node shows)."""
    return tree_svg(whole_tree(state, depth, evaluate), bounds=False)


def whole_tree(state: GameState[Any], depth: int | None = None, evaluate: Evaluation | None = None) -> ReplayedTree:
    """Every position below ``state``, down to ``depth`` plies (or to the leaves), as a tree to draw.

    MAX (▲) nodes are those where the root's player moves. Leaves show ``evaluate(leaf, root player)``
    when ``evaluate`` is given, or a tiny tree's own leaf values; a finished game shows its utility
    for the root's player (``1000 - ply`` for a win, as the searches score it).
    """
    root_player = state.to_move
    nodes: dict[int, TreeNode] = {}

    def add(position: Any, parent: int | None, move: Hashable | None, ply: int) -> None:
        node = TreeNode(len(nodes), parent, move, ply, position.to_move == root_player)
        nodes[node.id] = node
        if parent is not None:
            nodes[parent].children.append(node.id)
        moves = position.legal_moves() if depth is None or ply < depth else []
        if not moves:
            node.status = LEAF
            if evaluate is not None:
                node.value = evaluate(position, root_player)
            elif hasattr(position, "leaf_value") and not position.is_game_over():
                node.value = position.leaf_value if root_player == 0 else -position.leaf_value
            if position.outcome() is not None:  # a finished game: its utility, as the searches score it
                node.value = utility(position, root_player, ply)
        for each in moves:
            add(position.play(each), node.id, each, ply + 1)

    add(state, None, None, 0)
    return ReplayedTree(nodes, None)


@dataclass(frozen=True)
class TreePicture:
    """A drawn tree a notebook shows as a picture."""

    svg: str
    positions: int

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<the whole tree: {self.positions} positions>"


def whole_tree_picture(state: GameState[Any], depth: int | None = None,
                       evaluate: Evaluation | None = None) -> TreePicture:
    """:func:`whole_tree_svg` as a picture a notebook shows: ``whole_tree_picture(TinyTree(PRUNING_TREE))``."""
    tree = whole_tree(state, depth, evaluate)
    return TreePicture(tree_svg(tree, bounds=False), len(tree.nodes))


def search_tree_picture(agent: Any, state: GameState[Any], caption: str | None = None) -> Any:
    """The whole tree a depth-first search built (every node, value and cutoff), as a picture for a notebook."""
    events: list[Any] = []
    result = agent.search(state, observer=events.append)
    text = caption or f"{agent.describe()}: value {_number(result.value)}, move {result.move}, {result.nodes} positions"
    return Pictures([(text, tree_svg(replay(events), bounds=False))])
