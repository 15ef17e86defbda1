"""The widgets' Python side, driven as clicks and buttons would drive it."""

from __future__ import annotations

from typing import Any

import pytest

from lessons_lib.agents.base import Agent, SearchResult
from lessons_lib.games.shologuti.moves import Move
from lessons_lib.games.shologuti.record import GameRecord
from lessons_lib.games.shologuti.rules import TRADITIONAL
from lessons_lib.games.shologuti.position import GREEN, RED, Position
from lessons_lib.widgets import BoardWidget, PlayPanel
from lessons_lib.widgets.watch import WatchPanel


def moves_of(game: GameRecord) -> list[str]:
    return [str(move) for move in game.moves]


def test_clicking_a_piece_marks_its_moves_and_clicking_a_target_plays() -> None:
    board = BoardWidget()
    assert board.click(23) is None and board.selected == 23
    assert sorted(str(m) for m in board.targets()) == ["23-17", "23-18", "23-19"]
    assert 'class="selected"' in board.svg and board.svg.count('class="target step"') == 3
    assert board.click(18) == Move.parse("23-18")
    assert moves_of(board.game) == ["23-18"] and board.selected is None
    assert board.svg.count('class="last-move"') == 2


def test_clicks_that_do_nothing() -> None:
    board = BoardWidget()
    board.click(13)  # Red's piece, but Green is to move
    assert board.selected is None
    board.click(33)  # Green's piece with no move
    assert board.selected is None
    board.click(23)
    board.click(23)  # clicking the selected piece again puts it down
    assert board.selected is None
    board.click(23)
    board.click(30)  # not one of its targets, and not a piece that can move: nothing selected
    assert board.selected is None and board.game.moves == []


def test_captures_are_marked_red_and_a_chain_keeps_the_same_piece() -> None:
    start = Position.from_points(green=[23, 27], red=[18, 14, 1], rules=TRADITIONAL)
    board = BoardWidget(GameRecord(start))
    board.click(23)
    assert 'class="target capture"' in board.svg
    board.click(13)  # 23x13: the chain goes on with the piece on 13
    assert board.game.position.pending == 13 and board.selected == 13
    board.click(27)  # another piece may not move now
    assert board.selected is None
    board.click(13)
    board.click(15)
    assert moves_of(board.game) == ["23x13", "13x15"] and board.game.position.to_move == RED


def test_only_the_human_sides_can_click_and_a_finished_game_takes_no_clicks() -> None:
    board = BoardWidget(human_sides=[RED])
    board.click(23)
    assert board.selected is None
    over = BoardWidget(GameRecord(Position.from_points(green=[23], red=[], to_move=RED)))
    assert not over.accepts_clicks()


def test_a_click_from_the_browser_arrives_as_a_message() -> None:
    board = BoardWidget()
    board._on_browser_message(board, {"type": "click", "point": 23}, [])
    assert board.selected == 23
    board._on_browser_message(board, {"type": "click", "point": "nonsense"}, [])  # ignored, no error
    assert board.selected == 23


def test_the_saved_notebook_shows_the_board_as_svg() -> None:
    data, _ = BoardWidget()._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg") and "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith("<BoardWidget:")
    assert Position.start()._repr_svg_().startswith("<svg")


def test_playing_against_the_ai_undo_and_redo() -> None:
    panel = PlayPanel(ai="Pygame depth 1", think_in_background=False)
    panel.board.click(23)
    panel.board.click(18)
    assert moves_of(panel.game) == ["23-18", "13x23"]  # the AI answered at once
    assert panel.game.position.to_move == GREEN and "your turn" in panel.status.value
    panel.undo()  # takes back the AI's move and yours
    assert panel.game.moves == [] and panel.buttons["undo"].disabled is True
    panel.redo()
    assert moves_of(panel.game) == ["23-18", "13x23"]
    assert "23-18" in panel.moves.value


def test_playing_red_lets_the_ai_open_and_switching_sides_hands_over() -> None:
    panel = PlayPanel(ai="beginner", seats="red", think_in_background=False)
    assert len(panel.game.moves) == 1 and panel.game.position.to_move == RED
    panel.switch_sides()  # now you are Green; the AI takes Red and moves at once
    assert panel.game.position.to_move == GREEN and len(panel.game.moves) == 2


