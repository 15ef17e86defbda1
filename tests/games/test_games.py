"""Every game behind the one interface: the engine's properties, the agents, the arena and the command line.

The same checks run on Shologuti, Bagh-Chal, Hus and Shobu: the agents must play every game
without a change, and every engine must keep the contract of :mod:`lessons_lib.games`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from locations import ROOT
from lessons_lib.agents import make_agent
from lessons_lib.agents.match import play_game
from lessons_lib.arena.games import GameSpec
from lessons_lib.arena.games import play_game as arena_game
from lessons_lib.cli.main import main
from lessons_lib.games import GAMES, game_named
from lessons_lib.games.shologuti.rules import published_counts
from positions import random_line

NAMES = list(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_agent_plays_every_game_with_only_legal_moves(name: str) -> None:
    specs = ["random", "greedy", "alphabeta:2", "negamax:2", "mcts:20", "beginner", "easy"]
    for number, spec in enumerate(specs):
        agents = [make_agent(spec, seed=number), make_agent("random", seed=number + 1)]
        result = play_game(agents if number % 2 else agents[::-1], random_line(name, number, 6)[-1], max_plies=60)
        replay = random_line(name, number, 6)[-1]
        for move in result.moves:
            assert move in replay.legal_moves()
            replay = replay.play(move)


@pytest.mark.parametrize("name", NAMES)
def test_agents_made_without_an_evaluation_use_the_games_own(name: str) -> None:
    """No agent defaults to Shologuti's evaluation: each is built as a student would, with no arguments."""
    from lessons_lib.agents import (
        AlphaBetaAgent, ExpectimaxAgent, GreedyAgent, MinimaxAgent, NegamaxAgent, best_agent, hint,
    )

    game = GAMES[name]
    position = random_line(name, 3, 8)[-1]
    agents = [AlphaBetaAgent(depth=2), MinimaxAgent(depth=1), NegamaxAgent(depth=2), ExpectimaxAgent(depth=1),
              GreedyAgent(seed=1), best_agent(seconds=0.05)]
    for agent in agents:
        assert agent.choose_move(position) in position.legal_moves(), type(agent).__name__
    with_own = NegamaxAgent(depth=2, evaluate=game.evaluate).search(position)
    by_default = NegamaxAgent(depth=2).search(position)
    assert (by_default.move, by_default.value) == (with_own.move, with_own.value)
    assert hint(position, seconds=0.05).move in position.legal_moves()


@pytest.mark.parametrize("name", NAMES)
def test_the_arena_plays_every_game_and_a_students_file_in_it(name: str, tmp_path: Path) -> None:
    student = tmp_path / "student.py"
    student.write_text("import random\n\nclass A:\n    def __init__(self):\n        self.rng = random.Random(0)\n\n"
                       "    def choose_move(self, state):\n        return str(self.rng.choice(state.legal_moves()))\n\n"
                       "def make_agent():\n    return A()\n")
    result = arena_game(GameSpec("g", str(student), "greedy", game=name, max_plies=40, seconds_per_move=20.0))
    assert not result.reason.startswith("forfeit"), result.reason
    replay = GameSpec("g", "a", "b", game=name).start_position()
    for record in result.moves:
        replay = replay.play(record.move)
    assert replay.is_game_over() or result.plies == 40


