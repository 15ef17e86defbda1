"""Every check of every lesson against its catalogue: each wrong answer fails with a hint that names the mistake,
each right answer passes."""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import pkgutil
import re
from types import ModuleType
from typing import Any

import nbformat
import pytest

import lessons_lib
from locations import ROOT
from lessons_lib.exercises.feedback import Feedback
from lessons_lib.exercises import (
    board_graph, rules_and_game_tree, strength as strength_checks,
)
from lessons_lib.exercises import evaluation as evaluation_checks
from lessons_lib.exercises import faster_search as faster_search_checks
from lessons_lib.exercises import mcts as mcts_checks
from lessons_lib.exercises import mcts_expectimax as mcts_expectimax_checks
from lessons_lib.exercises import minimax_alphabeta as minimax_alphabeta_checks
from lessons_lib.exercises import other_games as other_games_checks
from lessons_lib.exercises import tournament_lab as tournament_lab_checks
from lessons_lib.exercises import learning_an_evaluation as learning_checks
from lessons_lib.exercises import alphazero_in_miniature as alphazero_checks
from lessons_lib.exercises import alphazero_in_miniature_loop as alphazero_loop_checks
from lessons_lib.exercises import solving_endgames as solving_endgames_checks
from catalogue import (
    Answer, alphazero_in_miniature, alphazero_in_miniature_loop, board_rules, evaluation, faster_search,
    learning_an_evaluation, mcts, mcts_expectimax, minimax_alphabeta, other_games, solving_endgames, strength,
    tournament_lab,
)

CHECK_MODULES = [board_graph, rules_and_game_tree, minimax_alphabeta_checks, evaluation_checks, faster_search_checks,
                 mcts_checks, mcts_expectimax_checks, strength_checks, tournament_lab_checks, other_games_checks,
                 learning_checks, alphazero_checks, alphazero_loop_checks, solving_endgames_checks]

CATALOGUE: list[Answer] = [*board_rules.ANSWERS, *minimax_alphabeta.ANSWERS, *evaluation.ANSWERS,
                           *faster_search.ANSWERS, *mcts.ANSWERS, *mcts_expectimax.ANSWERS, *strength.ANSWERS,
                           *tournament_lab.ANSWERS, *other_games.ANSWERS, *learning_an_evaluation.ANSWERS,
                           *alphazero_in_miniature.ANSWERS, *alphazero_in_miniature_loop.ANSWERS, *solving_endgames.ANSWERS]


SEEDS = (1, 2, 3, 4, 5)
"""The seeds a check that draws its cases is tried with: every answer must get its verdict with each."""
SLOW_CHECKS = {evaluation_checks.check_evaluation, mcts_checks.check_rollout_policy,
               faster_search_checks.check_move_ordering, other_games_checks.check_game_measure}
"""Checks that play games or rollouts before or after their drawn cases: tried with the first two seeds only."""
VERDICTS: dict[str, list[Feedback]] = {}


def verdicts(entry: Answer) -> list[Feedback]:
    """The check's feedback on the entry's answer, with each of :data:`SEEDS` if it draws its cases, computed once
    (two tests read it)."""
    if entry.id not in VERDICTS:
        if "seed" in inspect.signature(entry.check).parameters:
            seeds = SEEDS[:2] if entry.check in SLOW_CHECKS else SEEDS
            VERDICTS[entry.id] = [entry.check(*entry.answer, seed=seed) for seed in seeds]
        else:
            VERDICTS[entry.id] = [entry.check(*entry.answer)]
    return VERDICTS[entry.id]


def verdict(entry: Answer) -> Feedback:
    """The check's first feedback on the entry's answer."""
    return verdicts(entry)[0]


def test_each_entry_has_its_own_name() -> None:
    assert len({entry.id for entry in CATALOGUE}) == len(CATALOGUE)


@pytest.mark.parametrize("entry", CATALOGUE, ids=[entry.id for entry in CATALOGUE])
def test_each_answer_gets_the_verdict_and_hint_it_deserves(entry: Answer) -> None:
    for feedback in verdicts(entry):
        if entry.hint is None:
            assert feedback.passed, feedback.message
        else:
            assert not feedback.passed, f"a wrong answer passed: {feedback.message}"
            assert entry.hint in feedback.message


