"""Self-play generations: AlphaZero's loop in miniature, on any game.

One generation:

1. **play**: the current model plays ``games`` games against itself with PUCT (:class:`~lessons_lib.agents.mcts.
   MCTSAgent` with its priors and value), exploring as AlphaZero did: Dirichlet noise on the root's priors, and
   for the first ``sampled_plies`` plies a move drawn in proportion to its visits (after that, the most visited);
2. **fit**: the next model's value is fitted to each searched position's result for the player to move (a win 1,
   a draw ½, a loss 0), its policy to the share of the root's visits each move had, over this generation's games
   and the ``window − 1`` generations before (:mod:`~lessons_lib.learning.policy_value`).

Generation 0 is the blank model (every move alike, every position even): all it knows at first are the games'
ends. Everything is seeded (generation ``g``'s game ``k`` from ``(seed, g, k)``), so the same settings play the
same games; every game ends by the rules.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lessons_lib.agents.match import play_game
from lessons_lib.agents.mcts import MCTSAgent, most_visited
from lessons_lib.games import GAMES
from lessons_lib.learning.policy_value import Model, PolicyExample, fit_policy, fit_value, policy_loss
from lessons_lib.learning.fitting import log_loss


@dataclass(frozen=True)
class LoopSettings:
    """How the loop plays and fits.

    Attributes:
        game: the game's name in :data:`lessons_lib.games.GAMES`.
        iterations: PUCT's iterations a move, in self-play.
        games: self-play games a generation.
        sampled_plies: plies at the start of each game whose move is drawn in proportion to its visits.
        noise: ``(α, ε)`` of the Dirichlet noise on the root's priors (AlphaZero's chess: 0.3 and 0.25).
        window: generations of games each fit uses (the newest, and those before it).
        l2: the penalty on large weights in both fits.
        seed: the loop's seed.
    """

    game: str = "shologuti"
    iterations: int = 100
    games: int = 40
    sampled_plies: int = 10
    noise: tuple[float, float] = (0.3, 0.25)
    window: int = 2
    l2: float = 1e-3
    seed: int = 0


@dataclass(frozen=True)
class SearchedPosition:
    """A position of a self-play game as the search left it: its text, the player to move, and each legal
    move's visits at the root."""

    text: str
    to_move: int
    moves: tuple[str, ...]
    visits: tuple[int, ...]


@dataclass(frozen=True)
class SelfPlayGame:
    """A self-play game: its generation and number, every searched position, how it ended, and its cost."""

    generation: int
    number: int
    positions: tuple[SearchedPosition, ...]
    winner: int | None
    reason: str
    seconds: float = field(default=0.0, compare=False)  # processor time: the machine's, not the game's

    def score_for(self, player: int) -> float:
        """``player``'s result: 1 a win, ½ a draw, 0 a loss."""
        return 0.5 if self.winner is None else 1.0 if self.winner == player else 0.0


@dataclass(frozen=True)
class Generation:
    """A fitted model and what it was fitted on: the games, the positions, and how well each part fits them."""

    number: int
    model: Model
    games: int = 0
    positions: int = 0
    value_log_loss: float | None = None  # None: not fitted (generation 0)
    policy_loss: float | None = None


def game_seed(settings: LoopSettings, generation: int, number: int) -> int:
    """The seed of generation ``generation``'s game ``number``: one number from the three, the same every run."""
    return random.Random(f"{settings.seed}/{generation}/{number}").getrandbits(32)


class SelfPlayer:
    """PUCT playing itself, as the game loop seats a player: each position searched, every legal move's root visits
    kept, and the move drawn in proportion to its visits for the first plies (then the most visited)."""

    def __init__(self, model: Model, settings: LoopSettings, rng: random.Random) -> None:
        self.agent = MCTSAgent(settings.iterations, priors=model.priors, value=model.value, root_noise=settings.noise,
                               seed=rng.getrandbits(32))
        self.sampled_plies = settings.sampled_plies
        self.rng = rng
        self.searched: list[SearchedPosition] = []

    def choose_move(self, position: Any) -> Hashable:
        root, _, _ = self.agent.build_tree(position)
        visits = {child.move: child.visits for child in root.children}
        moves = position.legal_moves()
        self.searched.append(SearchedPosition(str(position), position.to_move, tuple(str(move) for move in moves),
                                              tuple(visits.get(move, 0) for move in moves)))
        if len(self.searched) <= self.sampled_plies:
            drawn: Hashable = self.rng.choices(moves, weights=[visits.get(move, 0) for move in moves])[0]
            return drawn
        return most_visited(root).move


def self_play_game(model: Model, settings: LoopSettings, generation: int, number: int) -> SelfPlayGame:
    """One game of ``model`` against itself, to the end the rules give, at the suite's one game loop."""
    player = SelfPlayer(model, settings, random.Random(game_seed(settings, generation, number)))
    started = time.process_time()
    played = play_game([player, player], GAMES[settings.game].start())
    return SelfPlayGame(generation, number, tuple(player.searched), played.outcome.winner, played.outcome.reason,
                        time.process_time() - started)


def training_examples(game_name: str, games: Iterable[SelfPlayGame]) -> tuple[np.ndarray, np.ndarray,
                                                                               list[PolicyExample]]:
    """The value's table (each position's features for the player to move, and that player's result) and the
    policy's examples (each move's features after it is played, for its mover, and its share of the visits)."""
    game = GAMES[game_name]
    features = game.engine.features
    if features is None:
        raise ValueError(f"{game.title} has no features to learn from")
    value_rows, value_scores, policy = [], [], []
    for played in games:
        for searched in played.positions:
            position = game.position(searched.text)
            value_rows.append(features(position, searched.to_move))
            value_scores.append(played.score_for(searched.to_move))
            total = sum(searched.visits)
            if total and len(searched.moves) > 1:
                after = [features(position.play(move), searched.to_move) for move in searched.moves]
                policy.append(PolicyExample(np.array(after, dtype=np.float64),
                                            np.array(searched.visits, dtype=np.float64) / total))
    return np.array(value_rows, dtype=np.float64), np.array(value_scores, dtype=np.float64), policy


def fit_generation(number: int, game_name: str, games: Sequence[SelfPlayGame], l2: float) -> Generation:
    """Generation ``number``'s model, fitted to ``games`` (both parts: see the module)."""
    value_features, value_scores, policy_examples = training_examples(game_name, games)
    value_weights = fit_value(value_features, value_scores, l2)
    policy_weights = fit_policy(policy_examples, l2) if policy_examples else np.zeros(value_features.shape[1])
    model = Model(game_name, tuple(float(w) for w in value_weights), tuple(float(w) for w in policy_weights))
    return Generation(number, model, len(games), len(value_scores),
                      log_loss(value_features, value_scores, value_weights),
                      policy_loss(policy_examples, policy_weights) if policy_examples else None)
