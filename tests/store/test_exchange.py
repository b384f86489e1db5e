"""Export and import: match files the rules engine reads back, the CSV score sheet, the
backup file; imports are all or nothing and never doubled."""

from __future__ import annotations

import copy
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from storekit import cache_problems, hand, record

from canasta_scorer.cli import main
from canasta_scorer.rules import RecordError, load_match, score_match
from canasta_scorer.store import RuleViolationError, Store


def played(store: Store) -> list[int]:
    """Three matches: finished, in progress with a start score, and empty."""
    won = store.create_match(
        record(
            start_scores=(3_000, -300),
            hands=(
                hand(0, "clean", "small", red_threes=(1, 2), dealer="Ann", note='first, "quoted"'),
                hand(1, "mixed", "canasta"),
                hand(0, "big", "none"),
            ),
        )
    )
    going = store.create_match(
        record(
            sides=("Them", "Us"), players=(("Eve", "Gus"), ("Ann", "Fay")), start_scores=(0, 500)
        )
    )
    going = store.add_hand(going.id, hand(1, "clean", "none", dealer="Fay"), going.version)
    empty = store.create_match(
        record(variant="two-player", sides=("Ann", "Bob"), players=(("Ann",), ("Bob",)))
    )
    return [won.id, going.id, empty.id]


