"""Lesson 07's story holds on its data (data/experiments): each key claim the lesson makes, computed with the library
from the saved games and tables, so that a data set made again that changes a conclusion fails here."""

from __future__ import annotations

import ast
import math
from collections.abc import Sequence

import pytest

from lessons_lib.arena.coverage import Interval, exact_coverage, lowest_coverage, rate_grid
from lessons_lib.arena.games import GameReport
from lessons_lib.arena.ratings import Score, elo_intervals, fit_elo
from lessons_lib.arena.score_intervals import plug_in_interval, score_interval, sign_test
from lessons_lib.arena.sprt import PRIOR_PAIRS, pair_mean_and_variance, sprt
from lessons_lib.experiments.data import load_games, load_table

SMALL = 0.05
"""A sign test's p the lesson calls small."""
DEEP, SHALLOW = "negamax:6", "negamax:5"
Record = tuple[int, int, int]


def head_to_head(player: str, opponent: str, games: Sequence[GameReport]) -> Record:
    """``player``'s wins, draws and losses against ``opponent``."""
    points = [game.score_of(player) for game in games if {game.first, game.second} == {player, opponent}]
    return points.count(1.0), points.count(0.5), points.count(0.0)


def shown_stronger(record: Record) -> bool:
    """The record's score interval lies above ½ and its decisive games lean too far for equal players."""
    wins, draws, losses = record
    return score_interval(wins, draws, losses)[0] > 0.5 and sign_test(wins, losses) < SMALL


def not_told_apart(record: Record) -> bool:
    """The record's score interval holds ½ and its decisive games could well be a fair coin's."""
    wins, draws, losses = record
    low, high = score_interval(wins, draws, losses)
    return low < 0.5 < high and sign_test(wins, losses) >= SMALL


def pair_totals(games: Sequence[GameReport], player: str) -> list[float]:
    """``player``'s points in each opening played with both colours, in the games' order."""
    by_opening: dict[tuple[str, ...], list[float]] = {}
    for game in games:
        by_opening.setdefault(tuple(game.opening), []).append(game.score_of(player))
    return [sum(points) for points in by_opening.values() if len(points) == 2]


def pentanomial_of(totals: Sequence[float]) -> list[int]:
    return [sum(round(2 * total) == half_points for total in totals) for half_points in range(5)]


@pytest.fixture(scope="module")
def games() -> list[GameReport]:
    return load_games("strength")


@pytest.fixture(scope="module")
def six_against_five(games: list[GameReport]) -> list[GameReport]:
    return [game for game in games if {game.first, game.second} == {DEEP, SHALLOW}] + load_games("depth_six_five")


@pytest.fixture(scope="module")
def levels() -> dict[str, dict[str, float | str]]:
    return {str(row["player"]): row for row in load_table("depth") + load_table("iterations")}


def test_depth_1_is_far_below_and_depth_7_is_the_strongest_depth(levels: dict[str, dict[str, float | str]]) -> None:
    elo = {level: float(levels[f"negamax:{level}"]["elo"]) for level in range(1, 8)}
    assert max(elo, key=elo.__getitem__) == 7
    assert float(levels["negamax:1"]["elo_high"]) < min(float(levels[f"negamax:{level}"]["elo_low"])
                                                        for level in range(2, 8))


def test_every_interval_but_mcts_100s_excludes_the_baseline(levels: dict[str, dict[str, float | str]]) -> None:
    holding_zero = [name for name, row in levels.items()
                    if name != "negamax:4" and float(row["elo_low"]) <= 0 <= float(row["elo_high"])]
    assert holding_zero == ["mcts:100"]


def test_depth_6_is_rated_below_depth_5_yet_clearly_beats_depth_4(levels: dict[str, dict[str, float | str]],
                                                                   games: list[GameReport]) -> None:
    assert float(levels[DEEP]["elo"]) < float(levels[SHALLOW]["elo"])
    assert shown_stronger(head_to_head(DEEP, "negamax:4", games))
    wins, draws, losses = head_to_head(DEEP, SHALLOW, games)
    assert wins + draws / 2 < (wins + draws + losses) / 2  # it scored under half, but ...
    assert not_told_apart((wins, draws, losses))  # ... neither its interval nor the sign test says which is stronger


