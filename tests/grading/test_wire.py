"""The wire between the grader's checks and a student's code: values cross intact, calls and callbacks work, a
hostile message is one clear error, and every check gives across the wire the verdict it gives in one process."""

from __future__ import annotations

import inspect
import json
import queue
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from fractions import Fraction
from typing import Any

import networkx as nx
import pytest

from catalogue import (
    Answer, board_rules, evaluation, faster_search, learning_an_evaluation, mcts, mcts_expectimax, minimax_alphabeta,
    other_games, strength,
)
from lessons_lib.agents.mcts import Node
from lessons_lib.kit.game import Outcome
from lessons_lib.games import GAMES
from lessons_lib.grading.wire import MAX_DEPTH, Call, StudentError, Wire, WireError
from lessons_lib.games.tiny_tree import CHAIN_TREE, EXERCISE_TREE, TRAP_TREE, TinyTree


@contextmanager
def two_sides() -> Iterator[tuple[Wire, Wire]]:
    """The student's side (answering in a thread of its own, as the runner does) and the grader's side."""
    to_grader: queue.Queue[dict[str, Any]] = queue.Queue()
    to_student: queue.Queue[dict[str, Any]] = queue.Queue()
    student = Wire(to_grader.put, to_student.get, trusting=True)
    grader = Wire(to_student.put, to_grader.get, trusting=False)

    def serve() -> None:
        while "call" in (message := to_student.get()):
            student.answer(message)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    try:
        yield student, grader
    finally:
        to_student.put({"done": True})
        server.join(timeout=60)


def across(student: Wire, grader: Wire, value: Any) -> Any:
    """``value`` as the student's side sends it and the grader's side makes it."""
    return grader.decode(student.encode(value, Call()), Call())


def test_plain_values_and_the_packages_kinds_cross_intact() -> None:
    shared = [1, 2]
    graph = nx.Graph()
    graph.add_edge(1, 2, kind="line")
    generator = random.Random(7)
    values = [None, True, 3, -2.5, float("inf"), "text", (1, "a"), {1: [2, 3], "k": (4,)}, {1, 2}, [shared, shared],
              Outcome(1, "no pieces left")]
    positions = [game.start() for game in GAMES.values()]
    moves = [position.legal_moves()[0] for position in positions]
    with two_sides() as (student, grader):
        for value in [*values, *positions, *moves]:
            assert across(student, grader, value) == value, value
        made = across(student, grader, [shared, shared])
        assert made[0] is made[1]
        assert nx.utils.graphs_equal(across(student, grader, graph), graph)
        assert across(student, grader, generator).random() == random.Random(7).random()
        for tree in (EXERCISE_TREE, TRAP_TREE, CHAIN_TREE):
            state = TinyTree(tree).play(TinyTree(tree).legal_moves()[0])
            made = across(student, grader, state)
            assert (repr(made), made.to_move, made.legal_moves()) == (repr(state), state.to_move, state.legal_moves())


def test_numbers_of_every_kind_cross_as_what_they_are() -> None:
    """A number of a thousand digits (longer than JSON readers take), a fraction, a decimal, numpy's scalars."""
    import numpy as np

    numbers = [10 ** 1000, -10 ** 1000 - 1, 2 ** 63, Fraction(1, 3), Fraction(-10 ** 500, 7), Decimal("0.1"),
               Decimal("-1E+999999")]
    with two_sides() as (student, grader):
        for number in numbers:
            made = across(student, grader, number)
            assert made == number and type(made) is type(number), number
        assert across(student, grader, [np.int64(3), np.float64(0.5)]) == [3, 0.5]


