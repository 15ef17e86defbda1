"""Values of positions: Shologuti's material-and-mobility evaluation, and the values of finished games.

The evaluation comes from the Pygame Shologuti project this suite grew from (a student project with a
minimax and an MCTS player). Every value here is from one player's point of view: higher is better for them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lessons_lib.game import Outcome
from lessons_lib.state import Position

WIN = 1000
"""A won game is worth ``WIN - ply``: a quicker win is worth more, a slower loss costs less."""

MATE_BOUND = WIN - 500
"""Values beyond ±MATE_BOUND are wins or losses (no evaluation comes near it; no search is 500 plies deep)."""


def material_mobility_evaluation(position: Position, player: int) -> int:
    """Material and mobility: the Pygame project's evaluation of ``position`` for ``player``.

    See ``docs/rules/shologuti.md``, 'Evaluation'.

    ``10 × (pieces(P) − pieces(opponent)) + (mobility(P) − mobility(opponent)) + bonus``,
    where bonus is 1 when a chain is pending and P is to move. Mobility is counted
    as :meth:`Position.mobility` says.

    >>> material_mobility_evaluation(Position.start(), 0), material_mobility_evaluation(Position.start(), 1)
    (0, 0)
    """
    opponent = 1 - player
    material = position.piece_count(player) - position.piece_count(opponent)
    mobility = position.mobility(player) - position.mobility(opponent)
    bonus = 1 if position.pending and position.to_move == player else 0
    return 10 * material + mobility + bonus


class EvaluationTerms(NamedTuple):
    """The three parts of the material-and-mobility evaluation for one player (see :func:`material_mobility_evaluation`).

    Attributes:
        material: pieces(P) − pieces(opponent); it counts ten times in the total.
        mobility: mobility(P) − mobility(opponent).
        chain_bonus: 1 when a chain is pending and P is to move, else 0.
    """

    material: int
    mobility: int
    chain_bonus: int

    @property
    def total(self) -> int:
        """``10 × material + mobility + chain_bonus``: the material-and-mobility evaluation."""
        return 10 * self.material + self.mobility + self.chain_bonus


def material_mobility_terms(position: Position, player: int) -> EvaluationTerms:
    """The material-and-mobility evaluation of ``position`` for ``player``, in its three parts.

    >>> terms = material_mobility_terms(Position.start().play("23-18"), 0)
    >>> terms, terms.total
    (EvaluationTerms(material=0, mobility=13, chain_bonus=0), 13)
    """
    opponent = 1 - player
    return EvaluationTerms(position.piece_count(player) - position.piece_count(opponent),
                           position.mobility(player) - position.mobility(opponent),
                           1 if position.pending and position.to_move == player else 0)


def material_evaluation(position: Position, player: int) -> int:
    """Pieces alone: ``pieces(P) − pieces(opponent)``. A cheap evaluation for comparison."""
    return position.piece_count(player) - position.piece_count(1 - player)


def utility(state: Any, player: int, ply: int) -> int:
    """The value of a finished game for ``player``, found ``ply`` plies below the root: its *utility*.

    A search scores a finished game by this, never by the evaluation: ``1000 - ply`` for a win (the
    sooner, the better), ``-(1000 - ply)`` for a loss (the later, the less bad), 0 for a draw.

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


seed_evaluation = material_mobility_evaluation
"""The old name of :func:`material_mobility_evaluation`, kept so that older notebooks and agent files still work."""

seed_evaluation_terms = material_mobility_terms
"""The old name of :func:`material_mobility_terms`."""
