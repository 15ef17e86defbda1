"""Lesson 12's figures of the tables inside the search and of real games (``benchmarks/endgame_probes.py``): the
stored counts agree with each other, and the benchmark's own parts (its start positions, the entry into the tables,
a game between presets) do what its notes say."""

from __future__ import annotations

from lessons_lib.agents.solved import slips_by_player, value_for
from lessons_lib.experiments.data import ENDGAME_DATA, load_table
from lessons_lib.games.shologuti.endgame_table import solved
from locations import benchmark_script




def test_the_two_players_of_the_equal_time_match_are_the_two_sides_of_the_same_games() -> None:
    probing, root_only = load_table("probes_at_equal_time", ENDGAME_DATA)
    assert probing["games"] == root_only["games"] == probing["wins"] + probing["draws"] + probing["losses"]
    assert (probing["wins"], probing["draws"], probing["losses"]) == (
        root_only["losses"], root_only["draws"], root_only["wins"])
    assert probing["entered"] == root_only["entered"] <= probing["games"]
    assert (probing["entered_won"], probing["entered_lost"]) == (root_only["entered_lost"], root_only["entered_won"])
    for row in (probing, root_only):
        assert row["entered_won_then_won"] <= row["entered_won"]
        assert row["score_low"] <= row["score"] <= row["score_high"]
        assert row["score"] == round((row["wins"] + row["draws"] / 2) / row["games"], 4)


def test_every_real_game_entry_is_counted_for_both_players() -> None:
    rows = load_table("truth_in_real_games", ENDGAME_DATA)
    for row in rows:
        assert row["won"] + row["drawn"] + row["lost"] == row["entries"] and row["kept"] <= row["entries"]
    entries = {value: sum(row["entries"] for row in rows if row["value"] == value) for value in ("won", "drawn", "lost")}
    assert entries["won"] == entries["lost"]  # one player's win is the other's loss
    assert entries["drawn"] % 2 == 0


def test_the_start_positions_have_four_to_six_pieces_a_side_and_come_again_with_the_seed() -> None:
    module = benchmark_script("endgame_probes")
    starts = module.start_positions(4, "forced", seed=0)
    assert [str(start) for start in starts] == [str(start) for start in module.start_positions(4, "forced", seed=0)]
    for start in starts:
        assert all(4 <= start.piece_count(side) <= 6 for side in (0, 1)) and not start.is_game_over()


def test_a_game_between_presets_is_followed_from_its_entry_into_the_tables() -> None:
    module = benchmark_script("endgame_probes")
    entered = 0
    for seed in range(3):
        game = module.preset_game(("easy", "medium", "forced", 0.1, seed))
        assert game == module.preset_game(("easy", "medium", "forced", 0.1, seed))  # seeded: the same game
        if game["entry"] is None:
            continue
        entered += 1
        values = game["values"]
        assert values[0] == -values[1] or values[0] == values[1] == 0
    assert entered >= 2


def test_the_entry_is_the_first_position_the_tables_decide() -> None:
    module = benchmark_script("endgame_probes")
    from lessons_lib.agents.match import play_game
    from lessons_lib.agents.presets import make_agent
    from lessons_lib.games.shologuti.position import Position

    start = Position.from_points(green=[1, 2, 3, 17], red=[30, 31, 35], to_move=0)
    played = play_game([make_agent("medium"), make_agent("easy", seed=2)], start)
    found = module.entry(start, list(played.moves))
    assert found is not None
    ply, position = found
    before = start
    for move in played.moves[:ply]:
        assert solved(before) is None
        before = before.play(move)
    assert str(before) == str(position) and solved(position) is not None
    slips = slips_by_player(position, list(played.moves)[ply:])
    assert set(slips) == {0, 1} and value_for(0, position, solved) is not None
