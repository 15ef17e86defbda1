"""The data files say what the lessons say of them, by today's library: every stored interval is the library's, and
the key claims of lessons 04, 06, 09, 10 and 12 hold against the files they read."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lessons_lib.arena.score_intervals import sign_test
from locations import ROOT, benchmark_script

DATA = ROOT / "data"


RESTATE = benchmark_script("restate_intervals")


def test_every_stored_interval_is_todays_librarys() -> None:
    assert RESTATE.stale_files(DATA, write=False) == []


def _copy_of_the_data(folder: Path) -> Path:
    for part in ("alphazero", "learning", "experiments"):
        shutil.copytree(DATA / part, folder / part, ignore=shutil.ignore_patterns("*.gz", "*.json"))
    return folder


def test_a_stale_interval_is_found_and_restated_leaving_every_other_character(tmp_path: Path) -> None:
    data = _copy_of_the_data(tmp_path)
    match = data / "learning" / "shologuti_match.csv"
    depth = data / "experiments" / "depth.csv"
    kept = {path: path.read_bytes() for path in (match, depth)}
    match.write_bytes(kept[match].replace(b",0.949,0.9896,", b",0.9581,0.988,", 1))  # depth 1's old interval
    depth.write_bytes(kept[depth].replace(b",-575.3152,", b",-564.8879,", 1))
    assert set(RESTATE.stale_files(data, write=False)) == {match, depth}
    assert RESTATE.stale_files(data, write=True) == [match, depth]
    assert {path: path.read_bytes() for path in kept} == kept and b"\r\n" in kept[match]
    assert RESTATE.stale_files(data, write=False) == []


def test_a_broken_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    data = _copy_of_the_data(tmp_path)
    broken = data / "learning" / "hus_match.csv"
    before = broken.read_bytes()
    broken.write_bytes(before.replace(b"1,200,129,0,71", b"1,200,many,0,71", 1))
    stale = data / "experiments" / "shallow_search.csv"
    stale.write_bytes(stale.read_bytes().replace(b",0.0006,0.1316,", b",0.0044,0.1288,", 1))
    kept = stale.read_bytes()
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "restate_intervals.py"), "--data", str(data)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "hus_match.csv" in run.stderr, run.stderr
    assert stale.read_bytes() == kept  # nothing written unless every file could be read
    check = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "restate_intervals.py"), "--check"],
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stdout + check.stderr


# The lessons' key claims, each a function of the rows its lesson reads, so that a test can also try it on a
# changed record and see it fail.

Rows = list[dict[str, float | str]]


def _table(folder: str, name: str) -> Rows:
    from lessons_lib.experiments.data import load_table

    return load_table(name, DATA / folder)


def _record(row: dict[str, float | str], wins: str = "wins", draws: str = "draws", losses: str = "losses",
            ) -> tuple[int, int, int]:
    return int(row[wins]), int(row[draws]), int(row[losses])


def _interval(record: tuple[int, int, int]) -> tuple[float, float]:
    from lessons_lib.arena.score_intervals import score_interval

    return score_interval(*record)


def _above(record: tuple[int, int, int]) -> bool:
    return _interval(record)[0] > 0.5


def _below(record: tuple[int, int, int]) -> bool:
    return _interval(record)[1] < 0.5


def _containing(record: tuple[int, int, int]) -> bool:
    low, high = _interval(record)
    return low <= 0.5 <= high


def _score(record: tuple[int, int, int]) -> float:
    return (record[0] + record[1] / 2) / sum(record)


def _sign_p(record: tuple[int, int, int]) -> float:
    from lessons_lib.arena.score_intervals import sign_test

    return sign_test(record[0], record[2])


def lesson_04_story(shallow: Rows) -> None:
    """Lesson 04, "Shallow search against a random player"."""
    def record(leaves: str, depth: int, evaluation: str, rules: str = "forced") -> tuple[int, int, int]:
        [row] = [row for row in shallow if (row["leaves"], row["depth"], row["evaluation"], row["rules"])
                 == (leaves, depth, evaluation, rules)]
        return _record(row)
    plain = "material-mobility"
    assert _below(record("alphabeta", 1, plain)) and _sign_p(record("alphabeta", 1, plain)) < 0.001, \
        "alpha-beta with material and mobility loses to random at depth 1"
    assert _containing(record("alphabeta", 2, plain)), "at depth 2 it does not clearly beat random"
    assert record("alphabeta", 2, "material") == (40, 0, 0), "material alone wins every game at depth 2"
    assert all(record("alphabeta", depth, plain, "traditional") == (40, 0, 0) for depth in range(1, 5)), \
        "with captures optional the same evaluation wins every game at every depth"
    assert all(record("quiescence", depth, evaluation) == (40, 0, 0)
               for depth in range(1, 5) for evaluation in (plain, "material")), \
        "quiescence search wins every game at every depth with either evaluation"
    assert all(_above(record("alphabeta", depth, evaluation)) for depth in (3, 4) for evaluation in (plain, "material")), \
        "from depth 3 plain alpha-beta wins nearly every game"
    assert _containing(record("alphabeta", 1, "material")), "material alone at depth 1 scores about what random does"


def lesson_06_story(perspectives: Rows) -> None:
    """Lesson 06, "Whose wins?": the correct backup against the Pygame project's, 100 games."""
    rows = {row["spec"]: row for row in perspectives}
    mover, root = rows["mcts:1000"], rows["mcts-root:1000"]
    record = _record(mover)
    assert record == tuple(reversed(_record(root))), "the two rows are one match seen from both sides"
    assert _above(record), "the correct backup's score interval lies wholly above 50%"
    assert _sign_p(record) < 0.001, "its decisive games are not an even split"
    assert float(mover["elo"]) == 0 and float(root["elo_high"]) < 0, \
        "the root backup's Elo interval lies below the correct backup's 0"
    points = round(record[0] + record[1] / 2)
    alone = _interval((points, 0, sum(record) - points))
    low, high = _interval(record)
    assert high - low < alone[1] - alone[0], "half the games drawn: narrower than the same score from wins and losses"


