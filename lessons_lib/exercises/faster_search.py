"""Checks for notebook 05, faster search: a Zobrist key computed from scratch, a move ordering, and the bound a
transposition table stores."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.agents.negamax import NegamaxAgent
from lessons_lib.agents.trace import TableStored
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    AnswerFailed, Cases, Feedback, call_for_whole_number, call_safely, case_seed, drawn_with, items_of, shown,
)
from lessons_lib.exercises.fresh_cases import drawn_position, in_a_chain
from lessons_lib.games.shologuti.rules import FORCED, TRADITIONAL
from lessons_lib.games.shologuti.samples import random_positions
from lessons_lib.games.shologuti.position import GREEN, RED, Position
from lessons_lib.games.shologuti.zobrist import PENDING_KEYS, PIECE_KEYS, RED_TO_MOVE_KEY

ORDERING_DEPTH = 4
REQUIRED_DRAWN_SAVING = 0.3
"""On six positions drawn afresh, an ordering that passed must save at least this share too, or half what best first
(by the material-and-mobility evaluation) saves on the same positions where that is less: best first saved 45% to 86%
in 40 draws (``tests/exercises/test_exercises_faster_search.py``) but 22% in one of 2,150 (seed 968), while an order
looked up in a table of the check's positions saves nothing."""
ORDERING_POSITIONS_SEED = 11
ORDERING_CHECK_SEED = 21
REQUIRED_SAVING = 0.5
"""A move ordering passes when alpha-beta with it visits at least this share fewer positions, with Green to move
and with Red to move. Best first by the material-and-mobility evaluation saves 77% and 71% on the check's
positions; eight shuffled orders saved at most 37% and 10%; ordering from Green's view at every node, -33% and 20%."""


def _key_positions() -> list[Position]:
    positions = [Position.start(), Position.start().play("23-18"), Position.from_points(green=[], red=[5])]
    positions += random_positions(FORCED, 6, seed=50, plies=(4, 50))
    positions += random_positions(TRADITIONAL, 4, seed=51, plies=(4, 50), keep=lambda p: p.pending != 0)
    return positions


def _without(position: Position, part: str) -> int:
    """The key with one part left out, or with OR or + instead of XOR: the usual mistakes."""
    pieces = [PIECE_KEYS[side][point] for side in (0, 1) for point in position.pieces(side)]
    side = RED_TO_MOVE_KEY if position.to_move == 1 else 0
    pending = PENDING_KEYS[position.pending]
    if part == "plus":
        return sum(pieces) + side + pending
    key = 0
    for number in pieces:
        key ^= number
    if part != "side":
        key ^= side
    if part != "pending":
        key ^= pending
    return key


def drawn_key_positions(seed: int) -> list[Position]:
    """Positions drawn with ``seed`` for ``check_zobrist_key``: Green and Red to move, a chain in progress, both
    variants."""
    rng = random.Random(seed)
    return [drawn_position(rng, FORCED, GREEN), drawn_position(rng, TRADITIONAL, RED), in_a_chain(rng, FORCED),
            drawn_position(rng, TRADITIONAL, keep=lambda p: p.pending != 0, plies=(4, 60))]


