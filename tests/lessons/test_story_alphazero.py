"""Lesson 11's story holds on its data (data/alphazero): each key claim the lesson and the data's README make,
computed with the library from the saved games, so that a run made again that changes a conclusion fails here."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from lessons_lib.arena.score_intervals import score_interval, sign_test
from lessons_lib.experiments.data import load_table
from lessons_lib.games import GAMES
from lessons_lib.learning.generations import (
    ALPHAZERO_DATA, RatingGame, generation_name, load_generations, load_rating_games, ratings,
)

SMALL = 0.05
"""A sign test's p the lesson calls small."""
Record = tuple[int, int, int]


def record(games: Sequence[RatingGame], players: Sequence[str], opponent: str) -> Record:
    """Won, drawn and lost: the games of any of ``players`` against ``opponent``, for the players."""
    points = [game.points for game in games if game.player in players and game.opponent == opponent]
    return points.count(1.0), points.count(0.5), points.count(0.0)


def generations_of(game: str) -> list[str]:
    return [generation_name(generation.number) for generation in load_generations(game)[1]]


def best_of(games: Sequence[RatingGame]) -> str:
    return next(game.opponent for game in games if game.opponent.startswith("best"))


def equal_time(game: str) -> dict[str, Record]:
    return {str(row["opponent"]): (int(row["wins"]), int(row["draws"]), int(row["losses"]))
            for row in load_table(f"{game}_equal_time", ALPHAZERO_DATA)}


def above_half(wins: int, draws: int, losses: int) -> bool:
    return score_interval(wins, draws, losses)[0] > 0.5


def below_half(wins: int, draws: int, losses: int) -> bool:
    return score_interval(wins, draws, losses)[1] < 0.5


def test_the_miniature_is_linear_in_a_few_hand_made_features() -> None:
    features = GAMES["shologuti"].engine.feature_names
    assert {"mobility", "centre"} <= set(features) and len(features) < 10
    for generation in load_generations("shologuti")[1]:
        assert len(generation.model.value_weights) == len(generation.model.policy_weights) == len(features)


def test_shologuti_self_play_is_mostly_drawn_from_generation_1_on() -> None:
    later = [row for row in load_table("shologuti_selfplay", ALPHAZERO_DATA) if row["generation"] >= 1]
    assert sum(row["winner"] == "" for row in later) >= 0.85 * len(later)


def test_each_shologuti_fit_reads_every_generations_games_so_far_at_most_200() -> None:
    settings, generations = load_generations("shologuti")
    fitted = [generation.games for generation in generations[1:]]
    assert fitted == [settings.games * generation.number for generation in generations[1:]]  # 40, 80, ..., 200
    assert settings.games == 40 and max(fitted) == 200


def test_generation_0_loses_to_mcts_and_the_learned_generations_pooled_beat_it() -> None:
    settings, _ = load_generations("shologuti")
    games, mcts = load_rating_games("shologuti"), f"mcts:{settings.iterations}"
    blank = record(games, ["generation 0"], mcts)
    assert blank[0] == 0 and below_half(*blank) and sign_test(blank[0], blank[2]) < 0.01
    pooled = record(games, generations_of("shologuti")[1:], mcts)
    assert pooled[2] == 0 and above_half(*pooled) and sign_test(pooled[0], pooled[2]) < 1e-6


def test_shologuti_elo_intervals_alone_are_mixed_about_mcts() -> None:
    settings, _ = load_generations("shologuti")
    table = ratings(load_rating_games("shologuti"), f"mcts:{settings.iterations}")
    above = [name for name in generations_of("shologuti") if table[name][1] > 0]
    assert above == ["generation 2", "generation 3", "generation 5"]  # 1 and 4 contain 0 (4 by a fraction)
    assert table["generation 0"][1] < 0 < table["generation 0"][2]  # its Elo interval reaches above 0
    assert table["generation 0"][2] > table["generation 5"][1]  # the first and last overlap


def test_shologuti_learns_once_then_the_curve_is_flat() -> None:
    games, names = load_rating_games("shologuti"), generations_of("shologuti")
    first = record(games, ["generation 1"], "generation 0")
    assert first[0] > 0 and first[2] == 0 and sign_test(first[0], first[2]) > SMALL  # p = 0.0625: not alone
    for newer, older in zip(names[2:], names[1:]):
        assert record(games, [newer], older)[0::2] == (0, 0), newer  # every game drawn


