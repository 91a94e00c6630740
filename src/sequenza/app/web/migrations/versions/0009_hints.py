"""Hints: whether a table lets its players ask what the strongest bot would play (``hints``,
off for every table made before), and how many hints each seat asked for (``hints_used``, 0
before), which the table's record and its end screen show.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs with defaults, which SQLite does in place (see 0003).
    op.add_column(
        "sequenza_tables",
        sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column(
        "sequenza_seats",
        sa.Column("hints_used", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_column("sequenza_seats", "hints_used")
    op.drop_column("sequenza_tables", "hints")
