"""Checks for notebook 09, other games: measuring a game, a rollout policy for the goats, and MCTS's best game."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lessons_lib.experiments.game_comparison import RandomProfile, random_profile
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    AnswerFailed, Feedback, call_safely, case_seed, drawn_with, kind_of, no_use_going_on, numbers_in, shown,
)
from lessons_lib.exercises.fresh_cases import played_randomly
from lessons_lib.exercises.mcts import (
    MIN_GAP, ROLLOUTS, checked_policy, plies_problem, rollout_gap, rollout_policy_problem,
)
from lessons_lib.experiments.data import load_table
from lessons_lib.games import GAMES, game_named
from lessons_lib.experiments.measurements import rollout_outcomes

MEASURE_GAMES = 100
REFERENCE_GAMES = 400
BRANCHING_TOLERANCE = 0.12
LENGTH_TOLERANCE = 0.3
"""A measurement from 100 random games passes within these shares of the reference from 400 (Hus's game
lengths vary most: 100 random games are within 23% of the reference in 40 tries of 40)."""


@dataclass(frozen=True)
class Replay:
    """Random games replayed as the lesson asks (``rng = random.Random(seed)`` once, ``rng.choice(moves)`` each ply):
    what a measurement of them counts."""

    games: int
    moves: int
    """Legal moves summed over the positions before the ends."""
    logs: float
    """Their logarithms summed (for the geometric mean)."""
    positions: int
    plies: int

    def answers(self) -> dict[str, tuple[float, float]]:
        """The right answers (arithmetic or geometric branching, mean plies) and the usual slips', by name."""
        arithmetic, geometric = self.moves / self.positions, math.exp(self.logs / self.positions)
        plies = self.plies / self.games
        return {"arithmetic": (arithmetic, plies), "geometric": (geometric, plies),
                "finished counted": (self.moves / (self.positions + self.games), plies),
                "finished counted twice": (self.moves / (self.positions + self.games), plies + 1)}


def replay(name: str, games: int, seed: int, cap: int | None = None) -> Replay:
    """Replay ``games`` random games of ``name`` as the lesson asks, each cut after ``cap`` plies if given."""
    rng = random.Random(seed)
    moves = positions = plies = 0
    logs = 0.0
    for _ in range(games):
        position, played = GAMES[name].start(), 0
        while not position.is_game_over() and played != cap:
            legal = position.legal_moves()
            moves, logs, positions = moves + len(legal), logs + math.log(len(legal)), positions + 1
            position, played = position.play(rng.choice(legal)), played + 1
        plies += played
    return Replay(games, moves, logs, positions, plies)


MEASURE_SLIPS = {
    "finished counted": "you counted the finished position too, with its 0 legal moves: count only the positions "
                        "before the end (the last one has no move to choose).",
    "finished counted twice": "you counted the finished position as a position and as a ply: count only the "
                              "positions before the end, and the moves played.",
    "capped": "your games stop after 200 plies: play each game until position.is_game_over(), however long it is "
              "(random Hus games often run past 200).",
}


def drawn_measure_cases(seed: int) -> list[tuple[str, int, int]]:
    """(game, games, seed) drawn with ``seed``: each game twice, with 5 to 25 games and a seed of its own."""
    rng = random.Random(seed)
    return [(name, rng.randint(5, 25), rng.randrange(10**6)) for name in GAMES for _ in range(2)]


def _exact_problem(measure: Callable[[str, int, int], Any], seed: int) -> str | None:
    """None if ``measure`` gives exactly the replayed answer on the cases drawn with ``seed``; what is wrong if it
    gives a slip's; "other" if it gives something else (it chooses its moves another way)."""
    exact: list[str] = []
    missed: list[tuple[str, Any, tuple[float, float]]] = []
    for name, games, game_seed in drawn_measure_cases(seed):
        answer = _pair(call_safely(measure, name, games, game_seed)[0])
        if answer is None:
            return "other"
        answers = replay(name, games, game_seed).answers()
        call = f"measure({name!r}, {games}, {game_seed})"
        if any(_same(answer, answers[mean]) for mean in ("arithmetic", "geometric")):
            exact.append(call)
            continue
        missed.append((call, answer, answers["arithmetic"]))
        for slip, hint in MEASURE_SLIPS.items():  # games cut at 200 plies are replayed only for a wrong answer
            capped = replay(name, games, game_seed, cap=200).answers() if slip == "capped" else answers
            found = [capped["arithmetic"], capped["geometric"]] if slip == "capped" else [answers[slip]]
            if any(_same(answer, value) for value in found):
                right = answers["arithmetic"]
                return (f"{call} gave ({answer[0]:.4g}, {answer[1]:.4g}), where the games the lesson describes give "
                        f"({right[0]:.4g}, {right[1]:.4g}): {hint}")
    if exact and missed:
        call, answer, right = missed[0]
        return (f"{exact[0]} gave exactly what the games the lesson describes give, but {call} gave "
                f"({answer[0]:.4g}, {answer[1]:.4g}) where they give ({right[0]:.4g}, {right[1]:.4g}): the same "
                f"function should count every game the same way.")
    return "other" if missed else None


