"""Notebook 09: the geometric branching factor, and the data behind the best-game check (the checks themselves are
in the catalogues)."""

from __future__ import annotations

import math
import random

import pytest

from lessons_lib.experiments.game_comparison import random_profile
from lessons_lib.exercises.other_games import check_best_game_for_mcts
from lessons_lib.experiments.data import load_table
from lessons_lib.games import GAMES


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


def test_the_best_game_for_mcts_is_read_from_the_data() -> None:
    rows = [row for row in load_table("game_matches") if row["match"] == "alphabeta-mcts"]
    assert {row["game"] for row in rows} == set(GAMES)
    best = min(rows, key=lambda row: float(row["first_score"]))["game"]
    assert check_best_game_for_mcts(best).passed
    others = [str(row["game"]) for row in rows if row["first_score"] != min(float(r["first_score"]) for r in rows)]
    assert others and not check_best_game_for_mcts(others[0]).passed
    assert "not one of the games" in check_best_game_for_mcts("chess").message
