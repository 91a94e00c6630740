"""A learner's hints: ``learner_hints``, whether a table shows its players, once a card is
picked, every place it can go and what puts it there (Sequence Numbers: the sum). A teacher
turns it on as the table is made; off for every table made before.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, which SQLite does in place (see 0003).
    op.add_column(
        "sequenza_tables",
        sa.Column("learner_hints", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("sequenza_tables", "learner_hints")
