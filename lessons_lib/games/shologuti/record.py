"""A Shologuti game record: the record every game has (first position, moves, undo and redo), saved as text.

It saves to and loads from a short text, in the style of a chess PGN::

    [Variant "forced"]
    [Position "start"]
    23-18 13-17 18x8 ...

>>> game = GameRecord()
>>> _ = game.play("23-18"); _ = game.play("13x23")
>>> game.undo()
Move.parse('13x23')
>>> GameRecord.from_text(game.to_text()).to_text() == game.to_text()
True
"""

from __future__ import annotations

import re

from lessons_lib.kit.errors import MoveError, PositionError, is_whole_number, quoted
from lessons_lib.games.game_record import GameRecord as AnyGameRecord
from lessons_lib.games.shologuti.rules import DEFAULT_DRAW_PLIES, FORCED, Rules
from lessons_lib.games.shologuti.position import START_STRING, Position

_TAG = re.compile(r'\[(\w+)\s+"([^"]*)"\]')
KNOWN_TAGS = ("Variant", "MustCapture", "MustContinue", "DrawPlies", "Position", "Ply")
_MOVES_PER_LINE = 12


class GameRecord(AnyGameRecord):
    """A Shologuti game's record (:class:`lessons_lib.games.game_record.GameRecord`), which can be saved as text.

    It starts from the start position under the forced rules unless given another.
    """

    def __init__(self, start: Position | None = None) -> None:
        if start is not None and not isinstance(start, Position):
            raise PositionError(f"a game starts from a Position, not {type(start).__name__}")
        super().__init__(start if start is not None else Position.start(FORCED))

    def to_text(self) -> str:
        """The whole game as text: its rules, first position and every move (redo ones too)."""
        rules = self.start.rules
        start_text = str(self.start)
        lines = [f'[Variant "{rules.name}"]']
        if rules.name == "custom":
            lines.append(f'[MustCapture "{rules.must_capture}"]')
            lines.append(f'[MustContinue "{rules.must_continue}"]')
        if rules.draw_plies != DEFAULT_DRAW_PLIES:
            lines.append(f'[DrawPlies "{rules.draw_plies}"]')
        lines.append(f'[Position "{"start" if start_text == START_STRING else start_text}"]')
        if self._cursor != len(self._moves):
            lines.append(f'[Ply "{self._cursor}"]')
        words = [str(move) for move in self._moves]
        lines += [" ".join(words[i : i + _MOVES_PER_LINE]) for i in range(0, len(words), _MOVES_PER_LINE)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a game saved by :meth:`to_text`.

        Raises:
            PositionError, MoveError: naming the line, and the move, that is wrong.
        """
        if not isinstance(text, str):
            raise PositionError(f"a game record is text, not {type(text).__name__}")
        tags: dict[str, str] = {}
        words: list[tuple[int, str]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            line = line.split("#", 1)[0].strip()
            if line.startswith("["):
                match = _TAG.fullmatch(line)
                if match is None:
                    raise PositionError(f'line {number}: a tag is written [Name "value"], not {quoted(line)}')
                if match[1] not in KNOWN_TAGS:
                    raise PositionError(f"line {number}: unknown tag {match[1]!r}; the tags are {', '.join(KNOWN_TAGS)}")
                if words:
                    raise PositionError(f"line {number}: tags come before the moves")
                tags[match[1]] = match[2]
            else:
                words += [(number, word) for word in line.split()]
        rules = _rules_from_tags(tags)
        start = Position.from_string(tags.get("Position", "start"), rules)
        game = cls(start)
        for index, (number, word) in enumerate(words, start=1):
            try:
                game.play(word)
            except MoveError as error:
                raise type(error)(f"line {number}, move {index} ({word}): {error}") from None
        if "Ply" in tags:
            if not is_whole_number(tags["Ply"]) or int(tags["Ply"]) > len(words):
                raise PositionError(f"Ply tag: {tags['Ply']!r} should be a number from 0 to {len(words)}")
            game._cursor = int(tags["Ply"])
        return game


def _rules_from_tags(tags: dict[str, str]) -> Rules:
    draw_text = tags.get("DrawPlies", str(DEFAULT_DRAW_PLIES))
    if not is_whole_number(draw_text) or int(draw_text) < 1:
        raise PositionError(f"DrawPlies tag: {draw_text!r} should be a whole number, 1 or more")
    variant = tags.get("Variant", "forced")
    if variant != "custom":
        return Rules.named(variant, int(draw_text))
    switches = []
    for name in ("MustCapture", "MustContinue"):
        value = tags.get(name)
        if value not in ("True", "False"):
            raise PositionError(f'{name} tag: a custom variant needs [{name} "True"] or [{name} "False"]')
        switches.append(value == "True")
    return Rules(switches[0], switches[1], int(draw_text))
