"""Sample positions: by seeded random play from the start, and the named positions the lessons discuss.

Every claim a lesson makes about a named position here is checked in ``tests/lessons/test_lesson_positions.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from lessons_lib.games.shologuti.rules import Rules
from lessons_lib.games.shologuti.position import Position


def random_positions(
    rules: Rules,
    count: int,
    seed: int,
    plies: tuple[int, int] = (4, 40),
    min_pieces: int = 2,
    keep: Callable[[Position], bool] | None = None,
) -> list[Position]:
    """``count`` positions still in play, each reached by a random number of random plies in ``plies``.

    Only positions where both sides have at least ``min_pieces`` pieces (and that
    ``keep`` accepts, if given) are kept. The same arguments give the same positions.
    """
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start(rules)
        for _ in range(rng.randint(*plies)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
        if position.is_game_over() or min(position.piece_count(0), position.piece_count(1)) < min_pieces:
            continue
        if keep is None or keep(position):
            found.append(position)
    return found


ONE_PLY_BLUNDER = "RRRRRRRRRRRR.R.RG....G.GGGGG.GGGGGGGG r -"
"""Red to move, 14 pieces against 15 (reached by seeded random play). Alpha-beta at depth 1 plays ``9-13``, the
move that looks best one ply on: Green's only reply is then a capture. That reply is a chain, ``17x9 9x19``,
which takes two Red pieces, and a search 8 plies deep values ``9-13`` at −16 for Red against +11 for ``16-21``.
With quiescence search, depth 1 plays ``16-21`` (lessons 04 and 05)."""

EARLY_WINNER_TRAP = "........................R......G...GR g -"
"""Green (32, 36) against Red (25, 37), Green to move. ``32-29`` and ``32-35`` lose by force within 8 plies
(a search 8 plies deep proves it), while ``36-33`` and ``36-35`` lose nothing within 12. MCTS with 500
iterations and seed 1 puts almost all its visits on the losing ``32-29`` when its exploration constant is 0.2,
and most on ``36-35`` when it is √2 (lesson 06)."""

HORIZON_EFFECT = "......G.........R.......G......GGGG.G r - 1"
"""Red's last piece, on 17, against seven Green pieces, Red to move. It comes from a game of alpha-beta at depth 2
(Red) against depth 4 (Green), after the opening ``25-19 13x25 30x20 15x25``, 145 plies in. Every Red move loses
by force: ``17-12`` and ``17-13`` in 2 plies, ``17-23`` in 4, ``17-18`` in 6, ``17-22`` in 8. Alpha-beta at depth 2,
4 and 6 plays ``17-23``, ``17-18`` and ``17-22``, each a move whose loss lies beyond its depth, and values it as a
mere material deficit; only depth 8 sees the loss. Quiescence search at depths 2 and 4 does not see it either
(lesson 04's horizon effect)."""

MCTS_SETTLES = "............R............RGRG...G.... g -"
"""Green (27, 29, 33) against Red (13, 26, 28), Green to move, 11 moves, no capture (random search for a lesson
position). ``29-25`` wins by force, in 5 plies: a search 7 plies deep plays it, value 995. After any other move a
search 6 plies deep finds at most 11 for Green: no win within 7 plies. Lesson 06 watches MCTS settle on ``29-25``
as its iterations grow."""