def lesson_09_story(matches: Rows) -> None:
    """Lesson 09: the first player's edge between equal alpha-beta players, and alpha-beta against MCTS."""
    equal = {row["game"]: _record(row, "first_wins", "draws", "second_wins") for row in matches
             if row["match"] == "equal"}
    against = {row["game"]: _record(row, "first_wins", "draws", "second_wins") for row in matches
               if row["match"] == "alphabeta-mcts"}
    assert _above(equal["hus"]), "in Hus the first player's interval lies above 50%"
    assert equal["shobu"][0] > equal["shobu"][2] and _containing(equal["shobu"]), \
        "in Shobu the first player won more, but its interval contains 50%"
    assert equal["baghchal"][1] > sum(equal["baghchal"]) / 2, "Bagh-Chal between searching players is mostly drawn"
    assert all(_interval(against[game])[0] > 0.75 for game in ("baghchal", "hus", "shobu")), \
        "alpha-beta's intervals lie far above 50% on Bagh-Chal, Hus and Shobu"
    assert _below(against["shologuti"]), "on Shologuti alpha-beta's interval lies below 50%"
    assert min(against, key=lambda game: _score(against[game])) == "shologuti", "MCTS did best on Shologuti"


def lesson_10_story(learning: dict[str, Rows]) -> None:
    """Lesson 10, "Does it play better?", stronger training players, and the other games."""
    def by_depth(table: str) -> dict[int, tuple[int, int, int]]:
        return {int(row["depth"]): _record(row) for row in learning[table]}
    own, material = by_depth("shologuti_match"), by_depth("shologuti_match_material")
    quiet = by_depth("shologuti_match_material_quiescence")
    assert all(_above(record) for record in own.values()), "it wins clearly against material and mobility"
    assert _above(material[1]), "against material alone it gains at depth 1"
    deeper = [record for depth, record in material.items() if depth >= 2]
    assert all(_containing(record) and _sign_p(record) > 0.05 and record[1] >= 179 for record in deeper), \
        "from depth 2 on no difference is shown against material alone, at least 179 games of 200 drawn"
    assert material[4] == (3, 197, 0) and _sign_p(material[4]) == pytest.approx(0.25), "3-197-0: equal players, one time in four"
    assert all(record[1] >= 0.95 * sum(record) and _containing(record) for record in quiet.values()), \
        "with quiescence on both sides nearly every game is drawn"
    strong = by_depth("shologuti_strong_weights_shologuti_match_learned")
    strong_material = by_depth("shologuti_strong_weights_shologuti_match_material")
    assert _below(strong[1]) and all(_containing(strong[depth]) and _sign_p(strong[depth]) > 0.05 for depth in (2, 3)), \
        "the stronger players' weights lose to the package's at depth 1 and are not shown apart at 2 and 3"
    assert _containing(strong_material[1]) and _sign_p(strong_material[1]) < 0.05, \
        "their 40 to 21 at depth 1 against material alone: the sign test small, the interval containing 50%"
    assert _score(strong_material[1]) < _score(material[1]) and all(_containing(strong_material[depth])
                                                                    for depth in (2, 3)), \
        "against material alone they do no better than the package's weights"
    others = {game: by_depth(f"{game}_match") for game in ("baghchal", "hus", "shobu")}
    assert [depth for depth, record in others["baghchal"].items() if _above(record)] == [2] and all(
        _containing(record) for depth, record in others["baghchal"].items() if depth != 2), \
        "Bagh-Chal's learned weights win at depth 2 only and are level with the hand-written at the others"
    assert all(_above(record) for record in others["hus"].values()), "Hus's learned evaluation wins at every depth"
    assert all(_below(record) for record in others["shobu"].values()), "Shobu's learned evaluation loses"


