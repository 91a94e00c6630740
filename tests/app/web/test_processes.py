"""Several ``sequenza serve`` processes on one PostgreSQL database, as an operator runs them
behind a load balancer: a game played across two processes, each bot move thought out once,
and a process killed mid-game without anything lost. SQLite refuses a second process.

The PostgreSQL tests need a server: ``.ci/run`` starts a throwaway cluster and sets
``SEQUENZA_TEST_POSTGRES``; each test makes a database of its own in it.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from typer.testing import CliRunner
from websockets.sync.client import connect

from sequenza.app.cli import app as cli_app
from sequenza.app.web.storage import Storage
from tests.app.web.conftest import fresh_postgres_database
from tests.app.web.server_harness import (
    SERVE,
    Player,
    free_port,
    wait_until_listening,
    wait_until_ready,
)


@dataclass
class Process:
    """One ``sequenza serve`` process, its JSON log kept in a file."""

    url: str
    database: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://", 1)

    def events(self, name: str) -> list[dict[str, Any]]:
        lines = self.log.read_text(encoding="utf-8").splitlines()
        entries = [json.loads(line) for line in lines if line.startswith("{")]
        return [entry for entry in entries if entry.get("event") == name]

    def wait_until_ready(self) -> None:
        try:
            wait_until_listening(self.process, int(self.url.rsplit(":", 1)[1]))
            wait_until_ready(self.url)
        except (RuntimeError, httpx.HTTPError):
            self.stop(kill=True)
            raise RuntimeError(self.log.read_text(encoding="utf-8")) from None

    def stop(self, kill: bool = False) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            self.process.wait(20)


def launch(database: str, log: Path, *options: str) -> Process:
    """A ``sequenza serve`` process on ``database`` just started: ``Process.wait_until_ready``
    waits for it, so that several can start at once."""
    port = free_port()
    command = [*SERVE, "--port", str(port), "--database", database, "--log-format", "json"]
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [*command, "--bot-workers", "1", "--bot-delay", "0.05", *options],
            stdout=subprocess.DEVNULL,
            stderr=output,
        )
    return Process(f"http://127.0.0.1:{port}", database, process, log)


def start(database: str, log: Path, *options: str) -> Process:
    started = launch(database, log, *options)
    started.wait_until_ready()
    return started


@contextmanager
def started_pair(database: str, folder: Path) -> Iterator[tuple[Process, Process]]:
    """Two processes started at once: a start is mostly each process's own imports, so the
    pair is up in the time of one."""
    # On an empty database both would run its migrations at the same time (schema.prepare
    # takes no lock): the schema is made first, here, as the first server would have.
    Storage(database).close()
    pair = (launch(database, folder / "first.log"), launch(database, folder / "second.log"))
    try:
        for process in pair:
            process.wait_until_ready()
        yield pair
    finally:
        for process in pair:
            process.stop()


@pytest.fixture(scope="module")
def two_processes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Process, Process]]:
    """Two processes on one database, shared by the module's tests, which leave both running:
    starting a pair (the app, its schema check, a bot worker each) costs more than most of
    these tests. Each test plays tables of its own and reads the logs' lines of its own
    tables."""
    folder = tmp_path_factory.mktemp("processes")
    with fresh_postgres_database() as database, started_pair(database, folder) as pair:
        yield pair


@pytest.fixture
def third_process(two_processes: tuple[Process, Process], tmp_path: Path) -> Iterator[Process]:
    """A third process on the pair's database, for a test that kills it: the pair stays up
    for the others, and the test starts one process instead of a pair of its own."""
    process = start(two_processes[0].database, tmp_path / "third.log")
    try:
        yield process
    finally:
        process.stop()


def create(process: Process, friends_on: Process | None = None, **request: Any) -> dict[str, Any]:
    """A table made on ``process``, each invitation claimed by its friend through
    ``friends_on`` (another process: its seats change under the creator's) and the friend's
    token added to ``tokens``."""
    response = httpx.post(f"{process.url}/api/tables", json=request, timeout=10)
    assert response.status_code == 201, response.text
    created = dict(response.json())
    for seat, code in created["invites"].items():
        claimed = httpx.post(
            f"{(friends_on or process).url}/api/tables/{created['id']}/claim",
            json={"invite": code},
            timeout=10,
        )
        assert claimed.status_code == 200, claimed.text
        created["tokens"][seat] = claimed.json()["token"]
    return created


@contextmanager
def join(process: Process, table_id: str, *tokens: str) -> Iterator[Player]:
    with connect(f"{process.ws_url}/ws/tables/{table_id}", open_timeout=10) as socket_:
        socket_.send(json.dumps({"type": "join", "tokens": list(tokens)}))
        yield Player(socket_)


def test_a_game_played_across_two_processes(two_processes: tuple[Process, Process]) -> None:
    first, second = two_processes
    created = create(
        first, second, game="sequentia-cross", seats=[{"kind": "invite"}, {"kind": "invite"}]
    )
    table_id = created["id"]
    rng = random.Random(1)
    with (
        join(first, table_id, created["tokens"]["0"]) as ann,
        join(second, table_id, created["tokens"]["1"]) as bob,
    ):
        ann.wait_for("state")
        bob.wait_for("state")
        while not ann.state["over"]:
            turn = ann.state["turn"]
            mover = ann if ann.state["legal"] else bob
            mover.act(rng.choice(next(iter(mover.state["legal"].values()))))
            # Each move reaches the player on the other process at once.
            for player in (ann, bob):
                player.wait_until(lambda state, turn=turn: state["turn"] > turn)
        assert bob.state["over"] and bob.state["result"] == ann.state["result"]
    records = [
        httpx.get(f"{process.url}/api/tables/{table_id}/record", timeout=10).json()
        for process in (first, second)
    ]
    assert records[0] == records[1] and len(records[0]["actions"]) == ann.state["turn"]


def test_a_clock_and_a_resignation_are_shared_by_every_process(
    two_processes: tuple[Process, Process],
) -> None:
    first, second = two_processes
    seats = [{"kind": "invite"}, {"kind": "invite"}]
    clock = {"kind": "move", "move_seconds": 2, "on_timeout": "lose"}
    timed = create(first, second, game="sequentia-cross", seats=seats, clock=clock)
    conceded = create(second, first, game="sequentia-cross", seats=seats)
    with (
        join(first, timed["id"], timed["tokens"]["0"]) as ann,
        join(second, timed["id"], timed["tokens"]["1"]) as bob,
    ):
        ann.wait_for("state")
        bob.wait_for("state")
        ann.act(ann.state["legal"]["0"][0])
        # Ann's clock runs on both processes; both watch it, one saves the time-out.
        for player in (ann, bob):
            player.wait_until(lambda state: state["over"], timeout=30)
        assert ann.state["result"] == bob.state["result"]
        assert ann.state["result"]["termination"] == "time"
    time_outs = [
        entry
        for process in (first, second)
        for entry in process.events("time_out")
        if entry["table"] == timed["id"]
    ]
    assert len(time_outs) == 1
    with (
        join(first, conceded["id"], conceded["tokens"]["0"]) as ann,
        join(second, conceded["id"], conceded["tokens"]["1"]) as bob,
    ):
        ann.wait_for("state")
        bob.wait_for("state")
        bob.send({"type": "resign"})
        ann.wait_until(lambda state: state["over"])
        assert ann.state["result"]["winners"] == [0]
        assert ann.state["result"]["termination"] == "resigned"


#: The turns checked for being played by exactly one process.
CHECKED = 12


def test_each_bot_move_is_played_by_one_process(two_processes: tuple[Process, Process]) -> None:
    first, second = two_processes
    created = create(
        first,
        game="sequentia-cross",
        seats=[{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}],
        seed=5,
    )
    table_id = created["id"]

    def played() -> list[int]:
        """The turns whose bot moves the two processes' logs record, below ``CHECKED``."""
        return sorted(
            entry["turn"]
            for process in (first, second)
            for entry in process.events("bot_move")
            if entry["table"] == table_id and entry["turn"] < CHECKED
        )

    # A spectator on each process keeps the table alive in both. The first dozen moves, each
    # one a race between the processes, show it; the bots then play on, and a move being
    # logged while the logs are read is left out.
    with join(first, table_id) as one, join(second, table_id) as other:
        for watcher in (one, other):
            watcher.wait_until(lambda state: state["over"] or state["turn"] >= CHECKED, 60)
        deadline = time.monotonic() + 10
        while len(set(played())) < CHECKED and time.monotonic() < deadline:
            time.sleep(0.1)
    assert played() == list(range(CHECKED))


def test_a_process_killed_mid_game_leaves_the_game_to_the_other(
    third_process: Process, two_processes: tuple[Process, Process]
) -> None:
    first, second = third_process, two_processes[1]
    created = create(
        first,
        game="sequentia-cross",
        seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}],
        seed=8,
    )
    table_id, token = created["id"], created["tokens"]["0"]
    rng = random.Random(2)
    with join(first, table_id, token) as ann:
        ann.wait_for("state")
        for _ in range(3):
            ann.wait_until(lambda state: bool(state["legal"]) or state["over"], timeout=30)
            turn = ann.state["turn"]
            ann.act(rng.choice(ann.state["legal"]["0"]))
            ann.wait_until(lambda state, turn=turn: state["turn"] > turn)
        first.stop(kill=True)
    played = ann.state["turn"]
    # Ann's page reconnects to the other process (as a load balancer sends it) and plays on.
    with join(second, table_id, token) as ann:
        state = ann.wait_for("state")
        assert state["turn"] >= played
        while not ann.state["over"]:
            ann.wait_until(lambda state: bool(state["legal"]) or state["over"], timeout=60)
            if ann.state["over"]:
                break
            turn = ann.state["turn"]
            ann.act(rng.choice(ann.state["legal"]["0"]))
            ann.wait_until(lambda state, turn=turn: state["turn"] > turn)
    record = httpx.get(f"{second.url}/api/tables/{table_id}/record", timeout=10).json()
    assert len(record["actions"]) == ann.state["turn"]