def _same(answer: Any, expected: tuple[float, float]) -> bool:
    return all(math.isclose(given, wanted, rel_tol=1e-9) for given, wanted in zip(answer, expected))


@watched
def check_game_measure(measure: Callable[[str, int, int], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``measure(game_name, games, seed) -> (mean branching factor, mean plies)`` on every game:
    exactly, on games drawn with ``seed`` (fresh when None), when its moves are chosen with ``rng.choice`` as the
    lesson's are; within a tolerance of many random games otherwise.

    The branching factor may be the arithmetic mean of the legal moves a position or their geometric mean
    (the one the tree size b^L needs); the message says which it recognised.
    """
    refused = refusal(measure, "check_game_measure", "measurement of random games")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    if not callable(measure):
        return Feedback.not_yet(f"measure is not a function but {kind_of(measure)}: define it with def", 0.0)
    seed = case_seed(seed)
    problem = _exact_problem(measure, seed)
    if problem and problem != "other":
        return Feedback.not_yet(problem + drawn_with(seed))
    first, failure = call_safely(measure, "baghchal", 10, 1)
    if failure and no_use_going_on(measure, failure):
        return Feedback.not_yet(f"measure('baghchal', 10, 1) {failure}")
    same, again = _pair(first), _pair(call_safely(measure, "baghchal", 10, 1)[0])
    if same != again:
        return Feedback.not_yet("measure('baghchal', 10, 1) gave two different answers: make every random choice "
                                "with rng = random.Random(seed), so the same seed plays the same games.")
    single_games = [_pair(call_safely(measure, name, 1, game_seed)[0]) for name in GAMES for game_seed in (3, 4)]
    odd = next((answer for answer in single_games if answer is not None and 2 * answer[1] != int(2 * answer[1])),
               None)
    if odd is not None:
        return Feedback.not_yet(f"for a single game your measure gave {odd[1]:g} plies: the mean length of one game "
                                f"is that game's length, a whole number. Does it play the games, or return numbers "
                                f"from a table?")
    one_game, twenty_games = (_pair(call_safely(measure, "shologuti", games, 1)[0]) for games in (1, 20))
    if one_game is not None and one_game == twenty_games and one_game != _pair(call_safely(measure, "shologuti", 1,
                                                                                           2)[0]):
        return Feedback.not_yet("measure('shologuti', 20, 1) gave exactly what measure('shologuti', 1, 1) gives: "
                                "all 20 games were the same game. Create the generator once, rng = "
                                "random.Random(seed), before the loop over games, not inside it.")
    lines, means = [], set()
    for name in GAMES:
        call = f"measure({name!r}, {MEASURE_GAMES}, 1)"
        answer, failure = call_safely(measure, name, MEASURE_GAMES, 1)
        if failure:
            return Feedback.not_yet(f"{call} {failure}")
        pair = _pair(answer)
        if pair is None:
            return Feedback.not_yet(f"{call} returned {shown(answer)}: return two numbers, (branching, plies).")
        reference = _reference_profile(name)
        branching, plies = pair
        mean = _which_mean(branching, reference)
        if mean is None:
            return Feedback.not_yet(f"{call}: a branching factor of {branching:.3g}, but random {name} games have "
                                    f"about {reference.branching:.3g} legal moves a position. Count "
                                    f"len(position.legal_moves()) in every position before the end, and divide by "
                                    f"the number of those positions (not of games).")
        if not math.isclose(plies, reference.plies, rel_tol=LENGTH_TOLERANCE):
            return Feedback.not_yet(f"{call}: games of {plies:.3g} plies on average, but random {name} games last "
                                    f"about {reference.plies:.3g}. Play each game from game.start() until "
                                    f"position.is_game_over(), counting every move played.")
        means.add(mean)
        lines.append(f"{name} {branching:.1f} moves, {plies:.0f} plies")
    if _pair(call_safely(measure, "baghchal", 10, 2)[0]) == same:
        return Feedback.not_yet("seeds 1 and 2 gave the same answer: seed your random generator with the seed given.")
    if means == {"geometric"}:
        kind = ("Your branching factors are geometric means: exactly what the tree size b^L needs, since the lines "
                "of a game multiply the branching factors along it.")
    else:
        kind = ("Your branching factors are arithmetic means. For the tree size b^L, the geometric mean is the right "
                "one (the lines of a game multiply the branching factors along it); it is lower: see the table.")
    return Feedback.correct(f"{'; '.join(lines)}. One function, four games: it uses only the game interface. {kind}")


def _which_mean(branching: float, reference: RandomProfile) -> str | None:
    """``"arithmetic"`` or ``"geometric"``: which of the reference's means ``branching`` is (the closer), or None."""
    distances = {"arithmetic": abs(branching / reference.branching - 1),
                 "geometric": abs(branching / reference.geometric_branching - 1)}
    mean = min(distances, key=lambda kind: distances[kind])
    return mean if distances[mean] <= BRANCHING_TOLERANCE else None


GOAT_SCORE_TO_PASS = 0.15
"""Uniformly random rollouts give the goats 2.5% from the start (200 rollouts, seed 7, as the check plays them); an
informed policy should give them more."""
GOATS_BEFORE_A_CHOICE = ".G.G./TGGT./GG..G/G.G../TTGGG g 7 1"
"""Goats to move (reached by seeded random play): ``a5`` leaves no capture, ``c3`` lets a tiger capture a goat."""


@watched
def check_goat_rollouts(policy: Callable[[Any, random.Random, int], Any], seed: int | None = None) -> Feedback:
    """Check a student's Bagh-Chal rollout policy: a real policy that counts its plies (from positions drawn with
    ``seed``, fresh when None), rollouts that no longer always favour tigers, and different results after a safe
    goat move and after one that loses a goat."""
    game = GAMES["baghchal"]
    start = game.start()
    problem = rollout_policy_problem(policy, start, limit=10)
    if problem:
        return Feedback.not_yet(problem, 0.0 if not callable(policy) else None)
    seed = case_seed(seed)
    rng = random.Random(seed)
    problem = plies_problem(policy, [played_randomly(start, rng, rng.randint(4, 30)) for _ in range(2)], seed)
    if problem:
        return Feedback.not_yet(problem + drawn_with(seed))
    checked = checked_policy(policy, start)
    try:
        tally = rollout_outcomes(start, checked, rollouts=ROLLOUTS, seed=7)
    except AnswerFailed as failed:
        return Feedback.not_yet(f"in a rollout from the start, {failed}")
    goats = tally.score(0)
    summary = (f"of {ROLLOUTS} rollouts from the start the goats won {tally.wins[0]} and the tigers "
               f"{tally.wins[1]} ({tally.draws} draws, {tally.capped} at the ply cap): the goats score {goats:.0%}")
    if goats < GOAT_SCORE_TO_PASS:
        return Feedback.not_yet(f"{summary}; aim for at least {GOAT_SCORE_TO_PASS:.0%}. Hint: let the goats avoid "
                                f"moves after which a tiger can capture (play the move and look for a capture among "
                                f"the tigers' legal moves), and let the tigers capture whenever they can.")
    try:
        safe, losing = rollout_gap(checked, game.position(GOATS_BEFORE_A_CHOICE), "a5", "c3")
    except AnswerFailed as failed:
        return Feedback.not_yet(f"in a rollout from the position before a goat's choice, {failed}")
    gap = (f"In a position where the goat move a5 is safe and c3 lets a tiger capture, the goats scored {safe:.0%} "
           f"after a5 and {losing:.0%} after c3")
    if safe - losing < MIN_GAP:
        return Feedback.not_yet(f"{summary}, but: {gap.lower()[0]}{gap[1:]}. Your rollouts hardly tell a safe goat "
                                f"move from a losing one, so MCTS cannot either. Do your tigers capture when they "
                                f"can? The goats win more only if they earn it.")
    random_goats = rollout_outcomes(start, "uniform", rollouts=ROLLOUTS, seed=7).score(0)
    return Feedback.correct(f"{summary}, where random rollouts give them {random_goats:.1%}. {gap}: your rollouts "
                            f"tell a safe goat move from a losing one, so MCTS can too.")


@watched
def check_best_game_for_mcts(answer: Any) -> Feedback:
    """Check the name of the game where MCTS did best against alpha-beta in the committed comparison."""
    rows = [row for row in load_table("game_matches") if row["match"] == "alphabeta-mcts"]
    mcts_scores = {str(row["game"]): 1 - float(row["first_score"]) for row in rows}
    table = ", ".join(f"{game} {score:.0%}" for game, score in sorted(mcts_scores.items(), key=lambda item: -item[1]))
    try:
        game = game_named(str.__str__(answer)).name if issubclass(type(answer), str) else None
    except ValueError:
        game = None
    if game is None:
        return Feedback.not_yet(f"{shown(answer, 60)} is not one of the games: {', '.join(GAMES)}.")
    best = max(mcts_scores.values())
    if mcts_scores[game] == best:
        return Feedback.correct(f"MCTS's score against alpha-beta by game: {table}.")
    return Feedback.not_yet(f"in {game} MCTS scored {mcts_scores[game]:.0%} against alpha-beta; look again at the "
                            f"alphabeta-mcts rows of the table (first_score is alpha-beta's score).")


@functools.cache
def _reference_profile(name: str) -> RandomProfile:
    return random_profile(name, REFERENCE_GAMES, seed=0)


def _pair(answer: Any) -> tuple[float, float] | None:
    """A measurement as two finite floats (branching, plies), or None if it is not a list or tuple of two finite
    numbers."""
    if not issubclass(type(answer), (tuple, list)):
        return None
    numbers, _ = numbers_in(answer, 2)
    return (numbers[0], numbers[1]) if numbers is not None and all(map(math.isfinite, numbers)) else None
