"""The arena: games, forfeits of sandboxed students' agents, tournaments, storage and resuming."""

from __future__ import annotations

import csv
import json
import signal
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from locations import STUDENT_AGENTS
from lessons_lib.agents.base import SearchResult
from lessons_lib.arena.games import (
    GameSpec, _Player, can_stop_a_search, describe_spec, opening_suite, play_game, split_label,
)
from lessons_lib.arena.sandbox import Forfeit, SandboxedAgent, SandboxLimits
from lessons_lib.arena.storage import CSV_COLUMNS, ResultStore, export_csv, load_csv
from lessons_lib.arena.tournament import (
    Standing, TournamentSettings, format_standings, gauntlet, pairing_games, play_tournament, round_robin,
    standing_order, standings,
)
from lessons_lib.games import GAMES
from lessons_lib.games.shologuti.position import Position
from lessons_lib.experiments.measurements import play_line

AGENTS = STUDENT_AGENTS
FAST = TournamentSettings(games_per_pair=2, seconds_per_move=1.0, memory_mb=300)


def agent(name: str) -> str:
    return str(AGENTS / f"{name}.py")


@pytest.mark.parametrize(("name", "reason"), [
    ("crash", "choose_move raised RuntimeError at line 6 of the file"),
    ("hang", "took more than 8 s by the clock choosing a move, waiting rather than computing"),
    ("spin", "used more than 1 s of processor time choosing a move"),
    ("hog", "ran out of memory"),
    ("garbage", "garbage output"),
    ("illegal", "returned the illegal move 1-2"),
    ("no_make_agent", "defines no make_agent() function"),
    ("dies", "exit status 3"),
])
@pytest.mark.parametrize("colour", ["green", "red"])
def test_a_misbehaving_agent_forfeits_with_its_reason(name: str, reason: str, colour: str) -> None:
    green, red = (agent(name), "random") if colour == "green" else ("random", agent(name))
    seconds = 1.0 if name in ("hang", "spin") else 20.0  # the others fail at once; a busy machine must not time them out
    result = play_game(GameSpec("g", green, red, seconds_per_move=seconds, memory_mb=300))
    assert result.reason.startswith(f"forfeit: {colour.title()} ({agent(name)})")
    assert reason in result.reason
    assert result.first_score == (0.0 if colour == "green" else 1.0)


def test_a_students_print_is_harmless_and_its_moves_are_recorded() -> None:
    result = play_game(GameSpec("g", agent("good"), "greedy", seconds_per_move=5.0))
    assert not result.reason.startswith("forfeit")
    assert result.plies == len(result.moves) > 0
    replay = Position.start()
    for move in result.moves:
        replay = replay.play(move.move)
    assert replay.is_game_over()


def test_the_sandbox_never_imports_the_students_file_in_this_process() -> None:
    with SandboxedAgent(agent("no_make_agent"), SandboxLimits(1.0, 300)) as sandboxed:
        with pytest.raises(Exception, match="make_agent"):
            sandboxed.choose_move(Position.start())
    import sys
    assert not any("no_make_agent" in str(getattr(module, "__file__", "")) for module in sys.modules.values())


def test_a_tournament_with_every_kind_of_bad_agent_completes() -> None:
    bad = ["crash", "hang", "hog", "garbage", "illegal", "no_make_agent", "dies"]
    schedule = gauntlet([agent(name) for name in bad], [agent("good")], FAST)
    run = play_tournament(schedule, workers=2, progress=False)
    assert run.played == len(schedule) == 2 * len(bad)
    table = {row.name: row for row in standings(run.results, baseline=agent("good"))}
    assert table["good"].wins == table["good"].games == 14
    for name in bad:
        assert table[name].forfeits == table[name].losses == 2


def test_a_game_key_and_seed_come_from_what_the_game_is() -> None:
    first = round_robin(["random", "greedy", "alphabeta:1"], FAST)
    second = round_robin(["random", "greedy", "alphabeta:1", "mcts:10"], FAST)
    assert {game.key for game in first} < {game.key for game in second}  # adding a player keeps the old games
    changed = round_robin(["random", "greedy", "alphabeta:1"], TournamentSettings(games_per_pair=2, seed=1))
    assert not {game.key for game in first} & {game.key for game in changed}


@pytest.mark.parametrize(("game", "variant", "count", "seed"), [("shologuti", "forced", 100, 10),
                                                                ("shologuti", "traditional", 100, 1),
                                                                ("baghchal", None, 40, 0)])
