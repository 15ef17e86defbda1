"""Notebook 09: the checks for measuring a game, the goats' rollouts and MCTS's best game."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from lessons_lib.agents.rollouts import uniform_rollout
from lessons_lib.arena.game_comparison import random_profile
from lessons_lib.exercises.other_games import check_best_game_for_mcts, check_game_measure, check_goat_rollouts
from lessons_lib.experiment_data import load_table
from lessons_lib.games import GAMES


def measure(game_name: str, games: int, seed: int, geometric: bool = False) -> tuple[float, float]:
    rng = random.Random(seed)
    moves_counted = positions = plies = 0
    log_moves = 0.0
    for _ in range(games):
        position = GAMES[game_name].start()
        while not position.is_game_over():
            moves = position.legal_moves()
            moves_counted += len(moves)
            log_moves += math.log(len(moves))
            positions += 1
            position = position.play(rng.choice(moves))
            plies += 1
    return (math.exp(log_moves / positions) if geometric else moves_counted / positions), plies / games


def test_a_correct_measure_passes_on_every_game() -> None:
    feedback = check_game_measure(measure)
    assert feedback.passed, feedback
    assert all(name in feedback.message for name in GAMES)
    assert "arithmetic means. For the tree size b^L, the geometric mean is the right one" in feedback.message


def test_the_geometric_mean_passes_and_is_recognised() -> None:
    feedback = check_game_measure(lambda name, games, seed: measure(name, games, seed, geometric=True))
    assert feedback.passed, feedback
    assert "geometric means: exactly what the tree size b^L needs" in feedback.message


def test_the_profiles_geometric_branching_gives_the_mean_log_of_a_games_lines() -> None:
    profile = random_profile("shologuti", games=20, seed=3)
    rng, total = random.Random(3), 0.0
    for _ in range(20):
        position = GAMES["shologuti"].start()
        while not position.is_game_over():
            moves = position.legal_moves()
            total += math.log10(len(moves))
            position = position.play(rng.choice(moves))
    assert profile.plies * math.log10(profile.geometric_branching) == pytest.approx(total / 20)
    assert profile.geometric_branching < profile.branching


def test_wrong_measures_are_told_what_is_wrong() -> None:
    def per_game(game_name: str, games: int, seed: int) -> tuple[float, float]:
        branching, plies = measure(game_name, games, seed)
        return branching * plies, plies  # moves summed over a game, not averaged over positions

    def unseeded(game_name: str, games: int, seed: int) -> tuple[float, float]:
        return measure(game_name, games, random.randrange(10**9))

    def short_games(game_name: str, games: int, seed: int) -> tuple[float, float]:
        branching, plies = measure(game_name, games, seed)
        return branching, plies / 2

    assert "number of those positions" in check_game_measure(per_game).message
    assert "random.Random(seed)" in check_game_measure(unseeded).message
    assert "counting every move" in check_game_measure(short_games).message
    assert "return two numbers" in check_game_measure(lambda name, games, seed: 3.0).message
    assert "raised ZeroDivisionError" in check_game_measure(lambda name, games, seed: 1 / 0).message
    assert not check_game_measure(lambda name, games, seed: (11.0, 100.0)).passed  # the same answer for every game


def goat_rollout(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
    plies = 0
    while not state.is_game_over() and plies < max_plies:
        moves = state.legal_moves()
        if state.to_move == 1:
            choices = [move for move in moves if move.is_capture] or moves
        else:
            choices = [move for move in moves
                       if not any(reply.is_capture for reply in state.play(move).legal_moves())] or moves
        state = state.play(rng.choice(choices))
        plies += 1
    return state, plies


def test_informed_goats_pass_and_random_rollouts_do_not() -> None:
    feedback = check_goat_rollouts(goat_rollout)
    assert feedback.passed, feedback
    uniform = check_goat_rollouts(uniform_rollout)
    assert not uniform.passed and "Hint" in uniform.message


def test_a_rollout_policy_that_is_not_one_is_refused() -> None:
    def endless(state: Any, rng: random.Random, max_plies: int) -> tuple[Any, int]:
        return goat_rollout(state, rng, max_plies + 10)

    assert "stop at max_plies" in check_goat_rollouts(endless).message
    assert "return (the last position" in check_goat_rollouts(lambda state, rng, plies: state).message


def test_the_best_game_for_mcts_is_read_from_the_data() -> None:
    rows = [row for row in load_table("game_matches") if row["match"] == "alphabeta-mcts"]
    assert {row["game"] for row in rows} == set(GAMES)
    best = min(rows, key=lambda row: float(row["first_score"]))["game"]
    assert check_best_game_for_mcts(best).passed
    others = [str(row["game"]) for row in rows if row["first_score"] != min(float(r["first_score"]) for r in rows)]
    assert others and not check_best_game_for_mcts(others[0]).passed
    assert "not one of the games" in check_best_game_for_mcts("chess").message
