"""Errors for bad input. Each subclasses ValueError and carries a one-line message."""


class PositionError(ValueError):
    """A position string that does not describe a valid position."""


class MoveError(ValueError):
    """A move written in a notation the board does not allow (``23-17``, ``23x99``, ``go``)."""


class IllegalMoveError(MoveError):
    """A well-formed move that is not legal in the position it is played in."""


class VariantError(ValueError):
    """An unknown rule variant name."""


def quoted(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut short for an error message if it is long."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 3] + "...")
