"""The remedies run (data/alphazero/shologuti_remedies*.csv) is whole, its figures are what its games give, and
what data/alphazero/README.md says of it is what the rows say."""

from __future__ import annotations

import pytest

from lessons_lib.arena.score_intervals import score_interval, sign_test
from lessons_lib.experiments.data import load_table
from lessons_lib.learning.generations import ALPHAZERO_DATA
from locations import benchmark_script

REMEDIES = benchmark_script("alphazero_remedies").REMEDIES


@pytest.fixture(scope="module")
def runs() -> dict[str, dict[str, object]]:
    return {str(row["remedy"]): row for row in load_table("shologuti_remedies", ALPHAZERO_DATA)}


@pytest.fixture(scope="module")
def generations() -> dict[str, list[dict[str, object]]]:
    rows: dict[str, list[dict[str, object]]] = {}
    for row in load_table("shologuti_remedies_generations", ALPHAZERO_DATA):
        rows.setdefault(str(row["remedy"]), []).append(row)
    return rows


def test_every_remedy_ran_at_the_same_budget(runs: dict[str, dict[str, object]],
                                              generations: dict[str, list[dict[str, object]]]) -> None:
    assert list(runs) == list(REMEDIES) and list(generations) == list(REMEDIES)
    budgets = {(row["generations"], row["games"], row["iterations"], row["match_games"]) for row in runs.values()}
    assert budgets == {(5, 40, 100, 40)}
    for name, rows in generations.items():
        assert [row["generation"] for row in rows] == list(range(6)), name
        assert [row["self_play_games"] for row in rows] == [40] * 5 + [0]
    # generation 0 is the same blank model with the same seed in every run: the same games
    assert len({rows[0]["drawn"] for rows in generations.values()}) == 1


def test_each_matchs_score_interval_and_p_value_are_its_games(runs: dict[str, dict[str, object]]) -> None:
    for row in runs.values():
        wins, draws, losses = (int(row[key]) for key in ("wins", "draws", "losses"))  # type: ignore[call-overload]
        assert wins + draws + losses == row["match_games"]
        assert row["score"] == round((wins + draws / 2) / (wins + draws + losses), 4)
        low, high = score_interval(wins, draws, losses)
        assert (row["score_low"], row["score_high"]) == (round(low, 4), round(high, 4))
        assert row["sign_test_p"] == round(sign_test(wins, losses), 6)


def test_what_the_readme_says_of_the_plain_loop_and_the_remedies(
        runs: dict[str, dict[str, object]], generations: dict[str, list[dict[str, object]]]) -> None:
    def weights(name: str) -> list[float]:
        return [float(row["largest_value_weight"]) for row in generations[name]]  # type: ignore[arg-type]

    plain = weights("plain")
    assert plain[1] > 0.75 and plain[4] < 0.05  # the plain loop's value forgets
    assert generations["plain"][4]["value_log_loss"] == 0.6931  # a coin's
    assert min(weights("search in draws")[1:]) > 0.6  # the root's value in drawn games keeps it
    mixed = weights("mixed target")
    assert all(later > earlier for earlier, later in zip(mixed[2:], mixed[3:]))  # grows from generation 2 on
    drawn = {name: [int(row["drawn"]) for row in rows[1:3]] for name, rows in generations.items()}  # type: ignore
    assert sum(drawn["mixed target"]) < sum(drawn["plain"]) - 20
    network = generations["board network"]
    assert float(network[4]["value_log_loss"]) > 0.69  # type: ignore[arg-type]  # forgets as the features do
    # no remedy is shown stronger than the plain loop: every interval holds its score but the network's, below it
    plain_score = float(runs["plain"]["score"])  # type: ignore[arg-type]
    for name, row in runs.items():
        low, high = float(row["score_low"]), float(row["score_high"])  # type: ignore[arg-type]
        assert (low <= plain_score <= high) == (name != "board network"), name
        assert high < plain_score or name != "board network"
        assert (float(row["sign_test_p"]) < 0.01) == (name not in ("search in draws", "board network")), name  # type: ignore


def test_the_readmes_table_is_the_rows(runs: dict[str, dict[str, object]],
                                       generations: dict[str, list[dict[str, object]]]) -> None:
    text = (ALPHAZERO_DATA / "README.md").read_text(encoding="utf-8")
    table = text[text.index("| remedy | self-play games drawn"):].split("\n\n")[0].splitlines()[2:]
    assert len(table) == len(runs)
    for line, (name, row) in zip(table, runs.items()):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert cells[0].startswith(name), (cells[0], name)
        assert cells[1] == ", ".join(str(int(each["drawn"])) for each in generations[name][1:5])  # type: ignore
        if cells[2] != "(no feature weights)":
            weights = [f"{float(each['largest_value_weight']):.2f}" for each in generations[name][1:]]  # type: ignore
            assert cells[2] == " → ".join(weights)
        assert cells[3] == "-".join(str(int(row[key])) for key in ("wins", "draws", "losses"))  # type: ignore
        score, low, high = (100 * float(row[key]) for key in ("score", "score_low", "score_high"))  # type: ignore
        assert cells[4] == f"{score:.1f}% ({low:.1f}% to {high:.1f}%)"
        p_value = float(row["sign_test_p"])  # type: ignore[arg-type]
        assert cells[5] == (f"{p_value:.3f}" if p_value < 0.01 else f"{p_value:.3g}")


def test_what_lesson_11_adds_of_the_remedies_and_the_network(
        runs: dict[str, dict[str, object]], generations: dict[str, list[dict[str, object]]]) -> None:
    def weights(name: str) -> list[float]:
        return [float(row["largest_value_weight"]) for row in generations[name]]  # type: ignore[arg-type]

    assert weights("longer window")[4] > weights("plain")[4] + 0.2  # a longer window slows the forgetting
    assert weights("plain")[4] < 0.05 < weights("plain")[5] < weights("longer window")[5]  # 5 partly recovers
    assert weights("mixed target")[1] < weights("plain")[1] / 2  # the mixed target starts lower, then grows
    clock = weights("clock inputs")
    assert clock[4] < clock[1] / 2  # reading the clock alone does not stop the forgetting
    # the network played worse than the features: the intervals overlap, the network's below the features' score
    network, plain = runs["board network"], runs["plain"]
    assert float(plain["score_low"]) < float(network["score_high"]) < float(plain["score"])  # type: ignore[arg-type]
    sizes = [float(row["value_log_loss"]) for row in generations["board network"][1:]]  # type: ignore[arg-type]
    assert sizes[0] < 0.5 < 0.69 < sizes[3]  # its value's log loss climbs towards a coin's as the draws come
