"""Lesson 11's checks agree with the library's PUCT: the scores of a node's moves with the library's puct_scores,
the selection with the library's own next selection, the priors at the root with the search's noisy priors; and a
check works its expectation out only after the answer was given."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Hashable
from typing import Any

import pytest

import catalogue.alphazero_in_miniature as catalogue

from lessons_lib.agents.mcts import PUCT_C, MCTSAgent, MCTSSearch, Node, mcts_iteration, puct_scores
from lessons_lib.agents.trace import SelectionStep
from lessons_lib.exercises import alphazero_in_miniature as checks
from lessons_lib.exercises.alphazero_in_miniature import (
    dirichlet_noise, library_priors, node_scores, priors_cases, root_priors, selection_cases, selection_path,
)
from lessons_lib.games.shologuti.position import Position
from lessons_lib.grading.wire import MAX_MESSAGE_CHARACTERS, Call, Wire
from lessons_lib.learning.generations import load_generations
from lessons_lib.learning.linear import dot

MODEL = load_generations("shologuti")[1][-1].model
"""The last generation of the lesson's run: priors that differ from move to move, a value that is not ½."""
POSITION = Position.start().play("23-18").play("13x23").play("28x18").play("12-13")
"""The lesson's position early in a game."""


def as_tree(node: Node, search: MCTSSearch) -> dict[str, Any]:
    """The library's ``node`` (and its tree) as the exercises give a node: its moves in the order PUCT scores them."""
    children: dict[str, Any] = {}
    if node.children or node.untried:
        for move, child, score in puct_scores(node, search):
            below = as_tree(child, search) if child is not None else {"visits": 0, "children": {}}
            children[str(move)] = {**below, "wins": score.wins, "prior": score.prior}
    return {"wins": node.wins, "visits": node.visits, "children": children}


def searched(iterations: int, c: float) -> tuple[Node, MCTSSearch]:
    agent = MCTSAgent(iterations, c=c, priors=MODEL.priors, value=MODEL.value)
    root, search, _ = agent.build_tree(POSITION)
    return root, search


def every_node(node: Node) -> list[Node]:
    return [node, *(below for child in node.children for below in every_node(child))]


@pytest.mark.parametrize("c", [PUCT_C, 0.0, 2.5])
def test_the_scores_of_a_nodes_moves_are_the_librarys(c: float) -> None:
    root, search = searched(80, c)
    compared = 0
    for node in every_node(root):
        if not (node.children or node.untried):
            continue
        library = [score.ucb for _, _, score in puct_scores(node, search)]
        assert node_scores(as_tree(node, search), c) == pytest.approx(library, rel=1e-12, abs=1e-12)
        compared += 1
    assert compared > 10


@pytest.mark.parametrize("c", [PUCT_C, 0.0, 2.5])
@pytest.mark.parametrize("iterations", [1, 2, 7, 40, 120])
def test_the_selection_is_the_one_the_librarys_next_iteration_makes(c: float, iterations: int) -> None:
    root, search = searched(iterations, c)
    expected = selection_path(as_tree(root, search), c)
    steps: list[Any] = []
    search.trace = steps.append
    mcts_iteration(root, search, iterations)
    assert expected == [str(step.chosen) for step in steps if isinstance(step, SelectionStep)]


def logits_of(position: Position, moves: list[Hashable]) -> dict[str, float]:
    features = MODEL.game.engine.features
    assert features is not None
    return {str(move): dot(MODEL.policy_weights, features(position.play(move), position.to_move)) for move in moves}


