"""The loop's store: generations kept as they finish, resumed where they stopped, rated on one scale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lessons_lib.learning.generations import (
    LoopStore, load_generations, load_rating_games, match_schedule, play_rating_game, rate_generations, rating_schedule, ratings, run_generations,
)
from lessons_lib.learning.self_play import LoopSettings

SMALL = LoopSettings(game="baghchal", iterations=8, games=2, sampled_plies=4, seed=5)


class Counting:
    """``map`` that counts what it is asked to do."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, function: Any, items: list[Any]) -> list[Any]:
        self.calls += len(items)
        return [function(item) for item in items]


def test_generations_are_kept_and_a_second_run_goes_on_where_the_first_stopped(tmp_path: Path) -> None:
    path = tmp_path / "loop.sqlite"
    first = LoopStore(path, SMALL)
    one = run_generations(first, 1)
    first.close()
    again = LoopStore(path, SMALL)
    counting = Counting()
    two = run_generations(again, 2, play=counting)
    assert two[:2] == one and counting.calls == SMALL.games  # only generation 1's games were played
    assert [generation.number for generation in again.generations()] == [0, 1, 2]
    fresh = LoopStore(tmp_path / "fresh.sqlite", SMALL)
    assert run_generations(fresh, 2) == two  # the same settings play the same games and fit the same models


def test_a_game_already_stored_is_not_played_again(tmp_path: Path) -> None:
    store = LoopStore(tmp_path / "loop.sqlite", SMALL)
    run_generations(store, 1)
    store.connection.execute("DELETE FROM generations WHERE number = 1")
    store.connection.execute("DELETE FROM games WHERE number = 1")
    store.connection.commit()
    counting = Counting()
    run_generations(store, 1, play=counting)
    assert counting.calls == 1


def test_each_fit_reads_the_games_of_its_window_only(tmp_path: Path) -> None:
    store = LoopStore(tmp_path / "loop.sqlite", SMALL)
    run_generations(store, 3)
    assert {game.generation for game in store.games(1, 2)} == {1, 2}
    assert {game.generation for game in store.games(2)} == {2}
    assert store.game_numbers(1) == set(range(SMALL.games)) and store.game_numbers(3) == set()
    assert store.generations()[3].games == SMALL.games * SMALL.window  # generations 1 and 2


def test_a_file_with_other_settings_or_no_database_is_refused_in_one_line(tmp_path: Path) -> None:
    LoopStore(tmp_path / "loop.sqlite", SMALL).close()
    with pytest.raises(ValueError, match="other settings"):
        LoopStore(tmp_path / "loop.sqlite", LoopSettings(game="baghchal", games=3))
    (tmp_path / "text.sqlite").write_text("not a database\n" * 100)
    with pytest.raises(ValueError, match="is not an SQLite database"):
        LoopStore(tmp_path / "text.sqlite", SMALL)


def test_every_generation_meets_mcts_best_and_the_one_before_with_both_colours(tmp_path: Path) -> None:
    store = LoopStore(tmp_path / "loop.sqlite", SMALL)
    generations = run_generations(store, 1)
    schedule = rating_schedule(generations, SMALL, openings=2, best="random")
    opponents = sorted({(task.generation.number, task.opponent_name) for task in schedule})
    assert opponents == [(0, "mcts:8"), (0, "random"), (1, "generation 0"), (1, "mcts:8"), (1, "random")]
    assert len(schedule) == 5 * 2 * 2 and len({task.key for task in schedule}) == len(schedule)
    assert play_rating_game(schedule[0]) == play_rating_game(schedule[0])  # seeded
    assert len({task.moves for task in schedule}) == 2  # two openings, each with both colours


def test_a_match_at_equal_time_gives_both_generations_the_same_seconds(tmp_path: Path) -> None:
    store = LoopStore(tmp_path / "loop.sqlite", SMALL)
    generations = run_generations(store, 1)
    tasks = match_schedule(generations[1], [generations[0], "mcts:0.01s"], SMALL, openings=1, seconds=0.01)
    assert [(task.opponent_name, task.colour) for task in tasks] == [
        ("generation 0", 0), ("generation 0", 1), ("mcts:0.01s", 0), ("mcts:0.01s", 1)]
    game = play_rating_game(tasks[0])
    assert (game.player, game.opponent, game.points in (0, 0.5, 1)) == ("generation 1", "generation 0", True)


def test_ratings_put_every_generation_on_one_scale_with_mcts_at_zero(tmp_path: Path) -> None:
    store = LoopStore(tmp_path / "loop.sqlite", SMALL)
    generations = run_generations(store, 1)
    games = rate_generations(store, generations, openings=1, best="random")
    assert len(games) == 10 and all(game.points in (0, 0.5, 1) for game in games)
    counting = Counting()
    assert rate_generations(store, generations, openings=1, best="random", play=counting) == games
    assert counting.calls == 0  # all stored
    table = ratings(games, "mcts:8")
    assert table["mcts:8"] == (0.0, 0.0, 0.0)
    assert all(low <= elo <= high for elo, low, high in table.values())


def test_the_command_plays_rates_and_writes_then_resumes_and_refuses_bad_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from lessons_lib.cli.main import main

    command = ["alphazero", "baghchal", "--generations", "1", "--games", "2", "--iterations", "8", "--openings", "1",
               "--window", "3", "--sampled-plies", "5", "--best", "random", "--db", str(tmp_path / "loop.sqlite"), "--workers", "1"]
    assert main([*command, "--out", str(tmp_path / "out")]) == 0
    printed = capsys.readouterr().out
    assert "generation 1: fitted on 2 games" in printed and "mcts:8:      +0 Elo" in printed
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == [
        "baghchal_generations.json", "baghchal_ratings.csv", "baghchal_selfplay.csv"]
    settings, generations = load_generations("baghchal", tmp_path / "out")
    assert (settings.window, settings.sampled_plies) == (3, 5)
    store = LoopStore(tmp_path / "loop.sqlite", settings)  # the settings read back are the loop's own
    assert generations == store.generations() and len(generations) == 2
    assert load_rating_games("baghchal", tmp_path / "out") == store.rating_games()
    store.close()
    assert main(command) == 0  # again: all in the file (a game played twice could not be stored), same ratings
    assert capsys.readouterr().out.splitlines() == [line for line in printed.splitlines()
                                                    if not line.startswith("written to")]
    assert main([*command[:-4], "--db", str(tmp_path), "--workers", "1"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "folder" in error
