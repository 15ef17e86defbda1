"""Rebuild an MCTS tree from its recorded events, and draw it, its UCB1 choices and its root statistics.

Like :mod:`lessons_lib.viz.search_tree`, this only replays what the real search
(:mod:`lessons_lib.agents.mcts`) sent to its observer, up to any event. The events
do not say whose wins a node counts: :class:`WhoseWins` works it out from the
searched state, so that every sentence and picture names the right player.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from lessons_lib.agents.trace import Backpropagated, Expanded, LeafValued, RolloutFinished, SelectionStep
from lessons_lib.kit.game import Outcome
from lessons_lib.games import game_of

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
    valued: LeafValued | None = None
    event: Any = None


def replay_mcts(events: Sequence[Any], upto: int | None = None) -> ReplayedMCTS:
    """The tree after the first ``upto`` events (all of them by default)."""
    tree = ReplayedMCTS({(): MCTSView(())})
    for event in events[: len(events) if upto is None else upto]:
        if getattr(event, "iteration", tree.iteration) != tree.iteration:
            tree.iteration, tree.selected, tree.expanded, tree.rollout = event.iteration, [], None, None
            tree.valued = None
        tree.event = event
        if isinstance(event, SelectionStep):
            tree.selected.append((*event.path, event.chosen))
        elif isinstance(event, Expanded):
            tree.nodes[event.path] = MCTSView(event.path)
            tree.nodes[event.path[:-1]].children.append(event.path)
            tree.expanded = event.path
        elif isinstance(event, RolloutFinished):
            tree.rollout = event
        elif isinstance(event, LeafValued):
            tree.valued = event
        elif isinstance(event, Backpropagated):
            for depth, (_, wins, visits) in enumerate(event.nodes):
                node = tree.nodes[event.path[:depth]]
                node.wins, node.visits = wins, visits
    return tree


PLAYER_COLOURS = ("#1f5fa8", "#b35900")
"""The outline of a node that counts player 0's wins (blue), and of one that counts player 1's (orange).

Blue and orange stay apart in every common colour blindness; the outlines differ in their dashes too.
"""
PLAYER_DASHES = ("", "4 2")
"""The outline's dashes (``stroke-dasharray``): solid for player 0, dashed for player 1."""
PLAYER_KEYS = ("■", "□")
"""The signs that stand for the two players' outlines in the legend, each in the player's colour."""
CURRENT_PATH = "#e0a800"
"""The thick edges of this iteration's path: gold, as the search trees mark where the search is, unlike either player."""


def player_names(state: Any) -> tuple[str, str]:
    """The players' names: their game's (Green and Red in Shologuti), else ``player 0`` and ``player 1``."""
    try:
        return game_of(state).player_names
    except ValueError:
        return ("player 0", "player 1")


def possessive(name: str) -> str:
    """``Green's``, ``player 0's``, but ``Tigers'``."""
    return name + ("'" if name.endswith("s") else "'s")


def plies(count: int) -> str:
    """``1 ply``, ``2 plies``."""
    return f"{count} ply" if count == 1 else f"{count} plies"


@dataclass(frozen=True)
class WhoseWins:
    """Whose wins each node of a search counts, and what the players are called.

    ``perspective`` is the search's: ``"mover"`` (a node counts wins for the player who
    moved into it, and the root for the opponent of the player to move there) or
    ``"root"`` (every node counts wins for the root's player, as the Pygame project did).
    """

    perspective: str
    names: tuple[str, str]
    to_move: dict[Path, int]
    outcomes: dict[Path, Outcome]

    @classmethod
    def of(cls, state: Any, tree: ReplayedMCTS, perspective: str) -> WhoseWins:
        """For the nodes of ``tree`` (the whole search, replayed), searched from ``state``."""
        states: dict[Path, Any] = {(): state}
        for path in tree.nodes:  # a parent comes before its children
            if path:
                states[path] = states[path[:-1]].play(path[-1])
        outcomes = {path: each.outcome() for path, each in states.items() if each.outcome() is not None}
        return cls(perspective, player_names(state), {path: each.to_move for path, each in states.items()}, outcomes)

    @property
    def root(self) -> int:
        """The player to move at the root."""
        return self.to_move[()]

    def counted(self, path: Path) -> int:
        """The player whose wins the node at ``path`` counts."""
        if self.perspective == "root":
            return self.root
        return self.to_move[path[:-1]] if path else 1 - self.root

    def name(self, player: int) -> str:
        """What the lessons call ``player``."""
        return self.names[player]

    def rule(self) -> str:
        """The counting rule in one sentence."""
        if self.perspective == "root":
            root, other = self.name(self.root), self.name(1 - self.root)
            return (f"Every node's W counts wins for {root}, the root's player, even at the nodes reached by "
                    f"{possessive(other)} moves (as the Pygame project counted).")
        return "Each node's W counts wins for the player who moved into it."


