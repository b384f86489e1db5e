"""Listing indexes: matches of one status or one variant, newest first, stay fast.

With ``status`` alone indexed, listing the matches in progress scanned every match by
date (SQLite's plan: ``SCAN match USING INDEX ix_match_created_at``): 31 ms with
100,000 finished matches, growing with the store. (status, created_at) and (variant,
created_at) let the newest 50 of a status or a variant be read straight from an index;
the first replaces the index on ``status`` alone.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.create_index("ix_match_status_created_at", ["status", "created_at"], unique=False)
        batch_op.create_index(
            "ix_match_variant_created_at", ["variant", "created_at"], unique=False
        )
        batch_op.drop_index("ix_match_status")


def downgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.create_index("ix_match_status", ["status"], unique=False)
        batch_op.drop_index("ix_match_variant_created_at")
        batch_op.drop_index("ix_match_status_created_at")
