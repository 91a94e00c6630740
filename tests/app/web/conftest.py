"""What the web tests share: a fresh SQLite database and a live server on it, a fresh
PostgreSQL database in the cluster that ``.ci/run`` starts, and one Chromium for every browser
test module (its pages lent and taken back clean: ``browser_pages``)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tests.app.web.browser_pages import PAGES
from tests.app.web.server_harness import LiveServer, live_server

#: Debian's Chromium, which the browser tests drive through Playwright.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Every page of the tests comes from one local origin, so site isolation guards nothing
    # here: without it, and with one renderer process for all the pages (contexts) of a
    # module, Chromium starts and feeds fewer processes. The features turned off are services
    # no test uses (translation, hints fetched from Google, casting, the back-forward cache).
    # test_accessibility.py's processes: about 8% less CPU (Chromium's 10%). Not
    # --single-process, though it saves a little more: Chromium calls it unsupported, and it
    # is fragile with several browser contexts, which the tests open (two people at one
    # table, a page of each language).
    "--disable-features=Translate,OptimizationHints,MediaRouter,BackForwardCache,"
    "IsolateOrigins,site-per-process",
    "--disable-site-isolation-trials",
    "--renderer-process-limit=1",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for a module's tests, its pages lent and taken back (``browser_pages``).
    Not one for the whole test process: Playwright's synchronous API keeps an event loop
    running in the test's thread while it is open, and a later test that runs its own
    (``asyncio.run``) would find it there."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        PAGES.forget(launched)
        launched.close()


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def server(database: str) -> Iterator[LiveServer]:
    with live_server(database) as running:
        yield running


@contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """A new database in the test cluster (``SEQUENZA_TEST_POSTGRES``), dropped afterwards.
    Without a cluster the test is skipped, except under CI, which must provide one."""
    admin_url = os.environ.get("SEQUENZA_TEST_POSTGRES")
    if not admin_url:
        if os.environ.get("CI"):
            pytest.fail("CI must provide PostgreSQL: SEQUENZA_TEST_POSTGRES is not set")
        pytest.skip("no PostgreSQL here: set SEQUENZA_TEST_POSTGRES (see .ci/postgres)")
    name = f"test_{secrets.token_hex(6)}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield str(sa.engine.make_url(admin_url).set(database=name).render_as_string(False))
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture
def postgres() -> Iterator[str]:
    with fresh_postgres_database() as url:
        yield url
