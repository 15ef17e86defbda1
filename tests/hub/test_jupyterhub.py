"""A class on a real JupyterHub, on this machine: the teacher releases the suite to two students' accounts without
the solutions, one student solves an exercise in their own server and hands in an agent, the other hands in a broken
agent, and the teacher collects, grades and runs the tournament.

The hub is the ``jupyterhub`` package with ``configurable-http-proxy`` from npm, its default spawner (each student's
server a process of their own local account) and local users made for the test. The students' servers run an image
built as a teacher would build it (docs/teaching.md, "A JupyterHub"): a virtual environment, with a Python every
account may run, into which the *release* is installed, so that nothing the students' servers can read holds a
solution. The students work through the hub's proxy only, as their browser would: the contents API to open and
save files, a kernel's websocket to run cells.
"""

from __future__ import annotations

import asyncio
import csv
import json
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import nbformat
import psutil
import pytest

from locations import ROOT
from waiting import run_number

pytestmark = pytest.mark.slow

STUDENTS = (f"shologuti-ann-{run_number()}", f"shologuti-ben-{run_number()}")
"""The students' local accounts, made for the test and removed after it: named after this test run, so that another
run on the same machine (two CI jobs on one runner) has accounts of its own (a name has at most 32 characters)."""
ACCOUNT_NAME = re.compile(r"shologuti-(ann|ben)-(\d{10})")
"""The name of an account this test makes, with the number of the run that made it."""
SOLUTION = ROOT / "notebooks" / "solutions" / "01_board_graph.ipynb"
CAREFUL_AGENT = ROOT / "examples" / "class" / "agents" / "alice.py"
BROKEN_AGENT = ROOT / "examples" / "class" / "agents" / "carol.py"
WAIT_SECONDS = 300
"""The most the test waits for the hub, a server or a cell: far beyond what each takes (the test never depends on
how long they take, only that they finish)."""


def why_not_here() -> str | None:
    """Why a hub with local accounts cannot run on this machine, if it cannot."""
    if not sys.platform.startswith("linux"):
        return "the JupyterHub test runs on Linux (local accounts, the default spawner)"
    if os.geteuid() != 0:
        return "the JupyterHub test makes local accounts and spawns their servers: it needs root"
    for program in ("useradd", "userdel", "configurable-http-proxy"):
        if shutil.which(program) is None:
            return f"the JupyterHub test needs {program} (configurable-http-proxy: npm install -g, as run.py does)"
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        return "the JupyterHub test needs the jupyterhub package (pip install -e '.[hub]', as run.py does)"
    return None


def free_ports(count: int) -> list[int]:
    """``count`` different ports that no program listens on now, chosen by the system."""
    listeners = [socket.socket() for _ in range(count)]
    try:
        for listener in listeners:  # all held open together: never the same port twice
            listener.bind(("127.0.0.1", 0))
        return [int(listener.getsockname()[1]) for listener in listeners]
    finally:
        for listener in listeners:
            listener.close()


def wait_for(what: str, ready: Any) -> Any:
    """``ready()``'s first true answer, asked every half second; fails after :data:`WAIT_SECONDS`."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        answer = ready()
        if answer:
            return answer
        time.sleep(0.5)
    pytest.fail(f"waited {WAIT_SECONDS} s for {what}")


# -- the machine: accounts, the image, the hub ---------------------------------------------------------------

def remove_account(name: str) -> None:
    """Remove the local account ``name`` (if there is one) with its home folder, after killing its processes (the
    servers and kernels the hub may have left): the account is this test's own, and so are they."""
    try:
        uid = pwd.getpwnam(name).pw_uid
    except KeyError:
        return
    for process in psutil.process_iter(["uids"]):
        if process.info["uids"] is not None and process.info["uids"].real == uid:
            try:
                process.kill()
            except psutil.Error:
                pass  # gone already
    subprocess.run(["userdel", "--remove", "--force", name], capture_output=True)


