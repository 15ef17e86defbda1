"""What ``grade`` gives a teacher, from results made here (no sandbox): points and partial credit, the worked
solutions shown, a due date, feedback pages, names that never look alike, a row for every notebook."""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from lessons_lib.arena.tournament import Standing, format_standings
from lessons_lib.cli.main import main
from lessons_lib.grading import reports
from lessons_lib.grading.due import due_date
from lessons_lib.grading.feedback_files import file_names, page, prepare_folder, write_feedback
from lessons_lib.grading.notebooks import Lesson, Reading
from lessons_lib.grading.points import read_points
from lessons_lib.grading.reports import (
    NotebookResult, as_json, column_title, grade, grader_failed, long_csv, scores_csv, table,
)
from lessons_lib.grading.sandboxed import NotebookRun
from lessons_lib.tooling.text import distinct_names

LESSON = Lesson("03_minimax_alphabeta", ("check_minimax", "check_alphabeta"), frozenset(), frozenset(),
                (("check_minimax", "Exercise 2: write minimax"), ("check_alphabeta", "Exercise 4: write alpha-beta")))
LONG_MESSAGE = ("not yet: on position 7 of 40 your minimax returned 3, the right value is -1. " * 40
                + "To draw these cases again, pass seed=1234 to the check.")


def reading(**fields: Any) -> Reading:
    """Lesson 03 read: minimax's check in cell 3, alpha-beta's in cell 5."""
    return Reading(LESSON, [(3, "check_minimax(minimax)"), (5, "check_alphabeta(alphabeta)")],
                   {"check_minimax": 3, "check_alphabeta": 5}, **fields)


def run(minimax: dict[str, Any] | None = None, alphabeta: dict[str, Any] | None = None, **fields: Any) -> NotebookRun:
    verdicts = {name: verdict for name, verdict in (("check_minimax", minimax), ("check_alphabeta", alphabeta))
                if verdict is not None}
    return NotebookRun([{"start": 3}, {"start": 5}, {"done": True}], verdicts=verdicts, **fields)


PASSED = {"passed": True, "message": "right"}


def partly(share: object) -> dict[str, Any]:
    return {"passed": False, "message": LONG_MESSAGE, "score": share}


# -- the column headings ------------------------------------------------------------------------------------

@pytest.mark.parametrize("title, heading", [
    ("Exercise: one position's value from its moves", "one position's value from i…"),
    ("Exercise 2: write minimax", "2: write minimax"),
    ("Exercise — a rollout policy", "a rollout policy"),
    ("Exercise. Prune by hand", "Prune by hand"),
    ("exercise 3: which bound?", "3: which bound?"),
    ("Exercises for the keen", "Exercises for the keen"),
    ("Exercise", "Exercise"),
    ("check_settle", "check_settle"),
])
def test_a_column_is_headed_by_the_title_without_the_word_exercise_or_the_punctuation_after_it(
        title: str, heading: str) -> None:
    assert column_title(title) == heading


# -- points and partial credit ------------------------------------------------------------------------------

def test_a_points_file_sets_each_exercises_points(tmp_path: Path) -> None:
    path = tmp_path / "points.toml"
    path.write_text("# lesson 03\ncheck_minimax = 4\ncheck_alphabeta = 2.5\n")
    assert read_points(path, LESSON.exercises) == {"check_minimax": 4.0, "check_alphabeta": 2.5}


