"""Negamax with alpha-beta, a transposition table, killer moves, history and iterative deepening.

The enhanced search of the Bagh-Chal project, done properly. Negamax scores every
node for the player to move there, so one rule serves both players: a node's
value is the best of its children's values *seen from the mover*. A child where
the other player moves has the opposite point of view, so its value is negated,
and its window (α, β) becomes (−β, −α). In Shologuti a capture chain keeps the
same player to move: then the value and the window pass through unchanged.

At a fixed depth, with its default settings, it returns exactly the value of
:func:`lessons_lib.agents.alphabeta.alphabeta` (when no draw falls within the
horizon): the evaluation is always the root player's, table entries are only
used at the same remaining depth, and mate scores are stored relative to the
node. The enhancements only change how many positions are searched.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, Final

from mypy_extensions import mypyc_attr

from lessons_lib.agents.base import (
    MAX_SEARCH_DEPTH, Agent, Budget, Evaluation, Observer, SearchResult, SearchTimeout, State, Stopwatch, check_depth,
    check_playable, check_processor_time, check_seconds,
)
from lessons_lib.agents.context import INFINITY, Probe
from lessons_lib.agents.evaluation import MATE_BOUND, WIN, game_evaluation, outcome_value
from lessons_lib.agents.solved import TableProbe, search_value
from lessons_lib.agents.table import (
    BOUND_NAMES, EXACT, LOWER, UPPER, TranspositionTable, bound_of, from_table, to_table,
)
from lessons_lib.agents.trace import (
    Cutoff, LeafEvaluated, MoveTried, NodeEntered, NodeExited, TableStored, ValueBackedUp,
)
from lessons_lib.kit.game import is_capture

MAX_DEPTH: Final = MAX_SEARCH_DEPTH
CHECK_CLOCK_EVERY: Final = 1024  # nodes between two looks at the clock
QUIESCENCE_PLIES: Final = 12  # how far quiescence follows captures beyond the depth


class NegamaxSearch:
    """What one negamax search shares across its nodes (see :class:`NegamaxAgent` for the switches)."""

    __slots__ = (
        "root_player", "evaluate", "trace", "nodes", "cutoffs", "table_hits", "pv", "stopwatch", "may_stop",
        "table", "killers", "history", "deeper_cutoffs", "quiescence", "probe",
    )

    def __init__(self, root_player: int, evaluate: Evaluation, table: TranspositionTable | None, killers: bool,
                 history: bool, deeper_cutoffs: bool, quiescence: bool, trace: Observer | None,
                 seconds: float | None, probe: Probe | None = None) -> None:
        self.probe = probe
        self.root_player = root_player
        self.evaluate = evaluate
        self.trace = trace
        self.nodes = self.cutoffs = self.table_hits = 0
        self.pv: list[list[Hashable]] = [[] for _ in range(MAX_DEPTH + QUIESCENCE_PLIES + 2)]
        self.stopwatch = Stopwatch(seconds)
        self.may_stop = False
        self.table = table
        self.killers: list[list[Hashable]] | None = [[] for _ in range(MAX_DEPTH + 2)] if killers else None
        self.history: dict[Hashable, int] | None = {} if history else None
        self.deeper_cutoffs = deeper_cutoffs
        self.quiescence = quiescence

    def static_value(self, state: State) -> float:
        """The evaluation for the player to move: the root player's evaluation, negated for the other."""
        value = float(self.evaluate(state, self.root_player))
        return value if state.to_move == self.root_player else -value