def remove_leftover_accounts() -> None:
    """Remove the accounts of runs of this test that were killed before they could (their run has ended)."""
    for account in pwd.getpwall():
        made = ACCOUNT_NAME.fullmatch(account.pw_name)
        if made and not psutil.pid_exists(int(made.group(2))):
            remove_account(account.pw_name)


def make_account(name: str) -> pwd.struct_passwd:
    remove_account(name)  # a killed run's, whose number this run has now
    subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", name], check=True, capture_output=True)
    return pwd.getpwnam(name)


def runs_as(account: pwd.struct_passwd, command: list[str]) -> bool:
    """Whether ``command`` succeeds when ``account`` runs it."""
    try:
        return subprocess.run(command, user=account.pw_uid, group=account.pw_gid, extra_groups=[],
                              capture_output=True, timeout=60, cwd="/").returncode == 0
    except OSError:
        return False


def python_for_everyone(account: pwd.struct_passwd) -> str | None:
    """A Python 3.11+ with venv that ``account`` may run (this test's own may live in root's home)."""
    candidates = [getattr(sys, "_base_executable", sys.executable), "/usr/bin/python3", "/usr/local/bin/python3",
                  shutil.which("python3") or ""]
    check = "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))"
    return next((path for path in candidates if path and runs_as(account, [path, "-c", check])), None)


