"""What every agent shares: the Agent class, the search budget, and the search result.

An agent sees a game only through :class:`lessons_lib.kit.game.GameState`. Moves may
also have an ``is_capture`` attribute, which agents use only to order moves and
to guide rollouts; a game whose moves lack it still works.
"""

from __future__ import annotations

import math
import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final

from mypy_extensions import mypyc_attr

from lessons_lib.kit.game import Evaluation as Evaluation  # the engine kit's, re-exported: the searches take one
from lessons_lib.kit.game import GameState

State = GameState[Any]
Observer = Callable[[Any], None]
"""Receives the search as events (see :mod:`lessons_lib.agents.trace`)."""



class SearchTimeout(Exception):
    """Raised inside a search when its time is up; the search catches it itself."""


class OverProcessorLimit(Exception):
    """Raised inside a search that has used up the processor time someone set for it (the arena does, for a
    built-in agent's move, with :func:`processor_time_limit`): the search stops at once."""


_processor_deadline = threading.local()  # this thread's limit, while one is set


@contextmanager
def processor_time_limit(seconds: float) -> Iterator[None]:
    """Within the block, a search in this thread stops (:class:`OverProcessorLimit`) once the thread has used
    ``seconds`` more processor time; searches look every thousand or so positions (:func:`check_processor_time`)."""
    _processor_deadline.at = time.thread_time() + seconds
    try:
        yield
    finally:
        _processor_deadline.at = math.inf


def check_processor_time() -> None:
    """Raise :class:`OverProcessorLimit` if this thread is past the limit :func:`processor_time_limit` set."""
    if time.thread_time() > getattr(_processor_deadline, "at", math.inf):
        raise OverProcessorLimit


@dataclass
class SearchResult:
    """What a search found, and what it cost.

    Attributes:
        move: the chosen move.
        value: the move's value for the player to move at the root, for depth
            searches (docs/rules/shologuti.md, 'Search values'); None for agents without one.
        pv: the principal variation: the expected line of play, starting with ``move``.
        nodes: positions searched (for MCTS: iterations).
        depth: the depth reached (plies), for depth searches; the tree's depth for MCTS.
        seconds: wall-clock time of the search.
        stats: counters particular to the algorithm (cutoffs, table hits, rollouts, ...).
    """

    move: Hashable
    value: float | None = None
    pv: list[Hashable] = field(default_factory=list)
    nodes: int = 0
    depth: int = 0
    seconds: float = 0.0
    stats: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The result as plain data (moves as text), for JSON."""
        return {
            "move": str(self.move),
            "value": self.value,
            "pv": [str(move) for move in self.pv],
            "nodes": self.nodes,
            "depth": self.depth,
            "seconds": round(self.seconds, 6),
            "stats": dict(self.stats),
        }


@dataclass(frozen=True)
class Budget:
    """How much an agent may search: a depth in plies, a number of MCTS iterations, seconds a move, or a
    combination an agent takes (negamax: a depth and seconds; MCTS: iterations and seconds). Every agent and
    :func:`lessons_lib.agents.make_agent` accept one; an empty budget leaves the agent's own default.

    >>> Budget(depth=4).describe(), Budget(iterations=300, seconds=0.5).describe(), Budget().describe()
    ('depth 4', '300 iterations, 0.5 s', 'its default')
    """

    depth: int | None = None
    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.depth is not None:
            check_depth(self.depth)
        if self.iterations is not None:
            check_iterations(self.iterations)
        if self.seconds is not None:
            object.__setattr__(self, "seconds", check_seconds(self.seconds))

    def given(self) -> set[str]:
        """The parts this budget sets (``{"depth"}``, ``{"iterations", "seconds"}``, ...)."""
        return {part for part in ("depth", "iterations", "seconds") if getattr(self, part) is not None}

    def taken_by(self, agent: str, parts: set[str]) -> Budget:
        """This budget, if ``agent`` (which takes only ``parts``) can use it; ValueError naming what it cannot."""
        extra = self.given() - parts
        if extra:
            allowed = " or ".join(sorted(parts)) or "no budget"
            raise ValueError(f"{agent} takes {allowed}, not {sorted(extra)[0]}")
        return self

    def describe(self) -> str:
        parts = [f"depth {self.depth}"] if self.depth is not None else []
        parts += [f"{self.iterations} iterations"] if self.iterations is not None else []
        parts += [f"{self.seconds:g} s"] if self.seconds is not None else []
        return ", ".join(parts) or "its default"


@mypyc_attr(allow_interpreted_subclasses=True)  # notebooks and tests make agents of their own
class Agent(ABC):
    """A player. ``choose_move`` gives a move; ``search`` gives the move and how it was found."""

    name = "agent"

    @property
    def budget(self) -> Budget:
        """How much this agent searches (an agent that does not search has an empty budget)."""
        return Budget()

    @abstractmethod
    def search(self, state: State, observer: Observer | None = None) -> SearchResult:
        """Search ``state`` and return the result. ``observer``, if given, receives the search's events."""

    def choose_move(self, state: State) -> Hashable:
        """The move this agent plays in ``state``."""
        return self.search(state).move

    def describe(self) -> str:
        """A short label, such as ``alphabeta:4``."""
        return self.name

    def reseed(self, seed: int) -> None:
        """Start its random choices afresh from ``seed`` (an agent that makes none has nothing to do)."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.describe()}>"


def check_playable(state: State) -> list[Hashable]:
    """The legal moves of ``state``; ValueError if the game is already over."""
    moves = state.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    return moves


def make_rng(seed: int | random.Random | None) -> random.Random:
    """A random generator from a seed (or the generator itself). None means seed 0: searches are repeatable."""
    if isinstance(seed, random.Random):
        return seed
    return random.Random(0 if seed is None else seed)


class Stopwatch:
    """Wall-clock time since creation, and whether a budget in seconds has run out."""

    def __init__(self, seconds: float | None = None) -> None:
        self.started = time.perf_counter()
        self.deadline = None if seconds is None else self.started + seconds

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def is_out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline


MAX_SEARCH_DEPTH: Final = 64
"""No search goes deeper than this many plies (deeper would never finish in Python anyway)."""


def check_depth(depth: int) -> int:
    """``depth`` if it is a whole number of plies from 1 to MAX_SEARCH_DEPTH; ValueError otherwise."""
    if type(depth) is not int or not 1 <= depth <= MAX_SEARCH_DEPTH:
        raise ValueError(f"depth must be a whole number from 1 to {MAX_SEARCH_DEPTH}, not {depth!r}")
    return depth


MAX_SECONDS: Final = 1e6
"""About eleven days: a longer budget is surely a typing mistake."""


def check_seconds(seconds: float) -> float:
    """``seconds`` if it is a number above 0 and below MAX_SECONDS; ValueError otherwise."""
    if not isinstance(seconds, (int, float)) or not 0 < seconds < MAX_SECONDS:  # NaN fails this too
        raise ValueError(f"seconds must be a number above 0 and below {MAX_SECONDS:g}, not {seconds!r}")
    return float(seconds)


def check_iterations(iterations: int) -> int:
    """``iterations`` if it is a whole number, 1 or more; ValueError otherwise."""
    if type(iterations) is not int or iterations < 1:
        raise ValueError(f"iterations must be a whole number, 1 or more, not {iterations!r}")
    return iterations
