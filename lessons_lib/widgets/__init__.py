"""Widgets for the notebooks: the board and the game panel of every game, and the search steppers.

``PlayPanel`` and ``WatchPanel`` are the game panel with the Pygame Shologuti game's options;
``ClickBoard`` is the board's old name.
"""

from lessons_lib.widgets.alphabeta_stepper import AlphaBetaStepper
from lessons_lib.widgets.board import BoardWidget
from lessons_lib.widgets.click_board import ClickBoard
from lessons_lib.widgets.game_panel import GamePanel
from lessons_lib.widgets.mcts_stepper import MCTSStepper
from lessons_lib.widgets.play import PlayPanel
from lessons_lib.widgets.watch import WatchPanel

__all__ = ["AlphaBetaStepper", "BoardWidget", "ClickBoard", "GamePanel", "MCTSStepper", "PlayPanel", "WatchPanel"]
