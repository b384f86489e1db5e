"""The command line, through real processes: ``python -m canasta_scorer`` and the
``canasta-scorer`` console script.

Exit status (file format §10 exit status): 0 valid, 1 a rule is broken, 2 a file or command line
that cannot be read; never a traceback. Every process of the module is started
once, all at the same time, by the ``runs`` fixture; each test reads the results
it needs (a process costs ~0.2 s, so this keeps the module fast).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
S1_FILE = ROOT / "assets" / "samples" / "s1-worked-hand.json"
SCRIPT = shutil.which("canasta-scorer", path=str(Path(sys.executable).parent))
FORBIDDEN = {"flet", "sqlmodel", "sqlalchemy"}
VARIANT_IDS = (
    "classic",
    "two-player",
    "three-player",
    "three-player-cutthroat",
    "five-player",
    "six-player",
    "six-player-three-sides",
)

S1_JSON = {
    "valid": True,
    "sides": [
        {
            "name": "North-South",
            "meld_points": 305,
            "hand_points": -75,
            "canasta_bonus": 1100,
            "red_three_bonus": 200,
            "going_out_bonus": 100,
            "penalties": 0,
            "total": 1630,
            "natural_canastas": 1,
            "mixed_canastas": 2,
        },
        {
            "name": "East-West",
            "meld_points": 295,
            "hand_points": -120,
            "canasta_bonus": 300,
            "red_three_bonus": 100,
            "going_out_bonus": 0,
            "penalties": 0,
            "total": 575,
            "natural_canastas": 0,
            "mixed_canastas": 1,
        },
    ],
    "violations": [],
}

# The match file of file format §5 match file and the object its `match --json` shows.
CONTRACT_MATCH: dict[str, Any] = {
    "variant": "classic",
    "house_rules": [],
    "target": 5000,
    "sides": [{"name": "North-South", "players": ["Ann", "Bob"]}, {"name": "East-West"}],
    "hands": [
        {
            "sides": [
                {
                    "red_threes": 1,
                    "melds": ["K K K", "A A 2"],
                    "went_out": "no",
                    "left_in_hand": "5 5",
                },
                {"melds": ["Q Q Q Q Q Q Q"], "went_out": "out"},
            ]
        }
    ],
}
CONTRACT_MATCH_JSON = {
    "valid": True,
    "hands": [{"totals": [180, 670], "running": [180, 670]}],
    "running_totals": [180, 670],
    "initial_meld_minimums": [50, 50],
    "finished": False,
    "winner": None,
    "margin": None,
    "violations": [],
}


def _s1() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(S1_FILE.read_text(encoding="utf-8"))
    return data


def _rule_breaking_hand() -> dict[str, Any]:
    """S1 with four wild cards in East-West's third meld (rules §1.3: at most 3)."""
    hand = _s1()
    hand["sides"][1]["melds"][2] = "10 10 2 2 JK JK"
    return hand


def _bad_card_hand() -> dict[str, Any]:
    hand = _s1()
    hand["sides"][1]["melds"][2] = "10 10 X"
    return hand


def _unknown_key_hand() -> dict[str, Any]:
    hand = _s1()
    hand["sides"][1]["meld"] = hand["sides"][1].pop("melds")
    return hand


def _wrong_type_hand() -> dict[str, Any]:
    hand = _s1()
    hand["sides"][0]["red_threes"] = "2"
    hand["sides"][1]["melds"] = "A A A A A"
    return hand


def _finished_match() -> dict[str, Any]:
    match: dict[str, Any] = json.loads(json.dumps(CONTRACT_MATCH))
    match["target"] = 1000
    match["sides"][0]["start_score"] = 900
    match["sides"][1]["start_score"] = 500
    return match


def _rule_breaking_match() -> dict[str, Any]:
    match: dict[str, Any] = json.loads(json.dumps(CONTRACT_MATCH))
    match["hands"].append(
        {
            "sides": [
                {"melds": ["J J J", "A 2 2"], "left_in_hand": "4"},
                {"melds": ["Q Q Q"], "left_in_hand": "5"},
            ]
        }
    )
    return match


