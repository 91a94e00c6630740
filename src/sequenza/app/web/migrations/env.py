"""Alembic runs the migrations on the connection that ``sequenza.app.web.schema`` hands it."""

from __future__ import annotations

from alembic import context

from sequenza.app.web.storage import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
