"""Lesson 11's committed runs of the loop (data/alphazero, and the run with the mixed target and the clock in
data/alphazero/mixed_and_clock) are whole, end by the rules, and are what the code plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons_lib.arena.ratings import score_interval
from lessons_lib.experiments.data import load_table
from lessons_lib.games import GAMES
from lessons_lib.learning.generations import (
    ALPHAZERO_DATA, generation_name, load_generations, load_rating_games, play_rating_game, rating_schedule, ratings,
)
from lessons_lib.learning.self_play import self_play_game

GAMES_RUN = ("shologuti", "baghchal", "hus", "shobu")
MIXED_AND_CLOCK = ALPHAZERO_DATA / "mixed_and_clock"
"""The loop again with the value fitted to the mean of the result and the root's value, reading the draw clock."""
RUNS = [(game, folder) for folder in (ALPHAZERO_DATA, MIXED_AND_CLOCK) for game in GAMES_RUN]
RUN_IDS = [f"{game}-{folder.name}" for game, folder in RUNS]


@pytest.mark.parametrize(("game", "folder"), RUNS, ids=RUN_IDS)
def test_every_generation_played_its_games_and_every_game_ended_by_the_rules(game: str, folder: Path) -> None:
    settings, generations = load_generations(game, folder)
    assert settings.game == game and [generation.number for generation in generations] == list(
        range(len(generations)))
    played = load_table(f"{game}_selfplay", folder)
    for generation in generations[:-1]:  # the last one is fitted, not yet played
        numbers = sorted(int(row["number"]) for row in played if row["generation"] == generation.number)
        assert numbers == list(range(settings.games))
    reasons = set(GAMES[game].engine.end_reasons)
    assert {row["reason"] for row in played} <= reasons
    assert {rating.reason for rating in load_rating_games(game, folder)} <= reasons


@pytest.mark.parametrize(("game", "folder"), RUNS, ids=RUN_IDS)
def test_the_rating_games_are_the_whole_schedule(game: str, folder: Path) -> None:
    settings, generations = load_generations(game, folder)
    games = load_rating_games(game, folder)
    openings = 1 + max(rating.opening for rating in games)
    best = next(rating.opponent for rating in games if rating.opponent.startswith("best"))
    assert sorted(rating.key for rating in games) == sorted(
        task.key for task in rating_schedule(generations, settings, openings, best))


@pytest.mark.parametrize(("game", "folder"), [("shologuti", ALPHAZERO_DATA), ("baghchal", ALPHAZERO_DATA),
                                              ("shologuti", MIXED_AND_CLOCK), ("hus", MIXED_AND_CLOCK)])
def test_the_saved_models_play_the_saved_games_again(game: str, folder: Path) -> None:
    settings, generations = load_generations(game, folder)
    played = {(int(row["generation"]), int(row["number"])): row for row in load_table(f"{game}_selfplay", folder)}
    for number in (0, 1):  # generation 1's model, read back from the file, plays generation 1's game again
        again = self_play_game(generations[number].model, settings, number, 0)
        row = played[(number, 0)]
        winner = "" if again.winner is None else again.winner
        assert (winner, again.reason, len(again.positions)) == (row["winner"], row["reason"], row["plies"])


def test_a_rating_game_is_played_again_move_for_move() -> None:
    settings, generations = load_generations("baghchal")
    games = {rating.key: rating for rating in load_rating_games("baghchal")}
    openings = 1 + max(rating.opening for rating in games.values())
    best = next(rating.opponent for rating in games.values() if rating.opponent.startswith("best"))
    tasks = [task for task in rating_schedule(generations[:2], settings, openings, best)
             if not task.opponent_name.startswith("best")][:3]  # best thinks by the clock: not repeatable
    for task in tasks:
        assert play_rating_game(task) == games[task.key]


@pytest.mark.parametrize("game", ["shologuti", "hus"])
def test_the_equal_time_table_is_counted_right(game: str) -> None:
    _, generations = load_generations(game)
    rows = load_table(f"{game}_equal_time", ALPHAZERO_DATA)
    assert {row["player"] for row in rows} == {generation_name(generations[-1].number)}
    assert [row["opponent"] for row in rows][2:] == ["generation 0", "generation 1"]
    for row in rows:
        wins, draws, losses = int(row["wins"]), int(row["draws"]), int(row["losses"])
        low, high = score_interval(wins, draws, losses)
        assert wins + draws + losses == row["games"] and row["games"] % 2 == 0  # every opening with both colours
        assert (row["score"], row["low"], row["high"]) == (
            round((wins + draws / 2) / row["games"], 4), round(low, 4), round(high, 4))


