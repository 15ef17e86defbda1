"""Hostile students' agents against the arena: each attack is contained, or forfeits with a clear reason.

The attacks run inside bubblewrap (Linux). In CI these tests must run, never skip: a missing or
broken bubblewrap fails them. What code inside the sandbox can see is asked of probes
(tests/sandbox); here the attacks play real games, and what an attacker learned can only show in
the moves it chose. The fallback (plain processes, where bubblewrap is missing) is tested at the
end: it still catches mistakes, and says plainly that it does not stop malice. No test here waits
on the clock for something that takes time: each waits for an event, with minutes to spare.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from lessons_lib.sandbox import isolation
from lessons_lib.sandbox.processes import is_held
from lessons_lib.arena.games import GameReport, play_game
from lessons_lib.sandbox.processes import family
from lessons_lib.arena.sandbox import AgentFileChanged
from lessons_lib.arena.storage import ResultStore, StoredGameConflict
from lessons_lib.arena.tournament import TournamentSettings, pairing_games, play_tournament
from lessons_lib.games.shologuti.position import Position
from probes import use_sandbox
from waiting import processes_with, sandbox_processes, unique_sleep, wait_for, wait_gone

FIRST_MOVE = """
class FirstMove:
    def choose_move(self, state):
        return state.legal_moves()[0]


def make_agent():
    return FirstMove()
"""

ATTACK_THEN_PLAY = """
import os, signal, socket, subprocess, sys, time

{attack}


class Attacker:
    def choose_move(self, state):
        attack()
        return state.legal_moves()[0]


def make_agent():
    return Attacker()
"""

SETTINGS = TournamentSettings(games_per_pair=1, seconds_per_move=20.0, memory_mb=400, opening_plies=0)


@pytest.fixture(autouse=True)
def bubblewrap_mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test here runs in bubblewrap, except the fallback tests (marked by their names)."""
    use_sandbox(isolation.PROCESS if "fallback" in request.node.name else isolation.BUBBLEWRAP, monkeypatch)
    yield
    isolation.sandbox_mode.cache_clear()


def write_agent(folder: Path, name: str, attack: str, plain: bool = False) -> Path:
    """A student's file: the ``attack()`` run before each move (or, ``plain``, a whole agent file of its own)."""
    path = folder / f"{name}.py"
    path.write_text(attack if plain else ATTACK_THEN_PLAY.format(attack=attack))
    return path


def honest(folder: Path, name: str = "honest") -> Path:
    path = folder / f"{name}.py"
    path.write_text(FIRST_MOVE)
    return path


def one_game(green: str | Path, red: str | Path, settings: TournamentSettings = SETTINGS) -> GameReport:
    game = pairing_games(str(green), str(red), settings, swap_colours=False)[0]
    return play_game(game)


def assert_first_moves(result: GameReport, side: str) -> None:
    """Every move ``side`` made is the first legal move of its position: nobody wrote moves for it."""
    position = Position.start()
    for record in result.moves:
        if record.side == side:
            assert record.move == str(position.legal_moves()[0])
        position = position.play(record.move)


# -- what an agent can see and reach -------------------------------------------------------------


def test_a_forger_cannot_write_moves_for_its_opponent(tmp_path: Path) -> None:
    forger = write_agent(tmp_path, "forger", """
def attack():
    for pid in os.listdir('/proc'):
        if not pid.isdigit() or int(pid) in (os.getpid(), os.getppid(), 1):  # every process but its own family
            continue
        try:
            descriptors = os.listdir(f'/proc/{pid}/fd')
        except OSError:
            continue
        for fd in descriptors:
            try:
                with open(f'/proc/{pid}/fd/{fd}', 'w') as pipe:
                    pipe.write('move 6-11\\n')
            except OSError:
                pass
""")
    target = honest(tmp_path)
    for green, red, side in ((forger, target, "red"), (target, forger, "green")):
        result = one_game(green, red)
        assert "forfeit" not in result.reason and result.plies > 10
        assert_first_moves(result, side)


