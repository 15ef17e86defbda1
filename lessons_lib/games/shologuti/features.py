"""Shologuti's learned evaluation: a few numbers that describe a position for one player, and their weights.

Each feature is the player's count minus the opponent's, so a position seen by the other player
has every feature negated (and a weighted sum of them is a zero-sum evaluation). The weights
come from games (:mod:`lessons_lib.learning`) and are kept in ``data/learned_weights.json``.
The hand-written evaluation is in :mod:`~lessons_lib.games.shologuti.evaluation`.

>>> start = Position.start()
>>> dict(zip(FEATURE_NAMES, features(start, 0)))["to move"], dict(zip(FEATURE_NAMES, features(start, 1)))["to move"]
(1.0, -1.0)
>>> after_a_capture = start.play("23-18").play("13x23")
>>> features(after_a_capture, 1)[:2]  # Red is a piece ahead, with 31 of the 32 pieces on the board
(0.96875, 0.03125)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lessons_lib.games.shologuti.board import ALL_POINTS_MASK, COORDINATES, POINTS, bit
from lessons_lib.games.shologuti.moves import CAPTURE_OVER_MASK, CAPTURES_FROM
from lessons_lib.games.shologuti.position import GREEN, Position
from lessons_lib.games.common.bits import points_of
from lessons_lib.games.common.learned import LIMIT, UNIT, learned_value, load_learned_weights

FEATURE_NAMES: Final = (
    "material early", "material late", "mobility", "to move", "chain", "attacked", "advancement", "centre",
    "enemy triangle",
)
"""What each feature counts, for the player (P) and then minus the same for the opponent (O):

- material early: pieces, times the share of the 32 pieces still on the board;
- material late: pieces, times the share already taken (the two add up to the pieces: a lead early and a lead
  late can weigh differently);
- mobility: moves, as :meth:`Position.mobility` counts them;
- to move: 1 if P is to move (so −1 if O is);
- chain: 1 if P is to move in the middle of a capture chain (−1 if O is);
- attacked: O's pieces that P could capture at once if P were to move (a threat; P's own threatened pieces count against it);
- advancement: rows each piece has come forward from its side's back row, added up;
- centre: pieces on the nine central points (13, 14, 15, 18, 19, 20, 23, 24, 25);
- enemy triangle: pieces in the opponent's home triangle (Green's is 32 to 37, Red's 1 to 6).
"""

CENTRE_MASK: Final = sum(bit(p) for p in POINTS if 1 <= COORDINATES[p][0] <= 3 and 1 <= COORDINATES[p][1] <= 3)
RED_TRIANGLE_MASK: Final = sum(bit(p) for p in range(1, 7))
GREEN_TRIANGLE_MASK: Final = sum(bit(p) for p in range(32, 38))
FORWARD_ROWS: Final = (
    tuple(6 - COORDINATES[p][0] if p else 0 for p in range(38)),  # Green comes up from row 6
    tuple(COORDINATES[p][0] + 2 if p else 0 for p in range(38)),  # Red comes down from row -2
)
"""``FORWARD_ROWS[side][p]``: how many rows a piece of ``side`` on ``p`` has come from its back row."""


def attacked(own: int, enemy: int) -> int:
    """The enemy pieces (a bitboard) that some piece of ``own`` could capture at once by one jump."""
    empty = ALL_POINTS_MASK ^ own ^ enemy
    found = 0
    for point in points_of(own):
        if enemy & CAPTURE_OVER_MASK[point]:
            for over_bit, target_bit, _ in CAPTURES_FROM[point]:
                if enemy & over_bit and empty & target_bit:
                    found |= over_bit
    return found


def advancement(pieces: int, side: int) -> int:
    """Rows come forward by the pieces of ``side`` on ``pieces``, added up."""
    rows = FORWARD_ROWS[side]
    total = 0
    for point in points_of(pieces):
        total += rows[point]
    return total


def features(position: Position, player: int) -> tuple[float, ...]:
    """The features of ``position`` for ``player``, in the order of :data:`FEATURE_NAMES`."""
    opponent = 1 - player
    own, enemy = (position.green, position.red) if player == GREEN else (position.red, position.green)
    own_count, enemy_count = own.bit_count(), enemy.bit_count()
    material = own_count - enemy_count
    sign = 1 if position.to_move == player else -1
    enemy_triangle = RED_TRIANGLE_MASK if player == GREEN else GREEN_TRIANGLE_MASK
    own_triangle = GREEN_TRIANGLE_MASK if player == GREEN else RED_TRIANGLE_MASK
    on_board = own_count + enemy_count
    return (
        material * on_board / 32,
        material * (32 - on_board) / 32,
        float(position.mobility(player) - position.mobility(opponent)),
        float(sign),
        float(sign if position.pending else 0),
        float(attacked(own, enemy).bit_count() - attacked(enemy, own).bit_count()),
        float(advancement(own, player) - advancement(enemy, opponent)),
        float((own & CENTRE_MASK).bit_count() - (enemy & CENTRE_MASK).bit_count()),
        float((own & enemy_triangle).bit_count() - (enemy & own_triangle).bit_count()),
    )


LEARNED_WEIGHTS: Final = load_learned_weights("shologuti", FEATURE_NAMES)
"""The learned weights, feature by feature (log-odds of a win a unit), or None if there are none
(``python -m lessons_lib.learning shologuti`` fits them)."""
LEARNED_UNIT: Final = UNIT
LEARNED_LIMIT: Final = LIMIT

PROGRESS_PLIES: Final = 20
"""How :func:`winning_evaluation` shrinks a lead as the draw clock runs: to ``20 / (100 + 20)`` of it at the draw."""


def learned_evaluation(position: Position, player: int) -> float:
    """The evaluation learned from games: the weighted sum of :func:`features`.

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


LEARNED_EVALUATE: Final[Callable[[Position, int], float] | None] = (
    learned_evaluation if LEARNED_WEIGHTS is not None else None)
"""The engine's learned evaluation: :func:`learned_evaluation` once there are weights, else None."""
STRONGEST_EVALUATE: Final[Callable[[Position, int], float] | None] = (
    winning_evaluation if LEARNED_WEIGHTS is not None else None)
"""The evaluation of the strongest agent (``best``): :func:`winning_evaluation` once there are weights (it won its
match), else None (then ``best`` uses the hand-written evaluation)."""
