"""Monte Carlo tree search with UCB1: the Pygame project's second agent, done right.

Each iteration has four phases:

1. **Selection**: from the root, while a node has no untried move, go to the child
   with the highest UCB1 = wins/visits + c·√(ln N_parent / visits).
2. **Expansion**: add one untried move (chosen at random) as a new node.
3. **Rollout**: play the game out from there with a rollout policy (uniformly
   random by default), for at most ``max_rollout_plies`` plies: a win counts 1,
   a loss 0, a draw or the ply cap 0.5.
4. **Backpropagation**: every node on the path gains a visit and the result
   (:func:`backpropagate`).

Each node counts its wins for the player who *made the move into it* (its
``mover``), so at every level UCB1 picks the move that is best for the player
choosing there; turns need not alternate, as in a Shologuti capture chain. The
Pygame project counted every node for the root's player, which makes the opponent
choose the moves that are best for the root's player; ``perspective="root"``
keeps that behaviour for a lesson to show, but never by default.

The move played is the root child with the most visits.

With ``probes`` on, each new node below the root is looked up in the game's solved table first: where the table
decides it, the node is a leaf whose result is the table's (as a finished game's would be), and no rollout is played.

**PUCT** (AlphaZero's MCTS) changes two phases, and keeps the rest. Given ``priors`` (a policy: a chance
for each move), selection picks, among all of a node's moves, tried or not, the one with the highest

    PUCT = wins/visits + c·prior·√N / (1 + visits)

where N is 1 + the visits of the node's children (the node's own, counting its first) and an untried move counts as a
child with no visits and :data:`UNTRIED_VALUE` wins a visit; picking an untried move expands it. Given ``value``
(the expected score a learned model gives a position), the new node is valued by it instead of a rollout. A
``guide`` gives both for all of a node's children in one call, when the node is first selected from: the same
numbers, found faster.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from lessons_lib.agents.base import Agent, Observer, SearchResult, State, Stopwatch, check_playable, make_rng
from lessons_lib.agents.base import Budget, check_iterations, check_processor_time, check_seconds
from lessons_lib.agents.rollouts import ROLLOUT_POLICIES, RolloutPolicy
from lessons_lib.agents.solved import TableProbe
from lessons_lib.agents.trace import Backpropagated, ChildScore, Expanded, LeafValued, RolloutFinished, SelectionStep
from lessons_lib.kit.chance import random_index
from lessons_lib.kit.game import Outcome

PERSPECTIVES: Final = ("mover", "root")
Backpropagation = Callable[["Node", "Outcome | None"], None]
"""``backpropagate(node, outcome)``: add one rollout's result (None if it reached its cap) from ``node`` up."""
CHECK_CLOCK_EVERY: Final = 16  # iterations between two looks at the clock
Priors = Callable[[Any, list[Hashable]], Sequence[float]]
"""``priors(state, moves)``: a chance for each of ``moves`` (adding up to 1): the policy PUCT follows."""
Value = Callable[[Any, int], float]
"""``value(state, player)``: ``player``'s expected score from ``state`` (1 a win, ½ a draw, 0 a loss)."""
Guide = Callable[[Any, list[Hashable]], tuple[Sequence[float], Sequence[float]]]
"""``guide(state, moves)``: the policy and the value of all of a node's children at once: a chance for each of
``moves`` (as :data:`Priors`), and the value of the position each leads to for the player making it (as
:data:`Value`). One call a node, where ``priors`` and ``value`` make one call a node and one a child."""
PUCT_C: Final = 0.625
"""PUCT's constant: AlphaZero's 1.25 on values from −1 to 1, which is 0.625 on scores from 0 to 1 (a score s is
the value 2s − 1, so the same choices need half the constant)."""
SOLVED: Final = "solved"
"""The reason of a table's result (a node a probe decided), as a finished game has its own."""
UNTRIED_VALUE: Final = 0.5
"""What PUCT counts an untried move's score as: a draw's (AlphaZero's 0 on values from −1 to 1)."""