@pytest.mark.parametrize("name", NAMES)
def test_the_command_line_takes_a_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    start = str(GAMES[name].start())
    assert main(["perft", start, "--depth", "1", "--game", name]) == 0
    assert capsys.readouterr().out.strip() == str(GAMES[name].engine.perft_from_start[0])
    assert main(["search", "start", "--agent", "alphabeta:1", "--game", name, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["game"] == name and record["move"] in {str(m) for m in GAMES[name].start().legal_moves()}
    assert main(["tournament", "random", "greedy", "--game", name, "--games-per-pair", "2", "--max-plies", "30",
                 "--workers", "1", "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == name
    assert main(["perft", "nonsense", "--depth", "1", "--game", name]) == 2
    assert "perft:" in capsys.readouterr().err


def test_games_are_found_by_any_spelling_and_variants_only_where_they_exist() -> None:
    assert game_named("Bagh-Chal") is GAMES["baghchal"] and game_named(" HUS ") is GAMES["hus"]
    with pytest.raises(ValueError, match="unknown game"):
        game_named("chess")
    with pytest.raises(ValueError, match="one set of rules"):
        GAMES["hus"].start("traditional")
    assert GAMES["shologuti"].start("traditional").rules.name == "traditional"


@pytest.mark.parametrize("name", NAMES)
def test_clicking_a_moves_clicks_on_the_board_plays_it(name: str) -> None:
    from lessons_lib.widgets import ClickBoard

    game = GAMES[name]
    for position in random_line(name, 5, 30)[::6]:
        if position.is_game_over():
            continue
        move = position.legal_moves()[-1]
        board = ClickBoard(game, start=position)
        clicks = game.engine.move_clicks(move)
        for click in clicks[:-1]:
            assert board.click(click) is None
            assert f'data-click="{clicks[len(board.clicks)]}"' in board.svg
        assert board.click(clicks[-1]) == move and board.position == position.play(move)


@pytest.mark.parametrize("name", NAMES)
def test_a_click_that_starts_no_move_drops_the_selection(name: str) -> None:
    from lessons_lib.widgets import ClickBoard

    game = GAMES[name]
    longer = [(position, game.engine.move_clicks(move)[0]) for position in random_line(name, 2, 40)
              for move in position.legal_moves() if len(game.engine.move_clicks(move)) > 1]
    position, first = longer[0] if longer else (game.start(), None)  # Hus: every move is one click
    board = ClickBoard(game, start=position)
    if first is not None:
        assert board.click(first) is None and board.clicks == [first]
    assert board.click("nowhere") is None and board.clicks == [] and not board.record.moves


@pytest.mark.parametrize("name", NAMES)
def test_the_game_panel_answers_a_human_and_two_ais_play_to_the_end(name: str) -> None:
    from lessons_lib.widgets import GamePanel

    game = GAMES[name]
    panel = GamePanel(name, ai="beginner", think_in_background=False)
    move = panel.board.position.legal_moves()[0]
    for click in game.engine.move_clicks(move):
        panel.board.click(click)
    assert panel.record.moves[0] == move and len(panel.record.moves) >= 2
    assert panel.board.position.to_move == 0 or panel.board.position.is_game_over()
    panel.undo()
    assert panel.record.moves == [] and "your turn" in panel.status.value
    watch = GamePanel(name, seats="watch", ai="beginner", think_in_background=False)
    assert watch.board.position.is_game_over() and "after" in watch.status.value
    assert all(choice.kind.disabled is False for choice in watch.ai_choices)


def test_the_game_panel_refuses_unknown_levels_and_seats() -> None:
    from lessons_lib.widgets import GamePanel

    with pytest.raises(ValueError, match="unknown AI level"):
        GamePanel("hus", ai="grandmaster")
    with pytest.raises(ValueError, match="unknown seats"):
        GamePanel("hus", seats="all")


@pytest.mark.parametrize("name", NAMES)
def test_games_between_agents_finish_by_the_rules(name: str) -> None:
    game = GAMES[name]
    for number, specs in enumerate([("greedy", "random"), ("mcts:8", "greedy")]):
        agents = [make_agent(spec, seed=number) for spec in specs]
        result = play_game(agents, game.start(), max_plies=20_000)
        assert result.outcome.reason != "ply limit", "the game's own rules must end every game"
        replay = game.start()
        for move in result.moves:
            replay = replay.play(move)
        assert replay.outcome() == result.outcome


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


@pytest.mark.parametrize("name", NAMES)
def test_the_rules_page_publishes_perft_from_the_start(name: str) -> None:
    text = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    table = text[text.index("## Perft"):]
    rows = dict(re.findall(r"^\| (\w+) ((?:\|[ \d]*)+)\|$", table, re.MULTILINE))  # a blank cell: not published
    assert "depth" in rows, f"docs/rules/{name}.md needs a row '| depth | 1 | ...'"
    depths = [int(cell) for cell in rows.pop("depth").split("|")[1:]]
    assert depths == list(range(1, len(depths) + 1))
    published = ({variant: tuple(counts[1:]) for variant, counts in published_counts().items()} if name == "shologuti"
                 else {"start": GAMES[name].engine.perft_from_start})
    assert {label: tuple(int(cell) for cell in cells.split("|")[1:] if cell.strip())
            for label, cells in rows.items()} == published


def test_the_comparison_gives_shologuti_its_variant_and_the_other_games_none() -> None:
    from lessons_lib.experiments.game_comparison import comparison_schedule
    from lessons_lib.arena.tournament import TournamentSettings

    schedule = comparison_schedule(TournamentSettings(games_per_pair=2, variant="forced"))
    for (game, _), specs in schedule.items():
        assert all(spec.variant == ("forced" if game == "shologuti" else None) for spec in specs), game
        assert all(spec.first.endswith("0.1s") and spec.second.endswith("0.1s") for spec in specs)