@pytest.mark.parametrize("text, says", [
    ("check_minmax = 4\n", "names 'check_minmax', which is no exercise's check (did you mean 'check_minimax'?)"),
    ("check_minimax = -1\n", "gives check_minimax '-1': give a number of points from 0 to 1000"),
    ("check_minimax = nan\n", "gives check_minimax 'nan'"),
    ("check_minimax = true\n", "gives check_minimax 'True'"),
    ("check_minimax = '4'\n", "gives check_minimax '4'"),
    ("check_minimax 4\n", "is not a TOML file of 'check_name = points' lines"),
    (b"\xff\xfe", "is not text (UTF-8)"),
])
def test_a_bad_points_file_is_refused_in_one_line(tmp_path: Path, text: str | bytes, says: str) -> None:
    path = tmp_path / "points.toml"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    with pytest.raises(ValueError) as refused:
        read_points(path, LESSON.exercises)
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_grade_refuses_a_bad_points_file_before_grading_anything(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    points = tmp_path / "points.toml"
    points.write_text("check_nothing = 2\n")
    assert main(["grade", str(tmp_path / "alice.ipynb"), "--points", str(points)]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 1 and "names 'check_nothing', which is no exercise's check" in errors[0]
    assert main(["grade", "x.ipynb", "--points", str(tmp_path / "none.toml")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_partial_credit_is_the_share_of_cases_times_the_points() -> None:
    points = {"check_minimax": 4.0, "check_alphabeta": 3.0}
    result = grade(reading(), run(partly(0.375), PASSED), "ann.ipynb", "ann", points)
    assert [(exercise.points, exercise.possible, exercise.share) for exercise in result.exercises] == [
        (1.5, 4.0, 0.375), (3.0, 3.0, None)]
    assert (result.score(), result.possible()) == (4.5, 7.0)
    thirds = grade(reading(), run(partly(1 / 3), partly(None)), "ben.ipynb", "ben", points)
    assert [exercise.points for exercise in thirds.exercises] == [1.33, 0.0]


STUB = "def minimax(state, depth):\n    # your code here\n    return 0\n\ncheck_minimax(minimax)"


@pytest.mark.parametrize("handed_in, share", [
    (STUB, 0.0),
    ("def minimax(state, depth):\n    return 0  # changed nothing but this comment\n\ncheck_minimax(minimax)", 0.0),
    ("def minimax(state,depth):\n\n    return 0\ncheck_minimax( minimax )", 0.0),
    ("def minimax(state, depth):\n    return 1\n\ncheck_minimax(minimax)", 0.25),
    ("def minimax(state, depth):\n    return state.evaluate()\n\ncheck_minimax(minimax)", 0.25),
])
def test_code_still_as_the_lesson_gives_it_earns_no_partial_credit(handed_in: str, share: float) -> None:
    from lessons_lib.grading.notebooks import code_shape

    lesson = Lesson(LESSON.name, LESSON.exercises, frozenset(), frozenset(), LESSON.titles,
                    given=(("check_minimax", code_shape(STUB)),))
    result = grade(Reading(lesson, [(3, handed_in)], {"check_minimax": 3}, answer_sources={"check_minimax": handed_in}),
                   run(partly(0.25)), "ann.ipynb", "ann", {"check_minimax": 4.0})
    assert (result.exercises[0].status, result.exercises[0].share) == ("not yet", share)
    assert result.exercises[0].points == 4.0 * share
    assert ("still as the lesson gives it" in result.exercises[0].detail) == (share == 0.0)


def test_the_lessons_know_the_code_each_exercise_is_handed_as_released() -> None:
    from lessons_lib.grading.notebooks import load_lessons

    lessons = load_lessons()
    assert all({check for check, _ in lesson.given} == set(lesson.exercises) for lesson in lessons.values())


@pytest.mark.parametrize("share", [-0.1, 1.5, float("nan"), float("inf"), True, "0.5", [0.5]])
def test_a_share_that_is_not_a_number_from_0_to_1_gives_no_points(share: object) -> None:
    result = grade(reading(), run(partly(share), PASSED), "ann.ipynb", "ann")
    assert result.exercises[0].points == 0 and result.exercises[0].share is None


def test_an_exercise_not_passed_nor_failed_by_its_check_earns_nothing_whatever_its_share() -> None:
    broken = NotebookRun([{"start": 3}, {"error": "ValueError: x", "cell": 3}, {"done": True}],
                         verdicts={"check_alphabeta": partly(0.5)})
    result = grade(reading(), broken, "ann.ipynb", "ann", {"check_minimax": 2.0})
    assert [(exercise.status, exercise.points, exercise.possible) for exercise in result.exercises] == [
        ("error", 0.0, 2.0), ("not yet", 0.5, 1.0)]


def class_results() -> list[NotebookResult]:
    points = {"check_minimax": 4.0, "check_alphabeta": 2.0}
    due = datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc)
    ann = grade(reading(solution_cells={"check_minimax": 2}), run(PASSED, partly(0.25)), "c/ann.ipynb", "ann",
                points, datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc), due)
    ben = grade(reading(hint_cells={"check_alphabeta": [4, 4]}), run(partly(0.5), PASSED), "c/ben.ipynb", "ben",
                points, datetime(2026, 12, 2, 2, 4, tzinfo=timezone.utc), due)
    return [ann, ben]


DUE = datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc)


def test_the_table_shows_the_points_partial_credit_the_solutions_shown_first_and_lateness() -> None:
    shown = table(class_results(), DUE)
    assert shown.splitlines()[:4] == [
        "Lesson 03_minimax_alphabeta",
        "student  2: write minimax (4)  4: write alpha-beta (2)  score  minutes  late",
        "ann      ✔*                    ✘ 0.5                    4.5/6",
        "ben      ✘ 2                   ✔                        4/6             2 h 5 min"]
    assert "* the notebook showed the exercise's worked solution before its check ran" in shown
    assert "Due 2026-12-01T23:59:00+00:00" in shown


def test_without_points_or_a_due_date_the_table_is_as_before() -> None:
    result = grade(reading(), run(PASSED, {"passed": False, "message": "no"}), "ann.ipynb", "ann")
    assert table([result]).splitlines()[1:3] == ["student  2: write minimax  4: write alpha-beta  score  minutes",
                                                 "ann      ✔                 ✘                    1/2"]


def test_the_long_csv_has_points_possible_share_hints_and_lateness() -> None:
    rows = list(csv.DictReader(io.StringIO(long_csv(class_results()))))
    assert [(row["student"], row["points"], row["possible"], row["share"], row["solution_shown"], row["hints"],
             row["late_hours"]) for row in rows] == [
        ("ann", "4", "4", "", "before", "0", ""), ("ann", "0.5", "2", "0.25", "", "0", ""),
        ("ben", "2", "4", "0.5", "", "0", "2.08"), ("ben", "2", "2", "", "", "2", "2.08")]
    assert rows[2]["detail"].endswith("pass seed=1234 to the check.") and len(rows[2]["detail"]) > 3000
    assert rows[0]["handed_in"] == "2026-12-01T12:00:00+00:00"


def test_the_scores_csv_has_the_points_and_marks_the_solutions_shown_first() -> None:
    rows = list(csv.DictReader(io.StringIO(scores_csv(class_results()))))
    minimax, alphabeta = "03 Exercise 2: write minimax", "03 Exercise 4: write alpha-beta"
    assert [(row[minimax], row[alphabeta], row["total"], row["possible"], row["percent_correct"],
             row["solution_shown_first"], row["late_hours"]) for row in rows] == [
        ("4", "0.5", "4.5", "6", "75.0", minimax, ""), ("2", "2", "4", "6", "66.7", "", "2.08")]


def test_the_json_has_points_lateness_and_the_name_as_shown() -> None:
    report = as_json(class_results(), [], DUE)
    ben = report["notebooks"][1]
    assert (report["due"], ben["score"], ben["possible"], ben["late"], ben["shown_as"]) == (
        "2026-12-01T23:59:00+00:00", 4.0, 6.0, 7500.0, "ben")
    assert json.loads(json.dumps(report))["notebooks"][1]["exercises"][1]["hint_cells"] == [4, 4]


def test_a_solution_reached_in_a_way_the_grader_cannot_follow_is_unclear_and_a_problem() -> None:
    unclear = reading(solution_cells={"check_alphabeta": 6}, help_unclear=["code cell 2 passes solution on"])
    result = grade(unclear, run(PASSED, PASSED), "ann.ipynb", "ann")
    assert [exercise.solution_shown for exercise in result.exercises] == ["unclear", "after"]
    assert "reaches solution() or hint() in a way the grader cannot follow: code cell 2 passes solution on" \
        in result.problems
    shown = table([result])
    assert "✔?" in shown and "? the grader cannot tell" in shown


# -- the due date -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, meant", [
    ("2026-12-01T23:59+01:00", datetime(2026, 12, 1, 22, 59, tzinfo=timezone.utc)),
    ("2026-12-01 23:59Z", datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc)),
    ("2026-12-01", datetime(2026, 12, 1, 23, 59, 59, 999999).astimezone()),
    ("2026-12-01T23:59", datetime(2026, 12, 1, 23, 59).astimezone()),
])
def test_a_due_date_is_an_iso_date_or_time_with_or_without_a_zone(text: str, meant: datetime) -> None:
    assert due_date(text) == meant


