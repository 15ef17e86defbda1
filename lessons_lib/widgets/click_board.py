"""The old name of the board of any game, kept so that saved notebooks still run: see :mod:`lessons_lib.widgets.board`."""

from lessons_lib.games.game_record import GameRecord as GameHistory
from lessons_lib.widgets.board import BoardWidget as ClickBoard

__all__ = ["ClickBoard", "GameHistory"]
