"""Names and one-line descriptions the screens show for variants and house rules, and
the words for a database that cannot be used."""

from __future__ import annotations

import logging

from canasta_scorer import i18n
from canasta_scorer.i18n import _, change_words
from canasta_scorer.rules import HOUSE_RULE_INFO, VARIANT_INFO, Variant, VariantInfo
from canasta_scorer.store import (
    StoreBusyError,
    StoreError,
    StoreFaultError,
    StoreFullError,
    StoreReadOnlyError,
)

__all__ = [
    "HOUSE_RULE_TITLES",
    "change_words",
    "house_rule_choices",
    "house_rule_title",
    "store_problem",
    "variant_choices",
    "variant_summary",
]


def variant_choices() -> list[tuple[str, str, str]]:
    """Every variant: id, title, one-line description."""
    return [(info.id.value, _(info.title), _described(info)) for info in VARIANT_INFO.values()]


def _described(info: VariantInfo, target: str = "{target}", top_tier: int | None = None) -> str:
    """A variant's line (rules §2) in the language in force, its numbers in the
    language's form; ``target`` words the points that end the match, ``top_tier`` is
    the score of the minimum of 150 a match sets (the variant's when ``None``)."""
    return _(info.description).format(
        cards=i18n.number(info.packs * 54),
        target=target.format(target=i18n.number(info.target)),
        top_tier_from=i18n.number(top_tier or info.top_tier_from or 0),
    )


def house_rule_choices() -> list[tuple[str, str, str]]:
    """Every house rule: id, its reference in rules §3 (H1, O4 …), short explanation."""
    return [(info.id.value, info.ref, _(info.description)) for info in HOUSE_RULE_INFO.values()]


#: Each house rule in a few words of the game (a switch label fits a phone).
HOUSE_RULE_TITLES: dict[str, str] = {info.id.value: info.title for info in HOUSE_RULE_INFO.values()}


def house_rule_title(rule: str) -> str:
    """A house rule in a few words ("Black three freezes the pile"); an unknown id is
    named by its id in words."""
    title = HOUSE_RULE_TITLES.get(rule)
    return _(title) if title else rule.replace("-", " ").capitalize()


def variant_summary(variant: Variant | str, top_tier: int | None = None) -> str:
    """A variant in one line, its target named as such ("…; target 5,000"); with
    ``top_tier``, the score of its minimum of 150 that a match sets (rules §3 O13)."""
    return _described(VARIANT_INFO[Variant(variant)], _("target {target}"), top_tier)


def store_problem(error: StoreError) -> str:
    """What a player is told when the database refuses a change: plain words, never a
    server path or a driver's message (those go to the server's log: one WARNING line
    with what the store said for a database busy, full or read-only, which are
    expected and need no traceback; an ERROR for any other failure).

    Args:
        error: what the store raised.

    Returns:
        One or two sentences ending in what to do.
    """
    log = logging.getLogger("canasta_scorer")
    if isinstance(error, StoreBusyError | StoreFullError | StoreReadOnlyError):
        log.warning("the store refused a change: %s", error)
    if isinstance(error, StoreBusyError):
        return _(
            "The scores are busy: another program is saving to them. Nothing was "
            "changed; try again in a moment."
        )
    if isinstance(error, StoreFullError):
        return _(
            "There is no room left to save on the computer serving the app. Nothing was changed."
        )
    if isinstance(error, StoreReadOnlyError):
        return _("The computer serving the app cannot write the scores. Nothing was changed.")
    if not isinstance(error, StoreFaultError):
        return str(error)  # about the match itself (nothing to undo …), in the game's words
    log.error("the store refused a change: %s", error)
    return _(
        "The scores could not be saved (the details are in the log of the computer "
        "serving the app). Nothing was changed."
    )