@pytest.mark.parametrize("eps", [0.25, 0.0, 0.6])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_priors_at_the_root_are_the_ones_the_librarys_search_starts_from(eps: float, seed: int) -> None:
    agent = MCTSAgent(1, priors=MODEL.priors, value=MODEL.value, root_noise=(checks.NOISE_ALPHA, eps), seed=seed)
    root, _, _ = agent.build_tree(POSITION)
    assert root.priors is not None
    moves = list(root.priors)
    logits = logits_of(POSITION, moves)
    expected = library_priors(logits, [str(move) for move in moves], eps, seed)
    assert expected == pytest.approx(list(root.priors.values()), rel=1e-12, abs=1e-12)
    noise = dirichlet_noise(len(moves), seed)
    assert sum(noise) == pytest.approx(1.0)
    assert root_priors(logits, [str(move) for move in moves], noise, eps) == pytest.approx(expected, rel=1e-12)


def test_the_plain_formula_with_the_drawn_noise_is_the_librarys_on_every_case() -> None:
    for seed in range(40):
        for logits, legal, eps, noise_seed in priors_cases(seed):
            plain = root_priors(logits, legal, dirichlet_noise(len(legal), noise_seed), eps)
            assert plain == pytest.approx(library_priors(logits, legal, eps, noise_seed), rel=1e-12, abs=1e-15)
            assert math.isclose(sum(plain), 1.0)


def test_every_selection_case_is_clear_and_its_edges_are_there_on_every_seed() -> None:
    for seed in range(30):
        cases = selection_cases(seed)
        for make, holds in checks.SELECTION_EDGES:
            assert any(holds(root, c) for root, c in cases), (seed, make.__name__)
        assert all(checks.clear_choices(root, c) for root, c in cases)


RIGHT = {check: next(entry.answer[0] for entry in catalogue.ANSWERS if entry.check.__name__ == check and entry.hint is None)
         for check in ("check_puct_score", "check_visit_target", "check_value_target", "check_node_scores",
                       "check_selection", "check_root_priors")}
"""A right answer to each of lesson 11's checks, from its catalogue."""
THE_ANSWERS_OWN = frozenset({"answer", "scores", "shares", "priors", "items", "path", "value", "values"})
"""The names under which a check keeps what the answer gave (the answer's own, not the check's expectation)."""


@pytest.mark.parametrize("check", sorted(RIGHT))
def test_no_frame_the_answer_can_reach_holds_the_right_answer(check: str) -> None:
    """The check calls the answer before it works out what it expects: a right answer, looking up the call stack,
    finds the value it is about to return in none of the check's locals."""
    found: list[str] = []

    def answer(*args: Any) -> Any:
        right = RIGHT[check](*args)
        frame = sys._getframe(1)
        while frame is not None:
            if str(frame.f_globals.get("__name__", "")).startswith("lessons_lib"):
                found.extend(f"{frame.f_code.co_name}: {name}" for name, value in frame.f_locals.items()
                             if name not in THE_ANSWERS_OWN and type(value) is type(right) and value == right
                             and not any(type(given) is type(value) and given == value for given in args))
            frame = frame.f_back  # type: ignore[assignment]
        return right

    check_function = getattr(checks, check)
    feedback = check_function(answer) if check == "check_value_target" else check_function(answer, seed=3)
    assert feedback.passed, feedback.message
    assert found == []


def returned_size(*args: Any) -> int:
    """How many characters the arguments take when the sandbox sends them back to the grader after a call (each list
    and dict a call may have changed, with what it holds): a message over the wire's limit fails the call."""
    sending, receiving = Wire(lambda message: None, dict, True), Wire(lambda message: None, dict, True)
    sent, given = Call(), Call()
    for value in args:
        receiving.decode(sending.encode(value, sent), given)
    return len(json.dumps({str(number): receiving.encode_state(value) for number, value in given.objects.items()}))


def test_every_case_crosses_the_graders_wall_with_room_to_spare() -> None:
    """grade runs the answer in a sandbox, which sends back every argument the answer could have changed: a tree
    too large for that message would fail a right answer."""
    for seed in range(60):
        for cases in (selection_cases(seed), checks.node_cases(seed)):
            assert max(returned_size(root, c) for root, c in cases) < MAX_MESSAGE_CHARACTERS * 2 / 3, seed
