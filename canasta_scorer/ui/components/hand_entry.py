"""Hand entry, made for a phone at the table.

Always on screen, outside the scrolling body: the side switcher with each side's
live hand total and problem count (top), and the hands' totals with Save (bottom).
On a screen at least `WIDE` px wide the sides stand side by side. Tapping a rank
adds its meld right under the rank pad, its naturals counted with one tap (quick
counts) or the stepper; 2s and jokers take one tap each. Going out is one tap on
the player; cards left are counted by point class with one tap per class, or typed.

Each side's panel, meld row and cards-left row is its own memoized component with
a ``key``: a tap re-renders the rows whose values changed, not the screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable
from typing import Any, cast

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import N_, Nn_, _, ngettext
from canasta_scorer.rules import (
    CanastaKind,
    Card,
    Code,
    Finding,
    HouseRule,
    MatchRecord,
    MatchSide,
    MeldRank,
    PointClass,
    RuleSet,
    Severity,
    SideScore,
    WentOut,
    cards_points,
    format_cards,
    parse_cards,
    seating,
)
from canasta_scorer.ui.drafts import (
    MISSING_TOTAL,
    NOTHING_ENTERED,
    HandDraft,
    LeftDraft,
    MeldDraft,
    SideDraft,
)
from canasta_scorer.ui.state import HandEntry, Navigation, OpenMatch, Preview, Screen, rank_name

from .common import (
    ERROR_LINES,
    TOUCH,
    Latest,
    field_label,
    findings_list,
    focus_soon,
    heading,
    icon_button,
    named,
    points,
    problem_list,
    quiet_tooltip,
    rule_row,
    screen,
    signed,
    stepper,
    switch,
    use_escape,
    widget,
)

#: Screens at least this wide (px) show the sides side by side.
WIDE = 900
RANK_BUTTONS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: Naturals a meld can be given with one tap.
QUICK_COUNTS = (3, 4, 5, 6, 7, 8)
#: Cards of a point class, or red threes, that one tap can set.
CLASS_COUNTS = (1, 2, 3, 4, 5)
#: The point classes of cards left in hand: the key of `LeftDraft`, the label beside
#: its buttons, and the screen reader's sentences of one player's hand (``{who}``): a
#: count button's (``{n}`` cards), the count's and the button that adds one.
CLASSES = (
    (
        "jokers",
        N_("Jokers\n50"),
        Nn_("{n} joker (50) in {who}'s hand", "{n} jokers (50) in {who}'s hand"),
        N_("jokers (50) in {who}'s hand: {n}"),
        N_("More jokers (50) in {who}'s hand"),
    ),
    (
        "aces_and_twos",
        N_("A, 2\n20"),
        Nn_("{n} card A or 2 (20) in {who}'s hand", "{n} aces and 2s (20) in {who}'s hand"),
        N_("aces and 2s (20) in {who}'s hand: {n}"),
        N_("More aces and 2s (20) in {who}'s hand"),
    ),
    (
        "king_to_eight",
        N_("K to 8\n10"),
        Nn_("{n} card K to 8 (10) in {who}'s hand", "{n} cards K to 8 (10) in {who}'s hand"),
        N_("cards K to 8 (10) in {who}'s hand: {n}"),
        N_("More cards K to 8 (10) in {who}'s hand"),
    ),
    (
        "seven_to_four",
        N_("7 to 4,\nblack 3s\n5"),
        Nn_(
            "{n} card 7 to 4 or black three (5) in {who}'s hand",
            "{n} cards 7 to 4 and black threes (5) in {who}'s hand",
        ),
        N_("cards 7 to 4 and black threes (5) in {who}'s hand: {n}"),
        N_("More cards 7 to 4 and black threes (5) in {who}'s hand"),
    ),
)
NOT_ENTERED = N_("not entered yet")
#: A side's switch's height with its status under its total (three sides): its name,
#: its total and two lines of status.
STACKED_TAB = 76


def working(score: SideScore) -> ft.Control:
    """Every line of a side's score, like a paper sheet."""
    return _working(score)


@widget
def Working(score: SideScore) -> ft.Control:
    """A side's score for the hand being entered, line by line (drawn again only when
    it changes, and then only its lines that changed)."""
    rows: list[ft.Control] = [
        WorkLine(label, value, key=label)
        for label, value in _lines(score)
        if value or label in ("Cards melded", "Cards left in hand")
    ]
    if score.natural_canastas or score.mixed_canastas:
        rows.insert(1, _canastas(score))
    rows.append(ft.Divider(height=1))
    rows.append(HandTotal(score.name, score.total, key="hand-total"))
    return ft.Column(rows, spacing=4)


@widget
def WorkLine(label: str, value: int) -> ft.Control:
    """One line of the working: what it counts, and its points."""
    return ft.Row([ft.Text(_(label), expand=True), ft.Text(signed(value))])


@widget
def HandTotal(name: str, total: int) -> ft.Control:
    """A side's hand total (points), the working's last line."""
    return _total_row(name, total)


def _total_row(name: str, total: int) -> ft.Control:
    return ft.Row(
        [
            ft.Text(_("Hand total"), weight=ft.FontWeight.BOLD, expand=True),
            ft.Semantics(
                identifier=f"hand-total-{name}",
                label=_("{name} hand total {points}").format(name=name, points=points(total)),
                exclude_semantics=True,  # read once, by its label
                content=ft.Text(points(total), size=28, weight=ft.FontWeight.BOLD),
            ),
        ]
    )


def _lines(score: SideScore) -> list[tuple[str, int]]:
    return [
        (N_("Cards melded"), score.meld_points),
        (N_("Canasta bonuses"), score.canasta_bonus),
        (N_("Red threes"), score.red_three_bonus),
        (N_("Going out"), score.going_out_bonus),
        (N_("Cards left in hand"), score.hand_points),
        (N_("House-rule penalties"), score.penalties),
    ]


def _canastas(score: SideScore) -> ft.Control:
    """How many canastas of each kind the side has, said as a list of whole counts
    ("2 natural canastas and 1 mixed canasta"; a kind it has none of is left out, unless
    it has none at all: "0 natural canastas and 0 mixed canastas")."""
    natural, mixed = score.natural_canastas, score.mixed_canastas
    said = [
        ngettext("{n} natural canasta", "{n} natural canastas", natural).format(n=natural)
        if natural or not mixed
        else "",
        ngettext("{n} mixed canasta", "{n} mixed canastas", mixed).format(n=mixed)
        if mixed or not natural
        else "",
    ]
    return ft.Text(
        i18n.spoken_list([part for part in said if part]),
        size=12,
        color=ft.Colors.ON_SURFACE_VARIANT,
    )


def _working(score: SideScore) -> ft.Control:
    rows: list[ft.Control] = [
        ft.Row([ft.Text(_(label), expand=True), ft.Text(signed(value))])
        for label, value in _lines(score)
        if value or label in ("Cards melded", "Cards left in hand")
    ]
    if score.natural_canastas or score.mixed_canastas:
        rows.insert(1, _canastas(score))
    rows.append(ft.Divider(height=1))
    rows.append(_total_row(score.name, score.total))
    return ft.Column(rows, spacing=4)


def _style(chosen: bool, tone: bool = False, **style: Any) -> ft.ButtonStyle:
    """A button's look, filled when ``chosen`` (``tone``: the lighter fill). One kind
    of button either way, so a tap changes its colours, not the control: at once, not
    eased over the browser's next frames (each of which draws the whole screen)."""
    if chosen:
        style["bgcolor"] = ft.Colors.SECONDARY_CONTAINER if tone else ft.Colors.PRIMARY
        style["color"] = ft.Colors.ON_SECONDARY_CONTAINER if tone else ft.Colors.ON_PRIMARY
    return ft.ButtonStyle(animation_duration=ft.Duration(), **style)


