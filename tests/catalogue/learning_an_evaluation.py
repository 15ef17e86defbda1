"""Answers to lesson 10's checks: the model's chance of a win, the log loss, and a held-out split by game."""

from __future__ import annotations

import math
import random

import numpy as np

from lessons_lib.exercises.learning_an_evaluation import check_held_out, check_log_loss, check_win_chance
from lessons_lib.exercises.learning_an_evaluation import log_loss as reference_log_loss
from lessons_lib.learning.fitting import predicted_scores
from catalogue import Answer, partly, right, wrong


def chance(features: list[float], weights: list[float]) -> float:
    return 1 / (1 + math.exp(-sum(w * f for w, f in zip(weights, features))))


def loss(chances: list[float], results: list[float]) -> float:
    return -sum(y * math.log(p) + (1 - y) * math.log(1 - p) for p, y in zip(chances, results)) / len(chances)


def by_game(numbers: list[int], share: float) -> list[bool]:
    games = sorted(set(numbers))
    held = set(random.Random(0).sample(games, max(1, round(share * len(games)))))
    return [number in held for number in numbers]


def last_games(numbers: list[int], share: float) -> list[bool]:
    games = sorted(set(numbers))
    held = set(games[len(games) - round(share * len(games)):])
    return [number in held for number in numbers]


def first_games(numbers: list[int], share: float) -> list[bool]:
    held = set(list(dict.fromkeys(numbers))[:max(1, round(share * len(set(numbers))))])
    return [number in held for number in numbers]


def unseeded(numbers: list[int], share: float) -> list[bool]:
    games = sorted(set(numbers))
    held = set(random.sample(games, max(1, round(share * len(games)))))
    return [number in held for number in numbers]


def floored(numbers: list[int], share: float) -> list[bool]:
    games = sorted(set(numbers))
    held = set(random.Random(0).sample(games, max(1, int(share * len(games)))))
    return [number in held for number in numbers]


def by_position(numbers: list[int], share: float) -> list[bool]:
    rng = random.Random(0)
    return [rng.random() < share for _ in numbers]


def first_positions(numbers: list[int], share: float) -> list[bool]:
    return [index < share * len(numbers) for index in range(len(numbers))]


def through_random_positions(numbers: list[int], share: float) -> list[bool]:
    """Whole games, picked by drawing random positions until enough games are held: long games more often."""
    rng, wanted, held = random.Random(0), max(1, round(share * len(set(numbers)))), set()
    while len(held) < wanted:
        held.add(rng.choice(numbers))
    return [number in held for number in numbers]


def coin_per_game(numbers: list[int], share: float) -> list[bool]:
    rng = random.Random(3)
    held = {game for game in sorted(set(numbers)) if rng.random() < share}
    return [number in held for number in numbers]


def by_length(numbers: list[int], share: float, longest: bool) -> list[bool]:
    games = sorted(set(numbers), key=lambda game: -numbers.count(game) if longest else numbers.count(game))
    held = set(games[:max(1, round(share * len(games)))])
    return [number in held for number in numbers]


