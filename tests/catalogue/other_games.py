"""Answers to lesson 09's checks: measuring any game, the goats' rollouts, and MCTS's best game."""

from __future__ import annotations

import math
import random
from typing import Any

from lessons_lib.agents.rollouts import captures_first_rollout, uniform_rollout
from lessons_lib.exercises.other_games import check_best_game_for_mcts, check_game_measure, check_goat_rollouts
from lessons_lib.experiments.game_comparison import random_profile
from lessons_lib.experiments.data import load_table
from lessons_lib.games import GAMES
from catalogue import Answer, right, wrong

TIGERS = 1


def measure(game_name: str, games: int, seed: int, geometric: bool = False, generator_per_game: bool = False,
            per_game: bool = False, finished_counted: bool = False, cap: int | None = None,
            shuffle: bool = False) -> tuple[float, float]:
    rng = random.Random(seed)
    moves_counted = positions = plies = 0
    log_moves = 0.0
    for _ in range(games):
        if generator_per_game:
            rng = random.Random(seed)
        position, played = GAMES[game_name].start(), 0
        while not position.is_game_over() and played != cap:
            moves = position.legal_moves()
            moves_counted += len(moves)
            log_moves += math.log(len(moves))
            positions += 1
            if shuffle:
                rng.shuffle(moves)
            position = position.play(moves[0] if shuffle else rng.choice(moves))
            plies += 1
            played += 1
        positions += finished_counted
    if per_game:
        return moves_counted / games, plies / games
    return (math.exp(log_moves / positions) if geometric else moves_counted / positions), plies / games


def picked_by_index(game_name: str, games: int, seed: int) -> tuple[float, float]:
    """The lesson's measure, each move picked as moves[rng.randrange(len(moves))]."""
    rng = random.Random(seed)
    moves_counted = positions = plies = 0
    for _ in range(games):
        position = GAMES[game_name].start()
        while not position.is_game_over():
            moves = position.legal_moves()
            moves_counted, positions, plies = moves_counted + len(moves), positions + 1, plies + 1
            position = position.play(moves[rng.randrange(len(moves))])
    return moves_counted / positions, plies / games


REFERENCE_TABLE = {name: (profile.branching, profile.plies) for name in GAMES
                   for profile in [random_profile(name, 400, seed=0)]}
"""The numbers a student could copy from the lesson's table of random games."""


def informed(tigers_capture: bool = True, goats_careful: bool = True) -> Any:
    def policy(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
        plies = 0
        while not state.is_game_over() and plies < max_plies:
            moves = state.legal_moves()
            if state.to_move == TIGERS:
                captures = [move for move in moves if move.is_capture]
                others = [move for move in moves if not move.is_capture]
                choices = (captures if tigers_capture else others) or moves
            elif goats_careful:
                choices = [move for move in moves
                           if not any(reply.is_capture for reply in state.play(move).legal_moves())] or moves
            else:
                choices = moves
            state = state.play(rng.choice(choices))
            plies += 1
        return state, plies
    return policy


def _mcts_scores() -> dict[str, float]:
    rows = [row for row in load_table("game_matches") if row["match"] == "alphabeta-mcts"]
    return {str(row["game"]): 1 - float(row["first_score"]) for row in rows}


SCORES = _mcts_scores()
BEST = max(SCORES, key=lambda game: SCORES[game])
WORST = min(SCORES, key=lambda game: SCORES[game])
UNSEEDED = random.Random()

ANSWERS: list[Answer] = [
    right(check_game_measure, "arithmetic means", measure),
    wrong(check_game_measure, "the library's random_profile", "write it yourself: this calls random_profile",
          lambda name, games, seed: (lambda p: (p.branching, p.plies))(random_profile(name, games, seed))),
    right(check_game_measure, "moves picked with rng.randrange", lambda name, games, seed: picked_by_index(name, games, seed)),
    right(check_game_measure, "moves picked by shuffling (another way to choose)",
          lambda name, games, seed: measure(name, games, seed, shuffle=True)),
    wrong(check_game_measure, "the finished position counted", "counted the finished position too",
          lambda name, games, seed: measure(name, games, seed, finished_counted=True)),
    wrong(check_game_measure, "games capped at 200 plies", "stop after 200 plies",
          lambda name, games, seed: measure(name, games, seed, cap=200)),
    wrong(check_game_measure, "the reference's numbers as a table", "a whole number",
          lambda name, games, seed: REFERENCE_TABLE[name]),
    wrong(check_game_measure, "the table, nudged by the seed", "a whole number",
          lambda name, games, seed: (REFERENCE_TABLE[name][0], REFERENCE_TABLE[name][1] + seed / 1000)),
    right(check_game_measure, "geometric means", lambda name, games, seed: measure(name, games, seed, True)),
    wrong(check_game_measure, "moves summed over a game", "number of those positions",
          lambda name, games, seed: measure(name, games, seed, per_game=True)),
    wrong(check_game_measure, "a new generator for every game", "before the loop over games",
          lambda name, games, seed: measure(name, games, seed, generator_per_game=True)),
    wrong(check_game_measure, "unseeded", "random.Random(seed)",
          lambda name, games, seed: measure(name, games, UNSEEDED.randrange(10**9))),
    wrong(check_game_measure, "half the plies", "counting every move",
          lambda name, games, seed: (measure(name, games, seed)[0], measure(name, games, seed)[1] / 2)),
    wrong(check_game_measure, "the same answer for every game", "random baghchal games last about",
          lambda name, games, seed: (11.0, 100.0)),
    wrong(check_game_measure, "one number", "return two numbers", lambda name, games, seed: 3.0),
    wrong(check_game_measure, "text", "return two numbers", lambda name, games, seed: ("10", "100")),
    wrong(check_game_measure, "a crash", "raised ZeroDivisionError", lambda name, games, seed: 1 / 0),
    right(check_goat_rollouts, "careful goats, capturing tigers", informed()),
    wrong(check_goat_rollouts, "tigers that never capture", "Do your tigers capture", informed(tigers_capture=False)),
    wrong(check_goat_rollouts, "uniform", "aim for at least 15%", uniform_rollout),
    wrong(check_goat_rollouts, "only the tigers informed", "aim for at least 15%", informed(goats_careful=False)),
    wrong(check_goat_rollouts, "captures first (helps the tigers only)", "aim for at least 15%",
          captures_first_rollout),
    wrong(check_goat_rollouts, "past max_plies", "stop at max_plies",
          lambda state, rng, max_plies: informed()(state, rng, max_plies + 10)),
    wrong(check_goat_rollouts, "the state only", "return (the last position", lambda state, rng, max_plies: state),
    right(check_best_game_for_mcts, "the game where MCTS scored most", BEST),
    right(check_best_game_for_mcts, "its name in capitals", BEST.upper()),
    wrong(check_best_game_for_mcts, "the game where MCTS scored least", "look again", WORST),
    wrong(check_best_game_for_mcts, "a game not in the suite", "not one of the games", "chess"),
    wrong(check_best_game_for_mcts, "a number", "not one of the games", 3),
]
