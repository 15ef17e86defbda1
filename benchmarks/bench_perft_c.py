"""Shologuti's perft through the command line against a plain C bitboard perft: ``python benchmarks/bench_perft_c.py``.

The C program is written here: the same rules (a chain's jumps and ``stop`` are plies, as the engine counts them)
on two 64-bit words, its tables (each point's neighbours and jumps) read from the engine's board, the moves counted
at the last ply rather than made (as the engine's perft does). Where a C compiler is there (``cc``, or ``$CC``) it is
built with ``-O2`` in a temporary folder; its counts are checked against the engine's for every variant, depth 1 to
5, before any time is taken.

Then, best of ``--repeats`` runs each: the C program's own time for perft ``--depth`` (6 by default) under
``--variant`` (traditional by default), and ``python -m lessons_lib perft`` for the same, by the clock, less the same
command at depth 0 (Python's start and the package's import). The draw clock plays no part this shallow.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lessons_lib.games.shologuti.board import NEIGHBOUR_MASK, POINTS
from lessons_lib.games.shologuti.moves import CAPTURES_FROM
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.kit.perft import perft
from lessons_lib.tooling import compiled

PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef unsigned long long u64;
#define BIT(p) (1ULL << (p))

static const u64 NEIGHBOURS[38] = {%(neighbours)s};
static const int JUMPS[38] = {%(jumps)s};             /* how many jumps start at each point */
static const int OVER[38][8] = {%(over)s};            /* the point each jump goes over ... */
static const int TARGET[38][8] = {%(target)s};        /* ... and the point it lands on */
static const u64 ALL = %(all)sULL;
static int must_capture, must_continue;

static int can_capture(int point, u64 enemy, u64 empty) {
    for (int k = 0; k < JUMPS[point]; k++)
        if ((enemy & BIT(OVER[point][k])) && (empty & BIT(TARGET[point][k]))) return 1;
    return 0;
}

/* The leaves DEPTH plies below the position: OWN moves (a chain pending on PENDING, or 0). */
static u64 perft(u64 own, u64 enemy, int pending, int depth) {
    u64 empty = ALL ^ own ^ enemy, total = 0;
    int captures = 0, steps = 0;
    if (pending) {
        for (int k = 0; k < JUMPS[pending]; k++) {
            int over = OVER[pending][k], target = TARGET[pending][k];
            if (!((enemy & BIT(over)) && (empty & BIT(target)))) continue;
            captures++;
            if (depth > 1) {
                u64 mine = own ^ BIT(pending) ^ BIT(target), theirs = enemy ^ BIT(over);
                total += can_capture(target, theirs, ALL ^ mine ^ theirs) ? perft(mine, theirs, target, depth - 1)
                                                                           : perft(theirs, mine, 0, depth - 1);
            }
        }
        if (!must_continue) {  /* stop */
            if (depth > 1) total += perft(enemy, own, 0, depth - 1);
            else total++;
        }
        return depth > 1 ? total : total + captures;
    }
    for (u64 rest = own; rest; rest &= rest - 1) {
        int origin = __builtin_ctzll(rest);
        for (int k = 0; k < JUMPS[origin]; k++)
            if ((enemy & BIT(OVER[origin][k])) && (empty & BIT(TARGET[origin][k]))) captures++;
        steps += __builtin_popcountll(empty & NEIGHBOURS[origin]);
    }
    int only_captures = captures && must_capture;
    if (depth == 1) return only_captures ? captures : captures + steps;
    for (u64 rest = own; rest; rest &= rest - 1) {
        int origin = __builtin_ctzll(rest);
        for (int k = 0; k < JUMPS[origin]; k++) {
            int over = OVER[origin][k], target = TARGET[origin][k];
            if (!((enemy & BIT(over)) && (empty & BIT(target)))) continue;
            u64 mine = own ^ BIT(origin) ^ BIT(target), theirs = enemy ^ BIT(over);
            total += can_capture(target, theirs, ALL ^ mine ^ theirs) ? perft(mine, theirs, target, depth - 1)
                                                                       : perft(theirs, mine, 0, depth - 1);
        }
        if (only_captures) continue;
        for (u64 targets = empty & NEIGHBOURS[origin]; targets; targets &= targets - 1) {
            int target = __builtin_ctzll(targets);
            total += perft(enemy, own ^ BIT(origin) ^ BIT(target), 0, depth - 1);
        }
    }
    return total;
}

int main(int argc, char **argv) {
    must_capture = atoi(argv[1]);
    must_continue = atoi(argv[2]);
    int depth = atoi(argv[3]);
    struct timespec began, ended;
    clock_gettime(CLOCK_MONOTONIC, &began);
    u64 count = depth ? perft(%(green)sULL, %(red)sULL, 0, depth) : 1;
    clock_gettime(CLOCK_MONOTONIC, &ended);
    printf("%%llu %%.6f\n", count, (ended.tv_sec - began.tv_sec) + (ended.tv_nsec - began.tv_nsec) / 1e9);
    return 0;
}
"""