class Node:
    """A position in the tree, with the statistics of the playouts that went through it."""

    __slots__ = ("state", "parent", "move", "mover", "children", "untried", "wins", "visits", "priors", "solved",
                 "prior", "untried_priors", "untried_values", "value")

    def __init__(self, state: State, parent: Node | None, move: Hashable | None, mover: int) -> None:
        self.state = state
        self.parent = parent
        self.move = move
        self.mover = mover  # the player who made the move into this node: its wins are theirs
        self.children: list[Node] = []
        self.untried: list[Hashable] = state.legal_moves()
        self.wins = 0.0
        self.visits = 0
        self.priors: dict[Hashable, float] | None = None  # PUCT's: each move's prior, once the node is selected from
        self.solved: Outcome | None = None  # the table's result, where a probe decided the node (then a leaf)
        self.prior = 0.0  # PUCT's: the prior of the move into this node
        self.untried_priors: list[float] = []  # PUCT's: the prior of each untried move, in the order of ``untried``
        self.untried_values: list[float] | None = None  # a guide's: the value of each untried move's position
        self.value: float | None = None  # a guide's: this position's value for its mover, from its parent's guide

    def path(self) -> tuple[Hashable, ...]:
        """The moves from the root to this node."""
        moves = []
        node: Node | None = self
        while node is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        return tuple(reversed(moves))