def build_image(folder: Path, python: str) -> Path:
    """The students' servers' environment: the release, JupyterLab, ipykernel and jupyterhub's single-user server,
    installed as docs/teaching.md says. Returns its Python."""
    release = folder / "release"
    subprocess.run([sys.executable, "-m", "lessons_lib", "release", str(release)], check=True, capture_output=True)
    image = folder / "image"
    subprocess.run([python, "-m", "venv", str(image)], check=True, capture_output=True)
    pip = [str(image / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    for command in (pip + ["--upgrade", "pip"],
                    pip + ["-c", str(release / "constraints.txt"), "-e", f"{release}[lab]", "jupyterhub", "ipykernel"]):
        installed = subprocess.run(command, capture_output=True, text=True, cwd=folder)
        assert installed.returncode == 0, installed.stderr[-3000:]
    return image / "bin" / "python"


@dataclass
class Hub:
    url: str
    token: str
    folder: Path
    process: subprocess.Popen[bytes]

    def api(self, method: str, path: str, body: object = None) -> Any:
        """A call of the hub's REST API, or of a server behind its proxy, with the teacher's token."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            text = response.read()
        return json.loads(text) if text else None

    def up(self) -> bool:
        """Whether this hub answers (its teacher's token known: not another run's hub, on a port it took first)."""
        try:
            return self.api("GET", "/hub/api/user").get("name") == "teacher"
        except (OSError, ValueError, AttributeError):
            return False


HUB_CONFIG = """
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {folder!r} + "/proxy.pid"
c.JupyterHub.db_url = "sqlite:///" + {folder!r} + "/hub.sqlite"
c.JupyterHub.cookie_secret_file = {folder!r} + "/cookie_secret"
c.JupyterHub.pid_file = {folder!r} + "/hub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allowed_users = set({students!r})
c.JupyterHub.services = [{{"name": "teacher", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [{{"name": "teacher", "services": ["teacher"],
                            "scopes": ["admin:users", "admin:servers", "access:servers", "read:users"]}}]
c.JupyterHub.cleanup_servers = True
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.notebook_dir = "~/notebooks"
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = {wait}
c.Spawner.http_timeout = {wait}
"""


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    reason = why_not_here()
    if reason is not None:
        pytest.skip(reason)
    folder = Path(tempfile.mkdtemp(prefix="shologuti-hub-"))  # not pytest's folder, which only root may enter
    folder.chmod(0o755)  # the students' servers run the image inside it
    the_hub: Hub | None = None
    try:
        remove_leftover_accounts()
        accounts = [make_account(name) for name in STUDENTS]
        python = python_for_everyone(accounts[0])
        if python is None:
            pytest.skip("no Python 3.11+ with venv that a student's account may run (this one lives in a folder "
                        "only root may enter): a hub's image needs one")
        image_python = build_image(folder, python)
        the_hub = start_hub(folder, image_python)
        yield the_hub
    finally:
        if the_hub is not None:
            stop(the_hub.process)
        for name in STUDENTS:
            remove_account(name)
        shutil.rmtree(folder, ignore_errors=True)


def start_hub(folder: Path, image_python: Path) -> Hub:
    """The hub, answering on ports the system chose, with its proxy."""
    token, (port, hub_port, proxy_port) = secrets.token_hex(16), free_ports(3)
    config = folder / "jupyterhub_config.py"
    config.write_text(HUB_CONFIG.format(
        port=port, hub_port=hub_port, proxy_port=proxy_port, proxy=shutil.which("configurable-http-proxy"),
        folder=str(folder), password=secrets.token_hex(8), students=list(STUDENTS), token=token,
        singleuser=str(image_python.parent / "jupyterhub-singleuser"), wait=WAIT_SECONDS))
    log = folder / "hub.log"
    with log.open("wb") as output:
        process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=folder,
                                   stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    the_hub = Hub(f"http://127.0.0.1:{port}", token, folder, process)
    try:
        wait_for("the hub to answer", lambda: the_hub.up() or process.poll() is not None)
        assert process.poll() is None, log.read_text(errors="replace")[-3000:]
    except BaseException:
        stop(process)  # and the proxy it may have started
        raise
    return the_hub


def stop(process: subprocess.Popen[bytes]) -> None:
    """End the hub and everything in its process group (its proxy)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass  # all gone
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


# -- what the teacher and the students do --------------------------------------------------------------------

def release_to(account: pwd.struct_passwd, release: Path) -> None:
    """The teacher gives a student the release's notebooks (a copy in their home, theirs)."""
    home = Path(account.pw_dir)
    shutil.copytree(release / "notebooks", home / "notebooks")
    for path in [home / "notebooks", *(home / "notebooks").rglob("*")]:
        os.chown(path, account.pw_uid, account.pw_gid)


def start_server(hub: Hub, name: str) -> str:
    """Start a student's server through the hub; its URL prefix behind the proxy."""
    try:
        hub.api("POST", f"/hub/api/users/{name}/server")
    except urllib.error.HTTPError as error:
        assert error.code in (201, 202, 400), error.read()
    wait_for(f"{name}'s server", lambda: hub.api("GET", f"/hub/api/users/{name}")["servers"].get("", {}).get("ready"))
    return f"/user/{name}"


def run_cells(hub: Hub, server: str, kernel_id: str, cells: list[str]) -> list[list[dict[str, Any]]]:
    """Run each cell's code in the kernel, as JupyterLab does, through the hub's proxy; each cell's outputs."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    async def run() -> list[list[dict[str, Any]]]:
        url = hub.url.replace("http", "ws", 1) + f"{server}/api/kernels/{kernel_id}/channels"
        connection = await websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {hub.token}"}))
        session, everything = uuid.uuid4().hex, []
        for code in cells:
            message_id = uuid.uuid4().hex
            await connection.write_message(json.dumps({
                "header": {"msg_id": message_id, "msg_type": "execute_request", "username": "student",
                           "session": session, "date": datetime.now(timezone.utc).isoformat(), "version": "5.3"},
                "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                            "allow_stdin": False, "stop_on_error": True}}))
            outputs, replied, idle = [], False, False
            while not (replied and idle):
                raw = await asyncio.wait_for(connection.read_message(), WAIT_SECONDS)
                assert raw is not None, "the kernel's connection closed"
                if isinstance(raw, bytes):
                    continue
                message = json.loads(raw)
                if message.get("parent_header", {}).get("msg_id") != message_id:
                    continue
                kind = message["header"]["msg_type"]
                if kind == "execute_reply":
                    replied = True
                elif kind == "status":
                    idle = message["content"]["execution_state"] == "idle"
                elif kind in ("stream", "display_data", "execute_result", "error"):
                    outputs.append(nbformat.v4.output_from_msg(message))
            everything.append(outputs)
        connection.close()
        return everything

    # in a thread of its own: the test's thread may already run an event loop (another test's)
    answers: list[list[list[dict[str, Any]]]] = []
    errors: list[BaseException] = []

    def in_a_thread() -> None:
        try:
            answers.append(asyncio.run(run()))
        except BaseException as error:  # shown in the test's own thread
            errors.append(error)

    thread = threading.Thread(target=in_a_thread)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return answers[0]


def text_of(outputs: list[dict[str, Any]]) -> str:
    return "".join(output.get("text", "") + output.get("data", {}).get("text/plain", "") +
                   output.get("data", {}).get("text/markdown", "") + output.get("data", {}).get("text/html", "")
                   for output in outputs)


def solve_lesson_01(hub: Hub, server: str) -> list[str]:
    """The student opens lesson 01 in their server, writes the two exercises' answers, runs every cell in order and
    saves it (as JupyterLab would); what each exercise's check cell showed."""
    model = hub.api("GET", f"{server}/api/contents/01_board_graph.ipynb?content=1")
    notebook = nbformat.from_dict(model["content"])
    solved = [cell.source for cell in nbformat.read(SOLUTION, as_version=4).cells if cell.cell_type == "code"]
    answers = {"check_jumps_from(": next(source for source in solved if "def jumps_from" in source),
               "check_cut_points(": next(source for source in solved if "cut_points =" in source)}
    for cell in notebook.cells:
        for call, answer in answers.items():
            if cell.cell_type == "code" and call in cell.source:
                cell.source = answer
    session = hub.api("POST", f"{server}/api/sessions", {"path": "01_board_graph.ipynb", "type": "notebook",
                                                         "kernel": {"name": "python3"}})
    code = [cell for cell in notebook.cells if cell.cell_type == "code"
            and "nbval-skip" not in cell.get("metadata", {}).get("tags", [])]
    for cell, outputs in zip(code, run_cells(hub, server, session["kernel"]["id"], [cell.source for cell in code])):
        cell.outputs = outputs
    hub.api("PUT", f"{server}/api/contents/01_board_graph.ipynb", {"type": "notebook", "format": "json",
                                                                     "content": notebook})
    hub.api("DELETE", f"{server}/api/sessions/{session['id']}")
    return [text_of(cell.outputs) for cell in code if any(call in cell.source for call in answers)]


def write_agent(hub: Hub, server: str, source: Path) -> None:
    hub.api("PUT", f"{server}/api/contents/my_agents/my_agent.py",
            {"type": "file", "format": "text", "content": source.read_text()})


def what_the_server_sees(hub: Hub, server: str) -> dict[str, Any]:
    """Run a cell in a student's server that says where its lessons_lib comes from and what solutions it can find."""
    kernel = hub.api("POST", f"{server}/api/kernels", {"name": "python3"})
    code = ("import json, lessons_lib, pathlib\n"
            "project = pathlib.Path(lessons_lib.__file__).resolve().parent.parent\n"
            "found = [str(p) for place in (project, pathlib.Path.home()) for p in place.rglob('*solution*')]\n"
            "print(json.dumps({'project': str(project), 'solutions': found}))\n")
    outputs = run_cells(hub, server, kernel["id"], [code])[0]
    hub.api("DELETE", f"{server}/api/kernels/{kernel['id']}")
    return dict(json.loads(text_of(outputs).strip().splitlines()[-1]))


def teacher(*arguments: str, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-P", "-m", "lessons_lib", *arguments], cwd=folder, capture_output=True,
                          text=True, timeout=1800)


def test_a_class_on_jupyterhub_released_worked_collected_graded_and_played(hub: Hub) -> None:
    ann, ben = (pwd.getpwnam(name) for name in STUDENTS)
    for account in (ann, ben):
        release_to(account, hub.folder / "release")
    servers = {name: start_server(hub, name) for name in STUDENTS}

    # the students' servers hold no solution, and import the release
    for name in STUDENTS:
        seen = what_the_server_sees(hub, servers[name])
        assert seen == {"project": str((hub.folder / "release").resolve()), "solutions": []}, seen
        listing = {item["name"] for item in hub.api("GET", f"{servers[name]}/api/contents/")["content"]}
        assert "01_board_graph.ipynb" in listing and "solutions" not in listing

    # ann solves lesson 01 in her server and writes a careful agent; ben hands in a broken one
    shown = solve_lesson_01(hub, servers[STUDENTS[0]])
    assert len(shown) == 2 and all("Correct" in text for text in shown), shown
    write_agent(hub, servers[STUDENTS[0]], CAREFUL_AGENT)
    write_agent(hub, servers[STUDENTS[1]], BROKEN_AGENT)

    # the teacher collects (copies, never links, out of the students' homes) and grades
    collected = hub.folder / "collected"
    collected.mkdir()
    homes = {str(Path(pwd.getpwnam(name).pw_dir).parent) for name in STUDENTS}
    assert len(homes) == 1
    gathered = teacher("collect", "01", "08", "--from", homes.pop(), "--to", "class", "--students", *STUDENTS,
                       folder=collected)
    assert gathered.returncode == 0, gathered.stderr
    graded = teacher("grade", *(f"class/{name}/01_board_graph.ipynb" for name in STUDENTS), "--json",
                     "--scores-csv", "scores.csv", folder=collected)
    assert graded.returncode == 0, graded.stderr
    report = {book["student"]: [exercise["status"] for exercise in book["exercises"]]
              for book in json.loads(graded.stdout)["notebooks"]}
    assert report == {STUDENTS[0]: ["passed", "passed"], STUDENTS[1]: ["not yet", "not yet"]}
    scores = {row["student"]: float(row["percent_correct"]) for row in csv.DictReader((collected / "scores.csv").open())}
    assert scores[STUDENTS[0]] == 100 and scores[STUDENTS[1]] < 100  # (partial credit where a check gives it)

    # and runs the class tournament, each collected agent under its student's name
    played = teacher("tournament", *(f"class/{name}/my_agents/my_agent.py" for name in STUDENTS), "random",
                     "--games-per-pair", "2", "--baseline", "random", "--standings-csv", "standings.csv", "--quiet",
                     folder=collected)
    assert played.returncode == 0, played.stderr
    standings = {row["player"]: row for row in csv.DictReader((collected / "standings.csv").open())}
    assert standings[STUDENTS[0]]["forfeits"] == "0" and standings[STUDENTS[1]]["forfeits"] == "4"
    forfeit_lines = [line for line in played.stdout.splitlines() if " forfeited " in line]
    assert forfeit_lines == [line for line in forfeit_lines if line.startswith(f"{STUDENTS[1]} forfeited 4 of 4 games")]
    assert len(forfeit_lines) == 1


def test_only_the_accounts_of_runs_that_have_ended_are_removed_as_leftovers() -> None:
    if os.geteuid() != 0 or shutil.which("useradd") is None:
        pytest.skip("making local accounts needs root and useradd")
    another_run = subprocess.Popen(["sleep", "600"])  # a process that runs (as another test run would)
    ended, running = (f"shologuti-ben-{run_number(pid)}" for pid in
                      (int(Path("/proc/sys/kernel/pid_max").read_text()) + 1, another_run.pid))
    try:
        for name in (ended, running):
            make_account(name)
        remove_leftover_accounts()
        names = {account.pw_name for account in pwd.getpwall()}
        assert running in names and ended not in names
    finally:
        another_run.kill()
        another_run.wait()
        for name in (ended, running):
            remove_account(name)