def describe_mcts_event(event: Any, whose: WhoseWins) -> str:
    """One sentence about an MCTS event."""
    if isinstance(event, SelectionStep):
        chosen = next(child for child in event.children if child.move == event.chosen)
        chooser, counted = whose.to_move[event.path], whose.counted((*event.path, event.chosen))
        but = "" if counted == chooser else f", not {possessive(whose.name(chooser))}"
        if chosen.prior is not None:
            untried = " (not tried yet: it is added next)" if chosen.visits == 0 else ""
            return (f"Iteration {event.iteration + 1}, selection: PUCT picks {possessive(whose.name(chooser))} move "
                    f"{event.chosen}{untried}: W/N {chosen.exploitation:.2f} + prior {chosen.prior:.2f} × c·√N/(1 + N) "
                    f"= {chosen.exploitation:.2f} + {chosen.exploration:.2f} = {chosen.ucb:.2f}.")
        return (f"Iteration {event.iteration + 1}, selection: every move here has been tried, so UCB1 picks "
                f"{possessive(whose.name(chooser))} move {event.chosen} ({chosen.wins:g}/{chosen.visits} + "
                f"{chosen.exploration:.2f} = {chosen.ucb:.2f}; W counts {possessive(whose.name(counted))} wins{but}).")
    if isinstance(event, Expanded):
        left = f"{event.untried_left} untried {'move' if event.untried_left == 1 else 'moves'} left there"
        mover = whose.name(whose.to_move[event.path[:-1]])
        return (f"Iteration {event.iteration + 1}, expansion: add {possessive(mover)} untried move "
                f"{event.path[-1]} ({left}).")
    if isinstance(event, RolloutFinished):
        if event.winner is None and event.reason == "ply cap":
            result = "no winner, which counts as a draw"
        else:
            result = "a draw" if event.winner is None else f"a win for {whose.name(event.winner)}"
            result += f" ({event.reason})"
        if event.plies == 0:
            return f"Iteration {event.iteration + 1}, rollout: none, as there is no move here: {result}."
        return f"Iteration {event.iteration + 1}, rollout: random play for {plies(event.plies)} ends with {result}."
    if isinstance(event, LeafValued):
        mover = whose.name(whose.counted(event.path))
        if event.finished:
            return (f"Iteration {event.iteration + 1}, value: the game is over here, and {mover} scores "
                    f"{event.score:g}.")
        return (f"Iteration {event.iteration + 1}, value: no rollout; the learned value gives {mover}, who moved "
                f"here, an expected score of {event.score:.2f}.")
    if isinstance(event, Backpropagated):
        root = whose.name(whose.root)
        if whose.perspective == "root":
            rule = f"if {root} won, whoever moved into it: every node counts {possessive(root)} wins"
        else:
            rule = (f"if the player who moved into it won (the root, with {root} to move, counts "
                    f"{possessive(whose.name(whose.counted(())))} wins)")
        return (f"Iteration {event.iteration + 1}, backpropagation: each node on the path gains a visit, and a win "
                f"(1, or 0.5 for a draw) {rule}.")
    return f"Press Step to start the search. {whose.rule()}"


