"""Agents by name: the difficulty presets a game panel offers, ``best``, and ``hint``.

Names, as the command line and the arena take them:

- ``random``, ``greedy``
- ``minimax:D``, ``expectimax:D``, ``alphabeta:D`` (D plies), ``negamax:D`` or ``negamax:Ss`` (S seconds a move);
  ``negamax-q:D`` or ``negamax-q:Ss`` adds quiescence search (captures followed beyond the depth)
- ``mcts:N`` (N iterations) or ``mcts:Ss``; ``mcts-root:N`` backs up wins for the root's player
  (the Pygame project's way) and ``mcts-captures:N`` plays captures first in its rollouts
- ``best`` or ``best:Ss``: the strongest configuration, 2 s a move unless told
- the difficulties below, from ``beginner`` to ``expert``
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.base import Agent, Budget, Evaluation, SearchResult, State, check_seconds
from lessons_lib.agents.evaluation import game_evaluation, strongest_evaluation
from lessons_lib.agents.mcts import MCTSAgent
from lessons_lib.agents.expectimax import ExpectimaxAgent
from lessons_lib.agents.minimax import MinimaxAgent
from lessons_lib.agents.negamax import NegamaxAgent
from lessons_lib.agents.simple import GreedyAgent, RandomAgent
from lessons_lib.agents.solved import SolvedFirst
from lessons_lib.tooling.text import did_you_mean

BEST_SECONDS = 2.0
"""The Hus project's limit: 2 seconds a move."""


def best_agent(seconds: float = BEST_SECONDS, evaluate: Evaluation = strongest_evaluation) -> SolvedFirst:
    """The strongest configuration the project has, within ``seconds`` a move.

    Where the game's solved table decides the position (a small endgame, in a game that ships one), perfect play
    from the table (:class:`~lessons_lib.agents.solved.SolvedFirst`); elsewhere:

    Negamax with every ordering helper and iterative deepening, on the game's strongest
    evaluation (:func:`~lessons_lib.agents.evaluation.strongest_evaluation`: for Shologuti the one
    learned from games, shrunk towards a draw as the quiet-ply clock runs, so that it makes
    progress when ahead and heads for the draw when behind). Its table cuts off only at equal
    depth, so each completed depth's value is alpha-beta's with the same evaluation, except that
    the table does not tell apart positions that differ only in the clock, which this evaluation reads.
    Its search asks the solved table at every node below the root (``probes``): where the table decides a node,
    the node's value is the table's.
    """
    agent = NegamaxAgent(depth=None, seconds=seconds, evaluate=evaluate, probes=True)
    agent.name = "best"
    return SolvedFirst(agent)


@dataclass(frozen=True)
class Difficulty:
    """A named level for a game panel."""

    name: str
    description: str
    make: Callable[[int | None, Evaluation | None], Agent]
    """``make(seed, evaluate)``: the agent, with ``evaluate`` for its depth searches (None: the level's own choice)."""


DIFFICULTIES: dict[str, Difficulty] = {
    level.name: level
    for level in (
        Difficulty("beginner", "random moves", lambda seed, evaluate: RandomAgent(seed)),
        # Not greedy: under the forced rules the material-and-mobility evaluation makes a one-ply search offer pieces
        # (the capture it forces cuts the opponent's mobility), and greedy scores 0 of 20 against random
        # (python benchmarks/difficulty_ladder.py). Thirty MCTS iterations score 90% against random under
        # the forced rules; under the traditional rules both draw nearly every game, as MCTS does there.
        Difficulty("easy", "MCTS, 30 iterations: a glance ahead by random play",
                   lambda seed, evaluate: MCTSAgent(30, seed=seed)),
        Difficulty("medium", "alpha-beta, 3 plies",
                   lambda seed, evaluate: AlphaBetaAgent(3, evaluate or game_evaluation)),
        Difficulty("hard", "alpha-beta, 5 plies", lambda seed, evaluate: AlphaBetaAgent(5, evaluate or game_evaluation)),
        Difficulty("expert", "the best search, 2 seconds a move",
                   lambda seed, evaluate: best_agent(BEST_SECONDS, evaluate or strongest_evaluation)),
    )
}

AGENT_NAMES = ("random", "greedy", "minimax", "expectimax", "alphabeta", "negamax", "negamax-q", "mcts", "mcts-root",
               "mcts-captures", "best", *DIFFICULTIES)
_MCTS_VARIANTS = {"mcts": ("mover", "uniform"), "mcts-root": ("root", "uniform"), "mcts-captures": ("mover", "captures")}
"""Each MCTS name's backup perspective and rollout policy."""


