"""A finished game's last look, and who offered its rematch.

``sequenza_finals`` keeps, for each game that ended, what its screens show at the end (every
seat's view, the public view, the table's log, who was out, the clocks), saved with the last
entry: the first look at a long finished game reads it instead of replaying every move. A game
that ended before has no row and is replayed as before.

``rematch_by`` is the seat that offered the rematch (empty before, and for a table with no
rematch): a restarted server names the offerer again.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, which SQLite does in place (see 0003).
    op.add_column("sequenza_tables", sa.Column("rematch_by", sa.Integer, nullable=True))
    # A table of its own, not a column of ``sequenza_tables``: the lobby's lists read many
    # tables' rows and never need their last looks (a long game's is a hundred kilobytes).
    op.create_table(
        "sequenza_finals",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
        sa.Column("look", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sequenza_finals")
    op.drop_column("sequenza_tables", "rematch_by")