def test_a_value_whose_parts_are_shared_over_and_over_is_refused_as_it_crosses() -> None:
    """``level = [level, level]`` forty times is 2**40 items written out: refused by the side that reads it (the
    grader); a tuple, which crosses written out, by the side that writes it."""
    shared_list: Any = [1]
    shared_tuple: Any = (1,)
    for _ in range(40):
        shared_list, shared_tuple = [shared_list, shared_list], (shared_tuple, shared_tuple)
    with two_sides() as (student, grader):
        sent = student.encode(shared_list, Call())
        assert len(json.dumps(sent)) < 10_000  # it crosses in its own, shared, size
        with pytest.raises(WireError, match="more than 1,000,000 items"):
            grader.decode(sent, Call())
        with pytest.raises(WireError, match="more than 1,000,000 items"):
            student.encode(shared_tuple, Call())
        with pytest.raises(WireError, match="decimal"):
            student.encode(Decimal("1" * 6000), Call())


def test_a_list_that_holds_itself_crosses() -> None:
    looped: list[Any] = [1]
    looped.append(looped)
    with two_sides() as (student, grader):
        made = across(student, grader, looped)
    assert made[0] == 1 and made[1] is made


def test_a_call_brings_back_its_answer_and_what_it_changed_in_its_arguments() -> None:
    def student_function(items: list[int], generator: random.Random, node: Node) -> int:
        items.append(len(items))
        generator.random()
        node.visits += 1
        node.wins += 0.5
        return sum(items)

    items, generator = [5], random.Random(1)
    node = Node(GAMES["shologuti"].start(), None, None, 1)
    with two_sides() as (student, grader):
        remote = grader.decode(student.encode(student_function, Call()), Call())
        assert remote(items, generator, node) == 6
    expected = random.Random(1)
    expected.random()
    assert items == [5, 1] and generator.getstate() == expected.getstate()
    assert (node.wins, node.visits) == (0.5, 1)


def test_the_student_calls_back_what_the_check_lends() -> None:
    def student_function(evaluate: Callable[[int], int]) -> int:
        return evaluate(20) + 1

    with two_sides() as (student, grader):
        remote = grader.decode(student.encode(student_function, Call()), Call())
        assert remote(lambda number: number * 2) == 41


def test_exceptions_come_back_by_name_with_their_arguments() -> None:
    class NotMyFault(Exception):
        pass

    def lookup(key: str) -> Any:
        return {}[key]

    def own(_: Any) -> Any:
        raise NotMyFault("mine")

    with two_sides() as (student, grader):
        remote_lookup = grader.decode(student.encode(lookup, Call()), Call())
        remote_own = grader.decode(student.encode(own, Call()), Call())
        with pytest.raises(KeyError) as caught:
            remote_lookup("x")
        assert caught.value.args == ("x",)
        with pytest.raises(StudentError) as raised:
            remote_own(1)
        assert type(raised.value).__name__ == "NotMyFault" and str(raised.value) == "mine"


def nested(depth: int) -> dict[str, Any]:
    data: dict[str, Any] = {"$": "tuple", "items": []}
    for _ in range(depth):
        data = {"$": "tuple", "items": [data]}
    return data


HOSTILE: dict[str, Any] = {
    "a function by name": {"$": "function", "module": "lessons_lib.agents.minimax", "name": "minimax"},
    "a kind nobody makes": {"$": "pickle", "data": "gASV"},
    "a reference to nothing": {"$": "same", "ref": 12},
    "nesting without end": nested(MAX_DEPTH + 5),
    "a random state that is not one": {"$": "random", "ref": 1, "state": [3, [1, 2], None]},
    "an outcome with a third player": {"$": "outcome", "winner": 2, "reason": "x"},
    "a position of no game": {"$": "position", "game": "chess", "text": "x", "variant": None},
    "a position that is not one": {"$": "position", "game": "shologuti", "text": "garbage", "variant": None},
    "a node whose parent is a number": {"$": "node", "ref": 1, "state": None, "move": None, "mover": 0, "wins": 0,
                                        "visits": 0, "parent": 3},
    "a dictionary keyed by a list": {"$": "dict", "ref": 1, "items": [[{"$": "list", "ref": 2, "items": []}, 1]]},
    "a file of broken bytes": {"$": "file", "name": "a.py", "data": "***"},
    "a list without items": {"$": "list", "ref": 1},
    "a value that is a bare list": [1, 2],
}