def negamax(state: State, depth: int, alpha: float, beta: float, ply: int, search: NegamaxSearch) -> float:
    """The value of ``state`` for the player to move, looking ``depth`` plies ahead, within (α, β)."""
    _count_node(search)
    trace = search.trace
    if trace is not None:
        trace(NodeEntered(ply, depth, alpha, beta, state.to_move, True, state.to_move))
    known, table_move = _probe_table(state, depth, alpha, beta, ply, search)
    if known is not None:
        return known
    outcome = state.outcome()
    if outcome is not None:
        search.pv[ply] = []
        return _leaf(outcome_value(outcome, state.to_move, ply), ply, "game over", search)
    if search.probe is not None and ply > 0:
        solved = _solved_value(state, ply, search)
        if solved is not None:
            return solved
    if depth <= 0:
        search.pv[ply] = []
        if search.quiescence:
            return quiesce(state, alpha, beta, ply, QUIESCENCE_PLIES, search)
        return _leaf(search.static_value(state), ply, "depth", search)
    moves = order_moves(state.legal_moves(), table_move, search, ply)
    original_alpha = alpha
    best = -INFINITY
    best_move = None
    for index, move in enumerate(moves):
        if trace is not None:
            trace(MoveTried(ply, move))
        child = state.play(move)
        if child.to_move == state.to_move:  # a chain goes on: same player, same point of view
            value = negamax(child, depth - 1, alpha, beta, ply + 1, search)
        else:
            value = -negamax(child, depth - 1, -beta, -alpha, ply + 1, search)
        if value > best:
            best = value
            best_move = move
            search.pv[ply] = [move, *search.pv[ply + 1]]
            if best > alpha:
                alpha = best
        if trace is not None:
            trace(ValueBackedUp(ply, move, value, best, alpha, beta))
        if alpha >= beta:
            _remember_cutoff(move, depth, ply, search)
            if index + 1 < len(moves):  # a cutoff: the remaining moves are not searched
                search.cutoffs += 1
                if trace is not None:
                    trace(Cutoff(ply, alpha, beta, tuple(moves[index + 1:])))
            break
    _store_in_table(state, depth, (original_alpha, beta), best, best_move, ply, search)
    if trace is not None:
        trace(NodeExited(ply, best))
    return best


def _count_node(search: NegamaxSearch) -> None:
    """Count a node; every CHECK_CLOCK_EVERY nodes, stop the search (SearchTimeout) if its time is up, or at once
    (OverProcessorLimit) if it is past a limit set from outside (the arena's, for a move)."""
    search.nodes += 1
    if search.nodes % CHECK_CLOCK_EVERY == 0:
        check_processor_time()
        if search.may_stop and search.stopwatch.is_out_of_time():
            raise SearchTimeout


def _probe_table(state: State, depth: int, alpha: float, beta: float, ply: int,
                 search: NegamaxSearch) -> tuple[float | None, Hashable | None]:
    """What the transposition table knows of ``state``: its value, if a stored search settles it within
    (α, β) at this depth, and the best move stored (tried first), each None if there is none."""
    if search.table is None:
        return None, None
    entry = search.table.probe(state.key)
    if entry is None:
        return None, None
    if entry.depth == depth or (search.deeper_cutoffs and entry.depth > depth):
        value = from_table(entry.value, ply)
        if entry.bound == EXACT or (entry.bound == LOWER and value >= beta) or (
                entry.bound == UPPER and value <= alpha):
            search.table_hits += 1
            search.pv[ply] = [entry.move] if entry.move is not None and entry.bound == EXACT else []
            return _leaf(value, ply, "table", search), entry.move
    return None, entry.move


def _store_in_table(state: State, depth: int, window: tuple[float, float], best: float, best_move: Hashable | None,
                    ply: int, search: NegamaxSearch) -> None:
    """Store ``best`` for ``state`` with its bound: exact inside the (α, β) window it was searched in, else a bound."""
    if search.table is None:
        return
    bound = bound_of(best, *window)
    search.table.store(state.key, depth, to_table(best, ply), bound, best_move)
    if search.trace is not None:
        search.trace(TableStored(ply, depth, window[0], window[1], best, BOUND_NAMES[bound]))


