"""Checks for notebook 04, evaluation: the material-and-mobility evaluation rebuilt, and an evaluation of your own."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

from lessons_lib.games.shologuti.evaluation import (
    material_mobility_evaluation, material_mobility_terms,
)
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Cases, Feedback, Guarded, as_number, call_for_number, call_safely, case_seed, drawn_with, shown,
)
from lessons_lib.experiments.measurements import MatchReport, evaluation_match
from lessons_lib.games.shologuti.rules import FORCED, TRADITIONAL
from lessons_lib.games.shologuti.samples import random_positions
from lessons_lib.games.shologuti.position import Position

Evaluation = Callable[[Position, int], Any]

PASSING_SCORE = 2 / 3
"""The share of the match's points an evaluation needs to pass, at each depth: a clear win, not a lucky one. An
evaluation no stronger than the opponent (wins and losses equally likely, any share of draws, the two depths
independent) passes by luck at most 1.1% of the time (``tests/exercises/test_exercises_evaluation.py`` computes it);
one that sees the colours differently (a perspective bug) is stopped before the match."""
MATCH_DEPTHS = (2, 3)
MATCH_OPENINGS = 8
"""Seeded openings of the match at each depth, each played with both colours: 16 games a depth."""
MATERIAL_AGREEMENT = 0.90
"""With a piece taken off the board, the value must move the right way in this share of the tries or more: the
material-and-mobility evaluation does in 99.3% (its mobility term can outweigh a piece), lesson 10's learned
evaluation in 93.6%, progress alone in 75%, mobility alone in 29%."""


def _test_positions() -> list[Position]:
    """Openings, middle games, chains in progress (either side to move) and endgames, under two variants."""
    return list(_fixed_positions())


@functools.cache
def _fixed_positions() -> tuple[Position, ...]:
    positions = [Position.start(), Position.start().play("23-18")]
    positions += random_positions(FORCED, 12, seed=40, plies=(6, 60))
    positions += random_positions(TRADITIONAL, 8, seed=41, plies=(6, 60))
    positions += random_positions(FORCED, 4, seed=42, plies=(6, 60), keep=lambda p: p.pending != 0)
    positions += random_positions(TRADITIONAL, 4, seed=43, plies=(6, 60), keep=lambda p: p.pending != 0)
    return tuple(positions)


def drawn_positions(seed: int) -> list[Position]:
    """Positions drawn with ``seed``, of the same kinds as the fixed ones: random play under both variants, chains in
    progress among them."""
    rng = random.Random(seed)
    positions = random_positions(FORCED, 6, seed=rng.randrange(2**32), plies=(6, 60))
    positions += random_positions(TRADITIONAL, 4, seed=rng.randrange(2**32), plies=(6, 60))
    positions += random_positions(rng.choice((FORCED, TRADITIONAL)), 2, seed=rng.randrange(2**32), plies=(6, 60),
                                  keep=lambda p: p.pending != 0)
    return positions


SAME_IN_THE_MIRROR = 0.9
"""An evaluation must give the same value to a position for a player as to its mirror (turned half a turn, colours
swapped) for the other player, in this share of the test positions or more: the game is the same game there, so only
a term written for one colour (Green's progress, say, for both players) tells them apart. Every right answer in the
catalogue agrees everywhere."""


MISTAKES: dict[str, tuple[Callable[[Position, int], int], str]] = {
    "no weight": (lambda p, pl: (lambda t: t.material + t.mobility + t.chain_bonus)(material_mobility_terms(p, pl)),
                  "material counts ten times: 10 × (your pieces − the opponent's)."),
    "no bonus": (lambda p, pl: (lambda t: 10 * t.material + t.mobility)(material_mobility_terms(p, pl)),
                 "the chain bonus is missing: add 1 when a chain is pending (position.pending) and the player is "
                 "the one to move."),
    "bonus for anyone": (lambda p, pl: (lambda t: 10 * t.material + t.mobility + (1 if p.pending else 0))(
        material_mobility_terms(p, pl)),
        "the chain bonus is only for the player to move: check position.to_move == player too."),
    "own mobility only": (lambda p, pl: (lambda t: 10 * t.material + p.mobility(pl) + t.chain_bonus)(
        material_mobility_terms(p, pl)),
        "mobility is a difference: position.mobility(player) − position.mobility(opponent)."),
    "wrong side": (lambda p, pl: material_mobility_evaluation(p, 1 - pl),
                   "you evaluated for the other player: the value is for player, whose pieces count plus and the "
                   "opponent's minus."),
}


@watched
def check_material_mobility_evaluation(evaluate: Evaluation, seed: int | None = None) -> Feedback:
    """Check a student's rebuild of the material-and-mobility evaluation on positions of every kind, both players:
    fixed ones and ones drawn with ``seed`` (fresh when None)."""
    refused = refusal(evaluate, "check_material_mobility_evaluation", "material-and-mobility evaluation")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    fixed = _test_positions()
    cases = Cases()
    each_player = [(number, position, player) for number, position in enumerate(fixed + drawn_positions(seed))
                   for player in (0, 1)]
    for number, position, player in cases.each(each_player):
        seen = drawn_with(seed) if number >= len(fixed) else ""
        answer, failure = call_for_number(evaluate, position, player)
        if failure:
            cases.failed_call(f"evaluate({position}, {player}) {failure}{seen}", evaluate, failure)
            continue
        expected = material_mobility_evaluation(position, player)
        if cases.counted(answer == expected):
            continue
        terms = material_mobility_terms(position, player)
        for compute, hint in MISTAKES.values():  # noqa: B007 (the hint of the mistake found)
            if answer == compute(position, player):
                break
        else:
            hint = (f"the parts here are material {terms.material}, mobility {terms.mobility} and chain "
                    f"bonus {terms.chain_bonus}.")
        cases.failed(f"for player {player} in {position} you gave {answer:g}; the material-and-mobility "
                     f"evaluation is {expected}: {hint}{seen}")
    return cases.feedback("identical to the material-and-mobility evaluation on every test position, for both "
                          "players, chains included.")


check_seed_evaluation = check_material_mobility_evaluation
"""The check's old name, kept for older copies of notebook 04."""


@watched
def check_evaluation(evaluate: Evaluation, seed: int | None = None) -> Feedback:
    """Check that ``evaluate`` is a usable evaluation (on fixed positions and ones drawn with ``seed``, fresh when
    None) that values material and sees both colours alike, then play it against the material-and-mobility
    evaluation at depths 2 and 3. It passes or not (no share of cases: its test is the match)."""
    seed = case_seed(seed)
    positions = _test_positions()[:12] + drawn_positions(seed)
    for position in positions:
        for player in (0, 1):
            first, failure = call_safely(evaluate, position, player)
            if failure:
                return Feedback.not_yet(f"evaluate({position}, {player}) {failure}", 0.0 if not callable(evaluate)
                                        else None)
            value, problem = as_number(first)
            if problem or not math.isfinite(value):
                return Feedback.not_yet(f"evaluate({position}, {player}) returned {shown(first, 60)}: an evaluation "
                                        f"must return a finite number.")
            if _value(evaluate, position, player) != value:
                return Feedback.not_yet(f"evaluate({position}, {player}) gave two different values when called "
                                        f"twice: an evaluation must depend on the position and the player only.")
    if all(_value(evaluate, p, 0) == _value(evaluate, p, 1) for p in positions[2:]):
        return Feedback.not_yet("your evaluation gives both players the same value everywhere: what is good for "
                                "one player should be bad for the other.")
    problem = _material_problem(evaluate)
    if problem:
        return Feedback.not_yet(problem)
    problem = _mirror_problem(evaluate, _test_positions() + drawn_positions(seed))
    if problem:
        return Feedback.not_yet(problem + drawn_with(seed))
    reports = []
    guarded = Guarded(evaluate, number=True, name="your evaluation")
    remembered = remembering(guarded)
    for depth in MATCH_DEPTHS:
        report = evaluation_match(remembered, depth=depth, openings=MATCH_OPENINGS)
        if guarded.failure:
            position, player = guarded.arguments
            return Feedback.not_yet(f"the match stopped: evaluate({position}, {player}) {guarded.failure}")
        if report.error:
            return Feedback.not_yet(f"the match stopped: {report.error}")
        if report.score < PASSING_SCORE:
            return _match_lost(report)
        reports.append(repr(report))
    return Feedback.correct(f"{'; '.join(reports)}. Your evaluation values material and clearly beats the "
                            f"material-and-mobility evaluation, whether both search 2 or 3 plies ahead.")


def _value(evaluate: Evaluation, position: Position, player: int) -> float | None:
    """``evaluate``'s value of ``position`` for ``player`` as a float, or None if it fails or gives no number."""
    value, failure = call_for_number(evaluate, position, player)
    return None if failure else value


def remembering(evaluate: Guarded) -> Evaluation:
    """``evaluate``, asked once for each position and player: an evaluation depends on them only (the check has
    made sure of it), and a match's searches meet the same position again and again (in ``grade`` each question
    crosses the sandbox's wall: a quarter of a match's questions are saved)."""
    values: dict[tuple[str, int], float] = {}

    def remembered(position: Position, player: int) -> float:
        key = (str(position), player)
        if key not in values:
            values[key] = evaluate(position, player)
        return values[key]

    remembered.__name__ = evaluate.__name__
    return remembered


def _mirror_problem(evaluate: Evaluation, positions: list[Position]) -> str | None:
    """None if ``evaluate`` sees the colours alike (a position for a player is worth what its mirror is for the other)
    in enough positions; else an example where it does not."""
    differ = []
    for position in positions:
        for player in (0, 1):
            value, mirrored = (_value(evaluate, shown_position, seen_by) for shown_position, seen_by
                               in ((position, player), (position.mirrored(), 1 - player)))
            if value is None or mirrored is None or not math.isclose(value, mirrored, rel_tol=1e-9, abs_tol=1e-9):
                differ.append((position, player, value, mirrored))
    if len(differ) <= (1 - SAME_IN_THE_MIRROR) * 2 * len(positions):
        return None
    position, player, value, mirrored = differ[0]
    return (f"your evaluation treats the colours differently: in {len(differ)} of {2 * len(positions)} tries a "
            f"position and its mirror (turned half a turn, colours swapped: position.mirrored()) got different values "
            f"for the two players, though the game is the same. For example player {player} in {position} gets "
            f"{value!r:.12}, player {1 - player} in {position.mirrored()} gets {mirrored!r:.12}. Is a term written for "
            f"one colour, Green's progress say, whoever the player is? Every term must be for player and against "
            f"the opponent.")


@functools.cache
def _a_piece_less() -> list[tuple[Position, int, int, Position]]:
    """(position, side, point, the position without side's piece on point) for every piece of the test positions
    with no chain pending and three pieces a side or more."""
    cases = []
    for position in _test_positions():
        if position.pending or min(position.piece_count(0), position.piece_count(1)) < 3:
            continue
        for side in (0, 1):
            for point in position.pieces(side):
                green, red = ([other for other in position.pieces(owner) if (owner, other) != (side, point)]
                              for owner in (0, 1))
                fewer = Position.from_points(green, red, to_move=position.to_move, rules=position.rules)
                cases.append((position, side, point, fewer))
    return cases


def _material_problem(evaluate: Evaluation) -> str | None:
    """None if a piece more is better for ``evaluate`` nearly always; else what shows it is not."""
    cases = _a_piece_less()
    wrong_way = []
    for position, side, point, fewer in cases:
        for player in (0, 1):
            (before, failure), (after, later_failure) = (call_for_number(evaluate, given, player)
                                                         for given in (position, fewer))
            if failure or later_failure:
                return f"evaluate({fewer if later_failure else position}, {player}) {failure or later_failure}"
            if (after >= before) if player == side else (after <= before):
                wrong_way.append((position, side, point, player, before, after))
    if len(wrong_way) <= (1 - MATERIAL_AGREEMENT) * 2 * len(cases):
        return None
    position, side, point, player, before, after = wrong_way[0]
    whose = "its own" if side == player else "an opponent's"
    return (f"a piece more should be better: in {len(wrong_way)} of {2 * len(cases)} tries, taking one piece off "
            f"the board did not move your value the right way. For example, for player {player} in {position}, "
            f"taking off {whose} piece on {point} changed the value from {before:g} to {after:g}. Count material "
            f"first, for example 10 × (your pieces − the opponent's), and add the rest with smaller weights.")


def _match_lost(report: MatchReport) -> Feedback:
    """What to say about a lost match: what its result suggests."""
    if report.draws >= report.games / 2:
        hint = ("Most games were drawn: neither side forced a win. Reward something that makes progress, "
                "for example pieces that have moved towards the other side (COORDINATES[point][0] is the row).")
    elif report.losses > report.wins:
        hint = "It loses more than it wins: does it still count material heavily, and for the right player?"
    else:
        hint = ("Close. The material-and-mobility evaluation likes positions where the opponent has a single forced "
                "capture (the one-ply blunder above): avoid that, and press on.")
    needed = math.ceil(PASSING_SCORE * report.games * 2) / 2
    return Feedback.not_yet(f"{report!r}. To pass, score at least two thirds of the points ({needed:g} of "
                            f"{report.games}) at depths {' and '.join(map(str, MATCH_DEPTHS))}. {hint}")
