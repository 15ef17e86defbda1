"""The searches against the truth of the solved endgames: ``python benchmarks/endgame_truth.py``.

Two measures for each agent, on Shologuti positions of the shipped tables (``--variant``, the clock at 0), the
truth being the tables' value under the draw clock (``solved``):

1. **Moves that keep the true value.** ``--positions`` positions drawn at random (seeded) from the decided
   positions where the choice matters: at least one legal move keeps the value and one does not. The agent
   chooses a move in each; it keeps the value if the position after it has the same value for the mover
   (a win kept though slower counts as kept, as long as the clock still allows it).
2. **Won endgames not won.** ``--games`` positions the side to move wins in at least 5 plies; the agent plays the
   winner against the tables' perfect defender (it never lets the value go under the clock; of the moves that
   keep it, the slowest loss) until the rules end the game. A win kept at every move is won, so each game not won
   has a first slip, counted by kind: ``too_slow`` (to a position still won without the clock, which the clock
   draws) or ``thrown`` (to a position not won even without the clock).

Agents: alpha-beta at depths 1-8 and MCTS at 100 to 10,000 iterations (each seeded), ``best`` at 0.1 s a move
(it reads the same tables as the truth: ``reads_the_tables``) and the same search without its tables. Prints each
agent's figures with 95% intervals (Wilson's) and writes them to ``data/endgames/search_vs_truth.csv`` (lesson 12
reads it), or to ``--out``; the same counts by material class and true value go beside it (``..._by_class.csv``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from lessons_lib.agents import NegamaxAgent, RandomAgent
from lessons_lib.agents.base import Agent
from lessons_lib.agents.match import play_game
from lessons_lib.agents.presets import best_agent, make_agent
from lessons_lib.agents.solved import SolvedFirst, slip_kind, value_after
from lessons_lib.arena.ratings import wilson_interval
from lessons_lib.experiments.data import ENDGAME_DATA
from lessons_lib.experiments.endgame_samples import positions_in_tables
from lessons_lib.games.shologuti.endgame_table import solved, solved_without_clock
from lessons_lib.games.shologuti.position import Position
from lessons_lib.learning.generations import csv_text
from lessons_lib.tooling.files import write_whole

AGENTS = (*(f"alphabeta:{depth}" for depth in range(1, 9)),
          *(f"mcts:{iterations}" for iterations in (100, 300, 1000, 3000, 10000)),
          "best:0.1s", "best search alone:0.1s")
READS_THE_TABLES = ("best:0.1s",)
"""The agents that read the tables the truth comes from: perfect there by construction, not by search."""
COLUMNS = ("agent", "reads_the_tables", "positions", "kept", "kept_share", "kept_low", "kept_high",
           "games", "not_won", "not_won_share", "not_won_low", "not_won_high", "too_slow", "thrown")
CLASS_COLUMNS = ("agent", "sample", "pieces", "value", "count", "kept")
"""By class: ``sample`` is ``choice`` (kept: moves that kept the value) or ``won`` (kept: games won); ``pieces``
the mover's against the opponent's at the start; ``value`` the true value for the mover."""
VALUE_NAMES = {1: "won", 0: "drawn", -1: "lost"}


def agent_named(name: str, seed: int) -> Agent:
    """An agent of :data:`AGENTS`: ``best search alone`` is ``best``'s search without its table, at the root or
    inside the search."""
    if name.startswith("best search alone"):
        best = best_agent(float(name.split(":")[1].rstrip("s")))
        assert isinstance(best, SolvedFirst) and isinstance(best.agent, NegamaxAgent)
        best.agent.probes = False  # (the stored figures were measured before best's search read the tables)
        return best.agent
    return make_agent(name, seed=seed)


def pieces(position: Position) -> str:
    """The material class as the mover sees it: ``2v1`` is two pieces against one."""
    mover = position.to_move
    return f"{position.piece_count(mover)}v{position.piece_count(1 - mover)}"


def measure(task: tuple[str, str, int, int, int]) -> tuple[list[object], list[list[object]]]:
    """One agent's row of :data:`COLUMNS`, and its rows of :data:`CLASS_COLUMNS`."""
    name, variant, positions, games, seed = task
    counts: Counter[tuple[str, str, str]] = Counter()
    kept_counts: Counter[tuple[str, str, str]] = Counter()
    kept = 0
    for number, position in enumerate(positions_in_tables(variant, positions, seed, "choice")):
        agent = agent_named(name, seed + number)
        found = solved(position)
        assert found is not None
        keeps = value_after(position, agent.search(position).move) == found[0]
        kept += keeps
        key = ("choice", pieces(position), VALUE_NAMES[found[0]])
        counts[key] += 1
        kept_counts[key] += keeps
    slips: Counter[str] = Counter()
    for number, start in enumerate(positions_in_tables(variant, games, seed + 1, "won")):
        hero = agent_named(name, seed + number)
        defender = SolvedFirst(RandomAgent(seed=number), solved)
        players = [hero, defender] if start.to_move == 0 else [defender, hero]
        played = play_game(players, start)
        won = played.outcome.winner == start.to_move
        if not won:
            kind = slip_kind(start, list(played.moves), solved, solved_without_clock)
            assert kind is not None, "a win kept at every move is won"
            slips[kind.replace(" ", "_")] += 1
        key = ("won", pieces(start), "won")
        counts[key] += 1
        kept_counts[key] += won
    not_won = slips.total()
    kept_low, kept_high = wilson_interval(kept, positions)
    lost_low, lost_high = wilson_interval(not_won, games)
    row: list[object] = [
        name, "yes" if name in READS_THE_TABLES else "no", positions, kept, round(kept / positions, 4),
        round(kept_low, 4), round(kept_high, 4), games, not_won, round(not_won / games, 4), round(lost_low, 4),
        round(lost_high, 4), slips["too_slow"], slips["thrown"]]
    by_class: list[list[object]] = [[name, *key, counts[key], kept_counts[key]] for key in sorted(counts)]
    return row, by_class


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
    rows, class_rows = [], []
    with ProcessPoolExecutor(args.workers) as pool:
        for row, by_class in pool.map(measure, tasks):
            rows.append(row)
            class_rows.extend(by_class)
            name, _, positions, kept, share, low, high, games, not_won, lost, lost_low, lost_high, slow, thrown = row
            print(f"{name:24} {kept:>4}/{positions} {share:6.1%} ({low:.1%}-{high:.1%})"
                  f"   {not_won:>3}/{games} {lost:6.1%} ({lost_low:.1%}-{lost_high:.1%}) too slow {slow}, thrown {thrown}",
                  flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_whole(args.out, csv_text(COLUMNS, rows))
    by_class_path = args.out.with_name(f"{args.out.stem}_by_class.csv")
    write_whole(by_class_path, csv_text(CLASS_COLUMNS, class_rows))
    print(f"written to {args.out} and {by_class_path}", file=sys.stderr)


if __name__ == "__main__":
    main()