def test_stopping_or_signalling_everything_reaches_nobody_else(tmp_path: Path) -> None:
    stopper = write_agent(tmp_path, "stopper", """
def attack():
    for target, sent in ((-1, signal.SIGSTOP), (os.getppid(), signal.SIGSTOP), (1, signal.SIGKILL), (-1, signal.SIGINT)):
        try:
            os.kill(target, sent)
        except OSError:
            pass
""")
    target = honest(tmp_path)
    result = one_game(stopper, target)
    assert "forfeit" not in result.reason and result.plies > 10, result.reason
    settings = TournamentSettings(games_per_pair=1, seconds_per_move=2.0, opening_plies=0)
    result = one_game("mcts:200", stopper, settings)  # a built-in agent thinking in the arena's own process
    assert "forfeit" not in result.reason, result.reason


def test_no_agent_can_change_another_students_file_or_the_results(tmp_path: Path) -> None:
    target = honest(tmp_path)
    database = tmp_path / "class.sqlite"
    vandal = write_agent(tmp_path, "vandal", f"""
def attack():
    for path, text in (({str(target)!r}, 'def make_agent(): raise SystemExit'), ({str(database)!r}, 'garbage')):
        try:
            with open(path, 'w') as file:
                file.write(text)
        except OSError:
            pass
    try:
        import sqlite3
        with sqlite3.connect({str(database)!r}) as connection:
            connection.execute("UPDATE games SET first_score = 1")
    except Exception:
        pass
""")
    before = target.read_bytes()
    with ResultStore(database) as store:
        run = play_tournament(pairing_games(str(vandal), str(target), SETTINGS), store=store, workers=1,
                              progress=False)
        assert target.read_bytes() == before
        assert len(store) == 1 and store.results()[0].first_score == run.results[0].first_score
    assert "forfeit" not in run.results[0].reason


CLOSER = """
def attack():
    for fd in range(1, 256):
        try:
            os.close(fd)
        except OSError:
            pass
    time.sleep(1000)
"""


def assert_a_closed_channel_forfeits_at_once(folder: Path) -> None:
    """Not after the ten minutes a move may take here: as soon as the channel is closed."""
    closer = write_agent(folder, "closer", CLOSER)
    result = one_game(closer, honest(folder), TournamentSettings(games_per_pair=1, seconds_per_move=600.0,
                                                                 opening_plies=0))
    assert result.reason.endswith("closed its answer channel while choosing a move"), result.reason


SLOW_MOVER = """
import time


class SlowFirstMove:
    def choose_move(self, state):
        time.sleep(0.5)
        return state.legal_moves()[0]


def make_agent():
    return SlowFirstMove()
"""


def test_an_agent_and_its_helpers_cannot_think_on_the_opponents_time(tmp_path: Path) -> None:
    ponderer = write_agent(tmp_path, "ponderer", """
import threading

ticks = [0]
moves = [0]


def count():
    while True:
        time.sleep(0.01)
        ticks[0] += 1


threading.Thread(target=count, daemon=True).start()


class Ponderer:
    def choose_move(self, state):
        moves[0] += 1
        if moves[0] == 2:
            ticks[0] = 0  # counted from its second move (which answers at once) to its third
        if moves[0] == 3 and ticks[0] >= 10:  # in between, the opponent thought for 0.5 s: it shows in the move
            return state.legal_moves()[-1]
        return state.legal_moves()[0]


def make_agent():
    return Ponderer()
""", plain=True)
    slow = tmp_path / "slow.py"
    slow.write_text(SLOW_MOVER)
    result = one_game(ponderer, slow, TournamentSettings(games_per_pair=1, seconds_per_move=20.0, opening_plies=0,
                                                         max_plies=8))
    assert "forfeit" not in result.reason, result.reason
    assert_first_moves(result, "Green")  # 50 ticks if it had run through the opponent's half second


