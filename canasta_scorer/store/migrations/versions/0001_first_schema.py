"""First schema: players, matches, sides, hands and the change log for undo.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "match",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("house_rules", sa.Text(), nullable=False),
        sa.Column("target", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hand_count", sa.Integer(), nullable=False),
        sa.Column("running_totals", sa.Text(), nullable=False),
        sa.Column("winner", sa.String(length=80), nullable=True),
        sa.Column("margin", sa.Integer(), nullable=True),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_match_created_at"), ["created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_match_fingerprint"), ["fingerprint"], unique=False)
        batch_op.create_index(batch_op.f("ix_match_status"), ["status"], unique=False)

    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key"),
    )
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("entry", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id", "number"),
    )
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_hand_match_id"), ["match_id"], unique=False)

    op.create_table(
        "match_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("description", sa.String(length=200), nullable=False),
        sa.Column("before", sa.Text(), nullable=False),
        sa.Column("after", sa.Text(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id", "seq"),
    )
    with op.batch_alter_table("match_change", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_match_change_match_id"), ["match_id"], unique=False)

    op.create_table(
        "match_side",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("start_score", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id", "seat"),
    )
    with op.batch_alter_table("match_side", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_match_side_match_id"), ["match_id"], unique=False)

    op.create_table(
        "match_side_player",
        sa.Column("side_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(["side_id"], ["match_side.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("side_id", "seat"),
    )
    with op.batch_alter_table("match_side_player", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_match_side_player_player_id"), ["player_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("match_side_player", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_match_side_player_player_id"))

    op.drop_table("match_side_player")
    with op.batch_alter_table("match_side", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_match_side_match_id"))

    op.drop_table("match_side")
    with op.batch_alter_table("match_change", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_match_change_match_id"))

    op.drop_table("match_change")
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_hand_match_id"))

    op.drop_table("hand")
    op.drop_table("player")
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_match_status"))
        batch_op.drop_index(batch_op.f("ix_match_fingerprint"))
        batch_op.drop_index(batch_op.f("ix_match_created_at"))

    op.drop_table("match")