def test_a_missing_table_is_named_in_one_line_with_its_folder() -> None:
    with pytest.raises(FileNotFoundError, match=r"no data at .*nowhere\.csv: give the folder that holds nowhere\.csv"):
        load_table("nowhere", ALPHAZERO_DATA)
    with pytest.raises(FileNotFoundError, match="python -m lessons_lib experiment all"):
        load_table("nowhere")


@pytest.mark.parametrize("game", GAMES_RUN)
def test_the_equal_time_games_of_the_mixed_and_clock_run_add_up_to_its_table(game: str) -> None:
    _, generations = load_generations(game, MIXED_AND_CLOCK)
    rows = load_table(f"{game}_equal_time", MIXED_AND_CLOCK)
    games = load_table(f"{game}_equal_time_games", MIXED_AND_CLOCK)
    assert [row["opponent"] for row in rows] == [f"mcts:{rows[0]['seconds']:g}s", "generation 1"]
    for row in rows:
        points = [float(game_row["points"]) for game_row in games if game_row["opponent"] == row["opponent"]]
        assert {game_row["player"] for game_row in games} == {row["player"]} == {
            generation_name(generations[-1].number)}
        assert (points.count(1.0), points.count(0.5), points.count(0.0)) == (row["wins"], row["draws"], row["losses"])
        low, high = score_interval(int(row["wins"]), int(row["draws"]), int(row["losses"]))
        assert (row["score"], row["low"], row["high"]) == (
            round(sum(points) / len(points), 4), round(low, 4), round(high, 4))
        pairs = {(game_row["opening"], game_row["colour"]) for game_row in games
                 if game_row["opponent"] == row["opponent"]}
        openings = len(points) // 2  # every opening with both colours, each once
        assert pairs == {(float(opening), float(colour)) for opening in range(openings) for colour in (0, 1)}


def test_the_readme_of_the_mixed_and_clock_run_is_its_rows() -> None:
    text = (ALPHAZERO_DATA / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## The loop again, with the mixed target and the clock"):]

    def percent(low: float, high: float, score: float) -> str:
        return f"{100 * score:.1f}% ({100 * low:.1f}% to {100 * high:.1f}%)"

    for game in GAMES_RUN:
        for row in load_table(f"{game}_equal_time", MIXED_AND_CLOCK):
            wins, draws, losses = int(row["wins"]), int(row["draws"]), int(row["losses"])
            low, high = score_interval(wins, draws, losses)
            cells = f"| {wins} | {draws} | {losses} | {percent(low, high, (wins + draws / 2) / row['games'])} |"
            assert cells in section, (game, row["opponent"], cells)
    for label, folder in (("the lesson's first run", ALPHAZERO_DATA), ("mixed target and clock", MIXED_AND_CLOCK)):
        for row in load_table("shologuti_ablation", folder):
            wins, draws, losses = int(row["wins"]), int(row["draws"]), int(row["losses"])
            low, high = score_interval(wins, draws, losses)
            line = (f"| {label} | {row['player']} | {wins} | {draws} | {losses} | "
                    f"{percent(low, high, (wins + draws / 2) / (wins + draws + losses))} |")
            assert line in section, line
    settings, generations = load_generations("shologuti", MIXED_AND_CLOCK)
    table = ratings(load_rating_games("shologuti", MIXED_AND_CLOCK), f"mcts:{settings.iterations}")
    for generation in generations:
        elo, low, high = table[generation_name(generation.number)]
        words = f"{elo:+.0f} ({low:+.1f} to {high:+.1f})".replace("-", "−")
        assert words in section, words
    played = load_table("shologuti_selfplay", MIXED_AND_CLOCK)
    drawn = [sum(row["winner"] == "" for row in played if row["generation"] == number) for number in range(5)]
    assert f"drew {', '.join(map(str, drawn[:4]))} and {drawn[4]} of the forty games" in section