def lesson_12_story(truth: Rows) -> None:
    """Lesson 12: the searches against the solved endgames."""
    rows = {str(row["agent"]): {column: float(value) for column, value in row.items()
                                if column not in ("agent", "reads_the_tables")} for row in truth}
    reading = {str(row["agent"]) for row in truth if row["reads_the_tables"] == "yes"}
    searches = [name for name in rows if name.startswith(("alphabeta:", "mcts:"))]
    assert all(rows["alphabeta:1"]["kept_high"] < rows[name]["kept_low"] for name in searches if name != "alphabeta:1"), \
        "alpha-beta at depth 1 keeps the value far less often than the rest"
    assert all(rows[name]["kept_share"] >= 0.95 for name in searches if name != "alphabeta:1"), \
        "from depth 2, and for MCTS from 100 iterations, nearly every move keeps the value"
    assert all(rows[name]["not_won_low"] > 0.5 for name in searches), \
        "every alpha-beta and MCTS search fails to win most of the won endgames (its interval above 50%)"
    for ladder in ("alphabeta:", "mcts:"):
        not_won = [rows[name]["not_won"] for name in searches if name.startswith(ladder)]
        assert not_won == sorted(not_won, reverse=True) and not_won[-1] < not_won[0], \
            f"more {ladder[:-1]} lowers the share not won"
    too_slow = sum(rows[name]["too_slow"] for name in searches)
    not_won_all = sum(rows[name]["not_won"] for name in searches)
    assert too_slow / not_won_all > 0.9, "nearly every game the searches did not win went too slow"
    deeper = [name for name in searches if name != "alphabeta:1"]
    assert max(rows[name]["thrown"] for name in deeper) < rows["alphabeta:1"]["thrown"], \
        "outright throws are few, most of them at depth 1"
    alone = rows["best search alone:0.1s"]
    assert alone["not_won_low"] < 0.5 < alone["not_won_high"], \
        "forty games do not say whether best's search alone wins more or fewer than half"
    best = rows["best:0.1s"]
    assert reading == {"best:0.1s"}, "best, and best alone, reads the tables the truth comes from"
    assert best["not_won"] == 0 and best["kept"] == best["positions"], "best, reading its own tables, wins every one"


def lesson_12_tables_inside_story(tables: dict[str, Rows]) -> None:
    """Lesson 12: the tables inside the search, at equal time, and the truth in real games between the presets."""
    probing, root_only = ({column: value for column, value in row.items()} for row in tables["probes_at_equal_time"])
    assert str(probing["player"]).startswith("best (tables inside") and str(root_only["player"]).endswith("root only)")
    for row in (probing, root_only):
        assert row["entered_won_then_won"] == row["entered_won"], "every game either player entered won, it won"
    ratio = float(probing["entered_won"]) / float(root_only["entered_won"])
    assert 1.5 <= ratio < 2.5, "about twice as often into a won endgame with the tables inside the search"
    assert float(probing["score_low"]) < 0.5 < float(probing["score"]), "stronger, but the interval still holds 50%"
    assert float(probing["draws"]) > float(probing["games"]) / 2, "most games are drawn"
    assert sign_test(int(probing["wins"]), int(probing["losses"])) < 0.05, "the sign test's p is below 5%"
    rows = {(str(row["player"]), str(row["value"])): row for row in tables["truth_in_real_games"]}
    for name in ("easy", "medium", "hard"):
        won = rows[name, "won"]
        let_go = 1 - float(won["kept"]) / float(won["entries"])
        assert float(won["entries"]) > 0 and 0.25 <= let_go <= 0.5, f"{name} lets a win go in three to five of ten"
        assert float(rows[name, "lost"]["drawn"]) > 0, f"{name}'s opponents took draws from such slips"
    expert = rows["expert", "won"]
    assert expert["kept"] == expert["won"] == expert["entries"] > 0, "expert kept and won every win it entered"
    assert rows["beginner", "won"]["entries"] == rows["beginner", "drawn"]["entries"] == 0 < float(
        rows["beginner", "lost"]["entries"]), "beginner entered the tables only lost"


LEARNING_TABLES = ("shologuti_match", "shologuti_match_material", "shologuti_match_material_quiescence",
                   "shologuti_strong_weights_shologuti_match_learned",
                   "shologuti_strong_weights_shologuti_match_material", "baghchal_match", "hus_match", "shobu_match")