WILD_HAND = {
    "house_rules": ["wild-card-melds", "wild-meld-penalty"],
    "sides": [
        {
            "name": "North-South",
            "melds": ["2 2 2 2 JK JK JK", "K K K"],
            "went_out": "out",
            "left_in_hand": "5 6",
        },
        {"name": "East-West", "melds": ["2 2 JK", "Q Q Q"], "left_in_hand": "4 4"},
    ],
}
CUTTHROAT_HAND = {
    "variant": "three-player-cutthroat",
    "lone_hand": "Lou",
    "sides": [
        {"name": "Pat", "red_threes": 1, "melds": ["9 9 9 9 9 2 2"], "left_in_hand": "5 7 K"},
        {"name": "Sam", "melds": ["Q Q Q Q", "A A JK"], "went_out": "out"},
        {
            "name": "Lou",
            "red_threes": 2,
            "melds": ["8 8 8 8 2", "6 6 6"],
            "left_in_hand": "J J 4 JK 2",
        },
    ],
}

FILES: dict[str, Any] = {
    "wild.json": WILD_HAND,
    "cutthroat.json": CUTTHROAT_HAND,
    "broken.json": _rule_breaking_hand(),
    "bad-card.json": _bad_card_hand(),
    "unknown-key.json": _unknown_key_hand(),
    "wrong-type.json": _wrong_type_hand(),
    "match.json": CONTRACT_MATCH,
    "match-finished.json": _finished_match(),
    "match-broken.json": _rule_breaking_match(),
    "not-json.json": "{this is not JSON",
    "list.json": "[1, 2, 3]",
    "empty.json": "",
    "junk.bin": b"\x89PNG\r\n\x1a\n" + bytes(range(128, 256)) * 4,
}


@dataclass(frozen=True)
class Case:
    """One process: its arguments (``{tmp}`` is the files' folder), standard input,
    extra environment, and whether it is the console script."""

    args: tuple[str, ...]
    stdin: bytes | None = None
    env: Mapping[str, str] = field(default_factory=dict)
    script: bool = False


def _case(*args: str, **options: Any) -> Case:
    return Case(args=args, **options)


