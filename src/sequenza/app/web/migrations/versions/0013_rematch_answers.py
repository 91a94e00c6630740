"""Each seat's answer to a rematch: ``rematch_answer`` on ``sequenza_seats``, "accept" or
"decline" (empty: no answer yet, and for every answer given before). A server started again,
or another process reading the table, shows the offer with the answers it had.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, which SQLite does in place (see 0003). A column of each seat, not
    # one of the table: two people answering at once on two processes write two rows.
    op.add_column("sequenza_seats", sa.Column("rematch_answer", sa.String(8), nullable=True))


def downgrade() -> None:
    op.drop_column("sequenza_seats", "rematch_answer")
