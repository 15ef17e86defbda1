"""Checks for notebook 12, solving endgames: a position's value and distance from its moves', the rule that
retrograde analysis applies position by position (:func:`check_settle`); and a table's value under the draw clock
(:func:`check_clock_value`), at the end of the module.

A case is a position's children: for each legal move, ``(value, distance, same_player)``: the value of the
position the move leads to for *its* player to move (1 won, 0 drawn, −1 lost), its distance to the end in plies
(None for a draw), and whether the same player moves there again (a capture chain). The answer is the position's
own ``(value, distance)``, the distance None for a draw. The cases are positions built on every seed to show
each edge a slip shows at (:data:`BUILT_KINDS`), then positions of the shipped tables, whose answer the check
compares with the truth.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Feedback, as_whole_number, call_safely, case_seed, drawn_with, is_a_number, items_of, no_use_going_on, shown,
)
from lessons_lib.games.shologuti.endgame_index import Parts, class_size, parts_at
from lessons_lib.games.shologuti.endgame_table import (
    NO_DISTANCE, solved, solved_parts, solved_without_clock, zeroing_of,
)
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules

Child = tuple[int, int | None, bool]
Verdict = tuple[int, int | None]


def settle(children: Sequence[Child]) -> Verdict:
    """The reference: won if a move reaches a position lost for the opponent (or won for the same player), in 1 +
    the least such distance; else drawn if a move reaches a draw; else lost in 1 + the greatest distance (no move:
    lost at once)."""
    for_mover = [(value if same else -value, distance) for value, distance, same in children]
    wins = [distance for value, distance in for_mover if value == 1]
    if wins:
        return 1, 1 + min(d for d in wins if d is not None)
    if any(value == 0 for value, _ in for_mover):
        return 0, None
    return -1, 1 + max((d for _, d in for_mover if d is not None), default=-1)


def children_of(position: Position) -> list[Child]:
    """The case for ``position``: each legal move's child from the shipped table of its variant."""
    children: list[Child] = []
    for move in position.legal_moves():
        child = position.play(move)
        found = solved_without_clock(child)
        assert found is not None  # a position of the tables leads only to positions of the tables
        value, distance = found
        children.append((value, None if distance == NO_DISTANCE else distance, child.to_move == position.to_move))
    return children


TABLE_KINDS = ("a win with wins of different lengths", "a loss with losses of different lengths", "a capture chain",
               "a win beside draws", "a draw beside losses", "any position")
"""What the positions drawn from the shipped table show, one of each."""


def is_kind(kind: str, children: Sequence[Child], verdict: Verdict) -> bool:
    """Whether a position with these children and this verdict shows ``kind`` (one of :data:`TABLE_KINDS`)."""
    for_mover = [(value if same else -value, distance) for value, distance, same in children]
    values = {value for value, _ in for_mover}
    if kind == TABLE_KINDS[0]:
        return verdict[0] == 1 and len({d for v, d in for_mover if v == 1}) > 1
    if kind == TABLE_KINDS[1]:
        return verdict[0] == -1 and len({d for _, d in for_mover}) > 1
    if kind == TABLE_KINDS[2]:
        return any(same and value != 0 for value, _, same in children) and verdict[0] != 0
    if kind == TABLE_KINDS[3]:
        return verdict[0] == 1 and 0 in values
    if kind == TABLE_KINDS[4]:
        return verdict[0] == 0 and -1 in values
    return True


EVERY_ORDER = "won, drawn and lost children in every order"
DRAW_PLACES = "a draw beside losses: first, between and last"
CHAINS = "a capture chain of each value among other moves"
SINGLE = "a single move"
NO_MOVE = "no move"
TIES = "ties in distance"
CHAIN_QUICKER = "a chain win quicker than a plain win"
PLAIN_QUICKER = "a plain win quicker than a chain win"
LOSSES = "losses of several lengths, the longest behind a capture chain"
WINS = "wins of several lengths beside quicker losses and a draw"
BUILT_KINDS = (EVERY_ORDER, DRAW_PLACES, CHAINS, SINGLE, NO_MOVE, TIES, CHAIN_QUICKER, PLAIN_QUICKER, LOSSES, WINS)
"""The kinds of position built on every seed (their distances and some orders drawn), before those of the table:
each is where one slip or another shows, so every seed shows all of them."""


