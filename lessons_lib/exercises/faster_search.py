"""Checks for notebook 05, faster search: a Zobrist key computed from scratch, and a move ordering."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.exercises.feedback import Feedback, call_safely
from lessons_lib.rules import FORCED, TRADITIONAL
from lessons_lib.samples import random_positions
from lessons_lib.state import Position
from lessons_lib.zobrist import PENDING_KEYS, PIECE_KEYS, RED_TO_MOVE_KEY

ORDERING_DEPTH = 5
ORDERING_POSITIONS_SEED = 11
REQUIRED_SAVING = 0.25
"""A move ordering passes when alpha-beta with it visits at least this share fewer positions."""


def _key_positions() -> list[Position]:
    positions = [Position.start(), Position.start().play("23-18"), Position.from_points(green=[], red=[5])]
    positions += random_positions(FORCED, 6, seed=50, plies=(4, 50))
    positions += random_positions(TRADITIONAL, 4, seed=51, plies=(4, 50), keep=lambda p: p.pending != 0)
    return positions


def _without(position: Position, part: str) -> int:
    """The key with one part left out, or with OR or + instead of XOR: the usual mistakes."""
    pieces = [PIECE_KEYS[side][point] for side in (0, 1) for point in position.pieces(side)]
    side = RED_TO_MOVE_KEY if position.to_move == 1 else 0
    pending = PENDING_KEYS[position.pending]
    if part == "plus":
        return sum(pieces) + side + pending
    key = 0
    for number in pieces:
        key ^= number
    if part != "side":
        key ^= side
    if part != "pending":
        key ^= pending
    return key


def check_zobrist_key(zobrist_key: Callable[[Position], Any]) -> Feedback:
    """Check a student's ``zobrist_key(position)`` against the engine's incrementally updated keys."""
    for position in _key_positions():
        answer, failure = call_safely(zobrist_key, position)
        if failure:
            return Feedback.not_yet(f"zobrist_key({position}) {failure}")
        if answer == position.key:
            continue
        if answer == _without(position, "plus"):
            hint = "you added the numbers; combine them with XOR (^), which undoes itself when a piece leaves."
        elif answer == _without(position, "side"):
            hint = "the side to move is missing: XOR in RED_TO_MOVE_KEY when Red is to move."
        elif answer == _without(position, "pending"):
            hint = "the pending chain is missing: XOR in PENDING_KEYS[position.pending]."
        else:
            hint = ("XOR together PIECE_KEYS[side][point] for every piece of each side (0 Green, 1 Red), "
                    "RED_TO_MOVE_KEY if Red is to move, and PENDING_KEYS[position.pending].")
        return Feedback.not_yet(f"for {position} you gave {answer!r}, but the engine's key is {position.key}: "
                                f"{hint}")
    return Feedback.correct("your keys equal the engine's on every position. The engine never computes them "
                            "like this during a game: it XORs out and in only what a move changes.")


def ordering_positions() -> list[Position]:
    """The six middle-game positions notebooks 03 and 05 measure searches on."""
    return random_positions(FORCED, 6, seed=ORDERING_POSITIONS_SEED, plies=(10, 30), min_pieces=6)


def check_move_ordering(order: Callable[[Position, list[Any]], Any]) -> Feedback:
    """Check a student's ``order(state, moves)``: the same moves, and alpha-beta visits clearly fewer positions."""
    plain = ordered = 0
    for position in ordering_positions():
        moves = position.legal_moves()
        answer, failure = call_safely(order, position, list(moves))
        if failure:
            return Feedback.not_yet(f"order({position}, ...) {failure}")
        try:
            given = list(answer)
        except TypeError:
            return Feedback.not_yet(f"order must return a list of moves, not {answer!r}")
        if sorted(map(str, given)) != sorted(map(str, moves)):
            return Feedback.not_yet(f"for {position} order returned {[str(m) for m in given]}: it must return "
                                    f"exactly the moves it was given ({len(moves)}), only in another order.")
        reference = AlphaBetaAgent(ORDERING_DEPTH).search(position)
        try:
            result = AlphaBetaAgent(ORDERING_DEPTH, ordering=order).search(position)
        except Exception as error:  # the student's ordering, called deep in the search
            return Feedback.not_yet(f"during the search, order raised {type(error).__name__}: {error}")
        assert result.value == reference.value  # any order gives the same value
        plain += reference.nodes
        ordered += result.nodes
    saving = 1 - ordered / plain
    summary = (f"at depth {ORDERING_DEPTH} on six positions alpha-beta visited {ordered:,} positions with your "
               f"order against {plain:,} in the game's order (a saving of {saving:.0%})")
    if saving >= REQUIRED_SAVING:
        return Feedback.correct(f"{summary}, with the same values.")
    return Feedback.not_yet(f"{summary}; aim for at least {REQUIRED_SAVING:.0%}. Hint: put first the moves that "
                            f"look best for the player to move, for example by "
                            f"material_mobility_evaluation(state.play(move), state.to_move) (import it with 'from "
                            f"lessons_lib.agents.evaluation import material_mobility_evaluation').")
