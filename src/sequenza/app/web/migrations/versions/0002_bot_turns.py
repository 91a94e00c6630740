"""Bot turns claimed by one server process at a time, for a while (several processes share
one database: each bot move is thought out once).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sequenza_bot_turns",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sequenza_bot_turns")
