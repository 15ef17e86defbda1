"""A game being played, in any of the games: its first position, the moves, and unlimited undo and redo.

The game panels and boards keep one of these. Shologuti's record
(:class:`lessons_lib.games.shologuti.record.GameRecord`) adds a text format.

>>> from lessons_lib.games import GAMES
>>> game = GameRecord(GAMES["hus"].start())
>>> _ = game.play("9")
>>> game.moves, game.can_undo(), game.can_redo()
([Move.parse('9')], True, False)
>>> game.undo(), game.moves, game.can_redo()
(Move.parse('9'), [], True)
"""

from __future__ import annotations

from typing import Any

from lessons_lib.kit.game import Outcome
from lessons_lib.games import game_of


class GameRecord:
    """The moves of one game, with a cursor that undo and redo move back and forth.

    Positions are immutable, so the record keeps every position of the game:
    undo and redo only move the cursor, and never replay anything.
    """

    def __init__(self, start: Any) -> None:
        self.game = game_of(start)  # ValueError for something that is not a position of a game
        self._positions: list[Any] = [start]
        self._moves: list[Any] = []
        self._cursor = 0

    @property
    def start(self) -> Any:
        return self._positions[0]

    @property
    def position(self) -> Any:
        """The position on the board now."""
        return self._positions[self._cursor]

    @property
    def moves(self) -> list[Any]:
        """The moves played up to the current position."""
        return self._moves[: self._cursor]

    @property
    def ply(self) -> int:
        """How many moves have been played to reach the current position."""
        return self._cursor

    def can_undo(self) -> bool:
        return self._cursor > 0

    def can_redo(self) -> bool:
        return self._cursor < len(self._moves)

    def play(self, move: Any) -> Any:
        """Play ``move`` (a move or its notation) in the current position; the moves that could be redone are dropped.

        Raises:
            IllegalMoveError, MoveError: the move is not legal; the record is unchanged.
        """
        if isinstance(move, str):
            move = self.game.parse_move(move)
        after = self.position.play(move)
        legal = self.position.legal_moves()
        played = legal[legal.index(move)]  # the game's own move object, whatever form the move came in
        del self._positions[self._cursor + 1 :]
        del self._moves[self._cursor :]
        self._positions.append(after)
        self._moves.append(played)
        self._cursor += 1
        return after

    def undo(self) -> Any | None:
        """Take back the last move (returned), or do nothing and return None at the start."""
        if not self.can_undo():
            return None
        self._cursor -= 1
        return self._moves[self._cursor]

    def redo(self) -> Any | None:
        """Play again the last move taken back (returned), or return None if there is none."""
        if not self.can_redo():
            return None
        self._cursor += 1
        return self._moves[self._cursor - 1]

    def mover_of(self, ply: int) -> int:
        """The player who made move number ``ply`` (1 for the first move)."""
        return int(self._positions[ply - 1].to_move)

    def outcome(self) -> Outcome | None:
        return self.position.outcome()  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"<GameRecord {self.game.name}: {self.position}, {self.ply} moves>"