def make_agent(name: str, budget: Budget | None = None, *, depth: int | None = None,
               iterations: int | None = None, seconds: float | None = None, seed: int | None = None,
               evaluate: Evaluation | None = None) -> Agent:
    """The agent called ``name`` (see the module's list), with an optional budget and seed.

    The budget is a :class:`~lessons_lib.agents.base.Budget`, or its parts as ``depth``, ``iterations`` and
    ``seconds``, or a setting in the name (``alphabeta:4``, ``mcts:300``, ``negamax:0.5s``): one of the three.

    ``evaluate`` is the evaluation the depth searches use: by default each position's own game's
    (:func:`lessons_lib.agents.evaluation.game_evaluation`), and for ``best`` (and the ``expert`` level) its
    strongest (:func:`lessons_lib.agents.evaluation.strongest_evaluation`).

    Raises:
        ValueError: an unknown name, or a budget the agent does not take.
    """
    base, _, setting = name.strip().lower().partition(":")
    if base not in AGENT_NAMES:
        raise ValueError(f"unknown agent {name!r}{did_you_mean(base, AGENT_NAMES)}; choose one of: "
                         f"{', '.join(AGENT_NAMES)}")
    parts = Budget(depth, iterations, seconds)
    if budget is not None and parts.given():
        raise ValueError("give a Budget or its parts (depth, iterations, seconds), not both")
    budget = budget or parts
    if setting:
        if budget.given():
            raise ValueError(f"{name!r} already sets its budget; drop --depth, --iterations and --seconds")
        budget = Budget(*_parse_setting(base, setting))
    depth, iterations, seconds = budget.depth, budget.iterations, budget.seconds
    takes = {
        "minimax": {"depth"}, "expectimax": {"depth"}, "alphabeta": {"depth"}, "negamax": {"depth", "seconds"},
        "negamax-q": {"depth", "seconds"}, "best": {"seconds"},
        **{variant: {"iterations", "seconds"} for variant in _MCTS_VARIANTS},
    }.get(base, set())
    given = budget.given()
    if given - takes:
        allowed = " or ".join(f"--{key}" for key in sorted(takes)) or "no budget"
        raise ValueError(f"{base} takes {allowed}, not --{sorted(given - takes)[0]}")
    if base == "best":
        return best_agent(BEST_SECONDS if seconds is None else seconds, evaluate or strongest_evaluation)
    if base in DIFFICULTIES:
        return DIFFICULTIES[base].make(seed, evaluate)
    evaluate = evaluate or game_evaluation
    if base == "random":
        return RandomAgent(seed)
    if base == "greedy":
        return GreedyAgent(evaluate, seed=seed)
    if base == "minimax":
        return MinimaxAgent(3 if depth is None else depth, evaluate)
    if base == "alphabeta":
        return AlphaBetaAgent(4 if depth is None else depth, evaluate)
    if base == "expectimax":
        return ExpectimaxAgent(2 if depth is None else depth, evaluate)
    if base in ("negamax", "negamax-q"):
        if not given:
            seconds = BEST_SECONDS
        return NegamaxAgent(depth, seconds, evaluate, quiescence=base == "negamax-q")
    perspective, rollout = _MCTS_VARIANTS[base]  # every name left is one of MCTS's (the name was checked above)
    return MCTSAgent(1000 if not given else iterations, seconds, rollout=rollout, perspective=perspective, seed=seed)


def _parse_setting(base: str, setting: str) -> tuple[int | None, int | None, float | None]:
    """``alphabeta:4`` → depth 4; ``mcts:300`` → 300 iterations; ``negamax:0.5s`` → 0.5 seconds."""
    try:
        if setting.endswith("s"):
            return None, None, check_seconds(float(setting[:-1]))
        if not setting.isascii() or not setting.isdigit():
            raise ValueError
        number = int(setting)
    except ValueError:
        raise ValueError(f"{base}:{setting}: write a whole number (depth or iterations) or seconds above 0 "
                         f"like 0.5s") from None
    return (None, number, None) if base in _MCTS_VARIANTS else (number, None, None)


def hint(state: State, seconds: float = 1.0, evaluate: Evaluation = game_evaluation) -> SearchResult:
    """The strongest move in ``state``, with its value and principal variation (a hint for a player)."""
    return best_agent(seconds, evaluate).search(state)


def seeded(agent: Agent, seed: int) -> Agent:
    """``agent`` with its random choices started afresh from ``seed``."""
    agent.reseed(seed)
    return agent
