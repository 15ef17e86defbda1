"""The learned evaluation: the fit, the training set, the weights file, the tuning command, and ``best`` using it."""

from __future__ import annotations

import dataclasses
import gzip
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import lessons_lib.games.shologuti as shologuti_package
from lessons_lib.agents import make_agent
from lessons_lib.agents.evaluation import game_evaluation, strongest_evaluation
from lessons_lib.agents.solved import SolvedFirst
from lessons_lib.games import GAMES
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
from lessons_lib.games.shologuti.features import (
    FEATURE_NAMES, LEARNED_WEIGHTS, PROGRESS_PLIES, attacked, features, learned_evaluation, winning_evaluation,
)
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import TRADITIONAL
from lessons_lib.kit.game import is_capture
from lessons_lib.learning import fit_logistic, load_weights, log_loss, predicted_scores, training_set
import lessons_lib.learning.positions as positions_module
from lessons_lib.learning.positions import TRAINING_PLAYERS, load_training_set, play_training_game, training_players
from lessons_lib.learning.weights import weights_file


def random_positions(count: int, seed: int) -> list[Position]:
    rng, found = random.Random(seed), []
    while len(found) < count:
        position = Position.start(rng.choice([TRADITIONAL, Position.start().rules]))
        for _ in range(rng.randrange(60)):
            if position.is_game_over():
                break
            position = position.play(rng.choice(position.legal_moves()))
        found.append(position)
    return found


# -- the fit ---------------------------------------------------------------------------------------------------------

