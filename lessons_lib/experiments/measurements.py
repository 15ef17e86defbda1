"""Measurements the lessons plot: real games, search costs by depth, and rollout results.

Each function plays or searches with the project's own engine and agents and
returns plain data; :mod:`lessons_lib.viz.plots` draws it. Everything is seeded,
so a notebook shows the same numbers every time it runs (except seconds, which
depend on the machine and are only ever plotted, never printed).
"""

from __future__ import annotations

import math
import numbers
import random
import statistics
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.base import Agent, Evaluation, Observer, State
from lessons_lib.agents.match import play_game
from lessons_lib.agents.negamax import NegamaxAgent
from lessons_lib.agents.rollouts import ROLLOUT_POLICIES, RolloutPolicy
from lessons_lib.games import DEFAULT_GAME, GAMES


@dataclass(frozen=True)
class PlayedGame:
    """One finished game: every move (the opening's too), the legal moves at each ply, and how it ended."""

    variant: str
    moves: tuple[str, ...]
    branching: tuple[int, ...]
    winner: int | None
    reason: str

    @property
    def length(self) -> int:
        """Plies played (each jump of a chain is a ply)."""
        return len(self.moves)


def sample_games(variant: str | None = None, games: int = 8,
                 players: tuple[str, str] = ("alphabeta:2", "alphabeta:2"), seed: int = 0,
                 max_plies: int | None = None, game: str = DEFAULT_GAME, workers: int = 1) -> list[PlayedGame]:
    """Play ``games`` seeded games between two agents (see :func:`lessons_lib.agents.make_agent` for names).

    Each game starts from a different seeded opening of the arena's (four random plies), so two
    deterministic agents still play different games; the first player always moves first. A game
    ends by the rules (or, if ``max_plies`` is given, as a draw after that many plies). ``game`` is any of
    :data:`lessons_lib.games.GAMES`; ``variant`` is one of its rule variants (None: its default, or its one set).
    Each game is named by its variant, or by the game if it has one set of rules.
    """
    from lessons_lib.arena.tournament import TournamentSettings, pairing_games, play_tournament

    variant_name = GAMES[game].variant_of(GAMES[game].start(variant))
    settings = TournamentSettings(games_per_pair=games, variant=variant_name, seed=seed, max_plies=max_plies,
                                  seconds_per_move=60.0, game=game)
    schedule = pairing_games(f"first={players[0]}", f"second={players[1]}", settings, swap_colours=False)
    run = play_tournament(schedule, workers=workers, progress=False)
    played = []
    for result in run.results:
        moves = (*result.opening, *(move.move for move in result.moves))
        position = GAMES[game].start(variant_name)
        branching = []
        for move in moves:
            branching.append(len(position.legal_moves()))
            position = position.play(move)
        outcome = position.outcome()
        winner = outcome.winner if outcome is not None else None
        played.append(PlayedGame(variant_name or game, moves, tuple(branching), winner,
                                 result.reason))
    return played


@dataclass(frozen=True)
class SearchCost:
    """What one search cost on one position: nodes, seconds, and the value and move it found."""

    search: str
    depth: int
    position: int
    nodes: int
    seconds: float
    value: float | None
    move: str


def search_costs(searches: dict[str, Callable[[int], Agent]], positions: Sequence[State],
                 depths: Sequence[int]) -> list[SearchCost]:
    """Run every search at every depth on every position.

    Args:
        searches: a name for each search and a function making its agent for a depth,
            for example ``{"minimax": MinimaxAgent, "alpha-beta": AlphaBetaAgent}``.
    """
    costs = []
    for name, make in searches.items():
        for depth in depths:
            agent = make(depth)
            for number, position in enumerate(positions):
                result = agent.search(position)
                costs.append(SearchCost(name, depth, number, result.nodes, result.seconds, result.value,
                                        str(result.move)))
    return costs


