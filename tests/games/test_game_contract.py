"""The contract every game's engine keeps, checked on each of them: Shologuti, Bagh-Chal, Hus and Shobu.

Text round trips, the incremental key against the recomputed one, the fast random playout
against the generic one, clear errors for bad text and bad moves, the first perft counts, a
bounded zero-sum evaluation, and an engine that needs nothing but the standard library. A
new game passes this file before anything else; each game's own file tests its own rules.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons_lib.kit.errors import MoveError, PositionError
from lessons_lib.kit.game import random_playout
from lessons_lib.games import GAMES, game_of
from lessons_lib.kit.perft import interface_leaves, perft
from positions import random_line

NAMES = list(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_start_and_the_first_perft_counts(name: str) -> None:
    game = GAMES[name]
    start = game.start()
    assert not start.is_game_over() and start.to_move == 0 and game_of(start) is game
    counts = list(game.engine.perft_from_start)
    assert len(counts) >= 2
    for depth, count in enumerate(counts[:2], start=1):
        assert perft(start, depth) == count

COUNTING_OWN_PERFT = [name for name in NAMES if hasattr(GAMES[name].start(), "count_leaves")]


def test_the_engines_that_count_their_own_perft() -> None:
    assert set(COUNTING_OWN_PERFT) == set(NAMES)


@pytest.mark.parametrize("name", COUNTING_OWN_PERFT)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 240), depth=st.integers(1, 2))
def test_a_positions_own_perft_is_perft_through_the_interface(name: str, seed: int, plies: int, depth: int) -> None:
    for variant in GAMES[name].variants or (None,):
        position = random_line(name, seed, plies, variant)[-1]
        assert position.count_leaves(depth) == interface_leaves(position, depth)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 160))
def test_engine_properties_along_random_games(name: str, seed: int, plies: int) -> None:
    game = GAMES[name]
    for position in random_line(name, seed, plies):
        text = str(position)
        again = game.position(text, None if not game.variants else position.rules.name)
        assert again == position and again.key == position.key  # the incremental key equals the recomputed one
        assert again.legal_moves() == position.legal_moves()
        assert 0 <= position.key < 2**64 and hash(position) == hash(again)
        moves = position.legal_moves()
        assert (not moves) == position.is_game_over() == (position.outcome() is not None)
        assert position.outcome() is None or position.outcome().reason in game.engine.end_reasons  # declared
        clicks = [tuple(game.engine.move_clicks(move)) for move in moves]
        assert len(set(clicks)) == len(clicks), "two moves with the same clicks"
        for one in clicks:
            assert not any(other != one and other[: len(one)] == one for other in clicks), "a click prefix"
        for move in moves[:6]:
            assert game.parse_move(str(move)) == move
            assert position.play(str(move)) == position.play(move)
        assert str(position) == text  # playing changed nothing

POSITION_PIECES = {
    "shologuti": [*"RG.grx- 0123456789", "RRRRRRRRRRRRRRRR", "GGGGGGGGGGGGGGGG", ".....", "start", "²", "٣", "100"],
    "baghchal": [*"TG./ gt0123456789", "T...T", "GGGGG", "99", "start"],
    "hus": ["2", "0", "1", "96", "97", "2*24", "0*8", "*", "/", ",", " ", "5000", "endless", "start", "3*33", "-1",
            "x", "\n"],
    "shobu": [*"bw./ 0123456789", "bbbb", "wwww", "....", "start", "100"],
}
"""Pieces each game's position text is made of: fuzzed text close to real positions finds more edge cases."""

MOVE_ALPHABETS = {"shologuti": "0123456789x- stopSTOP", "baghchal": "@abcdef0123456-x ", "hus": "0123456789-x ",
                  "shobu": "bdlw:abcde12345-x, "}


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=200)
@given(data=st.data())
def test_any_text_is_a_position_or_a_clear_position_error(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    pieces = st.lists(st.sampled_from(POSITION_PIECES[name]), max_size=40).map("".join)
    text = data.draw(st.text(max_size=60) | pieces)
    try:
        position = game.position(text)
    except PositionError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert game.position(str(position)) == position


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=100)
@given(data=st.data())
def test_a_mutated_start_is_a_position_or_a_clear_position_error(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    text = list(str(random_line(name, data.draw(st.integers(0, 2**16)), 12)[-1]))
    for _ in range(data.draw(st.integers(1, 4))):
        text[data.draw(st.integers(0, len(text) - 1))] = data.draw(st.sampled_from(POSITION_PIECES[name]))
    try:
        position = game.position("".join(text))
    except PositionError as error:
        assert str(error)
        return
    assert game.position(str(position)) == position


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=200)
@given(data=st.data())
def test_any_text_is_a_move_or_a_clear_move_error(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    text = data.draw(st.text(max_size=30) | st.text(alphabet=MOVE_ALPHABETS[name], max_size=30))
    try:
        move = game.parse_move(text)
    except MoveError as error:
        assert str(error)
        return
    assert game.parse_move(str(move)) == move


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60), cap=st.none() | st.integers(0, 300))
def test_the_fast_playout_makes_the_same_choices_as_the_generic_one(name: str, seed: int, plies: int,
                                                                    cap: int | None) -> None:
    for variant in GAMES[name].variants or (None,):
        start = random_line(name, seed, plies, variant)[-1]
        fast_end, fast_plies = start.random_playout(random.Random(seed), cap)
        generic_end, generic_plies = random_playout(start, random.Random(seed), cap)
        assert (fast_end, fast_plies) == (generic_end, generic_plies) and fast_end.key == generic_end.key


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_move_is_refused_with_a_message(name: str) -> None:
    start = GAMES[name].start()
    legal = {str(move) for move in start.legal_moves()}
    later = random_line(name, 3, 12)[-1]
    strangers = [move for move in later.legal_moves() if str(move) not in legal]
    if strangers:
        with pytest.raises(MoveError) as refused:
            start.play(strangers[0])
        assert str(refused.value)

@pytest.mark.parametrize("name", NAMES)
def test_the_evaluation_is_bounded_and_zero_sum(name: str) -> None:
    evaluate = GAMES[name].evaluate
    for position in random_line(name, 11, 80):
        for player in (0, 1):
            assert abs(evaluate(position, player)) < 400
        if name != "shologuti":  # the material-and-mobility evaluation has a chain bonus for the player to move only
            assert evaluate(position, 0) == pytest.approx(-evaluate(position, 1))

HEAVY_LIBRARIES = ("matplotlib", "networkx", "numpy", "ipywidgets", "anywidget", "IPython", "tqdm")

LIGHT_USE = """
import sys
from lessons_lib.games import GAMES
from lessons_lib.kit.perft import interface_leaves, perft
from lessons_lib.cli.main import main
game = GAMES[{name!r}]
position = game.start()
perft(position, 2)
position.play(position.legal_moves()[0])
svg = game.engine.board_svg(position)
assert svg.startswith("<svg")
main(["perft", "start", "--depth", "1", "--game", {name!r}])
main(["search", "start", "--agent", "alphabeta", "--depth", "1", "--game", {name!r}])
print(sorted({{module.split(".")[0] for module in sys.modules}} & set({heavy!r})))
"""


@pytest.mark.parametrize("name", NAMES)
def test_the_engine_its_drawing_and_the_command_line_load_no_plotting_or_widget_library(name: str) -> None:
    import subprocess
    import sys

    code = LIGHT_USE.format(name=name, heavy=HEAVY_LIBRARIES)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "[]"