def synthetic(weights: list[float], count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Features drawn at random and results drawn from the logistic model with ``weights``."""
    rng = np.random.default_rng(seed)
    features = rng.normal(size=(count, len(weights)))
    chances = 1 / (1 + np.exp(-(features @ np.array(weights))))
    return features, (rng.random(count) < chances).astype(float)


def test_the_fit_finds_the_weights_the_results_were_drawn_with() -> None:
    features, results = synthetic([1.5, -0.7, 0.0], 40_000, seed=3)
    fit = fit_logistic(features, results, l2=0.0)
    assert np.allclose(fit.weights, [1.5, -0.7, 0.0], atol=0.06)
    assert fit.log_loss < log_loss(features, results, np.zeros(3)) < 0.6932


def test_the_fit_is_the_same_every_time_and_the_penalty_shrinks_it() -> None:
    features, results = synthetic([2.0, 1.0], 2_000, seed=4)
    first, again = fit_logistic(features, results), fit_logistic(features, results)
    assert np.array_equal(first.weights, again.weights)
    shrunk = fit_logistic(features, results, l2=1.0)
    assert np.linalg.norm(shrunk.weights) < np.linalg.norm(first.weights)


def test_a_draw_counts_half_and_a_mirrored_position_gets_the_other_chance() -> None:
    features = np.array([[1.0], [-1.0]] * 3)
    results = np.array([1.0, 0.0, 0.5, 0.5, 1.0, 0.0])  # ahead: win, draw, win
    fit = fit_logistic(features, results, l2=0.0)
    ahead, behind = predicted_scores(np.array([[1.0], [-1.0]]), fit.weights)
    assert ahead == pytest.approx(5 / 6, abs=1e-6) and ahead + behind == pytest.approx(1.0)


def test_a_feature_that_never_varies_gets_no_weight_and_breaks_nothing() -> None:
    features, results = synthetic([1.0], 500, seed=5)
    with_constant = np.hstack([features, np.zeros((500, 1))])
    fit = fit_logistic(with_constant, results, l2=0.0)
    assert np.all(np.isfinite(fit.weights)) and fit.weights[1] == 0.0


@pytest.mark.parametrize(("features", "results", "named"), [
    ([[1.0, 2.0]], [1.0, 0.0], "shapes"),
    ([1.0, 2.0], [1.0, 0.0], "shapes"),
    (np.zeros((0, 2)), [], "no positions"),
    ([[float("nan")]], [1.0], "finite"),
    ([[1.0]], [2.0], "0.5"),
    ([[1.0]], [-1.0], "0.5"),
])
def test_bad_training_data_is_named(features: object, results: object, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        fit_logistic(features, results)


# -- the features ------------------------------------------------------------------------------------------------------

def test_every_feature_changes_sign_with_the_player() -> None:
    for position in random_positions(60, seed=1):
        assert features(position, 1) == tuple(-value for value in features(position, 0)), str(position)


def test_the_features_count_what_their_names_say() -> None:
    position = Position.from_points(green=[23, 19, 33], red=[18, 2], to_move=1)
    named = dict(zip(FEATURE_NAMES, features(position, 0)))
    # Red on 18 can jump 19 (to 20) and 23 (to 28); Green on 19 and on 23 can both jump 18 (to 17, to 13).
    assert points(attacked(position.red, position.green)) == [19, 23]
    assert points(attacked(position.green, position.red)) == [18]
    assert named["material early"] == pytest.approx(5 / 32) and named["material late"] == pytest.approx(27 / 32)
    assert named["to move"] == -1 and named["chain"] == 0
    assert named["attacked"] == 1 - 2
    assert named["centre"] == 2 - 1  # Green on 19 and 23 (33 is outside), Red on 18
    assert named["enemy triangle"] == 0 - 0
    assert named["advancement"] == (6 - 3) + (6 - 2) + (6 - 5) - ((2 + 2) + (-2 + 2))


def points(mask: int) -> list[int]:
    return [p for p in range(38) if mask >> p & 1]


# -- the training set ----------------------------------------------------------------------------------------------

def test_a_training_game_is_the_same_every_time_and_keeps_only_quiet_positions() -> None:
    first, again = play_training_game("shologuti", 7, seed=1), play_training_game("shologuti", 7, seed=1)
    assert first == again and first is not None
    kept, score = first
    assert score in (0.0, 0.5, 1.0) and kept
    other = play_training_game("shologuti", 8, seed=1)
    assert other != first


def test_the_players_of_a_training_game_are_named_as_it_draws_them(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def recording(name: str, **options: object) -> object:
        drawn.append(name)
        return make_agent("random", seed=options["seed"])  # type: ignore[arg-type]

    monkeypatch.setattr(positions_module, "make_agent", recording)
    named = []
    for number in range(12):
        play_training_game("shologuti", number, seed=3)
        named += training_players(number, seed=3)
    assert drawn == named and set(named) == set(TRAINING_PLAYERS)  # all four drawn in 12 games


def test_quiet_means_no_capture_for_the_player_to_move(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Position] = []
    real = GAMES["shologuti"].engine.features

    def recording(state: Position, player: int) -> tuple[float, ...]:
        seen.append(state)
        return real(state, player)  # type: ignore[misc]

    monkeypatch.setattr(shologuti_package, "ENGINE", dataclasses.replace(GAMES["shologuti"].engine, features=recording))
    play_training_game("shologuti", 3, seed=2)
    assert seen and all(not any(is_capture(m) for m in state.legal_moves()) for state in seen)


def test_the_held_out_set_holds_whole_games_and_files_round_trip(tmp_path: Path) -> None:
    data = training_set("shologuti", 6, seed=3)
    training, held_out = data.split(0.34, seed=0)
    assert len(training) + len(held_out) == len(data)
    assert not set(training.game_numbers) & set(held_out.game_numbers) and held_out.games == 2
    path = tmp_path / "set.csv.gz"
    data.save(path)
    again = load_training_set(path, "shologuti")
    assert np.array_equal(again.features, data.features) and np.array_equal(again.results, data.results)
    assert np.array_equal(again.game_numbers, data.game_numbers)


HEADER = "game_number,result," + ",".join(FEATURE_NAMES) + "\n"
ZEROS = "," + ",".join("0" for _ in FEATURE_NAMES)


@pytest.mark.parametrize("content", [b"not gzip", gzip.compress(b"a,b\n1,2\n"), gzip.compress(b"\xff\xfe"),
                                     gzip.compress((HEADER + "1,x\n").encode()),
                                     gzip.compress((HEADER + "1,0.5" + ZEROS + "\n1,1" + ZEROS + ",7\n").encode()),
                                     gzip.compress((HEADER + "1,2" + ZEROS + "\n").encode()),
                                     gzip.compress((HEADER + "1,nan" + ZEROS + "\n").encode()),
                                     gzip.compress((HEADER + "1.5,1" + ZEROS + "\n").encode()),
                                     gzip.compress((HEADER + "1,1" + ZEROS.replace("0", "inf", 1) + "\n").encode())])
def test_a_broken_training_set_is_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.csv.gz"
    path.write_bytes(content)
    with pytest.raises(ValueError) as error:
        load_training_set(path, "shologuti")
    assert "\n" not in str(error.value) and str(path) in str(error.value)


# -- the shipped weights and the evaluations that read them ----------------------------------------------------------

def test_the_package_ships_weights_for_shologutis_features() -> None:
    weights = load_weights("shologuti")
    assert weights.features == FEATURE_NAMES and LEARNED_WEIGHTS == weights.weights
    assert weights.by_name()["material late"] > 0
    assert weights.held_out_log_loss < 0.6931  # better than a coin on games it never saw
    assert weights.command.startswith("python -m lessons_lib.learning shologuti")


def test_a_weights_file_for_other_features_is_refused(tmp_path: Path) -> None:
    data = json.loads(weights_file("shologuti").read_text())
    path = tmp_path / "w.json"
    path.write_text(json.dumps({**data, "features": ["material"], "weights": [1.0]}))
    with pytest.raises(ValueError, match="features"):
        load_weights("shologuti", path)
    path.write_text("{")
    with pytest.raises(ValueError, match="not a learned-weights file"):
        load_weights("shologuti", path)


def test_the_learned_evaluation_is_a_hundred_times_the_log_odds_and_zero_sum() -> None:
    for position in random_positions(30, seed=2):
        assert learned_evaluation(position, 0) == pytest.approx(-learned_evaluation(position, 1))
    weights = dict(zip(FEATURE_NAMES, LEARNED_WEIGHTS or ()))
    position = random_positions(1, seed=9)[0]
    by_hand = 100 * sum(weights[name] * value for name, value in zip(FEATURE_NAMES, features(position, 0)))
    assert learned_evaluation(position, 0) == pytest.approx(max(-400, min(400, by_hand)))


def test_the_winning_evaluation_shrinks_a_lead_as_the_clock_runs() -> None:
    ahead = Position.from_points(green=[23, 24, 25], red=[3], clock=0)
    later = Position.from_points(green=[23, 24, 25], red=[3], clock=60)
    assert learned_evaluation(ahead, 0) == learned_evaluation(later, 0) > 0
    assert winning_evaluation(ahead, 0) == pytest.approx(learned_evaluation(ahead, 0))
    assert winning_evaluation(later, 0) == pytest.approx(learned_evaluation(later, 0) * (40 + PROGRESS_PLIES)
                                                         / (100 + PROGRESS_PLIES))
    assert winning_evaluation(later, 1) == pytest.approx(-winning_evaluation(later, 0))  # behind: nearer a draw


def test_best_and_expert_use_the_strongest_evaluation_and_the_rest_the_games_own() -> None:
    for name in ("best", "expert"):  # the search under the solved tables
        agent = make_agent(name)
        assert isinstance(agent, SolvedFirst) and agent.agent.evaluate is strongest_evaluation
    assert make_agent("alphabeta:3").evaluate is game_evaluation
    best = make_agent("best", evaluate=material_mobility_evaluation)
    assert isinstance(best, SolvedFirst) and best.agent.evaluate is material_mobility_evaluation
    position = random_positions(1, seed=4)[0]
    assert strongest_evaluation(position, 0) == winning_evaluation(position, 0)
    bagh_chal = GAMES["baghchal"].start()
    assert strongest_evaluation(bagh_chal, 0) == game_evaluation(bagh_chal, 0)  # its learned one lost its match


# -- the command -----------------------------------------------------------------------------------------------------

def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lessons_lib.learning", *args], capture_output=True, text=True,
                          timeout=300)


def test_weights_that_cannot_be_written_are_one_line(tmp_path: Path) -> None:
    data = training_set("shologuti", 3, seed=5)
    path = tmp_path / "set.csv.gz"
    data.save(path)
    result = run("shologuti", "--positions", str(path), "--weights-out", str(tmp_path / "no" / "such" / "w.json"))
    assert result.returncode == 2 and "cannot write the weights" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_command_refits_a_saved_set_and_writes_the_weights(tmp_path: Path) -> None:
    data = training_set("shologuti", 10, seed=5)
    path = tmp_path / "set.csv.gz"
    data.save(path)
    out = tmp_path / "weights.json"
    result = run("shologuti", "--positions", str(path), "--weights-out", str(out))
    assert result.returncode == 0, result.stderr
    written = load_weights("shologuti", out)
    assert written.positions == len(data) and written.games == 10
    assert "held out" in result.stdout and str(out) in result.stdout


@pytest.mark.parametrize("args", [["chess"], ["shologuti", "--players", "alphabeta:x"],
                                  ["shologuti", "--players", ","], ["shologuti", "--games", "0"], ["shologuti", "--games", "x"],
                                  ["shologuti", "--positions", "/nonexistent/set.csv.gz"],
                                  ["shologuti", "--positions", "/dev/null"], ["shologuti", "--positions", "/tmp"]])
def test_bad_options_are_one_line_and_status_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


# -- Bagh-Chal: tuned too, but its own evaluation stays the strongest ------------------------------------------------

def test_bagh_chal_features_change_sign_with_the_player_and_its_weights_are_shipped() -> None:
    from lessons_lib.games.baghchal.features import FEATURE_NAMES as BAGHCHAL_FEATURES
    from lessons_lib.games.baghchal.features import features as baghchal_features

    rng, position = random.Random(3), GAMES["baghchal"].start()
    for _ in range(40):
        if position.is_game_over():
            break
        assert baghchal_features(position, 1) == tuple(-value for value in baghchal_features(position, 0))
        position = position.play(rng.choice(position.legal_moves()))
    weights = load_weights("baghchal")
    assert weights.features == BAGHCHAL_FEATURES and weights.by_name()["goats captured"] < 0


def test_a_learned_evaluation_becomes_the_strongest_only_where_it_won_its_match() -> None:
    shologuti, baghchal = GAMES["shologuti"].engine, GAMES["baghchal"].engine
    assert shologuti.learned_evaluate is learned_evaluation and shologuti.strongest_evaluate is winning_evaluation
    assert baghchal.learned_evaluate is not None and baghchal.strongest_evaluate is None
    hus = GAMES["hus"].engine
    assert hus.learned_evaluate is not None and hus.strongest_evaluate is hus.learned_evaluate
    shobu = GAMES["shobu"].engine
    assert shobu.learned_evaluate is not None and shobu.strongest_evaluate is None
    start = GAMES["baghchal"].start()
    assert strongest_evaluation(start, 0) == game_evaluation(start, 0)


def test_hus_features_change_sign_with_the_player_and_count_every_seed() -> None:
    from lessons_lib.games.hus.features import FEATURE_NAMES as HUS_FEATURES
    from lessons_lib.games.hus.features import features as hus_features

    rng, position = random.Random(4), GAMES["hus"].start()
    for _ in range(40):
        if position.is_game_over():
            break
        south = dict(zip(HUS_FEATURES, hus_features(position, 0)))
        assert hus_features(position, 1) == tuple(-value for value in south.values())
        assert south["seeds"] == position.seeds(0) - position.seeds(1)
        position = position.play(rng.choice(position.legal_moves()))


def test_shobu_features_change_sign_with_the_player_and_every_position_can_be_kept() -> None:
    from lessons_lib.games.shobu.features import features as shobu_features

    rng, position = random.Random(5), GAMES["shobu"].start()
    for _ in range(20):
        if position.is_game_over():
            break
        assert shobu_features(position, 1) == tuple(-value for value in shobu_features(position, 0))
        position = position.play(rng.choice(position.legal_moves()))
    quiet, every = (play_training_game("shobu", 1, seed=1, players=("alphabeta:1",), quiet_only=only)
                    for only in (True, False))
    assert quiet is not None and every is not None and quiet[1] == every[1]
    assert len(every[0]) > len(quiet[0])  # the same game; a push is possible in most of its positions


def test_a_training_set_too_large_once_decompressed_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lessons_lib.learning import positions

    path = tmp_path / "bomb.csv.gz"
    path.write_bytes(gzip.compress(b"0" * 5000))  # 5 KB of zeros in a few dozen bytes
    monkeypatch.setattr(positions, "MAX_TRAINING_BYTES", 1000)
    with pytest.raises(ValueError, match="once decompressed"):
        load_training_set(path, "shologuti")


def test_a_training_set_of_one_game_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "one.csv.gz"
    path.write_bytes(gzip.compress((HEADER + "3,1" + ZEROS + "\n3,1" + ZEROS + "\n").encode()))
    result = run("shologuti", "--positions", str(path), "--weights-out", str(tmp_path / "w.json"))
    assert result.returncode == 2 and "at least 2" in result.stderr and "Traceback" not in result.stderr