def mean_by(costs: Sequence[SearchCost], field_name: str = "nodes") -> dict[str, dict[int, float]]:
    """The mean of ``nodes`` or ``seconds`` over the positions, by search and by depth."""
    grouped: dict[str, dict[int, list[float]]] = {}
    for cost in costs:
        grouped.setdefault(cost.search, {}).setdefault(cost.depth, []).append(getattr(cost, field_name))
    return {name: {depth: statistics.fmean(values) for depth, values in by_depth.items()}
            for name, by_depth in grouped.items()}


@dataclass
class RolloutTally:
    """How a batch of rollouts from one position ended."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    capped: int = 0
    plies: list[int] = field(default_factory=list)

    @property
    def rollouts(self) -> int:
        return sum(self.wins) + self.draws + self.capped

    @property
    def decided(self) -> float:
        """The share of rollouts that ended with a winner."""
        return sum(self.wins) / self.rollouts if self.rollouts else 0.0

    def score(self, player: int) -> float:
        """``player``'s share of the points: a win 1, a draw or a capped rollout ½ (how MCTS counts them)."""
        return (self.wins[player] + (self.draws + self.capped) / 2) / self.rollouts if self.rollouts else 0.0


def rollout_outcomes(state: State, policy: str | RolloutPolicy = "uniform", rollouts: int = 100, seed: int = 0,
                     max_plies: int = 200) -> RolloutTally:
    """Play ``rollouts`` rollouts from ``state`` with a rollout policy and count how they ended.

    A rollout that reaches ``max_plies`` is *capped*: MCTS scores it as a draw, which tells it nothing.
    """
    play_out = ROLLOUT_POLICIES[policy] if isinstance(policy, str) else policy
    rng = random.Random(seed)
    tally = RolloutTally()
    for _ in range(rollouts):
        last, plies = play_out(state, rng, max_plies)
        tally.plies.append(plies)
        outcome = last.outcome()
        if outcome is None:
            tally.capped += 1
        elif outcome.winner is None:
            tally.draws += 1
        else:
            tally.wins[outcome.winner] += 1
    return tally


@dataclass(frozen=True)
class ConvergencePoint:
    """One seeded MCTS search of a position: its budget, its share of root visits on the moves a full-width
    search ranks best, and its root value (the mean rollout result for the player to move at the root)."""

    iterations: int
    seed: int
    best_share: float
    root_value: float


def mcts_convergence(state: State, best_moves: Sequence[Hashable], iterations: Sequence[int] = (10, 30, 100, 300,
                     1000, 2000), seeds: Sequence[int] = range(8)) -> list[ConvergencePoint]:
    """How MCTS's choice and value settle as its budget grows: one seeded search for every budget and seed."""
    from lessons_lib.agents.mcts import MCTSAgent

    points = []
    for budget in iterations:
        for seed in seeds:
            root, _, _ = MCTSAgent(budget, seed=seed).build_tree(state)
            on_best = sum(child.visits for child in root.children if child.move in best_moves)
            points.append(ConvergencePoint(budget, seed, on_best / root.visits,
                                           sum(child.wins for child in root.children) / root.visits))
    return points


@dataclass(frozen=True)
class TreeLevel:
    """One level of a game tree: how many lines of play reach it, and how many different positions they reach."""

    depth: int
    lines: int
    positions: int


def distinct_positions(state: State, depth: int) -> list[TreeLevel]:
    """For each depth from 1 to ``depth``: the lines of play (perft) and the different positions (by key).

    Where the two differ, several move orders lead to the same position: a transposition,
    which a search with a transposition table needs to search only once.
    """
    levels = []
    frontier: dict[int, tuple[State, int]] = {state.key: (state, 1)}  # key -> (a position, lines reaching it)
    for ply in range(1, depth + 1):
        following: dict[int, tuple[State, int]] = {}
        for position, lines in frontier.values():
            for move in position.legal_moves():
                child = position.play(move)
                _, seen = following.get(child.key, (child, 0))
                following[child.key] = (child, seen + lines)
        frontier = following
        levels.append(TreeLevel(ply, sum(lines for _, lines in frontier.values()), len(frontier)))
    return levels


