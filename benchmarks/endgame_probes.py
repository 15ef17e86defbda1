"""The solved tables inside the search, and who keeps the truth in real games: ``python benchmarks/endgame_probes.py``.

Two measures, on Shologuti (``--variant``, forced by default), each game played until the rules end it:

1. **Probes at equal time** (``--pairs``): starting positions with four to six pieces a side, each the first such
   position of a game between two seeded players (``alphabeta:2`` after six random plies). From each, ``best``
   (the tables at its root and inside its search) plays ``best`` with the tables at its root only, once with each
   colour, both at ``--seconds`` a move. Counted: the score, and for each player the games that entered the tables
   (the first position they decide) won for that player, and how many of those it won.
2. **The truth in real games** (``--openings``): games between the presets (``beginner`` to ``expert``, with
   ``expert`` at ``--seconds`` a move), every pair with each colour, from the start after two seeded random plies.
   Each time a game enters the tables, each player's true value there (the tables', under the clock), and whether
   at every one of its moves from there on it kept what the tables gave it (``slips_by_player``).

Whether three against two was in the cache (``python -m lessons_lib endgames``) decides where the tables begin, so
the output says so. Writes ``data/endgames/probes_at_equal_time.csv`` and ``data/endgames/truth_in_real_games.csv``
(or under ``--out``). The first measure's budget is time: run it alone on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

from lessons_lib.agents import AlphaBetaAgent, NegamaxAgent
from lessons_lib.agents.base import Agent
from lessons_lib.agents.match import play_game
from lessons_lib.agents.presets import best_agent, make_agent
from lessons_lib.agents.solved import SolvedFirst, slips_by_player, value_for
from lessons_lib.arena.score_intervals import score_interval
from lessons_lib.experiments.data import ENDGAME_DATA
from lessons_lib.games.shologuti.endgame_cache import cached_table
from lessons_lib.games.shologuti.endgame_table import solved
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules
from lessons_lib.learning.generations import csv_text
from lessons_lib.tooling.files import write_whole

PROBING, ROOT_ONLY = "best (tables inside the search)", "best (tables at the root only)"
PRESETS = ("beginner", "easy", "medium", "hard", "expert")
PROBE_COLUMNS = ("variant", "seconds", "three_against_two", "player", "games", "wins", "draws", "losses",
                 "score", "score_low", "score_high", "entered_won", "entered_won_then_won", "entered_lost", "entered",
                 "seconds_taken")
TRUTH_COLUMNS = ("variant", "expert_seconds", "three_against_two", "player", "value", "entries", "kept", "won",
                 "drawn", "lost")
"""By player and true value at the entry: ``kept`` the games in which it never moved to a lower value."""
VALUE_NAMES = {1: "won", 0: "drawn", -1: "lost"}


def best_at(seconds: float, probes: bool) -> Agent:
    """``best`` at ``seconds`` a move, with its search reading the tables or not (its root always does)."""
    best = best_agent(seconds)
    assert isinstance(best, SolvedFirst) and isinstance(best.agent, NegamaxAgent)
    best.agent.probes = probes
    return best


def start_positions(count: int, variant: str, seed: int) -> list[Position]:
    """The first position with four to six pieces a side (no chain under way) of seeded games between two
    ``alphabeta:2`` players after six random plies; games that never pass through one are skipped."""
    found, game = [], 0
    rules = Rules.named(variant)
    players = [AlphaBetaAgent(2), AlphaBetaAgent(2)]
    while len(found) < count:
        rng = random.Random(seed * 1_000_003 + game)
        game += 1
        position = Position.start(rules)
        for ply in range(400):
            if position.is_game_over():
                break
            counts = position.piece_count(0), position.piece_count(1)
            if max(counts) < 4:
                break
            if all(4 <= count <= 6 for count in counts) and not position.pending:
                found.append(position)
                break
            moves = position.legal_moves()
            move = rng.choice(moves) if ply < 6 else players[position.to_move].choose_move(position)
            position = position.play(move)
    return found


def entry(start: Position, moves: list[object]) -> tuple[int, Position] | None:
    """The ply (from 0) at which the game first reaches a position the tables decide, and that position."""
    position = start
    for ply, move in enumerate([*moves, None]):
        if solved(position) is not None:
            return ply, position
        if move is None:
            return None
        position = position.play(move)
    return None


Parts = tuple[int, int, int, int, int, str]
"""A position as its parts and variant (the compiled positions do not pickle, and the workers need them)."""


def parts_of(position: Position) -> Parts:
    return (position.green, position.red, position.to_move, position.pending, position.clock,
            position.rules.name)


def position_of(parts: Parts) -> Position:
    return Position(*parts[:5], Rules.named(parts[5]))


def probe_pair(task: tuple[Parts, float]) -> list[dict[str, object]]:
    """The two games from one start, probing ``best`` first as Green then as Red: for each, the result and the
    entry into the tables as each player saw it."""
    start, seconds = position_of(task[0]), task[1]
    records = []
    for probing_colour in (0, 1):
        players = [best_at(seconds, probes=True), best_at(seconds, probes=False)]
        if probing_colour == 1:
            players.reverse()
        played = play_game(players, start)
        found = entry(start, list(played.moves))
        values = {} if found is None else {colour: value_for(colour, found[1], solved) for colour in (0, 1)}
        records.append({"probing": probing_colour, "winner": played.outcome.winner, "values": values})
    return records


def preset_game(task: tuple[str, str, str, float, int]) -> dict[str, object]:
    """One game between two presets from the start after two seeded random plies: each player's value at the entry
    into the tables, and whether it kept what the tables gave it from there on."""
    green, red, variant, seconds, seed = task
    rng = random.Random(seed)
    position = Position.start(Rules.named(variant))
    for _ in range(2):
        position = position.play(rng.choice(position.legal_moves()))
    players = [preset(name, seconds, seed) for name in (green, red)]
    played = play_game(players, position)
    found = entry(position, list(played.moves))
    if found is None:
        return {"green": green, "red": red, "entry": None}
    ply, entered = found
    slips = slips_by_player(entered, list(played.moves)[ply:], solved)
    return {"green": green, "red": red, "entry": ply, "winner": played.outcome.winner,
            "values": {colour: value_for(colour, entered, solved) for colour in (0, 1)},
            "kept": {colour: slips[colour] is None for colour in (0, 1)}}


def preset(name: str, seconds: float, seed: int) -> Agent:
    """A preset by name, ``expert`` at ``seconds`` a move (it is ``best``)."""
    return best_agent(seconds) if name == "expert" else make_agent(name, seed=seed)


def probes_at_equal_time(args: argparse.Namespace, cached: str) -> list[list[object]]:
    starts = start_positions(args.pairs, args.variant, args.seed)
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        pairs = list(pool.map(probe_pair, [(parts_of(start), args.seconds) for start in starts]))
    taken = time.perf_counter() - started
    rows = []
    for name, colour_key in ((PROBING, "probing"), (ROOT_ONLY, "root only")):
        results: Counter[str] = Counter()
        entered: Counter[str] = Counter()
        for record in (game for pair in pairs for game in pair):
            colour = record["probing"] if colour_key == "probing" else 1 - record["probing"]  # type: ignore[operator]
            winner = record["winner"]
            results["wins" if winner == colour else "draws" if winner is None else "losses"] += 1
            values = record["values"]
            assert isinstance(values, dict)
            if values:
                entered["entered"] += 1
                entered[VALUE_NAMES[values[colour]]] += 1
                entered["won then won"] += values[colour] == 1 and winner == colour
        games = results.total()
        low, high = score_interval(results["wins"], results["draws"], results["losses"])
        score = (results["wins"] + results["draws"] / 2) / games
        rows.append([args.variant, args.seconds, cached, name, games, results["wins"], results["draws"],
                     results["losses"], round(score, 4), round(low, 4), round(high, 4), entered["won"],
                     entered["won then won"], entered["lost"], entered["entered"], round(taken)])
        print(f"{name:32} {results['wins']:>3}-{results['draws']}-{results['losses']} score {score:.1%} "
              f"({low:.1%} to {high:.1%}); entered the tables won {entered['won']} times (won {entered['won then won']}"
              f"), lost {entered['lost']}, of {entered['entered']}", flush=True)
    return rows


def truth_in_real_games(args: argparse.Namespace, cached: str) -> list[list[object]]:
    tasks = [(green, red, args.variant, args.seconds, args.seed + opening)
             for one, other in combinations(PRESETS, 2) for green, red in ((one, other), (other, one))
             for opening in range(args.openings)]
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(preset_game, tasks))
    counts: Counter[tuple[str, int, str]] = Counter()
    for game in games:
        if game["entry"] is None:
            continue
        values, kept, winner = game["values"], game["kept"], game["winner"]
        assert isinstance(values, dict) and isinstance(kept, dict)
        for colour, name in ((0, game["green"]), (1, game["red"])):
            assert isinstance(name, str)
            value = values[colour]
            counts[name, value, "entries"] += 1
            counts[name, value, "kept"] += kept[colour]
            counts[name, value, "won" if winner == colour else "drawn" if winner is None else "lost"] += 1
    rows = []
    print(f"{len(games)} games, {sum(game['entry'] is not None for game in games)} entered the tables")
    for name in PRESETS:
        for value in (1, 0, -1):
            entries = counts[name, value, "entries"]
            rows.append([args.variant, args.seconds, cached, name, VALUE_NAMES[value], entries,
                         counts[name, value, "kept"], counts[name, value, "won"], counts[name, value, "drawn"],
                         counts[name, value, "lost"]])
            if entries:
                print(f"{name:>9} entered {VALUE_NAMES[value]:>5} {entries:>3} times, kept it {counts[name, value, 'kept']:>3}"
                      f" (won {counts[name, value, 'won']}, drawn {counts[name, value, 'drawn']}, "
                      f"lost {counts[name, value, 'lost']})", flush=True)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="forced", choices=("forced", "traditional", "continue"))
    parser.add_argument("--pairs", type=int, default=60, help="start positions for the equal-time match (60)")
    parser.add_argument("--openings", type=int, default=4, help="games for each pair of presets and colours (4)")
    parser.add_argument("--seconds", type=float, default=0.1, help="best's and expert's time a move (0.1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("probes", "truth"), help="one of the two measures")
    parser.add_argument("--out", type=Path, default=ENDGAME_DATA)
    args = parser.parse_args(argv)
    cached = "yes" if cached_table(args.variant) is not None else "no"
    print(f"three against two {'is' if cached == 'yes' else 'is not'} in the cache", file=sys.stderr)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.only != "truth":
        rows = probes_at_equal_time(args, cached)
        write_whole(args.out / "probes_at_equal_time.csv", csv_text(PROBE_COLUMNS, rows))
    if args.only != "probes":
        rows = truth_in_real_games(args, cached)
        write_whole(args.out / "truth_in_real_games.csv", csv_text(TRUTH_COLUMNS, rows))


if __name__ == "__main__":
    main()
