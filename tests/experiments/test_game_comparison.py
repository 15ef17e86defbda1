"""The four games side by side: the comparison's tables."""

from __future__ import annotations

from lessons_lib.games import GAMES

NAMES = list(GAMES)


def test_the_games_comparison_sums_up_each_match() -> None:
    from lessons_lib.experiments.game_comparison import comparison_experiment
    from lessons_lib.arena.tournament import TournamentSettings

    players = {"hus": ("negamax:2", "mcts:20"), "baghchal": ("negamax:2", "mcts:20")}
    rows, results = comparison_experiment(TournamentSettings(games_per_pair=2, max_plies=40), players, workers=1,
                                          progress=False)
    assert [(row.game, row.match) for row in rows] == [("hus", "equal"), ("hus", "alphabeta-mcts"),
                                                       ("baghchal", "equal"), ("baghchal", "alphabeta-mcts")]
    for row in rows:
        assert row.games == 2 == row.first_wins + row.draws + row.second_wins
        assert row.first_score == (row.first_wins + row.draws / 2) / 2 and row.first_seconds > 0
    assert rows[0].first == "first=negamax:2" and rows[1].first == "negamax:2" and rows[1].second == "mcts:20"
    colours = [(result.first, result.second) for result in results[2:4]]
    assert colours == [("negamax:2", "mcts:20"), ("mcts:20", "negamax:2")]  # each opening with both colours


def test_the_comparison_gives_shologuti_its_variant_and_the_other_games_none() -> None:
    from lessons_lib.experiments.game_comparison import comparison_schedule
    from lessons_lib.arena.tournament import TournamentSettings

    schedule = comparison_schedule(TournamentSettings(games_per_pair=2, variant="forced"))
    for (game, _), specs in schedule.items():
        assert all(spec.variant == ("forced" if game == "shologuti" else None) for spec in specs), game
        assert all(spec.first.endswith("0.1s") and spec.second.endswith("0.1s") for spec in specs)

