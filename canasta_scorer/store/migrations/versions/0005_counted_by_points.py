"""Whose cards left were counted by points: from the hand's note to its own field.

The names were written as the last line of a hand's note (``cards left counted by
points: South, East``) and read back with a regular expression; they are now the
hand entry's ``counted_by_points`` list. Each stored hand whose note ends with that
line has it moved out (the note keeps the rest, or goes when nothing is left). The
rules still read the older form, so undo history written before is read the same.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from canasta_scorer.rules import COUNTED_NOTE, split_counted_note

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_HAND = sa.table("hand", sa.column("id", sa.Integer), sa.column("entry", sa.Text))


def upgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_HAND.c.id, _HAND.c.entry).where(_HAND.c.entry.like(f"%{COUNTED_NOTE}%"))
    ).all()
    for hand_id, entry in rows:
        data = json.loads(entry)
        note = data.get("note")
        if not isinstance(note, str) or "counted_by_points" in data:
            continue
        rest, names = split_counted_note(note)
        if not names:
            continue
        data.pop("note")
        if rest:
            data["note"] = rest
        data["counted_by_points"] = list(names)
        connection.execute(
            sa.update(_HAND)
            .where(_HAND.c.id == hand_id)
            .values(entry=json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        )


def downgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_HAND.c.id, _HAND.c.entry).where(_HAND.c.entry.like('%"counted_by_points"%'))
    ).all()
    for hand_id, entry in rows:
        data = json.loads(entry)
        names = data.pop("counted_by_points", [])
        if names:
            line = COUNTED_NOTE + ", ".join(names)
            data["note"] = f"{data['note']}\n{line}" if data.get("note") else line
        connection.execute(
            sa.update(_HAND)
            .where(_HAND.c.id == hand_id)
            .values(entry=json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        )