def _count_button(
    value: int, chosen: bool, label: str, key: str | None, on_click: Callable[[], None]
) -> ft.Control:
    """A 48 × 48 button that sets a count with one tap; the count chosen is filled, and
    said to be chosen to screen readers (Flutter's "selected", ``aria-current`` in a
    browser). Its tooltip is quiet (`quiet_tooltip`): the button is named by ``label``
    once, not again by the node around it."""
    style = _style(chosen, padding=ft.Padding.all(0), shape=ft.RoundedRectangleBorder(radius=8))
    return ft.Semantics(
        selected=chosen,
        content=ft.OutlinedButton(
            # named for screen readers (and found by tests) by what it sets
            content=ft.Text(str(value), semantics_label=label),
            width=TOUCH,
            height=TOUCH,
            tooltip=quiet_tooltip(label),
            key=key,
            style=style,
            on_click=lambda _: on_click(),
        ),
    )


@widget
def MeldRow(
    side: int,
    index: int,
    meld_draft: MeldDraft,
    rules: RuleSet,
    found: tuple[Finding, ...],
    opened: bool,
    set_meld: Callable[..., None],
    remove_meld: Callable[[int, int], None],
    open_meld: Callable[[str], None],
) -> ft.Control:
    """One meld: its points and kind, its findings; opened, also quick counts of
    naturals and steppers (closed, one line that opens it with a tap)."""
    meld = meld_draft.meld()
    kind = meld.canasta_kind(rules)
    name = rank_name(meld_draft.rank)
    broken = any(f.severity is Severity.ERROR for f in found)
    label = (
        {
            CanastaKind.NATURAL: _("natural canasta"),
            CanastaKind.MIXED: _("mixed canasta"),
            CanastaKind.WILD: _("wild canasta"),
        }.get(kind, "")
        if kind and not broken  # an illegal meld is no canasta
        else ""
    )
    if not opened:
        said = (
            _("Meld of {name}: {meld}, {points} points, {canasta}")
            if label
            else _("Meld of {name}: {meld}, {points} points")
        ).format(name=name, meld=meld, points=points(meld.points), canasta=label)
        line: list[ft.Control] = [
            ft.Semantics(
                identifier=f"meld-{side}-{meld_draft.rank.value}",
                label=said,
                button=True,
                content=ft.Container(
                    ft.Row(
                        [
                            ft.Icon(
                                ft.Icons.ERROR if broken else ft.Icons.EDIT,
                                color=ft.Colors.ERROR if broken else None,
                                size=18,
                            ),
                            ft.Text(f"{meld}", expand=True, no_wrap=True),
                            ft.Text(
                                _("{points} · {canasta}").format(
                                    points=points(meld.points), canasta=label
                                )
                                if label
                                else points(meld.points),
                                weight=ft.FontWeight.BOLD if label else None,
                            ),
                        ]
                    ),
                    height=TOUCH,
                    padding=ft.Padding.symmetric(horizontal=12),
                    border_radius=8,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                    on_click=lambda _: open_meld(meld_draft.rank.value),
                    tooltip=_("Open the meld of {name}").format(name=name),
                ),
            )
        ]
        if found:
            line.append(findings_list(found))
        return ft.Column(line, spacing=2)
    rows: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(
                    _("Meld of {name}").format(name=name), weight=ft.FontWeight.BOLD, expand=True
                ),
                ft.Text(
                    (_("{points} points · {canasta}") if label else _("{points} points")).format(
                        points=points(meld.points), canasta=label
                    ),
                    weight=ft.FontWeight.BOLD if label else None,
                ),
                icon_button(
                    ft.Icons.DELETE_OUTLINE,
                    _("Remove the meld of {name}").format(name=name),
                    width=TOUCH,
                    height=TOUCH,
                    on_click=lambda: remove_meld(side, index),
                ),
            ]
        ),
    ]
    deck = rules.deck  # copies of each card: the pads offer no more than the deck holds
    rank = meld_draft.rank
    if rank is not MeldRank.WILD:
        most = deck[Card(rank.value)]
        rows.append(
            QuickCounts(side, index, rank, meld_draft.naturals, most, set_meld, key="quick")
        )
        rows.append(
            MeldCount(side, index, rank, "naturals", meld_draft.naturals, most, set_meld, key="n")
        )
    if rank is not MeldRank.BLACK_THREE or meld_draft.twos or meld_draft.jokers:
        rows.append(
            MeldCount(side, index, rank, "twos", meld_draft.twos, deck[Card.TWO], set_meld, key="t")
        )
        rows.append(
            MeldCount(
                side, index, rank, "jokers", meld_draft.jokers, deck[Card.JOKER], set_meld, key="j"
            )
        )
    if found:
        rows.append(findings_list(found))
    # Not one merged semantics node: each count and finding is read (and found) alone.
    return ft.Card(
        content=ft.Container(ft.Column(rows, spacing=2), padding=12), semantic_container=False
    )


@widget
def QuickCounts(
    side: int,
    index: int,
    rank: MeldRank,
    naturals: int,
    most: int,
    set_meld: Callable[..., None],
) -> ft.Control:
    """A meld's naturals set with one tap (`QUICK_COUNTS`, up to ``most``, the deck's
    cards of the rank; the count entered filled)."""
    name = rank_name(rank)
    return ft.Row(
        [
            _count_button(
                count,
                naturals == count,
                (
                    # black threes are neither natural nor wild cards (rules §1.2)
                    ngettext("{n} black three in the meld", "{n} black threes in the meld", count)
                    if rank is MeldRank.BLACK_THREE
                    else ngettext(
                        "{n} natural card in the meld of {rank}",
                        "{n} natural cards in the meld of {rank}",
                        count,
                    )
                ).format(n=count, rank=name),
                f"naturals-{side}-{rank.value}-{count}",
                lambda c=count: set_meld(side, index, naturals=c),  # type: ignore[misc]
            )
            for count in QUICK_COUNTS
            if count <= most
        ],
        spacing=4,
        wrap=True,
    )


@widget
def MeldCount(
    side: int,
    index: int,
    rank: MeldRank,
    kind: str,
    value: int,
    most: int,
    set_meld: Callable[..., None],
) -> ft.Control:
    """The stepper of one count of a meld: its ``kind`` of cards (``naturals``, the
    meld's own cards, black threes in a meld of black threes; ``twos`` or
    ``jokers``), from 0 to ``most`` (the deck's cards of that kind)."""
    name = rank_name(rank)
    if kind == "naturals" and rank is MeldRank.BLACK_THREE:
        # black threes are neither natural nor wild cards (rules §1.2): their own words
        label = name[:1].upper() + name[1:]
        fewer = _("Fewer black threes in the meld")
        more = _("More black threes in the meld")
        said = _("black threes in the meld: {n}").format(n=value)
    elif kind == "naturals":
        label = name[:1].upper() + name[1:]
        fewer = _("Fewer natural cards in the meld of {rank}").format(rank=name)
        more = _("More natural cards in the meld of {rank}").format(rank=name)
        said = _("natural cards in the meld of {rank}: {n}").format(rank=name, n=value)
    elif kind == "twos":
        label = _("2s")
        fewer = _("Fewer 2s in the meld of {rank}").format(rank=name)
        more = _("More 2s in the meld of {rank}").format(rank=name)
        said = _("2s in the meld of {rank}: {n}").format(rank=name, n=value)
    else:
        label = _("Jokers")
        fewer = _("Fewer jokers in the meld of {rank}").format(rank=name)
        more = _("More jokers in the meld of {rank}").format(rank=name)
        said = _("jokers in the meld of {rank}: {n}").format(rank=name, n=value)
    return stepper(
        label,
        value,
        lambda v: set_meld(side, index, **{kind: v}),
        maximum=most,
        fewer=fewer,
        more=more,
        said=said,
    )


