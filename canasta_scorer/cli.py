"""The command line: a thin shell over `canasta_scorer.rules`.

``canasta-scorer score FILE`` and ``match FILE`` print a score sheet (or, with
``--json``, the object of docs/file-format.md); ``check meld`` (also ``check-meld``),
``check pile``, ``check go-out``, ``check first-meld`` and ``minimum`` answer table
questions. Exit status: 0 valid (or yes), 1 a rule is broken (or no), 2 the file or the
command line cannot be read. No traceback reaches the user.

This module imports neither Flet nor SQL, so ``score`` and ``match`` start fast.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError

from canasta_scorer import i18n
from canasta_scorer.cli_app import EXIT_UNREADABLE, add_app_command, top_parser
from canasta_scorer.cli_app import Parser as _Parser
from canasta_scorer.cli_app import argparse_speaks as _argparse_speaks
from canasta_scorer.cli_app import at_least as _at_least
from canasta_scorer.cli_app import fit_output as _fit_output
from canasta_scorer.cli_app import language_asked as _language
from canasta_scorer.cli_app import unicode_ok as _unicode_ok
from canasta_scorer.cli_store import add_store_commands
from canasta_scorer.i18n import N_, Nn_, _, ngettext, quote
from canasta_scorer.rules import (
    HAND_FILE_LIMIT,
    HOUSE_RULE_INFO,
    MATCH_FILE_LIMIT,
    TIE_RULE,
    CanastaError,
    CanastaKind,
    Card,
    CardSyntaxError,
    Code,
    Finding,
    FirstMeldSituation,
    GoOutSituation,
    HandRecord,
    HandScore,
    MatchRecord,
    MatchScore,
    Meld,
    MeldRank,
    MeldSituation,
    NumberSyntaxError,
    PileSituation,
    Problem,
    Question,
    RecordError,
    RuleSet,
    Severity,
    SideScore,
    Situation,
    Variant,
    Verdict,
    WentOut,
    check_score,
    file_format,
    format_cards,
    game_phrase,
    hand_rules,
    house_rule_phrase,
    initial_meld_minimum,
    load_hand,
    load_match,
    match_rules,
    parse_cards,
    parse_meld,
    parse_score,
    phrase,
    rule,
    rule_set,
    rules_findings,
    score_hand,
    score_match,
    scoring_groups,
    settle,
    validation_problems,
)

__all__ = ["main"]

EXIT_VALID = 0
EXIT_VIOLATIONS = 1
EXIT_INTERNAL = 3


#: argparse's own words, as Python 3.11's argparse asks gettext for them (its msgids,
#: kept exactly): marked here so that they are extracted into the catalogs. A newer
#: Python that words one differently gets it in English.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    Nn_("expected %s argument", "expected %s arguments"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("%(prog)s: error: %(message)s\n"),
)


def _write_json(data: object) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=not _unicode_ok(sys.stdout))
    sys.stdout.write("\n")


#: A canasta's kind beside its meld, and its row of the score sheet.
CANASTA_NOTES = {
    CanastaKind.NATURAL: N_("natural canasta"),
    CanastaKind.MIXED: N_("mixed canasta"),
    CanastaKind.WILD: N_("wild canasta"),
}
CANASTA_ROWS = {
    CanastaKind.NATURAL: N_("natural canastas {count} × {each}"),
    CanastaKind.MIXED: N_("mixed canastas {count} × {each}"),
    CanastaKind.WILD: N_("wild canastas {count} × {each}"),
}


def _points(value: int) -> str:
    return i18n.number(value)


def _signed(value: int) -> str:
    return i18n.number(value, sign=True) if value else "0"


def _read(path: str, limit: int) -> bytes:
    """The file's bytes, at most ``limit`` + 1 of them (enough to tell it is too large
    without reading a huge file whole)."""
    if path == "-":
        return sys.stdin.buffer.read(limit + 1)
    with Path(path).open("rb") as handle:
        return handle.read(limit + 1)


#: The two kinds of file the command line reads, in words.
_FILE_WORDS = {"hand": N_("hand file"), "match": N_("match file")}


def _file_problem(path: str, kind: str, problems: list[Problem]) -> int:
    name = _("standard input") if path == "-" else path
    sys.stderr.write(
        _("{name}: cannot be read as a {file}\n").format(name=name, file=_(_FILE_WORDS[kind]))
    )
    for problem in problems:
        sys.stderr.write(f"  {i18n.problem_line(problem)}\n")
    return EXIT_UNREADABLE


def _unknown_keys(problems: Sequence[Problem]) -> bool:
    return any(problem.message.startswith("unknown key") for problem in problems)


def _other_kind(text: bytes, kind: str) -> bool:
    """True if the file reads as the other kind of file (a match file given to ``score``)."""
    try:
        load_match(text) if kind == "hand" else load_hand(text)
    except RecordError as error:
        return not _unknown_keys(error.problems)
    return True


def _load(path: str, kind: str) -> HandRecord | MatchRecord | int:
    limit = HAND_FILE_LIMIT if kind == "hand" else MATCH_FILE_LIMIT
    try:
        text = _read(path, limit)
    except FileNotFoundError:
        return _file_problem(path, kind, [Problem("", _("no such file"))])
    except IsADirectoryError:
        return _file_problem(path, kind, [Problem("", _("is a folder, not a file"))])
    except OSError as error:
        return _file_problem(path, kind, [Problem("", i18n.system_error_text(error))])
    if len(text) > limit:  # before "empty": a large file's first part may be blank
        return _file_problem(
            path,
            kind,
            [
                Problem(
                    "",
                    _("is larger than a {file} may be ({value} MB)").format(
                        file=_(_FILE_WORDS[kind]), value=limit // (1024 * 1024)
                    ),
                )
            ],
        )
    if not text.strip():
        return _file_problem(path, kind, [Problem("", _("is empty"))])
    try:
        return load_hand(text) if kind == "hand" else load_match(text)
    except RecordError as error:
        problems = list(error.problems)
        if _unknown_keys(problems) and _other_kind(text, kind):
            # Its unknown keys are those of the other kind of file: say that instead.
            other, command = ("match", "match") if kind == "hand" else ("hand", "score")
            hint = _("this is a {other}, not a {file}: try canasta-scorer {command} {path}").format(
                other=_(_FILE_WORDS[other]), file=_(_FILE_WORDS[kind]), command=command, path=path
            )
            problems = [Problem("", hint)] + [
                p for p in problems if not p.message.startswith("unknown key")
            ]
        return _file_problem(path, kind, problems)


def _findings_text(findings: Sequence[Finding], out: TextIO) -> None:
    errors = [f for f in findings if f.severity is Severity.ERROR]
    warnings = [f for f in findings if f.severity is Severity.WARNING]
    if errors:
        out.write(
            ngettext(
                "\nNOT VALID: {count} rule broken\n",
                "\nNOT VALID: {count} rules broken\n",
                len(errors),
            ).format(count=len(errors))
        )
        for finding in errors:
            out.write(
                _("  ✗ {where}: {message}\n    see {rule}\n").format(
                    where=finding.where or _("(whole file)"),
                    message=i18n.finding_text(finding),
                    rule=i18n.cite(finding.rule),
                )
            )
    if warnings:
        out.write(
            ngettext("\n{count} warning\n", "\n{count} warnings\n", len(warnings)).format(
                count=len(warnings)
            )
        )
        for finding in warnings:
            out.write(
                _("  ! {where}: {message}\n    see {rule}\n").format(
                    where=finding.where or _("(whole file)"),
                    message=i18n.finding_text(finding),
                    rule=i18n.cite(finding.rule),
                )
            )


def _meld_line(meld: Meld, rules: RuleSet) -> tuple[str, str, str]:
    kind = meld.canasta_kind(rules)
    note = _(CANASTA_NOTES[kind]) if kind else ""
    if meld.rank is MeldRank.BLACK_THREE:
        note = _("black threes (going out)")
    return str(meld), _points(meld.points), note


def _side_sheet(
    record: HandRecord, index: int, score: SideScore, rules: RuleSet, group: list[int]
) -> None:
    """One side's lines of the sheet. ``group``: the sides that score together with it
    this hand (the partners of three-player cutthroat), itself included."""
    out = sys.stdout
    side = record.sides[index]
    if side.quick:
        title = side.name + (f" ({', '.join(side.players)})" if side.players else "")
        typed, total = _("typed from a paper count (not card-checked)"), _("hand total")
        out.write(
            f"{title}\n  {typed:<44}"
            f"{_signed(score.typed_total):>9}\n  {'─' * 53}\n"
            f"  {total:<44}{_points(score.total):>9}\n"
        )
        return
    together = [record.sides[i] for i in group if not record.sides[i].quick]
    rows: list[tuple[str, int]] = [(_("cards melded"), score.meld_points)]
    for kind, count in (
        (CanastaKind.NATURAL, score.natural_canastas),
        (CanastaKind.MIXED, score.mixed_canastas),
        (CanastaKind.WILD, score.wild_canastas),
    ):
        if count:
            each = kind.bonus
            rows.append(
                (
                    _(CANASTA_ROWS[kind]).format(count=count, each=i18n.number(each)),
                    each * count,
                )
            )
    if side.red_threes or score.red_three_bonus:
        # counted minus for a side that has not melded (rules §1.6): said so
        words = (
            _("red threes {red_threes}, counted minus")
            if score.red_three_bonus < 0
            else _("red threes {red_threes}")
        )
        rows.append((words.format(red_threes=side.red_threes), score.red_three_bonus))
    if score.going_out_bonus:
        went = next((s for s in together if s.went_out is not WentOut.NO), side)
        how = _("going out concealed") if went.went_out is WentOut.CONCEALED else _("going out")
        who = went.went_out_by or (went.name if went is not side else "")
        rows.append((how + (f" ({who})" if who else ""), score.going_out_bonus))
    left = format_cards(card for s in together for card in s.hand_cards())
    rows.append(
        (
            _("cards left in hand {left}").format(left=left) if left else _("cards left in hand"),
            score.hand_points,
        )
    )
    if score.penalties:
        rows.append((_("house-rule penalties"), score.penalties))
    melds = [_meld_line(meld, rules) for meld in side.melds]
    width = max(44, *(len(label) + 2 for label, _ in rows), *(len(m[0]) + 10 for m in melds))

    title = side.name + (f" ({', '.join(side.players)})" if side.players else "")
    out.write(f"{title}\n")
    if len(together) > 1:
        partners = i18n.spoken_list([s.name for s in together if s is not side])
        out.write(
            _(
                "  partners this hand with {partners}: melds, canasta bonuses, going "
                "out and cards left in hand count together ({rule})\n"
            ).format(partners=partners, rule=_rule("2.3"))
        )
    if side.score_before:
        before = _("score before the hand")
        out.write(f"  {before:<{width}}{_points(side.score_before):>9}\n")
    pad = max(8, len(_("melds")) + 1)  # the label column: "melds" in the language
    for number, (cards, points, note) in enumerate(melds):
        label = _("melds") if number == 0 else ""
        out.write(f"  {label:<{pad}}{cards:<{width - pad}}{points:>9}  {note}".rstrip() + "\n")
    if not side.melds:
        label, none = _("melds"), _("(none)")
        out.write(f"  {label:<{pad}}{none}\n")
    for label, value in rows:
        out.write(f"  {label:<{width}}{_signed(value):>9}\n")
    out.write(f"  {'─' * (width + 9)}\n")
    total = _("hand total")
    out.write(f"  {total:<{width}}{_points(score.total):>9}\n")
    if side.score_before:
        new = _("new total")
        out.write(f"  {new:<{width}}{_points(side.score_before + score.total):>9}\n")


def _rules_line(rules: RuleSet) -> str:
    extra = (
        _(", house rules: {join}").format(join=", ".join(sorted(rules.house_rules)))
        if rules.house_rules
        else ""
    )
    title = _(rules.variant.title)
    if rules.top_tier_set is not None and rules.top_tier_from is not None:
        # the match's own score of the minimum of 150 (rules §3 O13), with the target
        return _("{title} ({id}), target {points}, minimum 150 from {points2}{extra}").format(
            title=title,
            id=rules.variant.id,
            points=_points(rules.target),
            points2=_points(rules.top_tier_from),
            extra=extra,
        )
    return _("{title} ({id}), target {points}{extra}").format(
        title=title, id=rules.variant.id, points=_points(rules.target), extra=extra
    )


def _hand_json(result: HandScore) -> dict[str, Any]:
    return result.model_dump(mode="json")


def _cmd_score(args: argparse.Namespace) -> int:
    record = _load(args.file, "hand")
    if isinstance(record, int):
        return record
    assert isinstance(record, HandRecord)
    rules = hand_rules(record)
    result = score_hand(record, rules)
    out = sys.stdout
    if args.json:
        _write_json(_hand_json(result))
    else:
        out.write(_("Hand score sheet — {rules_line}\n\n").format(rules_line=_rules_line(rules)))
        group_of = {i: group for group in scoring_groups(record, rules) for i in group}
        for index, score in enumerate(result.sides):
            _side_sheet(record, index, score, rules, group_of[index])
            out.write("\n")
        _findings_text(result.violations, out)
        if result.valid:
            out.write(_("Valid: no rule broken.\n"))
    return EXIT_VALID if result.valid else EXIT_VIOLATIONS


def _match_json(result: MatchScore) -> dict[str, Any]:
    return result.model_dump(mode="json")


def _cmd_match(args: argparse.Namespace) -> int:
    record = _load(args.file, "match")
    if isinstance(record, int):
        return record
    assert isinstance(record, MatchRecord)
    rules = match_rules(record)
    result = score_match(record)
    out = sys.stdout
    if args.json:
        _write_json(_match_json(result))
        return EXIT_VALID if result.valid else EXIT_VIOLATIONS
    out.write(_("Match score sheet — {rules_line}\n\n").format(rules_line=_rules_line(rules)))
    col = max(12, *(len(side.name) + 2 for side in record.sides))
    hand_word = _("hand")
    header = f"{hand_word:<10}" + "".join(f"{side.name:>{col}}" for side in record.sides)
    out.write(header + "\n")
    starts = [side.start_score for side in record.sides]
    if any(starts):
        start = _("start")
        out.write(f"{start:<10}" + "".join(f"{_points(s):>{col}}" for s in starts) + "\n")
    for number, (hand, totals) in enumerate(zip(record.hands, result.hands, strict=True)):
        out.write(
            f"{number + 1:<10}" + "".join(f"{_signed(t):>{col}}" for t in totals.totals) + "\n"
        )
        out.write(
            f"{'':<10}"
            + "".join(f"{_points(r):>{col}}" for r in totals.running)
            + (f"   {hand.note}" if hand.note else "")
            + "\n"
        )
    out.write("─" * (10 + col * len(record.sides)) + "\n")
    total, minimum = _("total"), _("minimum")
    out.write(
        f"{total:<10}" + "".join(f"{_points(r):>{col}}" for r in result.running_totals) + "\n"
    )
    row = f"{minimum:<10}" + "".join(f"{m:>{col}}" for m in result.initial_meld_minimums)
    out.write(_("{row}   initial meld minimum for the next hand\n").format(row=row))
    if result.finished and result.winner is not None:
        out.write(
            _("\nFinished: {winner} wins by {points}.\n").format(
                winner=result.winner, points=_points(result.margin or 0)
            )
        )
    elif result.finished:
        out.write(_("\nFinished: a draw (the house rule “A tie at the end is a draw”).\n"))
    elif result.tied_at_top:
        out.write(
            _(
                "\nNot finished: the top is tied at {points}, so another hand is played "
                "(see {rule}).\n"
            ).format(
                points=_points(max(result.running_totals, default=0)),
                rule=i18n.cite(TIE_RULE),
            )
        )
    else:
        left = rules.target - max(result.running_totals, default=0)
        out.write(
            _("\nNot finished: {points} to go to {points2}.\n").format(
                points=_points(left), points2=_points(rules.target)
            )
        )
    _findings_text(result.violations, out)
    if result.valid:
        out.write(_("Valid: no rule broken.\n"))
    return EXIT_VALID if result.valid else EXIT_VIOLATIONS


def _asked_rules(args: argparse.Namespace) -> RuleSet:
    """The rules a question or ``minimum`` is asked under: the variant, the house rules
    and the score of the 150 minimum given (``--top-tier-from``), refused when that
    score is wrong or does nothing with the variant (rules §3 O13)."""
    rules = rule_set(
        args.variant, getattr(args, "house_rule", None) or (), None, args.top_tier_from
    )
    for finding in rules_findings(rules):
        if finding.code in (Code.TOP_TIER_VALUE, Code.TOP_TIER_NO_EFFECT):
            raise CanastaError(finding.message, finding.words)
    return rules


def _cmd_minimum(args: argparse.Namespace) -> int:
    rules = _asked_rules(args)
    minimum = initial_meld_minimum(args.score, rules)
    problems = check_score(args.score)
    odd = bool(problems)
    if args.json:
        _write_json(
            {
                "score": args.score,
                "variant": rules.variant.id.value,
                "minimum": minimum,
                "valid_score": not odd,
            }
        )
    else:
        sys.stdout.write(
            _("Initial meld minimum at {points} in {game}: {minimum}\n").format(
                points=_points(args.score),
                game=i18n.words(game_phrase(rules.variant.id.value)),
                minimum=minimum,
            )
        )
        for problem in problems:
            sys.stdout.write(
                _("  ✗ {message}\n    see {rule}\n").format(
                    message=problem.message, rule=problem.rule
                )
            )
    return EXIT_VIOLATIONS if odd else EXIT_VALID


def _verdict_out(
    verdict: Verdict,
    rules: RuleSet,
    as_json: bool,
    extra: dict[str, Any] | None = None,
    hint: str = "",
) -> int:
    """Print a verdict: the question, the yes-or-no answer, every reason with its rule.
    The exit status says the same as the answer: 0 yes, 1 no."""
    if as_json:
        _write_json({**verdict.model_dump(mode="json"), **(extra or {})})
    else:
        out = sys.stdout
        out.write(
            f"{i18n.question_text(verdict)}  ({_rules_line(rules)})\n{i18n.answer_text(verdict)}\n"
        )
        if verdict.show:
            out.write(_("  show from your hand: {show}\n").format(show=verdict.show))
        for reason in verdict.reasons:
            out.write(
                _("  {sign} {message}\n    see {rule}\n").format(
                    sign="✓" if reason.ok else "✗",
                    message=i18n.reason_text(reason),
                    rule=i18n.cite(reason.rule),
                )
            )
        if hint:
            out.write(f"{hint}\n")
    return EXIT_VALID if verdict.allowed else EXIT_VIOLATIONS


def _meld_question(args: argparse.Namespace, rules: RuleSet) -> int:
    """``check meld`` (and its other name ``check-meld``): is this meld legal?

    Without ``--going-out`` the meld is laid on an ordinary turn, so black threes are a
    no (they are melded only on the going-out turn), and the answer says how to ask
    about the going-out turn."""
    meld = parse_meld(" ".join(args.cards))
    verdict = settle(Question.MELD, MeldSituation(meld=meld, going_out=bool(args.going_out)), rules)
    kind = verdict.canasta
    hint = ""
    if meld.rank is MeldRank.BLACK_THREE and not args.going_out:
        hint = _("On the turn its player goes out it may be legal: ask again with --going-out.")
    extra = {
        "meld": str(meld),
        "canasta": kind.value if kind else None,
        "canasta_bonus": kind.bonus if kind else 0,
    }
    return _verdict_out(verdict, rules, args.json, extra, hint)


def _melds(texts: list[str] | None) -> tuple[Meld, ...]:
    return tuple(parse_meld(text) for text in texts or ())


def _one_card(text: str | None) -> Card | None:
    if text is None or not text.strip():
        return None
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardSyntaxError(_("{text} should be one card").format(text=quote(text.strip())))
    return cards[0]


def _situation(args: argparse.Namespace) -> Situation:
    """The situation of a ``check`` question other than ``meld``, from its command line."""
    question = Question(args.question)
    if question is Question.PILE:
        top = _one_card(args.top)
        assert top is not None
        return PileSituation(
            top=top,
            pile_size=args.pile_size,
            wild_in_pile=args.wild_in_pile,
            red_three_upcard=args.red_three_upcard,
            black_three_in_pile=args.black_three_in_pile,
            side_has_melded=not args.not_melded,
            side_score=args.score,
            hand=parse_cards(args.hand),
            side_melds=_melds(args.meld),
        )
    if question is Question.GO_OUT:
        return GoOutSituation(
            table_melds=_melds(args.table),
            this_turn=_melds(args.meld),
            discard=_one_card(args.discard),
            side_has_melded=not args.side_not_melded,
            player_has_melded=not args.player_not_melded,
            took_pile=args.took_pile,
            buried=parse_cards(args.buried),
            side_score=args.score,
        )
    return FirstMeldSituation(
        melds=_melds(args.meld),
        top=_one_card(args.top),
        buried=parse_cards(args.buried),
        side_score=args.score,
        red_threes=args.red_threes,
    )


def _cmd_check(args: argparse.Namespace) -> int:
    rules = _asked_rules(args)
    if args.question == Question.MELD:
        return _meld_question(args, rules)
    verdict = settle(args.question, _situation(args), rules)
    return _verdict_out(verdict, rules, args.json)


def _score(text: str) -> int:
    """An argparse type: a score in points as players write it ("1,500", "-85")."""
    try:
        value = parse_score(text)
    except NumberSyntaxError as error:  # not a number, or past the largest score
        raise argparse.ArgumentTypeError(i18n.error_text(error)) from None
    if value is None:
        raise argparse.ArgumentTypeError(_("a score is needed"))
    return value


def _rule(*sections: str) -> str:
    """A citation of the rules (``"rules §1.8 taking the discard pile"``) with its
    section titles in the language in force."""
    return i18n.cite(rule(*sections))


def _meld_description() -> str:
    """The description of ``check meld``, in the language in force."""
    return _(
        "Is this meld legal, what is it worth, and is it a canasta? Answers yes or no; the exit "
        "status says the same (0 yes, 1 no). Cards as in files: JK 2 A K Q J 10 9 8 7 6 5 4, "
        "and 3 for a black three ({rule})."
    ).format(rule=_rule("1.3", "1.5"))


class _EachRuleOnce(argparse.Action):
    """``--house-rule`` repeated for more rules, refused when one is given twice, in the
    words a file listing one twice is refused with (the rule named by its title)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        """Add the rule to those given, or refuse it if it is given already."""
        given = list(getattr(namespace, self.dest, None) or [])
        if values in given:
            raise argparse.ArgumentError(
                self,
                i18n.words(phrase("record.house_rule_twice", rule=house_rule_phrase(str(values)))),
            )
        setattr(namespace, self.dest, [*given, values])


