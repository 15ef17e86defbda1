"""Self-play generations: AlphaZero's loop in miniature, on any game.

One generation:

1. **play**: the current model plays ``games`` games against itself with PUCT (:class:`~lessons_lib.agents.mcts.
   MCTSAgent` with its priors and value), exploring as AlphaZero did: Dirichlet noise on the root's priors, and
   for the first ``sampled_plies`` plies a move drawn in proportion to its visits (after that, the most visited);
2. **fit**: the next model's value is fitted to each searched position's target for the player to move, its
   policy to the share of the root's visits each move had, over this generation's games and the ``window − 1``
   generations before (:mod:`~lessons_lib.learning.policy_value`). The value's target (``value_target``) is the
   game's result for the player (``result``: a win 1, a draw ½, a loss 0, as AlphaZero), the mean of the result and
   the search's value at the root (``mixed``), or the result where the game was won and the root's value where it
   was drawn (``search in draws``): a drawn game then still says which positions the search liked.

Generation 0 is the blank model (every move alike, every position even): all it knows at first are the games'
ends. Everything is seeded (generation ``g``'s game ``k`` from ``(seed, g, k)``), so the same settings play the
same games; every game ends by the rules.
"""

from __future__ import annotations

import bisect
import itertools
import random
import time
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lessons_lib.agents.match import play_game
from lessons_lib.agents.mcts import MCTSAgent, most_visited
from lessons_lib.games import GAMES
from lessons_lib.learning.gating import GateVerdict
from lessons_lib.learning.network import (
    Network, NetworkModel, board_inputs_of, fit_network, group_softmax, policy_loss_gradient, sigmoid, value_loss_gradient,
)
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
        value_target: what the value is fitted to (:data:`VALUE_TARGETS`; see the module).
        clock_inputs: the value also reads the draw clock (:class:`~lessons_lib.learning.policy_value.Model`).
        gate_pairs: 0 to keep every new generation (AlphaZero); else the most game pairs a new generation plays
            against the best so far to replace it (:mod:`~lessons_lib.learning.gating`).
        network: 0 for the policy and value on the game's features; else the hidden units of the two networks
            that read the board alone (:mod:`~lessons_lib.learning.network`).
    """

    game: str = "shologuti"
    iterations: int = 100
    games: int = 40
    sampled_plies: int = 10
    noise: tuple[float, float] = (0.3, 0.25)
    window: int = 2
    l2: float = 1e-3
    seed: int = 0
    value_target: str = "result"
    clock_inputs: bool = False
    gate_pairs: int = 0
    network: int = 0

    def __post_init__(self) -> None:
        if self.value_target not in VALUE_TARGETS:
            raise ValueError(f"the value's target is one of {', '.join(VALUE_TARGETS)}, not {self.value_target!r}")
        if self.network and self.clock_inputs:
            raise ValueError("the networks read the clock with the board already: clock inputs are for the features")

    def blank(self) -> Model | NetworkModel:
        """Generation 0's model: every move alike, every position even."""
        if self.network:
            return NetworkModel.blank(self.game, self.network)
        return Model.blank(self.game, self.clock_inputs)


VALUE_TARGETS = ("result", "mixed", "search in draws")
"""What the value can be fitted to (see the module)."""


@dataclass(frozen=True)
class SearchedPosition:
    """A position of a self-play game as the search left it: its text, the player to move, each legal move's
    visits at the root, and the root's value for the player to move (its children's wins over their visits)."""

    text: str
    to_move: int
    moves: tuple[str, ...]
    visits: tuple[int, ...]
    root_value: float = 0.5


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

    def value_target(self, searched: SearchedPosition, target: str) -> float:
        """What the value is fitted to at ``searched`` (one of :data:`VALUE_TARGETS`), for the player to move."""
        result = self.score_for(searched.to_move)
        if target == "mixed":
            return (result + searched.root_value) / 2
        if target == "search in draws" and self.winner is None:
            return searched.root_value
        return result


@dataclass(frozen=True)
class Generation:
    """A fitted model and what it was fitted on: the games, the positions, how well each part fits them, and (with
    gating) how it fared against the best generation before it."""

    number: int
    model: Model | NetworkModel
    games: int = 0
    positions: int = 0
    value_log_loss: float | None = None  # None: not fitted (generation 0)
    policy_loss: float | None = None
    gate: GateVerdict | None = None  # None: not gated (generation 0, or a loop without gating)


