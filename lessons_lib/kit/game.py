"""The small interface between a game and the agents that play it.

An agent sees a game only through these few members, so any two-player game
that offers them (Shologuti, Bagh-Chal, Hus and Shobu here) can be played
by the same agents without changing them. Players are numbered 0 (moves first)
and 1. Turns need not alternate: after a capture in Shologuti the same player
moves again, so an agent must always read ``to_move`` and never assume that
the player changes every ply.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Self, TypeVar

from lessons_lib.kit.chance import random_index

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

MoveT = TypeVar("MoveT", bound=Hashable)

Evaluation = Callable[[Any, int], float]
"""``evaluate(state, player)``: how good ``state`` is for ``player`` (higher is better); each game's engine has its
own, and the agents' depth searches take one."""

# Why a game ends, in words many games share; each game declares every reason its outcome() gives in its
# engine (Engine.end_reasons), its own ones included.
NO_MOVE = "no move"
"""The player to move has no legal move, and loses."""
DRAW_CLOCK = "draw clock"
"""Too many plies in a row without a capture (or whatever the game counts as progress): a draw."""


class Outcome(NamedTuple):
    """How a finished game ended.

    Attributes:
        winner: the winning player (0 or 1), or None for a draw.
        reason: why the game ended, in a few words (for example ``"no move"``).
    """

    winner: int | None
    reason: str

    def score_for(self, player: int) -> float:
        """1.0 if ``player`` won, 0.0 if they lost, 0.5 for a draw.

        >>> Outcome(winner=1, reason="no move").score_for(0)
        0.0
        """
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == player else 0.0


