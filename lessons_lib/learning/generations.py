"""AlphaZero's loop run for real: generations kept in an SQLite file as they finish, and rated on one Elo scale.

:func:`run_generations` plays and fits generation after generation (:mod:`~lessons_lib.learning.self_play`),
writing each self-play game and each fitted model the moment it is done: killed, it loses at most the games
being played, and run again with the same file it goes on where it stopped. :func:`rate_generations` then
plays every generation against MCTS with as many iterations, against ``best``, and against the generation
before it, from seeded openings with both colours, every game to the rules' end, and :func:`ratings` puts them
all on lesson 07's scale (:mod:`lessons_lib.arena.ratings`), MCTS at 0.
"""

from __future__ import annotations

import csv
import io
import json
import random
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from lessons_lib.agents.base import Agent
from lessons_lib.agents.match import play_game
from lessons_lib.agents.mcts import MCTSAgent
from lessons_lib.agents.presets import make_agent
from lessons_lib.arena.games import opening_suite
from lessons_lib.arena.ratings import Score, elo_intervals, fit_elo
from lessons_lib.experiments.data import DATA_FOLDER, load_table
from lessons_lib.games import GAMES
from lessons_lib.learning.gating import GateVerdict, gate_verdict
from lessons_lib.learning.network import Network, NetworkModel
from lessons_lib.learning.policy_value import Model
from lessons_lib.tooling.files import quoted_path, write_whole
from lessons_lib.tooling.owned_database import Owner, open_owned
from lessons_lib.tooling.text import shown
from lessons_lib.learning.self_play import (
    Generation, LoopSettings, SearchedPosition, SelfPlayGame, fit_generation, puct_guidance, self_play_game,
)

Mapper = Callable[..., Iterable[Any]]

ALPHAZERO_DATA = DATA_FOLDER.parent / "alphazero"
"""Where the committed runs of the loop live: ``data/alphazero`` (lesson 11 reads them)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (only INTEGER PRIMARY KEY CHECK (only = 1), json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (generation INTEGER, number INTEGER, json TEXT NOT NULL,
                                  PRIMARY KEY (generation, number));
CREATE TABLE IF NOT EXISTS generations (number INTEGER PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rating_games (key TEXT PRIMARY KEY, json TEXT NOT NULL)
"""

LOOP = Owner("alphazero", layouts={1: {"settings": ("only", "json"), "games": ("generation", "number", "json"),
                                       "generations": ("number", "json"), "rating_games": ("key", "json")}},
             schema=_SCHEMA)
"""What the loop's files hold (:mod:`lessons_lib.tooling.owned_database`); files from before they were marked
have the same tables, and are adopted."""


