"""Whole games through the real page in Debian's Chromium, every move made as a player makes
it: by clicks on the board, and by keyboard alone. Prints the seconds each game took.

    python bench/browser_games.py                    # every game, by clicks and by keys
    python bench/browser_games.py -k sequence-stacks

The tests (tests/app/web/test_browser.py and test_accessibility.py) click or key a game's
opening and its last moves and play its middle over the table's websocket, which keeps CI
short; this runs the same tests with SEQUENZA_WHOLE_GAMES=1, so that every move goes through
the page, and fails as they fail. Wall time: a browser waits on the machine as much as on the
code, so compare runs made on the same quiet machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = {
    "clicks": "tests/app/web/test_browser.py::test_a_whole_game_through_the_page",
    "keys": "tests/app/web/test_accessibility.py::test_a_whole_game_by_keyboard_alone",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", default="", help="pytest's -k: which games (default: all)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.xml"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        command += [f"--junitxml={report}", *TESTS.values()]
        if arguments.k:
            command += ["-k", arguments.k]
        env = {**os.environ, "SEQUENZA_WHOLE_GAMES": "1"}
        finished = subprocess.run(command, cwd=ROOT, env=env, check=False)
        print("| by | game | seconds | outcome |")
        print("|---|---|---:|---|")
        for case in ElementTree.parse(report).iter("testcase"):
            by = "clicks" if "through_the_page" in case.get("name", "") else "keys"
            game = case.get("name", "").partition("[")[2].rstrip("]")
            outcome = "failed" if case.find("failure") is not None else "passed"
            if case.find("skipped") is not None:
                outcome = "skipped"
            print(f"| {by} | {game} | {float(case.get('time', 0)):.1f} | {outcome} |")
    sys.exit(finished.returncode)


if __name__ == "__main__":
    main()
