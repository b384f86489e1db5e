"""The rule checker at its edges: impossible situations answered no with their rule,
a score that cannot be read said in the answer's place, the house rules chosen from
home, and the rules every answer follows said under it."""

from __future__ import annotations

import json
from collections.abc import Callable

from canasta_scorer.rules import Card, load_match
from canasta_scorer.store import Store
from canasta_scorer.ui.checker_form import CheckerForm
from canasta_scorer.ui.state import Checker
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def _answer(form: CheckerForm) -> str:
    verdict, problems = form.verdict()
    assert verdict is not None, problems
    return verdict.answer


def test_ten_nines_and_a_pile_of_500_cards_are_not_a_yes() -> None:
    nines = CheckerForm(question="pile", top=Card.NINE, hand=(Card.NINE,) * 9, side_melded=True)
    assert _answer(nines) == "No: 10 9s in the cards described: the 108-card deck has 8."
    huge = nines.model_copy(update={"hand": (Card.NINE, Card.NINE), "pile_size": "500"})
    assert _answer(huge) == (
        "No: a pile of 500 cards cannot be: the 108-card deck has 106 cards besides your "
        "hand and your side's melds."
    )
    # the largest pile there can be is still a yes
    assert _answer(huge.model_copy(update={"pile_size": "106"})).startswith("Yes: ")
    # a meld on the table counts against the deck as much as the hand
    melded = nines.model_copy(
        update={"hand": (Card.NINE, Card.NINE), "side_melds": ((Card.NINE,) * 6,)}
    )
    assert _answer(melded) == "No: 9 9s in the cards described: the 108-card deck has 8."


def test_a_score_that_is_not_a_multiple_of_5_is_a_no_with_its_rule() -> None:
    form = CheckerForm(question="first-meld", score="-7", first_melds=((Card.KING,) * 3,))
    verdict, _ = form.verdict()
    assert verdict is not None and not verdict.allowed
    assert verdict.answer == (
        "No: -7 is not a multiple of 5: every card and bonus is worth a multiple of 5, so "
        "every score is one too."
    )
    assert [reason.code.value for reason in verdict.reasons] == ["score.not_multiple_of_5"]
    assert verdict.reasons[0].rule.startswith("rules §1.1 cards and points")
    assert _answer(form.model_copy(update={"score": "-35"})).startswith("Yes: 30 points")


def test_the_checker_from_home_asks_under_house_rules_and_says_which(
    open_app: OpenApp,
) -> None:
    app = open_app()
    app.click("Rule checker")
    app.click("Black 3")
    app.click("Black 3")
    app.click("Black 3")
    assert app.has_text("Rules: Classic · no house rules")
    app.click("checker-house-rules")
    app.switch("Black three freezes the pile", True)
    assert app.has_text("Rules: Classic · house rules: Black three freezes the pile")
    app.switch("Pile always frozen", True)
    assert app.has_text(
        "Rules: Classic · house rules: Black three freezes the pile and Pile always frozen"
    )

    app.choose("Question", "first-meld")
    app.type("My side's score", "abc")
    assert app.has_text("No answer until this is put right: “abc” is not a whole number")


def test_the_checker_from_a_match_says_it_follows_the_match_s_rules(
    open_app: OpenApp, store: Store
) -> None:
    record = load_match(
        json.dumps(
            {
                "house_rules": ["black-three-freezes"],
                "sides": [
                    {"name": "Us", "players": ["Ann", "Bo"]},
                    {"name": "Them", "players": ["Cy", "Di"]},
                ],
                "hands": [],
            }
        )
    )
    kept = store.create_match(record)
    checker = Checker()
    checker.open_for(record)
    assert checker.match_s_rules
    checker.set(variant="two-player")
    assert not checker.match_s_rules
    app = open_app()
    app.route(f"/match/{kept.id}")
    app.click("Rule checker")
    app.click("Black 3")
    app.click("Black 3")
    app.click("Black 3")
    assert app.has_text("This match's rules: Classic · house rules: Black three freezes the pile")
    assert not app.has_text("House rules: none")  # no house-rule choice from a match


def test_a_wild_card_laid_off_onto_a_meld_on_the_table_goes_out() -> None:
    form = CheckerForm(
        question="go-out",
        table=((Card.NINE,) * 6,),
        this_turn=((Card.TWO,),),
        score="0",
    )
    verdict, problems = form.verdict()
    assert problems == () and verdict is not None
    assert verdict.answer == "Yes: going out scores 100."
    assert "added to your meld of 9s: 2" in [reason.message for reason in verdict.reasons]
    # the pile's cards below its top, named in their place, leave the count
    buried = CheckerForm(
        question="go-out",
        this_turn=((Card.QUEEN,) * 7, (Card.ACE,) * 3 + (Card.TWO,)),
        discard=Card.FIVE,
        side_melded=False,
        player_melded=False,
        buried=(Card.QUEEN,) * 3 + (Card.ACE,),
        score="3000",
    )
    verdict, _problems = buried.verdict()
    assert verdict is not None and not verdict.allowed
    assert verdict.answer.startswith("No: your side's first meld counts 100 points")


def test_a_score_past_the_largest_a_match_can_have_is_refused_as_the_command_line_does() -> None:
    """A tester's 99999999995 was answered in the app and refused by the command line."""
    meld = ((Card.ACE,) * 3,)
    for typed in ("99999999995", "-99999999995", "10,000,005"):
        form = CheckerForm(question="first-meld", score=typed, first_melds=meld)
        verdict, problems = form.verdict()
        assert verdict is None
        assert problems == (
            (
                "score",
                f"{int(typed.replace(',', '')):,} is past the largest score a match can have "
                "(±10,000,000)".replace("-", "−"),  # the minus sign of score sheets
            ),
        )
    assert _answer(CheckerForm(question="first-meld", score="10,000,000", first_melds=meld))
    checker = Checker()
    checker.set(question="first-meld", score="99999999995")
    assert checker.minimum() is None  # no minimum said for a score that cannot be