def ucb1_child(node: Node, c: float) -> Node:
    """The child with the highest UCB1 (the first of equals)."""
    log_parent = math.log(node.visits)
    best, best_score = node.children[0], -math.inf
    for child in node.children:
        score = child.wins / child.visits + c * math.sqrt(log_parent / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best


def child_scores(node: Node, c: float) -> tuple[ChildScore, ...]:
    """Each child's UCB1 terms, for an observer."""
    log_parent = math.log(node.visits)
    scores = []
    for child in node.children:
        exploitation = child.wins / child.visits
        exploration = c * math.sqrt(log_parent / child.visits)
        scores.append(ChildScore(child.move, child.wins, child.visits, exploitation, exploration,
                                 exploitation + exploration))
    return tuple(scores)


def puct_scores(node: Node, search: MCTSSearch) -> list[tuple[Hashable, Node | None, ChildScore]]:
    """Each move of ``node`` as PUCT sees it, tried (with its child) or not (None), children first."""
    scores: list[ChildScore] = []
    puct_choice(node, search, scores)
    children: list[Node | None] = [*node.children, *(None for _ in node.untried)]
    return [(score.move, child, score) for score, child in zip(scores, children)]


def puct_choice(node: Node, search: MCTSSearch, scores: list[ChildScore] | None = None) -> int:
    """The move PUCT picks at ``node`` (the first of equals): its index among the node's children, then its untried
    moves (``len(node.children) + k`` for ``node.untried[k]``). Each move's score is added to ``scores``, if given
    (for an observer)."""
    if node.priors is None:
        set_priors(node, search)
    c = search.c
    parent_visits = 1
    for child in node.children:
        parent_visits += child.visits
    root_n = math.sqrt(parent_visits)
    best, best_score, index = 0, -math.inf, 0
    for child in node.children:
        exploitation = child.wins / child.visits
        exploration = c * child.prior * root_n / (1 + child.visits)
        score = exploitation + exploration
        if scores is not None:
            scores.append(ChildScore(child.move, child.wins, child.visits, exploitation, exploration, score,
                                     child.prior))
        if score > best_score:
            best, best_score = index, score
        index += 1
    for prior in node.untried_priors:
        exploration = c * prior * root_n
        score = UNTRIED_VALUE + exploration
        if scores is not None:
            scores.append(ChildScore(node.untried[index - len(node.children)], 0.0, 0, UNTRIED_VALUE, exploration,
                                     score, prior))
        if score > best_score:
            best, best_score = index, score
        index += 1
    return best


def set_priors(node: Node, search: MCTSSearch) -> None:
    """Give ``node`` (not yet selected from, so every move untried) its moves' priors: the policy's (or the guide's,
    with each move's value), with noise at the root if the search has it."""
    moves = list(node.untried)
    if search.guide is not None:
        priors, values = search.guide(node.state, moves)
        node.untried_values = list(values)
    else:
        assert search.priors is not None
        priors = search.priors(node.state, moves)
    node.priors = dict(zip(moves, priors))
    if node.parent is None and search.root_noise is not None:
        node.priors = noisy(node.priors, search.root_noise, search.rng)
    chances = node.priors
    node.untried_priors = [chances[move] for move in moves]


def noisy(priors: dict[Hashable, float], noise: tuple[float, float], rng: random.Random) -> dict[Hashable, float]:
    """AlphaZero's exploration at the root: the priors mixed with Dirichlet(α) noise, ``(1 − ε)·p + ε·η``,
    for ``noise = (α, ε)``."""
    alpha, fraction = noise
    draws = [rng.gammavariate(alpha, 1.0) for _ in priors]
    total = sum(draws) or 1.0
    return {move: (1 - fraction) * prior + fraction * draw / total for (move, prior), draw in zip(priors.items(), draws)}


def mcts_iteration(root: Node, search: MCTSSearch, iteration: int) -> None:
    """One iteration: selection, expansion, rollout (or the learned value), backpropagation."""
    trace = search.trace
    node = root
    untried_index = -1  # PUCT: the untried move selection picked
    while node.children or node.untried:  # 1. selection
        if search.priors is None and search.guide is None:
            if node.untried:
                break  # UCB1 tries every move of a node before it chooses among them
            chosen = ucb1_child(node, search.c)
            if trace is not None:
                trace(SelectionStep(iteration, node.path(), node.visits, child_scores(node, search.c), chosen.move))
        else:
            scores: list[ChildScore] | None = [] if trace is not None else None
            best = puct_choice(node, search, scores)
            if trace is not None and scores is not None:
                trace(SelectionStep(iteration, node.path(), 1 + sum(score.visits for score in scores), tuple(scores),
                                    scores[best].move))
            if best >= len(node.children):
                untried_index = best - len(node.children)
                break
            chosen = node.children[best]
        node = chosen
    if node.untried:  # 2. expansion
        index = random_index(search.rng, len(node.untried)) if untried_index < 0 else untried_index
        move = node.untried.pop(index)
        child = Node(node.state.play(move), node, move, node.state.to_move)
        if node.priors is not None:  # PUCT's: the move's prior (and the guide's value) go with it
            child.prior = node.untried_priors.pop(index)
            if node.untried_values is not None:
                child.value = node.untried_values.pop(index)
        if search.probe is not None:
            probed(child, search.probe)
        node.children.append(child)
        node = child
        search.tree_size += 1
        if trace is not None:
            trace(Expanded(iteration, node.path(), len(node.parent.untried) if node.parent else 0))
    if search.value is not None or search.guide is not None:  # 3. the learned value, instead of a rollout
        outcome = node.solved or node.state.outcome()
        if outcome is not None:
            score = outcome.score_for(node.mover)
        elif node.value is not None:
            score = node.value
        else:
            assert search.value is not None
            score = search.value(node.state, node.mover)
        if trace is not None:
            trace(LeafValued(iteration, node.path(), score, outcome is not None))
        backpropagate_score(node, score if node.mover == 0 else 1 - score)
    else:  # 3. rollout (none where the table decided the node)
        if node.solved is not None:
            outcome, plies = node.solved, 0
        else:
            last, plies = search.rollout(node.state, search.rng, search.max_rollout_plies)
            outcome = last.outcome()
            search.rollouts += 1
        search.rollout_plies += plies
        if trace is not None:
            winner, reason = (outcome.winner, outcome.reason) if outcome is not None else (None, "ply cap")
            trace(RolloutFinished(iteration, node.path(), plies, winner, reason))
        search.backpropagate(node, outcome)  # 4. backpropagation
    if trace is not None:
        updated = []
        above: Node | None = node
        while above is not None:
            updated.append((above.move, above.wins, above.visits))
            above = above.parent
        trace(Backpropagated(iteration, tuple(move for move, _, _ in reversed(updated) if move is not None),
                             tuple(reversed(updated))))


def probed(node: Node, probe: TableProbe) -> None:
    """Where the table decides ``node``'s position (a game still in play), make it a leaf with the table's result."""
    if node.state.is_game_over():
        return
    found = probe(node.state)
    if found is not None:
        to_move = node.state.to_move
        winner = None if found[0] == 0 else to_move if found[0] > 0 else 1 - to_move
        node.solved = Outcome(winner, SOLVED)
        node.untried = []


def backpropagate_score(node: Node, first_player_score: float) -> None:
    """Add one result to ``node`` and every node above it: a visit, and for the player who moved into each
    node their score, given player 0's (a learned value's expected score, where :func:`backpropagate` has the
    rollout's outcome)."""
    current: Node | None = node
    while current is not None:
        current.visits += 1
        current.wins += first_player_score if current.mover == 0 else 1 - first_player_score
        current = current.parent


def backpropagate(node: Node, outcome: Outcome | None) -> None:
    """Add one rollout's result to ``node`` and every node above it: a visit, and for the player who moved
    into each node a win (1), a draw or a rollout stopped at its cap (½) or a loss (0)."""
    backpropagate_score(node, outcome.score_for(0) if outcome is not None else 0.5)


def backpropagate_for(root_player: int) -> Backpropagation:
    """The Pygame project's backpropagation: every node counts the rollout's result for ``root_player``."""
    def backpropagate_for_root_player(node: Node, outcome: Outcome | None) -> None:
        current: Node | None = node
        while current is not None:
            current.visits += 1
            current.wins += outcome.score_for(root_player) if outcome is not None else 0.5
            current = current.parent
    return backpropagate_for_root_player


class MCTSSearch:
    """What one MCTS search shares across its iterations."""

    __slots__ = ("c", "rng", "rollout", "max_rollout_plies", "backpropagate", "trace", "tree_size", "rollout_plies",
                 "priors", "value", "root_noise", "probe", "rollouts", "guide")

    def __init__(self, c: float, rng: random.Random, rollout: RolloutPolicy, max_rollout_plies: int,
                 backpropagate: Backpropagation, trace: Observer | None, priors: Priors | None = None,
                 value: Value | None = None, root_noise: tuple[float, float] | None = None,
                 probe: TableProbe | None = None, guide: Guide | None = None) -> None:
        self.probe = probe
        self.guide = guide
        self.priors = priors
        self.value = value
        self.root_noise = root_noise
        self.c = c
        self.rng = rng
        self.rollout = rollout
        self.max_rollout_plies = max_rollout_plies
        self.backpropagate = backpropagate
        self.trace = trace
        self.tree_size = 1
        self.rollout_plies = 0
        self.rollouts = 0


@mypyc_attr(allow_interpreted_subclasses=True)
class MCTSAgent(Agent):
    """MCTS with UCB1.

    Args:
        iterations: iterations per move. With ``seconds`` too, whichever ends first.
        seconds: a time budget per move.
        c: the exploration constant of UCB1 (√2 by default).
        rollout: ``"uniform"`` (the Pygame project's), ``"captures"`` (captures first), or a policy function.
        max_rollout_plies: a rollout that reaches this many plies counts as a draw (200, as in the Pygame project).
        perspective: ``"mover"`` (each node counts wins for the player who moved into it; the
            correct way) or ``"root"`` (every node counts them for the root's player, as the Pygame project did).
        seed: seeds the generator used for expansion and rollouts.
        backpropagation: a function ``(node, outcome)`` to use instead of :func:`backpropagate` (a
            student's own, for lesson 06); ``perspective`` must then be ``"mover"``.
        priors: a policy (:data:`Priors`): selection becomes PUCT's, with ``c`` :data:`PUCT_C` unless given.
        value: a learned value (:data:`Value`) to score each new node instead of a rollout.
        root_noise: ``(α, ε)``: AlphaZero's Dirichlet noise on the root's priors, for self-play.
        guide: the policy and value of a node's children at once (:data:`Guide`), instead of ``priors`` and
            ``value``: the same search, faster.
        probes: look each new node up in the game's solved table; where it decides, the node is a leaf with the
            table's result (no rollout).
    """

    name = "mcts"

    def __init__(self, iterations: int | None = 1000, seconds: float | None = None, c: float | None = None,
                 rollout: str | RolloutPolicy = "uniform", max_rollout_plies: int = 200,
                 perspective: str = "mover", seed: int | random.Random | None = None,
                 backpropagation: Backpropagation | None = None, *, budget: Budget | None = None,
                 priors: Priors | None = None, value: Value | None = None,
                 root_noise: tuple[float, float] | None = None, probes: bool = False, guide: Guide | None = None) -> None:
        if budget is not None and budget.given():
            iterations, seconds = budget.taken_by(self.name, {"iterations", "seconds"}).iterations, budget.seconds
        if iterations is None and seconds is None:
            raise ValueError("give a number of iterations, a time budget in seconds, or both")
        if iterations is not None:
            check_iterations(iterations)
        if seconds is not None:
            check_seconds(seconds)
        if type(max_rollout_plies) is not int or max_rollout_plies < 0:
            raise ValueError(f"max_rollout_plies must be a whole number, 0 or more, not {max_rollout_plies!r}")
        if isinstance(rollout, str) and rollout not in ROLLOUT_POLICIES:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUT_POLICIES)}, not {rollout!r}")
        if perspective not in PERSPECTIVES:
            raise ValueError(f"perspective must be one of {', '.join(PERSPECTIVES)}, not {perspective!r}")
        if backpropagation is not None and perspective != "mover":
            raise ValueError("a backpropagation of your own decides whose wins each node counts: leave perspective "
                             "as 'mover'")
        if value is not None and (perspective != "mover" or backpropagation is not None):
            raise ValueError("a learned value backs up each mover's expected score: leave perspective and "
                             "backpropagation as they are")
        if guide is not None and (priors is not None or value is not None):
            raise ValueError("a guide gives the priors and the value: give it alone, or priors and value without it")
        if guide is not None and (perspective != "mover" or backpropagation is not None):
            raise ValueError("a guide's value backs up each mover's expected score: leave perspective and "
                             "backpropagation as they are")
        if root_noise is not None and priors is None and guide is None:
            raise ValueError("root_noise mixes noise into the priors: give priors too")
        self.iterations = iterations
        self.seconds = seconds
        self.c = (PUCT_C if priors is not None or guide is not None else math.sqrt(2)) if c is None else c
        self.guide = guide
        self.priors = priors
        self.value = value
        self.root_noise = root_noise
        self.probes = probes
        self.rollout_name = rollout if isinstance(rollout, str) else getattr(rollout, "__name__", "custom")
        self.rollout = ROLLOUT_POLICIES[rollout] if isinstance(rollout, str) else rollout
        self.max_rollout_plies = max_rollout_plies
        self.perspective = perspective
        self.backpropagation = backpropagation
        self.rng = make_rng(seed)

    @property
    def budget(self) -> Budget:
        return Budget(iterations=self.iterations, seconds=self.seconds)

    def describe(self) -> str:
        budget = [str(self.iterations)] if self.iterations is not None else []
        if self.seconds is not None:
            budget.append(f"{self.seconds:g}s")
        extras = "" if self.rollout_name == "uniform" else f" ({self.rollout_name} rollouts)"
        if self.perspective == "root":
            extras += " (root perspective)"
        if self.value is not None or self.guide is not None:
            extras = " (learned value)"
        if self.probes:
            extras = "+tables" + extras
        return ("puct:" if self.priors is not None or self.guide is not None else "mcts:") + ",".join(budget) + extras

    def reseed(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def build_tree(self, state: State, observer: Observer | None = None) -> tuple[Node, MCTSSearch, Stopwatch]:
        """Run the search and return its tree (for lessons that look inside it)."""
        check_playable(state)
        backpropagation = self.backpropagation or (backpropagate_for(state.to_move) if self.perspective == "root"
                                                   else backpropagate)
        search = MCTSSearch(self.c, self.rng, self.rollout, self.max_rollout_plies, backpropagation, observer,
                            self.priors, self.value, self.root_noise, TableProbe.of(state) if self.probes else None,
                            self.guide)
        root = Node(state, None, None, 1 - state.to_move)
        stopwatch = Stopwatch(self.seconds)
        iteration = 0
        while self.iterations is None or iteration < self.iterations:
            mcts_iteration(root, search, iteration)
            iteration += 1
            if iteration % CHECK_CLOCK_EVERY == 0:
                check_processor_time()  # a limit set from outside (the arena's, for a move): stop at once
                if stopwatch.is_out_of_time():
                    break
        return root, search, stopwatch

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        root, search, stopwatch = self.build_tree(state, observer)
        best = most_visited(root)
        pv: list[Hashable] = []
        node: Node | None = best
        while node is not None:
            pv.append(node.move)
            node = most_visited(node) if node.children else None
        stats = {
            "iterations": float(root.visits),
            "rollouts": float(search.rollouts),
            "tree_nodes": float(search.tree_size),
            "mean_rollout_plies": search.rollout_plies / max(search.rollouts, 1),
            "win_rate": best.wins / best.visits,
        }
        if search.probe is not None:
            stats["table_probe_hits"] = float(search.probe.hits)
        return SearchResult(best.move, None, pv, root.visits, tree_depth(root), stopwatch.elapsed(), stats)


def most_visited(node: Node) -> Node:
    """The child with the most visits (the first of equals)."""
    return max(node.children, key=lambda child: child.visits)


def tree_depth(node: Node) -> int:
    """How many plies deep the tree below ``node`` goes."""
    stack: list[tuple[Node, int]] = [(node, 0)]
    deepest = 0
    while stack:
        current, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in current.children)
    return deepest


def root_children(root: Node) -> list[dict[str, Any]]:
    """The root's children as plain data: move, visits, wins and win rate (for plots)."""
    return [{"move": child.move, "visits": child.visits, "wins": child.wins,
             "win_rate": child.wins / child.visits} for child in root.children]
