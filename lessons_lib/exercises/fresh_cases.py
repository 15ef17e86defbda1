"""Cases a check draws afresh each run (seeded): tiny trees, positions reached by random play, and endgames whose
games end exactly at a given ply.

A check keeps a few fixed cases for its hints; what it reports as right or wrong on these drawn ones is never a
value a student can copy from an earlier message.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from lessons_lib.games.shologuti.board import POINTS
from lessons_lib.games.shologuti.position import GREEN, RED, Position
from lessons_lib.games.shologuti.rules import FORCED, Rules
from lessons_lib.games.shologuti.samples import random_positions
from lessons_lib.games.tiny_tree import Tree

OUTCOME_LEAVES = ("win 0", "win 1", "draw")


def random_tree(rng: random.Random, depth: int, player: int | None = None, chain_chance: float = 0.25,
                end_chance: float = 0.15) -> Tree:
    """A tiny tree ``depth`` plies high: two or three moves a position, leaves -9..9 at the bottom.

    The player at the root is drawn (player 1 half the time); after a move the same player moves again with
    ``chain_chance`` (a capture chain), and a game ends early (or exactly at the bottom) with ``end_chance``.
    """
    player = rng.randrange(2) if player is None else player
    if depth == 0:
        return rng.choice(OUTCOME_LEAVES) if rng.random() < end_chance else rng.randint(-9, 9)
    children: list[Tree] = []
    for _ in range(rng.randint(2, 3)):
        if depth > 1 and rng.random() < end_chance:
            children.append(rng.choice(OUTCOME_LEAVES))
            continue
        mover = player if rng.random() < chain_chance else 1 - player
        children.append(random_tree(rng, depth - 1, mover, chain_chance, end_chance))
    return (player, children)


def drawn_position(rng: random.Random, rules: Rules = FORCED, to_move: int | None = None,
                   keep: Callable[[Position], bool] | None = None, plies: tuple[int, int] = (4, 40)) -> Position:
    """A position in play reached by random play from the start (the side to move given, or any), that ``keep``
    accepts."""
    def wanted(position: Position) -> bool:
        return (to_move is None or position.to_move == to_move) and (keep is None or keep(position))
    return random_positions(rules, 1, seed=rng.randrange(2**32), plies=plies, keep=wanted)[0]


def played_randomly(start: Any, rng: random.Random, plies: int) -> Any:
    """The position (of any game) after up to ``plies`` random moves from ``start``, stopping before the game ends."""
    position = start
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves or position.play(moves[0]).is_game_over():
            break
        position = position.play(rng.choice(moves))
    return position


def in_a_chain(rng: random.Random, rules: Rules = FORCED) -> Position:
    """A position in the middle of a capture chain (the capturing side moves again), reached by random play."""
    return drawn_position(rng, rules, keep=lambda position: position.pending != 0, plies=(4, 60))


def first_end(position: Position, depth: int) -> int | None:
    """The fewest plies (up to ``depth``) to a finished game from ``position``, or None if none ends that soon."""
    frontier = [position]
    for ply in range(depth + 1):
        if any(state.is_game_over() for state in frontier):
            return ply
        frontier = [state.play(move) for state in frontier for move in state.legal_moves()]
    return None


def _endgames(rng: random.Random, rules: Rules) -> Iterator[Position]:
    """Endless random endgames: one to three pieces a side on random points, either side to move."""
    while True:
        points = rng.sample(POINTS, rng.randint(2, 5))
        split = rng.randint(1, len(points) - 1)
        position = Position.from_points(green=points[:split], red=points[split:], to_move=rng.choice((GREEN, RED)),
                                        rules=rules)
        if not position.is_game_over():
            yield position


def ending_at(rng: random.Random, plies: int, rules: Rules = FORCED, to_move: int | None = None) -> Position:
    """A random endgame where the first game to end does so exactly ``plies`` plies on (none sooner)."""
    for position in _endgames(rng, rules):
        if (to_move is None or position.to_move == to_move) and first_end(position, plies) == plies:
            return position
    raise AssertionError("unreachable: the endgames never run out")


def chain_endgame(rng: random.Random, rules: Rules = FORCED) -> Position:
    """A random endgame where the side to move has a capture after which it moves again (a chain)."""
    for position in _endgames(rng, rules):
        if any(move.is_capture and position.play(move).to_move == position.to_move
               for move in position.legal_moves()):
            return position
    raise AssertionError("unreachable: the endgames never run out")
