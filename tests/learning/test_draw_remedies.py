"""The loop's remedies for a game of draws: the value's targets, the clock as an input, and older files still read."""

from __future__ import annotations

import json
import math
import random
import sqlite3
from dataclasses import asdict, replace
from pathlib import Path

import numpy as np
import pytest

from lessons_lib.agents.mcts import MCTSAgent
from lessons_lib.games import GAMES
from lessons_lib.learning.generations import LoopStore, game_from_json, generation_from_json, run_generations
from lessons_lib.learning.policy_value import Model
from lessons_lib.learning.self_play import (
    VALUE_TARGETS, LoopSettings, SearchedPosition, SelfPlayGame, root_value, self_play_game, training_examples,
)

SMALL = LoopSettings(game="shologuti", iterations=10, games=2, sampled_plies=2, seed=5)


def searched(to_move: int, root: float) -> SearchedPosition:
    return SearchedPosition("start", to_move, ("a",), (1,), root)


@pytest.mark.parametrize("winner", [0, 1, None])
def test_each_target_is_the_result_the_root_value_or_their_mean(winner: int | None) -> None:
    positions = (searched(0, 0.8), searched(1, 0.3))
    game = SelfPlayGame(1, 0, positions, winner, "no move" if winner is not None else "draw clock")
    for position in positions:
        result = game.score_for(position.to_move)
        assert game.value_target(position, "result") == result
        assert game.value_target(position, "mixed") == (result + position.root_value) / 2
        assert game.value_target(position, "search in draws") == (position.root_value if winner is None else result)


def test_an_unknown_target_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="one of result, mixed, search in draws, not 'draws'"):
        LoopSettings(value_target="draws")
    assert VALUE_TARGETS[0] == LoopSettings().value_target  # the plain loop fits the result, as AlphaZero


def test_the_root_value_is_the_childrens_wins_over_their_visits_for_the_player_to_move() -> None:
    position = GAMES["shologuti"].start()
    root, _, _ = MCTSAgent(60, seed=2).build_tree(position)
    children = root.children
    assert all(child.mover == position.to_move for child in children)
    expected = sum(child.wins for child in children) / sum(child.visits for child in children)
    assert root_value(root) == expected and 0 <= expected <= 1
    played = self_play_game(Model.blank("shologuti"), SMALL, 0, 0)
    assert all(0 <= each.root_value <= 1 for each in played.positions)
    assert len({each.root_value for each in played.positions}) > 1  # the search's values, not one constant


@pytest.mark.parametrize("target", VALUE_TARGETS)
def test_the_value_table_holds_each_targets_numbers(target: str) -> None:
    played = self_play_game(Model.blank("shologuti"), SMALL, 0, 1)
    _, scores, _ = training_examples("shologuti", [played], target)
    assert [float(score) for score in scores] == [played.value_target(each, target) for each in played.positions]


def test_with_the_clock_the_value_reads_the_features_and_each_times_the_clocks_share() -> None:
    game = GAMES["shologuti"]
    position = game.position(str(game.start()).split()[0] + " g - 37")
    share = game.engine.clock_share(position)
    assert share == position.clock / position.rules.draw_plies and 0 < share < 1
    features = game.engine.features(position, 1)
    inputs = Model.blank("shologuti", clock_inputs=True).value_inputs(position, 1)
    assert list(inputs) == [*features, *(share * feature for feature in features)]
    assert len(Model.blank("shologuti", True).value_weights) == 2 * len(features)
    assert len(Model.blank("shologuti", True).policy_weights) == len(features)  # the policy reads no clock


def test_a_value_that_reads_the_clock_stays_zero_sum() -> None:
    rng = random.Random(4)
    size = 2 * len(GAMES["shologuti"].engine.feature_names)
    model = Model("shologuti", tuple(rng.uniform(-1, 1) for _ in range(size)), (0.0,) * (size // 2), True)
    position = GAMES["shologuti"].start()
    for _ in range(30):
        assert math.isclose(model.value(position, 0) + model.value(position, 1), 1.0)
        position = position.play(rng.choice(position.legal_moves()))


def test_a_game_without_a_draw_clock_refuses_the_clock_inputs() -> None:
    assert GAMES["hus"].engine.clock_share is None
    with pytest.raises(ValueError, match="Hus has no draw clock"):
        Model.blank("hus", clock_inputs=True)
    for name in ("shologuti", "baghchal", "shobu"):
        assert GAMES[name].engine.clock_share(GAMES[name].start()) == 0.0


def test_a_loop_with_the_clock_fits_weights_on_the_clock_inputs(tmp_path: Path) -> None:
    settings = replace(SMALL, clock_inputs=True, value_target="mixed")
    _, first = run_generations(LoopStore(tmp_path / "loop.sqlite", settings), 1)
    weights = first.model.value_weights
    assert first.model.clock_inputs and len(weights) == 2 * len(GAMES["shologuti"].engine.feature_names)
    values, scores, _ = training_examples("shologuti", LoopStore(tmp_path / "loop.sqlite", settings).games(0, 0),
                                          "mixed", True)
    assert values.shape[1] == len(weights) and np.any(values[:, len(weights) // 2:] != 0)
    assert any(weight != 0 for weight in weights[len(weights) // 2:])


def test_a_file_from_before_the_remedies_is_still_the_same_loop(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    store = LoopStore(path, SMALL)
    run_generations(store, 1)
    store.close()
    with sqlite3.connect(path) as connection:  # as the loop wrote it before these settings and fields existed
        old = {key: value for key, value in asdict(SMALL).items()
               if key not in ("value_target", "clock_inputs", "gate_pairs")}
        connection.execute("UPDATE settings SET json = ?", (json.dumps(old),))
    reopened = LoopStore(path, SMALL)
    assert len(reopened.generations()) == 2
    with pytest.raises(ValueError, match="other settings"):
        LoopStore(path, replace(SMALL, value_target="mixed"))
    game = asdict(reopened.games(0, 0)[0])
    for position in game["positions"]:
        del position["root_value"]
    assert all(each.root_value == 0.5 for each in game_from_json(game).positions)
    generation = json.loads(json.dumps(asdict(reopened.generations()[1])))
    del generation["gate"], generation["model"]["clock_inputs"]
    assert generation_from_json(generation) == reopened.generations()[1]
    reopened.close()


def test_the_command_line_offers_the_loops_targets() -> None:
    from lessons_lib.cli import alphazero

    assert alphazero.VALUE_TARGETS == VALUE_TARGETS