def test_an_exported_match_is_a_match_file_that_scores_the_same(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for match_id in played(store):
        state = store.match(match_id)
        text = store.export_match(match_id)
        assert load_match(text).model_copy(update={"started_at": None}) == state.record
        assert load_match(text).started_at == state.created_at
        assert score_match(load_match(text)) == state.score

        path = tmp_path / f"match-{match_id}.json"
        path.write_text(text, encoding="utf-8")
        code = main(["match", str(path), "--json"])
        printed = json.loads(capsys.readouterr().out)
        assert code == 0
        assert printed["valid"] is True
        assert tuple(printed["running_totals"]) == state.score.running_totals
        assert printed["winner"] == state.score.winner
        assert printed["margin"] == state.score.margin
        assert printed["finished"] == (state.status == "finished")
        assert [tuple(h["running"]) for h in printed["hands"]] == [
            h.running for h in state.score.hands
        ]


def test_the_csv_sheet(store: Store) -> None:
    won = played(store)[0]
    assert store.export_csv(won).splitlines() == [
        "hand,dealer,North-South hand,North-South total,East-West hand,East-West total,note",
        "start,,,3000,,-300,carried from a paper sheet",
        '1,Ann,830,3830,330,30,"first, ""quoted"""',
        "2,,615,4445,535,565,",
        "3,,2345,6790,-20,545,",
        "total,,,6790,,545,North-South wins by 6245",
        "minimum,,,120,,50,initial meld minimum for the next hand",
    ]


def test_the_csv_sheet_of_a_match_in_progress(store: Store) -> None:
    going = played(store)[1]
    assert store.export_csv(going).splitlines() == [
        "hand,dealer,Them hand,Them total,Us hand,Us total,note",
        "start,,,0,,500,carried from a paper sheet",
        "1,Fay,-20,-20,730,1230,",
        "total,,,-20,,1230,not finished",
        "minimum,,,15,,50,initial meld minimum for the next hand",
    ]


def test_a_backup_imported_into_an_empty_store_gives_the_same_matches(
    store: Store, tmp_path: Path
) -> None:
    played(store)
    store.create_match(record(sides=("Gone", "Away")))
    store.delete_match(4, 1)
    backup = store.backup()
    data = json.loads(backup)
    assert data["format"] == "canasta-scorer-backup"
    assert len(data["matches"]) == 3  # not the deleted one

    other = Store.open(f"sqlite:///{tmp_path / 'other.db'}")
    try:
        result = other.import_text(backup)
        assert result.created == (1, 2, 3)
        assert result.already_there == ()
        for old, new in zip(store.matches(), other.matches(), strict=True):
            assert new.model_dump(exclude={"id"}) == old.model_dump(exclude={"id"})
            before, after = store.match(old.id), other.match(new.id)
            assert after.record == before.record
            assert after.score == before.score
            assert (after.status, after.created_at, after.finished_at) == (
                before.status,
                before.created_at,
                before.finished_at,
            )
        assert other.players() == store.players()
        assert cache_problems(other) == []
    finally:
        other.close()


def test_a_backup_imported_into_its_own_store_adds_nothing(store: Store) -> None:
    ids = played(store)
    result = store.import_text(store.backup())
    assert result.created == ()
    assert result.already_there == tuple(ids)
    assert len(store.matches()) == 3


def test_importing_the_same_file_twice_does_not_double_it(store: Store) -> None:
    text = json.dumps(
        {"sides": [{"name": "A", "players": ["Ann"]}, {"name": "B"}], "hands": [], "target": 5000}
    )
    first = store.import_text(text)
    again = store.import_text(text.encode())
    assert first.created == (1,)
    assert (again.created, again.already_there) == ((), (1,))
    assert len(store.matches()) == 1
    # The same match twice in one backup is imported once.
    item = {"created_at": "2025-01-01T00:00:00Z", "match": json.loads(text)}
    backup = {"format": "canasta-scorer-backup", "version": 1, "created_at": "2025-01-02T00:00:00Z"}
    result = store.import_text(json.dumps({**backup, "matches": [item, item]}))
    assert (result.created, result.already_there) == ((), (1, 1))
    other = {
        "created_at": "2025-01-01T00:00:00Z",
        "match": {"sides": [{"name": "C"}, {"name": "D"}]},
    }
    result = store.import_text(json.dumps({**backup, "matches": [other, other]}))
    assert (result.created, result.already_there) == ((2,), (2,))


def backup_of(matches: list[dict[str, Any]]) -> str:
    return json.dumps(
        {
            "format": "canasta-scorer-backup",
            "version": 1,
            "created_at": "2026-01-01T12:00:00+00:00",
            "matches": [
                {"created_at": f"2025-0{n + 1}-01T12:00:00+00:00", "match": match}
                for n, match in enumerate(matches)
            ],
        }
    )


def good_matches() -> list[dict[str, Any]]:
    return [
        json.loads(record(sides=(f"Side {n}", "Others"), hands=(hand(n % 2),)).model_dump_json())
        for n in range(4)
    ]


def test_a_backup_with_a_broken_third_match_imports_nothing(store: Store) -> None:
    store.create_match(record())
    matches = good_matches()
    matches[2]["hands"][0]["sides"][1]["went_out"] = "out"  # both sides went out
    with pytest.raises(RuleViolationError) as caught:
        store.import_text(backup_of(matches))
    assert {f.where for f in caught.value.findings} == {
        "matches[2].match.hands[0].sides[1].went_out"
    }
    assert "nothing was imported" in str(caught.value)
    assert [m.id for m in store.matches()] == [1]
    assert store.players() == ["Ann", "Bob", "Cy", "Di"]


def test_a_backup_with_an_unreadable_third_match_imports_nothing(store: Store) -> None:
    matches = good_matches()
    matches[2]["sides"][0]["colour"] = "red"
    matches[2]["hands"][0]["sides"][0]["melds"][0] = "K K Z"
    with pytest.raises(RecordError) as caught:
        store.import_text(backup_of(matches))
    paths = [p.where for p in caught.value.problems]
    assert "matches[2].match.sides[0].colour" in paths
    assert "matches[2].match.hands[0].sides[0].melds[0]" in paths
    assert store.matches() == []
    assert store.players() == []


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("{not json", "", "not valid JSON"),
        (b"\xff\xfe\x00garbage", "", "not"),
        ("[1, 2]", "", "must be a JSON object"),
        ('{"sides": [{"name": "A", "score": 5}]}', "sides[0].score", "unknown key"),
        ('{"sides": []}', "sides", ""),
        (
            '{"format": "canasta-scorer-backup", "version": 2, "created_at": "x"}',
            "version",
            "made by a newer canasta_scorer: this one reads backups of version 1",
        ),
        ('{"format": "canasta-scorer-backup", "version": 0, "created_at": "x"}', "version", ""),
        (
            '{"format": "canasta-scorer-backup", "version": 1, '
            '"created_at": "2026-01-01T00:00:00Z", '
            '"matches": [{"match": {"sides": [{"name": "A"}]}}]}',
            "matches[0].created_at",
            "missing",
        ),
    ],
)
def test_a_malformed_file_gives_record_errors_with_json_paths(
    store: Store, text: str | bytes, where: str, words: str
) -> None:
    with pytest.raises(RecordError) as caught:
        store.import_text(text)
    problems = caught.value.problems
    assert where in [p.where for p in problems], problems
    assert words in str(caught.value)
    assert store.matches() == []


