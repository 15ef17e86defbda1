"""The searches against the truth of the solved endgames: ``python benchmarks/endgame_truth.py``.

Two measures for each agent, on Shologuti positions of the shipped tables (``--variant``, the clock at 0):

1. **Moves that keep the true value.** ``--positions`` positions drawn at random (seeded) from the decided
   positions where the choice matters: at least one legal move keeps the value and one does not. The agent
   chooses a move in each; it keeps the value if the position after it has the same value for the mover
   (a win kept though slower counts as kept).
2. **Won endgames not won.** ``--games`` positions the side to move wins in at least 5 plies; the agent plays the
   winner against a defender that plays the table's slowest loss, read without the clock (not perfect once the
   clock matters: a capture resets the clock, so the figures are lower bounds) until the rules end the game (the draw clock included). A game not
   won is drawn or lost; the reasons are counted apart (``thrown``: the winner moved to a position the table does
   not call won, ``clock``: the winner kept the win while the table could tell, and the clock ended the game).

Agents: alpha-beta at depths 1-8 and MCTS at 100 to 10,000 iterations (each seeded), ``best`` at 0.1 s a move
(with its table) and the same search without its table. Prints each agent's figures with 95% intervals
(Wilson's) and writes them to ``data/endgames/search_vs_truth.csv`` (lesson 12 reads it), or to ``--out``.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from lessons_lib.agents import RandomAgent
from lessons_lib.agents.base import Agent
from lessons_lib.agents.match import play_game
from lessons_lib.agents.presets import best_agent, make_agent
from lessons_lib.agents.solved import SolvedFirst, first_slip, value_after
from lessons_lib.arena.ratings import wilson_interval
from lessons_lib.experiments.data import ENDGAME_DATA
from lessons_lib.games.shologuti.endgame_table import solved_without_clock
from lessons_lib.learning.generations import csv_text
from lessons_lib.experiments.endgame_samples import positions_in_tables
from lessons_lib.tooling.files import write_whole

AGENTS = (*(f"alphabeta:{depth}" for depth in range(1, 9)),
          *(f"mcts:{iterations}" for iterations in (100, 300, 1000, 3000, 10000)),
          "best:0.1s", "best search alone:0.1s")
COLUMNS = ("agent", "positions", "kept", "kept_share", "kept_low", "kept_high",
           "games", "not_won", "not_won_share", "not_won_low", "not_won_high", "thrown", "clock")
def agent_named(name: str, seed: int) -> Agent:
    """An agent of :data:`AGENTS`: ``best search alone`` is ``best``'s search without its table."""
    if name.startswith("best search alone"):
        best = best_agent(float(name.split(":")[1].rstrip("s")))
        assert isinstance(best, SolvedFirst)
        return best.agent
    return make_agent(name, seed=seed)


def measure(task: tuple[str, str, int, int, int]) -> list[object]:
    """One agent's row of :data:`COLUMNS`."""
    name, variant, positions, games, seed = task
    choices = positions_in_tables(variant, positions, seed, "choice")
    kept = 0
    for number, position in enumerate(choices):
        agent = agent_named(name, seed + number)
        found = solved_without_clock(position)
        assert found is not None
        kept += value_after(position, agent.search(position).move) == found[0]
    not_won = thrown = 0
    for number, start in enumerate(positions_in_tables(variant, games, seed + 1, "won")):
        hero = agent_named(name, seed + number)
        defender = SolvedFirst(RandomAgent(seed=number), solved_without_clock)
        players = [hero, defender] if start.to_move == 0 else [defender, hero]
        played = play_game(players, start)
        if played.outcome.winner != start.to_move:
            not_won += 1
            thrown += first_slip(start, played.moves, solved_without_clock) is not None
    kept_low, kept_high = wilson_interval(kept, positions)
    lost_low, lost_high = wilson_interval(not_won, games)
    return [name, positions, kept, round(kept / positions, 4), round(kept_low, 4), round(kept_high, 4),
            games, not_won, round(not_won / games, 4), round(lost_low, 4), round(lost_high, 4), thrown,
            not_won - thrown]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="forced", choices=("forced", "traditional", "continue"))
    parser.add_argument("--positions", type=int, default=400, help="positions where the choice matters (400)")
    parser.add_argument("--games", type=int, default=40, help="won endgames played out (40)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--agents", nargs="*", default=list(AGENTS), help="a subset of the agents")
    parser.add_argument("--out", type=Path, default=ENDGAME_DATA / "search_vs_truth.csv")
    args = parser.parse_args(argv)
    tasks = [(name, args.variant, args.positions, args.games, args.seed) for name in args.agents]
    print(f"{'agent':24} {'moves keeping the value':>32} {'won endgames not won':>28}")
    rows = []
    with ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(measure, tasks):
            rows.append(row)
            name, positions, kept, share, low, high, games, not_won, lost, lost_low, lost_high, thrown, clock = row
            print(f"{name:24} {kept:>4}/{positions} {share:6.1%} ({low:.1%}-{high:.1%})"
                  f"   {not_won:>3}/{games} {lost:6.1%} ({lost_low:.1%}-{lost_high:.1%}) thrown {thrown}, clock {clock}",
                  flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_whole(args.out, csv_text(COLUMNS, rows))
    print(f"written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
