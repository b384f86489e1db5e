"""Browser tests: the real app (``canasta-scorer app --web``) in a real headless Chromium.

The server runs once for the whole test session (a subprocess on a free port, its own
SQLite file, the CanvasKit renderer); each test gets a new browser context in which
every request that is not for 127.0.0.1 is aborted. The facts about Flet and Chromium
this rests on were measured, and are summed up where they are used.

Playwright's sync API keeps an asyncio loop marked as running on the main thread while
it is started. It is started for this package only (``scope="package"``, hence the
``__init__.py``) and stopped after the last browser test, so the tests that run after it
in the same pytest process (``asyncio.run``, ``loop.run_until_complete``) are not
affected; the teardown checks that no loop is left running.

Chromium: ``$CANASTA_SCORER_CHROMIUM`` or Debian's ``/usr/bin/chromium`` (``tests/run``
installs it). Without it the browser tests are skipped, or fail when ``CI`` is set.
Screenshots go to ``test-artifacts/screenshots/`` (gitignored), at phone (390×844) and
desktop (1280×800) size, or phone size only with ``CANASTA_SCORER_SHOTS=phone``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn
from urllib.parse import urlsplit

import pytest

from .browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    ENABLE_SEMANTICS_JS,
    PHONE,
    ROOT,
    start_on_free_port,
    stop_server,
)
from .entry_flow import follow_socket

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, Playwright, Route, ViewportSize

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
#: The sizes screens are photographed at: phone and desktop, or the phone's alone with
#: ``CANASTA_SCORER_SHOTS=phone`` (CI: each desktop photograph costs about 2 s).
SHOT_SIZES: tuple[tuple[str, ViewportSize], ...] = (
    (("phone", PHONE),)
    if os.environ.get("CANASTA_SCORER_SHOTS") == "phone"
    else (("phone", PHONE), ("desktop", DESKTOP))
)
#: The Flutter client asks for Rive's runtime from a CDN even in no-CDN mode; the app
#: works without it. Every other request outside 127.0.0.1 fails the test.
ALLOWED_OUTSIDE = ("https://cdn.jsdelivr.net/npm/@rive-app/",)
#: Seconds to wait for the first screen, and milliseconds for each expectation.
FIRST_SCREEN_TIMEOUT = 45.0
EXPECT_TIMEOUT_MS = 15_000


def _missing(reason: str) -> NoReturn:
    """Skip, or fail under CI (where a skipped browser test would hide a break)."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: browser tests may not be skipped)")
    pytest.skip(reason)


@dataclass
class Server:
    """A running ``canasta-scorer app --web``."""

    url: str
    db_url: str
    log: Path
    process: subprocess.Popen[bytes]

    def log_text(self, start: int = 0) -> str:
        """The server's output from byte ``start`` on."""
        with self.log.open("rb") as handle:
            handle.seek(start)
            return handle.read().decode("utf-8", "replace")

    def log_size(self) -> int:
        return self.log.stat().st_size


