"""The browser's work for each move a table page follows: how many times Chromium lays the page
out, and the milliseconds of its main thread (scripts, styles, layout), per turn, game by game.
A phone has a fifth of this machine's speed, and each of these milliseconds is its battery.

    python bench/page_cost.py                  # every game, 30 of the watched seat's moves
    python bench/page_cost.py --moves 60 sequence

A page at a table against a random bot, 1280x860, without motion, follows the moves that its
seat's other device (a websocket of this script) makes; Chromium's own counters
(``Performance.getMetrics`` over the DevTools protocol) are read before and after. Debian's
Chromium at /usr/bin/chromium, as the browser tests use.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.app.web.server_harness import live_server  # noqa: E402

from sequenza.core.registry import available_games  # noqa: E402

GAMES = [info.id for info in available_games()]
COUNTERS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def follow(server: object, browser: object, game: str, moves: int) -> dict[str, float]:
    """The page's counters over ``moves`` moves of its seat and the bot's answers."""
    created = server.create_table(  # type: ignore[attr-defined]
        game=game,
        seed=4,
        options={"idle_rounds": 5} if game == "sequentia-shift" else {},
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    url = server.url  # type: ignore[attr-defined]
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 1280, "height": 860}, reduced_motion="reduce"
    )
    page = context.new_page()
    devtools = context.new_cdp_session(page)
    devtools.send("Performance.enable")
    page.goto(url + "/")
    seats = {created["id"]: {"seats": {"0": created["tokens"]["0"]}, "invites": {}}}
    page.evaluate("(seats) => localStorage.setItem('sequenza.tables', seats)", json.dumps(seats))
    page.goto(url + created["url"])
    page.wait_for_selector(".player-list")
    time.sleep(1)

    def counters() -> dict[str, float]:
        metrics = devtools.send("Performance.getMetrics")["metrics"]
        return {metric["name"]: metric["value"] for metric in metrics}

    before = counters()
    rng = random.Random(1)
    made = 0
    with server.join(created["id"], created["tokens"]["0"]) as player:  # type: ignore[attr-defined]
        while made < moves:
            state = player.wait_until(lambda state: state["over"] or state["legal"].get("0"))
            if state["over"]:
                break
            player.play(rng.choice(state["legal"]["0"]))
            made += 1
        turn = state["turn"]
    deadline = time.monotonic() + 30
    while page.evaluate("window.sequenzaTable.message.turn") < turn:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page never reached turn {turn}")
        time.sleep(0.05)
    time.sleep(0.5)
    after = counters()
    context.close()
    turns = max(turn - before.get("turn", 0), 1)
    figures = {name: (after[name] - before[name]) * 1000 / turns for name in COUNTERS}
    figures["layouts"] = (after["LayoutCount"] - before["LayoutCount"]) / turns
    figures["turns"] = turns
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "games", nargs="*", default=GAMES, help="game ids (default: every installed game)"
    )
    parser.add_argument("--moves", type=int, default=30, help="the watched seat's moves")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        database = f"sqlite:///{Path(folder) / 'tables.db'}"
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        with live_server(database) as server:
            print(
                f"{'game':18s} {'turns':>5s} {'layouts':>8s} {'main ms':>8s} "
                f"{'script':>7s} {'layout':>7s} {'style':>7s}   (per turn)"
            )
            for game in arguments.games:
                got = follow(server, browser, game, arguments.moves)
                print(
                    f"{game:18s} {got['turns']:5.0f} {got['layouts']:8.1f} "
                    f"{got['TaskDuration']:8.1f} {got['ScriptDuration']:7.1f} "
                    f"{got['LayoutDuration']:7.1f} {got['RecalcStyleDuration']:7.1f}",
                    flush=True,
                )
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
