"""The loop on a Dask cluster gives exactly the games, generations and gates it gives on one machine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lessons_lib.learning.generations import LoopStore, run_generations
from lessons_lib.learning.self_play import LoopSettings

distributed = pytest.importorskip("distributed")

SETTINGS = LoopSettings(game="shologuti", iterations=8, games=3, sampled_plies=2, seed=1, gate_pairs=2,
                        value_target="mixed", clock_inputs=True)


def test_the_loop_plays_the_same_games_on_a_local_cluster(tmp_path: Path) -> None:
    alone = LoopStore(tmp_path / "alone.sqlite", SETTINGS)
    expected = run_generations(alone, 2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with distributed.Client(cluster) as client:
            spread = LoopStore(tmp_path / "spread.sqlite", SETTINGS)
            assert run_generations(spread, 2, play=client.get_executor(pure=False).map) == expected
    assert spread.games() == alone.games()
    assert spread.gate_games() == alone.gate_games()


def test_the_alphazero_command_takes_dask_without_an_address(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from lessons_lib.cli.main import main

    options = ["alphazero", "hus", "--generations", "1", "--games", "2", "--iterations", "6", "--openings", "1",
               "--best", "random", "--gate", "1"]
    assert main([*options, "--db", str(tmp_path / "here.sqlite"), "--out", str(tmp_path / "here"),
                 "--workers", "1"]) == 0
    assert main([*options, "--db", str(tmp_path / "there.sqlite"), "--out", str(tmp_path / "there"),
                 "--workers", "2", "--dask"]) == 0
    capsys.readouterr()
    for name in ("hus_selfplay.csv", "hus_ratings.csv"):
        here, there = ((tmp_path / folder / name).read_text().splitlines() for folder in ("here", "there"))
        if name == "hus_selfplay.csv":  # processor seconds are the machine's, not the game's
            here, there = ([line.rsplit(",", 1)[0] for line in lines] for lines in (here, there))
        assert here == there
    generations = [json.loads((tmp_path / folder / "hus_generations.json").read_text())["generations"]
                   for folder in ("here", "there")]
    for each in generations:
        for generation in each:
            generation.pop("self_play_seconds")
    assert generations[0] == generations[1]