def selection_table_html(event: SelectionStep, whose: WhoseWins) -> str:
    """The UCB1 sums of a selection step as a table, the chosen move in bold, saying whose wins W counts."""
    chooser, counted = whose.to_move[event.path], whose.counted((*event.path, event.chosen))
    but = "" if counted == chooser else f", not {possessive(whose.name(chooser))}"
    caption = f"{whose.name(chooser)} to move here; W: {possessive(whose.name(counted))} wins{but}"
    puct = any(child.prior is not None for child in event.children)
    rule, prior_head = ("PUCT", "<th>prior</th>") if puct else ("UCB1", "")
    rows = [f"<caption style='text-align:left'>{escape(caption, quote=False)}</caption>",
            f"<tr><th>move</th>{prior_head}<th>W</th><th>N</th><th>W/N</th><th>+ exploration</th><th>= {rule}</th></tr>"]
    for child in sorted(event.children, key=lambda c: -c.ucb):
        bold = ' style="font-weight:bold;background:#fff3c4"' if child.move == event.chosen else ""
        prior = f"<td>{child.prior:.3f}</td>" if child.prior is not None else ""
        rows.append(f"<tr{bold}><td>{escape(str(child.move))}</td>{prior}<td>{child.wins:g}</td><td>{child.visits}</td>"
                    f"<td>{child.exploitation:.3f}</td><td>{child.exploration:.3f}</td><td>{child.ucb:.3f}</td></tr>")
    formula = ("c·prior·√N_parent / (1 + N); an untried move's W/N counts as a draw's, 0.5" if puct
               else "c·√(ln N_parent / N)")
    return ("<table style='border-collapse:collapse;font-size:12px' cellpadding='3'>" + "".join(rows) + "</table>"
            f"<div style='font-size:11px;color:#666'>exploration = {formula}, N_parent = "
            f"{event.parent_visits}</div>")


SLOT, LEVEL, PAD, LEGEND = 40, 70, 24, 36


def short(number: float) -> str:
    """A node's W in at most three significant digits (a whole number as it is, up to 999).

    >>> short(7.0), short(3.4567812), short(0.52), short(123.45)
    ('7', '3.46', '0.52', '123')
    """
    return str(int(number)) if number == int(number) and abs(number) < 1000 else f"{number:.3g}"


def tree_legend(whose: WhoseWins, puct: bool = False) -> tuple[str, str]:
    """Two lines under the tree: whose wins the boxes count, and what the outlines mean (``puct``: a learned
    value may stand for a rollout, so W sums scores, not only wins)."""
    def key(player: int) -> str:
        return (f'<tspan fill="{PLAYER_COLOURS[player]}">{PLAYER_KEYS[player]}</tspan> '
                f'{escape(whose.name(player), quote=False)}')

    root, other = whose.name(whose.root), whose.name(1 - whose.root)
    wins, rule = ("scores (results, or the value's expected scores)", "PUCT") if puct else ("wins", "UCB1")
    if whose.perspective == "root":
        return (f"W/N: {wins}/visits for {key(whose.root)}, the root's player, at every node,",
                escape(f"even at those reached by {possessive(other)} moves (as the Pygame project counted).",
                       quote=False))
    return (f"W/N: {wins}/visits for the player who moved into the node (outline {key(0)} solid, {key(1)} dashed).",
            escape(f"The root, with {root} to move, counts {possessive(other)} {wins.split(' ')[0]}; {rule} never "
                   f"reads them.", quote=False))


