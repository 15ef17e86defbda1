"""Answers close to each other or to the library's own code (``grade --similarity FILE``), found with copydetect.

For each exercise, every student's answer code (the definitions behind it, read from the notebook) is compared
with every other student's answer to it and with the library's own versions of what it asks for
(:func:`lessons_lib.exercises.references.reference_sources`). copydetect (the winnowing of MOSS) compares code with
its names, comments, docstrings and layout taken out, so renaming variables hides nothing. A pair's similarity is
the larger of the two shares of each code found in the other: a short answer copied whole into a longer one
counts. A pair at or above the threshold is flagged, unless one side has too little code to tell
(:data:`LEAST_CODE` characters once filtered: every student writes ``return -400 * log10(1 / s - 1)`` alike).

The report is HTML (``.html``, or any other name): each exercise's flagged pairs, most similar first, with both
codes side by side and the parts found in both marked, to read before deciding anything; or CSV (a name ending in
``.csv``): every pair compared, to sort. A flag is a reason to read two answers, never a verdict.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

NOISE = 25
"""copydetect's noise threshold: matches shorter than this (in filtered characters) are ignored (its default)."""
LEAST_CODE = 80
"""The least filtered code an answer needs for a pair with it to be flagged."""
DEFAULT_THRESHOLD = 0.8
MAX_SOURCE_CHARS = 100_000
"""The most of one answer's code compared (a longer one is cut)."""


@dataclass(frozen=True)
class Answer:
    """One code compared: whose (a student as the tables show them, or ``reference: NAME``), for which check."""

    who: str
    check: str
    source: str
    reference: bool = False


@dataclass(frozen=True)
class Pair:
    """Two answers to one check compared: the share of each found in the other, and whether it is flagged."""

    check: str
    first: Answer
    second: Answer
    shares: tuple[float, float]
    spans: tuple[list[tuple[int, int]], list[tuple[int, int]]]
    flagged: bool

    @property
    def similarity(self) -> float:
        return max(self.shares)


def compare(answers: list[Answer], threshold: float = DEFAULT_THRESHOLD) -> list[Pair]:
    """Every pair of answers to the same check, with at least one a student's, most similar first."""
    from copydetect import CodeFingerprint, compare_files

    prints: dict[int, Any] = {}
    for number, answer in enumerate(answers):
        try:
            prints[number] = CodeFingerprint(f"answer{number}.py", NOISE, 1, fp=io.StringIO(
                answer.source[:MAX_SOURCE_CHARS]), language="python")
        except Exception:  # code the tokenizer cannot take is not compared  # noqa: BLE001
            continue
    pairs = []
    for one in prints:
        for other in prints:
            first, second = answers[one], answers[other]
            if one >= other or first.check != second.check or (first.reference and second.reference):
                continue
            _, shares, slices = compare_files(prints[one], prints[other])
            shares = (float(shares[0]), float(shares[1]))
            big_enough = min(len(prints[one].filtered_code), len(prints[other].filtered_code)) >= LEAST_CODE
            pairs.append(Pair(first.check, first, second, shares, (_spans(slices[0]), _spans(slices[1])),
                              big_enough and max(shares) >= threshold))
    return sorted(pairs, key=lambda pair: (pair.check, -pair.similarity, pair.first.who, pair.second.who))


def _spans(slices: Any) -> list[tuple[int, int]]:
    """copydetect's copied slices (a 2 x N array of starts and ends) as (start, end) pairs."""
    return [] if len(slices) == 0 else [(int(start), int(end)) for start, end in zip(slices[0], slices[1])]


def report(pairs: list[Pair], threshold: float, titles: dict[str, str], compared: dict[str, int],
           as_csv: bool) -> str:
    """The report (see the module): ``titles`` are the exercises' titles by check, ``compared`` how many answers
    of each check had code."""
    return _csv(pairs) if as_csv else _html(pairs, threshold, titles, compared)


def _csv(pairs: list[Pair]) -> str:
    from lessons_lib.tooling.text import spreadsheet_cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["exercise", "first", "second", "similarity", "first_share", "second_share", "flagged"])
    for pair in pairs:
        writer.writerow([pair.check, spreadsheet_cell(pair.first.who), spreadsheet_cell(pair.second.who),
                         f"{pair.similarity:.3f}", f"{pair.shares[0]:.3f}", f"{pair.shares[1]:.3f}",
                         "yes" if pair.flagged else ""])
    return out.getvalue()


def _marked(source: str, spans: list[tuple[int, int]]) -> str:
    """``source`` escaped for HTML, the parts in ``spans`` inside ``<mark>``."""
    parts, at = [], 0
    for start, end in sorted(spans):
        start, end = max(start, at), min(end, len(source))
        if start >= end:
            continue
        parts += [html.escape(source[at:start]), f"<mark>{html.escape(source[start:end])}</mark>"]
        at = end
    return "".join(parts) + html.escape(source[at:])


def _html(pairs: list[Pair], threshold: float, titles: dict[str, str], compared: dict[str, int]) -> str:
    e: Callable[[object], str] = lambda text: html.escape(str(text), quote=True)  # noqa: E731
    parts = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
             "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
             "<title>Similar answers</title><style>body{font-family:system-ui,sans-serif;margin:2rem}"
             "table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem;vertical-align:top;"
             "width:50%}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}mark{background:#ffe08a}</style>"
             "</head><body><h1>Similar answers</h1>",
             f"<p>Pairs of answers to one exercise whose similarity (the larger share of either's code found in the "
             f"other, names and layout aside) is at least {threshold:.0%}, by copydetect; a reference is the library's "
             f"own code. Marked: the parts found in both. A flag is a reason to read, not a verdict.</p>"]
    for check in sorted(compared):
        flagged = [pair for pair in pairs if pair.check == check and pair.flagged]
        parts.append(f"<h2>{e(titles.get(check, check))} <small>({e(check)}: {compared[check]} answers compared, "
                     f"{len(flagged)} pair{'s' if len(flagged) != 1 else ''} flagged)</small></h2>")
        for pair in flagged:
            parts.append(f"<table><tr><th>{e(pair.first.who)} ({pair.shares[0]:.0%} found in the other)</th>"
                         f"<th>{e(pair.second.who)} ({pair.shares[1]:.0%} found in the other)</th></tr>"
                         f"<tr><td><pre>{_marked(pair.first.source[:MAX_SOURCE_CHARS], pair.spans[0])}</pre></td>"
                         f"<td><pre>{_marked(pair.second.source[:MAX_SOURCE_CHARS], pair.spans[1])}</pre></td></tr>"
                         f"</table><p></p>")
    if not compared:
        parts.append("<p>No answer code to compare: the grader's reading gave none.</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def class_answers(answer_sources: list[tuple[str, dict[str, str]]]) -> list[Answer]:
    """The answers to compare: each student's (shown name, answer code by check), then the library's own code for
    every check some student answered."""
    from lessons_lib.exercises.references import reference_sources

    answers = [Answer(who, check, source) for who, sources in answer_sources for check, source in sources.items()
               if source.strip()]
    for check in sorted({answer.check for answer in answers}):
        answers += [Answer(f"reference: {name}", check, source, True)
                    for name, source in reference_sources(check).items()]
    return answers