def test_closing_the_answer_channel_and_hanging_forfeits_at_once(tmp_path: Path) -> None:
    assert_a_closed_channel_forfeits_at_once(tmp_path)


# -- limits on the whole agent, and nothing outlives it --------------------------------------------


def test_children_daemons_and_forks_end_with_the_game(tmp_path: Path) -> None:
    token = unique_sleep(4242)
    breeder = write_agent(tmp_path, "breeder", f"""
started = False


def attack():
    global started
    if started:
        return
    started = True
    subprocess.Popen(['sleep', '{token}'])
    if os.fork() == 0:  # a daemon: a new session, and its parent gone
        os.setsid()
        if os.fork() == 0:
            os.execvp('sleep', ['sleep', '{token}'])
        os._exit(0)
    if os.fork() == 0:  # a plain fork of the agent
        os.execvp('sleep', ['sleep', '{token}'])
""")
    result = one_game(breeder, honest(tmp_path))
    assert "forfeit" not in result.reason
    assert not processes_with(f"sleep {token}") and not sandbox_processes()  # gone when the game ends


def test_memory_is_limited_for_all_an_agents_processes_together(tmp_path: Path) -> None:
    hoarder = write_agent(tmp_path, "hoarder", """
def attack():
    for _ in range(3):
        if os.fork() == 0:
            block = b'x' * (120 * 2**20)
            time.sleep(1000)
    time.sleep(1000)
""")
    settings = TournamentSettings(games_per_pair=1, seconds_per_move=60.0, memory_mb=250, opening_plies=0)
    result = one_game(hoarder, honest(tmp_path), settings)
    assert "the limit of 250 MB for one agent" in result.reason, result.reason
    assert not sandbox_processes()


def test_memory_in_files_that_no_process_maps_counts_too(tmp_path: Path) -> None:
    """An in-memory file (memfd) is memory of the agent's, though no process of it maps a page of it."""
    hoarder = write_agent(tmp_path, "memfd_hoarder", """
def attack():
    descriptor = os.memfd_create('hoard')
    for _ in range(40):
        os.write(descriptor, b'x' * (16 * 2**20))  # 640 MB in all
    time.sleep(1000)
""")
    settings = TournamentSettings(games_per_pair=1, seconds_per_move=60.0, memory_mb=200, opening_plies=0)
    result = one_game(hoarder, honest(tmp_path), settings)
    assert "the limit of 200 MB for one agent" in result.reason, result.reason


def test_threads_are_limited_with_the_processes(tmp_path: Path) -> None:
    """Threads take process numbers from the whole machine: an agent may run a few hundred, not thousands."""
    spinner = write_agent(tmp_path, "thread_bomb", """
import threading

threading.stack_size(64 * 1024)


def attack():
    for _ in range(3000):
        try:
            threading.Thread(target=time.sleep, args=(1000,), daemon=True).start()
        except RuntimeError:  # refused by a limit: it tries on
            pass
    time.sleep(1000)
""")
    settings = TournamentSettings(games_per_pair=1, seconds_per_move=60.0, opening_plies=0)
    result = one_game(spinner, honest(tmp_path), settings)
    stopped_by = ("threads" in result.reason and "limit for one agent" in result.reason,
                  result.reason.endswith("ran out of memory"))  # (or the memory their stacks take, first)
    assert any(stopped_by), result.reason
    assert not sandbox_processes()


CPU_HEAVY_HONEST = """
import time


class Thinker:
    def choose_move(self, state):
        started = time.process_time()
        while time.process_time() - started < 0.4:  # 0.4 s of processor time, whatever the machine's load
            pass
        return state.legal_moves()[0]


def make_agent():
    return Thinker()
"""