def won(distance: int, chain: bool = False) -> Child:
    """A child won for the mover: lost for the opponent to move there, or won for the mover moving again."""
    return (1, distance, True) if chain else (-1, distance, False)


def lost(distance: int, chain: bool = False) -> Child:
    """A child lost for the mover: won for the opponent to move there, or lost for the mover moving again."""
    return (-1, distance, True) if chain else (1, distance, False)


def drawn(chain: bool = False) -> Child:
    return 0, None, chain


def built_cases(rng: random.Random) -> list[tuple[str, list[Child]]]:
    """One or more positions of each of :data:`BUILT_KINDS`, their distances (and shuffled orders) drawn with
    ``rng``."""
    def lengths(count: int, least: int = 1) -> list[int]:
        return sorted(rng.sample(range(least, 40), count))

    cases: list[tuple[str, list[Child]]] = []
    for chain in (False, True):
        for order in itertools.permutations("wdl"):
            win, loss = lengths(2)
            made = {"w": won(win, chain), "d": drawn(chain), "l": lost(loss, chain)}
            cases.append((EVERY_ORDER, [made[letter] for letter in order]))
    for place in range(3):
        losses: list[Child] = [lost(length, chain=place == 1) for length in lengths(2)]
        cases.append((DRAW_PLACES, [*losses[:place], drawn(chain=place == 2), *losses[place:]]))
    a, b, c = lengths(3)
    for chained in ([won(a, True), lost(b), lost(c)], [drawn(True), lost(a), lost(b)], [lost(c, True), lost(a), lost(b)],
                    [lost(a, True), drawn()]):
        rng.shuffle(chained)
        cases.append((CHAINS, chained))
    for chain in (False, True):
        cases += [(SINGLE, [won(a, chain)]), (SINGLE, [drawn(chain)]), (SINGLE, [lost(b, chain)])]
    cases.append((NO_MOVE, []))
    a, b = lengths(2, least=2)
    for tied in ([won(a), won(a, True), lost(b)], [lost(a - 1), lost(b), lost(b, True)], [won(a), drawn(), won(a)]):
        rng.shuffle(tied)
        cases.append((TIES, tied))
    a, b = lengths(2)
    cases += [(CHAIN_QUICKER, [won(b), won(a, True)]), (CHAIN_QUICKER, [won(a, True), won(b)]),
              (PLAIN_QUICKER, [won(b, True), won(a)]), (PLAIN_QUICKER, [won(a), won(b, True)])]
    a, b, c, d = lengths(4)
    several = [lost(a), lost(b, True), lost(c), lost(d, True)]
    cases += [(LOSSES, several), (LOSSES, several[::-1]), (LOSSES, rng.sample(several, 4))]
    a, b, c, d, e = lengths(5)
    several = [lost(a, True), lost(b), won(c), won(d, True), won(e), drawn()]
    cases += [(WINS, several), (WINS, several[::-1]), (WINS, rng.sample(several, 6))]
    return cases


Case = tuple[str, list[Child], Parts | None]
"""A case as the check holds it: what it shows, the children, and the position where it comes from the shipped
table (None for a built one). What it should give is worked out only after the answer has been called on every
case, so no frame the answer's call can reach holds it."""


def endgame_cases(seed: int, variant: str = "forced") -> list[Case]:
    """The positions of :func:`built_cases`, then one of each of :data:`TABLE_KINDS` from the shipped table, all
    drawn with ``seed``."""
    rng = random.Random(seed)
    cases: list[Case] = [(kind, children, None) for kind, children in built_cases(rng)]
    for kind in TABLE_KINDS:
        while True:
            material = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (1, 3)])
            parts = parts_at(material, rng.randrange(class_size(material)))
            found = solved_parts(parts, variant)
            if found is None or (kind == TABLE_KINDS[2]) != bool(parts[3]):
                continue
            children = children_of(Position(*parts, rules=Rules.named(variant)))
            if children and is_kind(kind, children, table_verdict(parts, variant)):
                cases.append((kind, children, parts))
                break
    return cases


def table_verdict(parts: Parts, variant: str = "forced") -> Verdict:
    """The shipped table's (value, distance) of a position, the distance None for a draw."""
    found = solved_parts(parts, variant)
    assert found is not None  # the cases are positions of the table
    return found[0], None if found[0] == 0 else found[1]


