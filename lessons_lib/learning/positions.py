"""A training set: quiet positions from seeded games between the existing agents, labelled with each game's result.

Each game starts with a few random plies (so that games differ), then two players drawn from
:data:`TRAINING_PLAYERS` play it out to the end the rules give; now and then (``noise``) a
player makes a random move instead, so that the set also holds positions good players avoid.
Every *quiet* position (the player to move has no capture: a capture about to happen would make
the features say little) is kept with the game's result for player 0: 1, 0.5 or 0.

Positions of one game share its result, so they are not independent: a held-out set must hold
whole games (:meth:`TrainingSet.split`), or it would test the fit on games it has already seen.
"""

from __future__ import annotations

import csv
import gzip
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lessons_lib.agents.presets import make_agent
from lessons_lib.kit.game import is_capture
from lessons_lib.games import GAMES
from lessons_lib.learning.fitting import Array

TRAINING_PLAYERS = ("alphabeta:1", "alphabeta:2", "alphabeta:3", "mcts:100")
"""The players whose games make the training set (each game draws two of them)."""
OPENING_PLIES = (2, 12)
"""A game starts with between this many random plies (fewest, most)."""
NOISE = 0.05
"""The chance that a player makes a random move instead of its own."""
SAFETY_PLIES = 5000
"""A game still going after this many plies is left out (no game here comes near it: the rules end them first)."""