@widget
def LeftRow(
    side: int,
    seat: int,
    who: str,
    left: LeftDraft,
    problem: str | None,
    set_left: Callable[..., None],
    limits: tuple[int, ...] = (),
    found: tuple[Finding, ...] = (),
) -> ft.Control:
    """One player's cards left in hand: a tap per point class, or typed cards (with
    what was read); ``limits``: the deck's cards of each class (`CLASSES` order), the
    most a count is offered up to; ``found``: what the rules find about this player's
    hand (a red three in it, empty though the player did not go out), under it."""
    rows: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(who, weight=ft.FontWeight.BOLD, expand=True),
                ft.Switch(
                    label=_("Type cards"),
                    value=left.by_cards,
                    on_change=lambda e: set_left(side, seat, by_cards=bool(e.control.value)),
                    height=TOUCH,
                ),
            ]
        )
    ]
    if left.by_cards:
        rows.append(
            ft.TextField(
                expand=True,
                label=field_label(_("Cards left in {who}'s hand").format(who=who), left.cards),
                hint_text=_("e.g. 4 5 5 Q K A A (JK joker, 3 black three)"),
                value=left.cards,
                error=problem,
                error_max_lines=ERROR_LINES,
                on_change=lambda e: set_left(side, seat, cards=e.control.value),
            )
        )
        read = _read_cards(left.cards) if problem is None else None
        if read:
            rows.append(
                ft.Semantics(
                    identifier=f"read-{side}-{seat}",
                    label=_("Read as: {read}").format(read=read),
                    exclude_semantics=True,  # read once, by its label
                    content=ft.Text(
                        _("Read as: {read}").format(read=read),
                        size=12,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                )
            )
    else:
        for number, (key, *_words) in enumerate(CLASSES):
            most = limits[number] if number < len(limits) else None
            rows.append(
                ClassCounts(side, seat, who, number, getattr(left, key), most, set_left, key=key)
            )
    if found:
        rows.append(findings_list(found))
    return ft.Container(ft.Column(rows, spacing=2), padding=ft.Padding.only(bottom=8))


@widget
def ClassCounts(
    side: int,
    seat: int,
    who: str,
    number: int,
    value: int,
    most: int | None,
    set_left: Callable[..., None],
) -> ft.Control:
    """One point class of a player's cards left (`CLASSES`, the ``number``-th): a tap
    per count up to ``most`` (``None``: no limit; the count shown again takes it back
    to none), and one more. A count above the last button's is shown on that button,
    filled (a row has no room for one more button at 390 px)."""
    key, label, counted, said, more = CLASSES[number]
    counts = [count for count in CLASS_COUNTS if most is None or count <= most]
    if counts and value > counts[-1]:
        counts[-1] = value
    buttons: list[ft.Control] = [
        # a node of its own, read by its count alone ("jokers (50) in Ann's hand: 1"):
        # neither with the words shown nor joined to the row's name
        ft.Semantics(
            container=True,
            content=ft.Text(
                _(label),
                width=56,
                size=12,
                color=ft.Colors.ON_SURFACE_VARIANT,
                semantics_label=_(said).format(who=who, n=value),
            ),
        )
    ]
    buttons += [
        _count_button(
            count,
            value == count,
            ngettext(*counted, count).format(n=count, who=who),
            f"left-{side}-{seat}-{key}-{count}",
            # the count shown again takes it back to none
            lambda c=count: set_left(  # type: ignore[misc]
                side, seat, **{key: 0 if value == c else c}
            ),
        )
        for count in counts
    ]
    buttons.append(
        icon_button(
            ft.Icons.ADD,
            _(more).format(who=who),
            width=TOUCH,
            height=TOUCH,
            disabled=most is not None and value >= most,
            on_click=lambda _: set_left(side, seat, **{key: value + 1}),
        )
    )
    return ft.Row(buttons, spacing=2, wrap=True)


def side_items(
    index: int,
    setup: MatchSide,
    side: SideDraft,
    rules: RuleSet,
    findings: tuple[Finding, ...],
    problems: tuple[tuple[str, str], ...],
    score: SideScore | None,
    quiet: bool,
    entry: HandEntryActions,
    opened: str | None,
    opener: Opener,
    across: tuple[Finding, ...] = (),
    pending: bool = False,
) -> list[ft.Control]:
    """One side's part of the hand, as items of the scrolling body (built by the
    browser only when scrolled to): the rank pad with the melds under it, red threes,
    who went out, the cards left; its findings shown where they are about (none while
    the side is ``quiet``: not entered yet; while ``pending``, a new hand before Save is
    tried, melds short of the initial meld minimum are said as a count so far, see
    `short_so_far`). Each item is a memoized widget."""
    ranks = [*RANK_BUTTONS, "3"]
    if rules.has(HouseRule.WILD_CARD_MELDS):
        ranks.append("wild")
    have = {meld.rank.value for meld in side.melds}
    if opened not in have:  # none chosen (or removed): the newest meld is open
        opened = side.melds[-1].rank.value if side.melds else None

    controls: list[ft.Control] = [
        RankPad(index, tuple(ranks), frozenset(have), opener, key=f"rank-pad-{index}")
    ]
    # about the side's cards as a whole (the deck cannot hold so many of a card …),
    # this side's alone or every side's, and about its melds together (below the
    # initial meld minimum): right under the rank pad, above the melds
    as_a_whole = (f"sides[{index}]", f"sides[{index}].melds")
    whole = tuple(f for f in findings if f.where in as_a_whole) + across
    so_far = tuple(f for f in whole if pending and short_so_far(f))
    whole = tuple(f for f in whole if f not in so_far)
    if whole and not quiet:
        controls.append(findings_list(whole))
    for finding in so_far if not quiet else ():
        words = finding.words
        assert words is not None  # `short_so_far` found its values
        so_far_words = _("{side}: melds of {points} so far; the initial meld minimum is {minimum}.")
        controls.append(
            rule_row(
                ft.Icons.INFO_OUTLINE,
                ft.Colors.ON_SURFACE_VARIANT,
                so_far_words.format(
                    side=setup.name, points=words.get("points"), minimum=words.get("minimum")
                ),
                i18n.cite(finding.rule),
            )
        )
    if not side.melds:
        controls.append(
            ft.Text(
                _("Tap a rank to add its meld; the newest meld shows here."),
                color=ft.Colors.ON_SURFACE_VARIANT,
                size=12,
            )
        )
    # Newest first: the meld just added is right under the rank pad.
    for number in reversed(range(len(side.melds))):
        where = f"sides[{index}].melds[{number}]"
        found = () if quiet else tuple(f for f in findings if _under(f.where, where))
        controls.append(
            MeldRow(
                index,
                number,
                side.melds[number],
                rules,
                found,
                side.melds[number].rank.value == opened,
                entry.set_meld,
                entry.remove_meld,
                opener.open,
                key=f"meld-{index}-{side.melds[number].rank.value}",
            )
        )
    # about going out ("went out but has 1 canasta"): under Going out
    out_found = () if quiet else tuple(f for f in findings if _about_going_out(f.where, index))
    controls.append(
        Ending(
            index,
            setup,
            side.red_threes,
            side.went_out,
            side.went_out_by,
            entry,
            rules.red_threes,
            out_found,
            key=f"ending-{index}",
        )
    )
    controls.append(heading(_("Cards left in hand")))
    limits = tuple(rules.class_copies(PointClass(key)) for key, *_words in CLASSES)
    names = setup.players or (setup.name,)
    at_rows: set[Finding] = set()  # said under a player's row, not again below
    for seat, left in enumerate(side.left):
        who = names[seat] if seat < len(names) else setup.name
        if side.went_out is not WentOut.NO and side.went_out_by == who:
            continue  # went out: nothing left in hand
        problem = next(
            (m for w, m in problems if w == f"sides[{index}].left_in_hand[{seat}]"), None
        )
        mine = (
            ()
            if quiet or not setup.players
            else tuple(f for f in findings if _under(f.where, f"sides[{index}].left_in_hand.{who}"))
        )
        at_rows.update(mine)
        controls.append(
            LeftRow(
                index,
                seat,
                who,
                left,
                problem,
                entry.set_left,
                limits,
                mine,
                key=f"left-{index}-{seat}",
            )
        )
    side_findings = tuple(
        f
        for f in findings
        if not f.where.startswith(f"sides[{index}].melds[")
        and f.where not in as_a_whole
        and not _about_going_out(f.where, index)
        and f not in at_rows
    )
    if quiet:
        controls.append(
            ft.Text(
                _("{name}: {problem}.").format(name=setup.name, problem=_(NOT_ENTERED)),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    elif side_findings:
        controls.append(findings_list(side_findings))
    if score is not None:
        controls.append(heading(_("{name}: score for this hand").format(name=setup.name)))
        controls.append(Working(score, key=f"working-{index}"))
    return controls


def short_so_far(finding: Finding) -> bool:
    """Whether a finding is a side's melds short of its initial meld minimum, as the
    rules engine words it for one side (rules §1.7), with the count and the minimum."""
    words = finding.words
    return (
        finding.code is Code.MELD_BELOW_MINIMUM
        and words is not None
        and words.key == "meld.below_minimum"
        and words.get("points") is not None
        and words.get("minimum") is not None
    )


@widget
def Ending(
    index: int,
    setup: MatchSide,
    red_threes: int,
    went_out: WentOut,
    went_out_by: str | None,
    entry: HandEntryActions,
    most: int = 4,
    found: tuple[Finding, ...] = (),
) -> ft.Control:
    """A side's red threes (a tap for the count, up to ``most``, the deck's red
    threes) and who went out (a tap on them), with what is ``found`` wrong about
    going out right under it (rules §1.9); each part drawn again only when its own
    values change."""
    controls: list[ft.Control] = [
        heading(_("Red threes")),
        RedThrees(index, setup.name, red_threes, most, entry.set_red_threes, key="red-threes"),
        heading(_("Going out")),
        GoingOut(index, setup, went_out, went_out_by, entry, key="going-out"),
    ]
    if found:
        controls.append(findings_list(found))
    return ft.Column(controls, spacing=8)


@widget
def RedThrees(
    index: int,
    name: str,
    red_threes: int,
    most: int,
    set_red_threes: Callable[[int, int], None],
) -> ft.Control:
    """The red threes a side laid out: a button per count up to 4 (the one shown
    filled), a filled button of its own for a count above 4 (a deck of three packs
    has 6 red threes), and one more; a tap redraws only the buttons whose look
    changes."""
    chosen = ft.use_memo(lambda: functools.partial(set_red_threes, index), [index])
    counts = [count for count in (0, 1, 2, 3, 4) if count <= most]
    if red_threes > counts[-1]:
        counts.append(red_threes)  # shown, not only said: 5 is not 4 left unfilled
    buttons: list[ft.Control] = [
        CountButton(
            count,
            red_threes == count,
            ngettext("{count} red three of {name}", "{count} red threes of {name}", count).format(
                count=count, name=name
            ),
            chosen,
            key=f"red-threes-{index}-{count}",
        )
        for count in counts
    ]
    buttons.append(  # the rest one tap each (a deck of three packs has 6)
        icon_button(
            ft.Icons.ADD,
            _("More red threes of {name}").format(name=name),
            width=TOUCH,
            height=TOUCH,
            disabled=red_threes >= most,
            on_click=lambda: set_red_threes(index, red_threes + 1),
        )
    )
    return ft.Semantics(
        identifier=f"red-threes-{index}",
        label=_("red threes of {name}: {red_threes}").format(name=name, red_threes=red_threes),
        content=ft.Row(buttons, spacing=4, wrap=True),
    )


@widget
def CountButton(
    value: int, chosen: bool, label: str, on_count: Callable[[int], None]
) -> ft.Control:
    """A count button (`_count_button`) as a memoized widget: ``on_count`` is called
    with ``value``; it must be the same object on every render (not a new lambda)."""
    return _count_button(value, chosen, label, None, lambda: on_count(value))


@widget
def GoingOut(
    index: int,
    setup: MatchSide,
    went_out: WentOut,
    went_out_by: str | None,
    entry: HandEntryActions,
) -> ft.Control:
    """Who on a side went out, and whether concealed."""
    return _went_out(index, setup, went_out, went_out_by, entry)


@widget
def QuickGoingOut(
    index: int,
    setup: MatchSide,
    went_out: WentOut,
    went_out_by: str | None,
    entry: HandEntryActions,
    found: tuple[Finding, ...] = (),
) -> ft.Control:
    """Who on a side went out, under its typed total (quick totals): a tap on them,
    each button naming the player (or the side), so that the sides' rows read apart;
    concealed beside it; what is ``found`` wrong about it right under it."""
    control = _went_out(index, setup, went_out, went_out_by, entry, quick=True)
    if found:
        return ft.Column([control, findings_list(found)], spacing=4)
    return control


#: Letters of a player's name a button shows whole; a longer name is cut (`_short`).
_SHORT_NAME = 22


def _short(name: str) -> str:
    """A name cut to `_SHORT_NAME` letters with "…" (whole when it fits)."""
    return name if len(name) <= _SHORT_NAME else name[: _SHORT_NAME - 1].rstrip() + "…"


def _went_out(
    index: int,
    setup: MatchSide,
    went_out: WentOut,
    went_out_by: str | None,
    entry: HandEntryActions,
    quick: bool = False,
) -> ft.Control:
    """One tap on the player who went out (again: nobody did); concealed beside it.
    In quick totals (``quick``) every button names its player or side (the sides are
    listed one under the other) and nobody going out is said by no button chosen."""
    players = setup.players or (setup.name,)
    out = went_out is not WentOut.NO
    buttons: list[ft.Control] = []
    for player in players:
        chosen = out and (went_out_by == player or len(players) == 1)
        named = len(players) > 1 or setup.players or quick
        label = _("{player} went out").format(player=player) if named else _("Went out")
        # a long name is cut on the button, so that "went out" stays whole (it wrapped
        # over three lines, the last cut by the button's edge); the tooltip and the
        # screen reader have it whole
        shown = (
            _("{player} went out").format(player=_short(player))
            if named and len(player) > _SHORT_NAME
            else label
        )
        buttons.append(
            ft.OutlinedButton(
                content=ft.Text(shown, semantics_label=label) if shown != label else label,
                tooltip=label if shown != label else None,
                style=_style(chosen),
                height=TOUCH,
                key=f"out-{index}-{player}",
                icon=ft.Icons.CHECK if chosen else None,
                on_click=lambda _, p=player, c=chosen: entry.set_went_out(
                    index,
                    WentOut.NO if c else (went_out if out else WentOut.OUT),
                    None if c else (p if setup.players else None),
                ),
            )
        )
    concealed = went_out is WentOut.CONCEALED
    controls: list[ft.Control] = [ft.Row(buttons, wrap=True, spacing=6)]
    if out:
        controls.append(
            ft.Switch(
                label=_("Concealed (melded all at once)"),
                value=concealed,
                on_change=lambda e: entry.set_went_out(
                    index,
                    WentOut.CONCEALED if e.control.value else WentOut.OUT,
                    went_out_by,
                ),
                height=TOUCH,
            )
        )
    elif not quick:
        controls.append(
            ft.Text(
                _("Nobody on this side went out.")
                if len(players) > 1
                else _("{player} did not go out.").format(player=players[0]),
                size=12,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return ft.Column(controls, spacing=4)


class Opener:
    """Adds and opens the melds of a panel; one per panel, so a memoized row is
    handed the same functions on every render."""

    def __init__(self, side: int, add_meld: Callable[[int, str], int]) -> None:
        self.side = side
        self.add_meld = add_meld
        self.setter: Callable[[int, str], None] | None = None

    def open(self, rank: str) -> None:
        """Open the panel's meld of ``rank``."""
        if self.setter is not None:
            self.setter(self.side, rank)

    def add(self, rank: str) -> None:
        """Add a meld of ``rank`` (or find the one there) and open it."""
        self.add_meld(self.side, rank)
        self.open(MeldRank(rank).value)


@widget
def RankPad(index: int, ranks: tuple[str, ...], have: frozenset[str], opener: Opener) -> ft.Control:
    """A button per rank: a tap adds its meld (a rank the side has is shaded)."""
    return ft.Row(
        [
            ft.OutlinedButton(
                content={"3": _("Black 3s"), "wild": _("Wild")}.get(rank, rank),
                tooltip=_("Add a meld of {rank_name}").format(rank_name=rank_name(MeldRank(rank))),
                height=TOUCH,
                width=TOUCH if rank not in ("3", "wild") else None,
                style=_style(rank in have, True, padding=ft.Padding.symmetric(horizontal=4)),
                on_click=lambda _, r=rank: opener.add(r),
                key=f"rank-{index}-{rank}",
            )
            for rank in ranks
        ],
        wrap=True,
        spacing=6,
    )


#: Milliseconds between two scroll offsets the browser tells while the body scrolls
#: (Flet's ``scroll_interval``; it counts per kind of notification, so a scroll's end
#: is told too, unless it ends within this time of the one before: then the offset
#: kept is the one told last, a little short of it).
SCROLL_INTERVAL_MS = 250


class HandEntryActions:
    """The entry's writers a panel calls, compared by identity (so a memoized panel is
    not re-drawn because a new wrapper was made)."""

    def __init__(self, entry: HandEntry) -> None:
        self.add_meld = entry.add_meld
        self.set_meld = entry.set_meld
        self.remove_meld = entry.remove_meld
        self.set_red_threes = entry.set_red_threes
        self.set_went_out = entry.set_went_out
        self.set_left = entry.set_left


def _read_cards(text: str) -> str:
    """Typed cards as the rules engine reads them, with their points ("4 5 5 Q K A A,
    75 points"), or "" when nothing (readable) is typed."""
    try:
        cards = parse_cards(text)
    except ValueError:
        return ""
    if not cards:
        return ""
    return _("{format_cards}, {points} points").format(
        format_cards=format_cards(cards), points=points(cards_points(cards))
    )


def _about_going_out(where: str, index: int) -> bool:
    """Whether a finding at ``where`` is about side ``index`` going out (its
    ``went_out`` or ``went_out_by``)."""
    return where.startswith(f"sides[{index}].went_out")


def _under(where: str, path: str) -> bool:
    return where == path or where.startswith((path + ".", path + "["))


def _tab_status(
    index: int, preview: Preview | None, quiet: bool, pending: bool = False
) -> tuple[str, str, ft.ColorValue]:
    """A side's switch's figures: its live hand total (signed points, or "–"), its
    status ("2 problems", "1 warning", "no problems", "not entered yet", or while
    ``pending`` "below the minimum so far" when that is its only problem, which is not
    counted among others until Save is tried: warnings,
    which do not keep the hand from being saved, are counted once the side has no
    problem left, so that a side being entered is not told of both at every tap) and
    the status's colour."""
    side_score = preview.side_score(index) if preview is not None else None
    total = side_score.total if side_score is not None else None
    count = preview.side_problems(index) if preview is not None else 0
    warned = preview.side_warnings(index) if preview is not None else 0
    short = (
        sum(1 for f in preview.about(f"sides[{index}]") if short_so_far(f))
        if preview is not None and pending
        else 0
    )
    count -= short  # melds still growing toward the minimum: not counted yet
    if quiet:
        status, color = _(NOT_ENTERED), ft.Colors.ON_SURFACE_VARIANT
    elif short and not count:
        status, color = _("below the minimum so far"), ft.Colors.ON_SURFACE_VARIANT
    elif count:
        status = ngettext("{n} problem", "{n} problems", count).format(n=count)
        color = ft.Colors.ERROR
    elif warned:
        status = ngettext("{n} warning", "{n} warnings", warned).format(n=warned)
        color = ft.Colors.AMBER_800  # as a warning's sign is coloured
    else:
        status, color = _("no problems"), ft.Colors.ON_SURFACE_VARIANT
    return (signed(total) if total is not None else "–"), status, color


@widget
def SideTab(
    index: int,
    name: str,
    shown: str,
    status: str,
    color: ft.ColorValue,
    chosen: bool,
    choose: Callable[[int], None],
    stacked: bool = False,
    start: Any = None,
) -> ft.Control:
    """A side's switch: its name, live hand total and status (`_tab_status`);
    ``stacked`` (three sides on a phone: a third of its width each), the status on lines of
    its own under the total (two at most, so that "noch nicht eingetragen" is read
    whole), else beside it ("+1,245 · no problems"); ``start`` (a `ft.use_ref`), if
    given, is handed its button (the start of hand entry, see `use_start_focus`)."""
    said = _("hand total {shown}, {status}").format(shown=shown, status=status)
    figures: list[ft.Control] = (
        [
            ft.Text(shown, size=12, color=color, no_wrap=True, max_lines=1, semantics_label=said),
            ft.Semantics(  # read out once, with the total
                content=ft.Text(
                    status,
                    size=12,
                    color=color,
                    max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    text_align=ft.TextAlign.CENTER,
                ),
                exclude_semantics=True,
            ),
        ]
        if stacked
        else [
            ft.Text(
                f"{shown} · {status}",
                size=12,
                color=color,
                no_wrap=True,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                semantics_label=said,
            )
        ]
    )
    button = ft.OutlinedButton(
        content=ft.Column(
            [
                # a long name ends in "…" (as on the scoreboard); the whole name is
                # the tooltip and the screen reader's label
                ft.Text(
                    name,
                    weight=ft.FontWeight.BOLD,
                    no_wrap=True,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
                *figures,
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        height=STACKED_TAB if stacked else 56,
        expand=True,
        key=f"side-{index}",
        # the whole name on a long press; left out of what a screen reader hears,
        # which has the name already (above)
        tooltip=ft.Tooltip(message=name, exclude_from_semantics=True),
        on_click=lambda _: choose(index),
        style=_style(
            chosen,
            True,
            padding=ft.Padding.symmetric(horizontal=4),
            shape=ft.RoundedRectangleBorder(radius=8),
        ),
    )
    if start is not None:
        start.current = button
    return ft.Semantics(
        identifier=f"side-tab-{index}",
        label=_("{name}: hand total {shown}, {status}").format(
            name=name, shown=shown, status=status
        ),
        selected=chosen,
        content=button,
        expand=True,
    )


def use_start_focus(showing: bool, quick: bool = False, back: Any = None) -> Any:
    """A hook: the start of hand entry (a `ft.use_ref` its first side's switch is
    handed to as it is drawn) takes the keyboard's focus each time hand entry is
    shown (``showing`` becomes True). The button that opened it (Enter hand N, under
    hand entry on the hidden scoreboard) had it, so Tab went on from the middle of
    the screen; now it starts at the top. In quick totals (``quick``), with no side
    switches, the focus goes to the screen's Back (``back``, a `ft.use_ref` of the
    app bar's), just before the Quick totals switch (Flet's switch cannot be given
    the focus), never to a total's field: a phone would bring its keyboard up each
    time, before the player taps a field."""
    start = ft.use_ref(cast(ft.Control | None, None))

    def shown() -> None:
        if showing:
            focus_soon(ft.context.page, back if quick and back is not None else start)

    ft.use_effect(shown, [showing])
    return start


@screen
def HandEntryScreen(
    match: OpenMatch, entry: HandEntry, nav: Navigation, back: Any = None
) -> ft.Control:
    """The hand being entered: the side switcher on top, the chosen side (or every side
    on a wide screen, or quick totals) in the middle, Save at the bottom (``back``: a
    `ft.use_ref` of the app bar's Back, see `use_start_focus`)."""
    confirm, set_confirm = ft.use_state(False)
    # the setters as one object each for the screen's life (memoized rows get them)
    ask = ft.use_memo(Latest, [])
    ask.fn = set_confirm
    width, set_width = ft.use_state(float(ft.context.page.width or 0))
    actions = ft.use_memo(lambda: HandEntryActions(entry), [])
    # which meld is open on each side (none chosen: the newest)
    opened, set_opened = ft.use_state(cast(tuple[tuple[int, str], ...], ()))
    openers = ft.use_memo(lambda: [Opener(i, entry.add_meld) for i in range(12)], [])

    def open_meld(side: int, rank: str) -> None:
        set_opened(lambda now: (*(o for o in now if o[0] != side), (side, rank)))

    for opener in openers:
        opener.setter = open_meld

    def watch_width() -> None:
        page = ft.context.page
        page.on_resize = lambda e: set_width(float(e.width))

    ft.use_effect(watch_width, [])
    # The screen stays mounted, hidden, after Save or Discard (see the app): with
    # no hand being entered it keeps what it showed; the next hand starts with
    # the view's own choices back at their defaults (the side being entered is the
    # entry's, kept while the tab is away: `HandEntry.side`).
    last = ft.use_ref(cast(ft.Control | None, None))
    was_entering = ft.use_ref(False)
    # How far the body is scrolled is followed (at most four times a second while it
    # scrolls, and when a scroll ends: never a message per pixel), so that the screen
    # built again on a reconnect scrolls back there.
    body_view = ft.use_ref(cast(ft.ListView | None, None))
    on_scroll = ft.use_memo(lambda: lambda e: entry.scrolled(entry.side, e.pixels), [])

    def back_where_it_was() -> None:
        offset = entry.scroll_offset(entry.side)
        if offset <= 0 or body_view.current is None:
            return

        async def scroll() -> None:
            view = body_view.current  # the one shown now
            # a scroll the page cannot make leaves the body at its top
            with contextlib.suppress(Exception):
                if view is not None:
                    await asyncio.wait_for(view.scroll_to(offset=offset, duration=0), 5)

        ft.context.page.run_task(scroll)

    ft.use_effect(back_where_it_was, [])
    start = use_start_focus(
        nav.screen is Screen.HAND_ENTRY and entry.draft is not None,
        entry.draft is not None and entry.draft.quick,
        back,
    )

    draft = entry.draft
    state = match.current
    rules = match.rules
    if draft is None or state is None or rules is None:
        was_entering.current = False
        return last.current or ft.Text(_("No hand is being entered."))
    if not was_entering.current:
        was_entering.current = True
        if confirm or opened:
            set_confirm(False)
            set_opened(())
            confirm, opened = False, ()
    record = state.record
    preview = entry.preview
    wide = float(width) >= WIDE
    side = min(entry.side, len(record.sides) - 1)
    title = (
        _("Hand {value}").format(value=len(record.hands) + 1)
        if draft.number is None
        else _("Editing hand {value}").format(value=draft.number + 1)
    )
    minimums = i18n.spoken_list(
        [f"{s.name} {points(m)}" for s, m in zip(record.sides, entry.hand_minimums(), strict=False)]
    )

    top: list[ft.Control] = [
        ft.Text(
            _("{title} · initial meld minimums: {minimums}").format(title=title, minimums=minimums),
            color=ft.Colors.ON_SURFACE_VARIANT,
            size=12,
        )
    ]
    if entry.rival is not None:
        top.append(
            SameHand(
                entry.hand_number(),
                rival_summary(record, entry.rival.draft),
                entry.take_rival,
                entry.keep_mine,
                key="same-hand",
            )
        )
    if not draft.quick:
        top.append(
            ft.Row(
                [
                    SideTab(
                        i,
                        s.name,
                        *_tab_status(i, preview, entry.quiet(i), entry.pending()),
                        i == side and not wide,
                        entry.choose_side,
                        len(record.sides) >= 3 and not wide,
                        start if i == 0 else None,
                        key=f"side-tab-{i}",
                    )
                    for i, s in enumerate(record.sides)
                ],
                spacing=6,
                key="side-picker",
            )
        )
    body: list[ft.Control] = []
    if draft.quick:
        body.append(
            switch(
                _("Quick totals"),
                True,
                entry.set_quick,
                _("Type each side's total from a paper count instead of entering the cards."),
            )
        )
        body += _quick_entry(entry, record, actions)
    else:
        shown = range(len(record.sides)) if wide else [side]
        panels: list[list[ft.Control]] = []
        for index in shown:
            found = preview.about(f"sides[{index}]") if preview is not None else ()
            problems = tuple(
                (w, m)
                for w, m in (preview.problems if preview is not None else ())
                if w.startswith(f"sides[{index}]")
            )
            score = preview.side_score(index) if preview is not None else None
            panels.append(
                side_items(
                    index,
                    record.sides[index],
                    draft.sides[index],
                    rules,
                    found,
                    problems,
                    score,
                    entry.quiet(index),
                    actions,
                    dict(opened).get(index),
                    openers[index],
                    preview.across() if preview is not None else (),
                    entry.pending(),
                )
            )
        if wide:
            body.append(
                ft.ResponsiveRow(
                    [
                        ft.Container(
                            ft.Column(items, spacing=8),
                            col={"xs": 12, "md": 12 // max(1, len(panels))},
                        )
                        for items in panels
                    ]
                )
            )
        else:
            body += panels[0]
    body.append(
        HandInfo(
            record,
            rules,
            draft.dealer,
            draft.note,
            draft.lone_hand,
            draft.sitting_out,
            draft.quick,
            entry.set_hand_info,
            entry.set_quick,
            key="hand-info",
        )
    )
    body += _hand_findings(entry)
    bottom = _save_bar(match, entry, preview, confirm, ask)
    body_view.current = ft.ListView(
        body,
        spacing=12,
        key=f"entry-body-{side}",
        scroll_interval=SCROLL_INTERVAL_MS,
        on_scroll=on_scroll,
        # the scroll bar is drawn in the right margin, not over the totals' figures
        padding=ft.Padding.only(right=12),
    )
    last.current = ft.Column(
        [
            ft.Container(ft.Column(top, spacing=6), padding=ft.Padding.symmetric(horizontal=12)),
            ft.Container(body_view.current, expand=True, padding=ft.Padding.only(left=12)),
            bottom,
        ],
        expand=True,
        spacing=6,
    )
    return last.current


def rival_summary(record: MatchRecord, draft: HandDraft) -> str:
    """Another device's entry in one line: each side's melds (or quick total) and red
    threes, e.g. "N-S: Ks, Qs, 2 red threes · E-W: nothing yet"."""
    parts = []
    for index, setup in enumerate(record.sides):
        if draft.quick:
            total = draft.totals[index] if index < len(draft.totals) else ""
            what = [total.strip()] if total.strip() else []
        else:
            side = draft.sides[index] if index < len(draft.sides) else SideDraft()
            what = [rank_name(meld.rank) for meld in side.melds]
            if side.red_threes:
                what.append(
                    ngettext("{n} red three", "{n} red threes", side.red_threes).format(
                        n=side.red_threes
                    )
                )
        listed = i18n.spoken_list(what) if what else _("nothing yet")
        parts.append(_("{side}: {entered}").format(side=setup.name, entered=listed))
    return " · ".join(parts)


@widget
def SameHand(
    number: int, theirs: str, take: Callable[[], None], keep: Callable[[], None]
) -> ft.Control:
    """Another device is entering hand ``number`` too, differently: what it entered
    (``theirs``, see `rival_summary`), and the player's choice: take its entry or
    keep this one (nothing is lost before the choice). The box takes the width of
    the screen (the one expanding child of a row), however short its words are."""
    return ft.Semantics(
        identifier="same-hand",
        container=True,
        content=ft.Row([_same_hand_box(number, theirs, take, keep)]),
    )


def _same_hand_box(
    number: int, theirs: str, take: Callable[[], None], keep: Callable[[], None]
) -> ft.Control:
    return ft.Container(
        ft.Column(
            [
                ft.Text(
                    _("Another device is entering hand {number} too.").format(number=number),
                    weight=ft.FontWeight.BOLD,
                ),
                ft.Text(_("Its entry: {entry}").format(entry=theirs), size=12),
                ft.Text(
                    _("Yours is kept as it is until you choose."),
                    size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                ft.Row(
                    [
                        ft.FilledButton(
                            content=_("Take its entry"),
                            height=TOUCH,
                            on_click=take,
                            key="take-rival",
                        ),
                        ft.OutlinedButton(
                            content=_("Keep mine"),
                            height=TOUCH,
                            on_click=keep,
                            key="keep-mine",
                        ),
                    ],
                    wrap=True,
                ),
            ],
            spacing=4,
        ),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=8,
        padding=10,
        expand=True,
    )


def _quick_entry(
    entry: HandEntry, record: MatchRecord, actions: HandEntryActions
) -> list[ft.Control]:
    """Quick totals: a field per side for its total (none takes the focus when hand
    entry is shown: see `use_start_focus`), and under it who went out, one tap on
    them (kept for the statistics; the total is the table's own count)."""
    draft = entry.draft
    assert draft is not None
    preview = entry.preview
    # A total not typed yet is not an error: Save just waits for it, until Save
    # was tried: then it is marked at its field too.
    problems = {
        where: _(message) if message == MISSING_TOTAL else message
        for where, message in (preview.problems if preview else ())
        if message != MISSING_TOTAL or entry.tried
    }
    controls: list[ft.Control] = []
    for i, side_setup in enumerate(record.sides):
        key = f"sides[{i}].total"
        total = draft.totals[i] if i < len(draft.totals) else ""
        errors = [
            i18n.finding_text(f)
            for f in (preview.about(key) if preview else ())
            if f.severity is Severity.ERROR
        ]
        controls.append(
            ft.TextField(
                expand=True,
                label=field_label(_("{name} hand total").format(name=side_setup.name), total),
                value=total,
                keyboard_type=ft.KeyboardType.NUMBER,
                # every problem of the total at once, one a line
                error="\n".join([*([problems[key]] if key in problems else []), *errors]) or None,
                error_max_lines=ERROR_LINES,
                on_change=lambda e, i=i: entry.set_quick_total(i, e.control.value),
            )
        )
        play = draft.sides[i]
        controls.append(
            QuickGoingOut(
                i,
                side_setup,
                play.went_out,
                play.went_out_by,
                actions,
                tuple(
                    f
                    for f in (preview.about(f"sides[{i}]") if preview else ())
                    if _about_going_out(f.where, i)
                ),
                key=f"quick-going-out-{i}",
            )
        )
    controls.append(
        ft.Text(
            _("Typed totals are not checked against cards."), color=ft.Colors.ON_SURFACE_VARIANT
        )
    )
    return controls


@widget
def HandInfo(
    record: MatchRecord,
    rules: RuleSet,
    dealer: str | None,
    note: str,
    lone_hand: str | None,
    sitting_out: str | None,
    quick: bool,
    set_hand_info: Callable[..., None],
    set_quick: Callable[[bool], None],
) -> ft.Control:
    """The hand's dealer, note, lone hand or player sitting out, and the quick totals
    switch (drawn again only when one of them changes)."""
    controls: list[ft.Control] = [heading(_("This hand"))]
    # every player in seat order, a side of one player by its name (rules §2)
    players = seating(record)
    if players:
        controls.append(
            named(
                ft.Dropdown(
                    label=_("Dealer"),
                    value=dealer,
                    options=[ft.DropdownOption(key=p, text=p) for p in players],
                    on_select=lambda e: set_hand_info(dealer=e.control.value),
                )
            )
        )
    if rules.variant.lone_hand:
        controls.append(
            named(
                ft.Dropdown(
                    label=_("Lone hand (took the pile first)"),
                    value=lone_hand,
                    options=[ft.DropdownOption(key=s.name, text=s.name) for s in record.sides],
                    on_select=lambda e: set_hand_info(lone_hand=e.control.value),
                )
            )
        )
    if rules.variant.sits_out:
        big = [p for s in record.sides if len(s.players) == 3 for p in s.players]
        controls.append(
            named(
                ft.Dropdown(
                    label=_("Sitting out this hand"),
                    value=sitting_out,
                    options=[ft.DropdownOption(key=p, text=p) for p in big],
                    on_select=lambda e: set_hand_info(sitting_out=e.control.value),
                )
            )
        )
    controls.append(
        ft.TextField(
            expand=True,
            label=field_label(_("Note"), note),
            value=note,
            multiline=True,
            on_change=lambda e: set_hand_info(note=e.control.value),
        )
    )
    if not quick:  # after the cards: the paper count is the other way
        controls.append(
            switch(
                _("Quick totals"),
                False,
                set_quick,
                _("Type each side's total from a paper count instead of entering the cards."),
            )
        )
    return ft.Column(controls, spacing=12)


def _hand_findings(entry: HandEntry) -> list[ft.Control]:
    """What is wrong with the hand as a whole (not one side), and in later hands."""
    controls: list[ft.Control] = []
    preview = entry.preview
    if preview is not None:
        # a side's field that cannot be read says so at the field (a total, a
        # player's cards left): only the others here
        at_fields = {where for where, _m in preview.problems if where.startswith("sides[")}
        shown = [
            (entry.hand_field(where), message)
            for where, message in preview.problems
            if message not in (MISSING_TOTAL, NOTHING_ENTERED) and where not in at_fields
        ]
        if shown:
            controls.append(problem_list(shown))
        # about the hand (not a side's cards: those are shown with each side)
        hand_level = [
            f for f in preview.findings if not f.where.startswith("sides[") and f.where != "sides"
        ]
        if hand_level:
            controls.append(findings_list(hand_level))
        if preview.later:
            by_hand = preview.later_by_hand()
            numbers = [number for number, _found in by_hand]
            controls.append(
                ft.Text(
                    ngettext(
                        "This change breaks rules in a later hand, hand {hands}:",
                        "This change breaks rules in later hands, hands {hands}:",
                        len(numbers),
                    ).format(hands=i18n.spoken_list([i18n.number(n) for n in numbers])),
                    color=ft.Colors.ERROR,
                )
            )
            for number, found in by_hand:
                controls.append(
                    ft.Text(
                        _("Hand {value}").format(value=number),
                        weight=ft.FontWeight.BOLD,
                        key=f"later-{number}",
                    )
                )
                controls.append(findings_list(found))
    return controls


def _summary_line(summary: tuple[tuple[str, str], ...]) -> ft.Control:
    """Every side's name and hand total on one line: a long name ends in "…", the
    total is always shown whole."""
    return ft.Semantics(
        label="   ".join(f"{name} {total}" for name, total in summary),
        # one row of texts, a side's name and its total each (no row per side: a tap
        # has Flet compare every control of the save bar again)
        content=ft.Row(
            [
                text
                for name, total in summary
                for text in (
                    ft.Text(
                        name,
                        size=14,
                        no_wrap=True,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        expand=True,
                        tooltip=name,
                    ),
                    ft.Text(total, size=18, weight=ft.FontWeight.BOLD, no_wrap=True),
                )
            ],
            # room between a side's total and the next side's name ("+1,150 Team B"
            # read as one run of words at 6 px)
            spacing=12,
        ),
        exclude_semantics=True,
    )


def _save_bar(
    match: OpenMatch,
    entry: HandEntry,
    preview: Preview | None,
    confirm: bool,
    set_confirm: Callable[[bool], None],
) -> ft.Control:
    """The bottom bar (`SaveBar`) from the hand being entered and its preview."""
    draft = entry.draft
    assert draft is not None
    summary = (
        tuple(
            (s.name, signed(s.total) if i not in preview.unknown else "–")
            for i, s in enumerate(preview.score.sides)
        )
        if preview is not None and preview.score is not None
        else None
    )
    waiting = (
        [m for _, m in preview.problems if m in (MISSING_TOTAL, NOTHING_ENTERED)]
        if preview is not None
        else []
    )
    # sides not entered yet (untouched, blank) wait, until Save is tried
    quiet = [i for i in range(len(draft.sides)) if entry.quiet(i)]
    blank = bool(preview.waiting_sides(quiet)) if preview is not None else False
    # melds short of the minimum while they may still grow are not counted yet, as the
    # side switcher says "below the minimum so far" for them (Save tried counts them)
    shorts = (
        sum(1 for f in preview.errors if short_so_far(f))
        if preview is not None and entry.pending()
        else 0
    )
    return SaveBar(
        summary,
        NOTHING_ENTERED in waiting,
        bool(waiting),
        preview.problem_count(quiet) - shorts if preview is not None else 0,
        confirm,
        # Tried with problems, it shows every side's and says what to fix; only a
        # hand with nothing in it has nothing to save.
        preview is None or any(m == NOTHING_ENTERED for _, m in preview.problems),
        not (draft.is_empty() and draft.number is None),
        match.save_hand,
        match.discard_draft,
        set_confirm,
        blank,
        entry.hand_number() if draft.number is not None else None,
        key="save-bar",
    )


@widget
def DiscardQuestion(
    set_confirm: Callable[[bool], None],
    discard: Callable[[], object],
    editing: int | None = None,
) -> ft.Control:
    """Discard's question: Keep entering, the answer that loses nothing, takes the
    keyboard's focus when it comes and Esc answers it too; Discard it, in the error's
    colours. Each button is at least `TOUCH` high. While a saved hand is edited
    (``editing``: its number), it asks of the changes: the hand itself stays."""
    keep_button = ft.use_ref(cast(ft.OutlinedButton | None, None))

    def keep() -> None:
        set_confirm(False)

    use_escape(keep, keep_button)
    keep_button.current = ft.OutlinedButton(
        content=_("Keep entering") if editing is None else _("Keep editing"),
        height=TOUCH,
        autofocus=True,
        on_click=keep,
        key="discard-keep",
    )
    asked = (
        _("Discard this hand?")
        if editing is None
        else _("Discard your changes to hand {value}?").format(value=editing)
    )
    return ft.Row(
        [
            ft.Text(asked, expand=True, weight=ft.FontWeight.BOLD),
            keep_button.current,
            ft.FilledButton(
                content=_("Discard it") if editing is None else _("Discard them"),
                height=TOUCH,
                style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                on_click=discard,
                key="discard-yes",
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@widget
def SaveBar(
    summary: tuple[tuple[str, str], ...] | None,
    nothing: bool,
    waiting: bool,
    errors: int,
    confirm: bool,
    disabled: bool,
    ask_first: bool,
    save: Callable[[], object],
    discard: Callable[[], object],
    set_confirm: Callable[[bool], None],
    blank: bool = False,
    editing: int | None = None,
) -> ft.Control:
    """The bottom bar: every side's hand total (``summary``: each side's name and
    signed total), what blocks saving (``nothing`` entered, totals ``waiting`` to be
    typed, a side ``blank``, not entered yet, ``errors``: the problems), Save
    (``disabled``) and Discard, which asks first (``confirm`` shown) when something
    was entered (``ask_first``); of the changes when a saved hand is edited
    (``editing``: its number).

    It stays compact in every language: the totals are one line (each side's name
    shortened with "…", its total always whole; the full line is the screen reader's
    label), and what blocks saving is one line of at most two rows."""
    lines: list[ft.Control] = []
    if summary is not None:
        lines.append(_summary_line(summary))
    blocked: list[str] = []
    if nothing:
        blocked.append(_("{reason}.").format(reason=_(NOTHING_ENTERED)))
    elif waiting:
        blocked.append(_("Type every side's hand total to save."))
    elif blank:
        blocked.append(_("Enter every side to save."))
    if errors:
        blocked.append(
            ngettext(
                "{n} problem: fix it to save (all sides are checked).",
                "{n} problems: fix them to save (all sides are checked).",
                errors,
            ).format(n=errors)
        )
    if blocked:
        said = " ".join(blocked)
        line = ft.Text(
            said,
            size=12,
            color=ft.Colors.ERROR if errors else ft.Colors.ON_SURFACE_VARIANT,
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
            tooltip=said,
        )
        lines.append(
            ft.Semantics(identifier="blocked", label=_("Save is blocked"), content=line)
            if errors
            else line
        )
    if confirm:
        lines.append(DiscardQuestion(set_confirm, discard, editing, key="discard-question"))
    else:

        def discard_or_ask() -> None:
            if ask_first:
                set_confirm(True)
            else:
                discard()

        buttons: list[ft.Control] = [
            ft.FilledButton(
                content=_("Save hand"),
                icon=ft.Icons.SAVE,
                height=56,
                disabled=disabled,
                on_click=save,
                key="save-hand",
                expand=True,
            ),
            ft.TextButton(content=_("Discard"), height=56, on_click=discard_or_ask),
        ]
        lines.append(ft.Row(buttons, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Semantics(
        identifier="save-bar",
        container=True,
        content=ft.Container(
            ft.Column(lines, spacing=4),
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        ),
        key="save-bar",
    )
