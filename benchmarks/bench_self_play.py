"""What one generation of lesson 11's loop costs: ``python benchmarks/bench_self_play.py --game shologuti``.

Takes a committed loop (``data/alphazero/mixed_and_clock`` by default) and, with its settings and a trained
generation's model (``--generation``, 3 by default), plays one generation of self-play games (``--games``, the loop's
own number by default) in this process, one after the other, then fits the next generation to them, as
``python -m lessons_lib.alphazero`` does with one worker. Prints the seconds of each part by the clock and by the
processor, the plies played and the PUCT iterations a second. The games are seeded, so every run plays the same
games (the printed digest says so), and two checkouts can be compared side by side on the same work.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from pathlib import Path

from lessons_lib.games import GAMES
from lessons_lib.learning.generations import ALPHAZERO_DATA, exported_loop
from lessons_lib.learning.self_play import fit_generation, self_play_game
from lessons_lib.tooling import compiled

MIXED_AND_CLOCK = ALPHAZERO_DATA / "mixed_and_clock"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shologuti", choices=list(GAMES), help="the game (default shologuti)")
    parser.add_argument("--data", type=Path, default=MIXED_AND_CLOCK, help="the loop's exported files")
    parser.add_argument("--generation", type=int, default=3, help="the generation whose model plays (default 3)")
    parser.add_argument("--games", type=int, help="games to play (default: the loop's games a generation)")
    args = parser.parse_args()
    settings, generations = exported_loop(args.game, args.data)
    if not 0 <= args.generation < len(generations):
        parser.error(f"the loop has generations 0 to {len(generations) - 1}, not {args.generation}")
    games = settings.games if args.games is None else args.games
    model = generations[args.generation].model
    clock, processor = time.perf_counter(), time.process_time()
    played = [self_play_game(model, settings, args.generation, number) for number in range(games)]
    play_clock, play_processor = time.perf_counter() - clock, time.process_time() - processor
    clock, processor = time.perf_counter(), time.process_time()
    fit_generation(args.generation + 1, settings, played)
    fit_clock, fit_processor = time.perf_counter() - clock, time.process_time() - processor
    plies = sum(len(game.positions) for game in played)
    digest = hashlib.sha256(repr([(game.winner, game.reason, [position.visits for position in game.positions])
                                  for game in played]).encode()).hexdigest()[:12]
    print(f"{GAMES[args.game].title}, {compiled.mode()}: generation {args.generation}'s model, {games} games at "
          f"{settings.iterations} iterations a move, {plies} plies (digest {digest})")
    print(f"  self-play  {play_clock:7.1f} s by the clock, {play_processor:7.1f} s of processor, "
          f"{plies * settings.iterations / play_processor:,.0f} iterations a second")
    print(f"  fit        {fit_clock:7.1f} s by the clock, {fit_processor:7.1f} s of processor")
    print(f"  generation {play_clock + fit_clock:7.1f} s by the clock")


if __name__ == "__main__":
    main()