S1 = str(S1_FILE)
IMPORTTIME = {"PYTHONPROFILEIMPORTTIME": "1"}
CASES: dict[str, Case] = {
    # score
    "score": _case("score", S1),
    "score-json": _case("score", S1, "--json"),
    "score-script": _case("score", S1, "--json", script=True, env=IMPORTTIME),
    "score-stdin": _case("score", "-", "--json", stdin=S1_FILE.read_bytes()),
    "score-stdin-bad": _case("score", "-", stdin=b"[\n"),
    "score-plain-console": _case("score", S1, env={"PYTHONIOENCODING": "ascii"}),
    "score-broken": _case("score", "{tmp}/broken.json"),
    "score-wild": _case("score", "{tmp}/wild.json"),
    "score-e1": _case("score", str(S1_FILE.parent / "e1-never-melded-red-threes.json")),
    "score-cutthroat": _case("score", "{tmp}/cutthroat.json"),
    "score-broken-json": _case("score", "{tmp}/broken.json", "--json"),
    "score-bad-card": _case("score", "{tmp}/bad-card.json"),
    "score-unknown-key": _case("score", "{tmp}/unknown-key.json"),
    "score-wrong-type": _case("score", "{tmp}/wrong-type.json"),
    "score-not-json": _case("score", "{tmp}/not-json.json"),
    "score-list": _case("score", "{tmp}/list.json"),
    "score-empty": _case("score", "{tmp}/empty.json"),
    "score-junk": _case("score", "{tmp}/junk.bin"),
    "score-missing": _case("score", "{tmp}/no-such-file.json"),
    "score-folder": _case("score", "{tmp}"),
    "score-a-match": _case("score", "{tmp}/match.json"),
    "score-no-file": _case("score"),
    # match
    "match": _case("match", "{tmp}/match.json"),
    "match-json": _case("match", "{tmp}/match.json", "--json"),
    "match-script": _case("match", "{tmp}/match.json", script=True, env=IMPORTTIME),
    "match-stdin": _case("match", "-", "--json", stdin=json.dumps(CONTRACT_MATCH).encode()),
    "match-finished-json": _case("match", "{tmp}/match-finished.json", "--json"),
    "match-finished": _case("match", "{tmp}/match-finished.json"),
    "match-broken": _case("match", "{tmp}/match-broken.json"),
    "match-a-hand": _case("match", S1),
    "match-not-json": _case("match", "{tmp}/not-json.json"),
    # check-meld
    "meld-mixed": _case("check-meld", "J", "J", "J", "J", "2", "2", "JK"),
    "meld-natural-json": _case("check-meld", "K K K K K K K", "--json"),
    "meld-short": _case("check-meld", "5", "2", "2"),
    "meld-too-many-wilds-json": _case("check-meld", "9 9 9 9 2 2 JK JK", "--json"),
    "meld-wild-only": _case("check-meld", "2", "2", "JK"),
    "meld-wild-canasta": _case(
        "check-meld", "2 2 2 2 2 JK JK", "--house-rule", "wild-card-melds", "--json"
    ),
    "meld-black-threes": _case("check-meld", "3", "3", "3"),
    "meld-black-threes-out": _case("check-meld", "3 3 3", "--going-out"),
    "meld-bad-card": _case("check-meld", "J", "J", "X"),
    "meld-bad-variant": _case("check-meld", "K K K", "--variant", "seven-player"),
    "meld-bad-house-rule": _case("check-meld", "K K K", "--house-rule", "jokers-wild"),
    "meld-mixed-check": _case("check", "meld", "J", "J", "J", "J", "2", "2", "JK"),
    "meld-short-check": _case("check", "meld", "5", "2", "2"),
    "meld-black-threes-check": _case("check", "meld", "3", "3", "3"),
    "meld-natural-json-check": _case("check", "meld", "K K K K K K K", "--json"),
    # minimum
    **{
        f"minimum{score}": _case("minimum", score, "--json")
        for score in ("-35", "-5", "0", "1495", "1500", "2995", "3000")
    },
    "minimum-human": _case("minimum", "-35"),
    "minimum-six-player": _case("minimum", "7500", "--variant", "six-player", "--json"),
    "minimum-odd": _case("minimum", "7"),
    "minimum-top-tier": _case(
        "minimum", "7000", "--variant", "six-player", "--top-tier-from", "7000", "--json"
    ),
    "minimum-not-a-number": _case("minimum", "lots"),
    "minimum-bad-variant": _case("minimum", "0", "--variant", "seven-player"),
    # the command line itself
    "version": _case("--version", script=True),
    "unknown-command": _case("tally", S1),
}


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def _start(case: Case, tmp: Path) -> Run:
    if case.script:
        assert SCRIPT is not None, "the canasta-scorer console script is not installed"
        command = [SCRIPT]
    else:
        command = [sys.executable, "-m", "canasta_scorer"]
    command += [arg.replace("{tmp}", str(tmp)) for arg in case.args]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPROFILEIMPORTTIME"}
    env |= {"PYTHONIOENCODING": "utf-8", **case.env}
    done = subprocess.run(
        command, input=case.stdin or b"", capture_output=True, env=env, timeout=120, check=False
    )
    encoding = "ascii" if case.env.get("PYTHONIOENCODING") == "ascii" else "utf-8"
    return Run(done.returncode, done.stdout.decode(encoding), done.stderr.decode(encoding))


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    tmp = tmp_path_factory.mktemp("cli")
    for name, content in FILES.items():
        path = tmp / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content, indent=2), encoding="utf-8")
    workers = min(8, 2 * (os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {name: pool.submit(_start, case, tmp) for name, case in CASES.items()}
        return {name: future.result() for name, future in futures.items()}


def _working(sheet: str, side: str) -> dict[str, str]:
    """The lines of the working on one side's score sheet (not its melds): label → points."""
    block = sheet.split(f"\n{side}")[1].split("\n\n")[0]
    rows = (re.fullmatch(r"  (\S.*?)\s{2,}([+−]?[\d,]+)", line) for line in block.splitlines())
    return {row[1]: row[2] for row in rows if row and not row[1].startswith("melds")}


# -- every process ---------------------------------------------------------------


def test_no_process_shows_a_traceback_or_an_internal_error(runs: dict[str, Run]) -> None:
    for name, run in runs.items():
        assert "Traceback" not in run.out + run.err, name
        assert "internal error" not in run.err, name
        assert run.code in (0, 1, 2), (name, run.code, run.err)


# -- score -------------------------------------------------------------------------


def test_score_json_is_the_contract_object_for_s1(runs: dict[str, Run]) -> None:
    for name in ("score-json", "score-script", "score-stdin"):
        assert runs[name].code == 0, runs[name].err
        assert runs[name].json() == S1_JSON, name


def test_score_sheet_shows_every_line_of_the_working(runs: dict[str, Run]) -> None:
    run = runs["score"]
    assert run.code == 0
    assert _working(run.out, "North-South") == {
        "cards melded": "+305",
        "natural canastas 1 × 500": "+500",
        "mixed canastas 2 × 300": "+600",
        "red threes 2": "+200",
        "going out (North)": "+100",
        "cards left in hand 4 5 5 Q K A A": "−75",
        "hand total": "1,630",
    }
    assert _working(run.out, "East-West") == {
        "cards melded": "+295",
        "mixed canastas 1 × 300": "+300",
        "red threes 1": "+100",
        "cards left in hand 2 5 6 10 J J 4 4 10 Q Q K K": "−120",
        "hand total": "575",
    }
    assert "J J J J 2 2 JK" in run.out and "mixed canasta" in run.out
    assert "Classic (classic), target 5,000" in run.out
    assert "Valid: no rule broken." in run.out


def test_score_sheet_says_red_threes_count_minus_for_a_side_that_never_melded(
    runs: dict[str, Run],
) -> None:
    run = runs["score-e1"]  # rules §5.2 E1
    assert run.code == 0, run.err
    working = _working(run.out, "East-West")
    assert working["red threes 2, counted minus"] == "−200"
    assert working["hand total"] == "−450"


def test_score_sheet_wild_canasta_and_house_rule_penalty(runs: dict[str, Run]) -> None:
    run = runs["score-wild"]
    assert run.code == 0, run.out
    assert "house rules: wild-card-melds, wild-meld-penalty" in run.out
    assert _working(run.out, "North-South") == {
        "cards melded": "+260",
        "wild canastas 1 × 2,000": "+2,000",
        "going out": "+100",
        "cards left in hand 5 6": "−10",
        "hand total": "2,350",
    }
    assert _working(run.out, "East-West") == {
        "cards melded": "+120",
        "cards left in hand 4 4": "−10",
        "house-rule penalties": "−1,000",
        "hand total": "−890",
    }


def test_score_sheet_of_cutthroat_partners_shows_what_they_share(runs: dict[str, Run]) -> None:
    run = runs["score-cutthroat"]
    assert run.code == 0, run.out
    assert "partners this hand with Sam: melds, canasta bonuses" in run.out
    assert "partners this hand with Pat" in run.out
    pat, sam, lou = (_working(run.out, name) for name in ("Pat", "Sam", "Lou"))
    assert pat["cards left in hand 5 7 K"] == sam["cards left in hand 5 7 K"] == "−20"
    assert pat["going out (Sam)"] == sam["going out"] == "+100"
    assert (pat["hand total"], sam["hand total"], lou["hand total"]) == ("700", "600", "180")
    assert "partners" not in run.out.split("\nLou")[1]


def test_score_sheet_on_a_console_without_unicode_uses_plain_signs(runs: dict[str, Run]) -> None:
    run = runs["score-plain-console"]
    assert run.code == 0, run.err
    assert re.search(r"cards left in hand 4 5 5 Q K A A\s+-75\n", run.out)
    assert "1,630" in run.out


def test_score_rule_breaking_hand_exits_1_naming_the_meld(runs: dict[str, Run]) -> None:
    run = runs["score-broken"]
    assert run.code == 1
    assert "NOT VALID: 1 rule broken" in run.out
    assert "sides[1].melds[2]: 10 10 2 2 JK JK has 4 wild cards" in run.out
    assert "see rules §1.3 melds" in run.out
    assert "hand total" in run.out  # the totals are still shown


def test_score_rule_breaking_hand_json(runs: dict[str, Run]) -> None:
    run = runs["score-broken-json"]
    assert run.code == 1
    result = run.json()
    assert result["valid"] is False
    assert [side["total"] for side in result["sides"]] == [1630, 665]  # still computed
    (violation,) = result["violations"]
    assert violation["severity"] == "error"
    assert violation["code"] == "meld.too_many_wilds"
    assert violation["where"] == "sides[1].melds[2]"
    assert set(violation) == {"severity", "code", "where", "message", "rule"}


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("score-bad-card", ["sides[1].melds[2]: “X” is not a card"]),
        ("score-unknown-key", ["sides[1].meld: unknown key “meld”"]),
        (
            "score-wrong-type",
            [
                "sides[0].red_threes: must be a whole number; got text",
                "sides[1].melds: must be a list; got text",
            ],
        ),
        ("score-not-json", ["not valid JSON", "line 1, column 2"]),
        ("score-list", ["must be a JSON object; got a list"]),
        ("score-empty", ["is empty"]),
        ("score-junk", ["not a text file"]),
        ("score-missing", ["no-such-file.json", "no such file"]),
        ("score-folder", ["is a folder, not a file"]),
        ("score-a-match", ["this is a match file", "try canasta-scorer match"]),
        ("match-a-hand", ["this is a hand file", "try canasta-scorer score"]),
        ("match-not-json", ["not valid JSON"]),
    ],
)
def test_unreadable_files_exit_2_naming_file_path_and_problem(
    runs: dict[str, Run], name: str, says: list[str]
) -> None:
    run = runs[name]
    assert run.code == 2
    assert run.out == ""
    first = run.err.splitlines()[0]
    assert first.endswith("cannot be read as a hand file") or first.endswith("a match file")
    assert CASES[name].args[1].replace("{tmp}", "") in first.replace("\\", "/")
    for words in says:
        assert words in run.err