def test_openings_reach_different_positions(game: str, variant: str | None, count: int, seed: int) -> None:
    # these seeds' random lines reach one position twice, by two orders of the same moves
    openings = opening_suite(count, seed, 4, variant, game)
    reached = {play_line(GAMES[game].start(variant), opening)[-1].key for opening in openings}
    assert len(openings) == len(reached) == count


def test_each_opening_is_played_once_with_each_colour() -> None:
    games = pairing_games("a=random", "b=random", TournamentSettings(games_per_pair=6))
    assert [(describe_spec(g.first), describe_spec(g.second)) for g in games] == [("a", "b"), ("b", "a")] * 3
    openings = [game.opening for game in games]
    assert openings[0] == openings[1] != openings[2] == openings[3] != openings[4]
    assert len(set(opening_suite(3, 0))) == 3
    with pytest.raises(ValueError, match="entered twice"):
        round_robin(["random", "random"], FAST)
    with pytest.raises(ValueError, match="unknown agent"):
        round_robin(["random", "rnadom"], FAST)
    assert split_label("control=random") == ("control", "random")


def test_results_are_reproducible_from_the_seed() -> None:
    schedule = round_robin(["mcts:20", "random", "alphabeta:2"], FAST)
    alone = play_tournament(schedule, workers=1, progress=False).results
    pooled = play_tournament(schedule, executor=ThreadPoolExecutor(2), progress=False).results
    assert [(r.key, r.first_score, r.reason, [m.move for m in r.moves]) for r in alone] == \
           [(r.key, r.first_score, r.reason, [m.move for m in r.moves]) for r in pooled]
    replayed = play_game(schedule[3])  # any game replays alone from its spec
    assert [m.move for m in replayed.moves] == [m.move for m in alone[3].moves]


def test_results_are_zero_sum_and_the_table_adds_up() -> None:
    run = play_tournament(round_robin(["random", "greedy", "alphabeta:2"], TournamentSettings(games_per_pair=4)),
                          workers=1, progress=False)
    table = standings(run.results, "random")
    assert sum(row.wins for row in table) == sum(row.losses for row in table)
    assert sum(row.score * row.games for row in table) == pytest.approx(len(run.results))
    assert table == sorted(table, key=standing_order)
    assert next(row for row in table if row.spec == "random").elo == 0
    assert "Elo (95% interval)" in format_standings(table)


def test_the_order_is_the_shown_elo_then_the_score_then_the_name() -> None:
    def row(name: str, score: float, elo: float) -> Standing:
        return Standing(name, name, 10, 0, 0, 0, 0, score, 0.0, 1.0, elo, elo - 100, elo + 100)

    # fit noise (-9.6e-15 against 0.0) and differences the table rounds away (9.6 and 10.4 both show +10)
    rows = [row("c", 0.5, 0.0), row("b", 0.5, -9.6e-15), row("d", 0.6, 9.6), row("e", 0.4, 10.4),
            row("a", 0.9, -40.0)]
    table = sorted(rows, key=standing_order)
    assert [r.name for r in table] == ["d", "e", "b", "c", "a"]
    shown = [line.split()[1] for line in format_standings(table).splitlines()[1:]]
    assert shown == ["d", "e", "b", "c", "a"]
    assert "-0 " not in format_standings(table) and " +0 (" in format_standings(table)


def test_a_self_play_control_rates_near_zero() -> None:
    settings = TournamentSettings(games_per_pair=60, opening_plies=6)
    run = play_tournament(pairing_games("random", "control=random", settings), workers=1, progress=False)
    control = next(row for row in standings(run.results, "random") if row.name == "control")
    assert abs(control.elo) < 100
    assert control.elo_low < 0 < control.elo_high


def test_the_store_keeps_each_game_once_and_exports_csv(tmp_path: Path) -> None:
    schedule = round_robin(["random", "greedy"], FAST)
    run = play_tournament(schedule, workers=1, progress=False)
    with ResultStore(tmp_path / "games.sqlite") as store:
        assert store.add(run.results[0], schedule[0])
        assert not store.add(run.results[0], schedule[0])
        assert len(store) == 1
        assert store.results()[0] == run.results[0]
        again = play_tournament(schedule, store=store, workers=1, progress=False)
        assert (again.played, again.resumed) == (1, 1)
        assert export_csv(store.results(), tmp_path / "games.csv") == 2
    with open(tmp_path / "games.csv", newline="") as file:
        rows = list(csv.DictReader(file))
    assert tuple(rows[0]) == CSV_COLUMNS and rows[0]["key"] == schedule[0].key
    connection = sqlite3.connect(tmp_path / "games.sqlite")
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_traditional_rules_and_the_ply_limit() -> None:
    settings = TournamentSettings(games_per_pair=2, variant="traditional", max_plies=10)
    results = play_tournament(round_robin(["random", "greedy"], settings), workers=1, progress=False).results
    assert all(r.reason == "ply limit" and r.first_score == 0.5 and r.plies == 10 for r in results)


