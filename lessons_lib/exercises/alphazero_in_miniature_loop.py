"""Checks for notebook 11's loop, step by step: the value's target through draws, the move self-play plays, and
the gate that keeps a new generation only if it is shown stronger."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from lessons_lib.arena.sprt import bounds, log_likelihood_ratio, sprt
from lessons_lib.exercises.alphazero_in_miniature import move_names
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Cases, Feedback, as_whole_number, call_for_number, call_safely, case_seed, drawn_with, items_of, shown,
)
from lessons_lib.learning.gating import GATE_ELO, GATE_ERRORS, gate_pairs
from lessons_lib.learning.self_play import VALUE_TARGETS, SearchedPosition, SelfPlayGame, move_by_visits

# -- the value's target through draws ---------------------------------------------------------------------------------


def draw_target(target: str, winner: int | None, player: int, root_value: float) -> float:
    """The reference: what the loop fits the value to (``target``, one of :data:`VALUE_TARGETS`) at a position
    whose player to move is ``player`` and whose root value the search found ``root_value``, in a game won by
    ``winner`` (None: drawn). It asks the loop's own :meth:`SelfPlayGame.value_target`."""
    game = SelfPlayGame(0, 0, (), winner, "")
    return game.value_target(SearchedPosition("", player, (), (), root_value), target)


def draw_target_cases(seed: int) -> list[tuple[str, int | None, int, float]]:
    """(target, winner, player, root value): every target, winner and player, each with its own root value drawn
    with ``seed`` (never ½, which would hide whose side it is on), with the edges 0 and 1 on every seed; in an
    order drawn with it too."""
    rng = random.Random(seed)
    cases = []
    for target in VALUE_TARGETS:
        for winner in (0, 1, None):
            for player in (0, 1):
                value = rng.choice((rng.uniform(0.05, 0.4), rng.uniform(0.6, 0.95)))
                cases.append((target, winner, player, round(value, 3)))
    cases += [("mixed", rng.choice((0, 1)), rng.choice((0, 1)), 0.0), ("search in draws", None, rng.choice((0, 1)), 1.0)]
    rng.shuffle(cases)
    return cases


WRONG_DRAW_TARGET: dict[str, tuple[Callable[[str, int | None, int, float], float], str]] = {
    "the result whatever the target": (
        lambda target, winner, player, value: _result(winner, player),
        "the target depends on target: the result alone is only the \"result\" target."),
    "the root's value in every game": (
        lambda target, winner, player, value: (value if target == "search in draws" else
                                               (_result(winner, player) + value) / 2 if target == "mixed"
                                               else _result(winner, player)),
        "\"search in draws\" takes the root's value only where the game was drawn; a won or lost game keeps its "
        "result."),
    "mixed as the root's value alone": (
        lambda target, winner, player, value: (value if target == "mixed" else
                                               value if target == "search in draws" and winner is None
                                               else _result(winner, player)),
        "\"mixed\" is the mean of the two: (result + root value) / 2."),
    "the root's value for the other player": (
        lambda target, winner, player, value: (((_result(winner, player) + 1 - value) / 2) if target == "mixed" else
                                               1 - value if target == "search in draws" and winner is None
                                               else _result(winner, player)),
        "the root's value is already for the player to move at the position: use it as it is, not 1 − it."),
    "mixed in drawn games only": (
        lambda target, winner, player, value: ((_result(winner, player) + value) / 2
                                               if target in ("mixed", "search in draws") and winner is None
                                               else _result(winner, player)),
        "\"mixed\" mixes in every game, won or drawn; \"search in draws\" takes the root's value alone in a draw."),
    "the sum, not the mean": (
        lambda target, winner, player, value: (_result(winner, player) + value if target == "mixed" else
                                               value if target == "search in draws" and winner is None
                                               else _result(winner, player)),
        "\"mixed\" is the mean, (result + root value) / 2: a target stays between 0 and 1."),
}


def _result(winner: int | None, player: int) -> float:
    return 0.5 if winner is None else 1.0 if winner == player else 0.0


