"""check_edit: a change to one hand can make a later, unchanged hand break a rule
(its side's initial meld minimum follows the running total, rules §1.7)."""

from __future__ import annotations

import json

from canasta_scorer.rules import MatchRecord, check_edit, load_match, score_match

CLEAN_OUT = {"melds": ["K K K K K K K", "9 9 9 9 2"], "went_out": "out"}  # 730
BIG_OUT = {
    "melds": ["K K K K K K K", "9 9 9 9 9 9 9", "10 10 10 10 10 10 10", "6 6 6 6 6 6 6"],
    "went_out": "out",
}  # 2,345
NEVER_MELDED = {"left_in_hand": "4 5 9"}  # −20
SIXTY = {"melds": ["Q Q Q Q Q Q"], "left_in_hand": "4 5"}  # a first meld of 60 points


def match(*hands: list[dict[str, object]], start: tuple[int, int] = (0, 0)) -> MatchRecord:
    return load_match(
        json.dumps(
            {
                "sides": [
                    {"name": "Us", "start_score": start[0]},
                    {"name": "Them", "start_score": start[1]},
                ],
                "hands": [{"sides": sides} for sides in hands],
            }
        )
    )


def test_raising_an_early_total_breaks_a_later_first_meld() -> None:
    before = match([CLEAN_OUT, NEVER_MELDED], [SIXTY, CLEAN_OUT], [CLEAN_OUT, NEVER_MELDED])
    assert score_match(before).valid  # Us at 730: minimum 50, the 60 meets it
    after = match([BIG_OUT, NEVER_MELDED], [SIXTY, CLEAN_OUT], [CLEAN_OUT, NEVER_MELDED])
    check = check_edit(before, after)
    assert check.changed == (0,)
    assert check.errors == ()  # the edited hand itself is legal
    assert [hand.number for hand in check.later] == [1]  # Us at 2,345: minimum 90
    [finding] = check.later[0].findings
    assert finding.where.startswith("hands[1].sides[0]")
    assert "90" in finding.message
    assert not check.ok


def test_an_edit_that_keeps_every_later_hand_legal_is_ok() -> None:
    before = match([CLEAN_OUT, NEVER_MELDED], [SIXTY, CLEAN_OUT])
    after = match([NEVER_MELDED, CLEAN_OUT], [SIXTY, CLEAN_OUT])
    check = check_edit(before, after)
    assert check.ok and check.changed == (0,)


def test_deleting_a_hand_can_break_the_hands_that_move_up() -> None:
    # Us start at 1,510 (from a paper sheet), lose 20 in hand 1: 1,490, minimum 50
    before = match([NEVER_MELDED, CLEAN_OUT], [SIXTY, CLEAN_OUT], start=(1510, 0))
    assert score_match(before).valid
    # without hand 1, Us are at 1,510 before the 60: minimum 90
    after = match([SIXTY, CLEAN_OUT], start=(1510, 0))
    check = check_edit(before, after)
    assert check.changed == () and check.errors == ()
    assert [hand.number for hand in check.later] == [0]
    # deleting the last hand breaks nothing
    assert check_edit(before, match([NEVER_MELDED, CLEAN_OUT], start=(1510, 0))).ok


def test_inserting_a_hand_is_checked_like_an_edit() -> None:
    before = match([CLEAN_OUT, NEVER_MELDED], [SIXTY, CLEAN_OUT])
    after = match([CLEAN_OUT, NEVER_MELDED], [BIG_OUT, NEVER_MELDED], [SIXTY, CLEAN_OUT])
    check = check_edit(before, after)
    assert check.changed == (1,)
    assert [hand.number for hand in check.later] == [2]
