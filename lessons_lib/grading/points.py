"""Points per exercise, set by the teacher (``grade --points FILE``), and the points an exercise earns.

The file is TOML: one line per exercise, its check's name (the long CSV's ``exercise`` column) and its points;
an exercise not named is worth 1 point::

    # lesson 03: the two searches count most
    check_minimax = 4
    check_alphabeta = 4
    check_pruned_leaves = 0.5

A passed exercise earns all its points; one not yet passed earns the share of its points its check gives for the
cases it got right, where the check gives one (``score`` in its verdict); anything else earns nothing.

>>> points_earned("passed", None, 4), points_earned("not yet", 0.375, 4), points_earned("error", 0.5, 4)
(4.0, 1.5, 0.0)
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable
from pathlib import Path

from lessons_lib.tooling.files import quoted_path
from lessons_lib.tooling.text import did_you_mean, shown

DEFAULT_POINTS = 1.0
MOST_POINTS = 1000.0
MAX_POINTS_FILE_BYTES = 2**20


def points_earned(status: str, share: float | None, possible: float) -> float:
    """The points an exercise of ``possible`` points earns: all if ``passed``, ``share`` of them (rounded to
    hundredths) if ``not yet`` with a share of its check's cases passed, else none."""
    if status == "passed":
        return float(possible)
    if status == "not yet" and share is not None:
        return round(share * possible, 2)
    return 0.0


def share_of_cases(verdict: dict[str, object]) -> float | None:
    """The share of its cases a check's verdict says the answer got right (``score``, from 0 to 1), or None if it
    gives none (or something that is not such a number)."""
    score = verdict.get("score")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score) \
            or not 0 <= score <= 1:
        return None
    return float(score)


def read_points(path: str | Path, checks: Iterable[str]) -> dict[str, float]:
    """The points of each exercise named in the file at ``path`` (see the module), by check; ValueError (one line)
    if it cannot be read, is not TOML, names an exercise no lesson has or gives it something other than points."""
    name = f"--points {quoted_path(path)}"
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_POINTS_FILE_BYTES + 1)
    except OSError as error:
        raise ValueError(f"{name} cannot be read: {error.strerror or error}") from None
    if len(data) > MAX_POINTS_FILE_BYTES:
        raise ValueError(f"{name} is larger than 1 MB; a points file has a line per exercise")
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(f"{name} is not text (UTF-8)") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{name} is not a TOML file of 'check_name = points' lines ({error})") from None
    known = sorted(set(checks))
    points = {}
    for check, value in table.items():
        if check not in known:
            raise ValueError(shown(f"{name} names {check!r}, which is no exercise's check{did_you_mean(check, known)}"
                                   f" (the long CSV's exercise column names them)"))
        if type(value) not in (int, float) or not 0 <= value <= MOST_POINTS:  # NaN fails too
            raise ValueError(shown(f"{name} gives {check} {str(value)[:40]!r}: give a number of points from 0 to "
                                   f"{MOST_POINTS:g}"))
        points[check] = float(value)
    return points