# ---------------------------------------------------------------------- SQLite stays one process
@pytest.fixture(scope="module")
def served_from_environment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Process]:
    """One ``sequenza serve`` on a new SQLite file, every setting from its ``SEQUENZA_*``
    variables: the test of those settings asks it, and the test of SQLite's one process
    finds its file in use (the start of a process, most of either test's cost, is shared)."""
    folder = tmp_path_factory.mktemp("from-env")
    port = free_port()
    database = f"sqlite:///{folder / 'from-env.db'}"
    environment = os.environ | {
        "SEQUENZA_DATABASE": database,
        "SEQUENZA_PORT": str(port),
        "SEQUENZA_LOG_FORMAT": "json",
    }
    log = folder / "server.log"
    with open(log, "wb") as output:
        server = Process(
            f"http://127.0.0.1:{port}",
            database,
            subprocess.Popen(SERVE, env=environment, stderr=output),
            log,
        )
    try:
        try:
            wait_until_listening(server.process, port)
        except RuntimeError:
            raise AssertionError(log.read_text(encoding="utf-8")) from None
        yield server
    finally:
        server.stop()


def test_sqlite_refuses_several_processes(
    served_from_environment: Process, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The command runs here, not in a process of its own (whose start, the app's imports, is
    # most of its cost): the refusals come before it would serve, and one that failed to
    # come would reach uvicorn.run, which records the call instead of serving.
    served: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: served.append(kwargs))
    database = served_from_environment.database
    many = CliRunner().invoke(cli_app, ["serve", "--workers", "2", "--database", database])
    assert many.exit_code == 2
    assert "PostgreSQL" in many.stderr and "SQLite serves one process" in many.stderr
    # A second server on the file the running one uses.
    second = CliRunner().invoke(
        cli_app, ["serve", "--port", str(free_port()), "--database", database]
    )
    assert second.exit_code == 2
    assert "another Sequenza server is using" in second.stderr
    assert "postgresql+psycopg://" in second.stderr
    assert served == []


def logged_events(log: Path) -> list[dict[str, Any]]:
    """Every line of a server's log, each one a JSON object; a line still being written
    is left to the next read."""
    text = log.read_text(encoding="utf-8")
    return [json.loads(line) for line in text[: text.rfind("\n") + 1].splitlines()]


def test_settings_come_from_the_environment(served_from_environment: Process) -> None:
    url = served_from_environment.url
    assert httpx.get(f"{url}/healthz", timeout=5).status_code == 200
    assert httpx.get(f"{url}/readyz", timeout=5).json() == {"status": "ready"}
    created = httpx.post(
        f"{url}/api/tables", json={"game": "sequentia-shift", "seed": 1}, timeout=10
    ).json()
    assert Path(served_from_environment.database.removeprefix("sqlite:///")).exists()

    def table_request_logged(events: list[dict[str, Any]]) -> bool:
        return any(
            event["event"] == "request"
            and event["path"] == "/api/tables"
            and event["status"] == 201
            for event in events
        )

    # A request's line is written once its response has gone out: read until it is there.
    deadline = time.monotonic() + 10
    events = logged_events(served_from_environment.log)
    while not table_request_logged(events) and time.monotonic() < deadline:
        time.sleep(0.02)
        events = logged_events(served_from_environment.log)
    assert {"event": "table_created", "table": created["id"]}.items() <= next(
        event.items() for event in events if event["event"] == "table_created"
    )
    assert table_request_logged(events)


def test_chat_names_and_open_seats_reach_the_screens_of_every_process(
    two_processes: tuple[Process, Process],
) -> None:
    first, second = two_processes
    created = create(
        first,
        game="sequentia-cross",
        seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "open"}],
    )
    table_id = created["id"]
    with join(first, table_id, created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        # A visitor takes the open seat through the other process: the table here hears it,
        # and a second visitor, on either process, finds it gone.
        taken = httpx.post(
            f"{second.url}/api/tables/{table_id}/take", json={"name": "Zoë"}, timeout=10
        )
        assert taken.status_code == 200, taken.text
        ann.wait_until(lambda state: state["table"]["seats"][1]["claimed"])
        again = httpx.post(f"{first.url}/api/tables/{table_id}/take", json={}, timeout=10)
        assert again.json()["code"] == "seat_taken"
        assert httpx.get(f"{first.url}/api/open-tables", timeout=10).json() == []
        with join(second, table_id, taken.json()["token"]) as zoe:
            zoe.wait_for("state")
            # A line said on one process reaches the screen on the other, once.
            zoe.send({"type": "chat", "text": "ciao"})
            assert zoe.wait_for("chat")["text"] == "ciao"
            line = ann.wait_for("chat")
            assert (line["seat"], line["name"], line["text"]) == (1, "Zoë", "ciao")
            ann.send({"type": "chat", "phrase": "good_luck"})
            assert ann.wait_for("chat")["number"] == 1
            assert zoe.wait_for("chat")["phrase"] == "good_luck"
            # A rename on one process reaches the other's screens.
            ann.send({"type": "rename", "name": "Annie"})
            zoe.wait_until_table(lambda table: table["seats"][0]["name"] == "Annie")
            ann.send({"type": "ping"})
            heard = []
            while (answer := ann.receive())["type"] != "pong":
                heard.append(answer)
            # Nothing heard twice: the process's own announcement of a line adds nothing.
            assert [answer for answer in heard if answer["type"] == "chat"] == []
            # A rematch offered on one process is shown on the other's screens with who
            # offered it, and a decline there reaches the offerer here.
            resigned = httpx.post(
                f"{second.url}/api/tables/{table_id}/resign",
                json={"token": taken.json()["token"]},
                timeout=10,
            )
            assert resigned.status_code == 200, resigned.text
            offered = httpx.post(
                f"{first.url}/api/tables/{table_id}/rematch",
                json={"token": created["tokens"]["0"]},
                timeout=10,
            )
            assert offered.status_code == 201, offered.text
            rematch = offered.json()["id"]
            heard_offer = zoe.wait_until_table(lambda table: table["rematch"] == rematch)
            assert heard_offer["rematch_by"] == 0
            declined = httpx.post(
                f"{second.url}/api/tables/{table_id}/rematch",
                json={"token": taken.json()["token"], "answer": "decline"},
                timeout=10,
            )
            assert declined.status_code == 201 and declined.json()["offered"] is False
            ann.wait_until_table(lambda table: table["rematch_declined"] == [1])


def test_hints_switched_on_at_one_process_reach_the_others(
    two_processes: tuple[Process, Process],
) -> None:
    first, second = two_processes
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}]
    created = create(first, game="sequentia-cross", seats=seats)
    table_id, tokens = created["id"], (created["tokens"]["0"], created["tokens"]["1"])
    # One screen's two devices, each on another process.
    with join(first, table_id, *tokens) as here, join(second, table_id, *tokens) as there:
        here.wait_for("state")
        assert there.wait_for("state")["table"]["hints_switchable"] is True
        here.send({"type": "hints_on"})
        assert there.wait_until_table(lambda table: table["hints"])["hints_from"] == 0
        there.send({"type": "hint"})
        assert there.wait_for("hint")["seat"] == 0