def test_depth_2_sits_halfway_between_1_and_3_and_its_weakness_shows_against_random(
        levels: dict[str, dict[str, float | str]]) -> None:
    elo = {level: float(levels[f"negamax:{level}"]["elo"]) for level in (1, 2, 3)}
    above_1, below_3 = elo[2] - elo[1], elo[3] - elo[2]
    assert above_1 > 0 and below_3 > 0 and abs(above_1 - below_3) < 0.1 * (above_1 + below_3)  # "about halfway"
    against_random = {(str(row["leaves"]), str(row["evaluation"]), int(row["depth"])):
                      (int(row["wins"]), int(row["draws"]), int(row["losses"]))
                      for row in load_table("shallow_search") if row["rules"] == "forced"}
    assert not_told_apart(against_random["alphabeta", "material-mobility", 2])  # not shown better than random
    assert shown_stronger(against_random["alphabeta", "material-mobility", 3])
    assert against_random["alphabeta", "material", 2] == (40, 0, 0)  # the even depth is not the cause
    assert all(against_random["quiescence", "material-mobility", depth] == (40, 0, 0) for depth in range(1, 5))


def plies_with_interval(games: Sequence[GameReport], player: str) -> tuple[float, float]:
    """The mean plies of ``player``'s games and the half-width of its 95% interval (1.96 standard errors)."""
    plies = [game.plies for game in games if player in (game.first, game.second)]
    mean = sum(plies) / len(plies)
    return mean, 1.96 * math.sqrt(sum((each - mean) ** 2 for each in plies) / (len(plies) - 1) / len(plies))


def test_depth_1s_games_are_the_shortest_and_most_steps_in_length_exceed_their_intervals(
        games: list[GameReport]) -> None:
    ladders = [[f"negamax:{level}" for level in range(1, 8)],
               [f"mcts:{level}" for level in (50, 100, 200, 500, 1000, 2000)]]
    lengths = {player: plies_with_interval(games, player) for ladder in ladders for player in ladder}
    shortest, half = lengths.pop("negamax:1")
    assert all(shortest + half < mean - other_half for mean, other_half in lengths.values())
    lengths["negamax:1"] = (shortest, half)
    steps = [(earlier, later) for ladder in ladders for earlier, later in zip(ladder, ladder[1:])]
    apart = [step for step in steps
             if abs(lengths[step[0]][0] - lengths[step[1]][0]) > lengths[step[0]][1] + lengths[step[1]][1]]
    assert len(apart) > len(steps) / 2


def test_the_pull_towards_0_lowers_a_perfect_record_by_several_elo_and_a_pinned_one_by_a_fraction() -> None:
    for wins in (2, 10, 50):
        by_hand = 400 * math.log10((wins + 0.5) / 0.5)  # the virtual draw alone
        assert 2 < by_hand - fit_elo([Score("a", "b", 1.0)] * wins, "b")["a"] < 10
    pinned = [Score("a", "b", 1.0)] * 20 + [Score("a", "b", 0.5)] * 70 + [Score("a", "b", 0.0)] * 10
    assert abs(400 * math.log10(55.5 / 45.5) - fit_elo(pinned, "b")["a"]) < 0.1


@pytest.mark.parametrize(("player", "opponent"), [
    ("negamax:5", "negamax:4"), ("negamax:7", "negamax:6"), ("mcts:100", "mcts:50"), ("mcts:200", "mcts:100"),
    ("mcts:500", "mcts:200"), ("mcts:2000", "mcts:1000")])
def test_these_steps_are_shown_stronger_by_their_own_games(player: str, opponent: str,
                                                           games: list[GameReport]) -> None:
    assert shown_stronger(head_to_head(player, opponent, games))


def test_mcts_1000_is_not_told_apart_from_500_by_their_games(games: list[GameReport]) -> None:
    assert not_told_apart(head_to_head("mcts:1000", "mcts:500", games))


def test_both_sprts_accept_equal_and_the_plain_llr_would_have_accepted_weaker(
        six_against_five: list[GameReport]) -> None:
    totals = pair_totals(six_against_five, DEEP)
    assert len(totals) == 80
    assert [(step.verdict, step.pairs) for step in (sprt(totals, 0, 50)[-1], sprt(totals, 0, -50)[-1])] == \
           [("elo0", 15), ("elo0", 80)]
    plain = sprt(totals, 0, -50, prior_pairs=0)[-1]
    assert (plain.verdict, plain.pairs) == ("elo1", 18)


def test_the_virtual_pairs_still_raise_the_variance_by_a_tenth_after_80_pairs(
        six_against_five: list[GameReport]) -> None:
    totals = pair_totals(six_against_five, DEEP)
    raised = []
    for after in (15, 40, 80):
        counts = pentanomial_of(totals[:after])
        raised.append(pair_mean_and_variance([count + PRIOR_PAIRS for count in counts])[1]
                      / pair_mean_and_variance(counts)[1] - 1)
    assert raised[0] > raised[1] > raised[2]
    assert round(raised[2], 2) == 0.11  # the lesson: "by 11% after 80 pairs"


