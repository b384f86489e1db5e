"""The project's own documents: every rule and format section the product cites exists.

Citations read "rules §1.9 going out" (docs/rules.md) or "file format §4 hand file"
(docs/file-format.md). The headings of both documents are parsed here; the citation
tables of `canasta_scorer.rules.citations` must be exactly those headings, and every
section cited anywhere in the package, the tests, the README or the samples must be one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta_scorer.rules import (
    FILE_FORMAT,
    HOUSE_RULE_INFO,
    RULES,
    VARIANT_INFO,
    Finding,
    file_format,
    rule,
)

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

#: A section id: "1.9", "3 H5", "5.2 E8", "3 C07".
SECTION = r"\d+(?:\.\d+)*(?: [A-Z]\d+)?"
HEADING = re.compile(rf"^#+ §({SECTION}) (.+)$", re.MULTILINE)


def headings(name: str) -> dict[str, str]:
    """Section id → heading text of one document of docs/."""
    text = (DOCS / name).read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for section, title in HEADING.findall(text):
        assert section not in found, f"{name}: §{section} is a heading twice"
        found[section] = title.strip()
    return found


RULE_HEADINGS = headings("rules.md")
FORMAT_HEADINGS = headings("file-format.md")


def test_the_citation_tables_are_the_headings_of_the_documents() -> None:
    assert RULES == RULE_HEADINGS
    assert FILE_FORMAT == FORMAT_HEADINGS


def test_the_documents_have_the_sections_the_product_is_built_on() -> None:
    # Spot checks on real headings, so an empty document cannot pass the test above.
    assert RULE_HEADINGS["1.9"] == "Going out"
    assert RULE_HEADINGS["1.7"] == "Initial meld minimum"
    assert RULE_HEADINGS["3 H5"] == "Wild-card melds"
    assert FORMAT_HEADINGS["4"] == "Hand file"
    assert len(RULE_HEADINGS) > 60


def test_a_citation_is_the_section_number_and_its_words() -> None:
    assert rule("1.9") == "rules §1.9 going out"
    assert rule("1.8", "3 O1") == "rules §1.8 taking the discard pile; §3 O1 one-card rule"
    assert file_format("7") == "file format §7 quick totals"
    with pytest.raises(KeyError):
        rule("1.99")


def _product_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "assets").rglob("*.md"))]
    for folder in ("canasta_scorer", "tests"):
        files += sorted(
            path
            for path in (ROOT / folder).rglob("*")
            if path.suffix in {".py", ".json", ".md"} and ".venv" not in path.parts
        )
    return files


#: "rules §1.9", "file format §4", and the further sections of one citation
#: ("rules §1.3; §3 H5", "rules §1.9 and §1.13", "rules §1.3–§1.5").
CITATION = re.compile(rf"(rules|file format) §({SECTION})((?:(?:[;,]| and|–| or) ?§{SECTION})*)")
MORE = re.compile(rf"§({SECTION})")


def _citations() -> list[tuple[str, str, str]]:
    """(file, document, section id) of every citation in the product's files."""
    found = []
    for path in _product_files():
        if path == Path(__file__):
            continue
        text = path.read_text(encoding="utf-8")
        for match in CITATION.finditer(text):
            document = match.group(1)
            for section in [match.group(2), *MORE.findall(match.group(3))]:
                found.append((str(path.relative_to(ROOT)), document, section))
    return found


def test_every_cited_section_exists() -> None:
    cited = _citations()
    assert len(cited) > 200  # the package, its tests and the README cite rules throughout
    missing = [
        (where, document, section)
        for where, document, section in cited
        if section not in (RULE_HEADINGS if document == "rules" else FORMAT_HEADINGS)
    ]
    assert missing == []


def test_no_file_points_at_documents_a_user_does_not_have() -> None:
    stale = re.compile(r"RULES\.md|HAND_FORMAT\.md|\.\./shared|/work/shared")
    offenders = [
        str(path.relative_to(ROOT))
        for path in _product_files()
        if path != Path(__file__) and stale.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_every_variant_and_house_rule_has_its_section() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for variant in VARIANT_INFO.values():
        assert f"`{variant.id.value}`" in text
        assert variant.source.startswith("rules §")
    for info in HOUSE_RULE_INFO.values():
        assert f"3 {info.ref}" in RULE_HEADINGS, info
        assert f"`{info.id.value}`" in text


def test_findings_cite_sections_in_words() -> None:
    from canasta_scorer.rules import check_hand, load_hand

    record = load_hand('{"sides": [{"name": "Us", "melds": ["9 9 2 2 2 JK"]}, {"name": "Them"}]}')
    findings: list[Finding] = check_hand(record)
    assert findings
    for finding in findings:
        assert finding.rule.startswith("rules §"), finding
    assert any(finding.rule == "rules §1.3 melds" for finding in findings)
