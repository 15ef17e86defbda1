"""What the lessons are built from: tiny trees, measurements, plots, pictures and the generalised steppers."""

from __future__ import annotations

from typing import Any

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from lessons_lib.agents import AlphaBetaAgent, MinimaxAgent  # noqa: E402
from lessons_lib.experiments.measurements import (  # noqa: E402
    mean_by, play_line, record_search, rollout_outcomes, sample_games, search_costs,
)
from lessons_lib.games.shologuti.rules import FORCED, TRADITIONAL  # noqa: E402
from lessons_lib.games.shologuti.samples import random_positions  # noqa: E402
from lessons_lib.games.shologuti.position import Position  # noqa: E402
from lessons_lib.games.tiny_tree import (  # noqa: E402
    AIMA_FIGURE_5_2, CHAIN_TREE, EXERCISE_TREE, TRAP_TREE, TinyTree, leaf_evaluation,
)
from lessons_lib.viz import plots  # noqa: E402
from lessons_lib.viz.search_tree import search_tree_picture, whole_tree_svg  # noqa: E402
from lessons_lib.games.shologuti.drawing import line_pictures  # noqa: E402
from lessons_lib.widgets import AlphaBetaStepper, MCTSStepper  # noqa: E402


def test_tiny_trees_name_their_moves_by_path_and_know_whose_turn_it_is() -> None:
    tree = TinyTree(EXERCISE_TREE)
    assert tree.legal_moves() == ["a", "b", "c"] and tree.height == 3
    below = tree.play("a").play("a2")
    assert below.legal_moves() == ["a2a", "a2b"] and below.to_move == 0
    assert below.play("a2b").leaf_value == 7.0 and below.play("a2b").legal_moves() == []
    chain = TinyTree(CHAIN_TREE).play("a")
    assert chain.to_move == 0  # the same player again
    trap = TinyTree(TRAP_TREE).play("trap").play("punish")
    assert trap.is_game_over() and trap.outcome() == (1, "won")
    assert TinyTree(AIMA_FIGURE_5_2).key != TinyTree(AIMA_FIGURE_5_2).play("a").key


@pytest.mark.parametrize("bad", [[], [[1], []], ["win 2"], [True], {"a": None}])
def test_malformed_tiny_trees_are_refused_with_a_message(bad: Any) -> None:
    with pytest.raises(ValueError):
        tree = TinyTree(bad)
        for move in tree.legal_moves():
            for deeper in tree.play(move).legal_moves():
                tree.play(move).play(deeper)


def test_an_unknown_move_in_a_tiny_tree_names_the_moves() -> None:
    with pytest.raises(ValueError, match="the moves are: a, b, c"):
        TinyTree(AIMA_FIGURE_5_2).play("d")


def test_the_tree_pictures_show_values_and_pruning() -> None:
    svg = whole_tree_svg(TinyTree(AIMA_FIGURE_5_2))
    assert svg.startswith("<svg") and ">14<" in svg and "α" not in svg
    pruned = search_tree_picture(AlphaBetaAgent(2, leaf_evaluation), TinyTree(AIMA_FIGURE_5_2))
    assert "11 positions" in repr(pruned) and "pruned" in pruned._repr_html_()
    assert "13 positions" in repr(search_tree_picture(MinimaxAgent(2, leaf_evaluation), TinyTree(AIMA_FIGURE_5_2)))


def test_line_pictures_show_each_move_of_a_chain() -> None:
    start = Position.from_points(green=[23], red=[18, 14], rules=FORCED)
    pictures = line_pictures(start, ["23x13", "13x15"])
    assert repr(pictures) == "<Pictures: before | after 23x13 | after 13x15>"
    assert pictures._repr_html_().count("<svg") == 3


def test_sample_games_are_seeded_distinct_and_record_the_legal_moves() -> None:
    games = sample_games("forced", games=4, players=("greedy", "random"), seed=1)
    again = sample_games("forced", games=4, players=("greedy", "random"), seed=1)
    assert games == again and len({game.moves for game in games}) == 4
    for game in games:
        replay = play_line(Position.start(FORCED), game.moves)
        assert [len(p.legal_moves()) for p in replay[:-1]] == list(game.branching)
        assert replay[-1].is_game_over() or game.reason == "ply limit"


def test_search_costs_group_by_search_and_depth() -> None:
    positions = random_positions(FORCED, 2, seed=3)
    costs = search_costs({"minimax": MinimaxAgent, "alpha-beta": AlphaBetaAgent}, positions, depths=[1, 2])
    assert len(costs) == 8
    nodes = mean_by(costs)
    assert set(nodes) == {"minimax", "alpha-beta"} and set(nodes["minimax"]) == {1, 2}
    assert nodes["alpha-beta"][2] <= nodes["minimax"][2]
    assert {c.value for c in costs if c.depth == 2 and c.position == 0} == {
        MinimaxAgent(2).search(positions[0]).value}


