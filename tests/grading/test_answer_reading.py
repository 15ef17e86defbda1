"""The grader reads each answer's code itself, from the notebook's cells: what of the library it uses, the lookups
reading cannot follow, and the calls of solution() and hint() however they are made."""

from __future__ import annotations

import ast
import json

import pytest

from lessons_lib.exercises.answer_code import python_tree, read_answers
from lessons_lib.exercises.references import ALLOWED, EXERCISES, answer_problem
from lessons_lib.grading.help_calls import help_calls
from lessons_lib.grading.notebooks import LESSONS_FOLDER, SKIP_TAG, code_sources


def reading(*cells: str, check: str = "check_count_leaves") -> tuple[set[str], list[str]]:
    """What the answer handed to ``check`` in the last cell uses, and the lookups found."""
    answers = read_answers(list(enumerate(cells, 1)))
    found = answers[(len(cells), check)]
    return found.library, found.lookups


PERFT = "lessons_lib.kit.perft.perft"
HIDDEN_PERFT = {
    "a module's attribute": ("import lessons_lib.kit.perft as p", "def f(s, d):\n    return p.perft(s, d)"),
    "the package's attributes": ("import lessons_lib", "def f(s, d):\n    return lessons_lib.kit.perft.perft(s, d)"),
    "a default argument": ("from lessons_lib.kit.perft import perft as q", "def f(s, d, helper=q):\n    return helper(s, d)"),
    "functools.partial": ("import functools\nfrom lessons_lib.kit.perft import perft", "f = functools.partial(perft)"),
    "a __call__": ("from lessons_lib.kit.perft import perft",
                   "class Counter:\n    def __call__(self, s, d):\n        return perft(s, d)\nf = Counter()"),
    "a class attribute of the same name": ("from lessons_lib.kit.perft import perft",
                                           "class C:\n    perft = None\n    def __call__(self, s, d):\n"
                                           "        return perft(s, d)\nf = C()"),
    "a decorator": ("import lessons_lib.kit.perft as p\ndef deco(fn):\n    return p.perft",
                    "@deco\ndef f(s, d):\n    return 0"),
    "a deep-copied container": ("import copy\nfrom lessons_lib.kit import perft as m\nT = copy.deepcopy({'f': m.perft})",
                                "def f(s, d):\n    return T['f'](s, d)"),
    "getattr with the name written out": ("from lessons_lib.kit import perft as m",
                                          "def f(s, d):\n    return getattr(m, 'perft')(s, d)"),
    "a star import": ("from lessons_lib.kit.perft import *", "def f(s, d):\n    return perft(s, d)"),
    "a helper defined later": ("def f(s, d):\n    return helper(s, d)",
                               "from lessons_lib.kit.perft import perft\nhelper = perft"),
    "a helper changed in place": ("helpers = []\ndef f(s, d):\n    return helpers[0](s, d)",
                                  "from lessons_lib.kit.perft import perft\nhelpers.append(perft)"),
    "a function's code replaced": ("from lessons_lib.kit.perft import perft\ndef f(s, d):\n    return 0",
                                   "f.__code__ = perft.__code__"),
}
THROUGH_VALUES = {
    "an attribute a helper gives the answer": ("def install(f, g):\n    f.impl = g\ndef f(s, d):\n    return f.impl(s, d)",
                                               "from lessons_lib.kit.perft import perft as q\ninstall(f, q)"),
    "an attribute given through another name": ("def f(s, d):\n    return f.impl(s, d)",
                                                "from lessons_lib.kit.perft import perft as q\nc2 = f\nc2.impl = q"),
    "a table changed through another name": ("table = {}\ndef f(s, d):\n    return table['f'](s, d)",
                                             "from lessons_lib.kit.perft import perft as q\nt = table\nt['f'] = q"),
    "a list changed in a loop": ("helpers = [None]\ndef f(s, d):\n    return helpers[0](s, d)",
                                 "from lessons_lib.kit.perft import perft as q\nfor h in [helpers]:\n    h[0] = q"),
    "a closure's box": ("def make():\n    box = [None]\n    return (lambda s, d: box[0](s, d)), box\nf, box = make()",
                        "from lessons_lib.kit.perft import perft as q\nbox[0] = q"),
    "sys reached through os": ("import os", "def f(s, d):\n    return os.sys.modules['lessons_' + 'lib.kit.perft'].perft(s, d)"),
    "importlib by a star import": ("from importlib import *", "def f(s, d):\n    return import_module('x').perft(s, d)"),
    "getattr handed to reduce": ("import functools\nfrom lessons_lib.kit import perft as m",
                                 "def f(s, d):\n    return functools.reduce(getattr, ['per' + 'ft'], m)(s, d)"),
    "a module the notebook writes": ("%%writefile helper.py\nfrom lessons_lib.kit.perft import perft\n",
                                     "import helper\ndef f(s, d):\n    return helper.perft(s, d)"),
    "a name made by exec beside a star import": ("from math import *\nexec('w2 = 1')", "def f(s, d):\n    return w2(s, d)"),
    "a private attribute": ("", "def f(position):\n    return position._key"),
}
"""Ways the library reaches an answer through values the notebook changes, or through the interpreter, that
reading cannot follow name by name: each must be named as a lookup."""
LOOKUPS = {
    "importlib": ("import importlib", "def f(s, d):\n    return importlib.import_module('lessons_' + 'lib.kit.perft').perft(s, d)"),
    "__import__": ("", "def f(s, d):\n    return __import__('math').sqrt(d)"),
    "getattr with a built name": ("from lessons_lib.kit import perft as m", "def f(s, d):\n    return getattr(m, 'per' + 'ft')(s, d)"),
    "sys.modules": ("import sys", "def f(s, d):\n    return sys.modules['x'].perft(s, d)"),
    "eval": ("", "def f(s, d):\n    return eval('perft')(s, d)"),
    "exec": ("", "def f(s, d):\n    exec('x = 1')\n    return 0"),
    "a copied code object": ("import types\nfrom lessons_lib.kit.perft import perft", "f = types.FunctionType(perft.__code__, {})"),
    "globals()": ("", "def f(s, d):\n    return globals()['per' + 'ft'](s, d)"),
    "a frame": ("import sys", "def f(s, d):\n    return sys._getframe(1).f_locals['expected']"),
    "inspect": ("import inspect", "def f(s, d):\n    return inspect.currentframe().f_back.f_locals['x']"),
    "pickle": ("import pickle", "def f(s, d):\n    return pickle.loads(b'')"),
    "gc": ("import gc", "def f(s, d):\n    return len(gc.get_objects())"),
    "a profiler": ("import sys", "def f(s, d):\n    sys.setprofile(None)\n    return 0"),
    "another process": ("import subprocess", "def f(s, d):\n    return int(subprocess.check_output(['echo', '1']))"),
    "a name no cell defines": ("exec('helper = len')", "def f(s, d):\n    return helper(s)"),
    "a dunder attribute": ("", "def f(s, d):\n    return s.__class__.__module__"),
    "the package named in text": ("import os", "def f(s, d):\n    return os.system('python -c \"import lessons_lib\"')"),
    "get_ipython": ("", "def f(s, d):\n    return get_ipython().run_cell('x')"),
}
PLAIN = {
    "recursion": "def f(s, d):\n    if d == 0:\n        return 1\n    return sum(f(s.play(m), d - 1) for m in s.legal_moves())",
    "a helper of one's own": "def leaves(s, d):\n    return 1 if d == 0 else sum(leaves(s.play(m), d - 1) for m in s.legal_moves())\n"
                             "def f(s, d):\n    return leaves(s, d)",
    "a local named like the library": "def f(s, d):\n    perft = 0\n    for m in s.legal_moves():\n        perft += 1\n    return perft",
    "a parameter named like the library": "def f(perft, d):\n    return len(perft.legal_moves())",
    "a lambda": "f = lambda s, d: 1 if d == 0 else sum(f(s.play(m), d - 1) for m in s.legal_moves())",
    "a class of one's own": "class Counter:\n    def count(self, s, d):\n        return 1 if d == 0 else sum(self.count(s.play(m), d - 1) for m in s.legal_moves())\n"
                            "f = Counter().count",
    "math and sys's plain parts": "import math, sys\nsys.setrecursionlimit(5000)\ndef f(s, d):\n    return math.prod([1, 2]) + sys.maxsize * 0",
    "getattr with a plain name": "def f(s, d):\n    return getattr(s, 'to_move')",
}


