"""Values of positions: the seed project's evaluation, and the values of finished games.

Every value here is from one player's point of view: higher is better for them.
"""

from __future__ import annotations

from typing import NamedTuple

from lessons_lib.game import Outcome
from lessons_lib.state import Position

WIN = 1000
"""A won game is worth ``WIN - ply``: a quicker win is worth more, a slower loss costs less."""

MATE_BOUND = WIN - 500
"""Values beyond ±MATE_BOUND are wins or losses (no evaluation comes near it; no search is 500 plies deep)."""


def seed_evaluation(position: Position, player: int) -> int:
    """The seed project's evaluation of ``position`` for ``player`` (RULES.md, 'Evaluation').

    ``10 × (pieces(P) − pieces(opponent)) + (mobility(P) − mobility(opponent)) + bonus``,
    where bonus is 1 when a chain is pending and P is to move. Mobility is counted
    as :meth:`Position.mobility` says.

    >>> seed_evaluation(Position.start(), 0), seed_evaluation(Position.start(), 1)
    (0, 0)
    """
    opponent = 1 - player
    material = position.piece_count(player) - position.piece_count(opponent)
    mobility = position.mobility(player) - position.mobility(opponent)
    bonus = 1 if position.pending and position.to_move == player else 0
    return 10 * material + mobility + bonus


class EvaluationTerms(NamedTuple):
    """The three parts of the seed's evaluation for one player (see :func:`seed_evaluation`).

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
        """``10 × material + mobility + chain_bonus``: the seed's evaluation."""
        return 10 * self.material + self.mobility + self.chain_bonus


def seed_evaluation_terms(position: Position, player: int) -> EvaluationTerms:
    """The seed's evaluation of ``position`` for ``player``, in its three parts.

    >>> terms = seed_evaluation_terms(Position.start().play("23-18"), 0)
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


def outcome_value(outcome: Outcome, player: int, ply: int) -> int:
    """The value of a finished game for ``player``, found ``ply`` plies from the root.

    ``WIN - ply`` for a win, ``-(WIN - ply)`` for a loss, 0 for a draw (RULES.md, 'Search values').
    """
    if outcome.winner is None:
        return 0
    return WIN - ply if outcome.winner == player else ply - WIN
