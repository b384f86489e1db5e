"""Drafts per device: each device (tab) entering a hand keeps its own draft, with the
version it is (``stamp``) and the version it was made from (``base``), so two devices
entering the same hand never overwrite each other.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "device_draft",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("writer", sa.String(length=32), nullable=False),
        sa.Column("draft", sa.Text(), nullable=False),
        sa.Column("stamp", sa.String(length=32), nullable=False),
        sa.Column("base", sa.String(length=32), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("match_id", "writer"),
    )
    op.execute(
        "INSERT INTO device_draft (match_id, writer, draft, stamp, base, updated_at) "
        "SELECT match_id, '', draft, '', '', updated_at FROM hand_draft"
    )
    op.drop_table("hand_draft")


def downgrade() -> None:
    op.create_table(
        "hand_draft",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("draft", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("match_id"),
    )
    op.execute(
        "INSERT INTO hand_draft (match_id, draft, updated_at) "
        "SELECT d.match_id, d.draft, d.updated_at FROM device_draft d "
        "WHERE d.writer = (SELECT min(e.writer) FROM device_draft e "
        "WHERE e.match_id = d.match_id AND e.updated_at = "
        "(SELECT max(f.updated_at) FROM device_draft f WHERE f.match_id = d.match_id))"
    )
    op.drop_table("device_draft")
