"""The board and the game panel on every game: clicks, a human's move, two AIs to the end."""

from __future__ import annotations

import pytest
from lessons_lib.games import GAMES
from positions import random_line

NAMES = list(GAMES)


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

