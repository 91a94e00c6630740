"""Tables listed in the lobby only when their creator chose "anyone may watch"; every table
written before stays private.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, which SQLite does in place (a batch copy of the table would trip
    # over the seats' and moves' foreign keys).
    op.add_column(
        "sequenza_tables",
        sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("sequenza_tables", "listed")
