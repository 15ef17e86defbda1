"""Lesson 11's committed runs of the loop (data/alphazero) are whole, end by the rules, and are what the code plays."""

from __future__ import annotations

import pytest

from lessons_lib.arena.ratings import score_interval
from lessons_lib.experiments.data import load_table
from lessons_lib.games import GAMES
from lessons_lib.learning.generations import (
    ALPHAZERO_DATA, generation_name, load_generations, load_rating_games, play_rating_game, rating_schedule,
)
from lessons_lib.learning.self_play import self_play_game

RUNS = ("shologuti", "baghchal", "hus", "shobu")


@pytest.mark.parametrize("game", RUNS)
def test_every_generation_played_its_games_and_every_game_ended_by_the_rules(game: str) -> None:
    settings, generations = load_generations(game)
    assert settings.game == game and [generation.number for generation in generations] == list(
        range(len(generations)))
    played = load_table(f"{game}_selfplay", ALPHAZERO_DATA)
    for generation in generations[:-1]:  # the last one is fitted, not yet played
        numbers = sorted(int(row["number"]) for row in played if row["generation"] == generation.number)
        assert numbers == list(range(settings.games))
    reasons = set(GAMES[game].engine.end_reasons)
    assert {row["reason"] for row in played} <= reasons
    assert {rating.reason for rating in load_rating_games(game)} <= reasons


@pytest.mark.parametrize("game", RUNS)
def test_the_rating_games_are_the_whole_schedule(game: str) -> None:
    settings, generations = load_generations(game)
    games = load_rating_games(game)
    openings = 1 + max(rating.opening for rating in games)
    best = next(rating.opponent for rating in games if rating.opponent.startswith("best"))
    assert sorted(rating.key for rating in games) == sorted(
        task.key for task in rating_schedule(generations, settings, openings, best))


@pytest.mark.parametrize("game", ["shologuti", "baghchal"])
def test_the_saved_models_play_the_saved_games_again(game: str) -> None:
    settings, generations = load_generations(game)
    played = {(int(row["generation"]), int(row["number"])): row for row in load_table(f"{game}_selfplay",
                                                                                       ALPHAZERO_DATA)}
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