def test_a_file_of_the_other_kind_is_named_and_not_buried_in_unknown_keys(
    runs: dict[str, Run],
) -> None:
    assert "unknown key" not in runs["match-a-hand"].err
    assert S1 in runs["match-a-hand"].err  # the command to try names the file


def test_standard_input_is_named_in_messages(runs: dict[str, Run]) -> None:
    run = runs["score-stdin-bad"]
    assert run.code == 2
    assert run.err.startswith("standard input: cannot be read as a hand file")


# -- match -------------------------------------------------------------------------


def test_match_json_is_the_contract_object(runs: dict[str, Run]) -> None:
    for name in ("match-json", "match-stdin"):
        assert runs[name].code == 0, runs[name].err
        assert runs[name].json() == CONTRACT_MATCH_JSON, name


def test_match_json_of_a_finished_match_names_winner_and_margin(runs: dict[str, Run]) -> None:
    run = runs["match-finished-json"]
    assert run.code == 0, run.err
    result = run.json()
    assert result["running_totals"] == [1080, 1170]
    assert (result["finished"], result["winner"], result["margin"]) == (True, "East-West", 90)
    assert "Finished: East-West wins by 90." in runs["match-finished"].out


def test_match_sheet(runs: dict[str, Run]) -> None:
    run = runs["match"]
    assert run.code == 0
    lines = run.out.splitlines()
    assert re.fullmatch(r"1\s+\+180\s+\+670", lines[3])
    assert re.fullmatch(r"\s+180\s+670", lines[4])
    assert re.match(r"minimum\s+50\s+50", lines[7])
    assert "Not finished: 4,330 to go to 5,000." in run.out
    assert runs["match-script"].code == 0
    assert runs["match-script"].out == run.out