def test_rollout_outcomes_count_every_rollout() -> None:
    tally = rollout_outcomes(Position.start(TRADITIONAL), "uniform", rollouts=20, seed=2)
    assert tally.rollouts == 20 == len(tally.plies) and tally.capped > 0
    informed = rollout_outcomes(Position.start(TRADITIONAL), "captures", rollouts=20, seed=2)
    assert informed.decided > tally.decided
    assert rollout_outcomes(Position.start(), rollouts=5, seed=9).wins == rollout_outcomes(
        Position.start(), rollouts=5, seed=9).wins


def test_record_search_returns_the_events() -> None:
    result, events = record_search(AlphaBetaAgent(2, leaf_evaluation), TinyTree(AIMA_FIGURE_5_2))
    assert result.value == 3 and len(events) > 11


def labelled(ax: Any) -> bool:
    return bool(ax.get_title() and ax.get_xlabel() and ax.get_ylabel())


def test_every_plot_has_a_title_labelled_axes_and_a_legend() -> None:
    games = {"forced": sample_games("forced", 2, ("random", "random"), seed=0),
             "traditional": sample_games("traditional", 2, ("random", "random"), seed=0)}
    axes = [
        plots.plot_growth({"a": {1: 1, 2: 10}, "b": {1: 1, 2: 5}}, title="t", ylabel="y"),
        plots.plot_game_lengths(games),
        plots.plot_branching(games),
        plots.plot_scores({"a": [(1, 0.5, 0.3, 0.7), (2, 1.0, 0.9, 1.0)]}, title="t", xlabel="x"),
    ]
    for ax in axes:
        assert labelled(ax) and ax.get_legend() is not None
    bars = plots.plot_bars({"a": 3.0, "b": 4.0}, title="t", ylabel="y", xlabel="x", log=True)
    assert labelled(bars) and bars.get_ylim()[0] == 1
    plt.close("all")


def test_the_scores_plot_draws_each_interval_around_its_score_in_percent() -> None:
    ax = plots.plot_scores({"a": [(1, 0.25, 0.1, 0.5)]}, title="t", xlabel="depth")
    container = ax.containers[0]
    assert container.get_label() == "a" and list(container.lines[0].get_ydata()) == [25.0]
    segments = container.lines[2][0].get_segments()  # the error bar: from 10% to 50%
    assert [list(point) for point in segments[0]] == [[1.0, 10.0], [1.0, 50.0]]
    plt.close("all")


def test_the_branching_curve_stops_where_too_few_games_go_on() -> None:
    from lessons_lib.experiments.measurements import PlayedGame

    def game(length: int) -> PlayedGame:
        return PlayedGame("forced", ("stop",) * length, (5,) * length, None, "draw clock")

    ax = plots.plot_branching({"forced": [game(20), game(20), game(30), game(300)]})
    assert max(ax.get_lines()[0].get_xdata()) == 20  # plies 20-29 still have two games; beyond, only one
    plt.close("all")


def test_the_alphabeta_stepper_steps_through_a_tiny_tree_with_or_without_pruning() -> None:
    stepper = AlphaBetaStepper(TinyTree(AIMA_FIGURE_5_2), depth=2)
    assert stepper.result is not None and stepper.result.nodes == 11 and stepper.board_view.value == ""
    assert list(stepper.position_choice.options) == ["Your position"]
    stepper.pruning_choice.value = False
    assert stepper.result.nodes == 13
    stepper.go_to(len(stepper.events))
    assert "13</b> of 13 for minimax" in stepper.counter.value


def test_a_stepper_needs_an_evaluation_for_an_unknown_game() -> None:
    class Other:
        to_move = 0

    with pytest.raises(ValueError, match="give an evaluation function"):
        AlphaBetaStepper(Other(), depth=2)  # type: ignore[arg-type]


def test_the_mcts_stepper_shows_the_two_backups_on_the_trap() -> None:
    mover = MCTSStepper(TinyTree(TRAP_TREE), iterations=30)
    root = MCTSStepper(TinyTree(TRAP_TREE), iterations=30, perspective="root")
    assert mover.result is not None and root.result is not None
    assert (mover.result.move, root.result.move) == ("safe", "trap")


def test_a_custom_move_order_is_used_and_checked() -> None:
    position = random_positions(FORCED, 1, seed=4, plies=(10, 20))[0]
    reverse = AlphaBetaAgent(3, ordering=lambda state, moves: moves[::-1])
    assert reverse.search(position).value == AlphaBetaAgent(3).search(position).value
    with pytest.raises(ValueError, match="must return the same moves"):
        AlphaBetaAgent(3, ordering=lambda state, moves: moves[:1]).search(position)
    worst = AlphaBetaAgent(4, ordering="worst").search(position)
    best = AlphaBetaAgent(4, ordering="evaluation").search(position)
    assert worst.value == best.value and worst.nodes > best.nodes