def test_imported_dates_keep_their_moment_whatever_their_offset(store: Store) -> None:
    """A backup from a server in another time zone: 10:00+02:00 is 08:00 UTC."""
    text = json.dumps(
        {
            "format": "canasta-scorer-backup",
            "version": 1,
            "created_at": "2026-01-01T12:00:00+02:00",
            "matches": [
                {
                    "created_at": "2025-05-01T10:00:00+02:00",
                    "match": {"sides": [{"name": "A"}, {"name": "A2"}]},
                },
                {
                    "created_at": "2025-05-01T09:00:00+00:00",
                    "match": {"sides": [{"name": "B"}, {"name": "B2"}]},
                },
            ],
        }
    )
    store.import_text(text)
    first = store.match(1).created_at
    assert first == datetime(2025, 5, 1, 8, 0, tzinfo=UTC)
    assert first.utcoffset() is not None
    assert [m.sides for m in store.matches()] == [("B", "B2"), ("A", "A2")]  # 09:00 UTC later


def test_an_imported_match_file_keeps_its_hands_and_status(store: Store) -> None:
    made = record(start_scores=(4_000, 0), hands=(hand(0, "big"),))
    result = store.import_text(made.model_dump_json())
    state = store.match(result.created[0])
    assert state.record == made
    assert state.status == "finished"
    assert state.finished_at is not None
    assert state.undo is None  # an import is not a change to undo


