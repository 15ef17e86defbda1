"""Checks for notebook 02, rules and the game tree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lessons_lib.exercises.feedback import Feedback, call_safely
from lessons_lib.exercises.own_code import library_use, write_it_yourself
from lessons_lib.perft import perft
from lessons_lib.games.shologuti.rules import FORCED, TRADITIONAL
from lessons_lib.games.shologuti.position import RED, Position

CHAIN_POSITIONS = {
    "no capture at all": "RRR.RRG.RR....RR...........G.GGG.GGGG r - 3",
    "one capture": "RRR..R...RR.G.....R.R.....R....GG.GGG r - 1",
    "three captures to choose from": ".RRRRRRRR.R...GR.G.........GGG.G..GGG r -",
    "a chain that changes direction": "RRRRR.RRRRR...G......G.GGGG....GGGGGG r -",
    "a long chain": "RRRRRR.R.R......R....GGGG....G.GGGGGG r - 9",
    "a very long chain": "RR..RR.RRG.R...G...G.GG....G.G.GGGGG. r - 18",
}
"""Positions (Red to move) whose longest capture chains take 0 to 6 pieces, under the forced rules."""

FINISHED = Position.from_points(green=[23], red=[], to_move=RED, rules=FORCED)
"""A finished game: Red, to move, has no piece left."""


def most_captures(position: Position) -> int:
    """The most pieces the side to move can capture this turn (the reference answer)."""
    best = 0
    for move in position.legal_moves():
        if move.is_capture:
            after = position.play(move)
            best = max(best, 1 + (most_captures(after) if after.to_move == position.to_move else 0))
    return best


def _counting_on_after_the_turn(position: Position) -> int:
    """The usual mistake: going on capturing after the turn has passed to the other side."""
    best = 0
    for move in position.legal_moves():
        if move.is_capture:
            best = max(best, 1 + _counting_on_after_the_turn(position.play(move)))
    return best


def _nodes(position: Position, depth: int) -> int:
    """Every position of the tree down to ``depth``, the inner ones too (what a common mistake counts)."""
    return sum(perft(position, ply) for ply in range(depth + 1))


def _plies(count: int) -> str:
    return f"{count} ply" if count == 1 else f"{count} plies"


def check_count_leaves(count_leaves: Callable[[Position, int], Any]) -> Feedback:
    """Check a student's perft, ``count_leaves(position, depth)``, against the engine's on several trees."""
    start, traditional = Position.start(FORCED), Position.start(TRADITIONAL)
    used = library_use(count_leaves, {"perft": perft}, trial=lambda: count_leaves(start, 2))
    if used:
        return Feedback.not_yet(write_it_yourself(used, "count of the leaves (perft)"))
    chain = Position.from_string(CHAIN_POSITIONS["a chain that changes direction"], FORCED)
    finished = FINISHED
    ending = Position.from_points(green=[23, 31], red=[18], rules=FORCED)
    cases = [(start, 0, "the start"), (start, 1, "the start"), (start, 3, "the start"), (traditional, 2,
             "the start under the traditional rules"), (chain, 3, "a position in the middle of the game"),
             (finished, 0, "a finished game"), (finished, 1, "a finished game"), (finished, 2, "a finished game"),
             (ending, 2, "a position whose games can end after one ply"), (start, 4, "the start")]
    for position, depth, name in cases:
        expected = perft(position, depth)
        answer, failure = call_safely(count_leaves, position, depth)
        if failure:
            return Feedback.not_yet(f"count_leaves({name}, {depth}) {failure}")
        if answer == expected:
            continue
        if depth == 0:
            return Feedback.not_yet(f"count_leaves({name}, 0) gave {answer!r}. At depth 0 the position itself is "
                                    f"the one leaf: return 1.")
        if position is finished:
            return Feedback.not_yet(f"count_leaves({name}, {depth}) gave {answer!r}, but a finished game has no "
                                    f"moves, so no line of {_plies(depth)}: 0 (counting len(moves) or 1 at depth 1 "
                                    f"makes it 1).")
        if answer == _nodes(position, depth):
            return Feedback.not_yet(f"count_leaves({name}, {depth}) gave {answer}: that is every position of the "
                                    f"tree. Count only the leaves, the positions exactly {_plies(depth)} on: "
                                    f"{expected}.")
        return Feedback.not_yet(f"count_leaves({name}, {depth}) gave {answer!r}, but there are {expected} lines of "
                                f"{_plies(depth)}. Hint: count_leaves(position, depth) is the sum of "
                                f"count_leaves(position.play(move), depth - 1) over the legal moves.")
    return Feedback.correct("your function agrees with the engine's perft on every tree. That is exactly how the "
                            "engine's move generator is tested against the counts published in "
                            "docs/rules/shologuti.md.")


def check_most_captures(most_captures_function: Callable[[Position], Any]) -> Feedback:
    """Check a student's ``most_captures(position)`` on chains of 0 to 6 captures, under two variants."""
    cases = [(name, Position.from_string(text, FORCED)) for name, text in CHAIN_POSITIONS.items()]
    cases += [(f"{name} (traditional rules)", Position.from_string(CHAIN_POSITIONS[name], TRADITIONAL))
              for name in ("three captures to choose from", "a chain that changes direction")]
    for name, position in cases:
        expected = most_captures(position)
        answer, failure = call_safely(most_captures_function, position)
        if failure:
            return Feedback.not_yet(f"on {name} ({position}): most_captures {failure}")
        if answer == expected:
            continue
        captures = sum(move.is_capture for move in position.legal_moves())
        where = f"on {name} ({position})"
        if answer == _counting_on_after_the_turn(position) and answer > expected:
            hint = ("you went on counting after the chain ended and the turn passed to the other side. "
                    "Recurse only while position.play(move).to_move is still the player who captured.")
        elif answer == captures and captures != expected:
            hint = (f"{captures} is the number of captures to choose from now; the question is how long the "
                    f"longest chain is. After a capture the same piece may capture again.")
        elif answer == 0:
            hint = "there is a capture here: look for moves with move.is_capture."
        elif isinstance(answer, int) and answer < expected:
            hint = ("a longer chain exists. After a capture, if the same player is still to move, the chain "
                    "goes on: add the most captures from the new position.")
        else:
            hint = "count only captures (move.is_capture): steps and stop take no piece."
        return Feedback.not_yet(f"{where} you found {answer!r}, but the longest chain takes {expected}: {hint}")
    return Feedback.correct("right on every position, chains that turn corners included. The longest chain "
                            "here takes 6 pieces in one turn: a big swing that depth-limited search must see.")