def expected_of(case: Case) -> Verdict:
    """What a case should give: the table's verdict for a position of the table, the rule's for a built one."""
    _, children, parts = case
    return settle(children) if parts is None else table_verdict(parts)


# -- slips: what a student's settle gets wrong, each as code that makes it --------------------------------------------


def _mine(children: Sequence[Child]) -> list[tuple[int, int | None, bool]]:
    """Each child's value for the mover (flipped unless the same player moves again), distance and chain flag."""
    return [(value if same else -value, distance, same) for value, distance, same in children]


def _flip(children: Sequence[Child], always: bool) -> list[Child]:
    """The children as a slip reads them: every value flipped (``always``) or none (the moves' values as given)."""
    return [(value, distance, not always) for value, distance, _ in children]


def _without_the_move(verdict: Verdict) -> Verdict:
    """A verdict as a slip that forgets to count the move itself gives it."""
    value, distance = verdict
    return value, None if distance is None else max(0, distance - 1)


def _win_in(children: Sequence[Child], pick: Callable[[list[int]], int]) -> Verdict:
    """The rule, but a win's distance 1 + the one ``pick`` takes from the winning children's, in their order."""
    wins = [distance for mine, distance, _ in _mine(children) if mine == 1 and distance is not None]
    return (1, 1 + pick(wins)) if wins else settle(children)


def _loss_in(children: Sequence[Child], pick: Callable[[list[int]], int]) -> Verdict:
    """The rule, but a loss's distance 1 + the one ``pick`` takes from the children's, in their order."""
    verdict = settle(children)
    distances = [distance for _, distance, _ in children if distance is not None]
    return (-1, 1 + pick(distances)) if verdict[0] == -1 and distances else verdict


def _chain_loss_a_win(children: Sequence[Child]) -> Verdict:
    return settle([(1, distance, True) if same and value == -1 else (value, distance, same)
                   for value, distance, same in children])


def _quickest_of_all(children: Sequence[Child]) -> Verdict:
    verdict = settle(children)
    distances = [distance for _, distance, _ in children if distance is not None]
    return (1, 1 + min(distances)) if verdict[0] == 1 else verdict


def _one_kind_of_win_first(children: Sequence[Child], chain_first: bool) -> Verdict:
    wins = [(distance, same) for mine, distance, same in _mine(children) if mine == 1 and distance is not None]
    first = [distance for distance, same in wins if same == chain_first] or [distance for distance, _ in wins]
    return (1, 1 + min(first)) if wins else settle(children)


def _loss_over_plain_moves(children: Sequence[Child]) -> Verdict:
    verdict = settle(children)
    plain = [distance for _, distance, same in children if not same and distance is not None]
    return (-1, 1 + max(plain, default=-1)) if verdict[0] == -1 else verdict


def _draw_before_the_last(children: Sequence[Child]) -> Verdict:
    """The draw looked for as ``for i in range(len(children) - 1)`` does: the last child is never seen."""
    verdict = settle(children)
    if verdict[0] != 0 or any(mine == 0 for mine, _, _ in _mine(children)[:-1]):
        return verdict
    losses = [distance for _, distance, _ in children if distance is not None]
    return -1, 1 + max(losses, default=-1)


def _first_draw_or_win(children: Sequence[Child]) -> Verdict:
    """A scan that returns at the first draw, unless a win came before it."""
    for mine, _, _ in _mine(children):
        if mine == 1:
            return settle(children)
        if mine == 0:
            return 0, None
    return settle(children)


def _last_of_the_best(children: Sequence[Child]) -> Verdict:
    """A scan that keeps a child when its value is at least the best so far (``>=``): the last of the best."""
    best: tuple[int, int | None] | None = None
    for mine, distance, _ in _mine(children):
        if best is None or mine >= best[0]:
            best = (mine, distance)
    if best is None:
        return -1, 0
    return (0, None) if best[0] == 0 else (best[0], 1 + (best[1] or 0))


