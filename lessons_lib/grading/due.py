"""A due date (``grade --due 2026-12-01T23:59``) and how late a hand-in is.

A hand-in's time is its file's modification time: ``collect`` sets it to when the student handed it in (nbgrader's
``timestamp.txt``, or the file's own time in the student's home). Lateness is shown, never taken off the points.

>>> due = due_date("2026-12-01T23:59+00:00")
>>> how_late(late_seconds(datetime(2026, 12, 2, 2, 4, tzinfo=timezone.utc), due))
'2 h 5 min'
>>> late_seconds(datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc), due) is None
True
"""

from __future__ import annotations

import argparse
from datetime import date, datetime, time, timedelta, timezone

from lessons_lib.kit.errors import quoted


def due_date(text: str) -> datetime:
    """An argparse ``type=``: an ISO date or date and time, with or without a zone (``2026-12-01``,
    ``2026-12-01T23:59``, ``2026-12-01 23:59+01:00``, ``...Z``); without a zone, this machine's. A date alone is
    due at the end of that day (the next day's midnight is late)."""
    stripped = text.strip()
    try:
        if len(stripped) == 10:  # a date alone
            day = date.fromisoformat(stripped)
            moment = datetime.combine(day + timedelta(days=1), time(0, 0)) - timedelta(microseconds=1)
        else:
            moment = datetime.fromisoformat(stripped)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a date: give one as 2026-12-01 or "
                                         f"2026-12-01T23:59 (with a zone if you like, +01:00 or Z)") from None
    return moment if moment.tzinfo is not None else moment.astimezone()


def late_seconds(handed_in: datetime | None, due: datetime | None) -> float | None:
    """How many seconds after ``due`` the hand-in came, or None if it came in time (or either is unknown)."""
    if handed_in is None or due is None or handed_in <= due:
        return None
    return (handed_in - due).total_seconds()


def how_late(seconds: float | None) -> str:
    """``seconds`` late in words: ``3 d 4 h``, ``2 h 5 min``, ``12 min``, ``40 s``; empty if None.

    >>> how_late(3 * 86400 + 4 * 3600 + 59), how_late(725), how_late(40.2)
    ('3 d 4 h', '12 min', '41 s')
    """
    if seconds is None:
        return ""
    whole = int(-(-seconds // 1))  # up: a second late is late
    days, rest = divmod(whole, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    return f"{minutes} min" if minutes else f"{secs} s"


def iso(moment: datetime | None) -> str:
    """A time as ISO 8601 in UTC, to the second (``2026-12-01T22:59:00+00:00``); empty if None."""
    return "" if moment is None else moment.astimezone(timezone.utc).replace(microsecond=0).isoformat()