@dataclass(frozen=True)
class TrainingSet:
    """Positions as features for player 0, each with its game's result for player 0 and the game it comes from."""

    game: str
    feature_names: tuple[str, ...]
    features: Array
    results: Array
    game_numbers: Array

    def __len__(self) -> int:
        return len(self.results)

    @property
    def games(self) -> int:
        return len(np.unique(self.game_numbers))

    def subset(self, chosen: NDArray[np.bool_]) -> TrainingSet:
        """The positions where ``chosen`` (a boolean array) is true."""
        return TrainingSet(self.game, self.feature_names, self.features[chosen], self.results[chosen],
                           self.game_numbers[chosen])

    def split(self, held_out_share: float = 0.2, seed: int = 0) -> tuple[TrainingSet, TrainingSet]:
        """``(training, held_out)``: about ``held_out_share`` of the *games* (all their positions) held out, seeded."""
        if not 0 < held_out_share < 1:
            raise ValueError(f"the held-out share must be between 0 and 1, not {held_out_share!r}")
        numbers = np.unique(self.game_numbers)
        shuffled = random.Random(seed).sample(list(numbers), len(numbers))
        held = set(shuffled[: max(1, round(held_out_share * len(numbers)))])
        chosen = np.array([number in held for number in self.game_numbers], dtype=bool)
        return self.subset(~chosen), self.subset(chosen)

    def save(self, path: Path) -> None:
        """Write the set as gzipped CSV: the game number, the result, then one column per feature."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with gzip.open(path, "wt", encoding="utf-8", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(["game_number", "result", *self.feature_names])
            for number, result, row in zip(self.game_numbers, self.results, self.features):
                writer.writerow([int(number), f"{result:g}", *(f"{value:g}" for value in row)])


MAX_TRAINING_BYTES = 500 * 10**6
"""The most a training set may hold once decompressed (Shologuti's 2,000 games are about 10 MB): a larger file,
or a compressed bomb, is refused before it fills the memory."""


def load_training_set(path: Path, game: str) -> TrainingSet:
    """A set :meth:`TrainingSet.save` wrote, for ``game``; ValueError in one line if the file is not one."""
    try:
        with gzip.open(path, "rb") as file:
            data = file.read(MAX_TRAINING_BYTES + 1)
        if len(data) > MAX_TRAINING_BYTES:
            raise ValueError(f"{path}: more than {MAX_TRAINING_BYTES // 10**6} MB once decompressed, "
                             f"larger than any training set this command writes")
        rows = list(csv.reader(data.decode("utf-8").splitlines()))
    except (OSError, EOFError, UnicodeDecodeError, csv.Error) as error:
        raise ValueError(f"{path}: not a training set that can be read ({error})") from None
    names = tuple(GAMES[game].engine.feature_names)
    if not rows or tuple(rows[0]) != ("game_number", "result", *names):
        raise ValueError(f"{path}: its columns are not game_number, result and {GAMES[game].title}'s features")
    try:
        table = np.array([[float(value) for value in row] for row in rows[1:]], dtype=np.float64).reshape(-1, 2 + len(names))
    except ValueError:
        raise ValueError(f"{path}: every row needs {2 + len(names)} numbers") from None
    if not np.all(np.isfinite(table)) or not np.all(np.isin(table[:, 1], (0.0, 0.5, 1.0))) \
            or not np.all(table[:, 0] == np.floor(table[:, 0])):
        raise ValueError(f"{path}: a game number must be whole, a result 1, 0.5 or 0, and every feature a finite number")
    return TrainingSet(game, names, table[:, 2:], table[:, 1], table[:, 0].astype(np.int64))


def play_training_game(game: str, number: int, seed: int, variant: str | None = None,
                       players: Sequence[str] = TRAINING_PLAYERS,
                       quiet_only: bool = True) -> tuple[list[tuple[float, ...]], float] | None:
    """Game ``number`` of a seeded training set: its quiet positions' features (for player 0) and player 0's score.

    With ``quiet_only`` off, every position before the end is kept (for a game such as Shobu, where a
    capture, a push, is possible nearly all the time).

    None if the game was still going after :data:`SAFETY_PLIES`.
    """
    engine = GAMES[game].engine
    features_of = engine.features
    if features_of is None:
        raise ValueError(f"{GAMES[game].title} has no features to learn from")
    rng = random.Random(seed * 1_000_003 + number)
    agents = [make_agent(name, seed=agent_seed) for name, agent_seed in _drawn_players(rng, players)]
    state = GAMES[game].start(variant)
    for _ in range(rng.randint(*OPENING_PLIES)):
        if state.is_game_over():
            break
        state = state.play(rng.choice(state.legal_moves()))
    kept: list[tuple[float, ...]] = []
    for _ in range(SAFETY_PLIES):
        outcome = state.outcome()
        if outcome is not None:
            return kept, outcome.score_for(0)
        moves = state.legal_moves()
        if not quiet_only or not any(is_capture(move) for move in moves):
            kept.append(tuple(float(value) for value in features_of(state, 0)))
        move = rng.choice(moves) if rng.random() < NOISE else agents[state.to_move].choose_move(state)
        state = state.play(move)
    return None


def _drawn_players(rng: random.Random, players: Sequence[str]) -> list[tuple[str, int]]:
    """Player 0's and player 1's names and seeds, each name drawn uniformly from ``players``."""
    return [(rng.choice(players), rng.randrange(2**31)) for _ in range(2)]


def training_players(number: int, seed: int = 1, players: Sequence[str] = TRAINING_PLAYERS) -> tuple[str, str]:
    """The two players (player 0's, player 1's) of training game ``number``, as :func:`play_training_game` draws them."""
    first, second = _drawn_players(random.Random(seed * 1_000_003 + number), players)
    return first[0], second[0]


Job = tuple[str, int, int, str | None, tuple[str, ...], bool]
"""One training game to play: the game, its number, the seed, the variant, the players, quiet positions only."""


def _play_numbered(job: Job) -> tuple[int, tuple[list[tuple[float, ...]], float] | None]:
    game, number, seed, variant, players, quiet_only = job
    return number, play_training_game(game, number, seed, variant, players, quiet_only)


def training_set(game: str, games: int, seed: int = 1, variant: str | None = None, workers: int = 1,
                 players: Sequence[str] = TRAINING_PLAYERS, quiet_only: bool = True,
                 progress: Callable[[int], None] | None = None) -> TrainingSet:
    """The quiet positions of ``games`` seeded games of ``game`` (game numbers 0 to ``games − 1``), in ``workers``
    processes at once; the same arguments give the same set. ``progress(n)`` is told after each game."""
    jobs: list[Job] = [(game, number, seed, variant, tuple(players), quiet_only) for number in range(games)]
    rows: list[tuple[float, ...]] = []
    results: list[float] = []
    numbers: list[int] = []
    for done, (number, played) in enumerate(_run(jobs, workers), start=1):
        if played is not None:
            kept, score = played
            rows += kept
            results += [score] * len(kept)
            numbers += [number] * len(kept)
        if progress is not None:
            progress(done)
    names = tuple(GAMES[game].engine.feature_names)
    return TrainingSet(game, names, np.array(rows, dtype=np.float64).reshape(-1, len(names)),
                       np.array(results, dtype=np.float64), np.array(numbers, dtype=np.int64))


def _run(jobs: list[Job], workers: int) -> Iterator[tuple[int, tuple[list[tuple[float, ...]], float] | None]]:
    if workers <= 1:
        yield from map(_play_numbered, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(_play_numbered, jobs, chunksize=4)
