"""Values of finished games, the same for every game, and the default evaluation: each game's own.

Every value here is from one player's point of view: higher is better for them. The evaluations of
positions that are not finished belong to each game (``lessons_lib.games.<name>.evaluation``).
"""

from __future__ import annotations

from typing import Any, Final

from lessons_lib.kit.game import Outcome
WIN: Final = 1000
"""A won game is worth ``WIN - ply``: a quicker win is worth more, a slower loss costs less."""

MATE_BOUND: Final = WIN - 500
"""Values beyond ±MATE_BOUND are wins or losses (no evaluation comes near it; no search is 500 plies deep)."""


def utility(state: Any, player: int, ply: int) -> int:
    """The value of a finished game for ``player``, found ``ply`` plies below the root: its *utility*.

    A search scores a finished game by this, never by the evaluation: ``1000 - ply`` for a win (the
    sooner, the better), ``-(1000 - ply)`` for a loss (the later, the less bad), 0 for a draw.

    >>> from lessons_lib.games.shologuti.position import Position
    >>> red_has_no_pieces = Position.from_points(green=[23], red=[], to_move=1)
    >>> utility(red_has_no_pieces, 0, 3), utility(red_has_no_pieces, 1, 3), utility(red_has_no_pieces, 0, 5)
    (997, -997, 995)
    """
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("this game is not over: only a finished game has a utility")
    return outcome_value(outcome, player, ply)


def outcome_value(outcome: Outcome, player: int, ply: int) -> int:
    """The value of a finished game for ``player``, found ``ply`` plies from the root.

    ``WIN - ply`` for a win, ``-(WIN - ply)`` for a loss, 0 for a draw (``docs/rules/shologuti.md``,
    'Search values'). A finished game is scored by this utility, never by the evaluation.
    """
    if outcome.winner is None:
        return 0
    return WIN - ply if outcome.winner == player else ply - WIN


_OWN_EVALUATIONS: Final[dict[type, Any]] = {}
_STRONGEST_EVALUATIONS: Final[dict[type, Any]] = {}


def game_evaluation(state: Any, player: int) -> float:
    """``state``'s value for ``player`` by its own game's evaluation: the default of every agent that evaluates.

    >>> from lessons_lib.games import GAMES
    >>> game_evaluation(GAMES["shologuti"].start(), 0), game_evaluation(GAMES["hus"].start(), 1)
    (0.0, 0.0)
    """
    evaluate = _OWN_EVALUATIONS.get(type(state)) or _remember_evaluation(_OWN_EVALUATIONS, state, strongest=False)
    return float(evaluate(state, player))  # a whole number too, so that every search's values are floats


def strongest_evaluation(state: Any, player: int) -> float:
    """``state``'s value for ``player`` by the strongest evaluation its game has: the one ``best`` uses.

    A game's learned evaluation where it has one (see :mod:`lessons_lib.learning`), else its own evaluation.
    """
    evaluate = _STRONGEST_EVALUATIONS.get(type(state)) or _remember_evaluation(_STRONGEST_EVALUATIONS, state,
                                                                               strongest=True)
    return float(evaluate(state, player))


def _remember_evaluation(known: dict[type, Any], state: Any, strongest: bool) -> Any:
    """The evaluation of ``state``'s game (its strongest, or its own), found once a position type and kept in ``known``."""
    from lessons_lib.games import game_of

    engine = game_of(state).engine
    evaluate = (engine.strongest_evaluate or engine.evaluate) if strongest else engine.evaluate
    known[type(state)] = evaluate
    return evaluate

