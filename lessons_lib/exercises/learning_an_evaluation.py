"""Checks for notebook 10, learning an evaluation: the model's chance of a win, the log loss, and a held-out split."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Cases, Feedback, call_for_number, call_safely, case_seed, drawn_with, items_of, shown,
)

def chance_cases(seed: int) -> list[tuple[list[float], list[float]]]:
    """(features, weights) drawn with ``seed``: sums of both signs, all features 0 (a chance of ½), and a sum large
    enough that a slip in the sign or the exponent shows."""
    rng = random.Random(seed)
    size = rng.randint(3, 6)

    def numbers(spread: float) -> list[float]:
        return [round(rng.uniform(-spread, spread), 2) for _ in range(size)]

    cases = [(numbers(3.0), numbers(1.0)) for _ in range(8)]
    cases.insert(2, ([0.0] * size, numbers(3.0)))
    cases.append(([abs(value) for value in numbers(3.0)], [abs(value) + 0.5 for value in numbers(1.0)]))
    return cases


def win_chance(features: list[float], weights: list[float]) -> float:
    """σ(w·f): the logistic model's chance that the player wins."""
    return 1 / (1 + math.exp(-sum(w * f for w, f in zip(weights, features))))


def _sum(features: list[float], weights: list[float]) -> float:
    return sum(w * f for w, f in zip(weights, features))


WRONG_CHANCES: dict[str, tuple[Callable[[list[float], list[float]], float], str]] = {
    "the sum itself": (_sum, "turn the weighted sum into a chance with 1 / (1 + exp(−sum))"),
    "sign": (lambda f, w: 1 / (1 + math.exp(_sum(f, w))),
             "a larger weighted sum must mean a larger chance: exp(−sum), with the minus"),
    "no weights": (lambda f, w: 1 / (1 + math.exp(-sum(f))), "multiply each feature by its weight"),
    "exp alone": (lambda f, w: math.exp(-_sum(f, w)), "the chance is 1 / (1 + exp(−sum))"),
    "tanh": (lambda f, w: math.tanh(_sum(f, w)), "tanh goes from −1 to 1; a chance goes from 0 to 1"),
}