@pytest.mark.parametrize("game", ["shologuti", "baghchal", "hus", "shobu"])
def test_best_is_ahead_of_every_generation(game: str) -> None:
    games = load_rating_games(game)
    wins, draws, losses = record(games, generations_of(game), best_of(games))
    assert wins <= 1 and below_half(wins, draws, losses) and sign_test(wins, losses) < 1e-5


def test_best_without_the_tables_is_far_above_every_shologuti_generation() -> None:
    settings, _ = load_generations("shologuti")
    games = load_rating_games("shologuti")
    table = ratings(games, f"mcts:{settings.iterations}")
    assert all(table[best_of(games)][1] > table[name][2] for name in generations_of("shologuti"))


def test_only_shologuti_has_endgame_tables_so_only_its_best_has_changed() -> None:
    assert [name for name, game in GAMES.items() if game.engine.solved is not None] == ["shologuti"]


def test_the_last_generation_at_equal_time() -> None:
    match = equal_time("shologuti")
    assert not above_half(*match["mcts:0.1s"]) and not below_half(*match["mcts:0.1s"])
    assert below_half(*match["best:0.1s"]) and sign_test(*match["best:0.1s"][0::2]) < SMALL
    blank = match["generation 0"]  # the gain holds at equal time by the sign test, the interval just reaching 50%
    assert blank[2] == 0 and sign_test(blank[0], blank[2]) < SMALL and not above_half(*blank)
    assert match["generation 1"][0::2] == (0, 0)


@pytest.mark.parametrize("game, shown_alone", [("shologuti", False), ("baghchal", False), ("hus", True),
                                               ("shobu", True)])
def test_one_generation_of_learning_loses_no_game_and_is_shown_alone_where_the_lesson_says(
        game: str, shown_alone: bool) -> None:
    wins, _, losses = record(load_rating_games(game), ["generation 1"], "generation 0")
    assert wins > 0 and losses == 0 and (sign_test(wins, losses) < SMALL) == shown_alone


def test_hus_has_no_draws_and_rises_by_elo_but_not_game_by_game_after_generation_1() -> None:
    settings, _ = load_generations("hus")
    games, names = load_rating_games("hus"), generations_of("hus")
    assert all(row["winner"] != "" for row in load_table("hus_selfplay", ALPHAZERO_DATA))
    table = ratings(games, f"mcts:{settings.iterations}")
    assert [table[name][0] for name in names] == sorted(table[name][0] for name in names)
    for newer, older in zip(names[2:], names[1:]):
        wins, _, losses = record(games, [newer], older)
        assert sign_test(wins, losses) > SMALL, newer
    match = equal_time("hus")
    assert above_half(*match["mcts:0.1s"]) and above_half(*match["generation 0"])
    assert not above_half(*match["generation 1"]) and below_half(*match["best:0.1s"])


def test_bagh_chal_generation_0_is_above_mcts_by_elo_but_not_by_its_own_games() -> None:
    settings, _ = load_generations("baghchal")
    games = load_rating_games("baghchal")
    mcts = f"mcts:{settings.iterations}"
    assert 0 < ratings(games, mcts)["generation 0"][1] < 25  # above 0, but only just
    wins, _, losses = record(games, ["generation 0"], mcts)
    assert sign_test(wins, losses) > SMALL


def test_shobu_generation_2_plays_worse_than_generation_1_and_3_climbs_back() -> None:
    settings, _ = load_generations("shobu")
    games = load_rating_games("shobu")
    table = ratings(games, f"mcts:{settings.iterations}")
    assert table["generation 2"][2] < table["generation 1"][1]  # the intervals apart
    worse = record(games, ["generation 2"], "generation 1")
    assert worse[2] > worse[0] and sign_test(worse[0], worse[2]) < SMALL
    back = record(games, ["generation 3"], "generation 2")
    assert back[0] > back[2] and sign_test(back[0], back[2]) < SMALL


MIXED_AND_CLOCK = ALPHAZERO_DATA / "mixed_and_clock"
"""The loop again with the mixed target and the clock as an input (the issue's run at equal time)."""


