"""Every game ends by its own rules: each position's ``most_plies_left`` falls by at least one a ply."""

from __future__ import annotations

import random

import pytest

from lessons_lib.arena.games import GameSpec, play_game
from lessons_lib.games import GAMES
from lessons_lib.games.shologuti import Position
from lessons_lib.games.shologuti.rules import Rules

FROM_THE_START = {"shologuti": 3100, "baghchal": 539, "hus": 10_002, "shobu": 2500}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_bound_from_the_start_is_the_documented_one(game: str) -> None:
    assert GAMES[game].start().most_plies_left() == FROM_THE_START[game]


def random_lines(start: object, games: int, seed: int) -> list[list[object]]:
    rng = random.Random(seed)
    lines = []
    for _ in range(games):
        position, line = start, [start]
        while not position.is_game_over():  # type: ignore[attr-defined]
            position = position.play(rng.choice(position.legal_moves()))  # type: ignore[attr-defined]
            line.append(position)
        lines.append(line)
    return lines


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_bound_falls_by_one_or_more_every_ply_so_no_game_outlasts_it(game: str) -> None:
    for line in random_lines(GAMES[game].start(), 6, seed=len(game)):
        bounds = [position.most_plies_left() for position in line]  # type: ignore[attr-defined]
        assert all(later <= earlier - 1 for earlier, later in zip(bounds, bounds[1:])), game
        assert bounds[-1] >= 0 and len(line) - 1 <= bounds[0]


@pytest.mark.parametrize("variant", ["forced", "traditional", "continue"])
def test_shologuti_bound_follows_the_draw_clock(variant: str) -> None:
    start = Position.start(Rules.named(variant, draw_plies=7))
    assert start.most_plies_left() == 7 + 30 * 7
    for line in random_lines(start, 10, seed=3):
        bounds = [position.most_plies_left() for position in line]  # type: ignore[attr-defined]
        assert all(later <= earlier - 1 for earlier, later in zip(bounds, bounds[1:]))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_arena_plays_every_game_to_its_end_by_default(game: str) -> None:
    result = play_game(GameSpec("k", "random", "random", game=game, seed=5))
    assert result.reason != "ply limit" and result.plies <= FROM_THE_START[game]
