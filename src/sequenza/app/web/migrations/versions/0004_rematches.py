"""A finished table points to its rematch, so that every player finds the new table.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("sequenza_tables", sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("sequenza_tables", "rematch")
