"""Lesson 12's samples of the endgame tables: the library draws the very positions ``benchmarks/endgame_truth.py``
measured the searches on (the benchmark imports them; ``test_endgame_truth_data.py`` plays its depth 1 and 2 rows
again on them, position for position), so the lesson can say what they hold."""

from __future__ import annotations

from lessons_lib.agents.solved import value_after
from lessons_lib.experiments.endgame_samples import MIN_WIN_PLIES, positions_in_tables
from lessons_lib.games.shologuti.endgame_table import solved_without_clock
from lessons_lib.games.shologuti.position import Position


def test_every_position_drawn_is_of_its_kind() -> None:
    for position in positions_in_tables("forced", 60, 3, "choice"):
        value = solved_without_clock(position)
        assert value is not None and position.clock == 0
        kept = [value_after(position, move) == value[0] for move in position.legal_moves()]
        assert any(kept) and not all(kept)
    for position in positions_in_tables("forced", 20, 3, "won"):
        value = solved_without_clock(position)
        assert value is not None and value[0] == 1 and value[1] >= MIN_WIN_PLIES


def test_a_move_keeps_a_value_for_the_player_who_made_it() -> None:
    position = Position.from_string(".....................GG...R.....R.... g -")  # lost for Green in 34
    assert all(value_after(position, move) == -1 for move in position.legal_moves())
    assert not any(value_after(position, move) == 1 for move in position.legal_moves())