class LoopStore:
    """The loop's SQLite file: its settings, every self-play game, every fitted generation, every rating game.

    A file holds one loop: opened with other settings, it is refused in one line (ValueError), never mixed. Any
    file that is not the loop's (a tournament's results, another program's database, a CSV file) is refused in
    one line too, and left as it was. Each game and generation is written in a transaction of its own.
    """

    def __init__(self, path: str | Path, settings: LoopSettings) -> None:
        self.path = Path(path)
        self.settings = settings
        self.connection = open_owned(self.path, LOOP)  # NotOwned (a ValueError) for a file not the loop's
        try:
            row = self.connection.execute("SELECT json FROM settings").fetchone()
            wanted = json.dumps(asdict(settings), sort_keys=True)
            if row is None:
                with self.connection:
                    self.connection.execute("INSERT INTO settings VALUES (1, ?)", (wanted,))
            elif settings_from_json(_json_or_none(row[0])) != json.loads(wanted):
                raise ValueError(f"{quoted_path(self.path)} holds a loop with other settings ({shown(str(row[0]))}); "
                                 f"give another file")
        except sqlite3.Error as error:
            self.connection.close()
            raise ValueError(f"{quoted_path(self.path)} cannot hold the loop: {error}") from None
        except BaseException:
            self.connection.close()
            raise

    def close(self) -> None:
        self.connection.close()

    def _read(self, table: str, order: str) -> list[dict[str, Any]]:
        return [json.loads(text) for (text,) in self.connection.execute(f"SELECT json FROM {table} ORDER BY {order}")]

    def _write(self, table: str, keys: tuple[Any, ...], data: dict[str, Any]) -> None:
        with self.connection:
            marks = ", ".join("?" * (len(keys) + 1))
            self.connection.execute(f"INSERT INTO {table} VALUES ({marks})", (*keys, json.dumps(data)))

    def games(self, first: int = 0, last: int | None = None) -> list[SelfPlayGame]:
        """The self-play games of generations ``first`` to ``last`` (every generation from ``first`` if None)."""
        query = ("SELECT json FROM games WHERE generation >= ? AND (? IS NULL OR generation <= ?) "
                 "ORDER BY generation, number")
        return [game_from_json(json.loads(text)) for (text,) in self.connection.execute(query, (first, last, last))]

    def game_numbers(self, generation: int) -> set[int]:
        """The numbers of the self-play games of ``generation`` the file holds."""
        query = "SELECT number FROM games WHERE generation = ?"
        return {number for (number,) in self.connection.execute(query, (generation,))}

    def add_game(self, game: SelfPlayGame) -> None:
        self._write("games", (game.generation, game.number), asdict(game))

    def generations(self) -> list[Generation]:
        return [generation_from_json(data) for data in self._read("generations", "number")]

    def add_generation(self, generation: Generation) -> None:
        self._write("generations", (generation.number,), generation_to_json(generation))

    def gated(self, generation: Generation) -> None:
        """Keep ``generation`` again, now with its gate's verdict."""
        with self.connection:
            self.connection.execute("UPDATE generations SET json = ? WHERE number = ?",
                                    (json.dumps(generation_to_json(generation)), generation.number))

    def rating_games(self) -> list[RatingGame]:
        """The rating games (the gates' games aside)."""
        return [game for game in self._all_rating_games() if not game.key.startswith(GATE_PREFIX)]

    def gate_games(self) -> list[RatingGame]:
        """The games the gates played (their keys begin with :data:`GATE_PREFIX`)."""
        return [game for game in self._all_rating_games() if game.key.startswith(GATE_PREFIX)]

    def _all_rating_games(self) -> list[RatingGame]:
        return [RatingGame(**data) for data in self._read("rating_games", "key")]

    def add_rating_game(self, game: RatingGame) -> None:
        self._write("rating_games", (game.key,), asdict(game))


def settings_from_json(stored: object) -> object:
    """Stored settings with the defaults of the settings added since (a file from before them had those)."""
    if not isinstance(stored, dict):
        return stored
    defaults = asdict(LoopSettings())
    added = {name: defaults[name] for name in ("value_target", "clock_inputs", "gate_pairs", "network")}
    return {**added, **stored}


def _json_or_none(text: object) -> object:
    """``text`` read as JSON; None if it is none."""
    try:
        return json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None


def game_from_json(data: dict[str, Any]) -> SelfPlayGame:
    positions = tuple(SearchedPosition(each["text"], each["to_move"], tuple(each["moves"]), tuple(each["visits"]),
                                       each.get("root_value", 0.5))  # files from before the root's value was kept
                      for each in data["positions"])
    return SelfPlayGame(data["generation"], data["number"], positions, data["winner"], data["reason"], data["seconds"])


def generation_to_json(generation: Generation) -> dict[str, Any]:
    return asdict(generation)


def model_from_json(model: dict[str, Any]) -> Model | NetworkModel:
    if "value_network" in model:
        return NetworkModel(model["game_name"], *(Network(part["inputs"], part["hidden"], tuple(part["weights"]))
                                                  for part in (model["value_network"], model["policy_network"])))
    return Model(model["game_name"], tuple(model["value_weights"]), tuple(model["policy_weights"]),
                 model.get("clock_inputs", False))  # files from before the clock inputs have none


