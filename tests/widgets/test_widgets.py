"""The widgets' Python side, driven as clicks and buttons would drive it.

PlayPanel and WatchPanel are the game panel with the Pygame Shologuti game's options: what they do is
what the one game panel does for every game (tests/widgets/test_widgets_every_game.py drives it on the other games).
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from waiting import PATIENCE, wait_for
from lessons_lib.agents import AlphaBetaAgent
from lessons_lib.agents.base import Agent, SearchResult
from lessons_lib.games.shologuti.moves import Move
from lessons_lib.games.game_record import GameRecord
from lessons_lib.games.shologuti.rules import TRADITIONAL
from lessons_lib.games.shologuti.position import GREEN, RED, Position
from lessons_lib.widgets import BoardWidget, PlayPanel
from lessons_lib.widgets.agent_choice import AGENT_SETTINGS
from lessons_lib.widgets.watch import WatchPanel


def moves_of(record: GameRecord) -> list[str]:
    return [str(move) for move in record.moves]


def test_clicking_a_piece_marks_its_moves_and_clicking_a_target_plays() -> None:
    board = BoardWidget()
    assert board.click(23) is None and board.clicks == ["23"]
    assert sorted(str(m) for m in board.targets()) == ["23-17", "23-18", "23-19"]
    assert 'class="selected"' in board.svg and board.svg.count('class="target step"') == 3
    assert board.click(18) == Move.parse("23-18")
    assert moves_of(board.record) == ["23-18"] and board.clicks == []
    assert board.svg.count('class="last-move"') == 2


def test_clicks_that_do_nothing() -> None:
    board = BoardWidget()
    board.click(13)  # Red's piece, but Green is to move
    assert board.clicks == []
    board.click(33)  # Green's piece with no move
    assert board.clicks == []
    board.click(23)
    board.click(23)  # clicking the selected piece again puts it down
    assert board.clicks == []
    board.click(23)
    board.click(30)  # not one of its targets, and not a piece that can move: nothing selected
    assert board.clicks == [] and board.record.moves == []
    assert board.status.startswith("No move goes on to point 30: put down what was chosen.")
    board.click(19)  # an empty point with nothing chosen: a screen reader hears why nothing happened
    assert board.status.startswith("No move begins at point 19: choose a place where one of your moves begins.")
    assert "Green to move" in board.status


def test_captures_are_marked_red_and_a_chain_keeps_the_same_piece() -> None:
    start = Position.from_points(green=[23, 27], red=[18, 14, 1], rules=TRADITIONAL)
    board = BoardWidget(GameRecord(start))
    board.click(23)
    assert 'class="target capture"' in board.svg
    board.click(13)  # 23x13: the chain goes on with the piece on 13, picked up for the player
    assert board.position.pending == 13 and board.clicks == ["13"]
    board.click(27)  # another piece may not move now
    assert board.clicks == []
    board.click(13)
    board.click(15)
    assert moves_of(board.record) == ["23x13", "13x15"] and board.position.to_move == RED


def test_only_the_human_sides_can_click_and_a_finished_game_takes_no_clicks() -> None:
    board = BoardWidget(human_sides=[RED])
    board.click(23)
    assert board.clicks == []
    over = BoardWidget(GameRecord(Position.from_points(green=[23], red=[], to_move=RED)))
    assert not over.accepts_clicks()


def test_a_click_from_the_browser_arrives_as_a_message() -> None:
    board = BoardWidget()
    board._on_browser_message(board, {"type": "click", "point": "23"}, [])
    assert board.clicks == ["23"]
    for nonsense in ("nonsense", None, ["23"], {"x": 1}):  # ignored, no error
        board._on_browser_message(board, {"type": "click", "point": nonsense}, [])
    board._on_browser_message(board, "not even a message", [])
    assert board.clicks == []  # a click that starts no move drops the selection, and nothing else happens
    assert board.record.moves == []


def test_the_saved_notebook_shows_the_board_as_svg() -> None:
    data, _ = BoardWidget()._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg") and "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith("<BoardWidget:")
    assert Position.start()._repr_svg_().startswith("<svg")


def test_playing_against_the_ai_undo_and_redo() -> None:
    panel = PlayPanel(ai="Pygame depth 1", think_in_background=False)
    assert panel.ai_choices[1].spec == "alphabeta:1"
    panel.board.click(23)
    panel.board.click(18)
    assert moves_of(panel.record) == ["23-18", "13x23"]  # the AI answered at once
    assert panel.record.position.to_move == GREEN and "your turn" in panel.status.value
    panel.undo()  # takes back the AI's move and yours
    assert panel.record.moves == [] and panel.buttons["Undo"].disabled is True
    panel.redo()
    assert moves_of(panel.record) == ["23-18", "13x23"] and panel.buttons["Redo"].disabled is True
    assert "23-18" in panel.moves.value and 'title="Red"' in panel.moves.value


def test_playing_red_lets_the_ai_open_and_switching_sides_hands_over() -> None:
    panel = PlayPanel(ai="beginner", seats="red", think_in_background=False)
    assert len(panel.record.moves) == 1 and panel.record.position.to_move == RED
    panel.switch_sides()  # now you are Green; the AI takes Red and moves at once
    assert panel.record.position.to_move == GREEN and len(panel.record.moves) == 2
    assert panel.ai_choices[0].kind.disabled and not panel.ai_choices[1].kind.disabled


def test_the_side_you_play_is_named_by_its_turn_or_by_the_games_name_for_it() -> None:
    for seats in ("second", "red"):
        panel = PlayPanel(ai="beginner", seats=seats, think_in_background=False)
        assert panel.seats_choice.value == "second" and len(panel.record.moves) == 1  # the AI (Green) has opened


def test_two_players_and_no_ai() -> None:
    panel = PlayPanel(seats="both", think_in_background=False)
    panel.board.click(23)
    panel.board.click(18)
    assert panel.record.position.to_move == RED and len(panel.record.moves) == 1
    panel.board.click(13)
    panel.board.click(23)
    assert moves_of(panel.record) == ["23-18", "13x23"]
    panel.undo()
    assert moves_of(panel.record) == ["23-18"]  # one move back: both sides are human
    assert panel.buttons["Switch sides"].disabled and panel.buttons["Hint"].disabled is False


def test_the_rules_choice_starts_a_new_game_and_the_stop_button_ends_a_chain() -> None:
    panel = PlayPanel(seats="both", think_in_background=False)
    panel.board.click(23)
    panel.board.click(18)
    assert panel.variant_choice is not None
    panel.variant_choice.value = "traditional"
    assert panel.record.start.rules == TRADITIONAL and panel.record.moves == []
    panel.board.new_game(GameRecord(Position.from_points(green=[23, 27], red=[18, 14, 1], rules=TRADITIONAL)))
    panel._after_change()
    assert 'data-click="stop"' not in panel.board.svg  # no chain yet
    panel.board.click(23)
    panel.board.click(13)  # a capture; the piece on 13 could capture again
    assert 'data-click="stop"' in panel.board.svg and "Green moves again" in panel.status.value
    panel.board.click("stop")
    assert panel.record.moves[-1].is_stop and panel.record.position.to_move == RED


def test_a_hint_gives_a_move_and_its_value() -> None:
    panel = PlayPanel(seats="both", think_in_background=False)
    panel.show_hint(seconds=0.2)
    assert "Hint:" in panel.status.value and len(panel.board.clicks) == 1


def test_an_unknown_level_or_seat_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="unknown AI level 'grandmaster'"):
        PlayPanel(ai="grandmaster")
    with pytest.raises(ValueError, match="unknown seats"):
        PlayPanel(seats="blue")
    with pytest.raises(ValueError, match="setting"):
        WatchPanel(first="mcts", first_setting="many")


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
    panel.agents[GREEN] = _CheatingAgent()
    panel.undo()
    panel.new_game()
    assert len(panel.record.moves) == 1 and "illegal move" in panel.status.value
    panel.agents[GREEN] = _CrashingAgent()
    panel.new_game()
    assert panel.record.moves == [] and "out of ideas" in panel.status.value


def test_the_ai_thinks_in_the_background() -> None:
    panel = PlayPanel(ai="seed depth 3", seats="red")  # the old name of "Pygame depth 3" still works
    panel.wait()
    assert len(panel.record.moves) == 1 and "thinking" not in panel.status.value


def test_watching_two_agents_play_a_whole_game() -> None:
    panel = WatchPanel(first="alphabeta", first_setting=1, second="random", think_in_background=False)
    assert "paused" in panel.status.value and panel.record.moves == []
    panel.step()
    assert len(panel.record.moves) == 1
    panel.run_to_end()
    outcome = panel.record.position.outcome()
    assert outcome is not None and "Game over" in panel.status.value and outcome.reason in panel.status.value
    panel.new_game()
    assert panel.record.moves == [] and "to move" in panel.status.value


def test_watching_in_the_background_can_pause() -> None:
    panel = WatchPanel(first="mcts", first_setting=50, second="mcts", second_setting=50)
    panel.delay.value = 0.0
    panel.pause.value = False
    panel.pause.value = True
    panel.wait()
    played = len(panel.record.moves)
    assert panel.pause.description == "Play"
    panel.wait()
    assert len(panel.record.moves) == played  # paused: nothing more is played


@pytest.mark.parametrize("kind", list(AGENT_SETTINGS))
def test_every_agent_can_be_chosen_for_a_side(kind: str) -> None:
    panel = WatchPanel(first=kind, second="random", think_in_background=False)
    choice = panel.ai_choices[0]
    choice.setting.value = choice.setting.options[0][1]
    assert panel.agents[0].describe().startswith(kind)
    panel.new_game()
    panel.step()
    assert len(panel.record.moves) == 1


class _HeldAgent(Agent):
    """Thinks until the test lets it answer (:meth:`release`), then plays alpha-beta at depth 1: the player does
    something meanwhile, however slow or fast the machine."""

    name = "held"

    def __init__(self) -> None:
        self.released = threading.Event()

    def release(self) -> None:
        self.released.set()

    def search(self, state: Any, observer: Any = None) -> SearchResult:
        self.released.wait(PATIENCE)
        return AlphaBetaAgent(1).search(state)


def thinking_panel() -> tuple[PlayPanel, _HeldAgent]:
    """A panel where Green (you) has just played 23-17 and the AI (Red) is thinking until it is released."""
    panel = PlayPanel(ai="beginner")
    held = _HeldAgent()
    panel.agents[RED] = held
    panel.board.click(23)
    panel.board.click(17)
    assert "thinking" in panel.status.value and not panel.board.accepts_clicks()
    return panel, held


def test_undo_while_the_ai_thinks_gives_the_board_back() -> None:
    panel, held = thinking_panel()
    panel.undo()
    assert panel.record.moves == [] and panel.board.accepts_clicks()
    held.release()
    panel.wait()
    assert panel.record.moves == []  # the AI's late answer is dropped
    panel.board.click(24)
    panel.board.click(19)
    assert moves_of(panel.record)[0] == "24-19"
    panel.wait()


def test_new_game_while_the_ai_thinks() -> None:
    panel, held = thinking_panel()
    panel.new_game()
    held.release()
    panel.wait()
    assert panel.record.moves == [] and panel.board.accepts_clicks()


def test_switching_sides_while_the_ai_thinks_never_plays_for_the_human() -> None:
    panel, held = thinking_panel()
    panel.agents[GREEN] = held
    panel.switch_sides()  # you are Red now: the AI plays Green, and must not play Red's move
    held.release()
    panel.wait()
    position = panel.record.position
    assert moves_of(panel.record)[0] == "23-17" and len(panel.record.moves) == 1
    assert position.to_move == RED and panel.board.accepts_clicks()


def test_a_hint_is_only_for_a_human_turn_and_never_cancels_the_ai() -> None:
    panel, held = thinking_panel()
    panel.show_hint(seconds=0.1)
    assert "Hints are for a human's turn" in panel.status.value
    held.release()
    panel.wait()
    assert len(panel.record.moves) == 2 and panel.board.accepts_clicks()  # the AI did answer


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
    assert len(panel.record.moves) == 1 and panel.record.position.to_move == RED


def test_changing_the_level_while_the_ai_thinks() -> None:
    panel, held = thinking_panel()
    panel.ai_choices[RED].kind.value = "beginner"
    held.release()  # its answer comes too late: the new level's move is played
    panel.wait()
    assert len(panel.record.moves) == 2 and panel.board.accepts_clicks()


class _CrashAgent(Agent):
    name = "crash"

    def search(self, state: Any, observer: Any = None) -> SearchResult:
        raise RuntimeError("no idea")


def test_watch_new_game_then_play_starts_the_new_game() -> None:
    panel = WatchPanel(first="random", second="random")
    panel.delay.value = 0.0
    old, new = _HeldAgent(), _HeldAgent()
    panel.agents[:] = [old, old]
    panel.pause.value = False  # the first search begins, and thinks until released
    panel.agents[:] = [new, new]
    panel.new_game()  # the old search is still thinking; its answer will be dropped
    old.release()
    new.release()
    assert wait_for(lambda: len(panel.record.moves) >= 2)  # the new game goes on
    panel.pause.value = True
    panel.wait()
    assert panel.pause.description == "Play"


def test_watch_shows_an_agents_failure_and_pauses() -> None:
    panel = WatchPanel(think_in_background=False)
    panel.agents[:] = [_CrashAgent(), _CrashAgent()]
    panel.step()
    assert "failed: RuntimeError: no idea" in panel.status.value and panel.pause.value is True
    panel.new_game()
    assert "failed" not in panel.status.value


def test_undo_and_redo_while_two_ais_play_pause_them() -> None:
    panel = WatchPanel(first="random", second="random", think_in_background=False)
    for _ in range(3):
        panel.step()
    panel.undo()
    assert len(panel.record.moves) == 2 and panel.pause.value is True
    panel.redo()
    assert len(panel.record.moves) == 3
