"""The sowing at the heart of Hus: one move, relays and captures included, on two lists of pit counts.

A move takes every seed of one of the mover's pits (numbered as in
:mod:`lessons_lib.games.hus.board`) and sows them one per pit counter-clockwise (pit + 1,
wrapping from 31 to 0) in the mover's own pits. Where the last seed lands decides
what happens next:

* an empty pit (it now holds 1): the move ends;
* an occupied inner pit ``p`` facing a non-empty inner pit of the opponent, after
  the first round: capture. The opponent's pits ``47 - p`` (inner) and ``p - 16``
  (outer, behind it) are emptied and their seeds sown on from ``p + 1``; pit ``p``
  keeps its seeds;
* any other occupied pit: relay. Its seeds are picked up and sown on from the next pit.

A move that needs more than :data:`MAX_SOWINGS` sowings is *endless*: it loses at once.

>>> own, opponent = [0] * 32, [0] * 32
>>> own[30], own[1] = 3, 1
>>> run_move(own, opponent, 30, captures_allowed=True)  # 31, 0, 1; pit 1 relays its 2 seeds: 2, 3
0
>>> own[:4], own[30:]
([1, 0, 1, 1], [0, 1])
"""

from __future__ import annotations

from typing import Final, NamedTuple

from lessons_lib.games.hus.board import LAST_ROUND, PITS, ROW, facing_pits

MAX_SOWINGS = 200
"""The most sowings a move may take (the first, relays and captures); one more and its player loses."""
ENDLESS: Final = -1
"""What :func:`run_move` returns for a move that needs more than ``MAX_SOWINGS`` sowings."""

MOVE, RELAY, CAPTURE = "move", "relay", "capture"

PERFT_FROM_START: Final = (24, 576, 11_040, 207_443, 3_439_088, 55_769_962, 834_971_656)
"""Perft from the start, depth 1 upwards (docs/rules/hus.md has the table and how long each depth takes)."""


class Sowing(NamedTuple):
    """One handful of seeds sown during a move.

    Attributes:
        kind: ``"move"`` (the seeds of the pit played), ``"relay"`` (the seeds of the
            pit the last handful ended in) or ``"capture"`` (the opponent's seeds).
        start: the mover's pit the seeds are sown after (for a capture, the capturing
            pit, which keeps its own seeds).
        seeds: how many seeds are sown, one per pit.
        end: the pit the last seed lands in.
    """

    kind: str
    start: int
    seeds: int
    end: int

    @property
    def pits(self) -> tuple[int, ...]:
        """The pits that get a seed, in order (a pit appears twice if the handful goes all the way round)."""
        return tuple((self.start + step) % PITS for step in range(1, self.seeds + 1))

    @property
    def captured_pits(self) -> tuple[int, int] | None:
        """For a capture: the opponent's inner and outer pits emptied (``47 - start``, ``start - 16``)."""
        if self.kind != CAPTURE:
            return None
        return facing_pits(self.start)


def run_move(own: list[int], opponent: list[int], pit: int, captures_allowed: bool,
             steps: list[Sowing] | None = None) -> int:
    """Play the move from ``pit`` (which must hold 2 seeds or more), changing ``own`` and ``opponent`` in place.

    Args:
        own, opponent: the 32 pit counts of the mover and of the opponent.
        captures_allowed: False in the first round, when every occupied pit relays.
        steps: if given, each sowing is appended to it as a :class:`Sowing`.

    Returns:
        The number of seeds captured (0 for none), or ``ENDLESS`` if the move needs more
        than ``MAX_SOWINGS`` sowings; the lists then hold a move left half done.
    """
    kind = MOVE
    seeds = own[pit]
    own[pit] = 0
    captured = 0
    for _ in range(MAX_SOWINGS):
        start = pit
        for _ in range(seeds):
            pit = (pit + 1) & 31  # the next pit counter-clockwise: 31 wraps to 0
            own[pit] += 1
        if steps is not None:
            steps.append(Sowing(kind, start, seeds, pit))
        if own[pit] == 1:
            return captured  # the last seed fell into an empty pit
        if captures_allowed and pit >= ROW and opponent[47 - pit]:
            kind = CAPTURE
            seeds = opponent[47 - pit] + opponent[pit - ROW]
            opponent[47 - pit] = opponent[pit - ROW] = 0
            captured += seeds
        else:
            kind = RELAY
            seeds = own[pit]
            own[pit] = 0
    return ENDLESS


def sown_perft(own: list[int], opponent: list[int], side: int, round_number: int, depth: int) -> int:
    """Perft on the two lists of counts: the move sequences of exactly ``depth`` plies (at least 1) from the position
    where ``side`` (whose pits are ``own``) moves in round ``round_number``; the moves of the last ply are counted,
    not made. The same count as :func:`lessons_lib.kit.perft.perft` through ``legal_moves`` and ``play``, with no
    position or key built. The lists are left as they were."""
    if round_number > LAST_ROUND:
        return 0  # drawn
    total = 0
    for pit in range(PITS):
        if own[pit] > 1:
            if depth == 1:
                total += 1
                continue
            mine, theirs = own.copy(), opponent.copy()
            if run_move(mine, theirs, pit, round_number > 0) != ENDLESS:  # an endless move ends the game: no leaf
                total += sown_perft(theirs, mine, 1 - side, round_number + side, depth - 1)
    return total
