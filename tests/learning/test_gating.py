"""Gating: a new generation replaces the best only if lesson 07's SPRT shows it stronger, and the best plays."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lessons_lib.arena.sprt import sprt
from lessons_lib.learning.gating import GATE_ELO, GATE_ERRORS, GateVerdict, gate_pairs, gate_verdict
from lessons_lib.learning.generations import GATE_PREFIX, LoopStore, best_generation, rate_generations, run_generations
from lessons_lib.learning.policy_value import Model
from lessons_lib.learning.self_play import Generation, LoopSettings, self_play_game

GATED = LoopSettings(game="baghchal", iterations=12, games=3, sampled_plies=4, seed=3, gate_pairs=4)


def test_pairs_are_each_openings_two_games_in_order() -> None:
    assert gate_pairs([1.0, 0.5, 0.0, 0.0, 1.0, 1.0]) == [1.5, 0.0, 2.0]
    assert gate_pairs([1.0, 0.5, 1.0]) == [1.5]  # a pair not yet complete is not read


def test_a_clear_gain_is_accepted_a_clear_loss_refused_and_draws_run_out() -> None:
    won = gate_verdict(0, [1.0] * 40, 20)
    assert won is not None and won.accepted and won.verdict == "elo1" and won.pairs < 20
    assert won.counts == (0, 0, 0, 0, won.pairs)
    lost = gate_verdict(0, [0.0] * 40, 20)
    assert lost is not None and not lost.accepted and lost.verdict == "elo0"
    drawn = gate_verdict(0, [0.5] * 40, 10)
    assert drawn is not None and drawn.verdict == "" and not drawn.accepted and drawn.pairs == 10
    all_drawn = gate_verdict(0, [0.5] * 60, 30)  # enough draws show that there is no gain of 50 Elo
    assert all_drawn is not None and all_drawn.verdict == "elo0" and all_drawn.pairs < 30
    assert gate_verdict(0, [0.5] * 6, 20) is None  # neither a verdict nor the last pair yet


def test_the_verdict_is_the_sprts_at_its_first_stop_whatever_is_played_after() -> None:
    scores = [1.0, 0.5, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 1.0, 0.5] * 3
    verdict = gate_verdict(2, scores, 15)
    steps = sprt(gate_pairs(scores), *GATE_ELO, *GATE_ERRORS)
    assert verdict == GateVerdict(2, steps[-1].pairs, steps[-1].counts, round(steps[-1].llr, 6), steps[-1].verdict)
    more = scores[: 2 * verdict.pairs] + [0.0] * 20  # what the batch played after the stop says nothing
    assert gate_verdict(2, more, 15) == verdict


def test_the_best_is_the_last_generation_no_gate_refused() -> None:
    blank = Model.blank("baghchal")
    kept, refused = GateVerdict(0, 3, (0, 0, 0, 0, 3), 3.0, "elo1"), GateVerdict(1, 9, (0, 0, 9, 0, 0), -0.1, "")
    line = [Generation(0, blank), Generation(1, blank, gate=kept), Generation(2, blank, gate=refused)]
    assert best_generation(line).number == 1
    assert best_generation(line[:1]).number == 0
    assert best_generation([Generation(0, blank), Generation(1, blank, gate=refused)]).number == 0
    assert best_generation([Generation(0, blank), Generation(1, blank)]).number == 1  # no gating: the newest


def test_a_gated_loop_plays_its_rounds_with_the_best_and_keeps_the_gates_games_apart(tmp_path: Path) -> None:
    store = LoopStore(tmp_path / "gated.sqlite", GATED)
    generations = run_generations(store, 3)
    assert generations[0].gate is None and all(each.gate is not None for each in generations[1:])
    for generation in generations[1:]:
        before = best_generation(generations[: generation.number])
        assert generation.gate is not None and generation.gate.champion == before.number
        assert 1 <= generation.gate.pairs <= GATED.gate_pairs
        if generation.number < 3:  # round g's games were played by the best after generation g's gate
            player = best_generation(generations[: generation.number + 1]).model
            assert store.games(generation.number, generation.number)[0] == \
                self_play_game(player, GATED, generation.number, 0)
    gate_games = store.gate_games()
    assert gate_games and all(game.key.startswith(GATE_PREFIX) for game in gate_games)
    assert len(gate_games) >= 2 * sum(each.gate.pairs for each in generations[1:] if each.gate is not None)
    assert store.rating_games() == []
    rated = rate_generations(store, generations, 1, best="random")
    assert rated and not any(game.key.startswith(GATE_PREFIX) for game in rated)
    assert store.generations() == generations  # the verdicts are kept
    store.close()


def test_a_gated_loop_stopped_before_a_gate_gives_the_same_generations(tmp_path: Path) -> None:
    whole = run_generations(LoopStore(tmp_path / "whole.sqlite", GATED), 2)
    store = LoopStore(tmp_path / "stopped.sqlite", GATED)
    run_generations(store, 1)
    with store.connection:  # as if stopped after generation 1 was fitted, before its gate's verdict was kept
        store.connection.execute(f"DELETE FROM rating_games WHERE key LIKE '{GATE_PREFIX}%'")
    first = store.generations()[1]
    store.gated(replace(first, gate=None))
    assert run_generations(store, 2) == whole


def test_without_gating_nothing_is_gated() -> None:
    assert LoopSettings().gate_pairs == 0


@pytest.mark.parametrize("pairs", [1, 3])
def test_few_pairs_still_give_a_verdict(pairs: int, tmp_path: Path) -> None:
    settings = replace(GATED, gate_pairs=pairs, games=2)
    generations = run_generations(LoopStore(tmp_path / f"{pairs}.sqlite", settings), 1)
    assert generations[1].gate is not None and generations[1].gate.pairs <= pairs