def generation_from_json(data: dict[str, Any]) -> Generation:
    gate = data.get("gate")  # files from before gating have no gate
    verdict = None if gate is None else GateVerdict(gate["champion"], gate["pairs"], tuple(gate["counts"]),
                                                    gate["llr"], gate["verdict"])
    return Generation(data["number"], model_from_json(data["model"]), data["games"], data["positions"],
                      data["value_log_loss"], data["policy_loss"], verdict)


def run_generations(store: LoopStore, count: int, play: Mapper = map) -> list[Generation]:
    """Generations 0 to ``count``, from the store where they are there, played and fitted where not.

    Round ``g``'s self-play games (stored as generation ``g``'s) are played by the best generation then: generation
    ``g`` itself without gating, else the last one its gate accepted (:func:`best_generation`); each fitted
    generation is gated before the next round. ``play`` maps a function over a list (``map``, or a process pool's
    ``map`` to use several cores: the same games either way).
    """
    settings = store.settings
    generations = store.generations()
    if not generations:
        generations = [Generation(0, settings.blank())]
        store.add_generation(generations[0])
    while True:
        current = generations[-1]
        if settings.gate_pairs and 0 < current.number <= count and current.gate is None:
            current = replace(current, gate=gate(store, current, best_generation(generations[:-1]), play))
            store.gated(current)
            generations[-1] = current
        if len(generations) > count:
            break
        player = best_generation(generations)
        done = store.game_numbers(current.number)
        todo = [(player.model, settings, current.number, number) for number in range(settings.games)
                if number not in done]
        for game in play(_self_play, todo):
            store.add_game(game)
        window = store.games(current.number - settings.window + 1, current.number)
        generations.append(fit_generation(current.number + 1, settings, window))
        store.add_generation(generations[-1])
    return generations[: count + 1]


def best_generation(generations: Sequence[Generation]) -> Generation:
    """The best of ``generations`` (in order, from 0): the last one no gate refused (a loop without gating: the
    last one)."""
    for generation in reversed(generations):
        if generation.gate is None or generation.gate.accepted:
            return generation
    return generations[0]


GATE_PREFIX = "gate: "
"""How the games of a gate are told from the rating games in the store."""
GATE_BATCH = 4
"""Pairs a gate plays side by side before it reads them."""


def gate(store: LoopStore, candidate: Generation, champion: Generation, play: Mapper = map) -> GateVerdict:
    """The SPRT's verdict on ``candidate`` against ``champion`` (:mod:`~lessons_lib.learning.gating`), from the
    pairs it needs (at most ``gate_pairs``), those the store holds read and the others played and stored."""
    settings = store.settings
    tasks = [replace(task, key=GATE_PREFIX + task.key)
             for task in match_schedule(candidate, [champion], settings, settings.gate_pairs)]
    held = {game.key: game.points for game in store.gate_games()}
    scores: list[float] = []
    for start in range(0, len(tasks), 2 * GATE_BATCH):
        batch = tasks[start:start + 2 * GATE_BATCH]
        for game in play(play_rating_game, [task for task in batch if task.key not in held]):
            store.add_rating_game(game)
            held[game.key] = game.points
        scores += [held[task.key] for task in batch]
        verdict = gate_verdict(champion.number, scores, settings.gate_pairs)
        if verdict is not None:
            return verdict
    raise AssertionError("the gate's pairs ran out before its verdict")  # gate_verdict decides at gate_pairs


def _self_play(arguments: tuple[Model | NetworkModel, LoopSettings, int, int]) -> SelfPlayGame:
    return self_play_game(*arguments)


@dataclass(frozen=True)
class RatingGame:
    """A rating game: ``player`` (``generation 3``) against ``opponent`` from opening ``opening``, ``player``
    moving first if ``colour`` is 0; ``points`` is ``player``'s (1, ½ or 0)."""

    key: str
    player: str
    opponent: str
    opening: int
    colour: int
    points: float
    reason: str
    plies: int


