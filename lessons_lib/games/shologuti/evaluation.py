"""Shologuti's evaluation: material and mobility, from the Pygame Shologuti project this suite grew from.

The project was a student's, with a minimax and an MCTS player. Every value here is from one
player's point of view: higher is better for them. ``docs/rules/shologuti.md`` ('Evaluation') has the formula.
The evaluation learned from games is in :mod:`~lessons_lib.games.shologuti.features`.
"""

from __future__ import annotations

from typing import NamedTuple

from lessons_lib.games.shologuti.position import Position



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

    def parts(self) -> dict[str, int]:
        """What each part adds to :attr:`total`, by name (as a plot labels them)."""
        return {"10 × material": 10 * self.material, "mobility": self.mobility, "chain bonus": self.chain_bonus}


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


seed_evaluation = material_mobility_evaluation
"""The old name of :func:`material_mobility_evaluation`, kept so that older notebooks and agent files still work."""

seed_evaluation_terms = material_mobility_terms
"""The old name of :func:`material_mobility_terms`."""