def game_seed(settings: LoopSettings, generation: int, number: int) -> int:
    """The seed of generation ``generation``'s game ``number``: one number from the three, the same every run."""
    return random.Random(f"{settings.seed}/{generation}/{number}").getrandbits(32)


class SelfPlayer:
    """PUCT playing itself, as the game loop seats a player: each position searched, every legal move's root visits
    kept, and the move drawn in proportion to its visits for the first plies (then the most visited)."""

    def __init__(self, model: Model | NetworkModel, settings: LoopSettings, rng: random.Random) -> None:
        self.agent = MCTSAgent(settings.iterations, root_noise=settings.noise, seed=rng.getrandbits(32),
                               **puct_guidance(model))
        self.sampled_plies = settings.sampled_plies
        self.rng = rng
        self.searched: list[SearchedPosition] = []

    def choose_move(self, position: Any) -> Hashable:
        root, _, _ = self.agent.build_tree(position)
        visits = {child.move: child.visits for child in root.children}
        moves = position.legal_moves()
        self.searched.append(SearchedPosition(str(position), position.to_move, tuple(str(move) for move in moves),
                                              tuple(visits.get(move, 0) for move in moves), root_value(root)))
        if len(self.searched) <= self.sampled_plies:
            return move_by_visits(moves, [visits.get(move, 0) for move in moves], self.rng.random())
        return most_visited(root).move


def puct_guidance(model: Model | NetworkModel) -> dict[str, Any]:
    """How ``model`` guides PUCT (:class:`~lessons_lib.agents.mcts.MCTSAgent`'s arguments): the features' model as
    a guide (the policy and value of a node's children in one call), a network as its priors and value."""
    if isinstance(model, Model):
        return {"guide": model.guide}
    return {"priors": model.priors, "value": model.value}


def move_by_visits(moves: Sequence[Hashable], visits: Sequence[int], u: float) -> Hashable:
    """The move that a uniform draw ``u`` (0 ≤ u < 1) picks in proportion to the visits: the first whose running
    total of visits is above ``u`` × all the visits (a move never tried is never picked), as
    :meth:`random.Random.choices` draws."""
    running = list(itertools.accumulate(visits))
    return moves[bisect.bisect(running, u * running[-1], 0, len(moves) - 1)]


def root_value(root: Any) -> float:
    """The search's value of the root for the player to move: its children's wins over their visits (their
    mover is the player to move), ½ before any visit."""
    visits = sum(child.visits for child in root.children)
    return sum(child.wins for child in root.children) / visits if visits else 0.5


def self_play_game(model: Model | NetworkModel, settings: LoopSettings, generation: int, number: int) -> SelfPlayGame:
    """One game of ``model`` against itself, to the end the rules give, at the suite's one game loop."""
    player = SelfPlayer(model, settings, random.Random(game_seed(settings, generation, number)))
    started = time.process_time()
    played = play_game([player, player], GAMES[settings.game].start())
    return SelfPlayGame(generation, number, tuple(player.searched), played.outcome.winner, played.outcome.reason,
                        time.process_time() - started)


def replayed(game_name: str, games: Iterable[SelfPlayGame]) -> Iterator[tuple[Any, SearchedPosition, SelfPlayGame]]:
    """Every searched position of ``games`` read back: the position, the search's record of it, and its game."""
    game = GAMES[game_name]
    for played in games:
        for searched in played.positions:
            yield game.position(searched.text), searched, played


def visit_shares(searched: SearchedPosition) -> list[float] | None:
    """Each legal move's share of the root's visits: the policy's target; None where there was no choice to learn
    from (one legal move, or no visit)."""
    total = sum(searched.visits)
    if not total or len(searched.moves) < 2:
        return None
    return [visits / total for visits in searched.visits]