def mcts_tree_svg(tree: ReplayedMCTS, whose: WhoseWins, final: ReplayedMCTS | None = None, max_depth: int = 4,
                  puct: bool = False) -> str:
    """Draw the tree (to ``max_depth``): each node's wins/visits (W in at most three significant digits, in a box
    as wide as it needs), the current path thick and gold, the new node in blue; ``puct`` for PUCT's legend.

    A node's outline has the colour of the player whose wins it counts, solid for player 0 and dashed for
    player 1, as a legend under the tree says;
    finished games and the current rollout have their result under the node.
    """
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
    labels = {path: f"{short(node.wins)}/{node.visits}" for path, node in tree.nodes.items()}
    # a box 34 pixels wide holds six characters of 9 pixels; a longer label gets about 5.5 pixels a character
    halves = {path: 17 if len(label) <= 6 else math.ceil(2.8 * len(label) + 2) for path, label in labels.items()}
    slot = max(SLOT, 2 * max(halves.values(), default=17) + 6)  # leaves far enough apart for the widest box
    width = max(520, int(PAD * 2 + slot * next_slot))
    tree_height = PAD * 2 + LEVEL * (max(level for _, level in spots.values()) + 1)
    height = tree_height + LEGEND

    def xy(path: Path) -> tuple[float, float]:
        x, level = spots[path]
        return PAD + slot / 2 + x * slot, PAD + 10 + level * LEVEL

    on_path = set(tree.selected) | ({tree.expanded} if tree.expanded else set())
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    shown = [path for path in tree.nodes if path in spots]
    for path in shown:
        if not path:
            continue
        (x1, y1), (x2, y2) = xy(path[:-1]), xy(path)
        colour, thickness = (CURRENT_PATH, 3) if path in on_path else ("#999", 1.2)
        parts.append(f'<line x1="{x1}" y1="{y1 + 10}" x2="{x2}" y2="{y2 - 10}" stroke="{colour}" '
                     f'stroke-width="{thickness}"/>')
        parts.append(f'<text x="{(x1 + 3 * x2) / 4 + 3}" y="{(y1 + 3 * y2) / 4 - 4}" font-size="9" fill="#1f4e9c">'
                     f"{escape(str(path[-1]))}</text>")
    notes = {path: ("draw", "") if outcome.winner is None else (whose.name(outcome.winner), "won")
             for path, outcome in whose.outcomes.items()}  # two short lines under a node
    if tree.valued is not None and not tree.valued.finished:
        notes[tree.valued.path] = ("value", f"{tree.valued.score:.2f}")
    if tree.rollout is not None:
        winner, length = tree.rollout.winner, plies(tree.rollout.plies)
        notes[tree.rollout.path] = (("no winner" if tree.rollout.reason == "ply cap" else "draw", length)
                                    if winner is None else (whose.name(winner), f"won, {length}"))
    for path in shown:
        x, y = xy(path)
        fill = "#cfe2ff" if path == tree.expanded else "#fff3c4" if path in on_path else "#f4f4f4"
        counted = whose.counted(path)
        dashes = f' stroke-dasharray="{PLAYER_DASHES[counted]}"' if PLAYER_DASHES[counted] else ""
        label, half = labels[path], halves[path]
        parts.append(f'<rect x="{x - half}" y="{y - 10}" width="{2 * half:g}" height="20" rx="5" fill="{fill}" '
                     f'stroke="{PLAYER_COLOURS[counted]}" stroke-width="2"{dashes} class="node" '
                     f'data-player="{counted}"/>'
                     f'<text x="{x}" y="{y + 4}" font-size="9" text-anchor="middle">{label}</text>')
        for row, note in enumerate(notes.get(path, ())):
            parts.append(f'<text x="{x}" y="{y + 21 + 9 * row}" font-size="8" fill="#333" text-anchor="middle">'
                         f"{escape(note, quote=False)}</text>")
    x, y = xy(())
    parts.append(f'<text x="{x + 22}" y="{y + 4}" font-size="9" fill="#333">'
                 f"{escape(whose.name(whose.root), quote=False)} to move</text>")
    for index, line in enumerate(tree_legend(whose, puct)):
        parts.append(f'<text x="{PAD / 2}" y="{tree_height + 4 + 14 * index}" font-size="10" fill="#333">{line}</text>')
    parts.append("</svg>")
    return "".join(parts)


def root_bars_svg(tree: ReplayedMCTS, whose: WhoseWins, puct: bool = False) -> str:
    """The root's children: visits as bars, with each one's win rate for the root's player (in either perspective;
    with ``puct``, its mean score, as a learned value's expected scores count in W)."""
    children = sorted((tree.nodes[path] for path in tree.nodes[()].children), key=lambda n: -n.visits)
    most = max((child.visits for child in children), default=1) or 1
    row, width = 20, 320
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{row * len(children) + 24}" '
             f'font-family="sans-serif" font-size="11">',
             f'<text x="0" y="12" fill="#333">visits (bar) and '
             f'{escape(possessive(whose.name(whose.root)), quote=False)} {"mean score" if puct else "win rate"}, '
             f'by root move</text>']
    for index, child in enumerate(children):
        y = 20 + index * row
        rate = f"{child.wins / child.visits:.0%}" if child.visits else "–"  # no rate before the first visit
        parts.append(f'<text x="0" y="{y + 12}">{escape(str(child.path[-1]))}</text>'
                     f'<rect x="52" y="{y + 2}" width="{180 * child.visits / most:.1f}" height="13" fill="#5b8bd0"/>'
                     f'<text x="{56 + 180 * child.visits / most:.1f}" y="{y + 12}">{child.visits} · {rate}</text>')
    parts.append("</svg>")
    return "".join(parts)
