"""A finished game's reviews: ``sequenza_reviews`` keeps each seat's review once a bot worker
worked it out (``review.Review.to_json()``, the moves unworded: each request words them in its
own language), so that a server started again, or another process on the same database, serves
it instead of working it out again. Games reviewed before have none, and are worked out on the
next request as before.

A review holds at most ``review.MAX_DECISIONS`` (60) moves of its seat, each two action texts
(at most 200 characters each, as ``sequenza_moves`` holds them) and three numbers: about 32 KB
at most, never more than a game's length; ``storage.REVIEW_MOST_CHARS`` refuses anything longer.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A table of its own, not a column of ``sequenza_seats`` or ``sequenza_tables``: those
    # are read with every table, and a review only when a player asks for it (see 0010).
    op.create_table(
        "sequenza_reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("review", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sequenza_reviews")