def c_source() -> str:
    """The C program, with the engine's board in its tables."""
    start = Position.start()
    jumps = [[(over_bit.bit_length() - 1, target_bit.bit_length() - 1) for over_bit, target_bit, _ in
              CAPTURES_FROM[point]] if point else [] for point in range(38)]
    padded = [(pairs + [(0, 0)] * 8)[:8] for pairs in jumps]
    assert all(len(pairs) <= 8 for pairs in jumps)
    return PROGRAM % {
        "neighbours": ", ".join(f"{NEIGHBOUR_MASK[point] if point else 0}ULL" for point in range(38)),
        "jumps": ", ".join(str(len(pairs)) for pairs in jumps),
        "over": ", ".join("{" + ", ".join(str(over) for over, _ in pairs) + "}" for pairs in padded),
        "target": ", ".join("{" + ", ".join(str(target) for _, target in pairs) + "}" for pairs in padded),
        "all": str(sum(1 << point for point in POINTS)),
        "green": str(start.green), "red": str(start.red),
    }


def build(folder: Path) -> Path | None:
    """The C program built in ``folder``, or None where there is no C compiler."""
    compiler = os.environ.get("CC", "cc")
    if shutil.which(compiler) is None:
        return None
    source, program = folder / "perft.c", folder / "perft"
    source.write_text(c_source(), encoding="utf-8")
    subprocess.run([compiler, "-O2", "-o", str(program), str(source)], check=True)
    return program


def c_perft(program: Path, variant: str, depth: int) -> tuple[int, float]:
    """The C program's count and its own seconds."""
    rules = VARIANTS[variant]
    shown = subprocess.run([str(program), str(int(rules.must_capture)), str(int(rules.must_continue)), str(depth)],
                           capture_output=True, text=True, check=True).stdout.split()
    return int(shown[0]), float(shown[1])


def command_line_seconds(variant: str, depth: int) -> tuple[int, float]:
    """``python -m lessons_lib perft``'s count and its seconds by the clock, start to end."""
    began = time.perf_counter()
    shown = subprocess.run([sys.executable, "-m", "lessons_lib", "perft", "--depth", str(depth), "--variant", variant,
                            "start"], capture_output=True, text=True, check=True).stdout
    return int(shown.split()[0]), time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="traditional", choices=list(VARIANTS), help="default traditional")
    parser.add_argument("--depth", type=int, default=6, help="plies (default 6)")
    parser.add_argument("--repeats", type=int, default=7, help="runs of each, the best kept (default 7)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        program = build(Path(folder))
        if program is None:
            sys.exit("There is no C compiler here (cc, or $CC): the C side cannot be measured.")
        for variant in VARIANTS:
            for depth in range(1, 6):
                expected = perft(Position.start(VARIANTS[variant]), depth)
                if c_perft(program, variant, depth)[0] != expected:
                    sys.exit(f"The C program counts {variant} perft {depth} wrong: the engine says {expected:,}.")
        c_count, c_seconds = min((c_perft(program, args.variant, args.depth) for _ in range(args.repeats)),
                                 key=lambda run: run[1])
    start_up = min(command_line_seconds(args.variant, 0)[1] for _ in range(args.repeats))
    count, whole = min((command_line_seconds(args.variant, args.depth) for _ in range(args.repeats)),
                       key=lambda run: run[1])
    if count != c_count:
        sys.exit(f"The counts differ: {count:,} by the command line, {c_count:,} in C.")
    own = whole - start_up
    print(f"perft {args.depth}, {args.variant}, from the start: {count:,} leaves; best of {args.repeats}; "
          f"the engine {compiled.mode()}")
    print(f"  C, bitboards              {c_seconds:8.3f} s")
    print(f"  python -m lessons_lib perft {whole:8.3f} s by the clock, {start_up:.3f} s of it starting "
          f"(depth 0): {own:.3f} s perft")
    if own <= 0 or c_seconds < 0.002:
        print("  ratio: too quick to tell at this depth (try --depth 6)")
    else:
        print(f"  ratio                     {own / c_seconds:8.1f}x")


if __name__ == "__main__":
    main()