def quiesce(state: State, alpha: float, beta: float, ply: int, plies_left: int, search: NegamaxSearch) -> float:
    """Beyond the depth, follow captures (chains included) until the position is quiet.

    The player to move may 'stand pat' on the static evaluation instead of
    capturing, unless every legal move is a capture. An optional extension: its
    values differ from plain alpha-beta's.
    """
    outcome = state.outcome()
    if outcome is not None:
        return _leaf(outcome_value(outcome, state.to_move, ply), ply, "game over", search)
    if search.probe is not None:
        solved = _solved_value(state, ply, search)
        if solved is not None:
            return solved
    moves = state.legal_moves()
    captures = [move for move in moves if is_capture(move)]
    if not captures or plies_left == 0:
        return _leaf(search.static_value(state), ply, "depth", search)
    best = -INFINITY
    if len(captures) < len(moves):  # a quiet move (or stop) is possible: standing pat is allowed
        best = search.static_value(state)
        if best >= beta:
            return _leaf(best, ply, "depth", search)
        alpha = max(alpha, best)
    for move in captures:
        _count_node(search)
        child = state.play(move)
        if child.to_move == state.to_move:
            value = quiesce(child, alpha, beta, ply + 1, plies_left - 1, search)
        else:
            value = -quiesce(child, -beta, -alpha, ply + 1, plies_left - 1, search)
        if value > best:
            best = value
            alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def _solved_value(state: State, ply: int, search: NegamaxSearch) -> float | None:
    """Where the search's table decides ``state`` (below the root): its value for the player to move, a win in d
    plies from here scored as a finished game ``ply + d`` plies from the root; else None (searched on)."""
    assert search.probe is not None
    found = search.probe(state)
    if found is None:
        return None
    search.pv[ply] = []
    return _leaf(float(search_value(found[0], ply + found[1])), ply, "solved", search)


def _leaf(value: float, ply: int, reason: str, search: NegamaxSearch) -> float:
    if search.trace is not None:
        search.trace(LeafEvaluated(ply, value, reason))
    return value


def order_moves(moves: list[Any], table_move: Hashable | None, search: NegamaxSearch, ply: int) -> list[Any]:
    """The table's best move first, then captures, then this ply's killer moves, then by history score."""
    if len(moves) < 2:
        return moves
    killers = search.killers[ply] if search.killers is not None else ()
    history = search.history if search.history is not None else {}

    def priority(move: Any) -> float:
        if move == table_move:
            return 3e9
        if is_capture(move):
            return 2e9
        if move in killers:
            return 1e9
        return history.get(move, 0)

    return sorted(moves, key=priority, reverse=True)


def _remember_cutoff(move: Hashable, depth: int, ply: int, search: NegamaxSearch) -> None:
    """A quiet move that caused a cutoff becomes a killer at this ply and gains history."""
    if is_capture(move):
        return
    if search.killers is not None:
        killers = search.killers[ply]
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
    if search.history is not None:
        search.history[move] = search.history.get(move, 0) + depth * depth


