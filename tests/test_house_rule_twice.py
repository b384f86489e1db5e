"""A hand or match file listing one house rule twice is refused, as a key given twice
is (file format §1): the rule is named by its title, in the player's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta_scorer.cli import main
from canasta_scorer.rules import (
    HOUSE_RULE_INFO,
    HOUSE_RULE_WORDS,
    RecordError,
    load_hand,
    load_match,
    render_words,
)

SAMPLES = Path(__file__).parent.parent / "assets" / "samples"


def _hand(house_rules: list[str]) -> str:
    data = json.loads((SAMPLES / "s1-worked-hand.json").read_text(encoding="utf-8"))
    data["house_rules"] = house_rules
    return json.dumps(data)


def _match(house_rules: list[str]) -> dict[str, object]:
    data = json.loads((SAMPLES / "evening-match.json").read_text(encoding="utf-8"))
    data["house_rules"] = house_rules
    return dict(data)


def test_the_titles_the_problem_names_are_the_house_rules_titles() -> None:
    assert {key: words.singular for key, words in HOUSE_RULE_WORDS.items()} == {
        f"house_rule_title.{rule.value}": info.title for rule, info in HOUSE_RULE_INFO.items()
    }


def test_a_hand_file_listing_a_rule_twice_is_refused_with_its_path() -> None:
    with pytest.raises(RecordError) as refused:
        load_hand(_hand(["wild-card-melds", "wild-meld-penalty", "wild-card-melds"]))
    [problem] = refused.value.problems
    assert problem.where == "house_rules"
    assert problem.message == "the house rule “Wild card melds” is listed twice"
    assert problem.words is not None and render_words(problem.words) == problem.message
    # each once, and the same rules in another order, are read as before
    assert len(load_hand(_hand(["wild-meld-penalty", "wild-card-melds"])).house_rules) == 2


def test_a_match_file_listing_a_rule_twice_is_refused() -> None:
    with pytest.raises(RecordError) as refused:
        load_match(json.dumps(_match(["draw-on-tie", "draw-on-tie"])))
    assert [(p.where, p.message) for p in refused.value.problems] == [
        ("house_rules", "the house rule “A tie at the end is a draw” is listed twice")
    ]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "  house_rules: the house rule “Wild card melds” is listed twice\n"),
        (
            "de",
            "  house_rules: die Hausregel „Meldungen aus wilden Karten“ ist zweimal aufgeführt\n",
        ),
    ],
)
def test_score_refuses_it_in_the_player_s_language(
    lang: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "hand.json"
    file.write_text(_hand(["wild-card-melds", "wild-card-melds"]))
    assert main(["--lang", lang, "score", str(file)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith(said), err
    assert "Traceback" not in err


def test_match_and_import_refuse_it_and_import_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "match.json"
    file.write_text(json.dumps(_match(["black-three-freezes", "draw-on-tie", "draw-on-tie"])))
    assert main(["match", str(file)]) == 2
    assert "house_rules: the house rule “A tie at the end is a draw” is listed twice" in (
        capsys.readouterr().err
    )
    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["import", str(file), "--db", db]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"{file}: cannot be read as a match file or backup; nothing was imported\n"
        "  house_rules: the house rule “A tie at the end is a draw” is listed twice\n"
    )
    # inside a backup, the path names the match
    backup = tmp_path / "backup.json"
    backup.write_text(
        json.dumps(
            {
                "format": "canasta-scorer-backup",
                "version": 1,
                "created_at": "2026-01-01T12:00:00+00:00",
                "matches": [
                    {"created_at": "2025-06-01T12:00:00+00:00", "match": _match([])},
                    {
                        "created_at": "2025-06-02T12:00:00+00:00",
                        "match": _match(["pile-always-frozen", "pile-always-frozen"]),
                    },
                ],
            }
        )
    )
    assert main(["import", str(backup), "--db", db]) == 2
    assert (
        "  matches[1].match.house_rules: the house rule “Pile always frozen” is listed twice\n"
        in capsys.readouterr().err
    )
    assert main(["matches", "--db", db]) == 0
    assert capsys.readouterr().out == "No matches yet.\n"


def test_a_match_stored_with_a_rule_twice_before_still_opens_counting_it_once(
    tmp_path: Path,
) -> None:
    from sqlalchemy import text

    from canasta_scorer.store import Store

    store = Store.open(f"sqlite:///{tmp_path / 'c.db'}")
    try:
        made = store.create_match(load_match(json.dumps(_match(["draw-on-tie"]))))
        with store.engine.begin() as connection:
            connection.execute(
                text("UPDATE match SET house_rules = :rules WHERE id = :id"),
                {"rules": '["draw-on-tie", "draw-on-tie"]', "id": made.id},
            )
        assert [r.value for r in store.match(made.id).record.house_rules] == ["draw-on-tie"]
    finally:
        store.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "argument --house-rule: the house rule “Wild card melds” is listed twice\n"),
        ("de", "die Hausregel „Meldungen aus wilden Karten“ ist zweimal aufgeführt\n"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["check", "meld", "J", "J", "J"],
        ["check-meld", "J", "J", "J"],
        ["check", "pile", "--top", "K", "--hand", "K", "K"],
        ["check", "go-out", "--table", "K K K K K K K", "--meld", "9 9 9"],
        ["check", "first-meld", "--meld", "K K K"],
    ],
)
def test_the_command_line_refuses_a_rule_given_twice(
    lang: str, said: str, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--lang", lang, *command]
    argv += ["--house-rule", "wild-card-melds", "--house-rule", "wild-meld-penalty"]
    argv += ["--house-rule", "wild-card-melds"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith(said), err
    assert "Traceback" not in err


def test_the_command_line_takes_each_rule_once_as_before(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["check", "meld", "J", "J", "J", "--house-rule", "wild-card-melds"]
    assert main([*argv, "--house-rule", "wild-meld-penalty"]) == 0
    assert "listed twice" not in capsys.readouterr().err
