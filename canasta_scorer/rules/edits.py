"""What a change to a match's hands does to the hands after it.

Editing (or deleting, or inserting) a hand changes the running totals from there
on, and with them each side's initial meld minimum in every later hand (rules
§1.7): a later hand that was entered correctly can stop meeting its minimum, or a
hand can now come after the match was already won. `check_edit` compares the
match before and after the change and lists, for the changed hands and for each
later hand, the rule errors the change brings (errors that were there before are
not the change's doing and are not listed).

>>> from canasta_scorer.rules import load_match
>>> before = load_match('{"sides": [{"name": "Us"}, {"name": "Them"}]}')
>>> check_edit(before, before).ok
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from .findings import Finding, Severity
from .match import score_match
from .records import MatchRecord

__all__ = ["EditCheck", "LaterHand", "check_edit"]


class LaterHand(BaseModel):
    """A hand after the change that the change makes break a rule.

    Attributes:
        number: its place in the match after the change (0 = the first hand).
        findings: the errors it would have, with paths from the match file's top
            (``hands[3].sides[1].melds`` …).
    """

    model_config = ConfigDict(frozen=True)

    number: int
    findings: tuple[Finding, ...]


class EditCheck(BaseModel):
    """What a change to a match's hands would break.

    Attributes:
        changed: the places of the changed (or inserted) hands after the change.
        errors: the rule errors of the changed hands themselves, and new errors about
            the whole match.
        later: each later, unchanged hand the change makes break a rule, in order.
    """

    model_config = ConfigDict(frozen=True)

    changed: tuple[int, ...]
    errors: tuple[Finding, ...]
    later: tuple[LaterHand, ...]

    @property
    def ok(self) -> bool:
        """True when the change breaks no rule anywhere in the match."""
        return not self.errors and not self.later


def _hand_of(where: str) -> tuple[int, str] | None:
    """(hand index, the rest of the path) of a ``hands[n]…`` path, else None."""
    if not where.startswith("hands["):
        return None
    end = where.find("]")
    index = where[len("hands[") : end]
    if end < 0 or not index.isdigit():
        return None
    return int(index), where[end + 1 :]


def _errors_by_hand(
    findings: Sequence[Finding],
) -> tuple[dict[int, list[Finding]], list[Finding]]:
    hands: dict[int, list[Finding]] = {}
    whole: list[Finding] = []
    for finding in findings:
        if finding.severity is not Severity.ERROR:
            continue
        place = _hand_of(finding.where)
        if place is None:
            whole.append(finding)
        else:
            hands.setdefault(place[0], []).append(finding)
    return hands, whole


def _key(finding: Finding) -> tuple[str, str, str]:
    place = _hand_of(finding.where)
    rest = place[1] if place else finding.where
    return rest, str(finding.code), finding.message


def check_edit(before: MatchRecord, after: MatchRecord) -> EditCheck:
    """What changing a match from ``before`` to ``after`` breaks.

    The changed hands are those between the hands both share at the start and the
    hands both share at the end (an edit changes one, an insert adds one, a delete
    removes one and changes none); every hand after them is a later hand, compared
    with the same hand before the change.

    Args:
        before: the match as it is (e.g. as stored).
        after: the match with the change made (any change to its hands).

    Returns:
        The `EditCheck`: errors of the changed hands, and each later hand that the
        change makes break a rule (e.g. a side no longer meets its initial meld
        minimum because its total before that hand went up, rules §1.7).
    """
    old, new = before.hands, after.hands
    shortest = min(len(old), len(new))
    prefix = 0
    while prefix < shortest and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < shortest - prefix and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]:
        suffix += 1
    first_later = len(new) - suffix
    shift = len(old) - len(new)
    old_hands, old_whole = _errors_by_hand(score_match(before).violations)
    new_hands, new_whole = _errors_by_hand(score_match(after).violations)
    errors: list[Finding] = []
    for number in range(prefix, first_later):
        errors += new_hands.get(number, [])
    known = {_key(f) for f in old_whole}
    errors += [f for f in new_whole if _key(f) not in known]
    later: list[LaterHand] = []
    for number in range(first_later, len(new)):
        found = new_hands.get(number)
        if not found:
            continue
        was = {_key(f) for f in old_hands.get(number + shift, [])}
        fresh = tuple(f for f in found if _key(f) not in was)
        if fresh:
            later.append(LaterHand(number=number, findings=fresh))
    return EditCheck(
        changed=tuple(range(prefix, first_later)), errors=tuple(errors), later=tuple(later)
    )
