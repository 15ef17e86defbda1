"""The committed strength data (data/experiments) is whole and agrees with its own games."""

from __future__ import annotations

import csv

import pytest

from locations import ROOT
from lessons_lib.arena.experiments import DEPTHS, ITERATIONS, AI_VS_AI_DEPTHS, AI_VS_AI_ITERATIONS
from lessons_lib.arena.storage import load_csv
from lessons_lib.arena.tournament import standings

DATA = ROOT / "data" / "experiments"


def rows(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


@pytest.mark.parametrize(("name", "levels", "prefix"), [("depth", DEPTHS, "negamax"), ("iterations", ITERATIONS, "mcts")])
def test_each_level_is_rated_from_its_games(name: str, levels: tuple[int, ...], prefix: str) -> None:
    table = rows(f"{name}.csv")
    assert [int(row["level"]) for row in table] == list(levels)
    assert [row["player"] for row in table] == [f"{prefix}:{level}" for level in levels]
    games = load_csv(DATA / f"{name}_games.csv")
    baseline = f"{prefix}:{levels[len(levels) // 2]}"
    refitted = {row.spec: row for row in standings(games, baseline)}
    for row in table:
        again = refitted[row["player"]]
        assert (again.games, again.wins, again.draws, again.losses) == \
               (int(row["games"]), int(row["wins"]), int(row["draws"]), int(row["losses"]))
        assert again.elo == pytest.approx(float(row["elo"]), abs=1e-3)
        assert float(row["elo_low"]) <= float(row["elo"]) <= float(row["elo_high"])
        assert float(row["nodes_per_move"]) > 0 and float(row["plies_per_game"]) > 0


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
