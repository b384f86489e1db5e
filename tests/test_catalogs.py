"""The translation catalogs: the template holds every word of the code, and each
language's catalog translates all of it (docs/translating.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from canasta_scorer import i18n
from canasta_scorer.rules import FILE_FORMAT, HOUSE_RULE_INFO, RULES, VARIANT_INFO, WORDS

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = i18n.LOCALE_DIR / "messages.pot"
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}|%\(([a-z_]+)\)[sd]")


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale)


def _ids(catalog: Catalog) -> set[str]:
    """Every msgid of a catalog, a plural's two forms both."""
    found: set[str] = set()
    for message in catalog:
        if message.id:
            found.update(message.id if isinstance(message.id, tuple) else (message.id,))
    return found


def _placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def test_the_template_is_the_code_extracted_now(tmp_path: Path) -> None:
    """`pybabel extract` run now gives the same messages as the committed template:
    nothing added to the code is missing from what the translators have."""
    fresh = tmp_path / "messages.pot"
    subprocess.run(
        [Path(sys.executable).with_name("pybabel"), "extract", "-o", str(fresh)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    assert _ids(_read(fresh)) == _ids(_read(TEMPLATE))


def test_the_rules_words_are_all_in_the_template() -> None:
    """Every wording of the rules engine's tables can be translated."""
    ids = _ids(_read(TEMPLATE))
    wanted = {words.singular for words in WORDS.values()} - {"{text}"}
    wanted |= {words.plural for words in WORDS.values() if words.plural}
    wanted |= set(RULES.values()) | set(FILE_FORMAT.values())
    wanted |= {info.title for info in VARIANT_INFO.values()}
    wanted |= {info.description for info in VARIANT_INFO.values()}
    wanted |= {info.title for info in HOUSE_RULE_INFO.values()}
    wanted |= {info.description for info in HOUSE_RULE_INFO.values()}
    # card tokens are their own words
    wanted -= {"A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "2"}
    assert wanted - ids == set()


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalog_has_the_templates_messages_and_no_other(code: str) -> None:
    """The structure: every language has a catalog made from the template, with its
    plural forms, and no message the code no longer has (update drops them)."""
    catalog = _read(i18n.LOCALE_DIR / code / "LC_MESSAGES" / "messages.po", code)
    assert _ids(catalog) == _ids(_read(TEMPLATE))
    assert catalog.obsolete == {}
    assert catalog.plural_forms == Catalog(locale=code).plural_forms


# Until the translators have filled the catalogs, this test fails: that is expected.
# The catalogs are filled before the work is merged (see docs/translating.md).
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_with_its_placeholders(code: str) -> None:
    catalog = _read(i18n.LOCALE_DIR / code / "LC_MESSAGES" / "messages.po", code)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if not all(strings):
            problems.append(f"not translated: {ids[0]!r}")
            continue
        wanted = _placeholders(ids[-1]) | _placeholders(ids[0])
        for string in strings:
            if _placeholders(string) != wanted and not (
                len(ids) > 1 and _placeholders(string) == wanted - {"n"}
            ):
                problems.append(f"placeholders differ: {ids[0]!r} → {string!r}")
    assert problems == [], f"{code}: {len(problems)} problems\n" + "\n".join(problems[:40])


def test_the_placeholder_check_sees_a_lost_placeholder() -> None:
    assert _placeholders("{side} went out with {n:,} of %(x)s") == {"side", "n", "x"}
    assert _placeholders("{side} ging aus") != _placeholders("{side} went out with {n}")
