"""The score from which the initial meld minimum is 150, where a match sets one
(six players in two sides; docs/rules.md §3 O13): ``NULL`` keeps the variant's.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("match", sa.Column("top_tier_from", sa.Integer(), nullable=True))


def downgrade() -> None:
    # Not a batch (SQLite would copy the table and drop the old one, and dropping it
    # deletes every side and hand of every match through their foreign keys): SQLite
    # drops a plain column in place since 3.35.
    op.drop_column("match", "top_tier_from")
