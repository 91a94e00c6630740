"""A player's own history: a browser keeps a secret player key (no password, no e-mail), and
each seat a socket holding that key joins is remembered for it (``sequenza_player_seats``,
keyed by the SHA-256 of the key, never the key), so that its "My games" page lists the games
it played.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sequenza_player_seats",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sequenza_player_seats")
