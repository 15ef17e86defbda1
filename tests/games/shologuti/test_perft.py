"""Perft: the three tables of docs/rules/shologuti.md, and the board's symmetry."""

from __future__ import annotations

import pytest

from lessons_lib.kit.perft import perft, perft_divide
from lessons_lib.games.shologuti.rules import published_counts
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.games.shologuti.position import Position

TABLES = published_counts()
CASES = [(variant, depth, count) for variant in VARIANTS for depth, count in enumerate(TABLES[variant])]


@pytest.mark.parametrize(("variant", "depth", "expected"), CASES, ids=[f"{v}-{d}" for v, d, _ in CASES])
def test_perft_from_the_start(variant: str, depth: int, expected: int) -> None:
    start = Position.start(VARIANTS[variant])
    count = perft(start, depth)
    if count != expected:
        split = ", ".join(f"{move}: {n}" for move, n in perft_divide(start, depth).items()) if depth else ""
        pytest.fail(f"{variant} perft({depth}) = {count}, expected {expected}; by root move: {split}")


def test_divide_adds_up() -> None:
    start = Position.start(VARIANTS["traditional"])
    split = perft_divide(start, 3)
    assert len(split) == 9 and sum(split.values()) == 783


@pytest.mark.parametrize("depth", [-1, 101, 2.0, "2"])
def test_depths_outside_0_to_100_are_refused(depth: object) -> None:
    with pytest.raises(ValueError, match="whole number from 0 to 100"):
        perft(Position.start(), depth)  # type: ignore[arg-type]


MIDGAME = [
    "RRRRR.RR.RRRR.R....G.G.GG.GGGG.GGGGGG r -",
    "R..R.R.R..R....RG..R.G..G.G...GG.G.G. g -",
    ".RR..R.R..GR.R.R....G.GR...G..G..GG.. g - 17",
]


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("text", ["start", *MIDGAME])
def test_perft_of_a_position_equals_perft_of_its_mirror(text: str, variant: str) -> None:
    position = Position.from_string(text, VARIANTS[variant])
    mirror = position.mirrored()
    assert mirror.mirrored() == position
    for depth in range(1, 5):
        assert perft(mirror, depth) == perft(position, depth)


def test_the_mirror_of_the_start_is_the_start_with_the_other_colour_to_move() -> None:
    assert str(Position.start().mirrored()) == "RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG r -"