@watched
def check_draw_target(student_target: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``draw_target(target, winner, player, root_value)``: the value's target for each of the
    loop's three ``target`` settings."""
    refused = refusal(student_target, "check_draw_target", "the value's target through draws")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    all_cases = draw_target_cases(seed)
    for kind, winner, player, value in cases.each(all_cases):
        call = f"draw_target({kind!r}, winner={winner}, player={player}, root_value={value})"
        answer, failure = call_for_number(student_target, kind, winner, player, value)
        if failure:
            cases.failed_call(f"{call} {failure}{drawn_with(seed)}", student_target, failure)
            continue
        wrong = _draw_target_mistake((kind, winner, player, value), answer)
        if cases.counted(wrong is None):
            continue
        answers = [call_for_number(student_target, *case)[0] for case in all_cases]
        cases.failed(f"{call} gave {answer:g} but {wrong}: {_draw_target_hint(answers, all_cases)}{drawn_with(seed)}")
    return cases.feedback("the value's three targets. In a drawn game the result says ½ everywhere; the root's value "
                          "still says which positions the search liked, so the value has something to learn.")


def _draw_target_mistake(case: tuple[str, int | None, int, float], answer: float) -> str | None:
    """None if ``answer`` is the case's target, else the target in words (worked out after the answer was given)."""
    expected = draw_target(*case)
    return None if math.isclose(answer, expected, abs_tol=1e-9) else f"the target is {expected:g}"


def _draw_target_hint(answers: Sequence[float], all_cases: Sequence[tuple[str, int | None, int, float]]) -> str:
    """The mistake that gives every one of ``answers``, in words."""
    return next((hint for formula, hint in WRONG_DRAW_TARGET.values()
                 if all(math.isclose(given, formula(*case), abs_tol=1e-9) for given, case in zip(answers, all_cases))),
                "\"result\": the result (1, ½, 0); \"mixed\": (result + root value) / 2; \"search in draws\": "
                "the root's value where the game was drawn, the result where it was won or lost.")


# -- the move self-play plays -----------------------------------------------------------------------------------------


def self_play_move(moves: Sequence[str], visits: Sequence[int], ply: int, sampled_plies: int, u: float) -> str:
    """The reference: in the first ``sampled_plies`` plies (``ply`` counts from 0) the move ``u`` draws in
    proportion to the visits (the loop's :func:`move_by_visits`), after them the most visited move."""
    if ply < sampled_plies:
        return str(move_by_visits(moves, visits, u))
    return moves[max(range(len(moves)), key=lambda index: visits[index])]


SelfPlayCase = tuple[list[str], list[int], int, int, float]


def self_play_cases(seed: int) -> list[SelfPlayCase]:
    """(moves, visits, ply, sampled plies, u), drawn with ``seed``, in an order drawn with it too; no two moves tie
    for the most visits. Every seed has the edges: the last sampled ply and the first not sampled, each with a u
    that draws another move than the most visited; no sampled plies at all; u exactly where one move's share ends
    (the next move's starts there); a never-tried move just before that boundary and one at the end; u = 0 with a
    never-tried first move; one legal move."""
    rng = random.Random(seed)
    names = move_names(rng, 12)

    def visits_of(count: int, untried: int = 0) -> list[int]:
        while True:
            drawn = [rng.randint(1, 30) for _ in range(count - untried)] + [0] * untried
            rng.shuffle(drawn)
            if drawn.count(max(drawn)) == 1:
                return drawn

    def not_the_most(moves: list[str], visits: list[int]) -> float:
        """A u that draws another move than the most visited."""
        while True:
            u = round(rng.random(), 4)
            if move_by_visits(moves, visits, u) != moves[visits.index(max(visits))]:
                return u

    cases: list[SelfPlayCase] = []
    sampled = rng.randint(2, 12)
    for ply in (sampled - 1, sampled):
        moves = rng.sample(names, 5)
        visits = visits_of(5, 1)
        cases.append((moves, visits, ply, sampled, not_the_most(moves, visits)))
    moves = rng.sample(names, 4)
    visits = visits_of(4)
    cases.append((moves, visits, 0, 0, not_the_most(moves, visits)))
    moves = rng.sample(names, 3)
    cases.append((moves, [3, 1, 4], rng.randint(0, 4), 5, 3 / 8))  # 3 of 8 visits: the second move's share starts
    moves = rng.sample(names, 3)
    cases.append((moves, [2, 0, 2], 0, 3, 0.5))  # the untried move's share is empty: the third move is drawn
    moves = rng.sample(names, 3)
    cases.append((moves, [3, 5, 0], 1, 4, 0.999))  # never the untried last move
    moves = rng.sample(names, 3)
    cases.append((moves, [0, 2, 3], 0, 2, 0.0))  # u = 0: the first move tried, not the untried first
    cases.append((rng.sample(names, 1), [rng.randint(1, 50)], rng.randint(0, 20), 10, round(rng.random(), 4)))
    for _ in range(6):
        count = rng.randint(2, 8)
        moves = rng.sample(names, count)
        sampled = rng.randint(0, 15)
        cases.append((moves, visits_of(count, rng.randint(0, count - 1)), rng.randint(0, 20), sampled,
                      round(rng.random(), 4)))
    rng.shuffle(cases)
    return cases


def _drawn(moves: Sequence[str], visits: Sequence[int], u: float, reaching: bool = False) -> str:
    """The move drawn with ``u`` as a student writes it: the first whose running total is above u × the total (or,
    with ``reaching``, at or above it: a slip)."""
    total, running = sum(visits), 0
    for move, count in zip(moves, visits):
        running += count
        if running > u * total or (reaching and running >= u * total):
            return move
    return moves[-1]


def _most(moves: Sequence[str], visits: Sequence[int]) -> str:
    return moves[visits.index(max(visits))]


WRONG_SELF_PLAY: dict[str, tuple[Callable[[list[str], list[int], int, int, float], str], str]] = {
    "always the most visited": (lambda moves, visits, ply, sampled, u: _most(moves, visits),
                                "in the first sampled_plies plies the move is drawn in proportion to its visits, "
                                "with u."),
    "always drawn": (lambda moves, visits, ply, sampled, u: _drawn(moves, visits, u),
                     "after the first sampled_plies plies self-play plays the most visited move."),
    "one ply too many drawn": (lambda moves, visits, ply, sampled, u: (_drawn(moves, visits, u)
                                                                       if ply <= sampled else _most(moves, visits)),
                               "ply counts from 0: plies 0 to sampled_plies - 1 are drawn, ply sampled_plies is not."),
    "a running total that reaches u": (lambda moves, visits, ply, sampled, u: (_drawn(moves, visits, u, reaching=True)
                                                                               if ply < sampled else _most(moves, visits)),
                                       "take the first move whose running total of visits is above u × the total "
                                       "(>, not >=): a move never tried has no share, and where one move's share "
                                       "ends the next one's starts."),
    "every move alike": (lambda moves, visits, ply, sampled, u: (moves[min(int(u * len(moves)), len(moves) - 1)]
                                                                 if ply < sampled else _most(moves, visits)),
                         "each move's chance is its share of the visits, not 1 / the number of moves."),
}


@watched
def check_self_play_move(student_move: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``self_play_move(moves, visits, ply, sampled_plies, u)``: the move self-play plays after
    a search whose root gave ``visits`` (one count a move, in the order of ``moves``)."""
    refused = refusal(student_move, "check_self_play_move", "the move self-play plays")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    all_cases = self_play_cases(seed)
    for moves, visits, ply, sampled, u in cases.each(all_cases):
        call = f"self_play_move({moves}, {visits}, ply={ply}, sampled_plies={sampled}, u={u})"
        answer, failure = call_safely(student_move, list(moves), list(visits), ply, sampled, u)
        if failure:
            cases.failed_call(f"{call} {failure}{drawn_with(seed)}", student_move, failure)
            continue
        if type(answer) is not str or answer not in moves:
            if not cases.counted(False):
                cases.failed(f"{call} gave {shown(answer, 60)}: give one of the moves, as moves writes it"
                             f"{drawn_with(seed)}")
            continue
        wrong = _self_play_mistake((moves, visits, ply, sampled, u), answer)
        if cases.counted(wrong is None):
            continue
        answers = [call_safely(student_move, list(case[0]), list(case[1]), *case[2:])[0] for case in all_cases]
        cases.failed(f"{call} gave {answer!r} but {wrong}: {_self_play_hint(answers, all_cases)}{drawn_with(seed)}")
    return cases.feedback("the move self-play plays. The first moves are drawn, so that the games differ and the "
                          "policy sees more openings than the best-looking one; then the search's choice.")


def _self_play_mistake(case: SelfPlayCase, answer: str) -> str | None:
    """None if ``answer`` is the case's move, else the move in words (worked out after the answer was given)."""
    expected = self_play_move(*case)
    return None if answer == expected else f"self-play plays {expected!r}"


def _self_play_hint(answers: Sequence[Any], all_cases: Sequence[SelfPlayCase]) -> str:
    """The mistake that gives every one of ``answers``, in words."""
    return next((hint for formula, hint in WRONG_SELF_PLAY.values()
                 if all(given == formula(*case) for given, case in zip(answers, all_cases))),
                "before ply sampled_plies: the first move whose running total of visits is above u × the total; "
                "from then on: the most visited move.")


# -- the gate ---------------------------------------------------------------------------------------------------------


GATE_BOUNDS = bounds(*GATE_ERRORS)
"""The SPRT's stopping bounds on the LLR at the gate's error rates: (low, high)."""


def gate_llr(counts: Sequence[int]) -> float:
    """The gate's LLR after the pairs ``counts`` (how many pairs the candidate scored 0, ½, 1, 1½ and 2 points in):
    "50 Elo stronger" against "no stronger", as lesson 07 computes it."""
    return log_likelihood_ratio(counts, *GATE_ELO)


def gate(points: Sequence[float], most_pairs: int) -> tuple[bool, int]:
    """The reference: whether the gate keeps the candidate, and the pairs it read, from the candidate's points in
    schedule order (each opening's two games in turn), as the loop's gate reads them (:func:`gate_pairs`, lesson
    07's :func:`sprt`)."""
    steps = sprt(gate_pairs(list(points))[:most_pairs], *GATE_ELO, *GATE_ERRORS)
    return (steps[-1].verdict == "elo1", steps[-1].pairs) if steps else (False, 0)


GateCase = tuple[list[float], int]

PAIR_POINTS = {0.0: [(0.0, 0.0)], 0.5: [(0.0, 0.5), (0.5, 0.0)], 1.0: [(0.5, 0.5), (1.0, 0.0), (0.0, 1.0)],
               1.5: [(1.0, 0.5), (0.5, 1.0)], 2.0: [(1.0, 1.0)]}
"""The games that give each pair total."""


def _games(rng: random.Random, totals: Sequence[float]) -> list[float]:
    """Games whose pairs have ``totals``, each pair's two games drawn among those that give its total."""
    return [point for total in totals for point in rng.choice(PAIR_POINTS[total])]


def _pairs(rng: random.Random, count: int, weights: Sequence[float]) -> list[float]:
    return rng.choices((0.0, 0.5, 1.0, 1.5, 2.0), weights=weights, k=count)


def gate_cases(seed: int) -> list[GateCase]:
    """(the candidate's points, the most pairs), drawn with ``seed``, in an order drawn with it too. Every seed has
    the edges: a clear gain (kept in a few pairs), a clear loss, every game drawn (rejected), a limit reached
    undecided, a verdict reached on the last pair allowed, games left after the verdict that would change it, more
    games than the limit whose later pairs would decide, the games running out undecided before the limit, an
    opening played once at the end (not a pair), and pairs made of a win and a loss."""
    rng = random.Random(seed)
    cases: list[GateCase] = []
    strong = [2.0, 1.5, 2.0, 2.0] + _pairs(rng, 16, (0, 0, 1, 2, 4))
    cases.append((_games(rng, strong), rng.randint(20, 40)))
    weak = _pairs(rng, 20, (4, 2, 1, 0, 0))
    cases.append((_games(rng, weak), rng.randint(20, 40)))
    cases.append(([0.5] * (2 * 40), 40))
    cases.append((_games(rng, [1.0, 1.5, 1.0, 0.5, 1.0, 1.5, 1.0]), 5))  # stops at the limit, undecided
    decided = _decided_at(strong)
    cases.append((_games(rng, strong[:decided] + [0.0] * 10), decided))  # the verdict on the last pair allowed
    cases.append((_games(rng, strong[:decided] + [0.0] * 20), 40))  # losses after the verdict: never read
    cases.append((_games(rng, [1.0] * 6 + [2.0] * 20), 6))  # the decisive pairs come after the limit
    cases.append((_games(rng, [1.5, 1.0, 0.5, 1.0]), 30))  # the games run out first
    cases.append((_games(rng, [2.0, 1.5, 2.0, 2.0, 2.0, 2.0]) + [0.0], 30))  # an opening played once: no pair
    cases.append(([1.0, 0.0] * 30, 30))  # a win and a loss in every pair: each pair totals 1, not 2
    for _ in range(4):
        lean = rng.choice(((1, 2, 6, 2, 1), (1, 1, 4, 3, 2), (2, 3, 4, 1, 1), (1, 2, 8, 2, 1)))
        cases.append((_games(rng, _pairs(rng, rng.randint(10, 60), lean)), rng.randint(8, 60)))
    rng.shuffle(cases)
    return cases


def _decided_at(totals: Sequence[float]) -> int:
    """The pair at which the SPRT stops on ``totals``."""
    return sprt(totals, *GATE_ELO, *GATE_ERRORS)[-1].pairs


def _walked(points: Sequence[float], most: int | None, low_stops: bool = True, undecided_kept: bool = False,
            by_games: bool = False) -> tuple[bool, int]:
    """A gate as a student writes it, with a slip or none: ``most`` None reads every pair there is, ``low_stops``
    False stops only above the high bound, ``undecided_kept`` keeps a candidate still undecided, ``by_games``
    counts games (0, ½, 1) instead of pairs."""
    low, high = GATE_BOUNDS
    steps = [points[index] for index in range(len(points))] if by_games else [
        points[index] + points[index + 1] for index in range(0, len(points) - 1, 2)]
    limit = len(steps) if most is None else most * (2 if by_games else 1)
    counts = [0] * 5
    read = 0
    for step in steps[:limit]:
        counts[round(2 * step)] += 1
        read += 1
        llr = gate_llr(counts)
        if llr >= high or (low_stops and llr <= low):
            return llr >= high, (read + 1) // 2 if by_games else read
    return undecided_kept, (read + 1) // 2 if by_games else read


def _gate_reading_all(points: Sequence[float], most: int) -> tuple[bool, int]:
    """Every pair up to the limit read, then one look at the LLR."""
    totals = [points[index] + points[index + 1] for index in range(0, len(points) - 1, 2)][:most]
    counts = [0] * 5
    for total in totals:
        counts[round(2 * total)] += 1
    return gate_llr(counts) >= GATE_BOUNDS[1], len(totals)


WRONG_GATE: dict[str, tuple[Callable[[Sequence[float], int], tuple[bool, int]], str]] = {
    "reads every pair, then decides": (_gate_reading_all,
                                       "the test is sequential: after every pair compare the LLR with both bounds, "
                                       "and stop at the first verdict."),
    "no limit": (lambda points, most: _walked(points, None), "read at most most_pairs pairs: a candidate still undecided there is not kept."),
    "games, not pairs": (lambda points, most: _walked(points, most, by_games=True), "the record is of pairs: each opening's two games together score 0, ½, 1, "
                                         "1½ or 2, and counts[round(2 × total)] goes up by one after each pair."),
    "undecided is kept": (lambda points, most: _walked(points, most, undecided_kept=True), "only a verdict above the high bound keeps the candidate: one still "
                                                "undecided at the limit is not kept."),
    "stops only at the high bound": (lambda points, most: _walked(points, most, low_stops=False), "below the low bound the test stops too, keeping the old best: "
                                                      "compare with both bounds."),
}


def gate_answer(answer: Any) -> tuple[tuple[bool, int] | None, str | None]:
    """A gate's answer as (keep, pairs), or what is wrong with its form."""
    items = items_of(answer, 2)
    if items is None or len(items) != 2:
        return None, f"gave {shown(answer, 60)}: give two things, (keep, pairs): True or False, and a whole number."
    keep, pairs = items
    if type(keep) is not bool and not (hasattr(keep, "dtype") and str(getattr(keep, "dtype", "")) == "bool"):
        return None, f"gave {shown(answer, 60)}: keep is True or False, not {shown(keep, 30)}."
    count, problem = as_whole_number(pairs)
    if problem:
        return None, f"gave {shown(answer, 60)}: the pairs read are a whole number; {problem}"
    return (bool(keep), count), None


def lent_llr(counts: Any) -> float:
    """The LLR the check lends a student's gate: :func:`gate_llr` of five counts, or a ValueError that says what it
    takes."""
    items = items_of(counts, 5)
    if items is None or len(items) != 5:
        raise ValueError(f"llr takes the five counts of pairs scoring 0, 1/2, 1, 3/2 and 2 points, not "
                         f"{shown(counts, 60)}")
    whole = []
    for item in items:
        count, problem = as_whole_number(item)
        if problem or count < 0:
            raise ValueError(f"llr takes five counts (whole numbers, 0 or more), not {shown(counts, 60)}")
        whole.append(count)
    return gate_llr(whole)


@watched
def check_gate(student_gate: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``gate(points, most_pairs, llr, low, high)``: (keep, pairs read) for a candidate whose
    games against the best gave ``points`` (each opening's two games in turn)."""
    refused = refusal(student_gate, "check_gate", "the gate")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    all_cases = gate_cases(seed)
    low, high = GATE_BOUNDS
    for points, most in cases.each(all_cases):
        call = f"gate({shown(points, 120)}, most_pairs={most}, llr, low, high)"
        answer, failure = call_safely(student_gate, list(points), most, lent_llr, low, high)
        if failure:
            cases.failed_call(f"{call} {failure}{drawn_with(seed)}", student_gate, failure)
            continue
        read, problem = gate_answer(answer)
        if problem or read is None:
            cases.failed(f"{call} {problem}{drawn_with(seed)}")
            continue
        wrong = _gate_mistake((points, most), read)
        if cases.counted(wrong is None):
            continue
        answers = [gate_answer(call_safely(student_gate, list(case[0]), case[1], lent_llr, low, high)[0])[0]
                   for case in all_cases]
        cases.failed(f"{call} gave {read} but {wrong}: {_gate_hint(answers, all_cases)}{drawn_with(seed)}")
    return cases.feedback("the gate. It reads pairs until the evidence is clear either way, so a clearly better or "
                          "clearly worse generation costs a few pairs, not 400 games.")


def _gate_mistake(case: GateCase, read: tuple[bool, int]) -> str | None:
    """None if ``read`` is the gate's (keep, pairs) on the case, else it in words (worked out after the answer was
    given)."""
    expected = gate(*case)
    return None if read == expected else f"the gate gives {expected}"


def _gate_hint(answers: Sequence[tuple[bool, int] | None], all_cases: Sequence[GateCase]) -> str:
    """The mistake that gives every one of ``answers``, in words."""
    return next((hint for formula, hint in WRONG_GATE.values()
                 if all(given == formula(*case) for given, case in zip(answers, all_cases))),
                "pair the games two by two; after each pair add it to the counts, compute llr(counts), and stop at "
                "high or above (keep) or at low or below (do not keep); at most most_pairs pairs, and an undecided "
                "candidate is not kept.")
