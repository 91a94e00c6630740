"""What an operator watches, as Prometheus metrics at ``/metrics``.

Counters and histograms live in the process's default registry, beside the client library's
own process figures (CPU seconds, resident memory, open files); what is read off the live
tables (sockets, tables in memory, the bots' queue) is collected at each scrape from the app's
table manager, so that nothing is kept twice. With several server processes, each answers
for itself: scrape each one (every process's figures carry no label of their own; Prometheus
adds the target's).

The figures and what they tell:

- ``sequenza_move_cpu_seconds``: the time the event loop spends on each saved entry (checking
  the move, the take-back check, wording it and queueing it for every connection; the loop
  runs it without a pause, so it is CPU time unless the machine is short of cores);
- ``sequenza_moves_total``: entries saved (moves, resignations, time-outs, moves taken back);
- ``sequenza_storage_errors_total``: database calls that failed (disk full, server away);
- ``sequenza_sockets``, ``sequenza_spectators``: websocket connections now, and of them the
  spectators;
- ``sequenza_tables_in_memory``, ``sequenza_finished_tables_kept``: tables held in memory (up to
  ``max_live_tables``), and finished ones kept for their replays;
- ``sequenza_bot_queue``, ``sequenza_bot_workers_busy``: bot decisions waiting for a worker, and
  workers thinking now; ``sequenza_bot_wait_seconds``: how long a decision waited for a worker;
- ``sequenza_bot_failures_total``: bot decisions that failed (a fallback move was played);
- ``sequenza_event_loop_lag_seconds``: how late the event loop woke a probe that sleeps a
  quarter of a second: every table's messages wait this long behind whatever held the loop.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import REGISTRY, Collector

if TYPE_CHECKING:
    from .table_manager import TableManager

#: Prometheus's text format.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

MOVE_CPU = Histogram(
    "sequenza_move_cpu_seconds",
    "Event-loop time per saved table entry (check, take-back check, broadcast).",
    buckets=(0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5),
)
MOVES = Counter("sequenza_moves", "Table entries saved (moves, resignations, time-outs...).")
STORAGE_ERRORS = Counter("sequenza_storage_errors", "Database calls that failed.")
BOT_WAIT = Histogram(
    "sequenza_bot_wait_seconds",
    "Seconds a bot decision waited for a free worker.",
    buckets=(0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60),
)
LOOP_LAG = Histogram(
    "sequenza_event_loop_lag_seconds",
    "How late the event loop woke a probe that sleeps a quarter of a second.",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
)
#: How often the loop's lag is probed.
LAG_PROBE_SECONDS = 0.25
BOT_FAILURES = Counter("sequenza_bot_failures", "Bot decisions that failed (a fallback played).")


class TablesCollector(Collector):
    """The figures read off one app's live tables at each scrape."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    def collect(self) -> Iterator[Metric]:
        manager = self.manager
        clients = [client for table in manager.live.values() for client in table.clients]
        spectators = sum(1 for client in clients if client.is_spectator)
        workers = manager.bot_workers
        yield _gauge("sequenza_sockets", "Websocket connections to tables.", len(clients))
        yield _gauge("sequenza_spectators", "Of them, spectators.", spectators)
        yield _gauge("sequenza_tables_in_memory", "Tables held in memory.", len(manager.live))
        yield _gauge(
            "sequenza_finished_tables_kept",
            "Finished tables kept in memory for replays.",
            len(manager.finished),
        )
        yield _gauge("sequenza_bot_queue", "Bot decisions waiting for a worker.", workers.waiting)
        yield _gauge("sequenza_bot_workers_busy", "Bot workers thinking now.", workers.busy)


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)


async def probe_loop_lag() -> None:
    """Measure the event loop's lag until cancelled (a task of the app's lifespan)."""
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(LAG_PROBE_SECONDS)
        LOOP_LAG.observe(max(0.0, time.perf_counter() - asked - LAG_PROBE_SECONDS))


def exposition(manager: TableManager) -> bytes:
    """Every figure of this process, in Prometheus's text format."""
    tables = CollectorRegistry(auto_describe=False)
    tables.register(TablesCollector(manager))
    return generate_latest(REGISTRY) + generate_latest(tables)