def _check_options(parser: argparse.ArgumentParser, variants: list[str], house: list[str]) -> None:
    """The options every table question has: variant, house rules, JSON."""
    parser.add_argument(
        "--variant",
        default="classic",
        choices=variants,
        metavar="ID",
        help=_("the variant played (default classic): {join} ({rule})").format(
            join=", ".join(variants), rule=_rule("2")
        ),
    )
    parser.add_argument(
        "--house-rule",
        action=_EachRuleOnce,
        choices=house,
        metavar="ID",
        help=_("a house rule that is on; repeat it for more: {join} ({rule})").format(
            join=", ".join(house), rule=_rule("3")
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print the answer as JSON"))
    parser.set_defaults(run=_cmd_check, top_tier_from=None)


def _top_tier_option(parser: argparse.ArgumentParser) -> None:
    """``--top-tier-from``: the score from which the minimum is 150 (rules §3 O13)."""
    parser.add_argument(
        "--top-tier-from",
        type=_score,
        metavar="SCORE",
        help=_(
            "six players in two sides: the score from which the minimum is 150 "
            "(default 7,500; {rule})"
        ).format(rule=_rule("3 O13")),
    )


def _meld_parser(
    commands: Any, name: str, variants: list[str], house: list[str], summary: str
) -> None:
    """``check meld`` and its other name, ``check-meld``: one question, one answer."""
    meld = commands.add_parser(name, help=summary, description=_meld_description())
    meld.add_argument(
        "cards", nargs="+", metavar="CARDS", help=_('the meld\'s cards, e.g. J J J 2 or "J J J 2"')
    )
    meld.add_argument(
        "--going-out",
        action="store_true",
        help=_(
            "it is laid on the turn its player goes out (the only turn black threes are melded)"
        ),
    )
    _check_options(meld, variants, house)
    meld.set_defaults(question="meld")


def _check_commands(commands: Any, variants: list[str], house: list[str]) -> None:
    check = commands.add_parser(
        "check",
        help=_("settle a dispute: meld, pile, go-out, first-meld"),
        description=_(
            "Answer a table question yes or no, with the rule and its source. "
            "Cards as in files: JK 2 A K Q J 10 9 8 7 6 5 4 3. Exit 0 yes, 1 no."
        ),
    )
    questions = check.add_subparsers(
        dest="question", metavar="QUESTION", required=True, parser_class=_Parser
    )

    def common(parser: argparse.ArgumentParser) -> None:
        _check_options(parser, variants, house)

    _meld_parser(questions, "meld", variants, house, _("is this meld legal?"))

    pile = questions.add_parser(
        "pile",
        help=_("may I take the discard pile?"),
        description=_("May I take the discard pile? ({rule})").format(rule=_rule("1.8")),
    )
    pile.add_argument("--top", required=True, metavar="CARD", help=_("the top card of the pile"))
    pile.add_argument("--hand", required=True, metavar="CARDS", help=_("your hand"))
    pile.add_argument(
        "--pile-size",
        type=_at_least(1),
        default=2,
        metavar="N",
        help=_("cards in the pile, the top one included (default 2)"),
    )
    pile.add_argument("--wild-in-pile", action="store_true", help=_("a wild card lies in the pile"))
    pile.add_argument(
        "--red-three-upcard", action="store_true", help=_("the upcard was a red three")
    )
    pile.add_argument(
        "--black-three-in-pile",
        action="store_true",
        help=_("a black three was discarded since the pile was last taken"),
    )
    pile.add_argument("--not-melded", action="store_true", help=_("your side has not melded yet"))
    pile.add_argument("--score", type=_score, default=0, help=_("your side's score (its minimum)"))
    pile.add_argument(
        "--meld",
        action="append",
        metavar="CARDS",
        help=_("a meld of your side on the table (repeat)"),
    )
    common(pile)
    _top_tier_option(pile)

    go_out = questions.add_parser(
        "go-out",
        help=_("may we go out?"),
        description=_("May we go out, and what does it score? ({rule})").format(rule=_rule("1.9")),
    )
    go_out.add_argument(
        "--table",
        action="append",
        metavar="CARDS",
        help=_("a meld of your side already on the table (repeat)"),
    )
    go_out.add_argument(
        "--meld", action="append", metavar="CARDS", help=_("a meld you lay this turn (repeat)")
    )
    go_out.add_argument("--discard", metavar="CARD", help=_("the card you discard, if any"))
    go_out.add_argument(
        "--side-not-melded",
        action="store_true",
        help=_("your side had not melded before this turn"),
    )
    go_out.add_argument(
        "--player-not-melded",
        action="store_true",
        help=_("you had not melded before this turn (concealed)"),
    )
    go_out.add_argument("--took-pile", action="store_true", help=_("you took the pile this turn"))
    go_out.add_argument(
        "--buried",
        default="",
        metavar="CARDS",
        help=_("pile cards other than the top one melded this turn (they do not count)"),
    )
    go_out.add_argument(
        "--score", type=_score, default=0, help=_("your side's score (its minimum)")
    )
    common(go_out)
    _top_tier_option(go_out)

    first = questions.add_parser(
        "first-meld",
        help=_("does this first meld reach the minimum?"),
        description=(
            _("Does this first meld reach the initial meld minimum? ({rule})").format(
                rule=_rule("1.7")
            )
        ),
    )
    first.add_argument(
        "--meld",
        action="append",
        required=True,
        metavar="CARDS",
        help=_("a meld laid this turn, the top discard included (repeat)"),
    )
    first.add_argument("--top", metavar="CARD", help=_("the top discard, if the pile was taken"))
    first.add_argument(
        "--buried",
        default="",
        metavar="CARDS",
        help=_("other pile cards melded the same turn (they do not count)"),
    )
    first.add_argument("--score", type=_score, default=0, help=_("your side's score"))
    first.add_argument("--red-threes", type=_at_least(0), default=0, help=_("red threes laid out"))
    common(first)
    _top_tier_option(first)


def _parser() -> argparse.ArgumentParser:
    parser, commands = top_parser()

    score = commands.add_parser(
        "score",
        help=_("check and score one hand file"),
        description=_(
            "Check and score one hand file, written as docs/file-format.md "
            "describes ({file_format})."
        ).format(file_format=i18n.cite(file_format("4"))),
    )
    score.add_argument(
        "file", metavar="FILE", help=_("a hand file (JSON), or - for standard input")
    )
    score.add_argument("--json", action="store_true", help=_("print the contract's JSON object"))
    score.set_defaults(run=_cmd_score)

    match = commands.add_parser(
        "match",
        help=_("check and score a whole match file"),
        description=_("Check and score a match file, hand by hand."),
    )
    match.add_argument(
        "file", metavar="FILE", help=_("a match file (JSON), or - for standard input")
    )
    match.add_argument("--json", action="store_true", help=_("print the contract's JSON object"))
    match.set_defaults(run=_cmd_match)

    variants = [v.value for v in Variant]
    house = [h.value for h in HOUSE_RULE_INFO]
    _meld_parser(commands, "check-meld", variants, house, _("the same as check meld"))

    minimum = commands.add_parser(
        "minimum",
        help=_("the initial meld minimum for a cumulative score"),
        description=(
            _("The initial meld minimum for a side's cumulative score ({rule}).").format(
                rule=_rule("1.7")
            )
        ),
    )
    minimum.add_argument(
        "score", type=_score, metavar="SCORE", help=_("the side's cumulative score")
    )
    minimum.add_argument(
        "--variant",
        default="classic",
        choices=variants,
        metavar="ID",
        help=_("variant id (default classic): {join}").format(join=", ".join(variants)),
    )
    _top_tier_option(minimum)
    minimum.add_argument("--json", action="store_true", help=_("print JSON"))
    minimum.set_defaults(run=_cmd_minimum)

    _check_commands(commands, variants, house)
    add_store_commands(commands)

    add_app_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Args:
        argv: the arguments after the program name; ``sys.argv[1:]`` by default.

    Returns:
        The exit status: 0 valid, 1 a rule is broken, 2 unreadable input or a bad
        command line, 3 an internal error (reported in one line, never a traceback).
    """
    _fit_output()
    program = argv is None  # this process's own command line (it may start again)
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        argv, language = _language(argv)
    except ValueError as error:
        sys.stderr.write(_("canasta-scorer: {error}\n").format(error=error))
        return EXIT_UNREADABLE
    with i18n.use(language):
        status = _main(argv, program=program)
    try:
        sys.stdout.flush()  # what is left of the output, before Python's own flush at exit
    except BrokenPipeError:
        _quiet_stdout()
    return status


def _quiet_stdout() -> None:
    """The reader of the output went (``canasta-scorer matches | head -1``): what is
    left unwritten goes nowhere, so that Python's flush at exit says nothing either
    (the quiet end of a Unix tool whose pipe closed)."""
    with contextlib.suppress(OSError, ValueError):  # not a file (a test's capture)
        nowhere = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nowhere, sys.stdout.fileno())


def _main(argv: list[str], *, program: bool = False) -> int:
    try:
        with _argparse_speaks():
            parser = _parser()
            args = parser.parse_args(argv)
            if args.command is None:  # the app, with the options given before no command
                args = parser.parse_args([*argv, "app"])
        args.program = program
        status: int = args.run(args)
        return status
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_UNREADABLE
    except CanastaError as error:
        sys.stderr.write(_("canasta-scorer: {error}\n").format(error=i18n.error_text(error)))
        return EXIT_UNREADABLE
    except ValidationError as error:
        problems = "; ".join(i18n.problem_line(p) for p in validation_problems(error))
        sys.stderr.write(_("canasta-scorer: {problems}\n").format(problems=problems))
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_VALID
    except Exception as error:  # the last guard: never a traceback
        sys.stderr.write(
            _(
                "canasta-scorer: internal error ({name__}: {error}); please report it "
                "with the file that caused it\n"
            ).format(name__=type(error).__name__, error=error)
        )
        return EXIT_INTERNAL