WRONG_SETTLE: dict[str, tuple[Callable[[Sequence[Child]], Verdict], str, str | None]] = {
    "the slowest win": (lambda c: _win_in(c, max),
                        "the winner heads for the quickest win: 1 + the *smallest* distance among the winning moves.",
                        WINS),
    "the quickest loss": (lambda c: _loss_in(c, min),
                          "the loser holds out as long as it can: 1 + the *largest* distance among its moves.", LOSSES),
    "no ply for the move": (lambda c: _without_the_move(settle(c)) if c else (-1, 0),
                            "count the move itself: the distance is 1 + the child's.", None),
    "every child's value flipped": (lambda c: settle(_flip(c, always=True)),
                                    "after a capture the same player moves again (same_player True): that child's "
                                    "value is already the mover's, so do not flip it.", CHAINS),
    "no child's value flipped": (lambda c: settle(_flip(c, always=False)),
                                 "a child's value is for the player to move there, the opponent: flip it "
                                 "(unless same_player is True).", None),
    "a same-player child's loss taken for a win": (
        _chain_loss_a_win, "a child with same_player True keeps its value as it is, a loss too: the mover lost there "
                           "(its -1 is a loss for the mover, not a win).", CHAINS),
    "a draw before a win": (lambda c: (0, None) if any(v == 0 for v, _, _ in c) else settle(c),
                            "look for a winning move first: a win is better than a draw.", EVERY_ORDER),
    "a draw as soon as one is seen": (
        _first_draw_or_win, "a draw seen early settles nothing: a later move may still win. Look at every child "
                            "before deciding.", EVERY_ORDER),
    "a draw looked for in all children but the last": (
        _draw_before_the_last, "the last child counts too: a draw there keeps the position drawn (range(len(children)) "
                               "reaches every child, range(len(children) - 1) misses the last).", DRAW_PLACES),
    "lost if any move loses": (lambda c: (-1, 1 + max(d for _, d, _ in c if d is not None))
                               if any((v if s else -v) == -1 for v, _, s in c) and settle(c)[0] != 1
                               else settle(c),
                               "a position is lost only when *every* move loses; one drawing move keeps the draw.",
                               None),
    "the quickest distance over all children": (
        _quickest_of_all, "a win's distance is 1 + the smallest distance among the *winning* children only: a quicker "
                          "losing or drawing child is no way to win.", WINS),
    "a plain win before a quicker chain win": (
        lambda c: _one_kind_of_win_first(c, chain_first=False),
        "a winning capture chain (same_player True) is a winning move like any other: take the quickest of all the "
        "winning children, chains too.", CHAIN_QUICKER),
    "a chain win before a quicker plain win": (
        lambda c: _one_kind_of_win_first(c, chain_first=True),
        "a capture chain is not better than another winning move: take the quickest of all the winning children, "
        "the plain moves too.", PLAIN_QUICKER),
    "a loss's length over the moves that hand the turn over only": (
        _loss_over_plain_moves, "the loser holds out over *every* move, capture chains (same_player True) too: 1 + the "
                                "largest distance among all the children.", LOSSES),
    "the first winning move": (lambda c: _win_in(c, lambda wins: wins[0]),
                               "not the first winning move: the quickest, 1 + the smallest distance among the winning "
                               "children, wherever they stand.", WINS),
    "the loss distance of the first move": (lambda c: _loss_in(c, lambda distances: distances[0]),
                                            "not the first move's distance: the loser holds out, 1 + the largest "
                                            "distance among all the children, wherever they stand.", LOSSES),
    "the last of the best children": (
        _last_of_the_best, "the children's order means nothing: keeping the last child of the best value (>=) takes "
                           "its distance, not the quickest win's or the longest loss's.", WINS),
    "no move is a draw": (lambda c: (0, None) if not c else settle(c),
                          "a player with no move has lost, at once: (-1, 0).", NO_MOVE),
    "no move lost in one": (lambda c: (-1, 1) if not c else settle(c),
                            "a player with no move has lost already, at distance 0: (-1, 0), not 1.", NO_MOVE),
    "always a draw": (lambda c: (0, None), "most endgame positions are decided: look at the children's values.", None),
}
"""Slips a student's settle makes, by name: the code that makes each, its hint, and the kind of built position
where it alone shows (None for a slip that shows nearly everywhere)."""