class GameState(Protocol[MoveT]):
    """An immutable game position, as the agents see it."""

    @property
    def to_move(self) -> int:
        """The player to move: 0 or 1."""
        ...

    @property
    def key(self) -> int:
        """A 64-bit Zobrist key: equal positions have equal keys."""
        ...

    def legal_moves(self) -> list[MoveT]:
        """The legal moves, in a fixed order; empty once the game is over."""
        ...

    def play(self, move: MoveT) -> Self:
        """The position after ``move``; this position is left unchanged."""
        ...

    def is_game_over(self) -> bool:
        """True once the game has ended (won, lost or drawn)."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...


StateT = TypeVar("StateT", bound=GameState[Any])


# What a game may offer beyond the six members, and what agents then use. Each is optional: an agent
# works without it, only more slowly or with a plainer move order.

class FastPlayout(Protocol):
    """A position that plays random games to the end itself, faster than :func:`random_playout` and making
    exactly the same choices with the same generator (all four games' positions do; tests hold them to it).
    The agents look the method up by name: this protocol says what they expect of it."""

    def random_playout(self, rng: random.Random, max_plies: int | None = None) -> tuple[Any, int]:
        """The last position and the number of plies of a uniformly random game from here."""
        ...


def is_capture(move: Hashable) -> bool:
    """Whether ``move`` takes a piece, for agents that try captures first.

    A game's moves say so in an ``is_capture`` attribute where the move itself shows it
    (Shologuti, Bagh-Chal, Shobu). A Hus move does not know (a sowing may capture several
    handfuls later), so its moves have no such attribute and count as quiet.
    """
    # ``hasattr`` first: compiled, ``getattr`` with a default raises and clears an exception for a move without one
    return hasattr(move, "is_capture") and bool(move.is_capture)


def random_playout(state: StateT, rng: random.Random, max_plies: int | None = None) -> tuple[StateT, int]:
    """Play uniformly random legal moves from ``state`` until the game ends.

    Stops early after ``max_plies`` plies if given. Returns the last state and
    the number of plies played. Uses only the interface above, so it works
    for any game.
    """
    plies = 0
    moves = state.legal_moves()
    while moves and (max_plies is None or plies < max_plies):
        state = state.play(moves[random_index(rng, len(moves))])
        plies += 1
        moves = state.legal_moves()
    return state, plies


@dataclass(frozen=True, kw_only=True)
class Engine:
    """What a game's engine offers the rest of the suite, which knows the game through this alone.

    Each game's package defines one, ``ENGINE``, naming every field; :data:`lessons_lib.games.GAMES` finds it there.

    Attributes:
        position: the position class: ``position.start()``, ``position.from_string(text)``.
        move: the move class: ``move.parse(text)``.
        evaluate: the evaluation the depth searches use, ``evaluate(state, player)``.
        board_svg: the board as SVG, ``board_svg(state, clickable=..., selected=..., last_move=..., scale=...)``.
        picture: the position as a picture to look at, ``picture(state, scale=...)`` (the board without click
            targets; Shologuti draws it with its own point markers).
        move_clicks: the points a person clicks, in order, to play a move.
        player_names: what the game calls player 0 (who moves first) and player 1.
        perft_from_start: the number of move sequences from the start, depth 1 upwards.
        end_reasons: every reason the position's ``outcome()`` gives for the end of a game (``"no move"``, ...).
        feature_names: what a learned evaluation of the game looks at (empty if none is learned yet).
        features: ``features(state, player)``, the numbers :mod:`lessons_lib.learning` fits weights to, in the
            order of ``feature_names``; each is the player's count minus the opponent's; None if none.
        board_inputs: ``board_inputs(state, player)``, the position as raw numbers seen by ``player`` (a numpy array:
            where each piece stands, who is to move, the clock), as many for every position: what a network that
            learns from the rules alone reads; None if the game has none.
        learned_evaluate: the evaluation learned from games (the weighted ``features``), or None if there is none.
        strongest_evaluate: the evaluation the strongest agent (``best``) uses: by default ``evaluate``.
        solved: where a solved table decides a position, its exact value for the player to move (1 won, 0 drawn,
            −1 lost) under the game's own limits (a draw clock) and its distance to the end in plies as the table
            counts it (no fewer plies remain), else None; None if the game has no table.
        solved_scope: which positions the tables decide, in words (for a message where they do not).
        clock_share: ``clock_share(state)``, how far the game's draw clock has run, from 0 (just reset) to 1 (the
            draw); None if the game has no draw clock.
        random_solved: ``random_solved(variant, rng)``, a position still in play drawn with the ``random.Random``
            ``rng`` from those the tables decide, with a piece a side; None if the game has no table.
        build_tables: ``build_tables(variant, again, said)``: solve the tables too large to ship into the user's
            cache folder, for one variant (or all, for None), again even where built when ``again``, telling
            ``said`` each step in a line; None if the game has none.
        variants: the names of the game's rule variants, the default first; empty for a game with one set of rules.
        rules_named: for a game with variants, its rules by name; ``position.start(rules)`` and
            ``position.from_string(text, rules)`` take them, and each position keeps them in ``rules``, whose
            ``name`` is the variant's.
        status_text: the line above the board, ``status_text(state)``: whose move it is, or how the game ended.
        place_names: what a screen reader calls each place a click may hit in ``state``, by its ``data-click``:
            ``place_names(state)`` is ``{"23": "point 23", ...}``, the names that begin the places' ``aria-label``.
    """

    position: Any
    move: Any
    evaluate: Callable[[Any, int], float]
    board_svg: Callable[..., str]
    picture: Callable[..., str]
    move_clicks: Callable[[Any], tuple[str, ...]]
    player_names: tuple[str, str]
    perft_from_start: tuple[int, ...]
    end_reasons: tuple[str, ...]
    status_text: Callable[[Any], str]
    place_names: Callable[[Any], dict[str, str]]
    feature_names: tuple[str, ...] = ()
    features: Callable[[Any, int], Sequence[float]] | None = None
    board_inputs: Callable[[Any, int], NDArray[np.float64]] | None = None
    learned_evaluate: Callable[[Any, int], float] | None = None
    strongest_evaluate: Callable[[Any, int], float] | None = None
    solved: Callable[[Any], tuple[int, int] | None] | None = None
    solved_scope: str = ""
    clock_share: Callable[[Any], float] | None = None
    random_solved: Callable[[str, random.Random], Any] | None = None
    build_tables: Callable[[str | None, bool, Callable[[str], None]], None] | None = None
    variants: tuple[str, ...] = ()
    rules_named: Callable[[str], Any] | None = None
