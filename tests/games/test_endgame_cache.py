"""The endgame cache: built by one command, checked by its digest, read by ``solved``; a damaged cache is one line.

Building three against two takes minutes and gigabytes, so these tests build the cache's machinery on two against
one and one against two (the same code, with their digest taken from the shipped tables, made apart), and read a
cache made of copies of the shipped arrays where three against two would be. ``benchmarks/endgame_three_two.py``
builds the real classes and checks them against the engine's own moves.
"""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import numpy as np
import pytest

import lessons_lib.games.shologuti.endgame_cache as cache
from lessons_lib.cli.main import main
from lessons_lib.games.shologuti.endgame_arrays import numbers_of, parts_of
from lessons_lib.games.shologuti.endgame_index import class_size, index_of, parts_at
from lessons_lib.games.shologuti.endgame_solver import ABSENT, solve_tables
from lessons_lib.games.shologuti.endgame_table import shipped_table
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import VARIANTS

door = importlib.import_module("lessons_lib.games.shologuti.solved")
SMALL = ((2, 1), (1, 2))


@pytest.fixture(autouse=True)
def fresh_reads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(cache.CACHE_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "_READ", {})


def shipped_digest(variant: str) -> str:
    return cache.digest_of(shipped_table(variant), SMALL)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_other_colour_is_the_same_game_with_the_colours_swapped(variant: str) -> None:
    table = shipped_table(variant)
    for material in [(2, 1), (1, 1), (3, 1), (2, 0)]:
        swapped = cache.swapped_colours(table[material], material)
        for made, shipped in zip(swapped, table[material[::-1]]):
            assert np.array_equal(made, shipped), material


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_build_writes_what_the_solver_makes_and_reads_back_checked(variant: str, tmp_path: Path) -> None:
    folder = cache.build(variant, tmp_path, material=SMALL, expected=shipped_digest(variant), said=lambda line: None)
    assert folder == cache.variant_folder(variant, tmp_path) and (folder / "digest").is_file()
    read = cache.cached_table(variant, tmp_path, SMALL, shipped_digest(variant))
    assert read is not None
    for material in SMALL:
        for made, shipped in zip(read[material], shipped_table(variant)[material]):
            assert np.array_equal(made, shipped)


def test_a_build_whose_digest_differs_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(cache.DamagedCache, match="nothing was written"):
        cache.build("forced", tmp_path, material=SMALL, expected="0" * 64, said=lambda line: None)
    assert not cache.variant_folder("forced", tmp_path).exists()
    assert list(tmp_path.iterdir()) == [tmp_path / ".endgames_forced_3v2.part"] or not list(tmp_path.iterdir())


def test_the_engines_door_knows_the_cached_classes() -> None:
    assert door.TABLE_MATERIAL == set(shipped_table("forced")) | set(cache.CACHED_MATERIAL)


def test_no_cache_is_none_and_the_folder_follows_the_variable(tmp_path: Path) -> None:
    assert cache.cache_folder() == tmp_path / "cache"
    assert cache.cached_table("forced") is None


def write_copies(folder: Path, variant: str) -> str:
    """A cache folder whose three against two is the shipped two against one (a stand-in the tests can afford);
    the digest that checks it."""
    target = cache.variant_folder(variant, folder)
    target.mkdir(parents=True)
    for (greens, reds), arrays in zip(SMALL, (shipped_table(variant)[material] for material in SMALL)):
        for kind, array in zip(cache.KINDS, arrays):
            np.save(target / f"{kind}_{greens}_{reds}.npy", array)
    return shipped_digest(variant)


