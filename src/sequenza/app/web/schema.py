"""The database schema's version, kept by Alembic (migrations in ``migrations/versions``).

A server opens a database only at the version of its own code: a new, empty database is
created at that version; an older one waits for ``sequenza db upgrade``, a newer one for a
newer Sequenza. A database written before versions were kept (the first web app, which
created its three tables itself) counts as the baseline, ``0001``.
"""

from __future__ import annotations

import functools
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection, Engine

BASELINE = "0001"
_MIGRATIONS = Path(__file__).parent / "migrations"


class SchemaError(Exception):
    """The database is at another schema version than this code; the message says what to do."""


def _config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.attributes["connection"] = connection
    return config


@functools.cache
def head() -> str:
    """The schema version of this code (its migration files read once)."""
    script = ScriptDirectory.from_config(_config(None))  # type: ignore[arg-type]
    version = script.get_current_head()
    assert version is not None
    return version


def current(connection: Connection) -> str | None:
    """The database's version: None for an empty database, the baseline for one written
    before versions were kept."""
    version = MigrationContext.configure(connection).get_current_revision()
    if version is None and sa.inspect(connection).has_table("sequenza_tables"):
        return BASELINE
    return version


#: The key of the PostgreSQL advisory lock that one process at a time holds while it reads the
#: schema's version and creates or upgrades the schema (any number fixed for this purpose).
_SCHEMA_LOCK = 0x5E9_0E2A


def _one_at_a_time(connection: Connection) -> None:
    """Wait until no other process creates or upgrades the schema, for the rest of this
    transaction. Replicas started together on an empty PostgreSQL database would otherwise
    each find no schema and create it, and all but one fail on the tables the first made.
    SQLite serves one process (its lock file refuses a second)."""
    if connection.dialect.name == "postgresql":
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})


def prepare(engine: Engine) -> None:
    """Create the schema in an empty database; refuse one at another version."""
    with engine.begin() as connection:
        _one_at_a_time(connection)
        version = current(connection)
        if version is None:
            command.upgrade(_config(connection), "head")
            return
    wanted = head()
    if version == wanted:
        return
    known = {
        revision.revision
        for revision in ScriptDirectory.from_config(
            _config(None)  # type: ignore[arg-type]
        ).walk_revisions()
    }
    url = engine.url.render_as_string(hide_password=True)
    if version in known:
        raise SchemaError(
            f"the database {url} has schema version {version}, older than this Sequenza's "
            f"{wanted}: back it up, then run `sequenza db upgrade --database {url}`"
        )
    raise SchemaError(
        f"the database {url} has schema version {version}, which this Sequenza does not know "
        f"(its own is {wanted}): it was written by a newer Sequenza; run that version"
    )


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Bring the database to this code's schema; returns its version before and after."""
    with engine.begin() as connection:
        _one_at_a_time(connection)
        before = current(connection)
        config = _config(connection)
        if (
            before == BASELINE
            and MigrationContext.configure(connection).get_current_revision() is None
        ):
            # Written by the first web app, before versions were kept: it is the baseline.
            command.stamp(config, BASELINE)
        command.upgrade(config, "head")
    return before, head()