def test_no_agent_can_make_another_forfeit_by_loading_the_machine(tmp_path: Path) -> None:
    """Helpers that keep replacing themselves so that no look at the process table finds them all, each
    waking every process it can and spinning: the honest agent's clock is its own processor time."""
    churner = write_agent(tmp_path, "churner", """
import ctypes

libc = ctypes.CDLL(None, use_errno=True)
started = False


def walker():
    while True:
        try:
            os.kill(-1, signal.SIGCONT)
        except OSError:
            pass
        for _ in range(20000):  # spin a little, then hand over to a new sibling
            pass
        if libc.syscall(56, 0x8000 | signal.SIGCHLD, 0, 0, 0, 0) != 0:  # clone(CLONE_PARENT): a sibling
            os._exit(0)


def attack():
    global started
    if not started:
        started = True
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)
        for _ in range(3):
            if os.fork() == 0:
                walker()
""")
    victim = tmp_path / "victim.py"
    victim.write_text(CPU_HEAVY_HONEST)
    settings = TournamentSettings(games_per_pair=1, seconds_per_move=1.0, opening_plies=0, max_plies=8)
    for first, second in ((victim, churner), (churner, victim)):
        result = one_game(first, second, settings)
        assert "victim" not in result.reason, result.reason  # the victim never forfeits
    assert not sandbox_processes()


def test_the_number_of_processes_is_limited(tmp_path: Path) -> None:
    token = unique_sleep(4343)
    spawner = write_agent(tmp_path, "spawner", f"""
def attack():
    for _ in range(30):
        subprocess.Popen(['sleep', '{token}'])
    time.sleep(1000)
""")
    result = one_game(spawner, honest(tmp_path), TournamentSettings(games_per_pair=1, seconds_per_move=60.0,
                                                                    opening_plies=0))
    assert "started more than 8 processes" in result.reason, result.reason
    assert not processes_with(f"sleep {token}")


def tournament_command(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "lessons_lib", "tournament", *arguments]


def test_loading_the_file_is_held_to_processor_time_too(tmp_path: Path) -> None:
    """Loading may not be a free pre-computation: all the agent's processes together have a budget there too."""
    spinner = tmp_path / "load_spinner.py"
    spinner.write_text("""
import os, time

for _ in range(3):
    if os.fork() == 0:
        break
started = time.process_time()
while time.process_time() - started < 15:  # four processes spinning for 15 s of their own processor time each,
    pass                                   # however busy the machine (a clock-bound spin may use under 3 s)


def make_agent():
    raise SystemExit('never reached in time')
""")
    settings = TournamentSettings(games_per_pair=1, seconds_per_move=0.5, opening_plies=0)
    result = one_game(spinner, honest(tmp_path), settings)
    assert "used more than 3 s of processor time loading the file" in result.reason, result.reason
    assert not sandbox_processes()


def test_an_agent_stopped_between_its_moves_still_dies_with_the_arena(tmp_path: Path) -> None:
    """Killed (SIGTERM) while the opponent thinks and the agent waits, stopped: nothing of it stays behind."""
    token = unique_sleep(4646)
    waiter = write_agent(tmp_path, "waiter", f"""
started = False


def attack():
    global started
    if not started:
        started = True
        subprocess.Popen(['sleep', '{token}'])
""")
    arena = subprocess.Popen(tournament_command(str(waiter), "negamax:30s", "--games-per-pair", "2", "--workers", "1",
                                                "--seconds-per-move", "30", "--quiet"),
                             start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: len(processes_with(f"sleep {token}")) == 1)
        helper = psutil.Process(processes_with(f"sleep {token}")[0])
        assert wait_for(lambda: is_held(helper))  # the agent has answered and is stopped while negamax thinks (30 s)
        left = [*processes_with(f"sleep {token}"), *sandbox_processes(arena.pid)]
        arena.terminate()
        arena.wait(timeout=300)
    finally:
        arena.kill()
        arena.wait()
    assert wait_gone(left)