def _verdict(answer: Any) -> Verdict | None:
    """A student's answer as (value, distance), or None if it is not a pair of that shape: a list, tuple or numpy
    array of a whole number 1, 0 or -1 and a whole number of plies (None for a draw), each of any numeric kind
    (``int``, numpy's, a Fraction or Decimal or float with nothing after the point; no bool), read without running
    anything of the answer's."""
    kind = type(answer)
    if issubclass(kind, tuple):
        parts = tuple.__getitem__(answer, slice(0, 3))
    elif issubclass(kind, list):
        parts = tuple(list.__getitem__(answer, slice(0, 3)))
    elif kind.__module__ == "numpy" and kind.__name__ == "ndarray":
        parts = tuple(items_of(answer, 2) or ())
    else:
        return None
    if len(parts) != 2:
        return None
    value, problem = _whole(parts[0])
    if problem or value not in (1, 0, -1):
        return None
    if value == 0:
        return 0, None
    distance, problem = _whole(parts[1])
    return None if problem else (value, distance)


def _whole(part: Any) -> tuple[int, str | None]:
    """A part of an answer as an exact whole number (of any numeric kind, but no bool)."""
    if type(part) is bool or not is_a_number(part):
        return 0, "no whole number"
    return as_whole_number(part)


def _same(answer: Verdict | None, expected: Verdict) -> bool:
    return answer is not None and answer[0] == expected[0] and (expected[0] == 0 or answer[1] == expected[1])


def _hint(cases: Sequence[Case], answers: Sequence[Verdict | None], children: Sequence[Child],
          answer: Verdict | None) -> str:
    """The hint for a wrong answer: the slip that gives every answer it gave, else one that gives this one."""
    agreeing = [hint for slip, hint, _ in WRONG_SETTLE.values()
                if all(_same(given, slip(case[1])) for case, given in zip(cases, answers))]
    on_this = [hint for slip, hint, _ in WRONG_SETTLE.values() if _same(answer, slip(children))]
    return (agreeing or on_this or ["won if a move reaches a position lost for the opponent, or won for the mover "
                                    "moving again (same_player True), in 1 + the least such distance; else drawn "
                                    "if any move reaches a draw; else lost in 1 + the largest distance; no move at "
                                    "all: (-1, 0)."])[0]