@pytest.mark.parametrize("name", HOSTILE)
def test_the_grader_makes_nothing_of_a_hostile_value_but_one_error(name: str) -> None:
    grader = Wire(lambda message: None, lambda: {}, trusting=False)
    with pytest.raises((WireError, TypeError)) as caught:
        grader.decode(HOSTILE[name], Call())
    assert "\n" not in str(caught.value)


def test_an_answer_out_of_turn_is_an_error() -> None:
    replies = iter([{"verdict": {"passed": True}}])
    grader = Wire(lambda message: None, lambda: next(replies), trusting=False)
    remote = grader.decode({"$": "callable", "handle": 1, "name": "f"}, Call())
    with pytest.raises(WireError):
        remote(1)


def test_the_student_cannot_call_what_was_not_lent() -> None:
    sent: list[dict[str, Any]] = []
    grader = Wire(sent.append, lambda: {}, trusting=False)
    grader.answer({"call": 99, "id": 1, "args": [], "kwargs": {}})
    assert sent[0]["raised"] == "WireError"


# -- every check across the wire --------------------------------------------------------------------------

def sample() -> list[Answer]:
    """For each check, its first right answer and its first wrong one (the whole catalogue takes minutes
    across the wire)."""
    chosen: list[Answer] = []
    taken: set[tuple[str, bool]] = set()
    for entry in [*board_rules.ANSWERS, *minimax_alphabeta.ANSWERS, *evaluation.ANSWERS, *faster_search.ANSWERS,
                  *mcts.ANSWERS, *mcts_expectimax.ANSWERS, *strength.ANSWERS, *other_games.ANSWERS,
                  *learning_an_evaluation.ANSWERS]:
        key = (entry.check.__name__, entry.hint is None)
        if key not in taken:
            taken.add(key)
            chosen.append(entry)
    return chosen


def test_the_grader_takes_no_word_of_the_students_side_on_what_a_function_uses() -> None:
    """What an answer uses is read by the grader from the notebook (exercises/answer_code.py), never said by the
    sandbox: a callable that comes with a list of uses (forged, or empty to hide one) is taken without it."""
    grader = Wire(lambda message: None, lambda: {}, trusting=False)
    for uses in ([], "everything", ["lessons_lib.kit.perft.perft"]):
        remote = grader.decode({"$": "callable", "handle": 1, "name": "f", "uses": uses}, Call())
        assert remote.library_uses is None


def test_a_function_lent_by_the_students_side_says_nothing_of_what_it_uses() -> None:
    from lessons_lib.agents.minimax import MinimaxAgent

    def lazy(state: Any, depth: int, root: int, evaluate: Any, ply: int = 0) -> float:
        return float(MinimaxAgent(depth, evaluate).search(state).value or 0.0)

    with two_sides() as (student, _):
        assert set(student.encode(lazy, Call())) == {"$", "handle", "name"}


def as_the_grader_reads(original: Any, remote: Any) -> Any:
    """``remote`` with what the grader reads of ``original``'s code (in ``grade``, from the notebook's cells)."""
    from lessons_lib.exercises.own_code import library_objects_used

    if hasattr(remote, "library_uses"):
        remote.library_uses = tuple(sorted(library_objects_used(original)))
    return remote


@pytest.mark.slow
@pytest.mark.parametrize("entry", sample(), ids=lambda entry: entry.id)
def test_a_check_says_across_the_wire_what_it_says_in_one_process(entry: Answer) -> None:
    seeded = {"seed": 1} if "seed" in inspect.signature(entry.check).parameters else {}
    here = entry.check(*entry.answer, **seeded)
    with two_sides() as (student, grader):
        answers = [as_the_grader_reads(answer, grader.decode(student.encode(answer, Call()), Call()))
                   for answer in entry.answer]
        there = entry.check(*answers, **seeded)
    assert (there.passed, there.message) == (here.passed, here.message)
