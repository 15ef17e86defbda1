"""Shologuti's evaluation: material and mobility, from the Pygame Shologuti project this suite grew from.

The project was a student's, with a minimax and an MCTS player. Every value here is from one
player's point of view: higher is better for them. ``docs/rules/shologuti.md`` ('Evaluation') has the formula.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from lessons_lib.games.common.learned import LIMIT, UNIT, learned_value, load_learned_weights
from lessons_lib.games.shologuti.features import FEATURE_NAMES, features
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


LEARNED_WEIGHTS: Final = load_learned_weights("shologuti", FEATURE_NAMES)
"""The learned weights, feature by feature (log-odds of a win a unit), or None if there are none
(``python -m lessons_lib.learning shologuti`` fits them)."""
LEARNED_UNIT: Final = UNIT
LEARNED_LIMIT: Final = LIMIT

PROGRESS_PLIES: Final = 20
"""How :func:`winning_evaluation` shrinks a lead as the draw clock runs: to ``20 / (100 + 20)`` of it at the draw."""


def learned_evaluation(position: Position, player: int) -> float:
    """The evaluation learned from games: the weighted sum of :func:`~lessons_lib.games.shologuti.features.features`.

    The weights give log-odds of a win (the chance of winning is ``1 / (1 + exp(−sum))``); the
    evaluation counts them in hundredths (:data:`LEARNED_UNIT`), within ±:data:`LEARNED_LIMIT`.

    Raises:
        RuntimeError: there are no learned weights (``python -m lessons_lib.learning shologuti`` fits them).
    """
    return learned_value("shologuti", LEARNED_WEIGHTS, features(position, player))


def winning_evaluation(position: Position, player: int) -> float:
    """The learned evaluation, shrunk towards a draw (0) as the quiet-ply clock runs out.

    ``learned × (plies left + 20) / (draw plies + 20)``: a lead is worth less and less while nothing is
    captured, so a side that is ahead gains by capturing (the clock starts again) and a side that is
    behind gains by letting the clock run. A search that reaches the draw itself scores it 0 already.
    """
    draw_plies = position.rules.draw_plies
    left = max(draw_plies - position.clock, 0)
    return learned_evaluation(position, player) * (left + PROGRESS_PLIES) / (draw_plies + PROGRESS_PLIES)


seed_evaluation = material_mobility_evaluation
"""The old name of :func:`material_mobility_evaluation`, kept so that older notebooks and agent files still work."""

seed_evaluation_terms = material_mobility_terms
"""The old name of :func:`material_mobility_terms`."""
