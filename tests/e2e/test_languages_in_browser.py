"""The app in Spanish and in German in a real browser: the language comes from the
browser's locale (Playwright's ``locale``, i.e. ``navigator.languages``), S1's worked
hand is played with the buttons' names in that language, and the totals read
"1.630" / "575"; the rule checker's verdict is in that language too.

Every word expected is taken from the catalogs (through ``canasta_scorer.i18n``, as
the app does), never written here: until a catalog is translated these tests fail
(that is expected; the catalogs are filled before the work is merged).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from canasta_scorer import i18n
from canasta_scorer.i18n import _, ngettext
from canasta_scorer.ui.components.hand_entry import CLASSES

from .browser import PHONE
from .conftest import AppPage, Server
from .entry_flow import enter_s1
from .test_match_in_browser import seed_match

COUNT = re.compile(r"^(\d+) (.+)$")
IN_MELD = re.compile(r"^(More |Fewer |\d+ )?(natural cards|2s|jokers) in the meld of (.+)$")
IN_HAND = re.compile(r"^(More |\d+ )(.+) in (\w+)'s hand$")


def _rank(english: str) -> str:
    """A rank's cards ("6s", "black threes") in the language in force."""
    token = {"black threes": "3", "wild cards": "wild"}.get(english, english.removesuffix("s"))
    return i18n.rank_name(token)


def _in_meld(how: str, what: str, rank: str) -> str:
    """A meld's count button or stepper button, in the language in force."""
    name = _rank(rank)
    if how.strip().isdigit():
        assert what == "natural cards", what
        count = int(how)
        return ngettext(
            "{n} natural card in the meld of {rank}",
            "{n} natural cards in the meld of {rank}",
            count,
        ).format(n=count, rank=name)
    return _(f"{how}{what} in the meld of {{rank}}").format(rank=name)


def _in_hand(how: str, what: str, who: str) -> str:
    """A point class's count button or its + button, in the language in force."""
    for _key, _label, counted, _said, more in CLASSES:
        if how == "More " and more == f"More {what} in {{who}}'s hand":
            return _(more).format(who=who)
        if how.strip().isdigit() and f"{{n}} {what} in {{who}}'s hand" in counted:
            count = int(how)
            return ngettext(*counted, count).format(n=count, who=who)
    raise AssertionError(f"{how}{what}")


def word(english: str) -> str:
    """A button's name of `entry_flow` in the language in force."""
    if english in ("North-South", "East-West") or english in {
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
        "A",
    }:
        return english
    if english == "Enter hand 1":
        return _("Enter hand {number}").format(number=1)
    if english in ("Save hand", "Black 3s"):
        return _(english)
    if english.endswith(" went out"):
        return _("{player} went out").format(player=english.removesuffix(" went out"))
    if found := IN_MELD.fullmatch(english):
        return _in_meld(found.group(1) or "", found.group(2), found.group(3))
    if found := IN_HAND.fullmatch(english):
        return _in_hand(*found.groups())
    found = COUNT.fullmatch(english)
    assert found is not None, english
    count, what = int(found.group(1)), found.group(2)
    found = re.fullmatch(r"red threes? of (.+)", what)
    assert found is not None, english
    side = found.group(1)
    return ngettext("{count} red three of {name}", "{count} red threes of {name}", count).format(
        count=count, name=side
    )


@pytest.fixture(params=["es", "de"])
def speaking(request: pytest.FixtureRequest, browser: Browser, server: Server) -> Iterator[AppPage]:
    """The app in a browser whose locale is Spanish or German."""
    code = request.param
    with i18n.use(code):
        assert _("Save hand") != "Save hand", f"the {code} catalog is not translated yet"
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, locale={"es": "es-ES", "de": "de-DE"}[code]
    )
    page = context.new_page()
    try:
        with i18n.use(code):
            yield AppPage(page=page, server=server, test_name=f"languages-{code}")
    finally:
        context.close()


