"""Self-play generations: seeded games to the rules' end, the targets AlphaZero uses, and the fit of the next model."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from lessons_lib.games import GAMES
from lessons_lib.learning.generations import LoopStore, run_generations
from lessons_lib.learning.policy_value import Model
from lessons_lib.learning.self_play import (
    LoopSettings, fit_generation, self_play_game, training_examples,
)

SMALL = LoopSettings(game="baghchal", iterations=12, games=2, sampled_plies=4, seed=3)


def test_a_self_play_game_is_seeded_and_ends_by_the_rules() -> None:
    one = self_play_game(Model.blank("baghchal"), SMALL, 0, 0)
    assert one == self_play_game(Model.blank("baghchal"), SMALL, 0, 0)
    assert one != self_play_game(Model.blank("baghchal"), SMALL, 0, 1)
    assert one.reason in GAMES["baghchal"].engine.end_reasons
    for searched in one.positions:
        position = GAMES["baghchal"].position(searched.text)
        assert searched.moves == tuple(str(move) for move in position.legal_moves())
        assert sum(searched.visits) == SMALL.iterations and searched.to_move == position.to_move


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_plays_itself_to_the_end(name: str) -> None:
    played = self_play_game(Model.blank(name), LoopSettings(game=name, iterations=4, games=1), 0, 0)
    assert played.reason in GAMES[name].engine.end_reasons and played.positions


def test_the_targets_are_the_result_for_the_player_to_move_and_the_visit_shares() -> None:
    played = self_play_game(Model.blank("baghchal"), SMALL, 0, 0)
    features, scores, policy = training_examples("baghchal", [played])
    assert len(features) == len(scores) == len(played.positions)
    assert [float(score) for score in scores] == [played.score_for(searched.to_move) for searched in played.positions]
    assert all(math.isclose(float(example.visit_shares.sum()), 1.0) for example in policy)
    several = [searched for searched in played.positions if len(searched.moves) > 1]
    assert len(policy) == len(several)
    assert np.allclose(policy[0].visit_shares, np.array(several[0].visits) / SMALL.iterations)


def test_a_generation_is_fitted_on_its_games_and_the_windows_earlier_ones(tmp_path: Path) -> None:
    store = LoopStore(tmp_path / "loop.sqlite", SMALL)
    _, first, second = run_generations(store, 2)
    games, newer = store.games(0, 0), store.games(1, 1)
    assert first.number == 1 and first.games == SMALL.games and len(games) == SMALL.games
    assert first.positions == sum(len(game.positions) for game in games)
    assert first.value_log_loss is not None and first.policy_loss is not None
    assert math.isfinite(first.value_log_loss) and math.isfinite(first.policy_loss)
    assert first.model.value_weights != Model.blank("baghchal").value_weights
    assert second.games == 2 * SMALL.games  # the window of two generations
    assert fit_generation(2, SMALL, games + newer) == second


def test_games_played_side_by_side_give_the_same_generation(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    alone = run_generations(LoopStore(tmp_path / "alone.sqlite", SMALL), 1)
    with ThreadPoolExecutor(2) as pool:
        together = run_generations(LoopStore(tmp_path / "together.sqlite", SMALL), 1, play=pool.map)
    assert together == alone