def training_examples(game_name: str, games: Iterable[SelfPlayGame], target: str = "result",
                      clock_inputs: bool = False) -> tuple[np.ndarray, np.ndarray, list[PolicyExample]]:
    """The value's table (what the value reads at each position, :meth:`Model.value_inputs`, for the player to
    move, and that player's ``target``) and the policy's examples (each move's features after it is played, for
    its mover, and its share of the visits)."""
    blank = Model.blank(game_name, clock_inputs)
    features = blank.game.engine.features
    if features is None:
        raise ValueError(f"{blank.game.title} has no features to learn from")
    value_rows, value_scores, policy = [], [], []
    for position, searched, played in replayed(game_name, games):
        value_rows.append(blank.value_inputs(position, searched.to_move))
        value_scores.append(played.value_target(searched, target))
        shares = visit_shares(searched)
        if shares is not None:
            after = [features(position.play(move), searched.to_move) for move in searched.moves]
            policy.append(PolicyExample(np.array(after, dtype=np.float64), np.array(shares, dtype=np.float64)))
    return np.array(value_rows, dtype=np.float64), np.array(value_scores, dtype=np.float64), policy


def fit_generation(number: int, settings: LoopSettings, games: Sequence[SelfPlayGame]) -> Generation:
    """Generation ``number``'s model, fitted to ``games`` as ``settings`` say (both parts: see the module)."""
    if settings.network:
        return fit_network_generation(number, settings, games)
    blank = Model.blank(settings.game, settings.clock_inputs)
    value_features, value_scores, policy_examples = training_examples(settings.game, games, settings.value_target,
                                                                      settings.clock_inputs)
    value_weights = fit_value(value_features, value_scores, settings.l2)
    policy_weights = (fit_policy(policy_examples, settings.l2) if policy_examples
                      else np.zeros(len(blank.policy_weights)))
    model = Model(settings.game, tuple(float(w) for w in value_weights), tuple(float(w) for w in policy_weights),
                  settings.clock_inputs)
    return Generation(number, model, len(games), len(value_scores),
                      log_loss(value_features, value_scores, value_weights),
                      policy_loss(policy_examples, policy_weights) if policy_examples else None)


def network_examples(game_name: str, games: Iterable[SelfPlayGame], target: str = "result") -> tuple[
        np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What the networks are fitted to: the value's rows (each position's board inputs for the player to move) and
    targets, and the policy's rows (the board after each move, seen by its mover), the row where each position's
    moves start, and each move's share of the visits."""
    inputs = board_inputs_of(GAMES[game_name])
    value_rows: list[np.ndarray] = []
    policy_rows: list[np.ndarray] = []
    targets: list[float] = []
    starts: list[int] = []
    all_shares: list[float] = []
    for position, searched, played in replayed(game_name, games):
        value_rows.append(inputs(position, searched.to_move))
        targets.append(played.value_target(searched, target))
        shares = visit_shares(searched)
        if shares is not None:
            starts.append(len(policy_rows))
            policy_rows += [inputs(position.play(move), searched.to_move) for move in searched.moves]
            all_shares += shares
    return (np.array(value_rows, dtype=np.float64), np.array(targets, dtype=np.float64),
            np.array(policy_rows, dtype=np.float64), np.array(starts, dtype=np.int64), np.array(all_shares))


def fit_network_generation(number: int, settings: LoopSettings, games: Sequence[SelfPlayGame]) -> Generation:
    """Generation ``number``'s networks, trained on ``games`` from weights seeded by the loop's seed and ``number``."""
    value_rows, targets, policy_rows, starts, shares = network_examples(settings.game, games, settings.value_target)
    seed = random.Random(f"{settings.seed}/network/{number}").getrandbits(32)
    value_network = fit_network(value_rows, value_loss_gradient(targets), settings.network, seed)
    chances = np.clip(sigmoid(value_network.outputs(value_rows)), 1e-12, 1 - 1e-12)
    value_loss = float(-np.mean(targets * np.log(chances) + (1 - targets) * np.log(1 - chances)))
    if len(starts):
        policy_network = fit_network(policy_rows, policy_loss_gradient(starts, shares), settings.network, seed + 1)
        chances = group_softmax(policy_network.outputs(policy_rows), starts)
        policy_loss: float | None = float(-np.sum(shares * np.log(np.clip(chances, 1e-300, None))) / len(starts))
    else:
        policy_network, policy_loss = Network.blank(value_rows.shape[1], settings.network), None
    model = NetworkModel(settings.game, value_network, policy_network)
    return Generation(number, model, len(games), len(targets), value_loss, policy_loss)