def test_match_rule_breaking_hand_exits_1_with_its_path(runs: dict[str, Run]) -> None:
    run = runs["match-broken"]
    assert run.code == 1
    assert "hands[1].sides[0].melds[1]: A 2 2 has 1 natural card" in run.out


# -- check-meld --------------------------------------------------------------------


def test_check_meld_legal_melds(runs: dict[str, Run]) -> None:
    mixed = runs["meld-mixed"]
    assert mixed.code == 0
    assert mixed.out.splitlines() == [
        "Is J J J J 2 2 JK a legal meld?  (Classic (classic), target 5,000)",
        "Yes: J J J J 2 2 JK is a mixed canasta: 130 points for its cards and a bonus of 300.",
        "  ✓ mixed canasta: bonus 300",
        "    see rules §1.4 canastas",
    ]
    natural = runs["meld-natural-json"]
    assert natural.code == 0
    assert natural.json() == {
        "question": "Is K K K K K K K a legal meld?",
        "allowed": True,
        "answer": (
            "Yes: K K K K K K K is a natural canasta: 70 points for its cards and a bonus of 500."
        ),
        "reasons": [
            {
                "code": "meld.canasta",
                "values": {"kind": "natural", "bonus": 500},
                "message": "natural canasta: bonus 500",
                "rule": "rules §1.4 canastas",
                "ok": True,
            }
        ],
        "show": "",
        "points": 70,
        "minimum": None,
        "canasta": "natural",
        "findings": [],
        "meld": "K K K K K K K",
        "canasta_bonus": 500,
    }


def test_check_meld_is_the_same_question_as_check_meld(runs: dict[str, Run]) -> None:
    """``check-meld`` is another name for ``check meld``: the same answer, word for word."""
    for name in ("meld-mixed", "meld-short", "meld-black-threes", "meld-natural-json"):
        other = runs[f"{name}-check"]
        assert (other.code, other.out) == (runs[name].code, runs[name].out), name