@pytest.mark.parametrize("way", HIDDEN_PERFT)
def test_the_library_is_found_however_the_answer_reaches_it(way: str) -> None:
    library, lookups = reading(*HIDDEN_PERFT[way], "check_count_leaves(f)")
    assert PERFT in library or lookups, way


@pytest.mark.parametrize("way", THROUGH_VALUES)
def test_what_reaches_the_answer_through_values_or_the_interpreter_is_named(way: str) -> None:
    _, lookups = reading(*THROUGH_VALUES[way], "check_count_leaves(f)")
    assert lookups, way


def test_the_engines_key_read_by_getattr_is_seen_as_reading_the_key() -> None:
    library, _ = reading("def zk(p):\n    return getattr(p, 'key')", "check_zobrist_key(zk)", check="check_zobrist_key")
    assert "attribute .key" in library


HONEST = {
    "a match's captures": "def f(s, d):\n    match d:\n        case 0:\n            return 1\n        case n:\n"
                          "            return n * len(s.legal_moves())",
    "a walrus in a comprehension": "def f(s, d):\n    found = [y for m in s.legal_moves() if (y := m)]\n    return len(found) + (y is None)",
    "a docstring naming the package": 'def f(s, d):\n    """Like lessons_lib.kit.perft, written by me."""\n    return 1',
    "attrgetter of a plain name": "import operator\ndef f(s, d):\n    return operator.attrgetter('to_move')(s)",
    "hasattr of a special name": "def f(s, d):\n    return hasattr(s, '__len__')",
}