def generation_name(number: int) -> str:
    return f"generation {number}"


def generation_agent(generation: Generation, iterations: int | None, seconds: float | None, seed: int) -> Agent:
    """A generation as a player: PUCT with its priors and value, no noise, playing its most visited move."""
    return MCTSAgent(iterations, seconds, seed=seed, **puct_guidance(generation.model))


@dataclass(frozen=True)
class RatingTask:
    """One rating game to play: ``generation`` against ``opponent`` (an agent's setting, or another generation)
    from the opening ``moves`` (opening number ``opening``), ``generation`` moving first if ``colour`` is 0.

    Both generations search ``settings.iterations`` iterations a move, or ``seconds`` a move if it is given
    (equal thinking time; an opponent given by its setting then carries its own time, ``mcts:0.1s``)."""

    key: str
    generation: Generation
    opponent: str | Generation
    opening: int
    moves: tuple[str, ...]
    colour: int
    settings: LoopSettings
    seconds: float | None = None

    @property
    def opponent_name(self) -> str:
        return opponent_name(self.opponent)


def opponent_name(opponent: str | Generation) -> str:
    """An opponent's name in the results: its agent setting, or ``generation N``."""
    return opponent if isinstance(opponent, str) else generation_name(opponent.number)


def match_schedule(generation: Generation, opponents: Sequence[str | Generation], settings: LoopSettings,
                   openings: int, seconds: float | None = None) -> list[RatingTask]:
    """The games of ``generation`` against each of ``opponents``, from ``openings`` seeded openings (four random
    plies, each to a different position) with both colours."""
    suite = opening_suite(openings, settings.seed, 4, None, settings.game)
    tasks = []
    for opponent in opponents:
        for opening in range(openings):
            for colour in (0, 1):
                key = f"{generation_name(generation.number)} v {opponent_name(opponent)} #{opening} {colour}"
                tasks.append(RatingTask(key, generation, opponent, opening, suite[opening], colour, settings, seconds))
    return tasks


def rating_schedule(generations: Sequence[Generation], settings: LoopSettings, openings: int,
                    best: str = "best:0.1s") -> list[RatingTask]:
    """Every rating game to play: each generation against ``mcts:<iterations>``, ``best`` and the generation
    before it, from ``openings`` seeded openings (four random plies) with both colours."""
    tasks = []
    for generation in generations:
        opponents: list[str | Generation] = [f"mcts:{settings.iterations}", best]
        if generation.number > 0:
            opponents.append(generations[generation.number - 1])
        tasks += match_schedule(generation, opponents, settings, openings)
    return tasks


def play_rating_game(task: RatingTask) -> RatingGame:
    """One game of a schedule (seeded by its key), to the end the rules give."""
    seed = random.Random(task.key).getrandbits(32)
    iterations = None if task.seconds is not None else task.settings.iterations
    player = generation_agent(task.generation, iterations, task.seconds, seed)
    other = (make_agent(task.opponent, seed=seed + 1) if isinstance(task.opponent, str)
             else generation_agent(task.opponent, iterations, task.seconds, seed + 1))
    start = GAMES[task.settings.game].start()
    for move in task.moves:
        start = start.play(move)
    result = play_game([player, other] if task.colour == 0 else [other, player], start)
    return RatingGame(task.key, generation_name(task.generation.number), task.opponent_name, task.opening,
                      task.colour, result.outcome.score_for(task.colour), result.outcome.reason, len(result.moves))


def rate_generations(store: LoopStore, generations: Sequence[Generation], openings: int, best: str = "best:0.1s",
                     play: Mapper = map) -> list[RatingGame]:
    """Play the rating games the store does not hold yet, store each as it ends, and return them all."""
    done = {game.key for game in store.rating_games()}
    todo = [task for task in rating_schedule(generations, store.settings, openings, best) if task.key not in done]
    for game in play(play_rating_game, todo):
        store.add_rating_game(game)
    return store.rating_games()


