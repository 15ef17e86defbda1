"""The evaluation the depth searches use for Bagh-Chal, term by term.

Every value is from one player's point of view, and the two views are exact
opposites: ``evaluate(p, GOATS) == -evaluate(p, TIGERS)``. The goats' value is

    − 30 × goats captured            (material: the fifth capture loses)
    − 24   if the tigers are to move and can capture (one capture is coming)
    − 5  × goats a tiger could capture next   (each counted once, however many tigers threaten it)
    − 2  × tiger mobility            (the tigers' steps and captures, as if they were to move)
    + 10 × trapped tigers            (tigers with no step and no capture)

The second term stops a search that ends just after a goat move from
overlooking the capture the tigers are about to make. The sizes keep the value
below 400 in every position: 5 captures (150), a coming capture (24), at most
20 goats threatened (100), at most 4 × 8 tiger moves (64) and 4 trapped tigers
(40) make at most 378, well inside the ±(1000 − ply) that the searches give a
finished game.

>>> from lessons_lib.games.baghchal.position import Position
>>> start = Position.start()
>>> evaluate(start, 0), evaluate(start, 1)
(-24, 24)
"""

from __future__ import annotations

from typing import Final, NamedTuple

from mypy_extensions import i64

from lessons_lib.games.baghchal.board import ALL_POINTS_MASK, NEIGHBOUR_MASK, points_of
from lessons_lib.games.common.bits import word_count
from lessons_lib.games.baghchal.movegen import GOATS, TIGERS
from lessons_lib.games.baghchal.moves import CAPTURE_OVER_MASK, CAPTURES_FROM
from lessons_lib.games.baghchal.position import Position

CAPTURED_WEIGHT: Final = 30
CAPTURE_COMING_WEIGHT: Final = 24
THREATENED_WEIGHT: Final = 5
MOBILITY_WEIGHT: Final = 2
TRAPPED_WEIGHT: Final = 10


class EvaluationTerms(NamedTuple):
    """The parts of the evaluation, as counts (see the module's docstring for their weights).

    Attributes:
        captured: goats the tigers have taken.
        capture_coming: 1 if the tigers are to move and can capture, else 0.
        threatened: goats some tiger could jump now if the tigers were to move.
        tiger_mobility: the tigers' legal moves if they were to move.
        trapped: tigers with no move at all.
    """

    captured: int
    capture_coming: int
    threatened: int
    tiger_mobility: int
    trapped: int

    def for_goats(self) -> int:
        """The evaluation for the goats: the weighted sum of the terms."""
        return goats_value(self.captured, self.capture_coming, self.threatened, self.tiger_mobility, self.trapped)


def goats_value(captured: int, capture_coming: int, threatened: int, tiger_mobility: int, trapped: int) -> int:
    """The weighted sum of the terms: the evaluation for the goats."""
    return (TRAPPED_WEIGHT * trapped - CAPTURED_WEIGHT * captured - CAPTURE_COMING_WEIGHT * capture_coming
            - THREATENED_WEIGHT * threatened - MOBILITY_WEIGHT * tiger_mobility)


def evaluation_terms(position: Position) -> EvaluationTerms:
    """The evaluation's terms in ``position``, counted in one pass over the four tigers."""
    captured, capture_coming, threatened, mobility, trapped = term_counts(position)
    return EvaluationTerms(captured, capture_coming, threatened, mobility, trapped)


def term_counts(position: Position) -> tuple[int, int, int, int, int]:
    """The terms of :class:`EvaluationTerms`, in its order, as a plain tuple (what the searches use: compiled, it
    is built on the stack)."""
    threatened, mobility, trapped = tiger_counts(position.tigers, position.goats)
    capture_coming = 1 if threatened and position.to_move == TIGERS else 0
    return position.goats_captured, capture_coming, threatened, mobility, trapped


def tiger_counts(tigers: i64, goats: i64) -> tuple[i64, i64, i64]:
    """``(threatened, tiger mobility, trapped)``: the goats some tiger could jump, the tigers' moves and the
    tigers with none, as if the tigers were to move."""
    empty: i64 = ALL_POINTS_MASK ^ tigers ^ goats
    threatened: i64 = 0
    mobility: i64 = 0
    trapped: i64 = 0
    for point in points_of(tigers):
        moves = word_count(empty & NEIGHBOUR_MASK[point])
        if goats & CAPTURE_OVER_MASK[point]:
            for over_bit, target_bit, _ in CAPTURES_FROM[point]:
                if goats & over_bit and empty & target_bit:
                    moves += 1
                    threatened |= over_bit
        mobility += moves
        if not moves:
            trapped += 1
    return word_count(threatened), mobility, trapped


def evaluate(position: Position, player: int) -> int:
    """How good ``position`` is for ``player`` (``GOATS`` or ``TIGERS``): higher is better for them."""
    captured, capture_coming, threatened, mobility, trapped = term_counts(position)
    value = goats_value(captured, capture_coming, threatened, mobility, trapped)
    return value if player == GOATS else -value
