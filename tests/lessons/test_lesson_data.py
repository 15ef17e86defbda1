"""The committed strength data (data/experiments) is whole and agrees with its own games."""

from __future__ import annotations

import csv
import re

import pytest

from locations import ROOT, benchmark_script
from lessons_lib.experiments.runs import DEPTHS, ITERATIONS, AI_VS_AI_DEPTHS, AI_VS_AI_ITERATIONS
from lessons_lib.arena.storage import load_csv
from lessons_lib.arena.tournament import standings

DATA = ROOT / "data" / "experiments"


def rows(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def test_every_level_of_both_curves_is_rated_on_one_scale_from_its_games() -> None:
    games = load_csv(DATA / "strength_games.csv")
    refitted = {row.spec: row for row in standings(games, "negamax:4")}
    for name, levels, prefix in (("depth", DEPTHS, "negamax"), ("iterations", ITERATIONS, "mcts")):
        table = rows(f"{name}.csv")
        assert [int(row["level"]) for row in table] == list(levels)
        assert [row["player"] for row in table] == [f"{prefix}:{level}" for level in levels]
        for row in table:
            again = refitted[row["player"]]
            assert (again.games, again.wins, again.draws, again.losses) == \
                   (int(row["games"]), int(row["wins"]), int(row["draws"]), int(row["losses"]))
            assert again.elo == pytest.approx(float(row["elo"]), abs=1e-3)
            assert (again.elo_low, again.elo_high) == pytest.approx((float(row["elo_low"]), float(row["elo_high"])),
                                                                    abs=1e-3)
            assert float(row["elo_low"]) <= float(row["elo"]) <= float(row["elo_high"])
            assert int(row["games"]) >= 100, row["player"]
            assert float(row["nodes_per_move"]) > 0 and float(row["plies_per_game"]) > 0
            assert sum(int(count) for count in re.findall(r"\d+", row["endings"])) == int(row["games"])


@pytest.mark.parametrize("name", sorted(path.name for path in DATA.glob("*_games.csv")))
def test_no_games_file_has_games_stopped_by_a_ply_limit(name: str) -> None:
    games = load_csv(DATA / name)
    assert games and sum(game.reason == "ply limit" for game in games) <= 0.05 * len(games)


def test_the_ai_vs_ai_grid_is_whole() -> None:
    table = rows("ai_vs_ai.csv")
    assert {(int(r["depth"]), int(r["iterations"])) for r in table} == \
           {(d, n) for d in AI_VS_AI_DEPTHS for n in AI_VS_AI_ITERATIONS}
    games = load_csv(DATA / "ai_vs_ai_games.csv")
    assert all(game.first.startswith("negamax:") and game.second.startswith("mcts:") for game in games)
    assert sum(int(r["games"]) for r in table) == len(games)


def test_the_perspectives_match_is_recorded() -> None:
    table = {row["spec"]: row for row in rows("perspectives.csv")}
    assert set(table) == {"mcts:1000", "mcts-root:1000"}
    assert float(table["mcts:1000"]["score"]) + float(table["mcts-root:1000"]["score"]) == pytest.approx(1.0)
    assert int(table["mcts:1000"]["games"]) >= 100


def test_the_games_comparison_names_each_game_and_gives_both_sides_the_same_clock() -> None:
    table = rows("game_matches.csv")
    games = load_csv(DATA / "game_matches_games.csv")
    assert {row["game"] for row in table} == {game.game for game in games} == {"shologuti", "baghchal", "hus", "shobu"}
    for row in table:
        assert row["first"].endswith("s") and row["second"].endswith("s")  # seconds a move, not a fixed budget
        assert row["first"].split(":")[1] == row["second"].split(":")[1]


def test_the_shallow_search_data_is_what_its_script_plays_and_says_what_the_lessons_say() -> None:
    table = {(row["leaves"], int(row["depth"]), row["evaluation"], row["rules"]): row
             for row in rows("shallow_search.csv")}
    script = benchmark_script("shallow_search")
    for key in [key for key in table if key[1] <= 2]:  # the quick rows are played again, game for game
        played = script.match(*key, 20)
        assert {name: str(value) for name, value in played.items()} == table[key], key
    def record(*key: object) -> tuple[int, int, int]:
        row = table[key]  # type: ignore[index]
        return int(row["wins"]), int(row["draws"]), int(row["losses"])
    assert record("alphabeta", 1, "material-mobility", "forced") == (1, 0, 39)
    assert float(table["alphabeta", 2, "material-mobility", "forced"]["score"]) == 0.425  # 05, 08: 42.5%
    assert record("alphabeta", 2, "material", "forced") == record("quiescence", 2, "material-mobility", "forced") \
        == (40, 0, 0)  # 06, 07, 08: material alone or quiescence wins all 40 at depth 2
    assert record("alphabeta", 3, "material-mobility", "forced")[0] == 39  # 06: 39 of 40 at depth 3
    assert all(record("quiescence", depth, evaluation, "forced") == (40, 0, 0)
               for depth in range(1, 5) for evaluation in ("material", "material-mobility"))
    assert all(record("alphabeta", depth, "material-mobility", "traditional") == (40, 0, 0) for depth in range(1, 5))


LEARNING = ROOT / "data" / "learning"
STRONG = LEARNING / "shologuti_strong_weights.json"


@pytest.mark.parametrize(("table", "baseline", "quiescence", "weights"), [
    ("shologuti_match", "own", False, None),
    ("shologuti_match_material", "material", False, None),
    ("shologuti_match_material_quiescence", "material", True, None),
    ("shologuti_strong_weights_shologuti_match_learned", "learned", False, STRONG),
    ("shologuti_strong_weights_shologuti_match_material", "material", False, STRONG),
])
def test_lesson_10s_matches_are_what_their_script_plays(table: str, baseline: str, quiescence: bool,
                                                        weights: object) -> None:
    from lessons_lib.arena.ratings import score_interval

    with open(LEARNING / f"{table}.csv", newline="", encoding="utf-8") as file:
        saved = {int(row["depth"]): row for row in csv.DictReader(file)}
    depth, report = benchmark_script("learned_evaluation_match").match("shologuti", 1, 100, 10, baseline, quiescence, weights)
    row = saved[depth]  # depth 1 is played again, game for game (the deeper rows take minutes)
    assert report.games == 200 and (report.games, report.wins, report.draws, report.losses) == \
        tuple(int(row[key]) for key in ("games", "wins", "draws", "losses"))
    for kept in saved.values():
        low, high = score_interval(int(kept["wins"]), int(kept["draws"]), int(kept["losses"]))
        assert (float(kept["low"]), float(kept["high"])) == (round(low, 4), round(high, 4))
    if baseline == "material":  # lesson 10: level from depth 2 on, every interval containing 50%
        assert all(float(kept["low"]) < 0.5 < float(kept["high"]) for depth, kept in saved.items() if depth >= 2)


def test_depth_six_against_five_is_the_strength_pairing_played_on_and_both_tests_accept_equal() -> None:
    from lessons_lib.experiments.runs import EXPERIMENT_SECONDS_PER_MOVE
    from lessons_lib.arena.sprt import sprt
    from lessons_lib.arena.tournament import TournamentSettings, pairing_games

    script = benchmark_script("depth_six_against_five")
    played = [game for game in load_csv(DATA / "strength_games.csv")
              if {game.first, game.second} == {script.SHALLOW, script.DEEP}]
    more = load_csv(DATA / "depth_six_five_games.csv")
    settings = TournamentSettings(games_per_pair=2 * script.PLAYED_PAIRS + len(more), variant="forced", seed=0,
                                  seconds_per_move=EXPERIMENT_SECONDS_PER_MOVE)
    schedule = pairing_games(script.SHALLOW, script.DEEP, settings)
    assert [game.key for game in played + more] == [spec.key for spec in schedule]  # the same games, in order
    totals = script.pair_totals(played + more, script.DEEP)
    verdicts = [sprt(totals, 0, elo1)[-1] for elo1 in script.HYPOTHESES]
    assert [(step.verdict, step.pairs) for step in verdicts] == [("elo0", 15), ("elo0", len(totals))]  # lesson 07
    assert not sprt(totals[:-1], 0, -50)[-1].verdict  # it stopped at the first pair that decided


def test_the_stronger_players_weights_are_the_fit_of_their_training_set() -> None:
    from lessons_lib.learning import fit_logistic, load_weights
    from lessons_lib.learning.__main__ import HELD_OUT_SHARE, L2
    from lessons_lib.learning.positions import load_training_set

    data = load_training_set(LEARNING / "shologuti_strong_positions.csv.gz", "shologuti")
    weights = load_weights("shologuti", STRONG)
    training, _ = data.split(HELD_OUT_SHARE, seed=weights.seed)
    fitted = fit_logistic(training.features, training.results, l2=L2)
    assert data.games == weights.games == 2000
    assert [float(w) for w in fitted.weights] == pytest.approx(list(weights.weights), abs=2e-6)
    assert weights.weights != load_weights("shologuti").weights  # the package keeps its own