def test_two_players_and_no_ai() -> None:
    panel = PlayPanel(seats="both", think_in_background=False)
    panel.board.click(23)
    panel.board.click(18)
    assert panel.game.position.to_move == RED and len(panel.game.moves) == 1
    panel.board.click(13)
    panel.board.click(23)
    assert moves_of(panel.game) == ["23-18", "13x23"]
    panel.undo()
    assert moves_of(panel.game) == ["23-18"]  # one move back: both sides are human


def test_the_rules_choice_starts_a_new_game_and_stop_ends_a_chain() -> None:
    panel = PlayPanel(seats="both", think_in_background=False)
    panel.board.click(23)
    panel.board.click(18)
    panel.variant_choice.value = "traditional"
    assert panel.game.start.rules == TRADITIONAL and panel.game.moves == []
    panel.board.game = GameRecord(Position.from_points(green=[23, 27], red=[18, 14, 1], rules=TRADITIONAL))
    panel._after_change()
    assert panel.buttons["stop chain"].disabled  # no chain yet
    panel.board.click(23)
    panel.board.click(13)  # a capture; the piece on 13 could capture again
    assert not panel.buttons["stop chain"].disabled and "Stop chain" in panel.status.value
    panel.stop_chain()
    assert panel.game.moves[-1].is_stop and panel.game.position.to_move == RED


def test_a_hint_gives_a_move_and_its_value() -> None:
    panel = PlayPanel(seats="both", think_in_background=False)
    panel.show_hint(seconds=0.2)
    assert "Hint:" in panel.status.value and panel.board.selected is not None


class _CheatingAgent(Agent):
    name = "cheat"

    def search(self, state: Any, observer: Any = None) -> SearchResult:
        return SearchResult(Move.parse("1-2"))


class _CrashingAgent(Agent):
    name = "crash"

    def search(self, state: Any, observer: Any = None) -> SearchResult:
        raise RuntimeError("out of ideas")


def test_the_ai_never_plays_an_illegal_move_and_a_crash_is_reported() -> None:
    panel = PlayPanel(seats="red", think_in_background=False, ai="beginner")
    panel.agent = _CheatingAgent()
    panel.undo()
    panel.new_game()
    assert len(panel.game.moves) == 1 and "illegal move" in panel.status.value
    panel.agent = _CrashingAgent()
    panel.new_game()
    assert panel.game.moves == [] and "out of ideas" in panel.status.value


def test_the_ai_thinks_in_the_background() -> None:
    panel = PlayPanel(ai="seed depth 3", seats="red")  # the old name of "Pygame depth 3" still works
    panel.wait()
    assert len(panel.game.moves) == 1 and "thinking" not in panel.status.value


def test_watching_two_agents_play_a_whole_game() -> None:
    panel = WatchPanel(green="alphabeta", green_setting=1, red="random", think_in_background=False)
    panel.step()
    assert len(panel.game.moves) == 1
    panel.run_to_end()
    outcome = panel.game.position.outcome()
    assert outcome is not None and "Game over" in panel.status.value and outcome.reason in panel.status.value
    panel.new_match()
    assert panel.game.moves == [] and "to move" in panel.status.value


def test_watching_in_the_background_can_pause() -> None:
    panel = WatchPanel(green="mcts", green_setting=50, red="mcts", red_setting=50)
    panel.delay.value = 0.0
    panel.play_button.value = True
    panel.play_button.value = False
    panel.wait()
    played = len(panel.game.moves)
    assert panel.play_button.description == "Play"
    panel.wait()
    assert len(panel.game.moves) == played  # paused: nothing more is played


@pytest.mark.parametrize("kind", ["random", "greedy", "minimax", "alphabeta", "negamax", "mcts", "best"])
def test_every_agent_can_be_chosen_for_a_side(kind: str) -> None:
    panel = WatchPanel(green=kind, red="random", think_in_background=False)
    panel.sides[0].setting.value = panel.sides[0].setting.options[0][1]
    panel.new_match()
    panel.step()
    assert len(panel.game.moves) == 1