def ratings(games: Sequence[RatingGame], baseline: str) -> dict[str, tuple[float, float, float]]:
    """Every player's Elo with its 95% interval, ``baseline`` at 0: ``{name: (elo, low, high)}``."""
    scores = [Score(game.player, game.opponent, game.points) for game in games]
    estimates = fit_elo(scores, baseline)
    intervals = elo_intervals(scores, baseline)
    return {name: (estimates[name], *intervals[name]) for name in estimates}


def generation_costs(store: LoopStore) -> dict[int, float]:
    """The processor seconds each generation's self-play games took, by the generation that played them."""
    costs: dict[int, float] = {}
    for game in store.games():
        costs[game.generation] = costs.get(game.generation, 0.0) + game.seconds
    return costs


def export(store: LoopStore, folder: str | Path) -> list[Path]:
    """Write the loop's results in ``folder``: ``<game>_generations.json`` (the settings, and each generation's
    model, fit and self-play cost), ``<game>_selfplay.csv`` (every self-play game's generation, number, result,
    plies and processor seconds: the positions and visits stay in the SQLite file) and ``<game>_ratings.csv``
    (every rating game). Returns the files written."""
    files = export_files(store.settings.game, folder)
    Path(folder).mkdir(parents=True, exist_ok=True)
    costs = generation_costs(store)
    summary = {"settings": asdict(store.settings),
               "generations": [{**generation_to_json(generation), "self_play_seconds": costs.get(generation.number)}
                               for generation in store.generations()]}
    write_whole(files[0], json.dumps(summary, indent=1) + "\n")
    write_whole(files[1], csv_text(["generation", "number", "winner", "reason", "plies", "seconds"],
                                   [[game.generation, game.number, "" if game.winner is None else game.winner,
                                     game.reason, len(game.positions), round(game.seconds, 3)]
                                    for game in store.games()]))
    columns = [column.name for column in fields(RatingGame)]
    write_whole(files[2], csv_text(columns, [[getattr(game, column) for column in columns]
                                             for game in store.rating_games()]))
    return files


def export_files(game: str, folder: str | Path) -> list[Path]:
    """The files :func:`export` writes for ``game`` in ``folder``."""
    return [Path(folder) / f"{game}_{part}" for part in ("generations.json", "selfplay.csv", "ratings.csv")]


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return table.getvalue()


def exported_loop(game: str, folder: Path) -> tuple[LoopSettings, list[Generation]]:
    """:func:`load_generations` from ``folder``, or FileNotFoundError naming the command that writes the file."""
    if not (folder / f"{game}_generations.json").exists():
        raise FileNotFoundError(f"{folder} has no {game}_generations.json: run python -m lessons_lib alphazero {game} "
                                f"--out {folder}")
    return load_generations(game, folder)


def load_generations(game: str, folder: str | Path | None = None) -> tuple[LoopSettings, list[Generation]]:
    """The settings and the generations in ``<game>_generations.json`` (in ``data/alphazero`` unless told) that
    :func:`export` wrote."""
    data = json.loads((Path(folder or ALPHAZERO_DATA) / f"{game}_generations.json").read_text(encoding="utf-8"))
    settings = data["settings"]
    settings = LoopSettings(**{**settings, "noise": tuple(settings["noise"])})  # added ones take their defaults
    return settings, [generation_from_json(each) for each in data["generations"]]


def load_rating_games(game: str, folder: str | Path | None = None) -> list[RatingGame]:
    """The rating games of ``<game>_ratings.csv`` (in ``data/alphazero`` unless told) that :func:`export` wrote."""
    return [RatingGame(str(row["key"]), str(row["player"]), str(row["opponent"]), int(row["opening"]),
                       int(row["colour"]), float(row["points"]), str(row["reason"]), int(row["plies"]))
            for row in load_table(f"{game}_ratings", folder or ALPHAZERO_DATA)]
