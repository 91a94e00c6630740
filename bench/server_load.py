"""Load on a real server: many tables, many websocket players, bots thinking meanwhile.

    python bench/server_load.py                          # 300 tables, 60 s, half mcts bots
    python bench/server_load.py --tables 100 --seconds 30 --mcts-share 0
    python bench/server_load.py --bot-share 0            # people only: the server's own cost

Starts ``sequenza serve`` on 127.0.0.1 with a fresh SQLite file, then opens the tables, a
sixth of them of each game: ``--bot-share`` of them (half unless told) one person against a
bot (the player and a spectator: two sockets), the others two people online (two sockets);
``--mcts-share`` of the bot tables with the ``mcts`` bot and the rest with ``greedy``. Every
person thinks ``--think`` seconds on average (an exponential wait), then plays a random legal
move; a finished game starts again at a new table. All traffic stays on the loopback; the run
stops after ``--seconds``.

Prints the round trip of people's moves (sending the action to seeing the position it made)
at p50/p95/p99, the errors the server answered, and the server's CPU and memory (its own
process, and its bot workers), and the cost of a move: the event loop's CPU per saved move
from the server's ``/metrics`` (checking, the take-back check, wording and queueing it), and
the server's whole CPU divided by the moves (sending every message and the database's work
included), from which ``docs/capacity.md`` plans. ``--think 0.2`` drives ten times the usual
move rate, to compare the plan's prediction with what the processes measure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from sequenza.app.web.metrics import LAG_PROBE_SECONDS

GAMES = (
    "sequentia-shift",
    "sequentia-stack",
    "sequentia-cross",
    "sequence-numbers",
    "sequence-stacks",
    "sequence",
)
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Figures:
    round_trips: list[float] = field(default_factory=list)
    #: From a person's move to the table's other person seeing it (on another process, apart).
    seen_by_other: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    games_finished: int = 0
    #: Moves sent before this (the rush of 300 tables opening at once) are not measured.
    measure_from: float = 0.0
    bot_moves: int = 0
    sockets: int = 0
    #: Bytes of every message the server sent the load's sockets (after the opening rush).
    bytes_received: int = 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(
    port: int, database: str, workers: int, log: Path, *options: str
) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-c",
        "from sequenza.app.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--database",
        database,
        "--new-tables-per-minute",
        "100000",
        # Every player of the load comes from 127.0.0.1: one address for hundreds of sockets.
        "--max-connections-per-address",
        "100000",
        "--workers",
        str(workers),
        *options,
    ]
    # The server's warnings go to a file: a pipe nobody reads would fill, and the server's
    # next warning would then hold its event loop (and every table) until read.
    with log.open("wb") as warnings:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=warnings)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return server
        time.sleep(0.2)
    server.kill()
    raise RuntimeError("the server did not start")


def loop_lag(port: int) -> dict[float, float]:
    """The event loop's lag histogram of one process's /metrics: probes at most each bound."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
    buckets = {}
    for line in text.splitlines():
        if line.startswith("sequenza_event_loop_lag_seconds_bucket"):
            bound = line.split('le="', 1)[1].split('"', 1)[0]
            buckets[float(bound)] = float(line.rsplit(" ", 1)[1])
    return buckets


def move_cpu(port: int) -> tuple[float, float]:
    """Saved moves and the event loop's CPU seconds they took, from one process's /metrics."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
    figures = {}
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name in ("sequenza_move_cpu_seconds_count", "sequenza_move_cpu_seconds_sum"):
            figures[name] = float(value)
    return figures.get("sequenza_move_cpu_seconds_count", 0.0), figures.get(
        "sequenza_move_cpu_seconds_sum", 0.0
    )


def cpu_seconds(pid: int) -> float:
    return cpu_seconds_of(Path(f"/proc/{pid}/stat"))


def main_thread_seconds(pid: int) -> float:
    """The CPU seconds of a process's main thread: a server process's event loop (its other
    threads call the database and feed the bot workers)."""
    return cpu_seconds_of(Path(f"/proc/{pid}/task/{pid}/stat"))


def cpu_seconds_of(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def kernel_seconds(pid: int) -> float:
    """The CPU seconds a process spent in the kernel (its system time): on the loopback, the
    sockets' sending charges the sender for the receiving side's TCP work too."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[12]) / TICKS


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def descendants(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(child) for child in text]
    for child in list(found):
        found += descendants(child)
    return found