def test_nothing_outlives_an_arena_killed_with_sigkill(tmp_path: Path) -> None:
    token = unique_sleep(4444)
    stuck = write_agent(tmp_path, "stuck", f"""
import re


def attack():
    subprocess.Popen(['sleep', '{token}'])
    re.match(r'(a+)+$', 'a' * 60 + 'b')  # hours of backtracking in C, holding the interpreter
""")
    arena = subprocess.Popen(tournament_command(str(stuck), "greedy", "--games-per-pair", "2", "--workers", "2",
                                                "--seconds-per-move", "600", "--quiet",
                                                "--db", str(tmp_path / "games.sqlite")),
                             start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: len(processes_with(f"sleep {token}")) == 2)
        arena_processes = processes_with("lessons_lib tournament")
        workers = [pid for pid in family(arena.pid)[1:] if pid in arena_processes]
        assert len(workers) == 2
        left = [*processes_with(f"sleep {token}"), *sandbox_processes(arena.pid), *workers]
    finally:
        arena.kill()
        arena.wait()
    assert wait_gone(left)


def test_an_experiments_workers_end_with_it(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "lessons_lib", "experiment", "strength", "--depths", "3,4", "--iterations",
               "100,200", "--games-per-pair", "40", "--workers", "2", "--quiet", "--out", str(tmp_path / "data")]
    arena = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: len(family(arena.pid)) == 3)  # the experiment and its two workers
        workers = family(arena.pid)[1:]
    finally:
        arena.kill()
        arena.wait()
    assert wait_gone(workers)


def installed_command() -> str:
    """The ``shologuti-lab`` program installed with the package, next to this Python."""
    found = shutil.which("shologuti-lab", path=sysconfig.get_path("scripts"))
    assert found, "the package is installed without its shologuti-lab command"
    return found