@watched
def check_win_chance(student: Callable[[list[float], list[float]], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``win_chance(features, weights)`` against ``σ(w·f)``, on cases drawn with ``seed`` (fresh
    ones when None)."""
    refused = refusal(student, "check_win_chance", "logistic model")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for features, weights in cases.each(chance_cases(seed)):
        answer, failure = call_for_number(student, list(features), list(weights))
        call = f"win_chance({features}, {weights})"
        if failure:
            cases.failed_call(f"{call} {failure}{drawn_with(seed)}", student, failure)
            continue
        expected = win_chance(features, weights)
        if math.isclose(answer, expected, abs_tol=1e-9):
            cases.passed()
            continue
        hint = next((hint for wrong, hint in WRONG_CHANCES.values()
                     if math.isclose(answer, wrong(features, weights), abs_tol=1e-9)),
                    "add up weight × feature, then 1 / (1 + exp(−sum))")
        cases.failed(f"{call} gave {answer:.4f}, but the model says {expected:.4f}: {hint}.{drawn_with(seed)}")
    return cases.feedback("right: the weighted sum is the log-odds of a win, and σ turns it into a chance. "
                            f"A sum of 0 is an even game ({win_chance([0.0], [1.0]):.1f}), and a sum of 1 already "
                            f"means {win_chance([1.0], [1.0]):.0%}.")


def loss_cases(seed: int) -> list[tuple[list[float], list[float]]]:
    """(chances, results) drawn with ``seed``: wins, losses and draws (½), one position alone, a chance of ½."""
    rng = random.Random(seed)

    def case(size: int) -> tuple[list[float], list[float]]:
        return ([round(rng.uniform(0.02, 0.98), 2) for _ in range(size)],
                [rng.choice((0.0, 0.5, 1.0)) for _ in range(size)])

    chances, results = case(rng.randint(4, 8))
    chances[0], results[0], results[1], results[2] = 0.5, 1.0, 0.0, 0.5  # a win, a loss and a draw in every run
    return [case(3), (chances, results), ([round(rng.uniform(0.02, 0.98), 2)], [1.0]), case(2),
            *(case(rng.randint(2, 8)) for _ in range(6))]


def log_loss(chances: list[float], results: list[float]) -> float:
    """The mean of −(y log p + (1 − y) log(1 − p))."""
    return -sum(y * math.log(p) + (1 - y) * math.log(1 - p) for p, y in zip(chances, results)) / len(chances)


def _terms(chances: list[float], results: list[float], log: Callable[[float], float] = math.log) -> list[float]:
    return [y * log(p) + (1 - y) * log(1 - p) for p, y in zip(chances, results)]


WRONG_LOSSES: dict[str, tuple[Callable[[list[float], list[float]], float], str]] = {
    "no minus": (lambda p, y: sum(_terms(p, y)) / len(p),
                 "a log of a chance is negative: put a minus in front, so that a better fit has a smaller loss"),
    "a sum": (lambda p, y: -sum(_terms(p, y)), "take the mean (divide by the number of positions), not the sum"),
    "log10": (lambda p, y: -sum(_terms(p, y, math.log10)) / len(p), "use the natural log, math.log"),
    "wins only": (lambda p, y: -sum(r * math.log(c) for c, r in zip(p, y)) / len(p),
                  "count the losses too: (1 − y) · log(1 − p)"),
    "squared error": (lambda p, y: sum((c - r) ** 2 for c, r in zip(p, y)) / len(p),
                      "that is the squared error; the log loss is −(y log p + (1 − y) log(1 − p))"),
    "swapped": (lambda p, y: -sum(r * math.log(1 - c) + (1 - r) * math.log(c) for c, r in zip(p, y)) / len(p),
                "y goes with log p (the chance of the win) and 1 − y with log(1 − p)"),
}


@watched
def check_log_loss(student: Callable[[list[float], list[float]], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``log_loss(chances, results)`` against the mean log loss, on cases drawn with ``seed``
    (fresh ones when None)."""
    refused = refusal(student, "check_log_loss", "log loss")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for chances, results in cases.each(loss_cases(seed)):
        answer, failure = call_for_number(student, list(chances), list(results))
        call = f"log_loss_of({chances}, {results})"
        if failure:
            cases.failed_call(f"{call} {failure}{drawn_with(seed)}", student, failure)
            continue
        expected = log_loss(list(chances), list(results))
        if math.isclose(answer, expected, abs_tol=1e-9):
            cases.passed()
            continue
        hint = next((hint for wrong, hint in WRONG_LOSSES.values()
                     if math.isclose(answer, wrong(list(chances), list(results)), abs_tol=1e-9)),
                    "the mean over the positions of −(y log p + (1 − y) log(1 − p))")
        cases.failed(f"{call} gave {answer:.4f}, but the log loss is {expected:.4f}: {hint}.{drawn_with(seed)}")
    return cases.feedback(f"right. Saying 50% every time costs {log_loss([0.5], [1.0]):.3f} (log 2) whatever "
                            "happens: a model is worth something only below that.")


SPLIT_GAMES = [0] * 7 + [1] * 3 + [2] * 12 + [3] * 5 + [4] * 9 + [5] * 4 + [6] * 8 + [7] * 6 + [8] * 10 + [9] * 2
"""Game numbers of 66 positions: ten games of different lengths, so that a split of positions cuts through games."""


def _games_by_length() -> list[int]:
    """The games of :data:`SPLIT_GAMES`, longest first."""
    lengths = {game: SPLIT_GAMES.count(game) for game in set(SPLIT_GAMES)}
    return sorted(lengths, key=lambda game: -lengths[game])


MOST_FLAGS = 100_000
"""The most flags an answer of ``held_out`` is read for (a split of a few hundred positions)."""
PLAIN_TRUTHS = (bool, int, float, complex, str, bytes, list, tuple, dict, set, frozenset, type(None))
"""Kinds whose truth Python's own rules give (a flag of any of these is taken for its truth, as ``if`` takes it)."""


def _flags(answer: Any) -> list[bool] | None:
    """An answer of ``held_out`` as flags, or None if it is not a sequence of values with a plain truth (True,
    1, numpy's booleans...)."""
    items = items_of(answer, MOST_FLAGS)
    if items is None or len(items) > MOST_FLAGS:
        return None
    flags = []
    for item in items:
        kind = type(item)
        if kind not in PLAIN_TRUTHS and not (kind.__module__ == "numpy" and kind.__name__ != "ndarray"):
            return None
        flags.append(bool(item))
    return flags


LENGTH_BIAS_Z = 4.0
"""Over the drawn splits, held-out games longer on average than all games by this many standard errors mean the
games were chosen by their length (a game with more positions is likelier to be picked): a fair random choice goes
this far by chance about three times in a hundred thousand (one-sided normal tail)."""


def drawn_splits(seed: int) -> list[tuple[list[int], float]]:
    """(game numbers, share) drawn with ``seed``: 20 lists of 20 to 40 games, each game 1 to 10 positions long or 30
    to 80, in the order played, and shares from 0.2 to 0.5."""
    rng = random.Random(seed)
    splits = []
    for _ in range(20):
        lengths = [rng.randint(1, 10) if rng.random() < 0.5 else rng.randint(30, 80)
                   for _ in range(rng.randint(20, 40))]
        splits.append(([game for game, length in enumerate(lengths) for _ in range(length)],
                       round(rng.uniform(0.2, 0.5), 2)))
    return splits


def length_bias(student: Callable[[list[int], float], Any], seed: int) -> float | None:
    """How many standard errors longer than all games the games ``student`` holds out are, summed over the splits
    drawn with ``seed`` (about 0 for a fair random choice); None if an answer is not a split of whole games."""
    excess = variance = 0.0
    for numbers, share in drawn_splits(seed):
        flags = _flags(call_safely(student, numbers, share)[0])
        if flags is None or len(flags) != len(numbers):
            return None
        lengths = Counter(numbers)
        held = {game for game, flag in zip(numbers, flags) if flag}
        if held & {game for game, flag in zip(numbers, flags) if not flag} or not 0 < len(held) < len(lengths):
            return None
        mean = sum(lengths.values()) / len(lengths)
        spread = sum((length - mean) ** 2 for length in lengths.values()) / len(lengths)
        excess += sum(lengths[game] for game in held) / len(held) - mean
        variance += spread / len(held) * (len(lengths) - len(held)) / (len(lengths) - 1)
    return excess / math.sqrt(variance)


@watched
def check_held_out(student: Callable[[list[int], float], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``held_out(game_numbers, share)``: a flag a position, ``max(1, round(share × games))``
    whole games held out, not chosen by their length (over splits drawn with ``seed``, fresh when None). Its cases
    are the four shares, then (if all four are right) how the games are chosen."""
    picks: list[str] = []
    cases = Cases()
    for share in cases.each((0.2, 0.37, 0.5, 0.66)):
        mistake, pick, failure = _split_mistake(student, share)
        if mistake:
            cases.failed_call(mistake, student, failure)
        else:
            cases.passed()
            picks.append(pick)
    if not cases.wanted:
        return cases.feedback("")
    if picks[0] in ("longest", "shortest") and len(set(picks)) == 1:  # every time: a rule, not chance
        cases.failed(f"held_out always held out the {picks[0]} games. A held-out set should be like the games the "
                     f"model will meet; a game's length goes with how it was played (and ended). Choose the games at "
                     f"random, with a seed.")
        return cases.feedback("")
    if picks[0] in ("first", "last") and len(set(picks)) == 1:
        cases.failed(f"held_out always held out the {picks[0]} games in the list. Games are listed in the order they "
                     f"were played, and the players or the rules may have changed along the way: choose the games "
                     f"at random, with a seed.")
        return cases.feedback("")
    seed = case_seed(seed)
    bias = length_bias(student, seed)
    if bias is not None and bias > LENGTH_BIAS_Z:
        cases.failed(f"the games you hold out are longer than the others: over 20 lists of games with short and long "
                     f"games mixed, your held-out games were {bias:.1f} standard errors longer on average than a "
                     f"random choice of games would be. Do you pick positions at random and hold out their games? A "
                     f"long game has more positions, so it is picked more often. Choose among the games themselves, "
                     f"each as likely as any other.{drawn_with(seed)}")
    else:
        cases.passed()
    return cases.feedback("right: whole games on each side. A position's result is its game's result, so "
                          "positions of one game are near copies as far as the fit is concerned.")


def _split_mistake(student: Callable[[list[int], float], Any], share: float) -> tuple[str | None, str, str | None]:
    """What is wrong with a student's split of :data:`SPLIT_GAMES` holding out ``share``, or None; which games it
    held out ("longest", "shortest", "first", "last" or "other"); and the call's failure in words, if it failed."""
    answer, failure = call_safely(student, list(SPLIT_GAMES), share)
    call = f"held_out(game_numbers, {share})"
    if failure:
        return f"{call} {failure}", "", failure
    flags = _flags(answer)
    if flags is None:
        return f"{call} returned {shown(answer)}: return one True or False a position.", "", None
    if _flags(call_safely(student, list(SPLIT_GAMES), share)[0]) != flags:
        return (f"{call} gave two different answers when called twice: make the random choice with a seed, "
                f"rng = random.Random(0), so that a split can be repeated."), "", None
    if len(flags) != len(SPLIT_GAMES):
        return (f"{call} gave {len(flags)} answers for {len(SPLIT_GAMES)} positions: one a position (True: held "
                f"out), not one a game."), "", None
    held = {game for game, flag in zip(SPLIT_GAMES, flags) if flag}
    kept = {game for game, flag in zip(SPLIT_GAMES, flags) if not flag}
    if held & kept:
        cut = sorted(held & kept)[0]
        return (f"{call} put some positions of game {cut} on each side: hold out whole games, or the held-out set "
                f"shares results with the training set and the test flatters the fit."), "", None
    if not held:
        return f"{call} held out nothing: there is nothing left to test on.", "", None
    if not kept:
        return f"{call} held out everything: there is nothing left to fit.", "", None
    games = len(set(SPLIT_GAMES))
    wanted = max(1, round(share * games))
    if len(held) != wanted:
        floored = "" if len(held) != int(share * games) else " (int() rounds down: use round())"
        return (f"{call} held out {len(held)} of {games} games; hold out round(share × games) = {wanted} (the share "
                f"of the games, not of the positions){floored}."), "", None
    by_length, in_order = _games_by_length(), list(dict.fromkeys(SPLIT_GAMES))
    return None, ("longest" if held == set(by_length[:wanted]) else
                  "shortest" if held == set(by_length[-wanted:]) else
                  "first" if held == set(in_order[:wanted]) else
                  "last" if held == set(in_order[-wanted:]) else "other"), None
