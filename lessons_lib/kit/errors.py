"""Errors for bad input. Each subclasses ValueError and carries a one-line message."""


class PositionError(ValueError):
    """A position string that does not describe a valid position."""


class MoveError(ValueError):
    """A move written in a notation the board does not allow (``23-17``, ``23x99``, ``go``)."""


class IllegalMoveError(MoveError):
    """A well-formed move that is not legal in the position it is played in."""


class VariantError(ValueError):
    """An unknown rule variant name."""


class DamagedData(ValueError):
    """A data file a game ships (a solved endgame table, say) that cannot be read: which file, and how to make it
    again."""


def is_whole_number(text: str, digits: int = 12) -> bool:
    """True for text made of 1 to ``digits`` of the ASCII digits 0-9 (so ``int(text)`` cannot fail).

    >>> is_whole_number("42"), is_whole_number("-1"), is_whole_number("٣"), is_whole_number("1234", digits=3)
    (True, False, False, False)
    """
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def quoted(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut short for an error message if it is long."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 3] + "...")
