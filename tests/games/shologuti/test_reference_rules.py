"""The engine against an independent reference implementation of the rules (tests/reference_shologuti.py).

The reference shares no code or data with the engine: it derives the board from the points' coordinates
and the line rules, and plays the rules in the plainest way. Here it confirms the published perft counts
and agrees with the engine, move for move, along many random games and on random positions.
(The reference module sits beside this file; pytest puts tests/ on the path, as for positions.py.)
Only the engine's public position interface is used: Position.start/from_string, legal_moves, play, str,
is_game_over and outcome.
"""

from __future__ import annotations

import random

import pytest
from reference_shologuti import COORDS, JUMPS, LINES, NEIGHBOURS, POINTS, REF_VARIANTS, RefPosition, perft

from lessons_lib.games.shologuti.rules import published_counts
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.games.shologuti.position import Position

PUBLISHED = {variant: counts[1:] for variant, counts in published_counts().items()}
"""The counts of docs/rules/shologuti.md (lessons_lib/games/shologuti/data/perft.json), depth 1 upwards: a table, not engine code."""

WINNER = {0: "g", 1: "r", None: None}


def mirror(p: int) -> int:
    return 38 - p


# ---------------------------------------------------------------------------------------------------------
# 1. The reference board
# ---------------------------------------------------------------------------------------------------------


def test_the_reference_board_has_76_lines_and_112_jumps() -> None:
    assert len(COORDS) == 37
    assert len(LINES) == 76
    assert len(JUMPS) == 112
    assert len(set(JUMPS)) == 112
    assert sum(len(NEIGHBOURS[p]) for p in POINTS) == 2 * 76


def test_the_reference_board_is_symmetric_under_38_minus_p() -> None:
    assert {frozenset(mirror(p) for p in line) for line in LINES} == LINES
    assert {(mirror(a), mirror(b), mirror(c)) for a, b, c in JUMPS} == set(JUMPS)


def test_every_jump_is_two_lines_in_a_row_and_reversible() -> None:
    for a, b, c in JUMPS:
        assert frozenset((a, b)) in LINES and frozenset((b, c)) in LINES
        assert (c, b, a) in JUMPS


@pytest.mark.parametrize(
    "jump",
    [
        (1, 4, 9), (9, 13, 17), (23, 29, 34), (19, 14, 9), (17, 23, 29),  # the rules' examples
        (1, 2, 3), (4, 5, 6), (9, 5, 2), (9, 4, 1), (9, 6, 3),  # along the triangle
        (13, 9, 6), (15, 9, 4), (14, 9, 5),  # the grid's diagonals through the apex
        (7, 13, 19), (7, 8, 9), (7, 12, 17), (35, 36, 37), (29, 33, 36),
    ],
)
def test_a_jump_the_rules_name_exists(jump: tuple[int, int, int]) -> None:
    assert jump in JUMPS


@pytest.mark.parametrize(
    "jump",
    [
        (8, 14, 20),  # 8 has row + col odd: no diagonal through it
        (8, 9, 4), (13, 9, 5), (4, 5, 2), (1, 4, 5), (2, 5, 6), (5, 9, 13),  # bends, not straight lines
        (3, 2, 5), (1, 5, 9), (32, 33, 36),
    ],
)
def test_a_bent_or_missing_line_is_no_jump(jump: tuple[int, int, int]) -> None:
    assert jump not in JUMPS


def test_a_few_lines_by_hand() -> None:
    assert NEIGHBOURS[9] == [4, 5, 6, 8, 10, 13, 14, 15]
    assert NEIGHBOURS[1] == [2, 4]
    assert NEIGHBOURS[5] == [2, 4, 6, 9]
    assert NEIGHBOURS[8] == [7, 9, 13]
    assert NEIGHBOURS[19] == [13, 14, 15, 18, 20, 23, 24, 25]
    assert NEIGHBOURS[29] == [23, 24, 25, 28, 30, 32, 33, 34]