@pytest.mark.parametrize("text", ["tomorrow", "2026-13-01", "01/12/2026", "2026-12-01T25:00", ""])
def test_a_bad_due_date_is_refused_in_one_line(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        due_date(text)
    assert main(["grade", "x.ipynb", "--due", text]) == 2
    error = capsys.readouterr().err
    assert "argument --due" in error and "is not a date" in error and error.count("\n") == 1


# -- feedback pages -----------------------------------------------------------------------------------------

def test_a_feedback_page_shows_everything_and_escapes_what_the_student_made() -> None:
    hostile = '<script>alert("x")</script><img src="http://evil.example/t.png">'
    run_with_problems = NotebookRun([{"start": 3}, {"error": f"ValueError: {hostile}", "cell": 4}],
                                    stopped="timed out after 300 s in code cell 5",
                                    verdicts={"check_minimax": {"passed": False, "message": LONG_MESSAGE + hostile,
                                                                "score": 0.25}})
    result = grade(reading(hint_cells={"check_minimax": [2, 2, 3]}, solution_cells={"check_minimax": 4},
                           help_unclear=[f"code cell 1 calls {hostile}"]),
                   run_with_problems, f"c/{hostile}.ipynb", hostile, {"check_minimax": 4.0},
                   datetime(2026, 12, 2, 2, 4, tzinfo=timezone.utc), DUE)
    text = page(result, hostile, DUE)
    assert "<script" not in text and "<img" not in text and "http://" not in text.replace(
        "http://evil.example", "")
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in text
    assert "pass seed=1234 to the check." in text and text.count("your minimax returned 3") == 40
    for shown in ("timed out after 300 s in code cell 5", "code cell 4 raised ValueError",
                  "3 (code cells 2, 3)", "1 of 4 (25% of the check&#x27;s cases right)",
                  "Late</th><td class=late>by 2 h 5 min",
                  "reaches solution() or hint() in a way the grader cannot follow"):
        assert shown in text, shown
    assert "content=\"default-src &#x27;none&#x27;; style-src &#x27;unsafe-inline&#x27;\"" in text
    tampered = grade(reading(tampering=["code cell 9 reaches into check_x"]), run(PASSED, PASSED), "ann.ipynb", "ann")
    assert "tampered with the checks: code cell 9 reaches into check_x" in page(tampered, "ann")


def test_a_feedback_page_says_how_the_solution_was_shown_and_the_partial_points() -> None:
    result = grade(reading(solution_cells={"check_minimax": 1}), run(partly(0.5), PASSED), "ann.ipynb", "ann",
                   {"check_minimax": 4.0})
    text = page(result, "ann")
    assert "yes, before its check ran" in text and "2 of 4 (50% of the check&#x27;s cases right)" in text
    assert "Late" not in text


def test_feedback_file_names_never_collide_and_are_plain_ascii() -> None:
    def result(path: str, student: str) -> NotebookResult:
        return NotebookResult(path, student, "03_minimax_alphabeta", [])

    results = [result("a/bob.ipynb", "bob"), result("b/b\u043eb.ipynb", "b\u043eb"),
               result("c/b_b.ipynb", "b_b"), result("d/../x.ipynb", ".."), result("e/a b.ipynb", "a b"),
               result("f/a_b.ipynb", "a_b"), result("g/" + "x" * 300 + ".ipynb", "x" * 300)]
    names = file_names(results)
    assert len(set(names)) == len(names) and names[0] == "bob--03_minimax_alphabeta.html"
    assert all(name.isascii() and "/" not in name and not name.startswith(".") and len(name) < 200
               for name in names)
    assert names[2] != "b_b--03_minimax_alphabeta.html"  # b_b would be the Cyrillic bob's name too


def test_feedback_is_written_whole_in_a_folder_made_for_it_replacing_links(tmp_path: Path) -> None:
    folder = tmp_path / "made" / "feedback"
    prepare_folder(folder)
    secret = tmp_path / "secret.txt"
    secret.write_text("keep me")
    (folder / "ann--03_minimax_alphabeta.html").symlink_to(secret)
    written = write_feedback(folder, class_results(), DUE)
    assert [path.name for path in written] == ["ann--03_minimax_alphabeta.html", "ben--03_minimax_alphabeta.html"]
    assert secret.read_text() == "keep me" and not written[0].is_symlink()
    assert "ann: lesson 03_minimax_alphabeta" in written[0].read_text()


def test_a_feedback_folder_that_is_a_link_or_a_file_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    for name, says in (("link", "is a symbolic link"), ("dangling", "is a symbolic link"),
                       ("file/inside", "cannot be made"), ("file", "is a file")):
        with pytest.raises(ValueError, match=says):
            prepare_folder(tmp_path / name)
    assert not (tmp_path / "nowhere").exists()


# -- names that never look alike ----------------------------------------------------------------------------

CONFUSABLE = [
    ("bob", "b\u043eb"),  # a Cyrillic o
    ("alpha", "\u0430lpha"),  # a Cyrillic a
    ("nico", "\u03bdico"),  # a Greek nu
    ("zo\u00eb", "zoe\u0308"),  # precomposed, and e with a combining diaeresis
    ("anna", "an\u200dna"),  # a zero-width joiner
    ("anna", "an\u034fna"),  # a combining grapheme joiner
    ("bob", "\uff42\uff4f\uff42"),  # fullwidth letters
    ("Olga", "\u041elga"),  # a Cyrillic capital O
]


@pytest.mark.parametrize("one, other", CONFUSABLE)
def test_two_names_that_look_alike_are_shown_apart(one: str, other: str) -> None:
    shown = distinct_names([one, other])
    assert shown[one] != shown[other]
    assert all(text.isascii() or "[" in text for name, text in shown.items() if not name.isascii())
    assert any(f"[{ascii(name)[1:-1]}]" in text for name, text in shown.items())


def test_names_that_look_like_no_other_are_shown_as_they_are() -> None:
    names = ["alice", "zo\u00eb", "\u674e\u534e", "bob smith"]
    assert distinct_names(names) == {name: name for name in names}


def test_a_name_made_to_read_like_anothers_escaped_form_is_shown_apart_too() -> None:
    shown = distinct_names(["bob", "b\u043eb", "b\u043eb [b\\u043eb]", "al\nice", "al\\nice"])
    assert len(set(shown.values())) == 5


def test_the_table_the_csvs_the_json_and_the_feedback_show_lookalike_students_apart(tmp_path: Path) -> None:
    results = [grade(reading(), run(PASSED, PASSED), "class/bob.ipynb", "bob"),
               grade(reading(), run(PASSED, PASSED), "class/b\u043eb.ipynb", "b\u043eb")]
    rows = table(results).splitlines()[2:4]
    assert rows[0].startswith("bob ") and rows[1].startswith("b\u043eb [b\\u043eb]")
    assert [row["student"] for row in csv.DictReader(io.StringIO(long_csv(results)))][::2] == [
        "bob", "b\u043eb [b\\u043eb]"]
    assert [row["student"] for row in csv.DictReader(io.StringIO(scores_csv(results)))] == [
        "bob", "b\u043eb [b\\u043eb]"]
    assert [book["shown_as"] for book in as_json(results, [])["notebooks"]] == ["bob", "b\u043eb [b\\u043eb]"]
    pages = write_feedback(tmp_path, results)
    assert len({path.name for path in pages}) == 2
    assert "<title>b\u043eb [b\\u043eb]: lesson" in pages[1].read_text()


def test_the_tournament_standings_show_lookalike_players_apart() -> None:
    def standing(name: str) -> Standing:
        return Standing(name, name, 4, 2, 0, 2, 0, 0.5, 0.2, 0.8, 0.0, -100.0, 100.0)

    lines = format_standings([standing("bob"), standing("b\u043eb"), standing("zo\u00eb")]).splitlines()
    assert [line[3:].split("  ")[0].strip() for line in lines[1:]] == ["bob", "b\u043eb [b\\u043eb]", "zo\u00eb"]
    long = format_standings([standing("a_very_long_name_one"), standing("a_very_long_name_two")]).splitlines()
    assert "a_very_long_name_one" in long[1] and "a_very_long_name_two" in long[2]  # cut, they would look alike
    cut = format_standings([standing("a_very_long_name_one"), standing("bob")]).splitlines()
    assert "a_very_long_name " in cut[1] and "_one" not in cut[1]


# -- every notebook gets its row ----------------------------------------------------------------------------

def all_passed(lesson: Lesson) -> NotebookRun:
    """A run of ``lesson`` (each exercise's check in its own cell) that passed every exercise."""
    cells = {name: number for number, name in enumerate(lesson.exercises, start=1)}
    return NotebookRun([*({"start": cell} for cell in cells.values()), {"done": True}],
                       reading=Reading(lesson, [], cells), verdicts={name: PASSED for name in cells})


def test_a_notebook_the_grader_fails_on_still_gets_its_row_and_the_others_are_graded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import lessons_lib.cli.grading as command

    folder = tmp_path / "class"
    folder.mkdir()
    paths = []
    for name in ("ann", "ben", "cat"):
        paths.append(folder / f"{name}.ipynb")
        paths[-1].write_text("{}")
    lesson = command.load_lessons()["03_minimax_alphabeta"]

    def fake_run(*_: Any) -> NotebookRun:
        return all_passed(lesson)

    real_grade = reports.grade

    def failing_grade(read: Reading, notebook: NotebookRun, path: str | Path, *rest: Any) -> NotebookResult:
        if "ben" in str(path):
            raise KeyError("a bug of ours\nwith a second line")
        return real_grade(read, notebook, path, *rest)

    monkeypatch.setattr(command, "run_notebook", fake_run)
    monkeypatch.setattr(command, "grade", failing_grade)
    monkeypatch.setattr(command, "sandbox_mode", lambda: "process")
    monkeypatch.setattr(command, "announce_mode", lambda: None)
    long, scores, feedback = tmp_path / "long.csv", tmp_path / "scores.csv", tmp_path / "feedback"
    status = main(["grade", *map(str, paths), "--json", "--csv", str(long), "--scores-csv", str(scores),
                   "--feedback", str(feedback), "--jobs", "2"])
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert status == 2 and [book["student"] for book in report["notebooks"]] == ["ann", "ben", "cat"]
    ben = report["notebooks"][1]
    assert {exercise["status"] for exercise in ben["exercises"]} == {"grader failed"}
    assert ben["exercises"][0]["detail"] == ("the grader failed on this notebook: KeyError: 'a bug of ours\\nwith "
                                             "a second line'")
    assert {exercise["status"] for book in report["notebooks"][::2] for exercise in book["exercises"]} == {"passed"}
    assert len(list(csv.DictReader(io.StringIO(long.read_text())))) == 3 * len(lesson.exercises)
    assert len(list(csv.DictReader(io.StringIO(scores.read_text())))) == 3
    assert len(list(feedback.iterdir())) == 3
    assert "Traceback" not in captured.err and "the grader failed on this notebook: KeyError" in captured.err


def test_a_grader_failure_before_the_lesson_is_known_names_the_lesson_from_the_file_or_none() -> None:
    lessonless = grader_failed("c/notes.ipynb", "ann", None, RuntimeError("x" * 1000))
    assert lessonless.lesson == "unknown" and lessonless.exercises == [] and len(lessonless.problems[0]) < 400
    assert "Lesson unknown" in table([lessonless])

    class Unshowable(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no")

    assert "Unshowable: (its message cannot be shown)" in grader_failed("a.ipynb", "ann", None, Unshowable()).problems[0]


def test_an_output_that_cannot_be_written_is_one_line_and_the_others_are_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import lessons_lib.cli.grading as command
    import lessons_lib.grading.feedback_files as feedback_files

    lesson = command.load_lessons()["03_minimax_alphabeta"]
    path = tmp_path / "ann.ipynb"
    path.write_text("{}")
    monkeypatch.setattr(command, "run_notebook", lambda *_: all_passed(lesson))
    monkeypatch.setattr(command, "sandbox_mode", lambda: "process")

    def full_disk(*_: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(feedback_files, "write_whole", full_disk)
    scores = tmp_path / "scores.csv"
    status = main(["grade", str(path), "--feedback", str(tmp_path / "fb"), "--scores-csv", str(scores)])
    captured = capsys.readouterr()
    assert status == 2 and "ann" in captured.out and scores.exists()
    assert "--feedback: " in captured.err and "No space left on device" in captured.err


def test_the_file_time_is_the_hand_ins_time_and_marks_it_late(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import lessons_lib.cli.grading as command

    lesson = command.load_lessons()["03_minimax_alphabeta"]
    late, early = tmp_path / "late.ipynb", tmp_path / "early.ipynb"
    for path, moment in ((late, datetime(2026, 12, 3, 0, 59, tzinfo=timezone.utc)),
                         (early, datetime(2026, 11, 30, tzinfo=timezone.utc))):
        path.write_text("{}")
        os.utime(path, (moment.timestamp(), moment.timestamp()))
    monkeypatch.setattr(command, "run_notebook", lambda *_: all_passed(lesson))
    monkeypatch.setattr(command, "sandbox_mode", lambda: "process")
    assert main(["grade", str(late), str(early), "--due", "2026-12-01T23:59Z", "--json"]) == 0
    books = json.loads(capsys.readouterr().out)["notebooks"]
    assert [(book["student"], book["late"], book["handed_in"]) for book in books] == [
        ("late", 90000.0, "2026-12-03T00:59:00+00:00"), ("early", None, "2026-11-30T00:00:00+00:00")]
    assert main(["grade", str(late), str(early), "--due", "2026-12-01T23:59Z"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[1].endswith("late") and rows[2].startswith("late ") and rows[2].endswith("  1 d 1 h")
    assert rows[3].startswith("early ") and rows[3].endswith("4/4")
