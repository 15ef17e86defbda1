"""Gating: a new generation plays self-play only if it beats the best one so far, by lesson 07's SPRT.

AlphaGo Zero played each new network 400 games against the best one and kept it only at 55% or more; AlphaZero
dropped the test and always kept the newest. Here the test is lesson 07's sequential one
(:mod:`lessons_lib.arena.sprt`): the candidate plays the best generation in game pairs (each seeded opening with
both colours, PUCT at the loop's iterations a move), and after every pair the SPRT weighs "the candidate is
:data:`GATE_ELO` [1] Elo stronger" against "it is no stronger" (:data:`GATE_ELO` [0]), with error rates of 5% each
way. It stops at the first verdict: a clear gain or a clear loss takes a few pairs, not 400 games. A candidate
accepted (``elo1``) becomes the best; one rejected (``elo0``), or still undecided after ``gate_pairs`` pairs, does
not, and the best plays the next generation's games. In a game where most games are drawn a small gain may never
be shown: the gate then keeps the old best, which is what it promises (no generation that is not shown stronger).

Pairs are played ``batch`` at a time (side by side), and the test reads them in order: the verdict is the same
whatever the batch, and every game is seeded by its key.
"""

from __future__ import annotations

from dataclasses import dataclass

from lessons_lib.arena.sprt import sprt

GATE_ELO = (0.0, 50.0)
"""The SPRT's two hypotheses, the candidate's advantage in Elo: no gain, and a gain of 50 (about 57% a game)."""
GATE_ERRORS = (0.05, 0.05)
"""The SPRT's error rates: a generation no stronger accepted, and one 50 Elo stronger rejected (each about 5%)."""


@dataclass(frozen=True)
class GateVerdict:
    """How a candidate fared against the best generation: the pairs played until the test stopped (or ran out),
    their pentanomial record, the last LLR, the SPRT's verdict (``"elo1"``, ``"elo0"`` or ``""``) and whether
    the candidate became the best."""

    champion: int
    pairs: int
    counts: tuple[int, int, int, int, int]
    llr: float
    verdict: str

    @property
    def accepted(self) -> bool:
        return self.verdict == "elo1"


def gate_pairs(scores: list[float]) -> list[float]:
    """The candidate's pair totals (0 to 2) from its games' points, in schedule order (each opening's two games,
    colour 0 then colour 1)."""
    return [scores[index] + scores[index + 1] for index in range(0, len(scores) - 1, 2)]


def gate_verdict(champion: int, scores: list[float], most_pairs: int) -> GateVerdict | None:
    """The SPRT over the candidate's points so far against ``champion``: the verdict where it stopped, or where the
    pairs reached ``most_pairs``; None while neither has happened."""
    steps = sprt(gate_pairs(scores)[:most_pairs], *GATE_ELO, *GATE_ERRORS)
    if not steps:
        return None
    last = steps[-1]
    if last.verdict or last.pairs >= most_pairs:
        return GateVerdict(champion, last.pairs, last.counts, round(last.llr, 6), last.verdict)
    return None