OLD_SCHEMA = """
CREATE TABLE games (
    key TEXT PRIMARY KEY, green TEXT NOT NULL, red TEXT NOT NULL,
    green_score REAL NOT NULL CHECK (green_score IN (0, 0.5, 1)), reason TEXT NOT NULL, plies INTEGER NOT NULL,
    seed INTEGER NOT NULL, opening TEXT NOT NULL, spec TEXT NOT NULL, moves TEXT NOT NULL,
    finished_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)
"""


def test_a_database_from_before_is_migrated_with_every_game_and_its_game(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    hus_move = {"move": "22", "side": "Green", "seconds": 0.1, "nodes": 5, "value": None}
    rows = [("s1", "random", "greedy", 0.0, "no move", 30, 7, "[]", json.dumps({"game": "shologuti"}), "[]"),
            ("h1", "alice.py", "random", 1.0, "forfeit: North (random) x", 1, 8, '["22"]',
             json.dumps({"game": "hus"}), json.dumps([hus_move])),
            ("s2", "greedy", "random", 0.5, "draw clock", 200, 9, '["23-18"]', "{}", "[]")]
    with sqlite3.connect(path) as connection:
        connection.execute(OLD_SCHEMA)
        connection.executemany("INSERT INTO games (key, green, red, green_score, reason, plies, seed, opening, spec,"
                               " moves) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    connection.close()
    with ResultStore(path) as store:
        results = store.results()
    assert [(r.key, r.game, r.first, r.second, r.first_score, r.reason, r.plies, r.seed, r.opening) for r in results] \
        == [("s1", "shologuti", "random", "greedy", 0.0, "no move", 30, 7, ()),
            ("h1", "hus", "alice.py", "random", 1.0, "forfeit: North (random) x", 1, 8, ("22",)),
            ("s2", "shologuti", "greedy", "random", 0.5, "draw clock", 200, 9, ("23-18",))]
    assert results[1].mover(results[1].moves[0]) == "alice.py"  # an old record's "Green" is the first player
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 2
    connection.close()
    with ResultStore(path) as store:  # opened again: nothing to migrate, nothing lost
        assert [r.key for r in store.results()] == ["s1", "h1", "s2"]


def test_a_csv_file_from_before_is_read_with_its_old_column_names(tmp_path: Path) -> None:
    old = tmp_path / "games.csv"
    old.write_text("key,green,red,green_score,reason,plies,seed,opening,seconds_green,seconds_red,nodes_green,"
                   "nodes_red\nk,negamax:1,negamax:2,0.5,draw clock,120,3,23-18 13x23,0.1,0.2,10,20\n")
    (game,) = load_csv(old)
    assert (game.game, game.first, game.second, game.first_score, game.opening) == \
        ("shologuti", "negamax:1", "negamax:2", 0.5, ("23-18", "13x23"))


def test_the_arena_names_the_players_as_their_game_does(tmp_path: Path) -> None:
    settings = TournamentSettings(games_per_pair=2, game="hus", max_plies=6, opening_plies=0)
    results = play_tournament(round_robin(["random", "greedy"], settings), workers=1, progress=False).results
    assert {move.side for result in results for move in result.moves} == {"South", "North"}
    assert all(result.player_names == ("South", "North") and result.game == "hus" for result in results)
    assert all(result.mover(move) == (result.first if move.side == "South" else result.second)
               for result in results for move in result.moves)
    export_csv(results, tmp_path / "hus.csv")
    assert [row["game"] for row in csv.DictReader(open(tmp_path / "hus.csv"))] == ["hus", "hus"]


class Spinner:
    """A stand-in for a built-in agent: computes for ``seconds`` of processor time (None: for ever), then moves."""

    def __init__(self, seconds: float | None, error: Exception | None = None) -> None:
        self.seconds = seconds
        self.error = error

    def search(self, position: Position) -> SearchResult:
        started = time.thread_time()
        while self.seconds is None or time.thread_time() - started < self.seconds:
            try:
                sum(range(1000))
            except Exception:  # an agent that catches every error still cannot go on past its limit
                continue
        if self.error is not None:
            raise self.error
        return SearchResult(position.legal_moves()[0], None, [], 0, 0, 0.0, {})


def player_with(agent: Spinner, seconds_per_move: float) -> _Player:
    player = _Player("random", 0, SandboxLimits(seconds_per_move, 300))
    player.agent = agent  # type: ignore[assignment]
    return player


def never_called(signum: int, frame: object) -> None:
    raise AssertionError("the arena's own SIGPROF handler was left in place")


@pytest.mark.skipif(not can_stop_a_search(), reason="no processor-time timer here")
def test_a_built_in_search_is_stopped_at_its_limit_and_the_timer_is_put_back() -> None:
    """A search that would never end is stopped at 2 x 0.01 + 1 s of processor time: it forfeits, and the
    previous SIGPROF handler and timer are back, after a forfeit, a move and an error alike."""
    previous = signal.signal(signal.SIGPROF, never_called)
    try:
        with pytest.raises(Forfeit, match=r"^used \d+\.\d s of processor time for a move, over the limit of 0.01 s$"):
            player_with(Spinner(None), 0.01).move(Position.start())
        assert signal.getsignal(signal.SIGPROF) is never_called
        assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
        assert player_with(Spinner(0.0), 0.01).move(Position.start()).move  # within its limit: it moves
        with pytest.raises(RuntimeError, match="a bug"):
            player_with(Spinner(0.0, RuntimeError("a bug")), 0.01).move(Position.start())
        assert signal.getsignal(signal.SIGPROF) is never_called
        assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    finally:
        signal.signal(signal.SIGPROF, previous)


def test_in_another_thread_a_built_in_search_is_checked_after_its_move() -> None:
    """A Dask worker plays in a thread, where no signal arrives: the limit is checked when the agent has moved."""
    with ThreadPoolExecutor(1) as pool:
        assert not pool.submit(can_stop_a_search).result()
        over = pool.submit(player_with(Spinner(1.2), 0.01).move, Position.start())
        with pytest.raises(Forfeit, match=r"used 1\.\d s of processor time for a move, over the limit of 0.01 s"):
            over.result()
        assert pool.submit(player_with(Spinner(0.0), 0.01).move, Position.start()).result().move
        game = GameSpec("g", "random", "greedy", seconds_per_move=0.5)
        in_thread, here = pool.submit(play_game, game).result(), play_game(game)
    assert (in_thread.reason, [move.move for move in in_thread.moves]) == \
        (here.reason, [move.move for move in here.moves])


def test_a_sandbox_the_arena_cannot_set_up_stops_the_tournament_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A full temporary folder is the machine's problem, not the student's: no forfeit, one line."""
    import errno
    import tempfile

    from lessons_lib.arena.sandbox import ArenaFilesFailed
    from lessons_lib.cli.main import main

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "TemporaryFile", full)
    monkeypatch.setattr(tempfile, "mkdtemp", full)
    with pytest.raises(ArenaFilesFailed, match="No space left on device"):
        play_game(GameSpec("g", agent("good"), "random"))
    assert main(["tournament", agent("good"), "random", "--workers", "1", "--quiet"]) == 2
    error = capsys.readouterr().err
    assert "could not prepare a sandbox" in error and "TMPDIR" in error and error.count("\n") == 1


class SecondMoveWrong:
    """A built-in agent with a bug: its second move is one the rules refuse."""

    def __init__(self) -> None:
        self.searches = 0

    def reseed(self, seed: int) -> None:
        pass

    def search(self, position: object) -> SearchResult:
        self.searches += 1
        move = position.legal_moves()[0] if self.searches == 1 else "1-2"  # type: ignore[attr-defined]
        return SearchResult(move, None, [move], 1, 0, 0.0)


def test_a_move_the_rules_refuse_forfeits_the_player_who_chose_it_and_is_not_recorded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import lessons_lib.arena.games as arena_games

    built_in = arena_games.make_agent
    monkeypatch.setattr(arena_games, "make_agent", lambda name, **options: SecondMoveWrong() if name == "bug"
                        else built_in(name, **options))
    result = play_game(GameSpec("g", "random", "bug", seed=3))
    assert result.first_score == 1.0 and result.reason.startswith("forfeit: Red (bug)")
    assert [move.side for move in result.moves] == ["Green", "Red", "Green"]  # the refused move is not among them