@pytest.mark.parametrize("damage", ["one value changed", "cut short", "missing", "not an array"])
def test_a_damaged_cache_is_one_line_naming_the_folder_and_the_command(damage: str, tmp_path: Path) -> None:
    digest = write_copies(tmp_path, "forced")
    target = cache.variant_folder("forced", tmp_path) / "values_2_1.npy"
    if damage == "one value changed":
        values = np.load(target)
        values[int(np.flatnonzero(values == 1)[0])] = -1
        np.save(target, values)
    elif damage == "cut short":
        target.write_bytes(target.read_bytes()[:-100])
    elif damage == "missing":
        target.unlink()
    else:
        target.write_text("not an array")
    for _ in range(2):  # said again the second time, from what the first read found
        with pytest.raises(cache.DamagedCache) as raised:
            cache.cached_table("forced", tmp_path, SMALL, digest)
        message = str(raised.value)
        assert "\n" not in message and cache.BUILD in message and str(cache.variant_folder("forced", tmp_path)) in message


def test_solved_reads_three_against_two_from_the_cache_once_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a cache, three against two is not solved; with one (here a stand-in read as the cache, one position
    decided), ``solved`` answers from it."""
    rng = random.Random(5)
    material = (3, 2)
    while True:
        parts = parts_at(material, rng.randrange(class_size(material)))
        if not parts[3]:
            break
    position = Position(*parts, rules=VARIANTS["forced"])
    assert door.solved(position) is None
    assert main(["solve", str(position)]) == 1
    small = solve_tables([(1, 1)], VARIANTS["forced"])
    stand_in = {material: tuple(np.full(class_size(material), ABSENT, dtype=array.dtype) if kind == 0
                                else np.full(class_size(material), 255, dtype=array.dtype)
                                for kind, array in enumerate(small[1, 1])) for material in cache.CACHED_MATERIAL}
    number = index_of(parts)
    stand_in[material][0][number], stand_in[material][1][number], stand_in[material][2][number] = 1, 7, 3
    monkeypatch.setitem(cache._READ, ("forced", cache.variant_folder("forced")), stand_in)
    assert door.solved(position) == (1, 7)


def test_the_endgames_command_builds_once_then_says_it_is_there(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The command, on the small classes standing in for three against two (the same steps, seconds not minutes)."""
    monkeypatch.setattr(cache, "CACHED_MATERIAL", SMALL)
    monkeypatch.setitem(cache.DIGESTS, "forced", shipped_digest("forced"))
    assert main(["endgames", "--variant", "forced"]) == 0
    first = capsys.readouterr().out
    assert "built and checked" in first and str(cache.variant_folder("forced")) in first
    assert main(["endgames", "--variant", "forced"]) == 0
    assert "already built and checked" in capsys.readouterr().out
    monkeypatch.setattr(cache, "_READ", {})
    (cache.variant_folder("forced") / "values_1_2.npy").write_bytes(b"damaged")
    assert main(["endgames", "--variant", "forced"]) == 0  # a damaged cache is built again
    assert "built and checked" in capsys.readouterr().out
    assert cache.cached_table("forced") is not None


@pytest.mark.parametrize("words", [["--variant", "nonsense"], ["--game", "hus"], ["--again", "extra"]])
def test_the_endgames_command_refuses_bad_options_in_one_line(words: list[str],
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["endgames", *words]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error


def half_turned(masks: np.ndarray) -> np.ndarray:
    """Each bitboard turned half round the board (point p to 38 - p)."""
    turned = np.zeros_like(masks)
    for point in range(1, 38):
        turned |= ((masks >> np.uint64(point)) & np.uint64(1)) << np.uint64(38 - point)
    return turned


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_tables_are_the_same_after_a_half_turn_of_the_board(variant: str) -> None:
    """The board's half-turn maps lines to lines, so a position and its turned copy have one value, distance and
    zeroing distance: a check of the solver that knows nothing of how it numbers or moves."""
    for material, arrays in shipped_table(variant).items():
        numbers = np.flatnonzero(arrays[0] != ABSENT)
        green, red, side, pending = parts_of(material, numbers)
        turned = numbers_of(material, half_turned(green), half_turned(red), side, np.where(pending > 0, 38 - pending, 0))
        for array in arrays:
            assert np.array_equal(array[numbers], array[turned]), material