def test_all_160_games_place_depth_6_within_50_elo_of_depth_5_without_telling_which_is_stronger(
        six_against_five: list[GameReport]) -> None:
    record = head_to_head(DEEP, SHALLOW, six_against_five)
    assert sum(record) == 160 and not_told_apart(record)
    low, high = elo_intervals([Score(DEEP, SHALLOW, game.score_of(DEEP)) for game in six_against_five], SHALLOW)[DEEP]
    assert -50 < low < 0 < high < 50


@pytest.fixture(scope="module")
def coverage_table() -> list[dict[str, float | str]]:
    return load_table("interval_coverage")


def rows_of(table: list[dict[str, float | str]], interval: str) -> list[dict[str, float | str]]:
    rows = [row for row in table if row["interval"] == interval]
    assert [row["games"] for row in rows] == [10, 20, 40, 100, 200, 400]
    return rows


def test_score_interval_holds_95_percent_at_every_rate_and_the_others_do_not(
        coverage_table: list[dict[str, float | str]]) -> None:
    for row in rows_of(coverage_table, "score_interval"):
        assert float(row["lowest coverage"]) >= 0.95 and 0.98 <= float(row["mean coverage"]) <= 0.998
        assert row["monotone"] == "yes"
    assert all(float(row["lowest coverage"]) < 0.90 and row["monotone"] == "no"
               for row in rows_of(coverage_table, "earlier (plug-in worth)"))
    assert all(float(row["lowest coverage"]) < 0.95 for row in rows_of(coverage_table, "Wilson of the points"))
    assert all(float(row["lowest coverage"]) < 0.5 for row in rows_of(coverage_table, "normal"))


def test_score_interval_is_much_narrower_than_wilsons_of_the_points_when_most_games_are_drawn(
        coverage_table: list[dict[str, float | str]]) -> None:
    wilson = rows_of(coverage_table, "Wilson of the points")
    for mine, theirs in zip(rows_of(coverage_table, "score_interval"), wilson):
        assert float(mine["width at (0.1, 0.85, 0.05)"]) < 0.8 * float(theirs["width at (0.1, 0.85, 0.05)"])
        assert float(mine["width at (0.015, 0.985, 0)"]) < 0.8 * float(theirs["width at (0.015, 0.985, 0)"])


def test_the_table_says_what_it_looked_at_and_wilsons_interval_dips_to_about_84_percent_without_draws(
        coverage_table: list[dict[str, float | str]]) -> None:
    assert all(row["looked at"] == ("grid and ends" if float(row["games"]) <= 40 else "grid") for row in coverage_table)
    for row in rows_of(coverage_table, "Wilson of the points")[:3]:  # 10, 20 and 40 games
        assert 0.83 <= float(row["lowest coverage"]) < 0.85
        assert ast.literal_eval(str(row["at (win, draw, loss)"]))[1] == 0


def test_above_40_games_a_lower_coverage_hides_between_the_grids_rates(
        coverage_table: list[dict[str, float | str]]) -> None:
    stored = next(row for row in rows_of(coverage_table, "earlier (plug-in worth)") if row["games"] == 200)
    off_the_grid = float(exact_coverage(plug_in_interval, 200, [(0.015, 0.985, 0.0)])[0])
    assert stored["looked at"] == "grid" and off_the_grid < float(stored["lowest coverage"]) - 0.02


@pytest.mark.parametrize(("name", "interval"), [("score_interval", score_interval),
                                                ("earlier (plug-in worth)", plug_in_interval)])
def test_the_stored_row_for_40_games_is_the_librarys(name: str, interval: Interval,
                                                     coverage_table: list[dict[str, float | str]]) -> None:
    held = exact_coverage(interval, 40, rate_grid())
    lowest, where = lowest_coverage(interval, 40)  # the grid and the rates just beyond every end
    stored = next(row for row in rows_of(coverage_table, name) if row["games"] == 40)
    assert (f"{lowest:.3f}", f"{held.mean():.3f}") == (f"{stored['lowest coverage']:.3f}",
                                                      f"{stored['mean coverage']:.3f}")
    assert "({:.4g}, {:g}, {:.4g})".format(*where) == stored["at (win, draw, loss)"]


def test_three_wins_among_197_draws_are_not_shown_better() -> None:
    assert plug_in_interval(3, 197, 0)[1] - plug_in_interval(3, 197, 0)[0] < 0.02  # the earlier interval's claim
    low, high = score_interval(3, 197, 0)
    assert low < 0.5 < high and sign_test(3, 0) == pytest.approx(0.25)
