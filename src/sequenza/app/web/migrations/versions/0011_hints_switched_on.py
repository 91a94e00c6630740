"""Hints switched on during a game: ``hints_from`` is the turn at which a person switched them
on, where that is allowed (every person at one screen, or one person against bots), so that
the game's record says from when its players could ask for hints. Empty for a table made with
hints, or without.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, which SQLite does in place (see 0003).
    op.add_column("sequenza_tables", sa.Column("hints_from", sa.Integer, nullable=True))


def downgrade() -> None:
    op.drop_column("sequenza_tables", "hints_from")
