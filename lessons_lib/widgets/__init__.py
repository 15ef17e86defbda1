"""Widgets for the notebooks: the board, the game panels and the search steppers."""

from lessons_lib.widgets.board import BoardWidget
from lessons_lib.widgets.play import PlayPanel

__all__ = ["BoardWidget", "PlayPanel"]