def test_check_meld_illegal_melds_exit_1_and_say_why(runs: dict[str, Run]) -> None:
    short = runs["meld-short"]
    assert short.code == 1
    assert "No: 5 2 2 has 1 natural card: a meld needs at least 2" in short.out
    wild_only = runs["meld-wild-only"]
    assert wild_only.code == 1
    assert (
        "only wild cards" in wild_only.out and "wild-card melds are a house rule" in wild_only.out
    )
    too_many = runs["meld-too-many-wilds-json"]
    assert too_many.code == 1
    result = too_many.json()
    assert (result["allowed"], result["points"], result["canasta"]) == (False, 180, None)
    assert result["answer"].startswith("No: 9 9 9 9 2 2 JK JK has 4 wild cards")
    assert [reason["ok"] for reason in result["reasons"]] == [False]


def test_check_meld_wild_canasta_under_house_rule(runs: dict[str, Run]) -> None:
    run = runs["meld-wild-canasta"]
    assert run.code == 0
    result = run.json()
    assert (result["allowed"], result["points"], result["canasta"]) == (True, 200, "wild")
    assert result["canasta_bonus"] == 2000


def test_check_meld_black_threes_yes_only_on_the_going_out_turn(runs: dict[str, Run]) -> None:
    # The answer and the exit status agree: no on an ordinary turn, yes going out.
    alone = runs["meld-black-threes"]
    assert alone.code == 1
    lines = alone.out.splitlines()
    assert lines[1].startswith("No: 3 3 3 was melded by a side that did not go out")
    assert lines[-1] == (
        "On the turn its player goes out it may be legal: ask again with --going-out."
    )
    going_out = runs["meld-black-threes-out"]
    assert going_out.code == 0
    assert going_out.out.splitlines()[1] == "Yes: 3 3 3 is a legal meld worth 15 points."
    assert "✗" not in going_out.out


def test_check_meld_bad_input_exits_2(runs: dict[str, Run]) -> None:
    assert runs["meld-bad-card"].code == 2
    assert "“X” is not a card" in runs["meld-bad-card"].err
    for name in ("meld-bad-variant", "minimum-bad-variant"):
        run = runs[name]
        assert run.code == 2
        assert "'seven-player'" in run.err
        assert all(variant in run.err for variant in VARIANT_IDS), name
    house = runs["meld-bad-house-rule"]
    assert house.code == 2
    assert "'jokers-wild'" in house.err and "wild-card-melds" in house.err


# -- minimum -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "minimum"),
    [("-35", 15), ("-5", 15), ("0", 50), ("1495", 50), ("1500", 90), ("2995", 90), ("3000", 120)],
)
def test_minimum_at_the_boundaries(runs: dict[str, Run], score: str, minimum: int) -> None:
    run = runs[f"minimum{score}"]
    assert run.code == 0
    assert run.json() == {
        "score": int(score),
        "variant": "classic",
        "minimum": minimum,
        "valid_score": True,
    }


def test_minimum_human_six_player_and_bad_scores(runs: dict[str, Run]) -> None:
    assert runs["minimum-human"].out == "Initial meld minimum at −35 in a classic game: 15\n"
    assert runs["minimum-six-player"].json()["minimum"] == 150
    assert runs["minimum-top-tier"].json() == {
        "score": 7000,
        "variant": "six-player",
        "minimum": 150,
        "valid_score": True,
    }
    odd = runs["minimum-odd"]
    assert odd.code == 1
    assert "7 is not a multiple of 5" in odd.out
    assert runs["minimum-not-a-number"].code == 2
    assert "“lots” is not a whole number" in runs["minimum-not-a-number"].err


# -- the command line --------------------------------------------------------------


def test_bad_command_lines_exit_2_with_usage(runs: dict[str, Run]) -> None:
    for name in ("score-no-file", "unknown-command"):
        run = runs[name]
        assert run.code == 2, name
        assert run.err.startswith("usage: canasta-scorer"), name
    assert "the following arguments are required: FILE" in runs["score-no-file"].err
    assert runs["version"].code == 0
    assert runs["version"].out.startswith("canasta-scorer ")


def _imported(importtime_log: str) -> set[str]:
    """Top-level packages named in a ``-X importtime`` log."""
    names = re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s+(\S+)$", importtime_log, re.MULTILINE)
    return {name.split(".")[0] for name in names}


def test_score_and_match_import_neither_flet_nor_sql(runs: dict[str, Run]) -> None:
    for name in ("score-script", "match-script"):
        imported = _imported(runs[name].err)
        assert {"canasta_scorer", "pydantic"} <= imported, name  # the log was read
        assert not imported & FORBIDDEN, (name, sorted(imported & FORBIDDEN))
