"""The ablation benchmark: a generation's learned policy and learned value, each alone, from the same openings and
seeds; and the equal-time match's record of every game."""

from __future__ import annotations

import csv
import random
import shutil
import sys
from pathlib import Path

import pytest

from lessons_lib.learning.generations import ALPHAZERO_DATA, load_generations
from lessons_lib.learning.self_play import move_by_visits
from locations import benchmark_script

MIXED_AND_CLOCK = ALPHAZERO_DATA / "mixed_and_clock"


def test_each_player_keeps_the_halves_its_name_says() -> None:
    module = benchmark_script("alphazero_ablation")
    model = load_generations("shologuti", MIXED_AND_CLOCK)[1][-1].model
    kept = {player: module.ablated(model, player) for player in module.PLAYERS}
    assert kept["policy and value"] == model
    assert kept["policy alone"].policy_weights == model.policy_weights and not any(kept["policy alone"].value_weights)
    assert kept["value alone"].value_weights == model.value_weights and not any(kept["value alone"].policy_weights)
    assert not any(kept["neither"].value_weights) and not any(kept["neither"].policy_weights)
    assert kept["neither"].clock_inputs == model.clock_inputs  # the same inputs, every weight 0
    start = model.game.start()
    assert kept["policy alone"].value(start, 0) == 0.5  # generation 0's value
    assert len(set(kept["value alone"].priors(start, start.legal_moves()))) == 1  # every move alike


def test_a_small_ablation_writes_its_players_and_their_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(MIXED_AND_CLOCK / "hus_generations.json", tmp_path)
    module = benchmark_script("alphazero_ablation")
    monkeypatch.setattr(sys, "argv", ["alphazero_ablation.py", "--game", "hus", "--openings", "1", "--data",
                                      str(tmp_path), "--workers", "1"])
    module.main()
    rows = list(csv.DictReader(open(tmp_path / "hus_ablation.csv", newline="")))
    games = list(csv.DictReader(open(tmp_path / "hus_ablation_games.csv", newline="")))
    assert [row["player"] for row in rows] == list(module.PLAYERS)
    for row in rows:
        own = [game for game in games if game["player"] == row["player"]]
        assert sorted((game["opening"], game["colour"]) for game in own) == [("0", "0"), ("0", "1")]
        points = [float(game["points"]) for game in own]
        assert (points.count(1.0), points.count(0.5), points.count(0.0)) == (
            int(row["wins"]), int(row["draws"]), int(row["losses"]))


def test_the_sampled_move_is_the_one_random_choices_draws() -> None:
    for seed in range(300):
        rng = random.Random(seed)
        moves = [f"m{index}" for index in range(rng.randint(1, 8))]
        visits = [rng.choice((0, 0, 1, 2, 5, 17)) for _ in moves]
        if not any(visits):
            visits[-1] = 1
        assert move_by_visits(moves, visits, random.Random(seed + 1).random()) == random.Random(seed + 1).choices(
            moves, weights=visits)[0]