def test_s1_worked_hand_in_the_browsers_language(speaking: AppPage, server: Server) -> None:
    app = speaking
    seed_match(server, [])
    app.open()
    # the browser's language is followed: Home in that language
    expect(app.button(_("Past matches"))).to_be_visible()
    resume = _("Resume: {score_line}").split("{")[0]
    app.tap(re.compile("^" + re.escape(resume)))
    enter_s1(app.page, word)
    for index, (side, total, minimum) in enumerate(
        (("North-South", "1.630", 90), ("East-West", "575", 50))
    ):
        app.expect_node(
            f"total-{index}", _("{name} total {points}").format(name=side, points=total)
        )
        app.expect_node(
            f"minimum-{index}",
            _("{name} initial meld minimum {minimum}").format(name=side, minimum=minimum),
        )
    app.expect_node("message", _("Hand {count} saved.").format(count=1))


def test_a_verdict_in_the_browsers_language(speaking: AppPage) -> None:
    from canasta_scorer.rules import MeldSituation, Question, parse_meld, rule_set, settle

    app = speaking
    app.open()
    app.tap(_("Rule checker"))
    for card in ["9", "9", "2", "2", "2", "JK"]:
        app.tap(_("Joker") if card == "JK" else card)
    verdict = settle(Question.MELD, MeldSituation(meld=parse_meld("9 9 2 2 2 JK")), rule_set())
    expected = i18n.answer_text(verdict)
    assert expected != verdict.answer  # the catalog's words, not English
    app.expect_node("verdict", expected)


def test_a_targets_limit_and_the_meld_counts_in_german(browser: Browser, server: Server) -> None:
    """A target past the largest score a match can have is refused in German under its
    field (the form's own check, before the match file's bound), and the hand entry's
    counts are German sentences, on a phone."""
    seed_match(server, [])
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE")
    try:
        with i18n.use("de"):
            app = AppPage(page=context.new_page(), server=server, test_name="languages-de-words")
            app.open()
            app.tap(_("New match"))
            app.tap(re.compile("^" + re.escape(_("Target {value}").split("{")[0])))
            app.type(_("Target (default {target})").format(target="5.000"), "20000000")
            app.tap(_("Start match"))
            said = "20.000.000 liegt jenseits des höchsten Punktestands einer Partie (±10.000.000)"
            expect(app.text(said)).to_be_visible()
            app.shot("new-match-limit", at=app.text(said))
            # a new tab (a new session): Home, to resume the seeded match
            app = AppPage(page=context.new_page(), server=server, test_name="languages-de-words")
            app.open()
            resume = _("Resume: {score_line}").split("{")[0]
            app.tap(re.compile("^" + re.escape(resume)))
            app.tap(_("Enter hand {number}").format(number=1))
            app.tap("K")
            expect(app.button("5 natürliche Karten in der Meldung Könige")).to_be_visible()
            expect(app.text("natürliche Karten in der Meldung Könige: 3")).to_have_count(1)
            app.tap("Mehr Zweier in der Meldung Könige")
            expect(app.text("Zweier in der Meldung Könige: 1")).to_have_count(1)
            app.shot("hand-entry-counts", at=app.text("Zweier in der Meldung Könige: 1"))
    finally:
        context.close()


def test_a_text_fields_character_counter_in_the_browsers_language(speaking: AppPage) -> None:
    """The counter of a name field ("77 characters remaining", for a screen reader) is
    Flutter's own text: said in the tab's language through the page's locale
    configuration (Flutter's words, hence written here)."""
    app = speaking
    app.open()
    app.tap(_("New match"))
    field = app.page.get_by_role("textbox").first
    field.click()
    field.fill("Ana")  # 3 of a name's 80 characters
    remaining = {"de": "Noch 77 Zeichen", "es": "Quedan 77 caracteres"}[i18n.current().code]
    expect(app.text(remaining)).to_have_count(1)
    expect(app.text(re.compile("characters? remaining"))).to_have_count(0)


def test_an_address_that_opens_nothing_is_said_in_the_browsers_language(
    speaking: AppPage, server: Server
) -> None:
    """The tab is told what its address opens before the browser's language reaches
    the server: the message is worded again once it does."""
    app = speaking
    app.page.goto(server.url.rstrip("/") + "/match/99")
    app.enable_semantics()
    expect(app.button(_("Past matches"))).to_be_visible()  # Home, in that language
    said = _(
        "There is no match {match_id} here: check the address (it may also have been deleted)."
    ).format(match_id=99)
    assert said.startswith(("Eine Partie", "Aquí no hay"))
    app.expect_node("message", said)
