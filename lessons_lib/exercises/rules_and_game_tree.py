"""Checks for notebook 02, rules and the game tree."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Cases, Feedback, call_for_whole_number, case_seed, drawn_with, shown,
)
from lessons_lib.exercises.fresh_cases import drawn_position, ending_at, in_a_chain
from lessons_lib.kit.perft import perft
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


def drawn_trees(seed: int) -> list[tuple[Position, int, str]]:
    """(position, depth, name) drawn with ``seed`` for ``check_count_leaves``: Red to move, a capture chain, the
    traditional rules, and endgames whose first game ends one ply before the depth and exactly at it."""
    rng = random.Random(seed)
    red = drawn_position(rng, FORCED, to_move=RED)
    chain = in_a_chain(rng, TRADITIONAL)
    traditional = drawn_position(rng, TRADITIONAL)
    sooner, exactly = ending_at(rng, 1), ending_at(rng, 2, to_move=RED)
    return [(red, 3, f"{red} (Red to move)"), (chain, 3, f"{chain} (traditional rules, in a capture chain)"),
            (traditional, 2, f"{traditional} (traditional rules)"),
            (sooner, 2, f"{sooner} (a game can end after one ply)"),
            (exactly, 2, f"{exactly} (a game can end after two plies)")]


@watched
def check_count_leaves(count_leaves: Callable[[Position, int], Any], seed: int | None = None) -> Feedback:
    """Check a student's perft, ``count_leaves(position, depth)``, against the engine's on fixed trees and trees
    drawn with ``seed`` (fresh when None)."""
    start, traditional = Position.start(FORCED), Position.start(TRADITIONAL)
    refused = refusal(count_leaves, "check_count_leaves", "count of the leaves (perft)", trial=(start, 2))
    if refused:
        return Feedback.not_yet(refused, 0.0)
    chain = Position.from_string(CHAIN_POSITIONS["a chain that changes direction"], FORCED)
    finished = FINISHED
    ending = Position.from_points(green=[23, 31], red=[18], rules=FORCED)
    fixed = [(start, 0, "the start"), (start, 1, "the start"), (start, 3, "the start"), (traditional, 2,
             "the start under the traditional rules"), (chain, 3, "a position in the middle of the game"),
             (finished, 0, "a finished game"), (finished, 1, "a finished game"), (finished, 2, "a finished game"),
             (ending, 2, "a position whose games can end after one ply"), (start, 4, "the start")]
    seed = case_seed(seed)
    cases = Cases()
    for number, (position, depth, name) in cases.each(enumerate(fixed + drawn_trees(seed))):
        answer, failure = call_for_whole_number(count_leaves, position, depth)
        feedback = (f"count_leaves({name}, {depth}) {failure}" if answer is None
                    else _count_feedback(answer, position, depth, name))
        if feedback:
            cases.failed_call(feedback + (drawn_with(seed) if number >= len(fixed) else ""), count_leaves, failure)
        else:
            cases.passed()
    return cases.feedback("your function agrees with the engine's perft on every tree. That is exactly how the "
                          "engine's move generator is tested against the counts published in "
                          "docs/rules/shologuti.md.")


def _count_feedback(answer: int, position: Position, depth: int, name: str) -> str | None:
    """What is wrong with ``answer``, a student's count of the leaves ``depth`` plies below ``position``, or None."""
    expected = perft(position, depth)
    if answer == expected:
        return None
    given = shown(answer)
    if depth == 0:
        return f"count_leaves({name}, 0) gave {given}. At depth 0 the position itself is the one leaf: return 1."
    if position.is_game_over():
        return (f"count_leaves({name}, {depth}) gave {given}, but a finished game has no moves, so no line of "
                f"{_plies(depth)}: 0 (counting len(moves) or 1 at depth 1 makes it 1).")
    if answer == _nodes(position, depth):
        return (f"count_leaves({name}, {depth}) gave {given}: that is every position of the tree. Count only the "
                f"leaves, the positions exactly {_plies(depth)} on: {expected}.")
    if answer == _counted_one_for_the_finished(position, depth):
        return (f"count_leaves({name}, {depth}) gave {given}, but there are {expected} lines of {_plies(depth)}: "
                f"a game that ends one ply above the leaves has no moves, so it adds 0, not 1 (len(moves) or 1 "
                f"counts it as a leaf).")
    return (f"count_leaves({name}, {depth}) gave {given}, but there are {expected} lines of {_plies(depth)}. "
            f"Hint: count_leaves(position, depth) is the sum of count_leaves(position.play(move), depth - 1) over "
            f"the legal moves.")


