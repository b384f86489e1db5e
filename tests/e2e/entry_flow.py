"""S1's worked hand entered through the real app on a phone-sized page as a player
would, counting what it took: taps, key presses, and scrolls (a control the player
cannot see is scrolled to first, and that scroll is counted).

Used by the browser test (which asserts the counts) and by the speed benchmark (which
reports them).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page, WebSocket

#: Each followed page's web socket to the server, once it is open (`follow_socket`).
_SOCKETS: weakref.WeakKeyDictionary[Page, WebSocket] = weakref.WeakKeyDictionary()
#: How long a tap's answer from the server is waited for (ms): a tap the server does
#: not answer (nothing changed) costs this much.
ANSWER_TIMEOUT_MS = 5000


def follow_socket(page: Page) -> None:
    """Keep the page's web socket to the server (call before the page is loaded), so
    that each tap waits for the server's answer to it (`Player.tap`)."""
    page.on("websocket", lambda socket: _SOCKETS.__setitem__(page, socket))


#: S1's worked hand (rules §5.1), as taps: (button name, times). North-South first.
NORTH_SOUTH = (
    ("2 red threes of North-South", 1),
    ("Black 3s", 1),  # 3 3 3: three naturals to start
    ("6", 1),
    ("6 natural cards in the meld of 6s", 1),
    ("More 2s in the meld of 6s", 1),
    ("9", 1),
    ("8 natural cards in the meld of 9s", 1),
    ("10", 1),
    ("J", 1),
    ("4 natural cards in the meld of Js", 1),
    ("More 2s in the meld of Js", 2),
    ("More jokers in the meld of Js", 1),
    ("North went out", 1),
    # South's 4 5 5 Q K A A by point class: three of 5, two of 10, two of 20.
    ("3 cards 7 to 4 and black threes (5) in South's hand", 1),
    ("2 cards K to 8 (10) in South's hand", 1),
    ("2 aces and 2s (20) in South's hand", 1),
)
EAST_WEST = (
    ("1 red three of East-West", 1),
    ("4", 1),
    ("Fewer natural cards in the meld of 4s", 1),
    ("More 2s in the meld of 4s", 1),
    ("7", 1),
    ("5 natural cards in the meld of 7s", 1),
    ("More 2s in the meld of 7s", 1),
    ("More jokers in the meld of 7s", 1),
    ("10", 1),
    ("Fewer natural cards in the meld of 10s", 1),
    ("More jokers in the meld of 10s", 1),
    ("A", 1),
    ("5 natural cards in the meld of As", 1),
    # East's 2 5 6 10 J J: one of 20, two of 5, three of 10; West's 4 4 10 Q Q K K.
    ("1 card A or 2 (20) in East's hand", 1),
    ("2 cards 7 to 4 and black threes (5) in East's hand", 1),
    ("3 cards K to 8 (10) in East's hand", 1),
    ("2 cards 7 to 4 and black threes (5) in West's hand", 1),
    ("5 cards K to 8 (10) in West's hand", 1),
)
RANKS = {
    "Black 3s": "black threes",
    **{rank: f"{rank}s" for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")},
}


@dataclass
class Counted:
    """What entering the hand took, and what was seen on the way."""

    taps: int = 0
    keys: int = 0
    scrolls: int = 0
    #: Names of melds whose row was not on screen right after its rank was tapped.
    melds_hidden: list[str] = field(default_factory=list)
    #: Taps after which Save was not on screen.
    save_hidden: list[str] = field(default_factory=list)
    #: Buttons of the hand-entry screen smaller than 48 × 48 px: name, width, height.
    small: list[tuple[str, float, float, float, float, float]] = field(default_factory=list)

    @property
    def actions(self) -> int:
        """Taps and key presses together."""
        return self.taps + self.keys


class Player:
    """Taps what is on screen, scrolls (counted) to what is not, and keeps count."""

    def __init__(
        self, page: Page, counted: Counted, word: Callable[[str], str] = lambda name: name
    ) -> None:
        self.page = page
        self.counted = counted
        #: A button's English name in the language the page speaks.
        self.word = word

    def button(self, name: str) -> Locator:
        """A button by its exact name; a side's switch by the side's name (its total
        and problem count follow the name)."""
        if name in ("North-South", "East-West"):
            return self.page.get_by_role("button", name=re.compile(rf"^{name}\b")).first
        return self.page.get_by_role("button", name=name, exact=True).first

    def bounds(self) -> tuple[float, float]:
        """The part of the page where the hand's body scrolls: below the side switcher
        (or the app bar), above the save bar."""
        size = self.page.viewport_size
        assert size is not None
        top, bottom = 56.0, float(size["height"])
        bar = self.page.locator("[flt-semantics-identifier=save-bar]")
        if bar.count():
            box = bar.first.bounding_box()
            if box is not None:
                bottom = box["y"]
        tabs = self.page.locator("[flt-semantics-identifier=side-tab-0]")
        if tabs.count():
            box = tabs.first.bounding_box()
            if box is not None:
                top = box["y"] + box["height"]
        return top, bottom

    def on_screen(self, locator: Locator, *, body: bool = True) -> bool:
        """True when the whole element is on screen (in the body's visible part)."""
        if not locator.count():
            return False
        box = locator.bounding_box()
        if box is None or box["width"] == 0:
            return False
        size = self.page.viewport_size
        assert size is not None
        top, bottom = self.bounds() if body else (0.0, float(size["height"]))
        return box["y"] >= top - 1 and box["y"] + box["height"] <= bottom + 1

    def find(self, locator: Locator) -> None:
        """Wait for the element; if the page does not have it (the body's list builds
        only what is near the screen), scroll down the body (counted) until it does."""
        try:
            locator.wait_for(state="attached", timeout=3000)
            return
        except Exception:  # not built yet: further down
            pass
        size = self.page.viewport_size
        assert size is not None
        for _ in range(20):
            top, bottom = self.bounds()
            self.page.mouse.move(size["width"] / 2, (top + bottom) / 2)
            self.page.mouse.wheel(0, (bottom - top) * 0.6)
            self.counted.scrolls += 1
            self.settle()
            if locator.count():
                return
        raise AssertionError(f"{locator} is not on the page")

    def fixed(self, locator: Locator) -> bool:
        """True for an element of the fixed parts on screen (the side switcher above
        the body, the save bar below it)."""
        box = locator.bounding_box()
        if box is None:
            return False
        top, bottom = self.bounds()
        size = self.page.viewport_size
        assert size is not None
        above = box["y"] >= 0 and box["y"] + box["height"] <= top + 1
        below = box["y"] >= bottom - 1 and box["y"] + box["height"] <= size["height"] + 1
        return above or below

    def scroll_to(self, locator: Locator) -> None:
        """Scroll the body with the mouse wheel until the element is on screen; each
        wheel turn is a counted scroll."""
        size = self.page.viewport_size
        assert size is not None
        for _ in range(20):
            if self.on_screen(locator):
                return
            top, bottom = self.bounds()
            box = locator.bounding_box()
            assert box is not None, "not on the page"
            middle = (top + bottom) / 2
            self.page.mouse.move(size["width"] / 2, middle)
            self.page.mouse.wheel(0, box["y"] + box["height"] / 2 - middle)
            self.counted.scrolls += 1
            self.settle()
        raise AssertionError(f"could not scroll to {locator}")

    def settle(self) -> None:
        self.page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        self.page.wait_for_timeout(150)

    def watch(self) -> None:
        """Start counting the page's changes (before a tap: its answer is waited for,
        see `quiet`)."""
        self.page.evaluate(
            """() => {
                if (window.__watch) window.__watch.disconnect();
                window.__changes = 0;
                window.__watch = new MutationObserver(() => { window.__changes += 1; });
                window.__watch.observe(document.body, {subtree: true, childList: true,
                                                      attributes: true, characterData: true});
            }"""
        )

    def quiet(self) -> None:
        """Wait until the page is still: the server's answer is drawn. After `watch`,
        the first change is waited for (up to 3 s: a loaded machine may answer later
        than the page stays still), then 200 ms without one."""
        self.page.evaluate(
            """() => new Promise(resolve => {
                const began = performance.now();
                let seen = window.__changes === undefined ? 1 : window.__changes;
                let still = performance.now();
                function look() {
                    const now = performance.now();
                    const changes = window.__changes === undefined ? seen : window.__changes;
                    if (changes !== seen) { seen = changes; still = now; }
                    const answered = seen > 0 || now - began > 3000;
                    if ((answered && now - still >= 200) || now - began > 8000) {
                        if (window.__watch) window.__watch.disconnect();
                        window.__watch = undefined; window.__changes = undefined;
                        resolve();
                    } else {
                        setTimeout(look, 20);
                    }
                }
                look();
            })"""
        )

    def tap(self, name: str, times: int = 1) -> None:
        """Tap a button ``times`` times, scrolling to it first if it is not on screen."""
        for _ in range(times):
            target = self.button(self.word(name))
            self.find(target)
            if not (self.on_screen(target) or self.fixed(target)):
                self.scroll_to(target)
            self.watch()
            self.click(target)
            self.counted.taps += 1
            self.quiet()
            if name != "Save hand" and not self.fixed(self.button(self.word("Save hand"))):
                self.counted.save_hidden.append(name)

    def click(self, target: Locator) -> None:
        """Click, and wait for the server's first message after it when the page's web
        socket is followed (`follow_socket`): on a loaded machine the answer may come
        after the page has stood still for a while, and a tap made before it lands on a
        layout about to change."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

        socket = _SOCKETS.get(self.page)
        if socket is None or socket.is_closed():
            target.click()
            return
        try:
            with socket.expect_event("framereceived", timeout=ANSWER_TIMEOUT_MS):
                target.click()
        except PlaywrightTimeoutError:
            pass  # no answer: the tap changed nothing the server sends

    def check_targets(self) -> None:
        """Note every button on screen smaller than 48 × 48 px (a button cut by the
        edge of the scrolling body is measured where it is whole)."""
        top, bottom = self.bounds()
        for name, y, width, height in self.page.evaluate(
            """() => [...document.querySelectorAll('flt-semantics[role=button]')]
                .map(e => [e.getAttribute('aria-label') || e.textContent.trim(),
                           e.getBoundingClientRect().y,
                           e.getBoundingClientRect().width, e.getBoundingClientRect().height])
                .filter(([n, y, w, h]) => w > 0 && h > 0)"""
        ):
            # at an edge of the scrolling body (within 12 px of it, or across it): cut by
            # it, a sliver of a row scrolled away showing (measured where it is whole:
            # the flow passes every button whole); below it: hidden by the save bar, or
            # not on screen (the list builds a little ahead)
            cut = (y < top + 12 and y + height > top + 1) or (
                y + height > bottom - 12 and y < bottom - 1
            )
            hidden = (y >= bottom - 12 and name not in ("Save hand", "Discard")) or (
                y + height <= top + 1 and not name.startswith(("Back", "North-South", "East-West"))
            )
            if not cut and not hidden and (width < 47.5 or height < 47.5):
                self.counted.small.append((name, width, height, y, top, bottom))


def enter_s1(page: Page, word: Callable[[str], str] | None = None) -> Counted:
    """From the scoreboard of a new classic match (North, South v East, West): Enter
    hand 1, S1's worked hand, Save. The page is left on the scoreboard. ``word`` gives
    each button's English name in the page's language (then the melds' rows are not
    looked for)."""
    counted = Counted()
    player = Player(page, counted, word or (lambda name: name))
    player.tap("Enter hand 1")
    player.check_targets()
    for side, taps in enumerate((NORTH_SOUTH, EAST_WEST)):
        if side:
            player.tap("East-West")
        for name, times in taps:
            player.tap(name, times)
            if name in RANKS and word is None:
                rank = RANKS[name]
                row = page.get_by_text(
                    re.compile(
                        "^black threes in the meld: "  # neither natural nor wild cards
                        if rank == "black threes"
                        else rf"^natural cards in the meld of {re.escape(rank)}: "
                    )
                )
                if not player.on_screen(row.first):
                    counted.melds_hidden.append(rank)
        player.check_targets()
    player.tap("Save hand")
    return counted
