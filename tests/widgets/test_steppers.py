"""The two search steppers: they replay the real searches' events faithfully."""

from __future__ import annotations

import pytest

from lessons_lib.agents import AlphaBetaAgent, MCTSAgent, MinimaxAgent
from lessons_lib.agents.trace import Backpropagated
from lessons_lib.games import GAMES
from lessons_lib.games.shologuti.position import Position
from lessons_lib.viz.mcts_tree import replay_mcts
from lessons_lib.viz.search_tree import PRUNED, replay, tree_svg
from lessons_lib.widgets import AlphaBetaStepper, MCTSStepper
from lessons_lib.widgets.alphabeta_stepper import STEPPER_POSITIONS
from lessons_lib.widgets.common import PositionChoice


def test_the_replayed_tree_matches_the_search() -> None:
    position = Position.from_string(STEPPER_POSITIONS["Top triangle: 2 Green against 1 Red"])
    events: list = []
    result = AlphaBetaAgent(3).search(position, observer=events.append)
    tree = replay(events)
    assert tree.visited() == result.nodes
    assert tree.nodes[0].value == result.value
    pruned = [node for node in tree.nodes.values() if node.status == PRUNED]
    assert pruned and all(node.note == "β ≤ α" for node in pruned)
    assert replay(events, 0).nodes == {} and replay(events, 1).visited() == 1
    svg = tree_svg(replay(events, len(events) // 2), tree)
    assert svg.startswith("<svg") and "pruned" in tree_svg(tree)


def test_the_alphabeta_stepper_steps_back_and_forth_and_compares_with_minimax() -> None:
    stepper = AlphaBetaStepper("Top triangle: 2 Green against 1 Red", depth=3)
    assert stepper.slider.max == len(stepper.events) > 0
    stepper.buttons["Step"].click()
    stepper.buttons["Step"].click()
    assert stepper.slider.value == 2 and "Try the move" in stepper.explanation.value
    stepper.buttons["Back"].click()
    assert stepper.slider.value == 1 and "Enter a MAX node" in stepper.explanation.value
    stepper.go_to(len(stepper.events))
    assert "Search done" in stepper.explanation.value
    position = stepper.current_position()
    assert f"plain minimax visits {MinimaxAgent(3).search(position).nodes}" in stepper.counter.value
    stepper.buttons["Reset"].click()
    assert stepper.slider.value == 0


def test_ordering_moves_prunes_more_in_the_stepper() -> None:
    for name in list(STEPPER_POSITIONS)[:-1]:  # the endgames
        stepper = AlphaBetaStepper(name, depth=4)
        plain = stepper.result.nodes  # type: ignore[union-attr]
        stepper.ordering_choice.value = True  # re-runs the search
        assert stepper.result.nodes < plain, name  # type: ignore[union-attr]
        assert stepper.slider.value == 0


def test_every_shipped_endgame_fits_on_a_screen_at_depth_4_and_offers_a_choice() -> None:
    from lessons_lib.viz.search_tree import layout

    for name in list(STEPPER_POSITIONS)[:-1]:
        stepper = AlphaBetaStepper(name, depth=4)
        leaves = max(x for x, _ in layout(stepper.final).values()) + 1  # type: ignore[arg-type]
        assert leaves <= 32, name
        assert len(stepper.current_position().legal_moves()) >= 2, name
    start = AlphaBetaStepper(list(STEPPER_POSITIONS)[-1], depth=3)
    assert start.result is not None and start.result.nodes <= 100


def test_settings_out_of_range_are_refused() -> None:
    import pytest

    with pytest.raises(ValueError, match="depth"):
        AlphaBetaStepper(depth=6)
    with pytest.raises(ValueError, match="iterations"):
        MCTSStepper(iterations=1000)


def test_the_mcts_replay_matches_the_tree_the_search_built() -> None:
    position = Position.start()
    events: list = []
    agent = MCTSAgent(30, seed=4)
    agent.search(position, observer=events.append)
    root, _, _ = MCTSAgent(30, seed=4).build_tree(position)
    tree = replay_mcts(events)
    assert tree.nodes[()].visits == root.visits == 30
    for child in root.children:
        view = tree.nodes[(child.move,)]
        assert (view.wins, view.visits) == (child.wins, child.visits)
    assert len(tree.nodes) == 31  # the root and one new node per iteration


def test_the_mcts_stepper_shows_phases_and_explains_the_choice() -> None:
    stepper = MCTSStepper(iterations=25)
    stepper.next_iteration()
    first_end = stepper.slider.value
    assert isinstance(stepper.events[first_end - 1], Backpropagated)
    assert "backpropagation" in stepper.explanation.value
    while stepper.selection_view.value == "" and stepper.slider.value < len(stepper.events):
        stepper.buttons["Step"].click()
    assert "UCB1" in stepper.selection_view.value and "<b>" not in stepper.selection_view.value
    stepper.go_to(len(stepper.events))
    assert "most visits" in stepper.explanation.value and "visits (bar)" in stepper.bars.value
    stepper.c_choice.value = 0.5  # re-runs with another exploration constant
    assert stepper.slider.value == 0 and stepper.result is not None


def test_a_finished_position_gives_a_message_not_an_error() -> None:
    over = Position.from_points(green=[23], red=[], to_move=1)
    assert "nothing to search" in AlphaBetaStepper(over).explanation.value
    assert "nothing to search" in MCTSStepper(over).explanation.value


@pytest.mark.parametrize("name", ["baghchal", "hus", "shobu"])
def test_the_steppers_draw_and_read_positions_of_any_game(name: str) -> None:
    game = GAMES[name]
    start = game.start()
    stepper = AlphaBetaStepper(start, depth=1)
    assert stepper.board_view.value == game.engine.picture(start, scale=0.6) != ""
    assert MCTSStepper(start, iterations=5).board_view.value.startswith("<svg")
    choice = PositionChoice({"the start": str(start)}, "the start", "forced", game)
    assert choice.position() == start  # text is read as a position of the game asked for, not Shologuti's
