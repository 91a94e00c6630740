"""A table's history holds more than moves: resignations, time-outs, a bot's move for an absent
seat, requests to take back and their answers. Each row says what it is (``kind``; every row
written before is a move) and the seconds it charged to a clock (``elapsed``). A table keeps
its clock's settings (``clock``, JSON; none before).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs, which SQLite does in place (see 0003).
    op.add_column(
        "sequenza_moves",
        sa.Column("kind", sa.String(16), nullable=False, server_default="move"),
    )
    op.add_column("sequenza_moves", sa.Column("elapsed", sa.Float, nullable=True))
    op.add_column("sequenza_tables", sa.Column("clock", sa.Text, nullable=True))


def downgrade() -> None:
    op.drop_column("sequenza_tables", "clock")
    op.drop_column("sequenza_moves", "elapsed")
    op.drop_column("sequenza_moves", "kind")