@pytest.mark.parametrize("way", HONEST)
def test_honest_code_of_every_shape_is_taken(way: str) -> None:
    assert reading(HONEST[way], "check_count_leaves(f)") == (set(), []), way


@pytest.mark.parametrize("way", LOOKUPS)
def test_a_lookup_reading_cannot_follow_is_named(way: str) -> None:
    _, lookups = reading(*LOOKUPS[way], "check_count_leaves(f)")
    assert lookups, way


@pytest.mark.parametrize("way", PLAIN)
def test_plain_code_of_ones_own_uses_nothing_and_hides_nothing(way: str) -> None:
    assert reading(PLAIN[way], "check_count_leaves(f)") == (set(), [])


def test_the_answer_is_what_the_check_is_given_by_position_or_by_name() -> None:
    cells = ("from lessons_lib.kit.perft import perft", "def mine(s, d):\n    return 1",
             "check_count_leaves(count_leaves=perft)")
    assert reading(*cells)[0] == {PERFT}
    assert reading(cells[0], cells[1], "check_count_leaves(mine, seed=perft)")[0] == set()  # a setting, not an answer


def test_a_lookup_is_placed_where_it_is_made() -> None:
    _, lookups = reading("import importlib", "x = 1\ndef f(s, d):\n    return importlib.reload(s)", "check_count_leaves(f)")
    assert lookups == ["importlib (code cell 2, line 3)"]


def test_the_answers_own_code_is_kept_for_the_similarity_report() -> None:
    cells = [(1, "import math"), (2, "def helper(x):\n    return x + 1"), (3, "def f(s, d):\n    return helper(d)"),
             (4, "unrelated = 5"), (5, "check_count_leaves(f)")]
    source = read_answers(cells)[(5, "check_count_leaves")].source
    assert "def helper" in source and "def f" in source and "unrelated" not in source


# -- what each exercise allows ---------------------------------------------------------------------------------

def test_an_answer_using_what_its_exercise_does_not_give_is_refused_and_told_what_it_may_use() -> None:
    library, lookups = reading("from lessons_lib.arena.ratings import expected_score, fit_elo",
                               "def f(s):\n    return fit_elo(s)", "check_elo_difference(f)", check="check_elo_difference")
    from lessons_lib.exercises.answer_code import AnswerCode

    problem = answer_problem("check_elo_difference", AnswerCode(library, lookups))
    assert problem is not None and "lessons_lib.arena.ratings.fit_elo" in problem
    assert "lessons_lib.arena.ratings.expected_score" in problem  # what it may use
    allowed = AnswerCode({"lessons_lib.arena.ratings.expected_score"}, [])
    assert answer_problem("check_elo_difference", allowed) is None


def test_an_exercises_own_references_are_left_to_its_check() -> None:
    from lessons_lib.exercises.answer_code import AnswerCode

    assert answer_problem("check_wilson", AnswerCode({"lessons_lib.arena.score_intervals.wilson_interval"}, [])) is None


def test_lesson_08s_agent_may_use_the_whole_library() -> None:
    from lessons_lib.exercises.answer_code import AnswerCode

    assert answer_problem("check_agent_file", AnswerCode({"lessons_lib.agents.presets.make_agent"}, ["eval"])) is None