# ---------------------------------------------------------------------------------------------------------
# 2. Perft from the start
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["forced", "traditional", "continue"])
def test_reference_perft_from_the_start_matches_the_published_counts(variant: str) -> None:
    start = RefPosition.start(REF_VARIANTS[variant])
    counts = [perft(start, depth) for depth in range(1, len(PUBLISHED[variant]) + 1)]
    assert counts == PUBLISHED[variant]


# ---------------------------------------------------------------------------------------------------------
# 3. Move for move against the engine
# ---------------------------------------------------------------------------------------------------------


def assert_same(engine: Position, ref: RefPosition, rng: random.Random | None = None) -> list[str]:
    """The two agree on this position: its text, its legal moves, the positions after them, and the game's end.

    With ``rng``, only some successors are compared (to keep the test fast): after every capture and
    every ``stop``, and after two steps chosen at random. Without it, after every move.
    """
    assert str(engine) == str(ref)
    moves = sorted(str(move) for move in engine.legal_moves())
    assert len(moves) == len(set(moves)), f"duplicate moves in {engine}"
    assert moves == sorted(ref.legal_moves()), f"legal moves differ in {engine}"
    checked = moves
    if rng is not None:
        steps = [move for move in moves if "-" in move]
        checked = [move for move in moves if "-" not in move] + rng.sample(steps, min(2, len(steps)))
    for move in checked:
        assert str(engine.play(move)) == str(ref.play(move)), f"{move} from {engine}"
    assert engine.is_game_over() == ref.is_game_over(), str(engine)
    outcome, ref_outcome = engine.outcome(), ref.outcome()
    if ref_outcome is None:
        assert outcome is None, str(engine)
    else:
        assert outcome is not None, str(engine)
        assert WINNER[outcome.winner] == ref_outcome[0], str(engine)
        if ref_outcome[0] is not None:
            assert outcome.reason == ref_outcome[1], str(engine)
    return moves


@pytest.mark.parametrize("variant", ["forced", "traditional", "continue"])
def test_the_engine_agrees_with_the_reference_along_random_games(variant: str) -> None:
    """200 random games: at every position, the same moves; the same positions after them; the same ending."""
    rng = random.Random(f"reference-{variant}")
    endings: dict[str | None, int] = {}
    positions = 0
    for _ in range(200):
        engine, ref = Position.start(VARIANTS[variant]), RefPosition.start(REF_VARIANTS[variant])
        while True:
            moves = assert_same(engine, ref, rng)
            positions += 1
            if not moves:
                break
            move = rng.choice(moves)
            engine, ref = engine.play(move), ref.play(move)
        ending = ref.outcome()
        assert ending is not None
        endings[ending[0]] = endings.get(ending[0], 0) + 1
    # The games reach every ending, so the end-of-game rules were compared too.
    assert set(endings) == {"g", "r", None}, endings
    assert positions > 10_000


def random_position(rng: random.Random, variant: str) -> RefPosition:
    """Random pieces anywhere; sometimes in the middle of a chain, sometimes late on the draw clock."""
    rules = REF_VARIANTS[variant]
    greens, reds = rng.randint(0, 16), rng.randint(0, 16)
    if rng.random() < 0.3:
        # Crowded boards, where a side can be hemmed in with pieces left ('no move').
        greens, reds = rng.sample([rng.randint(1, 3), 16], 2)
    points = rng.sample(POINTS, greens + reds)
    cells = ["."] * 37
    for p in points[:greens]:
        cells[p - 1] = "G"
    for p in points[greens:]:
        cells[p - 1] = "R"
    side = rng.choice("gr")
    clock = rng.choice([0, 0, rng.randint(0, 99), rng.randint(95, 100)])
    position = RefPosition("".join(cells), side, None, clock, rules)
    if rng.random() < 0.3:
        chainers = [p for p in POINTS if position.at(p) == position.me() and position.captures_from(p)]
        if chainers:
            position = RefPosition(position.cells, side, rng.choice(chainers), 0, rules)
    return position


