"""The yardstick: classic Sequence's random playouts in a plain C program, no Python in it,
against the core's batches and the engine.

    python bench/reference_sequence.py                      # 20,000 games, 2 players
    python bench/reference_sequence.py --games 50000 --players 3 --check 300

It builds the program from the core's own rules of the board games (``src/sequenza/_fast.c``
up to its Python types: the same C, so the figure is the limit of that code, not of another
implementation) and ``bench/reference/sequence_main.c`` with the flags the package builds the
core with, feeds it the table's layout as the lists ``sequenza.fast`` gives the core, and
plays the same seeded games three ways: the plain program, ``sequenza.fast.playouts`` in the
core (which must give the very same lengths and endings) and, for the first ``--check``
games, the Python engine (the same again). It prints actions per second of CPU time for
each, with the load average: the gap between the program and the batches is what the
Python side of a batch costs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from sequenza import fast
from sequenza.core.registry import make_game
from sequenza.games.sequence_board.rules import SequenceBoardGame

ROOT = Path(__file__).resolve().parent.parent
#: Where the core's Python types begin: everything above is plain C.
PYTHON_PART = (
    "/* ------------------------------------------------------------------ Board: Python type */"
)
FLAGS = ["-O2", "-std=c99", "-ffp-contract=off"]


def program_source() -> str:
    """The core's board rules without Python, then the driver."""
    core = (ROOT / "src/sequenza/_fast.c").read_text(encoding="utf-8")
    rules = core[: core.index(PYTHON_PART)]
    rules = rules.replace("#define PY_SSIZE_T_CLEAN\n", "").replace("#include <Python.h>\n", "")
    driver = (ROOT / "bench/reference/sequence_main.c").read_text(encoding="utf-8")
    # A Board's Python header is the only Python in the rules: a plain int stands in for it.
    return "#define PyObject_HEAD int python_head;\n" + rules + driver


def layout_text(arguments: tuple[Any, ...]) -> str:
    """The Board's arguments as numbers: a list as its length then its items (a move's three
    numbers flattened), a number as itself."""
    lines = []
    for value in arguments:
        if isinstance(value, list | tuple):
            flat = [
                int(number)
                for item in value
                for number in (item if isinstance(item, tuple | list) else (item,))
            ]
            lines.append(" ".join(str(number) for number in [len(flat), *flat]))
        else:
            lines.append(str(int(value)))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="sequence", help="sequence or sequence-numbers")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check", type=int, default=200, help="games also played by the engine")
    arguments = parser.parse_args()
    if not fast.available():
        raise SystemExit(f"the compiled core is not built: {fast.why_not()}")
    table = make_game(arguments.game, arguments.players)
    assert isinstance(table, SequenceBoardGame)
    with tempfile.TemporaryDirectory() as folder:
        source, program, layout = (Path(folder) / name for name in ("ref.c", "ref", "layout"))
        source.write_text(program_source(), encoding="utf-8")
        layout.write_text(
            layout_text(fast.board_arguments(type(table), table.players, table.options)),
            encoding="utf-8",
        )
        subprocess.run(["gcc", *FLAGS, "-o", str(program), str(source)], check=True)
        print(f"# load average before: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
        run = subprocess.run(
            [str(program), str(layout), str(arguments.seed), str(arguments.games)],
            check=True,
            capture_output=True,
            text=True,
        )
    head, *rows = run.stdout.splitlines()
    plain_actions, plain_seconds = int(head.split()[0]), float(head.split()[1])
    played = [tuple(int(number) for number in row.split()) for row in rows]
    start = time.process_time()
    batch = fast.playouts(
        arguments.game,
        arguments.games,
        seed=arguments.seed,
        players=arguments.players,
        engine="fast",
    )
    batch_seconds = time.process_time() - start
    sides = table.sides
    teams = [game.winners[0] % sides if game.winners else -1 for game in batch.games]
    if [(game.length, team) for game, team in zip(batch.games, teams, strict=True)] != [
        (row[0], row[2]) for row in played
    ]:
        raise SystemExit("the plain program played other games than the core")
    check = min(arguments.check, arguments.games)
    start = time.process_time()
    engine = fast.playouts(
        arguments.game, check, seed=arguments.seed, players=arguments.players, engine="python"
    )
    engine_seconds = time.process_time() - start
    if engine.games != batch.games[:check]:
        raise SystemExit("the engine played other games than the core")
    plain = plain_actions / plain_seconds
    rates = [
        ("plain C program", arguments.games, plain_actions / plain_seconds),
        ("core, whole batches", arguments.games, batch.actions / batch_seconds),
        ("Python engine", check, engine.actions / engine_seconds),
    ]
    title = f"{arguments.game}, {arguments.players} players, random playouts"
    print(f"| {title} | games | actions/s | times slower than the program |")
    print("|---|---:|---:|---:|")
    for name, games, rate in rates:
        print(f"| {name} | {games:,} | {rate:,.0f} | {plain / rate:.2f}x |")
    print(
        f"# the same {arguments.games:,} games in the program and the core, {check} on the engine"
    )
    print(f"# load average after: {', '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
