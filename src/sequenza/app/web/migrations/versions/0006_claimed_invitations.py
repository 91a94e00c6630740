"""An invited seat is claimed once: the creator receives an invitation code, whose hash the seat
keeps (``invite_hash``), and the friend who opens it gets a fresh token the creator never saw
(``token_hash`` stays empty until then). A table remembers a hash of the address that created
it (``creator``), so that processes sharing a database count one address's new tables together.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs, which SQLite does in place (see 0003). Seats invited before this version
    # keep the token their creator holds: the server cannot take back a link already handed out.
    op.add_column("sequenza_seats", sa.Column("invite_hash", sa.String(64), nullable=True))
    op.add_column("sequenza_tables", sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("ix_sequenza_tables_creator", "sequenza_tables", ["creator", "created"])


def downgrade() -> None:
    op.drop_index("ix_sequenza_tables_creator", "sequenza_tables")
    op.drop_column("sequenza_tables", "creator")
    op.drop_column("sequenza_seats", "invite_hash")