def _counted_one_for_the_finished(position: Position, depth: int) -> int:
    """The usual slip of bulk counting: ``len(moves) or 1`` at depth 1, so a finished game counts as a leaf."""
    moves = position.legal_moves()
    if depth <= 1:
        return 1 if depth == 0 else len(moves) or 1
    return sum(_counted_one_for_the_finished(position.play(move), depth - 1) for move in moves)


def drawn_capture_positions(seed: int) -> list[tuple[str, Position]]:
    """(name, position) drawn with ``seed`` for ``check_most_captures``: positions of random play where the side to
    move can capture, Green and Red to move, under both variants, and one in the middle of a chain."""
    rng = random.Random(seed)

    def can_capture(position: Position) -> bool:
        return any(move.is_capture for move in position.legal_moves())
    return [("a position with Green to move", drawn_position(rng, FORCED, 0, can_capture, (4, 60))),
            ("a position with Red to move", drawn_position(rng, FORCED, RED, can_capture, (4, 60))),
            ("a position under the traditional rules", drawn_position(rng, TRADITIONAL, None, can_capture, (4, 60))),
            ("a position in the middle of a chain", in_a_chain(rng, FORCED))]


def _captures_mistake(answer: int, position: Position, wanted: bool = True) -> str | None:
    """What is wrong with ``answer``, a student's longest chain in ``position``, or None ("" if it is wrong but no
    message is ``wanted``). Worked out only once the student's function has returned, so that nothing it could read
    while it ran held the count it should give."""
    expected = most_captures(position)
    if answer == expected:
        return None
    if not wanted:
        return ""
    captures = sum(move.is_capture for move in position.legal_moves())
    if answer == _counting_on_after_the_turn(position) and answer > expected:
        hint = ("you went on counting after the chain ended and the turn passed to the other side. "
                "Recurse only while position.play(move).to_move is still the player who captured.")
    elif answer == captures and captures != expected:
        hint = (f"{captures} is the number of captures to choose from now; the question is how long the "
                f"longest chain is. After a capture the same piece may capture again.")
    elif answer == 0:
        hint = "there is a capture here: look for moves with move.is_capture."
    elif answer < expected:
        hint = ("a longer chain exists. After a capture, if the same player is still to move, the chain "
                "goes on: add the most captures from the new position.")
    else:
        hint = "count only captures (move.is_capture): steps and stop take no piece."
    return f"you found {shown(answer)}, but the longest chain takes {expected}: {hint}"


@watched
def check_most_captures(most_captures_function: Callable[[Position], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``most_captures(position)`` on chains of 0 to 6 captures, under two variants, and on
    positions drawn with ``seed`` (fresh when None)."""
    fixed = [(name, Position.from_string(text, FORCED)) for name, text in CHAIN_POSITIONS.items()]
    fixed += [(f"{name} (traditional rules)", Position.from_string(CHAIN_POSITIONS[name], TRADITIONAL))
              for name in ("three captures to choose from", "a chain that changes direction")]
    seed = case_seed(seed)
    cases = Cases()
    for number, (name, position) in cases.each(enumerate(fixed + drawn_capture_positions(seed))):
        seen = drawn_with(seed) if number >= len(fixed) else ""
        answer, failure = call_for_whole_number(most_captures_function, position)
        if answer is None:
            cases.failed_call(f"on {name} ({position}): most_captures {failure}{seen}", most_captures_function, failure)
            continue
        mistake = _captures_mistake(answer, position, cases.wanted)
        if mistake is None:
            cases.passed()
        else:
            cases.failed(mistake and f"on {name} ({position}) {mistake}{seen}")
    return cases.feedback("right on every position, chains that turn corners included. The longest chain "
                          "here takes 6 pieces in one turn: a big swing that depth-limited search must see.")