def niceness(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


def summed(read: Any, ports: list[int]) -> tuple[float, float]:
    """A pair of figures read from each server's /metrics, added up."""
    pairs = [read(port) for port in ports]
    return sum(pair[0] for pair in pairs), sum(pair[1] for pair in pairs)


def summed_lag(ports: list[int]) -> dict[float, float]:
    """The event loops' lag histograms of every server, added up."""
    total: Counter[float] = Counter()
    for port in ports:
        total.update(loop_lag(port))
    return dict(total)


def all_processes(started: list[subprocess.Popen[bytes]]) -> tuple[list[int], list[int]]:
    """Every server's processes and bot workers."""
    servers: list[int] = []
    bots: list[int] = []
    for server in started:
        own, workers = processes(server.pid)
        servers += own
        bots += workers
    return servers, bots


def processes(pid: int) -> tuple[list[int], list[int]]:
    """The server's processes and its bot workers (which lower their priority)."""
    tree = [pid, *descendants(pid)]
    bots = [process for process in tree if niceness(process) > 0]
    return [process for process in tree if process not in bots], bots


class Seat:
    """One person's socket at a table: plays a random legal move after thinking."""

    def __init__(
        self,
        socket_: ClientConnection,
        figures: Figures,
        think: float,
        rng: random.Random,
        sent: dict[int, tuple[Seat, float]] | None = None,
    ) -> None:
        self.socket = socket_
        #: The table's moves in flight, by the turn they answered: who sent each, and when.
        self.sent = {} if sent is None else sent
        self.figures = figures
        self.think = think
        self.rng = rng
        self.sent_at: float | None = None
        self.sent_turn = -1

    async def play(self, deadline: float) -> bool:
        """Play until the game ends (True) or time is up (False)."""
        move_task: asyncio.Task[None] | None = None
        try:
            while time.monotonic() < deadline:
                try:
                    async with asyncio.timeout(max(0.01, deadline - time.monotonic())):
                        text = await self.socket.recv()
                except TimeoutError:
                    return False
                message = json.loads(text)
                now = time.monotonic()
                if now >= self.figures.measure_from:
                    self.figures.bytes_received += len(text)
                if message["type"] == "error":
                    self.figures.errors[message["code"]] += 1
                    continue
                if message["type"] != "state":
                    continue
                for turn, (sender, at) in list(self.sent.items()):
                    if sender is not self and message["turn"] > turn:
                        del self.sent[turn]
                        if at >= self.figures.measure_from:
                            self.figures.seen_by_other.append(now - at)
                if self.sent_at is not None and message["turn"] > self.sent_turn:
                    if self.sent_at >= self.figures.measure_from:
                        self.figures.round_trips.append(now - self.sent_at)
                    self.sent_at = None
                if message["over"]:
                    return True
                legal = message["legal"]
                if legal and self.sent_at is None and (move_task is None or move_task.done()):
                    actions = next(iter(legal.values()))
                    move_task = asyncio.create_task(
                        self._move(self.rng.choice(actions), message["turn"])
                    )
            return False
        finally:
            if move_task is not None:
                move_task.cancel()

    async def _move(self, action: str, turn: int) -> None:
        await asyncio.sleep(self.rng.expovariate(1 / self.think))
        self.sent_turn = turn
        self.sent_at = time.monotonic()
        self.sent[turn] = (self, self.sent_at)
        await self.socket.send(json.dumps({"type": "act", "action": action, "turn": turn}))


async def watch(socket_: ClientConnection, figures: Figures, deadline: float) -> None:
    """A spectator: reads everything, counts the bot's moves."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(max(0.01, deadline - time.monotonic())):
            async for text in socket_:
                if time.monotonic() >= figures.measure_from:
                    figures.bytes_received += len(text)
                message = json.loads(text)
                if message["type"] == "state" and message["events"]:
                    figures.bot_moves += 1


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> httpx.Response:
    """POST, once more on a fresh connection when a pooled one was closed under it (the
    server closes connections idle for a few seconds; a browser tries again the same way)."""
    try:
        return await http.post(path, json=body)
    except httpx.TransportError:
        # Not the pool again: on a loaded machine its other connections may have sat idle past
        # the server's keep-alive too, and the second try would meet another closed one.
        async with httpx.AsyncClient(base_url=http.base_url, timeout=http.timeout) as fresh:
            return await fresh.post(path, json=body)


async def table_loop(
    http: httpx.AsyncClient,
    ws_urls: list[str],
    number: int,
    bot: str | None,
    figures: Figures,
    think: float,
    deadline: float,
) -> None:
    rng = random.Random(number)
    game = GAMES[number % len(GAMES)]
    while time.monotonic() < deadline:
        seats: list[dict[str, Any]] = (
            [{"kind": "invite"}, {"kind": "invite"}]
            if bot is None
            else [{"kind": "hotseat"}, {"kind": "bot", "bot": bot}]
        )
        response = await post(http, "/api/tables", {"game": game, "players": 2, "seats": seats})
        if response.status_code != 201:
            figures.errors[response.json().get("code", str(response.status_code))] += 1
            await asyncio.sleep(1)
            continue
        created = response.json()
        # With servers apart, the table's two sockets open on two different processes.
        urls = [
            f"{ws_urls[(number + index) % len(ws_urls)]}/ws/tables/{created['id']}"
            for index in range(2)
        ]
        # Each invited friend claims their seat, as their link does, for a token of their own.
        for seat, code in created.get("invites", {}).items():
            claimed = await post(http, f"/api/tables/{created['id']}/claim", {"invite": code})
            created["tokens"][seat] = claimed.json()["token"]
        tokens = [created["tokens"][seat] for seat in sorted(created["tokens"], key=int)]
        async with contextlib.AsyncExitStack() as stack:
            sockets = [
                # A minute to open: 300 tables opening at once on a busy machine took more
                # than the library's 10 s, and one timed-out socket stopped the whole run.
                await stack.enter_async_context(connect(url, max_size=2**22, open_timeout=60))
                for url in urls
            ]
            figures.sockets += 2
            in_flight: dict[int, tuple[Seat, float]] = {}
            players = [
                Seat(sockets[index], figures, think, rng, in_flight) for index in range(len(tokens))
            ]
            for index, socket_ in enumerate(sockets):
                joined = [tokens[index]] if index < len(tokens) else []
                await socket_.send(json.dumps({"type": "join", "tokens": joined}))
            runs: list[Coroutine[Any, Any, bool | None]] = [
                player.play(deadline) for player in players
            ]
            if bot is not None:
                runs.append(watch(sockets[1], figures, deadline))
            finished = await asyncio.gather(*runs)
            figures.sockets -= 2
        if any(result is True for result in finished):
            figures.games_finished += 1


async def load(
    ports: list[int],
    tables: int,
    bot_share: float,
    mcts_share: float,
    think: float,
    seconds: float,
    warmup: float,
    measuring: Callable[[], None],
) -> Figures:
    """The load's figures; ``measuring`` is called once the tables have opened (after
    ``warmup`` seconds), when the measured part of the run begins."""
    figures = Figures(measure_from=time.monotonic() + warmup)
    asyncio.get_running_loop().call_later(warmup, measuring)
    deadline = time.monotonic() + warmup + seconds
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{ports[0]}", timeout=30, limits=limits
    ) as http:
        loops = []
        bot_tables = round(tables * bot_share)
        mcts_tables = round(bot_tables * mcts_share)
        for number in range(tables):
            # The bot tables are spread evenly among the others (and so among the games); of
            # them, the first share plays mcts.
            bot_number = bot_table_number(number, tables, bot_tables)
            bot = None if bot_number is None else "mcts" if bot_number < mcts_tables else "greedy"
            loops.append(
                table_loop(
                    http,
                    [f"ws://127.0.0.1:{port}" for port in ports],
                    number,
                    bot,
                    figures,
                    think,
                    deadline,
                )
            )
        await asyncio.gather(*loops)
    return figures


@dataclass
class Mark:
    """What the servers had spent at one moment: the CPU seconds of each process and of each
    server's event loop thread, and from /metrics the moves saved, the event loops' CPU for
    them and the lag histogram."""

    at: float
    servers: list[int]
    bots: list[int]
    cpu: dict[int, float]
    loops: dict[int, float]
    kernel: dict[int, float]
    moves: float
    loop_cpu: float
    lag: dict[float, float]

    @classmethod
    def now(cls, started: list[subprocess.Popen[bytes]], ports: list[int]) -> Mark:
        servers, bots = all_processes(started)
        moves, loop_cpu = summed(move_cpu, ports)
        return cls(
            at=time.monotonic(),
            servers=servers,
            bots=bots,
            cpu={pid: cpu_seconds(pid) for pid in servers + bots},
            loops={pid: main_thread_seconds(pid) for pid in servers},
            kernel={pid: kernel_seconds(pid) for pid in servers},
            moves=moves,
            loop_cpu=loop_cpu,
            lag=summed_lag(ports),
        )


def bot_table_number(number: int, tables: int, bot_tables: int) -> int | None:
    """Which bot table table ``number`` is (counted from 0), or None for two people: the
    ``bot_tables`` of ``tables`` are spread evenly (every other one when half)."""
    if bot_tables <= 0:
        return None
    before, after = number * bot_tables // tables, (number + 1) * bot_tables // tables
    return before if after > before else None


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--bot-share", type=float, default=0.5, help="tables of one person against a bot"
    )
    parser.add_argument("--mcts-share", type=float, default=0.5, help="of the bot tables")
    parser.add_argument("--think", type=float, default=2.0, help="a person's mean think time")
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds of opening tables, not measured"
    )
    parser.add_argument("--database", help="a PostgreSQL URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--apart",
        action="store_true",
        help="with --workers N on PostgreSQL: N servers of one process each, every table's "
        "two sockets on two different ones",
    )
    arguments = parser.parse_args()
    if arguments.apart and not arguments.database:
        parser.error("--apart needs --database (several processes share only PostgreSQL)")

    apart = arguments.workers if arguments.apart else 1
    ports = [free_port() for _ in range(apart)]
    with tempfile.TemporaryDirectory() as folder:
        database = arguments.database or f"sqlite:///{Path(folder) / 'load.db'}"
        logs = [Path(folder) / f"server{index}.log" for index in range(apart)]
        # Apart, each server is one process with its share of the cores for its bots, as
        # one server of N processes shares them.
        shares = ["--bot-workers", str(max(1, (os.cpu_count() or 1) // apart))] if apart > 1 else []
        workers = 1 if apart > 1 else arguments.workers
        started_servers = [
            start_server(port, database, workers, log, *shares)
            for port, log in zip(ports, logs, strict=True)
        ]
        try:
            time.sleep(2)  # the worker processes start
            # The costs are counted from the end of the opening rush (creating 300 tables,
            # claiming their seats, joining them), so that they are a move's.
            marks: list[Mark] = []

            def measuring() -> None:
                marks.append(Mark.now(started_servers, ports))

            figures = asyncio.run(
                load(
                    ports,
                    arguments.tables,
                    arguments.bot_share,
                    arguments.mcts_share,
                    arguments.think,
                    arguments.seconds,
                    arguments.warmup,
                    measuring,
                )
            )
            (before,) = marks
            after = Mark.now(started_servers, ports)
            wall = after.at - before.at
            moves_before, loop_before = before.moves, before.loop_cpu
            moves_after, loop_after = after.moves, after.loop_cpu
            lag_before, lag_after = before.lag, after.lag
            client_cpu = time.process_time() / (wall + arguments.warmup)
            servers, bots = after.servers, after.bots
            server_cpu = sum(after.cpu[pid] - before.cpu.get(pid, 0.0) for pid in servers) / wall
            loop_threads = sum(after.loops[pid] - before.loops.get(pid, 0.0) for pid in servers)
            in_kernel = sum(after.kernel[pid] - before.kernel.get(pid, 0.0) for pid in servers)
            worker_cpu = sum(after.cpu[pid] - before.cpu.get(pid, 0.0) for pid in bots) / wall
            server_rss = sum(rss_mib(pid) for pid in servers)
            workers_rss = sum(rss_mib(pid) for pid in bots)
        finally:
            for server in started_servers:
                server.terminate()
            for server in started_servers:
                server.wait(15)
        warned = [line for log in logs for line in log.read_text(errors="replace").splitlines()]
    trips = [trip * 1000 for trip in figures.round_trips]
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    print(
        f"{arguments.workers} server process(es)"
        f"{' apart (each table on two)' if apart > 1 else ''} on "
        f"{'PostgreSQL' if arguments.database else 'SQLite'}, "
        f"{arguments.tables} tables ({arguments.tables * 2} sockets), "
        f"{arguments.bot_share:.0%} against a bot, {arguments.mcts_share:.0%} of those mcts, "
        f"think {arguments.think:g} s, "
        f"{wall:.0f} s measured (after {arguments.warmup:g} s of opening tables)"
    )
    measured = wall
    print(
        f"people's moves: {len(trips)} ({len(trips) / measured:.0f}/s), round trip ms "
        f"p50 {percentile(trips, 0.5):.1f}  p95 {percentile(trips, 0.95):.1f}  "
        f"p99 {percentile(trips, 0.99):.1f}  max {max(trips, default=float('nan')):.1f}"
        + (f"  mean {statistics.fmean(trips):.1f}" if trips else "")
    )
    seen = [trip * 1000 for trip in figures.seen_by_other]
    if seen:
        print(
            f"seen by the other person ms: p50 {percentile(seen, 0.5):.1f}  "
            f"p95 {percentile(seen, 0.95):.1f}  p99 {percentile(seen, 0.99):.1f}"
        )
    print(f"bot moves seen: {figures.bot_moves}, games finished: {figures.games_finished}")
    probes = {bound: lag_after[bound] - lag_before.get(bound, 0.0) for bound in lag_after}
    total = probes.get(float("inf"), 0.0)
    if total:
        late = {bound: total - count for bound, count in probes.items() if bound in (0.01, 0.1)}
        print(
            f"event loop lag (server's probe every {LAG_PROBE_SECONDS:g} s): "
            f"{late[0.01] / total:.1%} of "
            f"probes over 10 ms, {late[0.1] / total:.1%} over 100 ms"
        )
    print(
        f"sent to the sockets: {figures.bytes_received / measured / 1024:.0f} KiB/s "
        "(JSON text, before the websocket's compression)"
    )
    saved = moves_after - moves_before
    # One server of several processes answers /metrics from any one of them: no total.
    if saved and (arguments.workers == 1 or apart > 1):
        per_move = (loop_after - loop_before) / saved * 1000
        whole = server_cpu * wall / saved * 1000
        threads = loop_threads / saved * 1000
        print(
            f"moves saved: {saved:.0f} ({saved / wall:.0f}/s); cost per move: event loop "
            f"{per_move:.2f} ms CPU (from /metrics), whole server {whole:.2f} ms CPU "
            f"(sending and database included): {threads:.2f} ms on the event loops' threads "
            f"(the table, the sockets, the ASGI layer), {whole - threads:.2f} ms on the others "
            f"(the database calls, the bot workers' queues); {in_kernel / saved * 1000:.2f} ms "
            f"of the whole in the kernel (the sockets' sends and receives, on the loopback "
            f"the receiving side's TCP work included)"
        )
    print(f"errors: {dict(figures.errors) or 'none'}")
    if warned:
        print(f"the server wrote {len(warned)} lines of warnings, the last: {warned[-1][:200]}")
    print(
        f"server ({len(servers)} processes): CPU {server_cpu:.0%} of a core, "
        f"RSS {server_rss:.0f} MiB; bot workers ({len(bots)}): CPU {worker_cpu:.0%}, "
        f"RSS {workers_rss:.0f} MiB; this load client: CPU {client_cpu:.0%}"
    )


if __name__ == "__main__":
    main()