@contextlib.contextmanager
def serving(folder: Path, *options: str) -> Iterator[Server]:
    """``canasta-scorer app --web [options]`` on a free port with a fresh SQLite store
    in ``folder``, stopped afterwards."""
    db_url = f"sqlite:///{folder / 'canasta.db'}"
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--db", db_url, *options]
    log = folder / "server.log"
    process, url = start_on_free_port(command, log)
    try:
        yield Server(url=url, db_url=db_url, log=log, process=process)
    finally:
        stop_server(process)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``canasta-scorer app --web`` on a free port with a fresh SQLite store."""
    with serving(tmp_path_factory.mktemp("e2e-server")) as running:
        yield running


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    """Playwright (sync API), stopped after the last browser test."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    manager = sync_playwright().start()
    try:
        yield manager
    finally:
        manager.stop()
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            pass  # no loop left running: later asyncio tests are safe
        else:
            pytest.fail("Playwright left an asyncio loop running on the main thread")


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Chromium (Debian's, no ``playwright install``)."""
    if not CHROMIUM.exists():
        _missing(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium; tests/run does)")
    launched = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield launched
    finally:
        launched.close()


@dataclass
class AppPage:
    """The app in one browser tab, driven the way a person would: by what is shown.

    Buttons are found by their text or tooltip, fields by their label, numbers by the
    semantics identifiers the app gives them (``total-0``, ``minimum-0``, ``winner``,
    ``message``, ``blocked``, ``hand-total-<side>``).
    """

    page: Page
    server: Server
    test_name: str
    blocked: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        follow_socket(self.page)  # taps of `entry_flow` wait for the server's answer

    # --- opening -----------------------------------------------------------------

    def open(self) -> None:
        """Load the app and switch on Flutter's semantics tree."""
        self.page.goto(self.server.url)
        self.enable_semantics()

    def reload(self) -> None:
        """Reload the page and switch semantics on again. Flet keeps the tab's session
        (its id is in the tab's sessionStorage), so the same screen comes back."""
        self.page.reload()
        self.enable_semantics()

    def another_tab(self) -> AppPage:
        """The app opened in a new tab of the same browser: a new session on the
        server, like a second device (a reload keeps the tab's session)."""
        other = AppPage(self.page.context.new_page(), self.server, self.test_name, self.blocked)
        other.open()
        return other

    def enable_semantics(self) -> None:
        """Switch on Flutter's semantics tree: click its hidden "Enable accessibility"
        placeholder until the app's first control shows in it."""
        shown = self.page.evaluate(ENABLE_SEMANTICS_JS, FIRST_SCREEN_TIMEOUT * 1000)
        if shown is None:
            pytest.fail(f"no control showed in {FIRST_SCREEN_TIMEOUT} s")

    # --- finding -----------------------------------------------------------------

    def button(self, name: str | re.Pattern[str]) -> Locator:
        """A button by its exact text or tooltip (or a pattern)."""
        return self.page.get_by_role("button", name=name, exact=isinstance(name, str))

    def field(self, label: str) -> Locator:
        """A text field by its label (its name may go on with its text, after a colon,
        or its hint)."""
        return self.page.get_by_role("textbox", name=re.compile(rf"^{re.escape(label)}(:|\s|$)"))

    def field_text(self, label: str) -> str:
        """The text a text field shows. Flutter's web semantics give a field's
        ``<input>`` its text only while the field has the focus (or after the browser
        typed into it on this page): a field the server filled reads empty until then,
        so the field is focused first."""
        box = self.field(label)
        box.focus()
        self.quiet()
        return box.input_value()

    def switch(self, label: str | re.Pattern[str]) -> Locator:
        """A switch by its exact label (or a pattern)."""
        return self.page.get_by_role("switch", name=label, exact=isinstance(label, str))

    def node(self, identifier: str) -> Locator:
        """The element the app marked with a semantics identifier."""
        return self.page.locator(f"[flt-semantics-identifier={json.dumps(identifier)}]")

    def text(self, text: str | re.Pattern[str]) -> Locator:
        """Text on screen (a substring, or a pattern)."""
        return self.page.get_by_text(text)

    # --- acting ------------------------------------------------------------------

    def tap(self, name: str | re.Pattern[str]) -> None:
        """Tap a button."""
        self.button(name).click()

    def type(self, label: str, value: str) -> None:
        """Type into a text field, and check that it kept the text.

        The field is emptied first: when the server has changed a field, the browser's
        input can keep old text and typing the same again would send nothing. Typing
        waits for the screen to be still before and after: a server update that
        rebuilds the semantics tree during ``fill`` (say, a row of name chips going
        away above the field) can swallow the text, and then it is typed again.
        """
        for _ in range(3):
            self.quiet()
            box = self.field(label)
            box.fill("")
            box.fill(value)
            self.quiet()
            if self.field(label).input_value() == value:
                return
        raise AssertionError(f"{label!r} does not keep {value!r}")

    def quiet(self, still_ms: int = 250, timeout_ms: int = 5000) -> None:
        """Wait until the page has not changed for ``still_ms`` (the server's answer to
        the last action has been drawn), at most ``timeout_ms``."""
        self.page.evaluate(
            """([still, timeout]) => new Promise(resolve => {
                let timer = setTimeout(done, still);
                const observer = new MutationObserver(() => {
                    clearTimeout(timer);
                    timer = setTimeout(done, still);
                });
                const give_up = setTimeout(done, timeout);
                function done() { observer.disconnect(); clearTimeout(give_up); resolve(); }
                observer.observe(document.body, {subtree: true, childList: true,
                                                 attributes: true, characterData: true});
            })""",
            [still_ms, timeout_ms],
        )

    def set_switch(self, locator: Locator, on: bool) -> None:
        """Turn a switch on or off, and wait for the server to show it so.

        A tap at the switch; when, for 5 s, the page's semantics tree keeps another
        node's box over it (seen on a loaded machine, the switch drawn uncovered: a
        node of the tree left where it was before the body scrolled), the switch is
        activated the way a screen reader does, by its own node."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
        from playwright.sync_api import expect

        if (locator.get_attribute("aria-checked") == "true") != on:
            try:
                locator.click(timeout=5000)
            except PlaywrightTimeoutError:
                locator.dispatch_event("click")
        expect(locator).to_have_attribute("aria-checked", "true" if on else "false")
        self.quiet()  # the switch flips at once; the server's answer comes after

    def choose(self, dropdown: str | re.Pattern[str], option: str) -> None:
        """Open a dropdown (named "label: choice") and pick an option."""
        box = self.button(dropdown)
        self.reveal(box)
        box.click()
        self.page.get_by_role("button", name=option, exact=True).last.click()
        self.quiet()

    def reveal(self, locator: Locator) -> None:
        """Scroll Flutter's view (with the mouse wheel: the semantics elements do not
        scroll it) until ``locator`` is on screen, below the app bar, towards the middle
        where the page allows. Needed where a tap opens something at the control, such
        as a dropdown's menu, and for screenshots of the bottom of a screen."""
        size = self.page.viewport_size or PHONE
        top, bottom = 64, size["height"] - 8  # below the app bar
        previous = None
        for _ in range(12):
            box = locator.bounding_box()
            assert box is not None, f"{locator} is not on the page"
            middle = box["y"] + box["height"] / 2
            visible = box["y"] >= top and box["y"] + box["height"] <= bottom
            if visible and (
                abs(middle - size["height"] / 2) < size["height"] * 0.3 or box == previous
            ):
                return
            if box == previous:  # the page cannot scroll further
                break
            previous = box
            self.page.mouse.move(size["width"] / 2, size["height"] / 2)
            self.page.mouse.wheel(0, middle - size["height"] / 2)
            self.settle()
        raise AssertionError(f"could not scroll {locator} into view")

    def count(self, what: str) -> int:
        """The number a stepper shows (its semantics label is "<what>: <n>")."""
        label = self.text(re.compile(rf"^{re.escape(what)}: \d+")).first
        found = re.match(rf"{re.escape(what)}: (\d+)", label.inner_text())
        assert found, f"{what!r}: no number in {label.inner_text()!r}"
        return int(found.group(1))

    def set_count(self, what: str, value: int) -> None:
        """Tap a stepper's − or + until it shows ``value``; each tap waits for the
        server's answer (a tap is sent with the number it was drawn with)."""
        from playwright.sync_api import expect

        current = self.count(what)
        while current != value:
            step = 1 if value > current else -1
            self.tap(f"{'More' if step > 0 else 'Fewer'} {what}")
            current += step
            expect(self.text(re.compile(rf"^{re.escape(what)}: {current}\b"))).to_have_count(1)

    # --- seeing ------------------------------------------------------------------

    def reads(self, identifier: str) -> str:
        """What the marked element says: its text and the names (``aria-label``) of
        it and of the elements in it; "" while it is not on the page."""
        node = self.node(identifier)
        if not node.count():
            return ""
        said: str = node.first.evaluate(
            """el => [el, ...el.querySelectorAll('*')]
                .flatMap(e => [e.getAttribute('aria-label') || '', e.childElementCount
                    ? '' : (e.textContent || '')])
                .filter(Boolean).join(' ').replace(/\\s+/g, ' ')"""
        )
        return said

    def expect_node(self, identifier: str, text: str, *, below: bool = False) -> None:
        """Wait until the marked element says ``text`` (a substring).

        Args:
            below: the element may be further down the screen than Flutter keeps in its
                semantics tree (it leaves out what is far off screen): while it is not on
                the page, the view is scrolled down a little each time it is looked for.
        """
        deadline = time.monotonic() + EXPECT_TIMEOUT_MS / 1000
        while text not in (said := self.reads(identifier)):
            if time.monotonic() > deadline:
                raise AssertionError(f"{identifier!r} says {said!r}, not {text!r}")
            if below and not self.node(identifier).count():
                size = self.page.viewport_size or PHONE
                self.page.mouse.move(size["width"] / 2, size["height"] / 2)
                self.page.mouse.wheel(0, size["height"] / 3)
                self.settle()
            self.page.wait_for_timeout(50)

    def shot(self, name: str, at: Locator | None = None) -> list[Path]:
        """Screenshots of what is shown now, at phone and at desktop size.

        Args:
            at: scroll this into view at each size first (else the screen stays where
                it was scrolled to).

        Returns:
            The files written (``<test>-<name>-phone.png``, ``…-desktop.png``).
        """
        self.expect_all_named()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        written = []
        size = self.page.viewport_size or PHONE
        self.page.mouse.move(size["width"] - 2, size["height"] - 2)  # no hover tooltip
        for label, viewport in SHOT_SIZES:
            if self.page.viewport_size != viewport:
                self.page.set_viewport_size(viewport)
            self.settle()
            if at is not None:
                self.reveal(at)
                self.page.mouse.move(viewport["width"] - 2, viewport["height"] - 2)
            path = SCREENSHOTS / f"{self.test_name}-{name}-{label}.png"
            self.page.screenshot(path=str(path), timeout=30_000)
            written.append(path)
        self.page.set_viewport_size(PHONE)
        self.settle()
        return written

    def unnamed(self) -> list[str]:
        """Controls a screen reader could not name (buttons, fields, switches…), as
        lines of the accessibility tree."""
        tree = self.page.locator("body").aria_snapshot()
        roles = "button|textbox|switch|checkbox|radio|combobox|slider|link|menuitem|tab"
        return [
            line.strip()
            for line in tree.splitlines()
            if re.fullmatch(rf"\s*- ({roles})( \[[^\]]*\])*:?", line)
        ]

    def expect_all_named(self) -> None:
        """Every control on the screen has a name (text, label or tooltip)."""
        assert not self.unnamed(), f"unnamed controls: {self.unnamed()}"

    def dump(self, name: str) -> None:
        """Keep what the page shows and its accessibility tree (for a failed test)."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        stem = SCREENSHOTS / f"{self.test_name}-{name}"
        try:
            self.page.screenshot(path=f"{stem}.png")
        except Exception as error:  # keep the rest of the evidence
            Path(f"{stem}.png.error.txt").write_text(repr(error))
        with contextlib.suppress(Exception):
            Path(f"{stem}.aria.txt").write_text(self.page.locator("body").aria_snapshot())

    def settle(self) -> None:
        """Let Flutter lay out and paint (two animation frames, then a short pause
        for the server's answer to a resize)."""
        self.page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        self.page.wait_for_timeout(400)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep the call's report on the test, so that `app` can see it failed."""
    report = yield
    if report.when == "call":
        item.e2e_call_report = report  # type: ignore[attr-defined]
    return report


def _route(blocked: list[str]) -> Any:
    def handle(route: Route) -> None:
        url = route.request.url
        host = urlsplit(url).hostname
        if host in ("127.0.0.1", None) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    return handle


@pytest.fixture
def app(browser: Browser, server: Server, request: pytest.FixtureRequest) -> Iterator[AppPage]:
    """The app in a new browser context (phone size); requests outside 127.0.0.1 are
    aborted. After the test: the only blocked request may be Rive's runtime, and the
    server's log must show no error."""
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    context.set_default_timeout(EXPECT_TIMEOUT_MS)
    blocked: list[str] = []
    context.route("**/*", _route(blocked))
    page = context.new_page()
    log_start = server.log_size()
    name = re.sub(r"\W+", "-", request.node.name.removeprefix("test_")).strip("-")
    app = AppPage(page=page, server=server, test_name=name, blocked=blocked)
    try:
        yield app
        report = getattr(request.node, "e2e_call_report", None)
        if report is not None and report.failed:
            app.dump("failed")
            (SCREENSHOTS / f"{name}-failed.txt").write_text(report.longreprtext)
    finally:
        context.close()
    unexpected = [url for url in blocked if not url.startswith(ALLOWED_OUTSIDE)]
    assert not unexpected, f"the page asked for outside resources: {unexpected}"
    log = server.log_text(log_start)
    assert "Traceback" not in log and "Unhandled error" not in log, f"server log:\n{log}"
