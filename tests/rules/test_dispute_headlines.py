"""The headline answer of each dispute question follows the house rules chosen: it never
offers a way a house rule forbids (rules §1.8, §1.9, §1.7, §1.3; §3 H3, H4, H5, O2, O6,
O7, O11). One table: the house rules, the question and its situation, the headline."""

from __future__ import annotations

import pytest

from canasta_scorer.rules import (
    Card,
    FirstMeldSituation,
    GoOutSituation,
    MeldSituation,
    PileSituation,
    Situation,
    parse_cards,
    parse_meld,
    rule_set,
    settle,
)

H3 = "two-naturals-to-take"
H4 = "no-pile-for-finished-canasta"
O6 = "go-out-without-canastas"
K = Card.KING


def _pile(hand: str, *melds: str, **more: object) -> PileSituation:
    return PileSituation(
        top=K,
        hand=parse_cards(hand),
        side_melds=tuple(parse_meld(m) for m in melds),
        side_has_melded=more.pop("side_has_melded", True),  # type: ignore[arg-type]
        **more,  # type: ignore[arg-type]
    )


TABLE: list[tuple[str, tuple[str, ...], str, Situation, str]] = [
    # (id, house rules, question, situation, headline)
    (
        "pile-no-way-classic",
        (),
        "pile",
        _pile("Q"),
        "No: you need two natural Ks, or a K and a wild card, or a meld of Ks on the table.",
    ),
    (
        "pile-h3-natural-and-wild-not-offered",
        (H3,),
        "pile",
        _pile("K 2 Q"),
        "No: you need two natural Ks or a meld of Ks on the table.",
    ),
    (
        "pile-h4-finished-canasta-not-offered",
        (H4,),
        "pile",
        _pile("Q", "K K K K K K K"),
        "No: you need two natural Ks or a K and a wild card: the top card may not go onto "
        "your finished canasta of Ks.",
    ),
    (
        "pile-h4-no-meld-only-an-unfinished-one",
        (H4,),
        "pile",
        _pile("Q"),
        "No: you need two natural Ks, or a K and a wild card, or a meld of Ks on the table "
        "that is not yet a canasta.",
    ),
    (
        "pile-h3-h4-no-meld",
        (H3, H4),
        "pile",
        _pile("K 2 Q"),
        "No: you need two natural Ks or a meld of Ks on the table that is not yet a canasta.",
    ),
    (
        "pile-h3-h4-finished-canasta-pair-only",
        (H3, H4),
        "pile",
        _pile("K 2 Q", "K K K K K 2 2"),
        "No: you need two natural Ks: the top card may not go onto your finished canasta of Ks.",
    ),
    (
        "pile-h4-finished-canasta-with-3-wild-cards-pair-only",
        (H4,),
        "pile",
        _pile("K 2 Q", "K K K K 2 2 JK"),
        "No: you need two natural Ks: the top card may not go onto your finished canasta of Ks.",
    ),
    (
        "pile-h4-natural-and-wild-still-take-it",
        (H4,),
        "pile",
        _pile("K 2 Q", "K K K K K 2 2"),
        "Yes: meld the top K with your K and a wild card, then take the rest of the pile.",
    ),
    (
        "pile-h3-onto-meld-still-takes-it",
        (H3,),
        "pile",
        _pile("K 2 Q", "K K K"),
        "Yes: add the top K to your side's meld of Ks, then take the rest of the pile.",
    ),
    (
        "pile-no-card-left-classic",
        (),
        "pile",
        _pile("K 2", pile_size=1),
        "No: you would have no card to keep after your discard, and your side may not go out yet.",
    ),
    (
        "pile-o6-going-out-always-allowed",
        (O6,),
        "pile",
        _pile("K 2", pile_size=1),
        "Yes: meld the top K with your K and a wild card, then take the rest of the pile.",
    ),
    (
        "pile-o6-first-meld-may-use-the-whole-hand",
        (O6, "no-initial-minimum"),
        "pile",
        _pile("K K", pile_size=1, side_has_melded=False),
        "Yes: meld the top K with your two natural Ks, then take the rest of the pile.",
    ),
    (
        "pile-first-meld-must-leave-a-card",
        ("no-initial-minimum",),
        "pile",
        _pile("K K", pile_size=1, side_has_melded=False),
        "No: every first meld you could make would leave you no card after your discard, and "
        "your side may not go out.",
    ),
    (
        "go-out-o6-without-the-bonus",
        (O6,),
        "go-out",
        GoOutSituation(table_melds=(parse_meld("5 5 5"),), this_turn=(parse_meld("Q Q Q"),)),
        "Yes, but without the going-out bonus.",
    ),
    (
        "go-out-o2-partner-melded-not-concealed",
        ("concealed-team-level",),
        "go-out",
        GoOutSituation(this_turn=(parse_meld("K K K K K K K"),), player_has_melded=False),
        "Yes: going out scores 100.",
    ),
    (
        "go-out-o11-two-canastas",
        ("cutthroat-two-canastas",),
        "go-out",
        GoOutSituation(this_turn=(parse_meld("K K K K K K K"),)),
        "No: your side has 1 canasta after this turn; going out needs 2: keep at least one "
        "card after discarding.",
    ),
    (
        "first-meld-o7-not-enforced",
        ("no-initial-minimum",),
        "first-meld",
        FirstMeldSituation(melds=(parse_meld("K K K"),), side_score=1500),
        "Yes: 30 points; the minimum of 90 is not enforced.",
    ),
    (
        "meld-h5-wild-meld-legal",
        ("wild-card-melds",),
        "meld",
        MeldSituation(meld=parse_meld("2 2 JK")),
        "Yes: 2 2 JK is a legal meld worth 90 points.",
    ),
    (
        "meld-wild-meld-without-h5",
        (),
        "meld",
        MeldSituation(meld=parse_meld("2 2 JK")),
        "No: 2 2 JK is only wild cards: a meld needs at least 2 natural cards (wild-card melds "
        "are a house rule, off here).",
    ),
]


@pytest.mark.parametrize(
    ("house_rules", "question", "situation", "headline"),
    [pytest.param(*row[1:], id=row[0]) for row in TABLE],
)
def test_the_headline_follows_the_house_rules(
    house_rules: tuple[str, ...], question: str, situation: Situation, headline: str
) -> None:
    variant = "three-player-cutthroat" if "cutthroat-two-canastas" in house_rules else "classic"
    verdict = settle(question, situation, rule_set(variant, house_rules))
    assert verdict.answer == headline
    assert verdict.allowed is headline.startswith("Yes")