def _stories() -> dict[str, tuple[Callable[[Any], None], Any]]:
    """Each lesson's story and the rows it reads."""
    return {
        "04": (lesson_04_story, _table("experiments", "shallow_search")),
        "06": (lesson_06_story, _table("experiments", "perspectives")),
        "09": (lesson_09_story, _table("experiments", "game_matches")),
        "10": (lesson_10_story, {name: _table("learning", name) for name in LEARNING_TABLES}),
        "12": (lesson_12_story, _table("endgames", "search_vs_truth")),
        "12t": (lesson_12_tables_inside_story, {name: _table("endgames", name)
                                                for name in ("probes_at_equal_time", "truth_in_real_games")}),
    }


@pytest.mark.parametrize("lesson", ["04", "06", "09", "10", "12", "12t"])
def test_the_lessons_story_holds_in_its_data(lesson: str) -> None:
    story, rows = _stories()[lesson]
    story(rows)


def _changed(rows: Rows, where: dict[str, object], **new: float) -> Rows:
    """A copy of ``rows`` with the rows matching ``where`` given ``new`` values (the others as they were)."""
    found = [row for row in rows if all(row[key] == value for key, value in where.items())]
    assert found, where
    return [{**row, **new} if row in found else dict(row) for row in rows]


Change = tuple[dict[str, object], dict[str, float]]
CHANGES: list[tuple[str, list[Change]]] = [  # records changed, which the lesson's story must not survive: (lesson[/table], [(where, new), ...])
    ("04", [({"leaves": "alphabeta", "depth": 1, "evaluation": "material-mobility", "rules": "forced"},
             {"wins": 39, "losses": 1})]),
    ("04", [({"leaves": "alphabeta", "depth": 2, "evaluation": "material-mobility", "rules": "forced"},
             {"wins": 30, "losses": 8})]),
    ("04", [({"leaves": "quiescence", "depth": 3, "evaluation": "material", "rules": "forced"},
             {"wins": 39, "draws": 1})]),
    ("06", [({"spec": "mcts:1000"}, {"wins": 25, "losses": 25}), ({"spec": "mcts-root:1000"}, {"wins": 25, "losses": 25})]),
    ("06", [({"spec": "mcts-root:1000"}, {"elo_high": 3.0})]),
    ("09", [({"game": "hus", "match": "equal"}, {"first_wins": 18, "second_wins": 14})]),
    ("09", [({"game": "shobu", "match": "equal"}, {"first_wins": 26, "second_wins": 6})]),
    ("09", [({"game": "shologuti", "match": "alphabeta-mcts"}, {"first_wins": 17, "second_wins": 0})]),
    ("10/shologuti_match_material", [({"depth": 4}, {"wins": 30, "draws": 170})]),
    ("10/shologuti_match_material", [({"depth": 1}, {"wins": 11, "losses": 50})]),
    ("10/shologuti_strong_weights_shologuti_match_material", [({"depth": 1}, {"wins": 50, "losses": 11})]),
    ("10/shologuti_strong_weights_shologuti_match_learned", [({"depth": 3}, {"wins": 40, "losses": 12})]),
    ("10/hus_match", [({"depth": 2}, {"wins": 100, "losses": 100})]),
    ("12", [({"agent": "alphabeta:1"}, {"kept": 390, "kept_low": 0.95, "kept_high": 0.99})]),
    ("12", [({"agent": "mcts:10000"}, {"not_won": 40})]),
    ("12", [({"agent": "alphabeta:5"}, {"thrown": 30, "too_slow": 8})]),
    ("12", [({"agent": "mcts:300"}, {"thrown": 20, "too_slow": 19})]),
    ("12", [({"agent": "best:0.1s"}, {"not_won": 1})]),
    ("12t/probes_at_equal_time", [({"player": "best (tables at the root only)"}, {"entered_won": 40})]),
    ("12t/probes_at_equal_time", [({"player": "best (tables inside the search)"}, {"entered_won_then_won": 45})]),
    ("12t/probes_at_equal_time", [({"player": "best (tables inside the search)"}, {"score_low": 0.51})]),
    ("12t/truth_in_real_games", [({"player": "medium", "value": "won"}, {"kept": 11})]),
    ("12t/truth_in_real_games", [({"player": "expert", "value": "won"}, {"kept": 42})]),
]


@pytest.mark.parametrize(("lesson", "changes"), CHANGES,
                         ids=[f"{lesson} {[list(where.values()) for where, _ in changes]}" for lesson, changes in CHANGES])
def test_a_changed_record_breaks_the_story(lesson: str, changes: list[Change]) -> None:
    number, _, table = lesson.partition("/")
    story, rows = _stories()[number]
    for where, new in changes:
        if table:
            rows = {**rows, table: _changed(rows[table], where, **new)}
        else:
            rows = _changed(rows, where, **new)
    with pytest.raises(AssertionError):
        story(rows)
