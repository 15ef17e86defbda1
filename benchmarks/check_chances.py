"""How hard each exercise's check is to pass without the right answer: cases asked, catalogue size, and how often a
half-right answer passes.

Run: ``python benchmarks/check_chances.py [--tries 20]``; it prints a Markdown table, a row per check that tests a
function (the value questions, a tree by hand and the like, are one answer each and are listed apart).

- **calls**: how many times one run of the check calls a right answer (from the catalogue in ``tests/catalogue``);
- **wrong / right**: the catalogue's entries;
- **half-right passes**: a right answer made wrong, at random, on half its calls (a number nudged by 1, a pair's
  first number nudged, a word swapped for another, a list's first item dropped), checked ``--tries`` times with a
  fresh seed for the check and for the coin each time. An answer right on half the cases passes only when the coin
  falls right on every case the verdict depends on.

A second table takes each answer of the catalogue that is right on typical cases and wrong on one kind of edge
case only (``edge(...)`` in ``tests/catalogue``: a drawn game at a leaf, depth 0, a tie at the top...) and checks it
with ``--seeds`` seeds (default 200): how often it passes, which must be at most 1 in 100 (the run ends with status
1 otherwise).
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))

from catalogue import Answer  # noqa: E402
from exercises.test_check_catalogues import CATALOGUE  # noqa: E402


def nudged(value: Any) -> Any:
    """A wrong value of the same kind as ``value``, or ``value`` itself when there is no such thing to make."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return {"exact": "lower", "lower": "upper", "upper": "exact"}.get(value, value + "?")
    if isinstance(value, tuple) and value:  # the first part that can be made wrong (a rollout's plies, say)
        for number, part in enumerate(value):
            if nudged(part) != part:
                return (*value[:number], nudged(part), *value[number + 1:])
        return value
    if isinstance(value, list) and value:
        return value[1:]
    return value


class Counted:
    """A right answer that counts its calls, and with ``coin`` given, answers wrong on about half of them."""

    def __init__(self, answer: Callable[..., Any], coin: random.Random | None = None) -> None:
        self.answer, self.coin, self.calls = answer, coin, 0
        self.__name__ = getattr(answer, "__name__", "answer")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        value = self.answer(*args, **kwargs)
        return nudged(value) if self.coin is not None and self.coin.random() < 0.5 else value


MUTATING = {"check_backpropagation"}
"""Checks whose answer changes what it is given and returns nothing: no value to make wrong."""


def function_checks() -> dict[str, Answer]:
    """One right answer that is a plain function, for each check that takes a function and draws cases."""
    found: dict[str, Answer] = {}
    for entry in CATALOGUE:
        if entry.hint is None and inspect.isfunction(entry.answer[0]) and entry.check.__name__ not in MUTATING \
                and "seed" in inspect.signature(entry.check).parameters:
            found.setdefault(entry.check.__name__, entry)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=20, help="half-right answers tried per check (default 20)")
    parser.add_argument("--seeds", type=int, default=200, help="seeds each edge-case answer is checked with "
                        "(default 200)")
    options = parser.parse_args()
    tries = options.tries
    counts = {}
    for entry in CATALOGUE:
        wrong, right = counts.get(entry.check.__name__, (0, 0))
        counts[entry.check.__name__] = (wrong + (entry.hint is not None), right + (entry.hint is None))
    print("| check | calls | wrong / right in the catalogue | half-right passes |")
    print("|---|---:|---:|---:|")
    checked = function_checks()
    for name, entry in sorted(checked.items()):
        counted = Counted(entry.answer[0])
        assert entry.check(counted, *entry.answer[1:], seed=1).passed, name
        passes = sum(entry.check(Counted(entry.answer[0], random.Random(1000 + attempt)), *entry.answer[1:],
                                 seed=attempt).passed for attempt in range(tries))
        wrong, right = counts[name]
        print(f"| {name} | {counted.calls} | {wrong} / {right} | {passes} of {tries} |", flush=True)
    others = sorted(set(counts) - set(checked))
    print("\nNot a function with drawn cases (one answer, a file, or a game played):",
          ", ".join(f"{name} ({counts[name][0]} / {counts[name][1]})" for name in others))
    too_often = edge_chances(options.seeds)
    if too_often:
        print(f"\nPassing more than 1 in 100: {', '.join(too_often)}")
        sys.exit(1)


def edge_chances(seeds: int) -> list[str]:
    """Print how often each edge-case answer passes over ``seeds`` seeds; the ones passing more than 1 in 100."""
    print(f"\n| check | edge kind | answer | passes of {seeds} seeds |")
    print("|---|---|---|---:|")
    too_often = []
    for entry in CATALOGUE:
        if entry.edge is None:
            continue
        if "seed" in inspect.signature(entry.check).parameters:
            passes = sum(bool(entry.check(*entry.answer, seed=seed).passed) for seed in range(seeds))
        else:  # a check with fixed cases: one verdict for every run
            passes = seeds * bool(entry.check(*entry.answer).passed)
        print(f"| {entry.check.__name__} | {entry.edge} | {entry.label} | {passes} |", flush=True)
        if passes * 100 > seeds:
            too_often.append(entry.id)
    return too_often


if __name__ == "__main__":
    main()