def test_the_mixed_and_clock_run_at_equal_time_draws_nearly_everything_and_is_not_shown_stronger() -> None:
    rows = {str(row["opponent"]): row for row in load_table("shologuti_equal_time", MIXED_AND_CLOCK)}
    assert list(rows) == ["mcts:0.1s", "generation 1"]
    for row in rows.values():
        wins, draws, losses = int(row["wins"]), int(row["draws"]), int(row["losses"])
        assert row["games"] >= 100 and losses == 0 and draws >= 0.9 * row["games"]
        assert not above_half(wins, draws, losses) and not below_half(wins, draws, losses)  # contains 50%


def test_the_mixed_and_clock_run_keeps_its_value_and_draws_less_early() -> None:
    settings, generations = load_generations("shologuti", MIXED_AND_CLOCK)
    assert (settings.value_target, settings.clock_inputs, settings.window) == ("mixed", True, 6)
    features = len(GAMES["shologuti"].engine.feature_names)
    largest = [max(map(abs, generation.model.value_weights[:features])) for generation in generations[1:]]
    assert 0.15 < min(largest) and max(largest) < 0.35  # never falls to nothing
    drawn = [sum(row["winner"] == "" for row in load_table("shologuti_selfplay", MIXED_AND_CLOCK)
                 if row["generation"] == number) for number in range(len(generations) - 1)]
    plain = [sum(row["winner"] == "" for row in load_table("shologuti_selfplay", ALPHAZERO_DATA)
                 if row["generation"] == number) for number in range(len(generations) - 1)]
    assert drawn[0] == plain[0] and sum(drawn[1:3]) < sum(plain[1:3]) - 20


@pytest.mark.parametrize("game, above_against_generation_1", [("baghchal", False), ("hus", True), ("shobu", False)])
def test_where_games_are_decided_the_mixed_run_pays_at_equal_time(game: str, above_against_generation_1: bool) -> None:
    rows = {str(row["opponent"]): (int(row["wins"]), int(row["draws"]), int(row["losses"]))
            for row in load_table(f"{game}_equal_time", MIXED_AND_CLOCK)}
    assert above_half(*rows["mcts:0.1s"])
    assert above_half(*rows["generation 1"]) == above_against_generation_1
    assert not below_half(*rows["generation 1"])
    if game == "baghchal":  # draws most of its games against generation 1
        assert rows["generation 1"][1] > sum(rows["generation 1"]) / 2
    settings, _ = load_generations(game, MIXED_AND_CLOCK)
    assert settings.clock_inputs == (game != "hus") and settings.value_target == "mixed"


def test_shobu_dips_at_generation_2_again_in_the_mixed_run() -> None:
    settings, _ = load_generations("shobu", MIXED_AND_CLOCK)
    table = ratings(load_rating_games("shobu", MIXED_AND_CLOCK), f"mcts:{settings.iterations}")
    assert table["generation 2"][0] < min(table["generation 1"][0], table["generation 3"][0])


@pytest.mark.parametrize("folder", [ALPHAZERO_DATA, MIXED_AND_CLOCK], ids=["first run", "mixed and clock"])
def test_the_ablation_finds_the_strength_in_the_value(folder: Path) -> None:
    rows = {str(row["player"]): row for row in load_table("shologuti_ablation", folder)}
    assert list(rows) == ["policy and value", "policy alone", "value alone", "neither"]
    record_of = {name: (int(row["wins"]), int(row["draws"]), int(row["losses"])) for name, row in rows.items()}
    whole, value = rows["policy and value"], rows["value alone"]
    assert value["score"] >= whole["score"] and value["score_low"] < whole["score_high"]  # as high or higher, overlapping
    assert above_half(*record_of["policy and value"]) and above_half(*record_of["value alone"])
    assert not above_half(*record_of["policy alone"]) and not below_half(*record_of["policy alone"])
    assert below_half(*record_of["neither"])
    assert rows["policy alone"]["score_low"] > rows["neither"]["score_high"]  # the policy alone lifts generation 0
    games = load_table("shologuti_ablation_games", folder)
    for name in rows:  # the table is its games, every opening with both colours
        points = [float(game["points"]) for game in games if game["player"] == name]
        assert (points.count(1.0), points.count(0.5), points.count(0.0)) == record_of[name]
        assert sorted((game["opening"], game["colour"]) for game in games if game["player"] == name) == sorted(
            (float(opening), float(colour)) for opening in range(len(points) // 2) for colour in (0, 1))