@pytest.mark.parametrize("variant", ["forced", "traditional", "continue"])
def test_the_engine_agrees_with_the_reference_on_random_positions(variant: str) -> None:
    rng = random.Random(f"random-positions-{variant}")
    for _ in range(3000):
        ref = random_position(rng, variant)
        engine = Position.from_string(str(ref), VARIANTS[variant])
        assert_same(engine, ref)


def hemmed_in_position(rng: random.Random, variant: str) -> RefPosition:
    """The side to move has one or two pieces, every neighbour and every landing beyond taken by the enemy."""
    while True:
        mine = rng.sample(POINTS, rng.randint(1, 2))
        theirs = {q for p in mine for q in NEIGHBOURS[p] if q not in mine}
        theirs |= {c for a, b, c in JUMPS if a in mine and b in theirs and c not in mine}
        if len(theirs) <= 16:
            break
    side = rng.choice("gr")
    me, enemy = ("G", "R") if side == "g" else ("R", "G")
    cells = "".join(me if p in mine else enemy if p in theirs else "." for p in POINTS)
    return RefPosition(cells, side, None, rng.choice([0, rng.randint(1, 99), 99, 100]), REF_VARIANTS[variant])


@pytest.mark.parametrize("variant", ["forced", "traditional", "continue"])
def test_the_engine_agrees_with_the_reference_on_hemmed_in_positions(variant: str) -> None:
    rng = random.Random(f"hemmed-in-{variant}")
    for _ in range(300):
        ref = hemmed_in_position(rng, variant)
        assert ref.outcome() == ("r" if ref.side == "g" else "g", "no move")
        assert_same(Position.from_string(str(ref), VARIANTS[variant]), ref)


# ---------------------------------------------------------------------------------------------------------
# The end of the game, by hand
# ---------------------------------------------------------------------------------------------------------


def cells_with(green: list[int], red: list[int]) -> str:
    return "".join("G" if p in green else "R" if p in red else "." for p in POINTS)


@pytest.mark.parametrize("variant", ["forced", "traditional", "continue"])
def test_no_move_is_checked_before_the_draw_clock(variant: str) -> None:
    # Red's only piece, on 1, is hemmed in: 2 and 4 are taken, and so are 3 and 9 beyond them.
    stuck = f"{cells_with([2, 3, 4, 9], [1])} r - 100"
    ref = RefPosition.parse(stuck, REF_VARIANTS[variant])
    assert ref.outcome() == ("g", "no move")
    assert_same(Position.from_string(stuck, VARIANTS[variant]), ref)
    # The same at clock 99, reached by a quiet Green ply (13-9): Green wins, though the clock runs out.
    before = RefPosition.parse(f"{cells_with([2, 3, 4, 13], [1])} g - 99", REF_VARIANTS[variant])
    engine = Position.from_string(str(before), VARIANTS[variant])
    assert_same(engine, before)
    after, engine_after = before.play("13-9"), engine.play("13-9")
    assert str(after) == stuck
    assert_same(engine_after, after)


@pytest.mark.parametrize("variant", ["forced", "traditional", "continue"])
def test_a_run_out_clock_is_a_draw_with_no_legal_moves(variant: str) -> None:
    text = "RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g - 100"
    ref = RefPosition.parse(text, REF_VARIANTS[variant])
    assert ref.legal_moves() == [] and ref.outcome() == (None, "draw")
    assert_same(Position.from_string(text, VARIANTS[variant]), ref)


def test_the_reference_notation_round_trips() -> None:
    for text in ["RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g -", f"{cells_with([23], [18, 13])} r - 7", f"{cells_with([23, 9], [18, 13, 14])} g 23"]:
        assert str(RefPosition.parse(text, REF_VARIANTS["forced"])) == text
