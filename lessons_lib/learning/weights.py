"""Learned weights as data: ``lessons_lib/games/<game>/data/learned_weights.json``, written by the tuning command.

The file holds the features' names with their weights (log-odds a unit, as
:mod:`~lessons_lib.learning.fitting` fits them) and how they were obtained, so that anyone can
fit them again and compare. The game's learned evaluation reads it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from lessons_lib.games import GAMES

PACKAGE = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class LearnedWeights:
    """Weights fitted to a game's training set, and where they come from.

    Attributes:
        game: the game's name.
        features: the features' names, in order.
        weights: each feature's weight (log-odds of player 0's win a unit of the feature).
        games, positions: the training set's size (the games held out included).
        seed: the training set's seed; l2: the penalty; held_out_share: the share of games held out.
        training_log_loss, held_out_log_loss: the mean log loss on the positions fitted and on the held-out games.
        command: the command that makes the same file again.
    """

    game: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    games: int
    positions: int
    seed: int
    l2: float
    held_out_share: float
    training_log_loss: float
    held_out_log_loss: float
    command: str

    def by_name(self) -> dict[str, float]:
        return dict(zip(self.features, self.weights))


def weights_file(game: str) -> Path:
    """Where the package keeps ``game``'s learned weights."""
    return PACKAGE / "games" / GAMES[game].name / "data" / "learned_weights.json"


def save_weights(weights: LearnedWeights, path: Path | None = None) -> Path:
    """Write ``weights`` (to the package's file for its game unless told); returns the path written."""
    target = path or weights_file(weights.game)
    if path is None:
        target.parent.mkdir(exist_ok=True)  # the game's data folder, made by its first weights
    target.write_text(json.dumps(asdict(weights), indent=1) + "\n", encoding="utf-8")
    return target


def load_weights(game: str, path: Path | None = None) -> LearnedWeights:
    """The weights in ``path`` (by default the package's file for ``game``).

    Raises:
        ValueError: there is no such file, or it is not a weights file for ``game``'s features (one line).
    """
    source = path or weights_file(game)
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
        weights = LearnedWeights(**{**data, "features": tuple(data["features"]), "weights": tuple(data["weights"])})
    except (OSError, ValueError, TypeError, KeyError) as error:
        raise ValueError(f"{source}: not a learned-weights file ({type(error).__name__})") from None
    if weights.game != game or weights.features != tuple(GAMES[game].engine.feature_names):
        raise ValueError(f"{source}: its features are not {GAMES[game].title}'s")
    return weights
