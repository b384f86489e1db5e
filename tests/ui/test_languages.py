"""Each tab speaks its own language: two tabs of one server in two languages at once,
the device's language followed until one is chosen. Pseudo catalogs stand in for the
translations here ("DE:" or "ES:" before every English message), so this holds
whatever the real catalogs say."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from canasta_scorer import i18n
from canasta_scorer.rules import (
    MeldSituation,
    Question,
    load_hand,
    parse_meld,
    rule_set,
    score_hand,
    settle,
)
from canasta_scorer.store import Store
from canasta_scorer.ui.state import Navigation, build_model
from tests.ui.harness import AppHarness, tip


def _pseudo(template: Path, folder: Path, code: str, mark: str) -> None:
    with template.open("rb") as source:
        catalog = read_po(source, locale=code)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(mark + form for form in (message.id[0], message.id[1]))
        else:
            message.string = mark + message.id
    target = folder / code / "LC_MESSAGES" / "messages.po"
    target.parent.mkdir(parents=True)
    with target.open("wb") as out:
        write_po(out, catalog)


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """German and Spanish pseudo catalogs made from the real template."""
    template = i18n.LOCALE_DIR / "messages.pot"
    _pseudo(template, tmp_path, "de", "DE:")
    _pseudo(template, tmp_path, "es", "ES:")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.language.cache_clear()
    yield
    i18n.language.cache_clear()


def _words(tab: AppHarness) -> list[str]:
    """Every word on the tab's screen: texts, labels, buttons' words and tooltips."""
    found = [*tab.texts(), *tab.labels()]
    for control in tab.controls():
        for attr in ("content", "tooltip", "label", "hint_text", "text"):
            value = getattr(control, attr, None)
            if isinstance(value, str):
                found.append(value)
        if not isinstance(getattr(control, "tooltip", None), str | None):
            found.append(tip(control))  # a tooltip screen readers do not hear
    return found


def _speaks(tab: AppHarness, mark: str) -> bool:
    """Whether every message on screen carries the pseudo language's mark (the app's
    own words; names, numbers and cards have none)."""
    return any(word.startswith(mark) for word in _words(tab)) and not any(
        word.startswith(other) for word in _words(tab) for other in ("DE:", "ES:") if other != mark
    )


def test_two_tabs_speak_two_languages_at_once(
    pseudo: None, open_app: Callable[..., AppHarness]
) -> None:
    german, english = open_app(), open_app()
    assert "Past matches" in _words(german) and "Past matches" in _words(english)
    german.choose("Language", "de")
    assert "DE:Past matches" in _words(german) and _speaks(german, "DE:")
    assert "Past matches" in _words(english) and not _speaks(english, "DE:")
    # the second tab changes its language: the first keeps its own
    english.choose("Language", "es")
    assert "ES:Past matches" in _words(english) and _speaks(english, "ES:")
    assert "DE:Past matches" in _words(german) and _speaks(german, "DE:")
    # a tap on each draws the next screen in that tab's language
    german.click("DE:Rule checker")
    english.click("ES:New match")
    assert "DE:Rule checker" in _words(german) and _speaks(german, "DE:")
    assert "ES:New match" in _words(english) and _speaks(english, "ES:")


def test_the_rules_words_follow_the_language(pseudo: None) -> None:
    """A finding, a verdict and a citation in the language in force, numbers in its
    form; English stays the engine's own words."""
    meld = parse_meld("9 9 2 2 2 JK")
    verdict = settle(Question.MELD, MeldSituation(meld=meld), rule_set())
    finding = verdict.findings[0]
    with i18n.use("en"):
        assert i18n.finding_text(finding) == finding.message
        assert i18n.answer_text(verdict) == verdict.answer
        assert i18n.cite(finding.rule) == "rules §1.3 melds"
    with i18n.use("de"):
        assert i18n.finding_text(finding) == (
            "DE:9 9 2 2 2 JK has 4 wild cards: a meld may hold at most 3, canastas included"
        )
        assert i18n.answer_text(verdict) == "DE:No: DE:" + i18n.finding_text(finding)[3:] + "."
        assert i18n.cite(finding.rule) == "DE:rules §1.3 DE:Melds"
        assert i18n.number(1630) == "1.630"
    with i18n.use("es"):
        assert i18n.finding_text(finding).startswith("ES:9 9 2 2 2 JK has 4")


SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"