def test_the_installed_command_cannot_be_replaced_by_a_file_in_its_folder(tmp_path: Path) -> None:
    """``python -m lessons_lib`` looks for lessons_lib in the working folder first; ``shologuti-lab`` and
    ``python -P`` never look there."""
    honest(tmp_path, "alice")
    (tmp_path / "lessons_lib.py").write_text('raise SystemExit("the arena was replaced")')
    (tmp_path / "cli.py").write_text('raise SystemExit("the arena was replaced")')
    for start in ([installed_command()], [sys.executable, "-P", "-m", "lessons_lib"]):
        run = subprocess.run([*start, "tournament", "alice.py", "random", "--games-per-pair", "2", "--quiet",
                              "--workers", "1"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0 and "2 games played" in run.stdout, run.stderr
        assert "replaced" not in run.stdout + run.stderr


def test_a_folder_of_submissions_cannot_shadow_the_standard_library(tmp_path: Path) -> None:
    (tmp_path / "random.py").write_text(FIRST_MOVE)  # an honest student's unlucky file name
    write_agent(tmp_path, "writer", """
def attack():
    for name in ('json', 'random', 'sqlite3', 'selectors'):
        with open(f'{name}.py', 'w') as file:
            file.write('raise SystemExit("forged by writer")')
""")
    honest(tmp_path, "alice")
    command = tournament_command("random.py", "writer.py", "alice.py", "--games-per-pair", "2", "--quiet",
                                 "--workers", "1", "--db", "games.sqlite")
    first = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    assert "forfeit:" not in first.stdout and "6 games played" in first.stdout
    again = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "0 games played; 6 found" in again.stdout, again.stderr
    perft = subprocess.run([sys.executable, "-m", "lessons_lib", "perft", "start", "--depth", "2"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=60)
    assert perft.returncode == 0 and perft.stdout.strip().endswith("21")


# -- results only the arena writes ---------------------------------------------------------------


def test_a_stored_game_that_disagrees_with_the_game_played_is_an_error(tmp_path: Path) -> None:
    schedule = pairing_games("first_move=" + str(honest(tmp_path)), "greedy", SETTINGS) + \
        pairing_games("random", "greedy", SETTINGS)
    database = tmp_path / "games.sqlite"

    def forge_the_next_game(result: GameReport) -> None:
        if result.key == schedule[0].key:
            with sqlite3.connect(database) as connection:
                connection.execute(
                    "INSERT INTO games (key, game, first, second, first_score, reason, plies, seed, opening, spec,"
                    " moves) VALUES (?, 'shologuti', 'random', 'greedy', 1, 'a win', 3, 0, '[]', '{}', '[]')",
                    (schedule[1].key,))
            connection.close()

    with ResultStore(database) as store:
        with pytest.raises(StoredGameConflict, match="something other than the arena wrote to it"):
            play_tournament(schedule, store=store, workers=1, progress=False, on_result=forge_the_next_game)
        assert schedule[0].key in store.keys()  # the game played before the error is kept
        assert store.add(play_game(schedule[0]), schedule[0]) is False  # the same game again: nothing to do


def test_a_file_changed_after_scheduling_is_never_played_under_the_old_key(tmp_path: Path) -> None:
    student = honest(tmp_path, "student")
    game = pairing_games(str(student), "greedy", SETTINGS)[0]
    student.write_text(FIRST_MOVE + "\n# a late change\n")
    with pytest.raises(AgentFileChanged, match="changed after the tournament's games were scheduled"):
        play_game(game)


# -- the fallback, where bubblewrap is missing -------------------------------------------------


def test_the_fallback_says_once_that_it_does_not_stop_malice(tmp_path: Path) -> None:
    honest(tmp_path, "alice")
    environment = {**os.environ, isolation.SANDBOX_VARIABLE: "process"}
    run = subprocess.run(tournament_command("alice.py", "random", "--games-per-pair", "2", "--workers", "2",
                                            "--quiet"), cwd=tmp_path, env=environment, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("mistakes are caught, malice is not") == 1 and run.stderr.count("\n") == 1


def test_the_fallback_refuses_to_pretend_when_bubblewrap_is_demanded(tmp_path: Path) -> None:
    honest(tmp_path, "alice")
    environment = {**os.environ, isolation.SANDBOX_VARIABLE: "bubblewrap", "PATH": str(tmp_path)}
    run = subprocess.run(tournament_command("alice.py", "random", "--quiet"), cwd=tmp_path, env=environment,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert "SHOLOGUTI_SANDBOX=bubblewrap, but the bwrap program is not installed" in run.stderr


def test_the_fallback_catches_a_closed_channel_and_ends_the_agents_children(tmp_path: Path) -> None:
    token = unique_sleep(4545)
    careless = write_agent(tmp_path, "careless", f"""
def attack():
    subprocess.Popen(['sleep', '{token}'])
    if os.fork() == 0:
        os.execvp('sleep', ['sleep', '{token}'])
    os.killpg(0, signal.SIGTERM)  # a careless clean-up: its own process group, never the arena's
""")
    result = one_game(careless, honest(tmp_path))
    assert "killed by signal 15" in result.reason, result.reason
    assert not processes_with(f"sleep {token}")
    assert_a_closed_channel_forfeits_at_once(tmp_path)


def test_built_in_agents_are_timed_by_processor_time_so_a_stopped_machine_forfeits_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import lessons_lib.arena.games as games

    class Sleeper:
        """A built-in agent whose move takes 1.5 s of wall clock and almost no processor time (a stopped arena)."""

        def search(self, position: Position) -> object:
            time.sleep(1.5)
            return type("Result", (), {"move": position.legal_moves()[0], "nodes": 1, "value": 0.0})()

    monkeypatch.setattr(games, "seeded", lambda agent, seed: Sleeper())
    settings = TournamentSettings(games_per_pair=1, seconds_per_move=0.1, opening_plies=0, max_plies=2)
    result = one_game("random", "greedy", settings)
    assert result.reason == "ply limit" and result.moves[0].seconds >= 1.5


def test_the_fallback_still_catches_every_mistake_the_sandbox_catches(tmp_path: Path) -> None:
    assert signal.SIGKILL and isolation.sandbox_mode() == isolation.PROCESS
    crash = write_agent(tmp_path, "crash", "def attack():\n    raise RuntimeError('boom')")
    assert one_game(crash, honest(tmp_path)).reason.endswith("choose_move raised RuntimeError at line 5 of the file")