ANSWERS: list[Answer] = [
    right(check_win_chance, "1 / (1 + exp(-w.f))", chance),
    wrong(check_win_chance, "the library's predicted_scores", "write it yourself: this calls predicted_scores",
          lambda f, w: float(predicted_scores([f], w)[0])),
    wrong(check_log_loss, "the check's own", "write it yourself: this calls log_loss", reference_log_loss),
    right(check_win_chance, "exp(s) / (1 + exp(s))",
          lambda f, w: math.exp(sum(a * b for a, b in zip(w, f))) / (1 + math.exp(sum(a * b for a, b in zip(w, f))))),
    right(check_win_chance, "numpy", lambda f, w: float(1 / (1 + np.exp(-np.dot(w, f))))),
    wrong(check_win_chance, "the sum itself", "turn the weighted sum into a chance",
          lambda f, w: sum(a * b for a, b in zip(w, f))),
    wrong(check_win_chance, "sign", "with the minus", lambda f, w: 1 / (1 + math.exp(sum(a * b for a, b in zip(w, f))))),
    wrong(check_win_chance, "no weights", "multiply each feature by its weight", lambda f, w: 1 / (1 + math.exp(-sum(f)))),
    wrong(check_win_chance, "exp alone", "1 / (1 + exp(−sum))", lambda f, w: math.exp(-sum(a * b for a, b in zip(w, f)))),
    wrong(check_win_chance, "tanh", "tanh goes from −1 to 1", lambda f, w: math.tanh(sum(a * b for a, b in zip(w, f)))),
    wrong(check_win_chance, "always even", "add up weight × feature", lambda f, w: 0.5),
    wrong(check_win_chance, "a table of an earlier run's values", "add up weight × feature",
          lambda f, w: {(2.0, -1.0, 4.0): 0.8022, (1.0, 0.0, -2.0): 0.5, (0.0, 0.0, 0.0): 0.5,
                        (-3.0, 1.0, 0.0): 0.0759}.get(tuple(f), 0.5)),
    wrong(check_log_loss, "a table of an earlier run's values", "the mean over the positions",
          lambda p, y: {(0.9, 0.2, 0.5): 0.2183, (0.6, 0.6): 0.7136, (0.5,): 0.6931}.get(tuple(p), 0.6931)),
    wrong(check_win_chance, "text", "give a number", lambda f, w: "0.5"),
    wrong(check_win_chance, "no return", "forget return", lambda f, w: None),
    right(check_log_loss, "the mean log loss", loss),
    right(check_log_loss, "numpy", lambda p, y: float(-np.mean(np.array(y) * np.log(p) + (1 - np.array(y)) * np.log(1 - np.array(p))))),
    wrong(check_log_loss, "no minus", "put a minus in front",
          lambda p, y: -loss(p, y)),
    wrong(check_log_loss, "a sum", "take the mean", lambda p, y: loss(p, y) * len(p)),
    wrong(check_log_loss, "log10", "natural log", lambda p, y: loss(p, y) / math.log(10)),
    wrong(check_log_loss, "wins only", "count the losses too",
          lambda p, y: -sum(r * math.log(c) for c, r in zip(p, y)) / len(p)),
    wrong(check_log_loss, "squared error", "that is the squared error",
          lambda p, y: sum((c - r) ** 2 for c, r in zip(p, y)) / len(p)),
    wrong(check_log_loss, "swapped", "y goes with log p",
          lambda p, y: -sum(r * math.log(1 - c) + (1 - r) * math.log(c) for c, r in zip(p, y)) / len(p)),
    wrong(check_log_loss, "absolute error", "the mean over the positions",
          lambda p, y: sum(abs(c - r) for c, r in zip(p, y)) / len(p)),
    wrong(check_log_loss, "log 2 always", "the mean over the positions", lambda p, y: math.log(2)),
    right(check_held_out, "random whole games", by_game),
    partly(check_held_out, "the last games (four splits right, the choice of games wrong)",
           "always held out the last games", 4 / 5, last_games),
    wrong(check_held_out, "the first games", "always held out the first games", first_games),
    wrong(check_held_out, "unseeded", "two different answers", unseeded),
    wrong(check_held_out, "floored with int()", "int() rounds down", floored),
    right(check_held_out, "a numpy array of flags",
          lambda n, s: np.array(by_game(n, s))),
    wrong(check_held_out, "random positions", "on each side", by_position),
    wrong(check_held_out, "whole games picked through random positions (long games likelier)",
          "longer on average than a random choice", through_random_positions),
    wrong(check_held_out, "the first positions", "on each side", first_positions),
    wrong(check_held_out, "nothing", "held out nothing", lambda n, s: [False] * len(n)),
    wrong(check_held_out, "everything", "held out everything", lambda n, s: [True] * len(n)),
    wrong(check_held_out, "one flag a game", "one a position", lambda n, s: [g < s * 10 for g in sorted(set(n))]),
    wrong(check_held_out, "a single game", "round(share × games)", lambda n, s: [g == 0 for g in n]),
    wrong(check_held_out, "each game with chance share", "round(share × games)", lambda n, s: coin_per_game(n, s)),
    wrong(check_held_out, "the longest games", "always held out the longest games", lambda n, s: by_length(n, s, True)),
    wrong(check_held_out, "the shortest games", "always held out the shortest games", lambda n, s: by_length(n, s, False)),
    right(check_held_out, "another seed", lambda n, s: [g in set(random.Random(7).sample(sorted(set(n)),
                                                                                         max(1, round(s * 10))))
                                                         for g in n]),
    wrong(check_held_out, "a number", "return one True or False a position", lambda n, s: 3),
    wrong(check_held_out, "a crash", "raised ZeroDivisionError", lambda n, s: [1 / 0]),
]
