"""A new match started through the real app on a phone-sized page as a player would:
New match, the variant, each seat's name (a remembered player's one-tap button when
there is one, else the field tapped and the name typed), Start match. Counts what it
took (taps, key presses, scrolls) and how long the app took to answer each action.

Used by the browser test (which asserts the counts) and by
``tests/benchmarks/new_match_time.py`` (which turns them into seconds at the table).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

#: In-page: resolves with the milliseconds from now to the last change of the page
#: before it has been still for ``still`` ms (the app's answer drawn), at most ``limit``.
ANSWERED_JS = """([still, limit]) => new Promise(resolve => {
    const start = performance.now();
    let last = null;
    let timer = setTimeout(done, still * 4);  // no change at all: a longer wait first
    const observer = new MutationObserver(() => {
        last = performance.now();
        clearTimeout(timer);
        timer = setTimeout(done, still);
    });
    const give_up = setTimeout(done, limit);
    function done() {
        observer.disconnect(); clearTimeout(give_up); clearTimeout(timer);
        resolve(last === null ? 0 : last - start);
    }
    observer.observe(document.body, {subtree: true, childList: true,
                                     attributes: true, characterData: true});
})"""


@dataclass
class Counted:
    """What starting the match took."""

    taps: int = 0
    keys: int = 0
    scrolls: int = 0
    #: Seconds the app took to answer each tap (its new screen or state drawn).
    answers: list[float] = field(default_factory=list)
    #: What was done, in order ("tap New match", "type Ann" …).
    steps: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Seat:
    """A seat to fill: the field's label and the name to give it."""

    label: str
    name: str


#: The classic match's four seats, as the form labels them.
CLASSIC_SEATS = (
    ("North-South player 1", "North-South player 2"),
    ("East-West player 1", "East-West player 2"),
)


class Starter:
    """Taps what is on screen, scrolls (counted) to what is not, types names key by
    key, and times the app's answers."""

    def __init__(self, page: Page, counted: Counted) -> None:
        self.page = page
        self.counted = counted

    def _answered(self) -> float:
        seconds: float = self.page.evaluate(ANSWERED_JS, [150, 8000]) / 1000
        return seconds

    def _visible(self, locator: Locator) -> bool:
        box = locator.bounding_box()
        size = self.page.viewport_size
        assert size is not None
        return (
            box is not None
            and box["width"] > 0
            and box["y"] >= 56
            and box["y"] + box["height"] <= size["height"]
        )

    def _reach(self, locator: Locator) -> None:
        """Scroll (with the wheel, counted) until the element is wholly on screen."""
        locator.wait_for(state="attached")
        size = self.page.viewport_size
        assert size is not None
        for _ in range(10):
            if self._visible(locator):
                return
            box = locator.bounding_box()
            assert box is not None
            self.page.mouse.move(size["width"] / 2, size["height"] / 2)
            self.page.mouse.wheel(0, box["y"] - size["height"] / 2)
            self.counted.scrolls += 1
            self.page.wait_for_timeout(300)
        raise AssertionError(f"could not scroll to {locator}")

    def tap(self, locator: Locator, what: str) -> None:
        """Tap a control (scrolled to first when off screen) and time the answer."""
        self._reach(locator)
        locator.click()
        self.counted.taps += 1
        self.counted.answers.append(self._answered())
        self.counted.steps.append(f"tap {what}")

    def type(self, label: str, text: str) -> None:
        """Tap a field and type into it key by key."""
        box = self.page.get_by_role("textbox", name=re.compile(rf"^{re.escape(label)}(:|\s|$)"))
        self.tap(box, label)
        self.page.keyboard.type(text, delay=20)
        self.counted.keys += len(text)
        self.counted.steps.append(f"type {text}")
        self._answered()  # the field's text sent and drawn (not a wait of the player)

    def button(self, name: str | re.Pattern[str]) -> Locator:
        return self.page.get_by_role("button", name=name, exact=isinstance(name, str)).first


def start_match(
    page: Page,
    seats: tuple[tuple[str, ...], ...],
    names: tuple[tuple[str, ...], ...],
    *,
    variant: str | None = None,
) -> Counted:
    """From home: New match, the variant (``None``: the classic game the form starts
    with), the names seat by seat (a remembered player's button when shown, else
    typed), Start match. The page is left on the new scoreboard."""
    counted = Counted()
    starter = Starter(page, counted)
    starter.tap(starter.button("New match"), "New match")
    if variant is not None:
        starter.tap(starter.button(re.compile(r"^Variant: ")), "Variant")
        starter.tap(page.get_by_role("button", name=variant, exact=True).last, variant)
    for side_seats, side_names in zip(seats, names, strict=True):
        for label, name in zip(side_seats, side_names, strict=True):
            chip = page.get_by_role("button", name=name, exact=True)
            if chip.count():
                starter.tap(chip.first, f"{name} (remembered)")
            else:
                starter.type(label, name)
    starter.tap(starter.button("Start match"), "Start match")
    page.locator("[flt-semantics-identifier=total-0]").wait_for()
    return counted
