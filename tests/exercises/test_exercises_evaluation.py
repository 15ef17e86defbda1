"""Notebook 04: the material-and-mobility evaluation in parts and evaluation matches (the checks are in the
catalogues)."""

from __future__ import annotations

from lessons_lib.games.shologuti.evaluation import material_evaluation, material_mobility_evaluation, material_mobility_terms
from lessons_lib.exercises.evaluation import (
    _test_positions, check_material_mobility_evaluation, check_seed_evaluation,
)
from lessons_lib.experiments.measurements import evaluation_match


def test_the_terms_add_up_to_the_seed_evaluation() -> None:
    for position in _test_positions():
        for player in (0, 1):
            assert material_mobility_terms(position, player).total == material_mobility_evaluation(position, player)


def test_the_test_positions_include_chains_for_each_side() -> None:
    chains = [p for p in _test_positions() if p.pending]
    assert {p.to_move for p in chains} == {0, 1}


def test_the_checks_old_name_still_works() -> None:
    assert check_seed_evaluation is check_material_mobility_evaluation


def test_a_match_is_seeded_and_adds_up() -> None:
    report = evaluation_match(material_evaluation, depth=1, openings=3)
    assert report.games == 6 == report.wins + report.draws + report.losses
    assert repr(report) == repr(evaluation_match(material_evaluation, depth=1, openings=3))
    assert report.wins == 6  # the horizon trap: the material-and-mobility evaluation gives pieces away at depth 1
    assert sum(report.endings.values()) == 6 and "ply limit" not in report.endings  # every game to its end
    assert "ended by " in repr(report)
    capped = evaluation_match(material_evaluation, depth=1, openings=1, max_plies=5)
    assert capped.endings == {"ply limit": 2}


def test_with_quiescence_both_sides_evaluate_quiet_positions_only() -> None:
    seen: dict[str, list[bool]] = {"plain": [], "quiescence": []}

    def recording(kind: str):  # type: ignore[no-untyped-def]
        def evaluate(position, player):  # type: ignore[no-untyped-def]
            seen[kind].append(any(move.is_capture for move in position.legal_moves()))
            return material_evaluation(position, player)
        return evaluate

    for kind in seen:
        report = evaluation_match(recording(kind), recording(kind), depth=1, openings=1, quiescence=kind != "plain")
        assert report.games == 2
    assert any(seen["plain"]) and seen["quiescence"] and not any(seen["quiescence"])


def test_a_failing_evaluation_stops_the_match_with_a_message() -> None:
    report = evaluation_match(lambda p, pl: {}["x"], depth=1)
    assert report.games == 0 and "raised KeyError" in repr(report)
    assert "not a number" in repr(evaluation_match(lambda p, pl: float("nan"), depth=1))


def test_an_evaluation_learned_from_games_values_material_and_progress_alone_does_not() -> None:
    """Lesson 10's learned evaluation (93.6% of the tries the right way) is an evaluation that values material;
    mobility alone (29%) and a constant are not."""
    from lessons_lib.exercises.evaluation import _material_problem
    from lessons_lib.games.shologuti.features import learned_evaluation

    assert _material_problem(learned_evaluation) is None
    assert _material_problem(lambda position, player: position.mobility(player) - position.mobility(1 - player))
    assert _material_problem(lambda position, player: 0)


def test_an_evaluation_no_stronger_than_its_opponent_passes_the_match_by_luck_about_one_time_in_ninety() -> None:
    from chances import worst_chance_of_passing
    from lessons_lib.exercises.evaluation import MATCH_DEPTHS, MATCH_OPENINGS, PASSING_SCORE

    games = 2 * MATCH_OPENINGS
    one_depth = worst_chance_of_passing(games, lambda points, played: points >= PASSING_SCORE * played)
    both = one_depth ** len(MATCH_DEPTHS)
    assert f"{both:.1%}" == "1.1%"  # the figure in PASSING_SCORE's docstring


def test_an_evaluation_that_sees_one_colour_fails_and_the_learned_one_sees_both_alike() -> None:
    from lessons_lib.exercises.evaluation import _mirror_problem, _test_positions
    from lessons_lib.games.shologuti.board import COORDINATES
    from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation
    from lessons_lib.games.shologuti.features import learned_evaluation

    def greens_progress(position, player):
        rows = [COORDINATES[point][0] for point in position.pieces(0)]
        return 10 * (position.piece_count(player) - position.piece_count(1 - player)) + sum(6 - row for row in rows)

    positions = _test_positions()
    assert _mirror_problem(learned_evaluation, positions) is None
    assert _mirror_problem(material_mobility_evaluation, positions) is None
    assert "treats the colours differently" in _mirror_problem(greens_progress, positions)
