"""Perfect play from the solved tables: ``best`` and ``expert`` convert every won endgame, against every opponent."""

from __future__ import annotations

import random

import pytest

from lessons_lib.agents import NegamaxAgent
from lessons_lib.agents.match import play_game
from lessons_lib.agents.presets import DIFFICULTIES, best_agent, make_agent
from lessons_lib.agents.solved import (
    SolvedFirst, first_slip, perfect_line, perfect_move, slip_kind, slips_by_player, value_after, value_for,
)
from lessons_lib.games.shologuti.endgame_index import class_size, parts_at
from lessons_lib.games.shologuti.endgame_table import (
    shipped_table, solved, solved_parts, solved_without_clock, zeroing_of,
)
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules

OPPONENTS = ["random", "greedy", "minimax:2", "expectimax:2", "alphabeta:3", "negamax:3", "negamax-q:2", "mcts:100",
             "mcts-root:100", "mcts-captures:100", "best:0.05s", "hard"]
"""Every kind of agent the presets make (and ``best`` itself)."""


def won_positions(count: int, seed: int, variant: str = "forced") -> list[Position]:
    """Positions of the shipped tables the side to move wins in at least 3 plies, in every class with a choice."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        material = rng.choice([(2, 1), (1, 2), (2, 2), (3, 1), (1, 3)])
        parts = parts_at(material, rng.randrange(class_size(material)))
        value = solved_parts(parts, variant)
        if value is not None and value[0] == 1 and value[1] >= 3:
            found.append(Position(*parts, rules=Rules.named(variant)))
    return found


@pytest.mark.parametrize("opponent", OPPONENTS)
def test_best_wins_a_won_endgame_within_the_tables_distance(opponent: str) -> None:
    for number, start in enumerate(won_positions(3, seed=len(opponent) + 7 * OPPONENTS.index(opponent))):
        found = solved(start)
        assert found is not None
        winner = start.to_move
        players = [best_agent(0.05), make_agent(opponent, seed=number)]
        played = play_game(players if winner == 0 else players[::-1], start)
        assert played.outcome.winner == winner and len(played.moves) <= found[1], (str(start), opponent)


@pytest.mark.parametrize("variant", ["forced", "traditional"])
def test_in_every_won_two_against_one_best_keeps_the_win_and_comes_one_ply_nearer(variant: str) -> None:
    """With the table's consistency (each lost position's moves all reach a win for the other side no further
    away; tested in tests/games/test_endgames.py), this step proves best converts these endgames against any
    opponent."""
    rules = Rules.named(variant)
    values, distances, _ = shipped_table(variant)[(2, 1)]
    best = best_agent(0.05)
    checked = finished = 0
    for index in range(len(values)):
        if values[index] != 1:
            continue
        position = Position(*parts_at((2, 1), index), rules=rules)
        if position.is_game_over():
            finished += 1
            continue
        move = best.search(position).move
        child = position.play(move)
        after = solved(child)
        assert after is not None and value_after(position, move) == 1, str(position)
        assert after[1] == distances[index] - 1, str(position)
        checked += 1
    assert finished == 0 and checked == int((values == 1).sum()) > 10_000


def test_where_the_clock_leaves_just_room_for_the_win_best_still_plays_the_tables_move() -> None:
    """At clock 100 - d the quickest line just fits: the tables' move is still the quickest win (a chain under way
    has its clock at 0, so it is left out)."""
    for start in [position for position in won_positions(40, seed=11) if not position.pending][:30]:
        _, distance = solved(start)  # type: ignore[misc]
        late = Position(start.green, start.red, start.to_move, start.pending, start.rules.draw_plies - distance,
                        start.rules)
        assert solved(late) == (1, distance)
        found = perfect_move(late)
        assert found is not None and found[1:] == (1, distance), str(late)
        child = late.play(found[0])
        assert solved(child) is not None and value_after(late, found[0]) == 1


def test_expert_is_best_and_plays_the_tables_move() -> None:
    start = won_positions(1, seed=3)[0]
    expert = DIFFICULTIES["expert"].make(0, None)
    assert isinstance(expert, SolvedFirst)
    move, value, distance = perfect_move(start)  # type: ignore[misc]
    assert expert.search(start).move == move and value == 1 and distance == solved(start)[1]  # type: ignore[index]


def test_best_reports_the_tables_value_and_a_line_of_perfect_play() -> None:
    start = won_positions(1, seed=4)[0]
    result = best_agent(0.05).search(start)
    distance = solved(start)[1]  # type: ignore[index]
    assert result.value == 1000 - distance and result.pv == perfect_line(start, plies=12)[:len(result.pv)]


def test_a_plain_shallow_search_can_fail_to_win_so_the_tests_above_can_fail() -> None:
    lost_wins = 0
    for number, start in enumerate(won_positions(12, seed=5)):
        players = [NegamaxAgent(1), make_agent("alphabeta:3", seed=number)]
        played = play_game(players if start.to_move == 0 else players[::-1], start)
        lost_wins += played.outcome.winner != start.to_move or len(played.moves) > solved(start)[1]  # type: ignore[index]
    assert lost_wins > 0


def test_the_table_is_left_to_the_search_where_it_does_not_decide() -> None:
    assert perfect_move(Position.start()) is None
    assert best_agent(0.05).search(Position.start()).move in Position.start().legal_moves()


def test_first_slip_finds_the_move_that_lets_a_win_go_and_none_in_perfect_play() -> None:
    for start in won_positions(20, seed=13):
        assert first_slip(start, perfect_line(start)) is None
        let_go = [move for move in start.legal_moves() if value_after(start, move) != 1]
        if let_go:
            assert first_slip(start, [let_go[0]]) == 1
            assert first_slip(start, [let_go[0]], solved_without_clock) == 1


def test_past_its_zeroing_distance_the_clock_draws_a_win_that_the_table_without_it_still_sees() -> None:
    start = won_positions(1, seed=17)[0]
    _, distance = solved(start)  # type: ignore[misc]
    zeroing = zeroing_of(start)
    assert zeroing is not None and zeroing <= distance
    late = Position(start.green, start.red, start.to_move, start.pending, start.rules.draw_plies - zeroing + 1,
                    start.rules)
    assert solved(late) == (0, 255) and solved_without_clock(late) == (1, distance)


def late_wins(count: int, seed: int) -> list[Position]:
    """Won positions at a clock where the quickest win no longer fits (clock + distance > limit) but the clock
    still allows a win (clock + zeroing distance <= limit): the wins the clock makes hard."""
    rng, found = random.Random(seed), []
    for start in won_positions(40 * count, seed):
        if start.pending:  # a chain under way has its clock at 0
            continue
        distance, zeroing, limit = solved(start)[1], zeroing_of(start), start.rules.draw_plies  # type: ignore[index]
        if zeroing is None or limit - zeroing < limit - distance + 1:
            continue
        clock = rng.randint(limit - distance + 1, limit - zeroing)
        found.append(Position(start.green, start.red, start.to_move, start.pending, clock, start.rules))
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("opponent", OPPONENTS)
def test_best_converts_a_win_the_clock_still_allows_against_every_opponent(opponent: str) -> None:
    starts = late_wins(3, seed=5 + OPPONENTS.index(opponent))
    assert len(starts) == 3
    for number, start in enumerate(starts):
        assert solved(start)[0] == 1  # type: ignore[index]
        winner = start.to_move
        players = [best_agent(0.05), make_agent(opponent, seed=number)]
        played = play_game(players if winner == 0 else players[::-1], start)
        assert played.outcome.winner == winner, (str(start), opponent)


def test_at_a_late_clock_every_move_best_makes_keeps_the_win_the_clock_allows() -> None:
    for start in late_wins(25, seed=23):
        move = best_agent(0.05).search(start).move
        assert value_after(start, move) == 1, str(start)


def a_move_that_lets_the_win_go(position: Position) -> object | None:
    """A move from a won ``position`` after which the tables no longer give the mover a win, if there is one."""
    return next((move for move in position.legal_moves() if value_after(position, move) != 1), None)


def test_slip_kind_names_no_slip_in_perfect_play_and_the_kind_of_a_move_off_the_win() -> None:
    checked = 0
    for start in won_positions(80, seed=41):
        line = perfect_line(start)
        assert slip_kind(start, line, solved, solved_without_clock) is None
        move = a_move_that_lets_the_win_go(start)
        if move is None:
            continue
        rest = perfect_line(start.play(move))
        kind = slip_kind(start, [move, *rest], solved, solved_without_clock)
        won_without_clock = value_for(start.to_move, start.play(move), solved_without_clock) == 1
        assert kind == ("too slow" if won_without_clock else "thrown")
        checked += 1
    assert checked >= 10


def test_slip_kind_calls_a_win_the_clock_draws_too_slow() -> None:
    for start in late_wins(10, seed=43):
        slow = next((move for move in start.legal_moves() if value_after(start, move) == 0
                     and value_for(start.to_move, start.play(move), solved_without_clock) == 1), None)
        if slow is not None:
            assert slip_kind(start, [slow], solved, solved_without_clock) == "too slow"
            return
    pytest.fail("no late win with a move too slow for the clock among the samples")


def test_slips_by_player_finds_each_players_first_move_to_a_lower_value() -> None:
    checked = 0
    for start in won_positions(80, seed=47):
        line = perfect_line(start)
        assert slips_by_player(start, line) == {0: None, 1: None}
        move = a_move_that_lets_the_win_go(start)
        if move is None:
            continue
        slips = slips_by_player(start, [move, *perfect_line(start.play(move))])
        assert slips[start.to_move] == 1 and slips[1 - start.to_move] is None
        checked += 1
    assert checked >= 10
    with pytest.raises(ValueError, match="does not decide"):
        slips_by_player(Position.start(), [])
