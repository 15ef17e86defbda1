"""Rebuild an MCTS tree from its recorded events, and draw it, its UCB1 choices and its root statistics.

Like :mod:`lessons_lib.viz.search_tree`, this only replays what the real search
(:mod:`lessons_lib.agents.mcts`) sent to its observer, up to any event.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from lessons_lib.agents.trace import Backpropagated, Expanded, RolloutFinished, SelectionStep
from lessons_lib.state import SIDE_NAMES

Path = tuple[Hashable, ...]


@dataclass
class MCTSView:
    """One node of the replayed tree."""

    path: Path
    wins: float = 0.0
    visits: int = 0
    children: list[Path] = field(default_factory=list)


@dataclass
class ReplayedMCTS:
    """The tree after some events, and what the current iteration has done so far."""

    nodes: dict[Path, MCTSView]
    iteration: int = 0
    selected: list[Path] = field(default_factory=list)
    expanded: Path | None = None
    rollout: RolloutFinished | None = None
    event: Any = None


def replay_mcts(events: Sequence[Any], upto: int | None = None) -> ReplayedMCTS:
    """The tree after the first ``upto`` events (all of them by default)."""
    tree = ReplayedMCTS({(): MCTSView(())})
    for event in events[: len(events) if upto is None else upto]:
        if getattr(event, "iteration", tree.iteration) != tree.iteration:
            tree.iteration, tree.selected, tree.expanded, tree.rollout = event.iteration, [], None, None
        tree.event = event
        if isinstance(event, SelectionStep):
            tree.selected.append((*event.path, event.chosen))
        elif isinstance(event, Expanded):
            tree.nodes[event.path] = MCTSView(event.path)
            tree.nodes[event.path[:-1]].children.append(event.path)
            tree.expanded = event.path
        elif isinstance(event, RolloutFinished):
            tree.rollout = event
        elif isinstance(event, Backpropagated):
            for depth, (_, wins, visits) in enumerate(event.nodes):
                node = tree.nodes[event.path[:depth]]
                node.wins, node.visits = wins, visits
    return tree


def describe_mcts_event(event: Any) -> str:
    """One sentence about an MCTS event."""
    if isinstance(event, SelectionStep):
        chosen = next(child for child in event.children if child.move == event.chosen)
        return (f"Iteration {event.iteration + 1}, selection: every move here has been tried, so UCB1 picks "
                f"{event.chosen} ({chosen.wins:g}/{chosen.visits} + {chosen.exploration:.2f} = {chosen.ucb:.2f}).")
    if isinstance(event, Expanded):
        return (f"Iteration {event.iteration + 1}, expansion: add the untried move {event.path[-1]} "
                f"({event.untried_left} untried moves left there).")
    if isinstance(event, RolloutFinished):
        result = "a draw" if event.winner is None else f"a win for {SIDE_NAMES[event.winner]}"
        return (f"Iteration {event.iteration + 1}, rollout: random play for {event.plies} plies ends in {result} "
                f"({event.reason}).")
    if isinstance(event, Backpropagated):
        return (f"Iteration {event.iteration + 1}, backpropagation: each node on the path gains a visit, and a win "
                f"(1, or 0.5 for a draw) if its mover won.")
    return "Press Step to start the search."


def selection_table_html(event: SelectionStep) -> str:
    """The UCB1 sums of a selection step as a table, the chosen move in bold."""
    rows = ["<tr><th>move</th><th>W</th><th>N</th><th>W/N</th><th>+ exploration</th><th>= UCB1</th></tr>"]
    for child in sorted(event.children, key=lambda c: -c.ucb):
        bold = ' style="font-weight:bold;background:#fff3c4"' if child.move == event.chosen else ""
        rows.append(f"<tr{bold}><td>{escape(str(child.move))}</td><td>{child.wins:g}</td><td>{child.visits}</td>"
                    f"<td>{child.exploitation:.3f}</td><td>{child.exploration:.3f}</td><td>{child.ucb:.3f}</td></tr>")
    return ("<table style='border-collapse:collapse;font-size:12px' cellpadding='3'>" + "".join(rows) + "</table>"
            f"<div style='font-size:11px;color:#666'>exploration = c·√(ln N_parent / N), N_parent = "
            f"{event.parent_visits}</div>")


SLOT, LEVEL, PAD = 40, 70, 24


def mcts_tree_svg(tree: ReplayedMCTS, final: ReplayedMCTS | None = None, max_depth: int = 4) -> str:
    """Draw the tree (to ``max_depth``): each node's wins/visits, the current path in orange, the new node in blue."""
    shape = final if final is not None else tree
    spots: dict[Path, tuple[float, int]] = {}
    next_slot = 0.0

    def place(path: Path) -> float:
        nonlocal next_slot
        children = [c for c in shape.nodes[path].children if len(c) <= max_depth]
        if not children:
            x = next_slot
            next_slot += 1
        else:
            xs = [place(child) for child in children]
            x = (xs[0] + xs[-1]) / 2
        spots[path] = (x, len(path))
        return x

    place(())
    width = int(PAD * 2 + SLOT * next_slot)
    height = int(PAD * 2 + LEVEL * (max(level for _, level in spots.values()) + 1))

    def xy(path: Path) -> tuple[float, float]:
        x, level = spots[path]
        return PAD + SLOT / 2 + x * SLOT, PAD + 10 + level * LEVEL

    on_path = set(tree.selected) | ({tree.expanded} if tree.expanded else set())
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    shown = [path for path in tree.nodes if path in spots]
    for path in shown:
        if not path:
            continue
        (x1, y1), (x2, y2) = xy(path[:-1]), xy(path)
        colour, thickness = ("#e07b00", 3) if path in on_path else ("#999", 1.2)
        parts.append(f'<line x1="{x1}" y1="{y1 + 10}" x2="{x2}" y2="{y2 - 10}" stroke="{colour}" '
                     f'stroke-width="{thickness}"/>')
        parts.append(f'<text x="{(x1 + 3 * x2) / 4 + 3}" y="{(y1 + 3 * y2) / 4 - 4}" font-size="9" fill="#1f4e9c">'
                     f"{escape(str(path[-1]))}</text>")
    for path in shown:
        node = tree.nodes[path]
        x, y = xy(path)
        fill = "#cfe2ff" if path == tree.expanded else "#fff3c4" if path in on_path else "#f4f4f4"
        parts.append(f'<rect x="{x - 17}" y="{y - 10}" width="34" height="20" rx="5" fill="{fill}" stroke="#555"/>'
                     f'<text x="{x}" y="{y + 4}" font-size="9" text-anchor="middle">{node.wins:g}/{node.visits}</text>')
    if tree.rollout is not None and tree.rollout.path in spots:
        x, y = xy(tree.rollout.path)
        result = "draw" if tree.rollout.winner is None else f"{SIDE_NAMES[tree.rollout.winner]} wins"
        parts.append(f'<text x="{x}" y="{y + 24}" font-size="9" fill="#b00" text-anchor="middle">'
                     f"{escape(result)} ({tree.rollout.plies} plies)</text>")
    parts.append("</svg>")
    return "".join(parts)


def root_bars_svg(tree: ReplayedMCTS) -> str:
    """The root's children: visits as bars, with each one's win rate (for the player choosing at the root)."""
    children = sorted((tree.nodes[path] for path in tree.nodes[()].children), key=lambda n: -n.visits)
    most = max((child.visits for child in children), default=1) or 1
    row, width = 20, 320
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{row * len(children) + 24}" '
             f'font-family="sans-serif" font-size="11">',
             '<text x="0" y="12" fill="#333">visits (bar) and win rate, by root move</text>']
    for index, child in enumerate(children):
        y = 20 + index * row
        rate = child.wins / child.visits if child.visits else 0.0
        parts.append(f'<text x="0" y="{y + 12}">{escape(str(child.path[-1]))}</text>'
                     f'<rect x="52" y="{y + 2}" width="{180 * child.visits / most:.1f}" height="13" fill="#5b8bd0"/>'
                     f'<text x="{56 + 180 * child.visits / most:.1f}" y="{y + 12}">{child.visits} · {rate:.0%}</text>')
    parts.append("</svg>")
    return "".join(parts)
