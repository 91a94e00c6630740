"""What the web tests share: a fresh SQLite database and a live server on it, and a fresh
PostgreSQL database in the cluster that ``.ci/run`` starts."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.app.web.server_harness import LiveServer, live_server


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