@mypyc_attr(allow_interpreted_subclasses=True)
class NegamaxAgent(Agent):
    """The enhanced search: negamax, alpha-beta, a transposition table, killers, history, iterative deepening.

    Args:
        depth: the deepest iteration (plies). With ``seconds`` too, whichever ends first.
        seconds: a time budget per move; the move of the last completed depth is played.
        evaluate: ``evaluate(state, player)`` at depth 0.
        table_size: slots in the transposition table; 0 for no table.
        killers, history: the two move-ordering helpers.
        deeper_cutoffs: let entries searched deeper than needed cut off too (stronger,
            but the value can differ from alpha-beta's at the same depth).
        quiescence: follow captures beyond the depth (stronger; values differ from alpha-beta's).
        aspiration: search each new depth first in a narrow window around the last value.
        deepening: search depth 1, 2, ... up to ``depth`` (iterative deepening), or, when
            False, only ``depth`` itself (then give a depth and no time budget).
        probes: ask the game's solved table at every node below the root, quiescence's included (where it
            decides, the node's value is the table's); on for ``best``.
    """

    name = "negamax"

    def __init__(self, depth: int | None = 4, seconds: float | None = None, evaluate: Evaluation = game_evaluation,
                 table_size: int = 1 << 18, killers: bool = True, history: bool = True,
                 deeper_cutoffs: bool = False, quiescence: bool = False, aspiration: bool = False,
                 deepening: bool = True, *, budget: Budget | None = None, probes: bool = False) -> None:
        if budget is not None and budget.given():
            depth, seconds = budget.taken_by(self.name, {"depth", "seconds"}).depth, budget.seconds
        if depth is None and seconds is None:
            raise ValueError("give a depth, a time budget in seconds, or both")
        if not deepening and (depth is None or seconds is not None):
            raise ValueError("without iterative deepening, give a depth and no time budget")
        self.depth = None if depth is None else check_depth(depth)
        self.seconds = None if seconds is None else check_seconds(seconds)
        self.evaluate = evaluate
        self.table_size = table_size
        self.killers = killers
        self.history = history
        self.deeper_cutoffs = deeper_cutoffs
        self.quiescence = quiescence
        if quiescence:
            self.name = "negamax-q"  # as make_agent calls it
        self.aspiration = aspiration
        self.deepening = deepening
        self.probes = probes

    @property
    def budget(self) -> Budget:
        return Budget(depth=self.depth, seconds=self.seconds)

    def describe(self) -> str:
        budget = [f"{self.depth}"] if self.depth is not None else []
        if self.seconds is not None:
            budget.append(f"{self.seconds:g}s")
        return f"{self.name}:" + ",".join(budget) + ("+tables" if self.probes and self.name != "best" else "")

    def iterate(self, state: State, observer: Observer | None = None) -> Iterator[SearchResult]:
        """Search depth 1, 2, 3, ...; yield a result after each completed depth.

        Stops at ``self.depth`` or when the time budget runs out (a depth cut short
        yields nothing). Depth 1 always completes, so there is always a move.
        Without deepening, the one search at ``self.depth`` yields the one result.
        """
        check_playable(state)
        table = TranspositionTable(self.table_size) if self.table_size else None
        probe = TableProbe.of(state) if self.probes else None
        search = NegamaxSearch(state.to_move, self.evaluate, table, self.killers, self.history,
                               self.deeper_cutoffs, self.quiescence, observer, self.seconds, probe)
        last_value = 0.0
        last = self.depth or MAX_DEPTH
        for depth in range(1, last + 1) if self.deepening else [last]:
            search.may_stop = depth > 1 and self.deepening
            try:
                value = self._search_depth(state, depth, last_value, search)
            except SearchTimeout:
                return
            last_value = value
            pv = list(search.pv[0])
            stats = {"cutoffs": float(search.cutoffs), "table_hits": float(search.table_hits),
                     "table_entries": float(table.stored if table else 0)}
            if probe is not None:
                stats["table_probe_hits"] = float(probe.hits)
            yield SearchResult(pv[0], value, pv, search.nodes, depth, search.stopwatch.elapsed(), stats)
            if abs(value) >= MATE_BOUND and plies_to_result(value) <= depth:
                return  # a forced result within the horizon: deeper search cannot change it
            if search.stopwatch.is_out_of_time():
                return

    def _search_depth(self, state: State, depth: int, last_value: float, search: NegamaxSearch) -> float:
        if self.aspiration and depth > 2 and abs(last_value) < MATE_BOUND:
            window = 25.0
            value = negamax(state, depth, last_value - window, last_value + window, 0, search)
            if last_value - window < value < last_value + window:
                return value
        return negamax(state, depth, -INFINITY, INFINITY, 0, search)

    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        stopwatch = Stopwatch()
        result = None
        for result in self.iterate(state, observer):  # noqa: B007 (the deepest result is the answer)
            pass
        assert result is not None  # depth 1 always completes
        result.seconds = stopwatch.elapsed()  # the whole search, the unfinished depth included
        return result


def plies_to_result(value: float) -> float:
    """How many plies away the forced win or loss that a value beyond ±MATE_BOUND stands for is."""
    return WIN - abs(value)