def lesson_answers(path: str) -> dict[tuple[int, str], object]:
    notebook = json.loads(path.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    cells = [(number, source) for number, source, tags in code_sources(notebook) if SKIP_TAG not in tags]
    return read_answers(cells)  # type: ignore[return-value]


@pytest.mark.parametrize("path", sorted([*LESSONS_FOLDER.glob("[0-9][0-9]_*.ipynb"),
                                         *(LESSONS_FOLDER / "solutions").glob("[0-9][0-9]_*.ipynb")]),
                         ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_every_lessons_and_worked_solutions_answers_are_taken(path: object) -> None:
    for (cell, check), code in lesson_answers(path).items():  # type: ignore[arg-type]
        assert answer_problem(check, code) is None, (cell, check)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", sorted([*LESSONS_FOLDER.glob("[0-9][0-9]_*.ipynb"),
                                         *(LESSONS_FOLDER / "solutions").glob("[0-9][0-9]_*.ipynb")]),
                         ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_no_lesson_or_worked_solution_reaches_its_help_unclearly(path: object) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    trees = {number: python_tree(source) for number, source, _ in code_sources(notebook)}
    assert help_calls({number: tree for number, tree in trees.items() if tree is not None}).unclear == []


def test_every_exercise_with_a_library_answer_names_what_it_may_use() -> None:
    assert set(ALLOWED) <= {name for path in LESSONS_FOLDER.glob("[0-9][0-9]_*.ipynb")
                            for _, name in lesson_answers(path)}
    assert set(EXERCISES) <= {name for path in LESSONS_FOLDER.glob("[0-9][0-9]_*.ipynb")
                              for _, name in lesson_answers(path)}


# -- solution() and hint(), however they are called ----------------------------------------------------------------

def asked(*cells: str) -> tuple[dict[str, dict[str, list[int]]], list[str]]:
    trees = {number: python_tree(source) for number, source in enumerate(cells, 1)}
    found = help_calls({number: tree for number, tree in trees.items() if isinstance(tree, ast.Module)})
    return found.cells, found.unclear


@pytest.mark.parametrize("cells", [
    ("solution(check_wilson)",), ("solution('check_wilson')",), ("solution(check=check_wilson)",),
    ("solution(check_name='check_wilson')",), ("show = solution", "show(check_wilson)"),
    ("show = solution\nagain = show", "again(check=check_wilson)"),
    ("show = lambda check: solution(check)", "show(check_wilson)"),
    ("def show(which):\n    return solution(which)", "show(check_wilson)"),
    ("if True:\n    print(solution(check_wilson))",),
], ids=lambda cells: " / ".join(cells))
def test_a_worked_solution_shown_is_seen_however_it_is_called(cells: tuple[str, ...]) -> None:
    shown, unclear = asked(*cells)
    assert shown["solution"] == {"check_wilson": [len(cells)]} and unclear == []


@pytest.mark.parametrize("cells", [
    ("helpers = [solution]", "helpers[0](check_wilson)"), ("(lambda f: f(check_wilson))(solution)",),
    ("for c in (check_wilson, check_elo_difference):\n    solution(c)",), ("solution(globals()['check_wilson'])",),
    ("f = vars()['solu' + 'tion']",), ("name = 'solution'",), ("import sys\nf = getattr(sys.modules['__main__'], 'solu' + 'tion')",),
    ("f = eval('solu' + 'tion')",),
    ("show = {'s': solution}['s']",), ("class H:\n    show = solution", "H.show(check_wilson)"),
    ("fs = [None]\nfs[0] = solution", "fs[0](check_wilson)"),
    ("import types\nns = types.SimpleNamespace()\nns.show = solution", "ns.show(check=check_wilson)"),
], ids=lambda cells: " / ".join(cells))
def test_a_notebook_that_hides_its_calls_of_solution_is_reported(cells: tuple[str, ...]) -> None:
    _, unclear = asked(*cells)
    assert unclear


def test_each_hint_asked_for_is_counted_where_it_is_asked() -> None:
    shown, _ = asked("hint(check_wilson)\nhint(check_wilson)", "hint(check_name='check_ucb1')", "h = hint\nh(check_wilson)")
    assert shown["hint"] == {"check_wilson": [1, 1, 3], "check_ucb1": [2]}
