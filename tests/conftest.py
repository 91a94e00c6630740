"""The order of the run. CI runs the tests on several workers (``.ci/run`` says how many) with
``--dist loadfile`` (pyproject's addopts), each test file whole on one worker so that a file's
browser, server and tables are made once, and hands out the files in the order collected: the
longest files first, so that at the end the workers finish together instead of one waiting on
a long file. The longest runs of whole games are files of their own for the same reason."""

from __future__ import annotations

import pytest

#: The files that take longest, longest first (measured with --durations=0 on two workers);
#: every other file follows in its usual order. The Stacks conformance file, down to a few
#: seconds with five deals a player count, is one of those others now.
LONGEST_FIRST = [
    "tests/app/web/test_accessibility.py",
    "tests/app/web/test_browser.py",
    "tests/app/web/test_browser_games.py",
    "tests/app/web/test_audit.py",
    "tests/app/web/test_browser_languages.py",
    "tests/app/web/test_processes.py",
    "tests/app/web/test_server.py",
    "tests/app/web/test_fit.py",
    "tests/app/web/test_browser_modes.py",
    "tests/app/web/test_edges.py",
    "tests/app/web/test_browser_social.py",
    "tests/modes/test_identity.py",
    "tests/app/web/test_table_bounds.py",
    "tests/app/web/test_hardening.py",
    "tests/app/web/test_social.py",
    "tests/app/web/test_clarity.py",
    "tests/app/web/test_fuzz.py",
    "tests/app/web/test_bot_queue.py",
    "tests/sim/test_runner.py",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: index for index, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
