"""Fit a game's learned evaluation: ``python -m lessons_lib.learning GAME [--games N] [--seed S] [--workers W]``.

Plays the seeded training games (or reads a saved training set with ``--positions``), holds out a
fifth of the games, fits the weights on the rest, prints both log losses and the weights, and writes
the weights where the package reads them (and the training set to ``data/learning/``).
Bad options get one line and exit status 2.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from tqdm import tqdm

from lessons_lib.cli.options import OneLineParser, whole_number
from lessons_lib.games import GAMES
from lessons_lib.learning.fitting import fit_logistic, log_loss
from lessons_lib.agents.presets import make_agent
from lessons_lib.learning.positions import TRAINING_PLAYERS, load_training_set, training_set
from lessons_lib.learning.weights import LearnedWeights, save_weights

ROOT = Path(__file__).resolve().parent.parent.parent
HELD_OUT_SHARE = 0.2
L2 = 1e-3


def training_file(game: str) -> Path:
    """Where the tuning command keeps ``game``'s training set (beside the experiments' data)."""
    return ROOT / "data" / "learning" / f"{game}_positions.csv.gz"


def player_names(text: str) -> tuple[str, ...]:
    """An argparse ``type=``: comma-separated agent names, each one the arena knows (``alphabeta:2``, ``mcts:100``)."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not names:
        raise argparse.ArgumentTypeError("name at least one player, such as alphabeta:2")
    for name in names:
        try:
            make_agent(name)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return names


def parser() -> argparse.ArgumentParser:
    parse = OneLineParser(prog="python -m lessons_lib.learning", description=__doc__.splitlines()[0])
    parse.add_argument("game", choices=list(GAMES), help="the game whose evaluation to fit")
    parse.add_argument("--games", type=whole_number(1, 1_000_000), default=2000, help="training games (default 2000)")
    parse.add_argument("--seed", type=whole_number(0, 2**31), default=1, help="the games' seed (default 1)")
    parse.add_argument("--workers", type=whole_number(1, 256), default=2, help="games played at once (default 2)")
    parse.add_argument("--players", type=player_names, default=TRAINING_PLAYERS,
                       help=f"the players the games are drawn between, comma-separated (default {','.join(TRAINING_PLAYERS)})")
    parse.add_argument("--all-positions", action="store_true",
                       help="keep every position, not only quiet ones (for games where a capture is nearly always possible)")
    parse.add_argument("--positions", type=Path, help="fit this saved training set instead of playing games")
    parse.add_argument("--weights-out", type=Path, help="where to write the weights (default: the package's file)")
    parse.add_argument("--positions-out", type=Path,
                       help="where to write the training set played (default: data/learning/GAME_positions.csv.gz)")
    return parse


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    game = GAMES[args.game]
    if game.engine.features is None:
        parser().error(f"{game.title} has no features to learn from yet")
    try:
        if args.positions:
            if not args.positions.is_file():
                raise ValueError(f"{args.positions}: not a training-set file")
            data = load_training_set(args.positions, game.name)
        else:
            with tqdm(total=args.games, desc="training games", unit="game") as bar:
                data = training_set(game.name, args.games, args.seed, workers=args.workers, players=args.players,
                                    quiet_only=not args.all_positions,
                                    progress=lambda done: bar.update(done - bar.n))
            data.save(args.positions_out or training_file(game.name))
    except (ValueError, OSError) as error:
        parser().error(str(error))
    if data.games < 2:
        parser().error(f"the training set has {data.games} game(s) with positions: at least 2 are needed, "
                       f"one to fit and one to hold out")
    training, held_out = data.split(HELD_OUT_SHARE, seed=args.seed)
    fit = fit_logistic(training.features, training.results, l2=L2)
    held_loss = log_loss(held_out.features, held_out.results, fit.weights)
    command = "python -m lessons_lib.learning " + shlex.join(argv if argv is not None else sys.argv[1:])
    weights = LearnedWeights(game.name, data.feature_names, tuple(round(float(w), 6) for w in fit.weights),
                             data.games, len(data), args.seed, L2, HELD_OUT_SHARE, round(fit.log_loss, 6),
                             round(held_loss, 6), command.strip())
    try:
        path = save_weights(weights, args.weights_out)
    except OSError as error:
        parser().error(f"cannot write the weights: {error}")
    kind = "positions" if args.all_positions else "quiet positions"
    print(f"{len(data)} {kind} from {data.games} games ({len(training)} fitted, {len(held_out)} held out); "
          f"log loss {fit.log_loss:.4f} fitted, {held_loss:.4f} held out (0.6931 for a coin)")
    for name, weight in weights.by_name().items():
        print(f"  {name:16} {weight:+.4f}")
    print(f"weights written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