def test_the_store_commands(
    db_url: str, store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = played(store)
    assert main(["matches", "--db", db_url]) == 0
    listing = capsys.readouterr().out.splitlines()
    # A header, then per match a line of its id, start, variant, hands and result and a
    # line of its sides, their players and totals.
    assert listing[0].split() == ["match", "started", "variant", "hands", "result"]
    assert [int(line.split()[0]) for line in listing[1::2]] == ids[::-1]
    assert listing[1].split()[3:] == ["two-player", "0", "in", "progress"]
    assert listing[2].strip() == "Ann 0 · Bob 0"
    assert listing[3].split()[3:] == ["classic", "1", "in", "progress"]
    assert listing[4].strip().startswith("Them (Eve, Gus) ")
    assert listing[5].split()[3:] == ["classic", "3", "North-South", "won", "by", "6,245"]
    assert listing[6].strip() == "North-South (Ann, Bob) 6,790 · East-West (Cy, Di) 545"

    assert main(["matches", "--db", db_url, "--status", "finished"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3

    assert main(["export", "--db", db_url, str(ids[0]), "--format", "csv"]) == 0
    assert capsys.readouterr().out == store.export_csv(ids[0])

    target = tmp_path / "m.json"
    assert main(["export", "--db", db_url, str(ids[1]), "-o", str(target)]) == 0
    assert load_match(target.read_text()).model_copy(update={"started_at": None}) == (
        store.match(ids[1]).record
    )

    backup = tmp_path / "all.json"
    assert main(["backup", "--db", db_url, str(backup)]) == 0
    capsys.readouterr()
    assert json.loads(backup.read_text()) == json.loads(store.backup()) | {
        "created_at": json.loads(backup.read_text())["created_at"]
    }

    fresh = f"sqlite:///{tmp_path / 'fresh.db'}"
    assert main(["import", "--db", fresh, str(backup)]) == 0
    imported = capsys.readouterr().out.splitlines()
    assert imported[0] == "Imported 3 matches:"
    # Each match in words: its sides with players and totals, variant, date, hands, result.
    first = re.fullmatch(
        r"  match 1: North-South \(Ann, Bob\) 6,790 · East-West \(Cy, Di\) 545; classic, "
        r"started (\d{4}-\d\d-\d\d \d\d:\d\d), 3 hands, North-South won by 6,245",
        imported[1],
    )
    assert first is not None, imported[1]
    assert re.fullmatch(
        r"  match 3: Ann 0 · Bob 0; two-player, started \d{4}-\d\d-\d\d \d\d:\d\d, "
        r"0 hands, in progress",
        imported[3],
    ), imported[3]
    assert main(["import", "--db", fresh, str(backup)]) == 0
    again = capsys.readouterr().out.splitlines()
    assert again[0] == "Already in the store, so not imported again:"
    assert again[1:] == imported[1:]

    broken = json.loads(backup.read_text())
    broken["matches"][2]["match"]["sides"][0]["name"] = ""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    assert main(["import", "--db", fresh, str(bad)]) == 2
    err = capsys.readouterr().err
    assert "nothing was imported" in err
    assert "matches[2].match.sides[0].name" in err

    assert main(["export", "--db", db_url, "99"]) == 2
    assert "there is no match 99" in capsys.readouterr().err


def test_backup_file_is_a_copy_of_the_store(store: Store) -> None:
    played(store)
    data = json.loads(store.backup())
    again = copy.deepcopy(data)
    assert [load_match(json.dumps(m["match"])) for m in again["matches"]] == [
        store.match(i).record for i in (1, 2, 3)
    ]
    assert [m.get("finished_at") is not None for m in data["matches"]] == [True, False, False]


def test_players_known_in_another_case_do_not_double_an_import(store: Store) -> None:
    """The store knows Ann and Bob; a file writes them 'ann' and 'BOB '. The match comes
    back with the store's spelling, and neither the file nor its export doubles it."""
    store.create_match(record())
    text = record(players=(("ann", "BOB "), ("Eve", "Fay")), hands=(hand(),)).model_dump_json()
    assert store.import_text(text).created == (2,)
    assert store.match(2).record.sides[0].players == ("Ann", "Bob")
    assert store.import_text(text).already_there == (2,)
    assert store.import_text(store.export_match(2)).already_there == (2,)
    assert store.import_text(store.backup()).already_there == (1, 2)
    # A player named twice at one table is refused (rules §2), whatever the case.
    with pytest.raises(RuleViolationError, match="named twice at the table"):
        store.create_match(record(players=(("eve", "gus"), ("GUS", "Hal"))))
    made = store.create_match(record(players=(("eve", "gus"), ("Ivy", "Hal"))))
    assert made.record.sides[0].players == ("Eve", "gus")
    later = store.create_match(record(players=(("GUS", "Hal"), ("Eve", "Fay"))))
    assert later.record.sides[0].players == ("gus", "Hal")  # one player, one name
    assert store.match(made.id).record == made.record
    assert store.players() == ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "gus", "Hal", "Ivy"]


def test_the_csv_sheet_never_holds_a_formula(store: Store) -> None:
    """Names and notes a spreadsheet would run as formulas are written as text."""
    state = store.create_match(record(sides=("=Us", "@Them"), players=((), ())))
    store.add_hand(state.id, hand(0, note='=HYPERLINK("http://x","y")'), state.version)
    lines = store.export_csv(state.id).splitlines()
    assert lines[0] == "hand,dealer,'=Us hand,'=Us total,'@Them hand,'@Them total,note"
    assert lines[1].endswith(',"\'=HYPERLINK(""http://x"",""y"")"')


def test_a_preview_says_what_an_import_would_do_and_saves_nothing(store: Store) -> None:
    kept = store.create_match(record())
    matches = good_matches()
    matches.insert(1, json.loads(kept.record.model_dump_json()))
    text = backup_of(matches)
    preview = store.import_preview(text)
    assert preview.backup is True
    assert [r.sides[0].name for r in preview.records] == [
        "Side 0",
        kept.record.sides[0].name,
        "Side 1",
        "Side 2",
        "Side 3",
    ]
    assert preview.already_there == (None, kept.id, None, None, None)
    assert [s.running_totals for s in preview.scores] == [
        score_match(r).running_totals for r in preview.records
    ]
    assert [m.id for m in store.matches()] == [kept.id]  # nothing saved
    result = store.import_text(text)
    assert result.already_there == (kept.id,) and len(result.created) == 4
    again = store.import_preview(text)
    assert None not in again.already_there
    assert store.import_preview(store.export_match(kept.id)).backup is False


def test_a_preview_refuses_as_the_import_does(store: Store) -> None:
    matches = good_matches()
    matches[2]["hands"][0]["sides"][1]["went_out"] = "out"
    with pytest.raises(RuleViolationError) as caught:
        store.import_preview(backup_of(matches))
    assert {f.where for f in caught.value.findings} == {
        "matches[2].match.hands[0].sides[1].went_out"
    }
    matches[2]["sides"][0]["colour"] = "red"
    with pytest.raises(RecordError) as unreadable:
        store.import_preview(backup_of(matches))
    assert "matches[2].match.sides[0].colour" in [p.where for p in unreadable.value.problems]
    assert store.matches() == []


def _match_files() -> list[Any]:
    data = Path(__file__).resolve().parents[1] / "data" / "golden_matches.json"
    found = [case["match"] for case in json.loads(data.read_text())]
    samples = Path(__file__).resolve().parents[2] / "assets" / "samples"
    found.append(json.loads((samples / "evening-match.json").read_text()))
    noted = copy.deepcopy(found[0])
    noted["hands"][0]["note"] = 'two lines\nand "quotes", tab\t, Zoë, 李, \\ and [ ] { }'
    noted["hands"][-1]["dealer"] = "Nora"
    found.append(noted)
    empty = copy.deepcopy(found[0])
    empty["hands"] = []
    found.append(empty)
    return found


@pytest.mark.parametrize("data", _match_files())
def test_a_fingerprint_made_hand_by_hand_is_the_match_files(data: Any) -> None:
    import hashlib

    from canasta_scorer.rules import dump_match
    from canasta_scorer.store.exchange import HandTexts, fingerprint

    whole = load_match(json.dumps(data))
    texts = HandTexts()
    for count in range(len(whole.hands) + 1):
        part = whole.model_copy(update={"hands": whole.hands[:count]})
        expected = hashlib.sha256(dump_match(part).encode()).hexdigest()
        assert texts.match_text(part) == dump_match(part)
        assert fingerprint(part, texts) == expected == fingerprint(part)
    # the hands written once are read from what was kept, and give the same text
    again = whole.model_copy(update={"hands": whole.hands})
    assert texts.match_text(again) == dump_match(whole)


def test_remembered_players_are_listed_by_name_case_and_accents_aside(store: Store) -> None:
    """The player filter and the new-match form list them so: "Çelik" among the Cs."""
    store.create_match(record(players=(("Wendy", "Çelik"), ("émile", "Bruno"))))
    store.create_match(record(players=(("Zoë", "celia"), ("Anna", "Ödön"))))
    assert store.players() == ["Anna", "Bruno", "celia", "Çelik", "émile", "Ödön", "Wendy", "Zoë"]


def _backup_of(made: dict[str, Any], created_at: str) -> str:
    return json.dumps(
        {
            "format": "canasta-scorer-backup",
            "version": 1,
            "created_at": "2026-01-01T12:00:00+00:00",
            "matches": [{"created_at": created_at, "match": made}],
        }
    )


def test_an_exported_match_keeps_its_day_and_target_when_imported_elsewhere(
    store: Store, tmp_path: Path
) -> None:
    """file format §5 started_at: the day a match was played goes with its match file."""
    made = json.loads(record(target=7_500, hands=(hand(0, "clean", "small"),)).model_dump_json())
    store.import_text(_backup_of(made, "2025-05-01T21:30:00+02:00"))  # played a while ago
    [kept] = store.matches()
    exported = store.export_match(kept.id)
    written = json.loads(exported)
    assert written["started_at"] == "2025-05-01T19:30:00+00:00"
    assert written["target"] == 7_500  # not the variant's 5,000

    other = Store.open(f"sqlite:///{tmp_path / 'other.db'}")  # another device
    try:
        now = other.create_match(record(sides=("Us", "Them")))
        [new] = other.import_text(exported).created
        there = other.match(new)
        assert there.created_at == datetime(2025, 5, 1, 19, 30, tzinfo=UTC)
        assert there.record.target == 7_500
        assert there.record == store.match(kept.id).record
        # the history's order and its "When" filter go by the day it was played
        assert [m.id for m in other.matches()] == [now.id, new]
        assert [m.id for m in other.matches(since=datetime(2026, 1, 1, tzinfo=UTC))] == [now.id]
        # and what it exports again says the same day
        assert json.loads(other.export_match(new))["started_at"] == written["started_at"]
    finally:
        other.close()
    # the day is not part of the match's content: imported back, it is already here
    assert store.import_text(exported).already_there == (kept.id,)


def test_a_match_file_without_its_start_is_still_read_and_dated_when_imported(
    store: Store,
) -> None:
    older = record(target=7_500).model_dump_json(exclude_defaults=True)
    assert "started_at" not in older
    before = datetime.now(UTC)
    [made] = store.import_text(older).created
    after = datetime.now(UTC)
    state = store.match(made)
    assert before - timedelta(seconds=1) <= state.created_at <= after + timedelta(seconds=1)
    assert state.record.target == 7_500
    # the same match with its start is the same content: not imported twice
    dated = json.loads(older) | {"started_at": "2020-02-02T10:00:00Z"}
    assert store.import_text(json.dumps(dated)).already_there == (made,)
