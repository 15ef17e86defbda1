"""A tournament on a Dask cluster through its concurrent.futures executor (the optional 'cluster' extra)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from lessons_lib.arena.tournament import TournamentSettings, play_tournament, round_robin

distributed = pytest.importorskip("distributed")


def test_a_tournament_runs_on_a_dask_cluster_with_the_same_results() -> None:
    schedule = round_robin(["random", "greedy", "mcts:20"], TournamentSettings(games_per_pair=2))
    local = play_tournament(schedule, workers=1, progress=False).results
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with distributed.Client(cluster) as client:
            remote = play_tournament(schedule, executor=client.get_executor(pure=False), progress=False).results
    assert [(r.key, r.first_score, r.reason, r.plies) for r in remote] == \
           [(r.key, r.first_score, r.reason, r.plies) for r in local]


def test_the_experiment_command_plays_on_a_dask_cluster(tmp_path: Path) -> None:
    from lessons_lib.cli.main import main

    options = ["strength", "--depths", "1,2", "--iterations", "20,40", "--games-per-pair", "2", "--quiet"]
    assert main(["experiment", *options, "--out", str(tmp_path / "here"), "--workers", "1"]) == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        assert main(["experiment", *options, "--out", str(tmp_path / "there"), "--dask", cluster.scheduler_address,
                     "--db", str(tmp_path / "there.sqlite")]) == 0
    for name in ("depth.csv", "iterations.csv"):
        here, there = (list(csv.DictReader(open(tmp_path / folder / name, newline=""))) for folder in ("here", "there"))
        assert [(row["player"], row["wins"], row["draws"], row["elo"]) for row in here] == \
               [(row["player"], row["wins"], row["draws"], row["elo"]) for row in there]


def test_the_tournament_command_plays_students_files_on_a_local_dask_cluster(tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from lessons_lib.cli.main import main

    student = tmp_path / "student.py"
    student.write_bytes((Path(__file__).parent.parent / "student_agents" / "good.py").read_bytes())
    options = ["tournament", "random", "mcts:10", str(student), "--games-per-pair", "2", "--quiet", "--json"]
    assert main([*options, "--workers", "1"]) == 0
    here = json.loads(capsys.readouterr().out)
    assert main([*options, "--workers", "2", "--dask"]) == 0  # no address: a LocalCluster of two processes
    there = json.loads(capsys.readouterr().out)
    assert [(game["key"], game["first_score"], game["reason"], game["plies"]) for game in there["games"]] == \
           [(game["key"], game["first_score"], game["reason"], game["plies"]) for game in here["games"]]
    assert not any("forfeit" in game["reason"] for game in there["games"])


def test_a_dask_address_that_answers_nothing_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from lessons_lib.cli.main import main

    assert main(["tournament", "random", "greedy", "--quiet", "--dask", "tcp://127.0.0.1:9"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "could not reach a Dask scheduler at" in error, error