@watched
def check_settle(student_settle: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``settle(children)`` on built positions of every kind a slip shows in, and on positions of
    the shipped table, all drawn with ``seed`` (fresh ones when None). The answer is called on every case before
    the check works out what any of them should give."""
    refused = refusal(student_settle, "check_settle", "solution of positions")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = endgame_cases(seed)
    answers: list[Verdict | None] = []
    first_failure = None
    for kind, children, _ in cases:
        answer, failure = call_safely(student_settle, list(children))
        if failure:
            extra = " A position with no move has no children: settle([]) is (-1, 0)." if not children else ""
            first_failure = first_failure or f"settle({children}) ({kind}) {failure}.{extra}{drawn_with(seed)}"
            answers.append(None)
            if no_use_going_on(student_settle, failure):
                break
            continue
        verdict = _verdict(answer)
        if verdict is None:
            first_failure = first_failure or (
                f"settle({children}) ({kind}) gave {shown(answer)}: give a pair (value, distance), the value 1, 0 or -1 "
                f"and the distance a whole number of plies (None for a draw).{drawn_with(seed)}")
        answers.append(verdict)
    expected = [expected_of(case) for case in cases[:len(answers)]]
    right = sum(_same(answer, truth) for answer, truth in zip(answers, expected))
    if first_failure:
        return Feedback.not_yet(first_failure, right / len(answers))
    for (kind, children, parts), answer, truth in zip(cases, answers, expected):
        if not _same(answer, truth):
            source = "the table says" if parts else "the position is"
            return Feedback.not_yet(f"settle({children}) ({kind}) gave {shown(answer)} but {source} {truth}: "
                                    f"{_hint(cases, answers, children, answer)}{drawn_with(seed)}", right / len(cases))
    return Feedback.correct("the rule retrograde analysis applies to every position, here checked against the "
                            "shipped table. Applied from the finished positions backwards, in order of distance, "
                            "it solves the whole endgame.")


# -- the draw clock: a table's value at a given clock ------------------------------------------------------------------

ClockCase = tuple[str, tuple[int, int | None, int | None, int, int], Parts | None]
"""A case of :func:`check_clock_value`: what it shows, the arguments ``(value, distance, zeroing, clock, limit)``,
and the position's parts where it comes from the shipped table (None for a built one)."""


def clock_value(value: int, distance: int | None, zeroing: int | None, clock: int, limit: int = 100) -> int:
    """The reference: a win or loss stands if the clock leaves room for the next capture (``clock + zeroing <=
    limit``); a position with no zeroing distance (a cursed win, or its loss) and every draw are drawn."""
    if value == 0 or zeroing is None:
        return 0
    return value if clock + zeroing <= limit else 0


BEYOND_DISTANCE = "a win whose whole line no longer fits in the clock, but whose next capture does"
ON_THE_EDGE = "the next capture on the clock's last ply"
ONE_PAST = "the next capture one ply past the clock"
LOSS_SAVED = "a loss the clock draws"
LOSS_KEPT = "a loss the clock does not reach"
CURSED = "a cursed win: drawn by the clock even at clock 0"
DRAWN = "a draw"
EARLY = "a win early in the clock"
CLOCK_KINDS = (BEYOND_DISTANCE, ON_THE_EDGE, ONE_PAST, LOSS_SAVED, LOSS_KEPT, CURSED, DRAWN, EARLY)
"""The kinds of case built on every seed, where one slip or another shows."""


def clock_cases(seed: int, variant: str = "forced") -> list[ClockCase]:
    """Built cases of every kind of :data:`CLOCK_KINDS` (their numbers drawn with ``seed``), then positions of the
    shipped table of ``variant`` at clocks drawn around where the clock decides them."""
    rng = random.Random(seed)
    limit = Rules.named(variant).draw_plies
    cases: list[ClockCase] = []
    for _ in range(2):
        zeroing = rng.randrange(3, 40)
        distance = zeroing + rng.randrange(10, 40)
        cases += [
            (BEYOND_DISTANCE, (1, distance, zeroing, rng.randint(limit - distance + 1, limit - zeroing), limit), None),
            (ON_THE_EDGE, (rng.choice((1, -1)), distance, zeroing, limit - zeroing, limit), None),
            (ONE_PAST, (rng.choice((1, -1)), distance, zeroing, limit - zeroing + 1, limit), None),
            (LOSS_SAVED, (-1, distance, zeroing, rng.randint(limit - zeroing + 1, limit - 1), limit), None),
            (LOSS_KEPT, (-1, distance, zeroing, rng.randint(0, limit - distance), limit), None),
            (CURSED, (rng.choice((1, -1)), limit + rng.randrange(1, 40), None, 0, limit), None),
            (DRAWN, (0, None, None, rng.randrange(limit), limit), None),
            (EARLY, (1, distance, zeroing, rng.randint(0, limit - distance), limit), None),
        ]
    shipped = ((2, 1), (1, 2), (2, 2), (3, 1), (1, 3))
    while len(cases) < 16 + 12:
        parts = parts_at(material := rng.choice(shipped), rng.randrange(class_size(material)))
        found = solved_parts(parts, variant)
        if found is None or parts[3]:  # (a chain under way has its clock at 0)
            continue
        value, distance = found
        table_zeroing = zeroing_of(Position(*parts, rules=Rules.named(variant)))
        if value != 0 and table_zeroing is not None:
            clock = min(limit - 1, max(0, limit - table_zeroing + rng.randint(-2, 1)))
        else:
            clock = rng.randrange(limit)
        shown_distance = None if value == 0 else distance
        cases.append(("a position of the table", (value, shown_distance, table_zeroing, clock, limit), parts))
    return cases


def clock_expected(case: ClockCase, variant: str = "forced") -> int:
    """What a case should give: the table's value at the case's clock for a position of it, the rule's for a built
    one."""
    _, arguments, parts = case
    if parts is None:
        return clock_value(*arguments)
    found = solved(Position(*parts[:4], arguments[3], Rules.named(variant)))
    assert found is not None
    return found[0]


WRONG_CLOCK: dict[str, tuple[Callable[..., int], str, str | None]] = {
    "the whole distance must fit": (
        lambda value, distance, zeroing, clock, limit: value if value and clock + (distance or 0) <= limit else 0,
        "every capture sets the clock back to 0, so the whole line need not fit: only the plies to the next capture, "
        "the zeroing distance (clock + zeroing <= limit).", BEYOND_DISTANCE),
    "no room on the last ply": (
        lambda value, distance, zeroing, clock, limit: value if zeroing is not None and clock + zeroing < limit else 0,
        "a capture on the clock's last ply still comes in time: clock + zeroing equal to the limit keeps the value "
        "(<=, not <).", ON_THE_EDGE),
    "one ply too many": (
        lambda value, distance, zeroing, clock, limit: value if zeroing is not None and clock + zeroing <= limit + 1
        else 0,
        "one ply past the limit is too late: the value stands only if clock + zeroing <= limit.", ONE_PAST),
    "a loss is always a loss": (
        lambda value, distance, zeroing, clock, limit: -1 if value == -1 else clock_value(value, distance, zeroing,
                                                                                          clock, limit),
        "the clock draws a loss too: the loser only has to hold out until it runs, so a loss stands only if clock + "
        "zeroing <= limit.", LOSS_SAVED),
    "a cursed win is a win": (
        lambda value, distance, zeroing, clock, limit: value if zeroing is None else clock_value(
            value, distance, zeroing, clock, limit),
        "zeroing None means no win reaches a capture within the clock even from 0: a cursed win, drawn (0).", CURSED),
    "the clock left out": (
        lambda value, distance, zeroing, clock, limit: value,
        "the clock turns some wins and losses into draws: compare clock + zeroing with the limit.", None),
    "every loss drawn": (
        lambda value, distance, zeroing, clock, limit: 0 if value == -1 else clock_value(value, distance, zeroing,
                                                                                         clock, limit),
        "a loss stands while the clock leaves room for the winner's next capture (clock + zeroing <= limit).",
        LOSS_KEPT),
    "always a draw": (lambda value, distance, zeroing, clock, limit: 0,
                      "most decided positions stay decided early in the clock: compare clock + zeroing with the "
                      "limit.", None),
    "the time left compared with the distance": (
        lambda value, distance, zeroing, clock, limit: value if value and zeroing is not None and limit - clock
        >= (distance or 0) - zeroing else 0,
        "compare the time the clock leaves (limit - clock) with the zeroing distance itself.", None),
}
"""Slips a student's clock_value makes, by name: the code that makes each, its hint, and the kind of built case where
it alone shows (None for one that shows nearly everywhere)."""


def _clock_hint(cases: Sequence[ClockCase], answers: Sequence[int | None], case: ClockCase, answer: int | None) -> str:
    """The hint for a wrong answer: the slip that gives every answer it gave, else one that gives this one."""
    agreeing = [hint for slip, hint, _ in WRONG_CLOCK.values()
                if all(given == slip(*each[1]) for each, given in zip(cases, answers))]
    on_this = [hint for slip, hint, _ in WRONG_CLOCK.values() if answer == slip(*case[1])]
    return (agreeing or on_this or ["a win or a loss stands if clock + zeroing <= limit, else the clock draws it; a "
                                    "draw, and a position whose zeroing is None, are drawn (0)."])[0]


@watched
def check_clock_value(student_clock_value: Callable[..., Any], seed: int | None = None) -> Feedback:
    """Check a student's ``clock_value(value, distance, zeroing, clock, limit)`` on built cases of every kind a slip
    shows in, and on positions of the shipped table at clocks near where the clock decides them (the truth there
    is ``solved``), all drawn with ``seed`` (fresh ones when None)."""
    refused = refusal(student_clock_value, "check_clock_value", "value under the clock")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = clock_cases(seed)
    answers: list[int | None] = []
    for kind, arguments, _ in cases:
        answer, failure = call_safely(student_clock_value, *arguments)
        if failure:
            message = f"clock_value{arguments} ({kind}) {failure}.{drawn_with(seed)}"
            return Feedback.not_yet(message, 0.0)
        value, problem = _whole(answer)
        if problem or value not in (1, 0, -1):
            return Feedback.not_yet(f"clock_value{arguments} ({kind}) gave {shown(answer)}: give the value under "
                                    f"the clock, 1, 0 or -1.{drawn_with(seed)}", 0.0)
        answers.append(value)
    expected = [clock_expected(case) for case in cases]
    right = sum(answer == truth for answer, truth in zip(answers, expected))
    for case, answer, truth in zip(cases, answers, expected):
        if answer != truth:
            source = "the table under the clock says" if case[2] else "it is"
            return Feedback.not_yet(f"clock_value{case[1]} ({case[0]}) gave {answer} but {source} {truth}: "
                                    f"{_clock_hint(cases, answers, case, answer)}{drawn_with(seed)}",
                                    right / len(cases))
    return Feedback.correct("the rule the tables apply to every position at every clock, here checked against "
                            "solved. It is why a win longer than the plies the clock has left can still be won: each "
                            "capture on the way sets the clock back to 0.")
