"""What one move costs the server, game by game, measured in one process without a network.

    python bench/move_cost.py                    # every game, 600 moves each
    python bench/move_cost.py --game sequence --profile
    python bench/move_cost.py --sampler-only     # the take-back check without the kits' hooks

Each game is played at tables of two people with a third connection watching (the three in
English, Italian and Finnish), random legal moves, a new table when a game ends; every move
goes through the table as a socket's does (checked, saved in a fresh SQLite file, the
take-back check, the views and the worded events of each connection), and each message is
encoded as the server writes it (orjson). Prints the CPU per move (the process's, the saving
thread's included), and with ``--profile`` where it goes. CPU time, not wall time: the
figure holds on a machine that others share, where ``bench/server_load.py``'s round trips do
not. Sending on real sockets is left out (``bench/server_load.py`` measures it).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

import orjson

import sequenza.core.table
from sequenza.app.web.bot_workers import BotWorkers
from sequenza.app.web.storage import Storage
from sequenza.app.web.table_manager import TableManager

GAMES = (
    "sequentia-shift",
    "sequentia-stack",
    "sequentia-cross",
    "sequence-numbers",
    "sequence-stacks",
    "sequence",
)


async def cost(game: str, moves: int, profile: cProfile.Profile | None) -> float:
    """CPU seconds per move of ``moves`` moves of ``game``."""
    with tempfile.TemporaryDirectory() as folder:
        manager = TableManager(
            Storage(f"sqlite:///{Path(folder) / 'moves.db'}"),
            bot_delay=0,
            bot_workers=BotWorkers(1),
        )
        rng = random.Random(1)
        played = 0
        spent = 0.0
        try:
            while played < moves:
                made = await manager.create(
                    {"game": game, "players": 2, "seats": [{"kind": "hotseat"}] * 2}
                )
                table = made.table
                clients = [table.join((0,), "en"), table.join((1,), "it"), table.join((), "fi")]
                for client in clients:  # the opening positions are not a move's cost
                    while not client.queue.empty():
                        client.queue.get_nowait()
                while not table.history.over and played < moves:
                    action = str(rng.choice(table.state.legal_actions()))
                    started = time.process_time()
                    if profile is not None:
                        profile.enable()
                    await table.act((0, 1), action, table.turn)
                    for client in clients:
                        while not client.queue.empty():
                            orjson.dumps(client.queue.get_nowait())
                    if profile is not None:
                        profile.disable()
                    spent += time.process_time() - started
                    played += 1
        finally:
            manager.bot_workers.close()
            manager.storage.close()
    return spent / played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="(repeatable)")
    parser.add_argument("--moves", type=int, default=600, help="per game")
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    parser.add_argument(
        "--sampler-only",
        action="store_true",
        help="the take-back check samples every move (no kit's quiet or loud test)",
    )
    arguments = parser.parse_args()
    if arguments.sampler_only:
        sequenza.core.table._hooks = lambda state: (None, None)
    profile = cProfile.Profile() if arguments.profile else None
    figures = {}
    for game in arguments.game or GAMES:
        figures[game] = asyncio.run(cost(game, arguments.moves, profile)) * 1000
        print(f"{game:18} {figures[game]:.2f} ms CPU a move")
    print(f"{'mean':18} {sum(figures.values()) / len(figures):.2f} ms CPU a move")
    if profile is not None:
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()