@watched
def check_zobrist_key(zobrist_key: Callable[[Position], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``zobrist_key(position)`` against the engine's incrementally updated keys, on fixed
    positions and ones drawn with ``seed`` (fresh when None)."""
    refused = refusal(zobrist_key, "check_zobrist_key", "Zobrist key", labels={"attribute .key": "position.key"})
    if refused:
        return Feedback.not_yet(refused.replace("this calls position.key", "this reads position.key") + " Compute it "
                                "from the pieces, the side to move and the pending chain.", 0.0)
    seed = case_seed(seed)
    fixed = _key_positions()
    cases = Cases()
    for number, position in cases.each(enumerate(fixed + drawn_key_positions(seed))):
        seen = drawn_with(seed) if number >= len(fixed) else ""
        answer, failure = call_for_whole_number(zobrist_key, position)
        if answer is None:
            cases.failed_call(f"zobrist_key({position}) {failure}{seen}", zobrist_key, failure)
            continue
        if answer == position.key:
            cases.passed()
            continue
        if answer == _without(position, "plus"):
            hint = "you added the numbers; combine them with XOR (^), which undoes itself when a piece leaves."
        elif answer == _without(position, "side"):
            hint = "the side to move is missing: XOR in RED_TO_MOVE_KEY when Red is to move."
        elif answer == _without(position, "pending"):
            hint = "the pending chain is missing: XOR in PENDING_KEYS[position.pending]."
        else:
            hint = ("XOR together PIECE_KEYS[side][point] for every piece of each side (0 Green, 1 Red), "
                    "RED_TO_MOVE_KEY if Red is to move, and PENDING_KEYS[position.pending].")
        cases.failed(f"for {position} you gave {shown(answer)}, but the engine's key is {position.key}: {hint}{seen}")
    return cases.feedback("your keys equal the engine's on every position. The engine never computes them "
                          "like this during a game: it XORs out and in only what a move changes.")


def ordering_positions() -> list[Position]:
    """The six middle-game positions notebooks 03 and 05 measure searches on."""
    return random_positions(FORCED, 6, seed=ORDERING_POSITIONS_SEED, plies=(10, 30), min_pieces=6)


def ordering_check_positions() -> dict[str, list[Position]]:
    """Four middle-game positions with Green to move and four with Red to move, each with six moves or more."""
    def with_to_move(side: int) -> list[Position]:
        return random_positions(FORCED, 4, seed=ORDERING_CHECK_SEED, plies=(8, 40), min_pieces=8,
                                keep=lambda p: p.to_move == side and len(p.legal_moves()) >= 6)
    return {"Green": with_to_move(GREEN), "Red": with_to_move(RED)}


def _first_move_is(order: list[Any], position: Position) -> str:
    """``"best"`` or ``"worst"``: what the first move of ``order`` is for the player to move, one ply on."""
    values = [material_mobility_evaluation(position.play(move), position.to_move) for move in order]
    if max(values) == min(values) or values[0] not in (max(values), min(values)):
        return "neither"
    return "best" if values[0] == max(values) else "worst"


def _direction_hint(firsts: dict[str, list[str]]) -> str | None:
    """A hint when the first moves show a direction: worst first everywhere, or one side's view at every node."""
    def mostly(side: str, kind: str) -> bool:
        return firsts[side].count(kind) > len(firsts[side]) / 2
    if mostly("Green", "worst") and mostly("Red", "worst"):
        return ("you put the worst moves first: sort with reverse=True (or negate the key), so that the move "
                "that looks best for the player to move is searched first.")
    for side, other in (("Green", "Red"), ("Red", "Green")):
        if mostly(side, "best") and mostly(other, "worst"):
            return (f"at {side}'s nodes your best move comes first, but at {other}'s nodes {other}'s worst move "
                    f"does: you ordered from {side}'s view everywhere. Order for the player to move there: "
                    f"material_mobility_evaluation(state.play(move), state.to_move).")
    return None


MOST_MOVES = 1000
"""The most moves an order's answer is read for (a position has a few dozen legal moves at most)."""


def _reordered(answer: Any, moves: list[Any], position: Any) -> list[Any] | str:
    """The legal ``moves`` of ``position`` in the order of ``answer`` (a list of the moves, or of their text), or
    what is wrong with it."""
    items = items_of(answer, MOST_MOVES)
    if items is None:
        return f"order must return a list of moves, not {shown(answer, 60)}"
    by_text = {str(move): move for move in moves}
    kind = type(moves[0]) if moves else str
    texts = [str(item) if type(item) is kind else str.__str__(item) if issubclass(type(item), str) else None
             for item in items[:MOST_MOVES]]
    if len(items) > MOST_MOVES or None in texts or sorted(texts) != sorted(by_text):  # type: ignore[type-var]
        given = shown(texts if None not in texts else answer, 200)
        return (f"for {position} order returned {given}: it must return exactly the moves it was given "
                f"({len(moves)}), only in another order.")
    return [by_text[text] for text in texts]  # type: ignore[index]


def _checked(order: Callable[[Position, list[Any]], Any]) -> Callable[[Any, list[Any]], list[Any]]:
    """``order`` as the search calls it: its answer checked (the same moves), whatever it raises or returns a
    failure in words (:class:`~lessons_lib.exercises.feedback.AnswerFailed`)."""
    def ordering(state: Any, moves: list[Any]) -> list[Any]:
        answer, failure = call_safely(order, state, list(moves))
        if failure:
            raise AnswerFailed(f"during the search, order {failure}")
        given = _reordered(answer, list(moves), state)
        if isinstance(given, str):
            raise AnswerFailed(f"during the search, {given}")
        return given
    return ordering


def _nodes_visited(order: Callable[[Position, list[Any]], Any], positions: list[Position],
                   firsts: list[str]) -> tuple[int, int] | str:
    """(positions alpha-beta visits with ``order``, in the game's order) over ``positions``, or what is wrong with
    the order; ``firsts`` gets, for each position, whether its first move is the best or the worst."""
    plain = ordered = 0
    for position in positions:
        moves = position.legal_moves()
        answer, failure = call_safely(order, position, list(moves))
        if failure:
            return f"order({position}, moves) {failure}"
        given = _reordered(answer, list(moves), position)
        if isinstance(given, str):
            return given
        firsts.append(_first_move_is(given, position))
        reference = AlphaBetaAgent(ORDERING_DEPTH).search(position)
        try:
            result = AlphaBetaAgent(ORDERING_DEPTH, ordering=_checked(order)).search(position)
        except AnswerFailed as failed:  # the student's ordering, called deep in the search
            return str(failed)
        assert result.value == reference.value  # any order gives the same value
        plain += reference.nodes
        ordered += result.nodes
    return ordered, plain


def _best_first_saving(positions: list[Position], plain: int) -> float:
    """The share of the ``plain`` positions (visited in the game's order) that alpha-beta saves on ``positions``
    with the moves ordered best first by the material-and-mobility evaluation, for the player to move."""
    def best_first(state: Position, moves: list[Any]) -> list[Any]:
        return sorted(moves, key=lambda move: material_mobility_evaluation(state.play(move), state.to_move),
                      reverse=True)

    ordered = sum(AlphaBetaAgent(ORDERING_DEPTH, ordering=best_first).search(position).nodes
                  for position in positions)
    return 1 - ordered / plain


def drawn_ordering_positions(seed: int) -> list[Position]:
    """Three middle-game positions with Green to move and three with Red, drawn with ``seed``."""
    rng = random.Random(seed)
    return [drawn_position(rng, FORCED, side, lambda p: len(p.legal_moves()) >= 6 and
                           min(p.piece_count(0), p.piece_count(1)) >= 8, (8, 40))
            for side in (GREEN, GREEN, GREEN, RED, RED, RED)]


@watched
def check_move_ordering(order: Callable[[Position, list[Any]], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``order(state, moves)``: the same moves, and alpha-beta visits far fewer positions,
    whichever side is to move; then that it saves work on positions drawn with ``seed`` (fresh when None) too."""
    visited: dict[str, tuple[int, int]] = {}
    firsts: dict[str, list[str]] = {}
    for side, positions in ordering_check_positions().items():
        firsts[side] = []
        counted = _nodes_visited(order, positions, firsts[side])
        if isinstance(counted, str):
            return Feedback.not_yet(counted, 0.0 if not callable(order) else None)
        visited[side] = counted
    savings = {side: 1 - ordered / plain for side, (ordered, plain) in visited.items()}
    summary = "; ".join(f"with {side} to move, {ordered:,} positions against {plain:,} in the game's order "
                        f"(a saving of {savings[side]:.0%})" for side, (ordered, plain) in visited.items())
    summary = f"at depth {ORDERING_DEPTH}, alpha-beta with your order visited: {summary}"
    if min(savings.values()) >= REQUIRED_SAVING:
        seed = case_seed(seed)
        drawn = drawn_ordering_positions(seed)
        counted = _nodes_visited(order, drawn, [])
        if isinstance(counted, str):
            return Feedback.not_yet(counted + drawn_with(seed))
        saving = 1 - counted[0] / counted[1]
        best_first = _best_first_saving(drawn, counted[1])
        needed = min(REQUIRED_DRAWN_SAVING, best_first / 2)
        if saving < needed:
            return Feedback.not_yet(f"{summary}; but on six other positions your order saved only {saving:.0%} "
                                    f"(best first by material and mobility saves {best_first:.0%} there, and "
                                    f"{needed:.0%} is asked): does it judge each move by the position, not by a "
                                    f"table made for these positions?{drawn_with(seed)}")
        return Feedback.correct(f"{summary}. The same values, found with a fraction of the work.")
    if all(ordered == plain for ordered, plain in visited.values()):
        hint: str | None = ("your order changed nothing: alpha-beta visited exactly what it visits in the game's "
                            "order. Does your key tell the moves apart? (Material alone does not: most moves "
                            "capture nothing.)")
    else:
        hint = _direction_hint(firsts)
    hint = hint or (
        "put first the moves that look best for the player to move, for example by "
        "material_mobility_evaluation(state.play(move), state.to_move), highest first.")
    return Feedback.not_yet(f"{summary}; aim for a saving of at least {REQUIRED_SAVING:.0%} whichever side is to "
                            f"move. Hint: {hint}")


# -- which bound a node stores in the transposition table ------------------------------------------------

BOUNDS = ("exact", "lower", "upper")


def table_stores(positions: list[Position], depth: int = 4) -> list[TableStored]:
    """Every TableStored event of a seeded negamax search (with its table) of each position."""
    events: list[Any] = []
    for position in positions:
        NegamaxAgent(depth).search(position, observer=events.append)
    return [event for event in events if isinstance(event, TableStored)]


def _bound_cases() -> list[tuple[float, float, float, str]]:
    """(value, alpha, beta, bound): the different cases of real searches, equal-to-a-bound ones included."""
    return list(_stores_of_real_searches())


@functools.cache
def _stores_of_real_searches() -> tuple[tuple[float, float, float, str], ...]:
    cases = {(event.value, event.alpha, event.beta): event.bound for event in table_stores(ordering_positions()[:3])}
    return tuple((value, alpha, beta, bound) for (value, alpha, beta), bound in cases.items())


def drawn_bound_cases(seed: int) -> list[tuple[float, float, float, str]]:
    """(value, alpha, beta, bound) drawn with ``seed``: windows finite and infinite, values below, at, between and
    above their ends (real searches seldom store an exact value from a finite window; these do)."""
    rng = random.Random(seed)
    cases: list[tuple[float, float, float, str]] = []
    for _ in range(12):
        low, high = sorted(rng.sample(range(-60, 61), 2))
        alpha: float = rng.choice((low, low, -math.inf))
        beta: float = rng.choice((high, high, math.inf))
        inside = rng.randint(int(max(alpha, -60)) + 1, int(min(beta, 60)) - 1) if min(beta, 60) - max(alpha, -60) > 1 \
            else None
        for value in {v for v in (rng.randint(-70, int(max(alpha, -70))), alpha, inside, beta,
                                  rng.randint(int(min(beta, 70)), 70)) if v is not None and math.isfinite(v)}:
            cases.append((float(value), alpha, beta, _right_bound(value, alpha, beta)))
    return cases


def _right_bound(value: float, alpha: float, beta: float) -> str:
    return "upper" if value <= alpha else "lower" if value >= beta else "exact"


def _slipped_bound(slip: str, value: float, alpha: float, beta: float) -> str:
    if slip == "swapped":
        return "lower" if value <= alpha else "upper" if value >= beta else "exact"
    if slip == "strict":
        return "upper" if value < alpha else "lower" if value > beta else "exact"
    if slip == "infinite window exact":
        return "exact" if (alpha, beta) == (-math.inf, math.inf) else "lower" if value >= beta else "upper"
    return "exact"


BOUND_SLIPS = {
    "swapped": "lower and upper are the wrong way round. A cutoff (value ≥ β) means the node is worth at least "
               "value: a lower bound. No move beating α (value ≤ α) means it is worth at most value: an upper bound.",
    "strict": "a value equal to α or to β is a bound too: with value ≤ α every move failed low (upper), with "
              "value ≥ β the search was cut off (lower). Use <= and >=.",
    "infinite window exact": "a value strictly between α and β is exact whatever the window, a finite one too: "
                             "the node searched every move and none was cut off or failed low. Compare the value "
                             "with α and β, not the window with infinity.",
    "always exact": "only a value strictly between α and β is exact; outside the window the search stopped early "
                    "or every move failed low, so the value is only a bound.",
}


def _expected_bound(window: tuple[float, float, float], real: bool) -> str:
    """The bound a search stores for ``window`` (value, alpha, beta): as negamax stored it if it is one of the
    ``real`` searches' stores, else as a search would."""
    if real:
        return {case[:3]: case[3] for case in _bound_cases()}[window]
    return _right_bound(*window)


def _bound_mistake(answer: Any, window: tuple[float, float, float], real: bool, windows: list[tuple[float, float, float]],
                   stored_bound: Callable[[float, float, float], Any], wanted: bool) -> str | None:
    """What is wrong with ``answer``, a student's bound for ``window``, or None ("" if it is wrong but no message is
    ``wanted``; a slip is recognised by calling ``stored_bound`` on every one of ``windows``). Worked out only once
    the student's function has returned, so that nothing it could read while it ran held the bound it should give."""
    value, alpha, beta = window
    call = f"stored_bound(value={value:g}, alpha={alpha:g}, beta={beta:g})"
    bound = _bound(answer)
    if bound is None:
        return f"{call} returned {shown(answer, 40)}: return 'exact', 'lower' or 'upper'."
    expected = _expected_bound(window, real)
    if bound == expected:
        return None
    if not wanted:
        return ""
    hint = next((hint for slip, hint in BOUND_SLIPS.items()
                 if all(_bound(call_safely(stored_bound, *case)[0]) == _slipped_bound(slip, *case) for case in windows)),
                "compare the value with the window the node was entered with: at most α, at least β, or between.")
    source = "negamax stored it" if real else "a search would store it"
    return f"{call} gave {bound!r}, but {source} as {expected!r}: {hint}"


@watched
def check_stored_bound(stored_bound: Callable[[float, float, float], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``stored_bound(value, alpha, beta)`` on the stores of real negamax searches, and on windows
    and values drawn with ``seed`` (fresh when None). The student's function is given only the windows: the bound
    each should get is looked up after it has answered."""
    seed = case_seed(seed)
    real = [case[:3] for case in _bound_cases()]
    windows = real + [case[:3] for case in drawn_bound_cases(seed)]
    tally = Cases()
    for number, window in tally.each(enumerate(windows)):
        seen = drawn_with(seed) if number >= len(real) else ""
        answer, failure = call_safely(stored_bound, *window)
        if failure:
            value, alpha, beta = window
            tally.failed_call(f"stored_bound(value={value:g}, alpha={alpha:g}, beta={beta:g}) {failure}{seen}",
                              stored_bound, failure)
            continue
        mistake = _bound_mistake(answer, window, number < len(real), windows, stored_bound, tally.wanted)
        if mistake is None:
            tally.passed()
        else:
            tally.failed(mistake and mistake + seen)
    kinds = {bound: sum(case[3] == bound for case in _bound_cases()) for bound in BOUNDS}
    return tally.feedback(f"right on all {len(real)} different stores of three real searches ("
                          + ", ".join(f"{count} {bound}" for bound, count in kinds.items())
                          + "), the ones equal to α or β included, and on windows drawn at random.")


def _bound(answer: Any) -> str | None:
    """A student's bound as plain text if it is one of :data:`BOUNDS`, else None."""
    if not issubclass(type(answer), str):
        return None
    text = str.__str__(answer)
    return text if text in BOUNDS else None
