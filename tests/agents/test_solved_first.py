"""Perfect play from the solved tables: a won endgame is won, against every kind of opponent (issue 36, WIP)."""

from __future__ import annotations

import random

import pytest

from lessons_lib.agents import NegamaxAgent
from lessons_lib.agents.match import play_game
from lessons_lib.agents.presets import make_agent
from lessons_lib.agents.solved import SolvedFirst, perfect_move
from lessons_lib.games.shologuti.endgame_index import class_size, parts_at
from lessons_lib.games.shologuti.endgame_table import solved, solved_parts
from lessons_lib.games.shologuti.position import Position


def won_positions(count: int, seed: int) -> list[Position]:
    rng, found = random.Random(seed), []
    while len(found) < count:
        material = rng.choice([(2, 1), (2, 2), (3, 1), (1, 3)])
        parts = parts_at(material, rng.randrange(class_size(material)))
        value = solved_parts(parts, "forced")
        if value is not None and value[0] == 1 and value[1] >= 3:
            found.append(Position(*parts))
    return found


@pytest.mark.parametrize("opponent", ["random", "alphabeta:3", "mcts:100"])
def test_a_won_endgame_is_won_in_the_tables_distance(opponent: str) -> None:
    for number, start in enumerate(won_positions(4, seed=len(opponent))):
        _, distance = solved(start)
        winner = start.to_move
        players = [SolvedFirst(NegamaxAgent(1)), make_agent(opponent, seed=number)]
        played = play_game(players if winner == 0 else players[::-1], start)
        assert played.outcome.winner == winner and len(played.moves) <= distance


def test_the_table_is_left_to_the_search_where_it_does_not_decide() -> None:
    assert perfect_move(Position.start()) is None