class _SlowAgent(Agent):
    """Thinks for a while, then plays alpha-beta at depth 1: time for the player to do something meanwhile."""

    name = "slow"

    def __init__(self, seconds: float = 0.6) -> None:
        self.seconds = seconds

    def search(self, state: Any, observer: Any = None) -> SearchResult:
        import time

        from lessons_lib.agents import AlphaBetaAgent

        time.sleep(self.seconds)
        return AlphaBetaAgent(1).search(state)


def thinking_panel() -> PlayPanel:
    """A panel where Green (you) has just played 23-17 and the slow AI (Red) is thinking."""
    panel = PlayPanel(ai="beginner")
    panel.agent = _SlowAgent()
    panel.board.click(23)
    panel.board.click(17)
    assert "thinking" in panel.status.value and not panel.board.accepts_clicks()
    return panel


def test_undo_while_the_ai_thinks_gives_the_board_back() -> None:
    panel = thinking_panel()
    panel.undo()
    assert panel.game.moves == [] and panel.board.accepts_clicks()
    panel.wait()
    assert panel.game.moves == []  # the AI's late answer is dropped
    panel.board.click(24)
    panel.board.click(19)
    assert moves_of(panel.game)[0] == "24-19"
    panel.wait()


def test_new_game_while_the_ai_thinks() -> None:
    panel = thinking_panel()
    panel.new_game()
    panel.wait()
    assert panel.game.moves == [] and panel.board.accepts_clicks()


def test_switching_sides_while_the_ai_thinks_never_plays_for_the_human() -> None:
    panel = thinking_panel()
    panel.switch_sides()  # you are Red now: the AI plays Green, and must not play Red's move
    panel.wait()
    position = panel.game.position
    assert moves_of(panel.game)[0] == "23-17" and len(panel.game.moves) == 1
    assert position.to_move == RED and panel.board.accepts_clicks()


def test_a_hint_is_only_for_a_human_turn_and_never_cancels_the_ai() -> None:
    panel = thinking_panel()
    panel.show_hint(seconds=0.1)
    assert "Hints are for a human's turn" in panel.status.value
    panel.wait()
    assert len(panel.game.moves) == 2 and panel.board.accepts_clicks()  # the AI did answer


def test_a_hint_that_arrives_after_a_move_is_dropped() -> None:
    panel = PlayPanel(seats="both")
    panel.show_hint(seconds=0.5)
    panel.board.click(23)
    panel.board.click(17)
    panel.wait()
    assert "Hint:" not in panel.status.value


def test_undo_back_to_the_ais_opening_lets_it_play_again() -> None:
    panel = PlayPanel(ai="beginner", seats="red", think_in_background=False)
    panel.undo()  # takes back the AI's opening move; the AI is to move, so it plays again
    assert len(panel.game.moves) == 1 and panel.game.position.to_move == RED


def test_changing_the_level_while_the_ai_thinks() -> None:
    panel = thinking_panel()
    panel.level_choice.value = list(panel.level_choice.options)[0]  # beginner
    panel.wait()
    assert len(panel.game.moves) == 2 and panel.board.accepts_clicks()


class _CrashAgent(Agent):
    name = "crash"

    def search(self, state: Any, observer: Any = None) -> SearchResult:
        raise RuntimeError("no idea")


def test_watch_new_match_then_play_starts_the_new_match() -> None:
    panel = WatchPanel(green="random", red="random")
    panel.agents = [_SlowAgent(0.4), _SlowAgent(0.4)]
    panel.play_button.value = True
    panel.new_match()  # the old loop is still thinking
    panel.agents = [_SlowAgent(0.05), _SlowAgent(0.05)]
    panel.play_button.value = True
    import time

    time.sleep(1.0)
    panel.play_button.value = False
    panel.wait()
    assert len(panel.game.moves) >= 2 and panel.play_button.description == "Play"


def test_watch_shows_an_agents_failure() -> None:
    panel = WatchPanel(think_in_background=False)
    panel.agents = [_CrashAgent(), _CrashAgent()]
    panel.step()
    assert "failed: RuntimeError: no idea" in panel.status.value
    panel.new_match()
    assert "failed" not in panel.status.value