@dataclass
class MatchReport:
    """A match between two evaluations: points, results, and an error if the evaluation under test failed."""

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    error: str | None = None
    endings: dict[str, int] = field(default_factory=dict)
    """How many games ended each way (``"no pieces"``, ``"draw clock"``, ...)."""

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def score(self) -> float:
        """The share of the points won (0.5: as strong as the opponent)."""
        return self.points / self.games if self.games else 0.0

    def __repr__(self) -> str:
        if self.error:
            return f"{self.name}: the match stopped: {self.error}"
        ended = "; ended by " + ", ".join(f"{reason} {count}" for reason, count in sorted(self.endings.items()))
        return (f"{self.name}: {self.points:g} of {self.games} points ({self.wins} won, {self.draws} drawn, "
                f"{self.losses} lost{ended if self.endings else ''})")


def evaluation_match(evaluate: Evaluation, opponent: Evaluation | None = None, depth: int = 2, openings: int = 6,
                     seed: int = 0, variant: str | None = None, max_plies: int | None = None,
                     game: str = DEFAULT_GAME, quiescence: bool = False) -> MatchReport:
    """Alpha-beta with ``evaluate`` against alpha-beta with ``opponent`` (the game's own by default), same depth.

    Each of ``openings`` seeded openings (four random plies, each to a different position) is played once
    with each colour, to the end the rules give (or, if ``max_plies`` is given, a draw after that many
    plies). With ``quiescence``, both sides search with quiescence (negamax that plays on the captures
    beyond the depth) instead. If ``evaluate`` raises or returns something that is not a number, the
    match stops and the report says why.
    """
    from lessons_lib.arena.games import opening_suite

    name = f"{getattr(evaluate, '__name__', 'your evaluation')} at depth {depth}"
    report = MatchReport(name)
    checked = _numbers_only(evaluate)
    players = (_searcher(depth, checked, quiescence), _searcher(depth, opponent or GAMES[game].evaluate, quiescence))
    for opening in opening_suite(openings, seed, 4, variant, game):
        start = play_line(GAMES[game].start(variant), opening)[-1]
        for colour in (0, 1):
            try:
                result = play_game(players if colour == 0 else players[::-1], start, max_plies)
            except _EvaluationFailed as failure:
                report.error = str(failure)
                return report
            points = result.outcome.score_for(colour)
            report.games += 1
            report.wins += points == 1
            report.draws += points == 0.5
            report.losses += points == 0
            report.endings[result.outcome.reason] = report.endings.get(result.outcome.reason, 0) + 1
    return report


def _searcher(depth: int, evaluate: Evaluation, quiescence: bool) -> Agent:
    if quiescence:
        return NegamaxAgent(depth, None, evaluate, quiescence=True)
    return AlphaBetaAgent(depth, evaluate)


class _EvaluationFailed(Exception):
    """The evaluation under test raised or returned something that is not a number."""


def _numbers_only(evaluate: Evaluation) -> Evaluation:
    def checked(state: Any, player: int) -> float:
        try:
            value = evaluate(state, player)
        except Exception as error:  # a student's function: report it in words
            raise _EvaluationFailed(f"evaluate({state}, {player}) raised {type(error).__name__}: {error}") from None
        try:
            kind = type(value)
            number = float(value) if issubclass(kind, numbers.Real) and not issubclass(kind, bool) else math.nan
        except (OverflowError, TypeError, ValueError):  # a whole number too large for any evaluation, an odd kind
            number = math.nan
        if math.isnan(number):
            shown = ("nan" if type(value) is float else "a whole number too large for a float"
                     if issubclass(type(value), int) and not issubclass(type(value), bool)
                     else f"a value of type {type(value).__name__}")
            raise _EvaluationFailed(f"evaluate({state}, {player}) returned {shown}, which is not a number")
        return number
    return checked


def record_search(agent: Agent, state: State) -> tuple[Any, list[Any]]:
    """Search ``state`` and return the result and every event the search sent (for a drawing)."""
    events: list[Any] = []
    observer: Observer = events.append
    return agent.search(state, observer=observer), events


def play_line(start: State, moves: Sequence[Hashable]) -> list[State]:
    """Every position along a line of play, the start included."""
    positions = [start]
    for move in moves:
        positions.append(positions[-1].play(move))
    return positions
