"""The database tables (SQLModel table models), kept apart from the rules models.

A hand is stored as the entry the players made: the match file's hand object
(docs/file-format.md), as JSON text, validated by `canasta_scorer.rules.MatchHand` on
the way in and out. Totals, minimums and the winner are always recomputed through
`canasta_scorer.rules`; the ``running_totals``/``winner``/``margin``/``status``
columns of a match are a cache for fast listing, rewritten on every save. So are the
``match_player`` and ``match_partnership`` rows: what each match adds to each player's
and partnership's statistics (`canasta_scorer.rules.match_tallies`), and the index that
finds a player's matches newest first.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlmodel import Field, SQLModel

__all__ = [
    "ChangeRow",
    "DraftRow",
    "HandRow",
    "MatchPartnershipRow",
    "MatchPlayerRow",
    "MatchRow",
    "PartnershipFilterTotalsRow",
    "PartnershipTotalsRow",
    "PlayerFilterTotalsRow",
    "PlayerRow",
    "PlayerTotalsRow",
    "RuleSetRow",
    "SidePlayerRow",
    "SideRow",
    "utcnow",
]


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


def _when(*, nullable: bool = False, index: bool = False) -> Column[datetime]:
    return Column(DateTime(timezone=True), nullable=nullable, index=index)


def _kept_as(length: int) -> Column[str]:
    # The match's variant or status a kept row is counted under (migration 0006).
    return Column(String(length), nullable=False, server_default="")


#: ``among_id`` of the filter totals over every match (no player filter).
EVERY_MATCH = 0


class PlayerRow(SQLModel, table=True):
    """A player remembered across matches; ``key`` is the name folded for matching."""

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=80)
    key: str = Field(max_length=80, unique=True)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class MatchRow(SQLModel, table=True):
    """A match: its rules, its state cache and its version for optimistic locking."""

    __tablename__ = "match"
    __table_args__ = (
        # The newest matches of one status or one variant (migration 0003).
        Index("ix_match_status_created_at", "status", "created_at"),
        Index("ix_match_variant_created_at", "variant", "created_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    variant: str = Field(max_length=40)
    house_rules: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    target: int | None = None
    #: The score from which the initial meld minimum is 150 (rules §3 O13), where the
    #: match sets one; ``None``: the variant's (migration 0009).
    top_tier_from: int | None = None
    status: str = Field(default="in_progress", max_length=20)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when(index=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_when())
    finished_at: datetime | None = Field(default=None, sa_column=_when(nullable=True))
    deleted_at: datetime | None = Field(default=None, sa_column=_when(nullable=True))
    version: int = 1
    hand_count: int = 0
    running_totals: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    #: Version of the statistics kept for this match (``match_player`` and
    #: ``match_partnership``); ``None`` or an older one: to be computed again.
    stats_version: int | None = Field(default=None, index=True)
    winner: str | None = Field(default=None, max_length=80)
    margin: int | None = None
    fingerprint: str = Field(max_length=64, index=True)


class SideRow(SQLModel, table=True):
    """A side of a match, in seat order."""

    __tablename__ = "match_side"
    __table_args__ = (UniqueConstraint("match_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("match.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    seat: int
    name: str = Field(max_length=80)
    start_score: int = 0


class SidePlayerRow(SQLModel, table=True):
    """A player of a side, in seat order within the side."""

    __tablename__ = "match_side_player"

    side_id: int = Field(
        sa_column=Column(Integer, ForeignKey("match_side.id", ondelete="CASCADE"), primary_key=True)
    )
    seat: int = Field(primary_key=True)
    player_id: int = Field(
        sa_column=Column(Integer, ForeignKey("player.id"), nullable=False, index=True)
    )


class HandRow(SQLModel, table=True):
    """One hand of a match as the players entered it (the contract's hand object)."""

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("match.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    number: int
    entry: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class ChangeRow(SQLModel, table=True):
    """One change to a match's hands, for undo and redo: the hands before and after."""

    __tablename__ = "match_change"
    __table_args__ = (UniqueConstraint("match_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("match.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    seq: int
    description: str = Field(max_length=200)
    before: str = Field(sa_column=Column(Text, nullable=False))
    after: str = Field(sa_column=Column(Text, nullable=False))
    undone: bool = False
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class DraftRow(SQLModel, table=True):
    """A hand being entered on one device (tab) and not saved yet (the app keeps what
    was typed). Each device keeps its own row, so two devices entering the same hand
    never overwrite each other: ``stamp`` names this version of the entry and ``base``
    the version it was made from (another device's, when it was taken from there)."""

    __tablename__ = "device_draft"

    match_id: int = Field(
        sa_column=Column(Integer, ForeignKey("match.id", ondelete="CASCADE"), primary_key=True)
    )
    writer: str = Field(default="", sa_column=Column(String(32), primary_key=True))
    draft: str = Field(sa_column=Column(Text, nullable=False))
    stamp: str = Field(default="", sa_column=Column(String(32), nullable=False))
    base: str = Field(default="", sa_column=Column(String(32), nullable=False))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class MatchPlayerRow(SQLModel, table=True):
    """A player of a match: what the match adds to the player's statistics (kept, and
    rewritten through the rules engine on every change of the match), and, indexed by
    player and time, the way to the player's matches newest first.

    The counts are those of `canasta_scorer.rules.PlayerTally`; ``created_at`` is the
    match's, and ``variant`` and ``status`` are the match's when the row was kept: the
    filter totals it is counted in.
    """

    __tablename__ = "match_player"
    __table_args__ = (
        Index("ix_match_player_player_created", "player_id", "created_at", "match_id"),
        # A player's best hand among the matches of one variant and status (0006).
        Index("ix_match_player_player_variant_status", "player_id", "variant", "status"),
    )

    match_id: int = Field(
        sa_column=Column(Integer, ForeignKey("match.id", ondelete="CASCADE"), primary_key=True)
    )
    player_id: int = Field(sa_column=Column(Integer, ForeignKey("player.id"), primary_key=True))
    created_at: datetime = Field(sa_column=_when())
    variant: str = Field(default="", sa_column=_kept_as(40))
    status: str = Field(default="", sa_column=_kept_as(20))
    played: int = 0
    in_progress: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0
    best_hand: int | None = None
    card_hands: int = 0
    quick_hands: int = 0
    canastas: int = 0
    went_out: int = 0


class MatchPartnershipRow(SQLModel, table=True):
    """Partners of a match (a side of two or more players): what the match adds to the
    partnership's statistics. ``key`` is the partners' folded names, sorted, joined by
    ``|``; ``players`` their names as written, as a JSON list."""

    __tablename__ = "match_partnership"

    match_id: int = Field(
        sa_column=Column(Integer, ForeignKey("match.id", ondelete="CASCADE"), primary_key=True)
    )
    key: str = Field(primary_key=True, max_length=600)
    players: str = Field(sa_column=Column(Text, nullable=False))
    variant: str = Field(default="", sa_column=_kept_as(40))
    status: str = Field(default="", sa_column=_kept_as(20))
    played: int = 0
    in_progress: int = 0
    won: int = 0


class PlayerTotalsRow(SQLModel, table=True):
    """A player's statistics over every match not deleted: the sums of the player's
    ``match_player`` rows, kept up to date by the store in the transaction that changes
    a match, so the statistics of the whole store are read, not added up."""

    __tablename__ = "player_totals"

    player_id: int = Field(
        sa_column=Column(Integer, ForeignKey("player.id"), primary_key=True, autoincrement=False)
    )
    played: int = 0
    in_progress: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0
    best_hand: int | None = None
    card_hands: int = 0
    quick_hands: int = 0
    canastas: int = 0
    went_out: int = 0


class PartnershipTotalsRow(SQLModel, table=True):
    """A partnership's statistics over every match not deleted (see `PlayerTotalsRow`)."""

    __tablename__ = "partnership_totals"

    key: str = Field(primary_key=True, max_length=600)
    players: str = Field(sa_column=Column(Text, nullable=False))
    played: int = 0
    in_progress: int = 0
    won: int = 0


class PlayerFilterTotalsRow(SQLModel, table=True):
    """A player's statistics over the matches of one variant and one status, among every
    match (``among_id`` `EVERY_MATCH`) or among one player's matches (``among_id`` that
    player's id): the sums of the ``match_player`` rows of those matches not deleted,
    kept up to date like `PlayerTotalsRow`. The statistics screen's filters (player,
    variant, status) add up a handful of these rows instead of a row per match."""

    __tablename__ = "player_filter_totals"

    among_id: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    variant: str = Field(primary_key=True, max_length=40)
    status: str = Field(primary_key=True, max_length=20)
    player_id: int = Field(
        sa_column=Column(Integer, ForeignKey("player.id"), primary_key=True, autoincrement=False)
    )
    played: int = 0
    in_progress: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0
    best_hand: int | None = None
    card_hands: int = 0
    quick_hands: int = 0
    canastas: int = 0
    went_out: int = 0


class PartnershipFilterTotalsRow(SQLModel, table=True):
    """A partnership's statistics over the matches of one variant and one status, among
    every match or one player's (see `PlayerFilterTotalsRow`)."""

    __tablename__ = "partnership_filter_totals"

    among_id: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    variant: str = Field(primary_key=True, max_length=40)
    status: str = Field(primary_key=True, max_length=20)
    key: str = Field(primary_key=True, max_length=600)
    players: str = Field(sa_column=Column(Text, nullable=False))
    played: int = 0
    in_progress: int = 0
    won: int = 0


class RuleSetRow(SQLModel, table=True):
    """A named set of house rules the family plays by, picked in one tap on the
    new-match form; ``key`` is the name folded for matching, ``house_rules`` a JSON
    list of house-rule ids (rules §3)."""

    __tablename__ = "house_rule_set"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=80)
    key: str = Field(max_length=80, unique=True)
    house_rules: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_when())