def test_numbers_and_plurals_in_the_language(pseudo: None) -> None:
    """S1's worked hand (rules §5.1) totals in each language's form; a finding with a
    count takes the language's plural form."""
    score = score_hand(load_hand((SAMPLES / "s1-worked-hand.json").read_bytes()))
    totals = [side.total for side in score.sides]
    assert totals == [1630, 575]
    for code, form in (("en", "1,630"), ("de", "1.630"), ("es", "1.630"), ("it", "1.630")):
        with i18n.use(code):
            assert [i18n.number(t) for t in totals] == [form, "575"]
    one = settle(Question.MELD, MeldSituation(meld=parse_meld("5 5")), rule_set()).findings[0]
    two = settle(Question.MELD, MeldSituation(meld=parse_meld("5 2")), rule_set()).findings
    with i18n.use("de"):
        assert i18n.finding_text(one) == "DE:5 5 has 2 cards: a meld needs at least 3"
        assert "DE:5 2 has 1 natural card: a meld needs at least 2" in [
            i18n.finding_text(f) for f in two
        ]


def test_the_device_language_is_followed_until_one_is_chosen() -> None:
    nav = Navigation()
    assert nav.language == "en"
    nav.follow_device(["pt-BR", "en-US"])
    assert nav.language == "pt_BR"
    nav.follow_device(["fr-FR", "de-AT"])
    assert nav.language == "de"
    nav.follow_device(["fr-FR"])
    assert nav.language == "en"
    nav.choose_language("it")
    nav.follow_device(["es-ES"])
    assert nav.language == "it"
    with pytest.raises(KeyError):
        nav.choose_language("fr")


def test_flutters_own_words_follow_the_tabs_language(open_app: Callable[..., AppHarness]) -> None:
    """A text field's character counter ("77 characters remaining") is Flutter's own
    text: the page's locale configuration has it said in the tab's language."""
    import flet as ft

    tab = open_app()
    page = tab.session.page
    assert page.locale_configuration is not None
    assert page.locale_configuration.current_locale == ft.Locale("en", "US")
    tab.choose("Language", "de")
    assert page.locale_configuration.current_locale == ft.Locale("de")
    supported = page.locale_configuration.supported_locales
    assert [(locale.language_code, locale.country_code) for locale in supported] == [
        ("en", "US"),
        ("es", None),
        ("pt", "BR"),
        ("it", None),
        ("de", None),
    ]
    tab.choose("Sprache", "pt_BR")  # the label in German now
    assert page.locale_configuration.current_locale == ft.Locale("pt", "BR")


def test_what_an_address_opens_is_said_again_in_the_device_s_language(store: Store) -> None:
    """A tab opened at an address is told what it opens before the device's language
    is known (it takes the browser a round trip): the message is worded again when
    the language comes, and when the player chooses another; a message said in words
    of its own (not an address's) stays as it was said."""
    from tests.ui.hands import start_classic

    model = build_model(store)
    model.nav.open_address("/nonsense")
    assert model.nav.message is not None and model.nav.message.startswith(
        "The address “/nonsense” opens nothing in this app"
    )
    model.nav.follow_device(["de-DE"])
    assert model.nav.message is not None and model.nav.message.startswith(
        "Die Adresse „/nonsense“ öffnet nichts in dieser App"
    )
    model.nav.choose_language("es")
    assert model.nav.message is not None and "/nonsense" in model.nav.message
    assert not model.nav.message.startswith(("The address", "Die Adresse"))

    other = build_model(store)
    other.nav.open_address("/match/99")
    assert other.nav.message == (
        "There is no match 99 here: check the address (it may also have been deleted)."
    )
    other.nav.follow_device(["de-DE", "en-US"])
    assert other.nav.message == (
        "Eine Partie 99 gibt es hier nicht: prüfe die Adresse (vielleicht wurde sie auch gelöscht)."
    )
    other.nav.choose_language("en")  # chosen: worded again in it
    assert other.nav.message == (
        "There is no match 99 here: check the address (it may also have been deleted)."
    )
    other.nav.show_matches()  # the message goes with its screen: nothing to word again
    other.nav.choose_language("de")
    assert other.nav.message is None
    other.nav.choose_language("en")

    start_classic(other)
    assert other.match.current is not None
    match_id = other.match.current.id
    third = build_model(store)
    third.nav.open_address(f"/match/{match_id}/hand/4")
    assert third.nav.message == (
        "There is no hand 4 in this match: it has 0 hands. Check the address (the hand "
        "may also have been deleted)."
    )
    third.nav.choose_language("de")
    assert third.nav.message is not None and third.nav.message.startswith("Eine Runde 4 gibt es"), (
        third.nav.message
    )
    third.nav.say("Saved.")  # words of their own: not worded again
    third.nav.choose_language("it")
    assert third.nav.message == "Saved."
