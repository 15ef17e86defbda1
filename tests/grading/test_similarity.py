"""``grade --similarity``: answers close to each other or to the library's own code flagged, by copydetect."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from typing import Any

import pytest

from lessons_lib.cli.main import main
from lessons_lib.exercises.references import reference_sources
from lessons_lib.grading.notebooks import Reading
from lessons_lib.grading.sandboxed import NotebookRun
from lessons_lib.grading.similarity import LEAST_CODE, class_answers, compare, report

JUMPS = '''def jumps_from(G, point):
    """The (over, target) pairs of every jump from point, found from G alone."""
    def step(a, b):
        return G.nodes[b]["row"] - G.nodes[a]["row"], G.nodes[b]["col"] - G.nodes[a]["col"]

    jumps = []
    for over in G[point]:
        for target in G[over]:
            if target != point and step(point, over) == step(over, target):
                jumps.append((over, target))
    return jumps
'''
RENAMED = JUMPS.replace("jumps", "found").replace("over", "middle").replace("step", "direction") + "# my own!\n"
OWN = '''def jumps_from(G, point):
    result = []
    r0, c0 = G.nodes[point]["row"], G.nodes[point]["col"]
    for n in G.neighbors(point):
        dr, dc = G.nodes[n]["row"] - r0, G.nodes[n]["col"] - c0
        for m in G.neighbors(n):
            if (G.nodes[m]["row"] - G.nodes[n]["row"], G.nodes[m]["col"] - G.nodes[n]["col"]) == (dr, dc):
                result.append((n, m))
    return result
'''


def flagged(answers: list[tuple[str, dict[str, str]]], threshold: float = 0.8) -> set[tuple[str, str]]:
    return {(pair.first.who, pair.second.who) for pair in compare(class_answers(answers), threshold) if pair.flagged}


def test_a_copy_with_its_names_changed_is_flagged_and_an_answer_of_ones_own_is_not() -> None:
    assert flagged([("ann", {"check_jumps_from": JUMPS}), ("ben", {"check_jumps_from": RENAMED}),
                    ("cat", {"check_jumps_from": OWN})]) == {("ann", "ben")}


def test_an_answer_copied_from_the_librarys_own_code_is_flagged() -> None:
    perft = reference_sources("check_count_leaves")["perft"].replace("perft", "count_leaves")
    assert flagged([("ann", {"check_count_leaves": perft}), ("ben", {"check_jumps_from": JUMPS})]) == {
        ("ann", "reference: perft")}


def test_only_answers_to_the_same_exercise_are_compared_and_the_threshold_is_the_teachers() -> None:
    answers = [("ann", {"check_jumps_from": JUMPS}), ("ben", {"check_cut_points": JUMPS})]
    assert flagged(answers) == set()
    mixed = [("ann", {"check_jumps_from": JUMPS}), ("cat", {"check_jumps_from": OWN})]
    assert flagged(mixed) == set()
    assert flagged(mixed, threshold=0.2) == {("ann", "cat"), ("ann", "reference: straight_jumps"),
                                             ("cat", "reference: straight_jumps")}


def test_an_answer_too_short_to_tell_is_never_flagged() -> None:
    short = "def elo(s):\n    return 400 * math.log10(s / (1 - s))\n"
    pairs = compare(class_answers([("ann", {"check_elo_difference": short}), ("ben", {"check_elo_difference": short})]))
    ann_ben = next(pair for pair in pairs if pair.second.who == "ben")
    assert not ann_ben.flagged and len(short) < LEAST_CODE


def test_the_html_report_escapes_the_code_marks_what_is_shared_and_runs_nothing() -> None:
    hostile = JUMPS + '# </pre><script>alert(1)</script><img src="http://evil.example/x.png">\n'
    pairs = compare(class_answers([("<b>ann</b>", {"check_jumps_from": hostile}), ("ben", {"check_jumps_from": JUMPS})]))
    text = report(pairs, 0.8, {"check_jumps_from": "01 Exercise 1: find the jumps"}, {"check_jumps_from": 2}, False)
    assert "<script" not in text and "<img" not in text and "<b>" not in text and "&lt;b&gt;ann&lt;/b&gt;" in text
    assert "<mark>" in text and "01 Exercise 1: find the jumps" in text and "2 answers compared, 1 pair flagged" in text
    assert "default-src 'none'" in text


def test_the_csv_report_has_every_pair_compared() -> None:
    pairs = compare(class_answers([("=ann", {"check_jumps_from": JUMPS}), ("ben", {"check_jumps_from": OWN})]))
    rows = list(csv.DictReader(io.StringIO(report(pairs, 0.8, {}, {"check_jumps_from": 2}, True))))
    assert len(rows) == 1 + 2 * len(reference_sources("check_jumps_from"))
    assert rows[0]["first"] == "'=ann" and rows[0]["flagged"] == ""


def fake_class(monkeypatch: pytest.MonkeyPatch, sources: dict[str, str]) -> None:
    """``grade`` without a sandbox: each notebook passes lesson 01, its answer to exercise 1 ``sources[stem]``."""
    import lessons_lib.cli.grading as command

    lesson = command.load_lessons()["01_board_graph"]

    def fake_run(data: bytes, name: str, *_: Any) -> NotebookRun:
        cells = {check: number for number, check in enumerate(lesson.exercises, start=1)}
        return NotebookRun([{"start": 1}, {"start": 2}, {"done": True}], reading=Reading(
            lesson, [], cells, answer_sources={"check_jumps_from": sources[Path(name).stem]}),
            verdicts={check: {"passed": True, "message": "right"} for check in cells})

    monkeypatch.setattr(command, "run_notebook", fake_run)
    monkeypatch.setattr(command, "sandbox_mode", lambda: "process")


def test_grade_writes_the_similarity_report_of_a_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    sources = {"ann": JUMPS, "b\u043eb": RENAMED, "bob": OWN}
    fake_class(monkeypatch, sources)
    paths = []
    for name in sources:
        paths.append(tmp_path / f"{name}.ipynb")
        paths[-1].write_text("{}")
    html, table = tmp_path / "similar.html", tmp_path / "similar.csv"
    assert main(["grade", *map(str, paths), "--similarity", str(html)]) == 0
    assert main(["grade", *map(str, paths), "--similarity", str(table), "--similarity-threshold", "0.3"]) == 0
    text = html.read_text()
    assert "1 pair flagged" in text and "b\u043eb [b\\u043eb]" in text
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert {(row["first"], row["second"]) for row in rows if row["flagged"]} == {
        ("ann", "b\u043eb [b\\u043eb]"), ("ann", "bob"), ("b\u043eb [b\\u043eb]", "bob"),
        ("ann", "reference: straight_jumps"), ("b\u043eb [b\\u043eb]", "reference: straight_jumps")}
    capsys.readouterr()


@pytest.mark.parametrize("threshold", ["1.5", "-0.1", "nan", "high"])
def test_a_bad_threshold_is_refused_in_one_line(threshold: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "x.ipynb", "--similarity", "s.html", "--similarity-threshold", threshold]) == 2
    error = capsys.readouterr().err
    assert "should be a number from 0 to 1" in error and error.count("\n") == 1


def test_without_copydetect_the_similarity_report_is_refused_before_grading(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "copydetect", None)
    (tmp_path / "ann.ipynb").write_text("{}")
    assert main(["grade", str(tmp_path / "ann.ipynb"), "--similarity", str(tmp_path / "s.html")]) == 2
    error = capsys.readouterr().err
    assert "--similarity needs copydetect" in error and error.count("\n") == 1
