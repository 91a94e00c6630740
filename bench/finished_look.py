"""The first look at a long finished game: its page's GET and its first join, on a server
process that does not hold the table in memory.

    python bench/finished_look.py                         # Sequentia Shift and Sequence
    python bench/finished_look.py --game sequentia-shift --repeat 20

Plays one game of random legal moves per game (a Shift game runs past a thousand entries),
saved in a fresh SQLite file as the server saves it. Then, ``--repeat`` times, a fresh table
manager (a server just started, nothing in memory) serves the first look: ``GET
/api/tables/ID`` (the table's summary and public view, encoded as the server writes it) and a
join of the first seat and of a spectator (each one's whole position with the log worded in
its language). Measured twice: with the game's last look saved when it ended (as games end
now), and with it removed before each look, as a game that ended before looks were kept,
which is replayed move by move as every finished game was before (and keeps its look then).
Prints the median wall time and the median CPU time of the process (the storage's threads
included) of each step, and checks that the two ways answer every screen the same bytes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
import sqlalchemy as sa

from sequenza.app.web.bot_workers import BotWorkers
from sequenza.app.web.storage import Storage
from sequenza.app.web.table_manager import TableManager

GAMES = ("sequentia-shift", "sequence")


def _encoded(message: dict[str, Any]) -> bytes:
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


async def _play(url: str, game: str) -> tuple[str, int]:
    manager = TableManager(Storage(url), bot_delay=0, bot_workers=BotWorkers(1))
    try:
        made = await manager.create(
            {"game": game, "players": 2, "seats": [{"kind": "hotseat"}] * 2, "seed": 7}
        )
        table = made.table
        rng = random.Random(1)
        while not table.over:
            await table.act((0, 1), str(rng.choice(table.state.legal_actions())), table.turn)
        return table.id, table.turn
    finally:
        manager.bot_workers.close()
        manager.storage.close()


async def _look(url: str, table_id: str) -> tuple[dict[str, float], list[bytes]]:
    """One first look on a fresh manager: seconds (wall, CPU) per step, and the bytes sent."""
    manager = TableManager(Storage(url), bot_delay=0, bot_workers=BotWorkers(1))
    figures: dict[str, float] = {}
    sent: list[bytes] = []
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        async with manager.borrowed(table_id) as table:
            body = _encoded({"table": table.summary(), "public": table.view(None)})
        figures["get wall"] = time.perf_counter() - wall
        figures["get cpu"] = time.process_time() - cpu
        sent.append(body)
        for seats, lang, step in (((0,), "it", "join seat"), ((), "fi", "join spectator")):
            wall, cpu = time.perf_counter(), time.process_time()
            table = await manager.table(table_id)
            client = table.join(seats, lang)
            message = _encoded(client.queue.get_nowait())
            figures[f"{step} wall"] = time.perf_counter() - wall
            figures[f"{step} cpu"] = time.process_time() - cpu
            sent.append(message)
    finally:
        manager.bot_workers.close()
        manager.storage.close()
    return figures, sent


def _forget_looks(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("DELETE FROM sequenza_finals"))
    engine.dispose()


async def bench(game: str, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        ways = {
            "saved look": f"sqlite:///{Path(folder) / 'saved.db'}",
            "replayed": f"sqlite:///{Path(folder) / 'replayed.db'}",
        }
        table_id, entries = await _play(ways["saved look"], game)
        shutil.copyfile(Path(folder) / "saved.db", Path(folder) / "replayed.db")
        print(f"{game}: {entries} entries")
        results: dict[str, dict[str, list[float]]] = {way: {} for way in ways}
        answers: dict[str, list[bytes]] = {}
        # The ways take turns, after one look each that is not counted (the first wording in
        # a language reads its catalogue).
        for number in range(repeat + 1):
            for way, url in ways.items():
                if way == "replayed":  # the replay keeps the look it made: forget it again
                    _forget_looks(url)
                figures, answers[way] = await _look(url, table_id)
                for name, seconds in figures.items():
                    if number:
                        results[way].setdefault(name, []).append(seconds)
        same = answers["saved look"] == answers["replayed"]
        print(f"  every screen sent the same bytes both ways: {same}")
        for name in results["saved look"]:
            replayed = statistics.median(results["replayed"][name]) * 1000
            saved = statistics.median(results["saved look"][name]) * 1000
            print(f"  {name:20} replayed {replayed:7.1f} ms   saved look {saved:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="(repeatable)")
    parser.add_argument("--repeat", type=int, default=10, help="first looks per way")
    arguments = parser.parse_args()
    print(f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    for game in arguments.game or GAMES:
        asyncio.run(bench(game, arguments.repeat))


if __name__ == "__main__":
    main()