WITHOUT_A_SHARE = {evaluation_checks.check_evaluation, mcts_checks.check_rollout_policy,
                   faster_search_checks.check_move_ordering, other_games_checks.check_game_measure,
                   other_games_checks.check_goat_rollouts, tournament_lab_checks.check_agent_file,
                   board_graph.check_cut_points, minimax_alphabeta_checks.check_pruned_leaves,
                   other_games_checks.check_best_game_for_mcts}
"""Checks that give no share of cases right (a match, counts over many rollouts, a single value): their score is None,
or 0 for an answer that is no function."""


@pytest.mark.parametrize("entry", [entry for entry in CATALOGUE if entry.hint is not None],
                         ids=[entry.id for entry in CATALOGUE if entry.hint is not None])
def test_a_wrong_answer_scores_the_share_of_the_cases_it_gets_right(entry: Answer) -> None:
    for feedback in verdicts(entry):
        if entry.score is not None:
            assert feedback.score == pytest.approx(entry.score), feedback.message
        elif entry.check in WITHOUT_A_SHARE:
            assert feedback.score in (None, 0.0)
        else:
            assert feedback.score is not None and 0 <= feedback.score < 1
        if "write it yourself" in feedback.message:
            assert feedback.score == 0


def test_every_check_has_a_catalogue_with_right_and_wrong_answers() -> None:
    checks = {function for module in CHECK_MODULES for name, function in inspect.getmembers(module, inspect.isfunction)
              if name.startswith("check_") and function.__module__ == module.__name__}
    for check in checks:
        verdicts = {entry.hint is None for entry in CATALOGUE if entry.check is check}
        assert verdicts == {True, False}, f"{check.__name__} needs right and wrong answers in its catalogue"


NOTEBOOKS = ROOT / "notebooks"


def notebook_of(module: ModuleType) -> str:
    """The notebook a check module belongs to: the one whose name it takes (``mcts_expectimax``: ``06_mcts``)."""
    name = module.__name__.rsplit(".", 1)[1]
    owners = [path.stem for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")
              if name == path.stem[3:] or name.startswith(path.stem[3:] + "_")]
    assert len(owners) == 1, f"the check module {name} should take its notebook's name"
    return owners[0]


NOTEBOOK_OF = {module: notebook_of(module) for module in CHECK_MODULES}


def names_a_notebook_knows(notebook: str) -> set[str]:
    """Every name the notebook's code binds (imports, defs, assignments), and Python's builtins."""
    known = set(dir(builtins))
    for cell in nbformat.read(NOTEBOOKS / f"{notebook}.ipynb", as_version=4).cells:
        if cell.cell_type != "code":
            continue
        source = "\n".join(line for line in cell.source.splitlines() if not line.startswith(("%", "!")))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                known.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                known.add(node.name)
                known.update(argument.arg for argument in node.args.args) if isinstance(node, ast.FunctionDef) \
                    else None
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                known.add(node.id)
    return known


def library_names() -> set[str]:
    """The functions and constants of lessons_lib's modules, which a hint may tell a student to use."""
    names = set()
    for info in pkgutil.walk_packages(lessons_lib.__path__, "lessons_lib."):
        if ".widgets" in info.name or ".viz" in info.name:
            continue
        module = importlib.import_module(info.name)
        names.update(name for name, value in vars(module).items() if not name.startswith("_")
                     and (inspect.isfunction(value) or name.isupper()))
    return names - set(dir(builtins))


@pytest.mark.parametrize("module", CHECK_MODULES, ids=lambda module: module.__name__.rsplit(".", 1)[-1])
def test_no_hint_names_what_its_notebook_has_not_imported(module: Any) -> None:
    known, library = names_a_notebook_knows(NOTEBOOK_OF[module]), library_names()
    for entry in CATALOGUE:
        if entry.check.__module__ != module.__name__:
            continue
        message = re.sub(r"import it with '[^']*'|'\w+'|this calls [^,]*,", "", verdict(entry).message)  # an import
        # shown, a word quoted, the library object the student's own code uses
        code_like = {name for name in re.findall(r"(?<![\w.])([A-Za-z_]\w*)(\(|\[)?", message)
                     for name, call in [name] if call or "_" in name or (name.isupper() and len(name) > 1)}
        known_here = known | set(inspect.signature(entry.check).parameters)
        for name in code_like & library:
            assert name in known_here, f"{entry.id}: the hint names {name}, which {NOTEBOOK_OF[module]} does not import"
