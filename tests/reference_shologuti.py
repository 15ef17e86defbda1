"""An independent reference implementation of the Shologuti rules, for testing the engine.

Written from the rules text alone (not from ``lessons_lib``): it shares no code, no tables and no
data with the engine. It is deliberately plain and slow: the board is a dict of coordinates, a
position is a 37-character string, and every rule is one small loop. Its only job is to be
obviously right, so that the engine's perft counts and move lists can be checked against it.

The board
---------
37 points, numbered 1..37 from top to bottom, left to right, at these (row, col) coordinates:

* 1, 2, 3: row -2, cols 0, 2, 4 (top triangle, base)
* 4, 5, 6: row -1, cols 1, 2, 3 (top triangle, middle)
* 7..31: rows 0..4, cols 0..4 (the 5x5 Alquerque grid)
* 32, 33, 34: row 5, cols 1, 2, 3 (bottom triangle, middle)
* 35, 36, 37: row 6, cols 0, 2, 4 (bottom triangle, base)

Lines: in the grid every orthogonal neighbour, and diagonal neighbours whose row + col is even;
in each triangle the apex (9 or 29) to each middle point, the middle points to each other in a row,
the base points to each other in a row, and each middle point to the base point beyond it.

With these coordinates every straight line of the drawing has a constant step vector (the triangle's
base row steps 2 columns at a time, its middle row 1), so a jump is simply: a line from ``a`` to ``b``
and a line from ``b`` to ``c`` with ``c - b == b - a`` as vectors.

Positions
---------
A position is written as the engine writes it: ``<37 cells of G/R/.> <g|r> <pending point or -> [<clock>]``
with the clock left out when it is 0. Moves are ``'23-18'`` (a step), ``'23x13'`` (a capture landing on 13)
and ``'stop'``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

# ---------------------------------------------------------------------------------------------------------
# The board, derived from the coordinates and the line rules
# ---------------------------------------------------------------------------------------------------------

POINTS = list(range(1, 38))


def _coordinates() -> dict[int, tuple[int, int]]:
    coords: dict[int, tuple[int, int]] = {}
    coords[1], coords[2], coords[3] = (-2, 0), (-2, 2), (-2, 4)
    coords[4], coords[5], coords[6] = (-1, 1), (-1, 2), (-1, 3)
    point = 7
    for row in range(5):
        for col in range(5):
            coords[point] = (row, col)
            point += 1
    coords[32], coords[33], coords[34] = (5, 1), (5, 2), (5, 3)
    coords[35], coords[36], coords[37] = (6, 0), (6, 2), (6, 4)
    return coords


COORDS = _coordinates()
POINT_AT = {rc: p for p, rc in COORDS.items()}


def _lines() -> set[frozenset[int]]:
    lines: set[frozenset[int]] = set()

    def join(a: int, b: int) -> None:
        lines.add(frozenset((a, b)))

    # The grid: rows 0..4, cols 0..4.
    for row in range(5):
        for col in range(5):
            here = POINT_AT[(row, col)]
            # orthogonal neighbours (right and down; the other two come from the neighbour's side)
            if col + 1 < 5:
                join(here, POINT_AT[(row, col + 1)])
            if row + 1 < 5:
                join(here, POINT_AT[(row + 1, col)])
            # diagonals only through points whose row + col is even
            if (row + col) % 2 == 0:
                for drow, dcol in ((1, 1), (1, -1)):
                    r, c = row + drow, col + dcol
                    if 0 <= r < 5 and 0 <= c < 5:
                        join(here, POINT_AT[(r, c)])

    # The two triangles.
    for apex, middle, base in ((9, (4, 5, 6), (1, 2, 3)), (29, (32, 33, 34), (35, 36, 37))):
        for m in middle:
            join(apex, m)  # apex to each middle point
        join(middle[0], middle[1])  # middle points to each other in a row
        join(middle[1], middle[2])
        join(base[0], base[1])  # base points to each other in a row
        join(base[1], base[2])
        for m, b in zip(middle, base):
            join(m, b)  # each middle point to the base point straight beyond it
    return lines


LINES = _lines()


def _vector(a: int, b: int) -> tuple[int, int]:
    (ra, ca), (rb, cb) = COORDS[a], COORDS[b]
    return (rb - ra, cb - ca)


# NEIGHBOURS[a]: the points joined to a by a line.
NEIGHBOURS: dict[int, list[int]] = {p: sorted(q for q in POINTS if frozenset((p, q)) in LINES) for p in POINTS}


def _jumps() -> list[tuple[int, int, int]]:
    """Every directed jump (from, over, to): two lines in a row with the same step vector."""
    jumps = []
    for a in POINTS:
        for b in NEIGHBOURS[a]:
            for c in NEIGHBOURS[b]:
                if c != a and _vector(b, c) == _vector(a, b):
                    jumps.append((a, b, c))
    return jumps


JUMPS = _jumps()

# JUMPS_FROM[a]: the (over, to) pairs of the jumps that start on a.
JUMPS_FROM: dict[int, list[tuple[int, int]]] = {p: [(b, c) for (a, b, c) in JUMPS if a == p] for p in POINTS}

# ---------------------------------------------------------------------------------------------------------
# Rules and positions
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RefRules:
    must_capture: bool
    must_continue: bool
    draw_plies: int = 100


REF_VARIANTS = {
    "forced": RefRules(must_capture=True, must_continue=True),
    "traditional": RefRules(must_capture=False, must_continue=False),
    "continue": RefRules(must_capture=False, must_continue=True),
}

START_CELLS = "R" * 16 + "." * 5 + "G" * 16


@dataclass(frozen=True)
class RefPosition:
    """cells[p - 1] is 'G', 'R' or '.' for point p; side is 'g' or 'r'; pending is the chaining piece or None."""

    cells: str
    side: str
    pending: int | None
    clock: int
    rules: RefRules

    @staticmethod
    def start(rules: RefRules) -> RefPosition:
        return RefPosition(START_CELLS, "g", None, 0, rules)

    @staticmethod
    def parse(text: str, rules: RefRules) -> RefPosition:
        parts = text.split()
        cells, side, pending = parts[0], parts[1], parts[2]
        clock = int(parts[3]) if len(parts) > 3 else 0
        assert len(cells) == 37 and set(cells) <= set("GR.") and side in ("g", "r")
        return RefPosition(cells, side, None if pending == "-" else int(pending), clock, rules)

    def __str__(self) -> str:
        text = f"{self.cells} {self.side} {self.pending if self.pending is not None else '-'}"
        return f"{text} {self.clock}" if self.clock else text

    # -- who is where --------------------------------------------------------------------------------

    def at(self, point: int) -> str:
        return self.cells[point - 1]

    def me(self) -> str:
        return "G" if self.side == "g" else "R"

    def enemy(self) -> str:
        return "R" if self.side == "g" else "G"

    # -- moves ---------------------------------------------------------------------------------------

    def captures_from(self, point: int) -> list[str]:
        """The captures the piece on ``point`` (of the side to move) can make."""
        moves = []
        for over, to in JUMPS_FROM[point]:
            if self.at(over) == self.enemy() and self.at(to) == ".":
                moves.append(f"{point}x{to}")
        return moves

    def board_moves(self) -> list[str]:
        """The legal moves by the board and the two switches, ignoring the draw clock."""
        return list(self._board_moves)

    def legal_moves(self) -> list[str]:
        """The legal moves: those of the board, but none once the draw clock has run out."""
        return list(self._legal_moves)

    # Worked out once per position (positions never change): play() checks every move against them.

    @cached_property
    def _board_moves(self) -> tuple[str, ...]:
        if self.pending is not None:
            # During a chain: only that piece's captures, and 'stop' if chains are optional.
            moves = self.captures_from(self.pending)
            if not self.rules.must_continue:
                moves.append("stop")
            return tuple(moves)
        captures = []
        steps = []
        for a in POINTS:
            if self.at(a) != self.me():
                continue
            captures.extend(self.captures_from(a))
            for b in NEIGHBOURS[a]:
                if self.at(b) == ".":
                    steps.append(f"{a}-{b}")
        if self.rules.must_capture and captures:
            return tuple(captures)
        return tuple(captures + steps)

    @cached_property
    def _legal_moves(self) -> tuple[str, ...]:
        # A drawn position (the clock has run out) has no legal moves.
        if self.clock >= self.rules.draw_plies:
            return ()
        return self._board_moves

    def play(self, move: str) -> RefPosition:
        assert move in self._legal_moves, f"{move} is not legal in {self}"
        other = "r" if self.side == "g" else "g"
        if move == "stop":
            return RefPosition(self.cells, other, None, self.clock + 1, self.rules)
        cells = list(self.cells)
        if "-" in move:
            a, b = (int(x) for x in move.split("-"))
            cells[b - 1], cells[a - 1] = cells[a - 1], "."
            return RefPosition("".join(cells), other, None, self.clock + 1, self.rules)
        a, c = (int(x) for x in move.split("x"))
        (over,) = [b for (b, to) in JUMPS_FROM[a] if to == c]
        cells[c - 1], cells[a - 1], cells[over - 1] = cells[a - 1], ".", "."
        after = RefPosition("".join(cells), self.side, None, 0, self.rules)
        if after.captures_from(c):
            # The chain goes on: the same player moves again, with that piece only.
            return RefPosition(after.cells, self.side, c, 0, self.rules)
        return RefPosition(after.cells, other, None, 0, self.rules)

    # -- the end of the game -----------------------------------------------------------------------------

    def outcome(self) -> tuple[str | None, str] | None:
        """None while the game goes on, else (winner 'g', 'r' or None for a draw, reason).

        Having no legal move (by the board) is checked first: that side loses.
        Then the draw clock.
        """
        if not self._board_moves:
            reason = "no pieces" if self.me() not in self.cells else "no move"
            return ("r" if self.side == "g" else "g", reason)
        if self.clock >= self.rules.draw_plies:
            return (None, "draw")
        return None

    def is_game_over(self) -> bool:
        return self.outcome() is not None


def perft(position: RefPosition, depth: int) -> int:
    """The number of leaves of the legal-move tree ``depth`` plies deep."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(position.play(move), depth - 1) for move in moves)


if __name__ == "__main__":  # pragma: no cover - a manual check: python tests/reference_shologuti.py VARIANT DEPTH
    import sys
    import time

    variant, depth = sys.argv[1], int(sys.argv[2])
    t0 = time.perf_counter()
    count = perft(RefPosition.start(REF_VARIANTS[variant]), depth)
    print(f"{variant} depth {depth}: {count} leaves in {time.perf_counter() - t0:.1f} s")
