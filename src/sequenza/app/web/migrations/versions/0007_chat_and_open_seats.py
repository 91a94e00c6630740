"""Table chat and open seats: each table keeps its chat lines (``sequenza_chat``: who said what,
at which turn and when), and whether its spectators may write in it (``spectator_chat``, off
for every table made before). An open seat is one more seat ``kind`` (``open``), taken by the
first visitor who asks: its ``token_hash`` stays empty until then, as an invited seat's does, so
no column is needed for it.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN with a default, which SQLite does in place (see 0003).
    op.add_column(
        "sequenza_tables",
        sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "sequenza_chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("phrase", sa.String(32), nullable=True),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sequenza_chat")
    op.drop_column("sequenza_tables", "spectator_chat")
