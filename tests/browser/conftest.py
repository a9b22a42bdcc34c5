"""Fixtures of the browser tests: Debian's Chromium, driven by Playwright, on the live server.

The browser is Debian's headless build of Chromium, the chromium-headless-shell package
(``make test`` installs it when it is missing); Playwright's own browser download is
never used. It starts once a run of browser tests (``Chromium``), with the flags a machine without
outbound connections needs, and each visitor gets a fresh context (their own cookies),
so a director, a scorer and an anonymous visitor can have the same night open side by
side.

The live server is pytest-django's, in a thread of this process; with SQLite the tests
share its in-memory database, so every browser test uses ``transactional_db``. It serves
the site's Content-Security-Policy as production does, and any violation the browser
reports fails the test.
"""

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.core.cache import cache
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.browser.steps import log_in

CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root in CI, where Chromium's sandbox will not start
    "--disable-gpu",
    # This machine refuses outbound connections: keep Chromium from trying any.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TIMEOUT_MS = 10_000


class Chromium:
    """The worker's one Chromium: started for the first browser test, closed after the
    last of a run of them (``pytest_runtest_teardown``). ``make test`` sends every
    browser test to one worker, one after the other (``tests/conftest.py``), so it starts
    once a run.

    The sync Playwright API keeps an asyncio loop running in this thread while the
    browser is open, and Django refuses ORM calls from a thread with a running loop. The
    test's own ORM calls (fixtures, the database flush after each test) never overlap a
    request, so the check has nothing to protect here: it is switched off
    (``DJANGO_ALLOW_ASYNC_UNSAFE``) for as long as the browser is open, and no longer.
    """

    def __init__(self):
        self.playwright = self.browser = None
        self.patch = pytest.MonkeyPatch()

    def open(self) -> Browser:
        if self.browser is None:
            if not CHROMIUM.exists():
                pytest.fail(f"{CHROMIUM} is missing: `make test` installs chromium-headless-shell.")
            self.patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
            self.playwright = sync_playwright().start()
            self.browser = self.playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
        return self.browser

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.playwright.stop()
            self.playwright = self.browser = None
            self.patch.undo()


CHROMIUM_OF_THIS_WORKER = Chromium()


@pytest.fixture
def browser() -> Browser:
    """The worker's Chromium (``Chromium``)."""
    return CHROMIUM_OF_THIS_WORKER.open()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """Close the browser after the test's own teardown (its contexts closed) when the next
    test is not a browser test, or there is none."""
    try:
        return (yield)
    finally:
        if nextitem is None or Path(nextitem.path).parent != Path(__file__).parent:
            CHROMIUM_OF_THIS_WORKER.close()


@pytest.fixture
def csp_violations() -> list[str]:
    """What the browser refused under the site's Content-Security-Policy, as its console
    says it; every browser test fails if anything is left here at its end."""
    return []


@pytest.fixture
def new_context(browser, live_server, csp_violations) -> Iterator[Callable[..., BrowserContext]]:
    """``new_context(**options)``: a fresh visitor on the live server (closed afterwards).

    The site's cache starts empty for each test: the live server's database cache is not
    flushed between tests, so a sheet an earlier test kept would be served as it was."""
    cache.clear()
    contexts = []

    def make(**options) -> BrowserContext:
        context = browser.new_context(base_url=live_server.url, **options)
        context.set_default_timeout(TIMEOUT_MS)
        context.on("console", lambda message: refused(message, csp_violations))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    requests_answered()
    assert not csp_violations, f"the page broke its Content-Security-Policy: {csp_violations}"


def requests_answered(wait: float = 10) -> None:
    """Wait until the live server has answered every request the closed pages left (a
    poll, a sheet): one still at work when the test's database is emptied would find its
    tables locked, or its connection gone."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and any(
        "process_request_thread" in thread.name for thread in threading.enumerate()
    ):
        time.sleep(0.02)


def refused(message, violations: list[str]) -> None:
    if "Content Security Policy" in message.text:
        violations.append(f"{message.location.get('url', '')}: {message.text}")


@pytest.fixture
def visitor(new_context) -> Page:
    """A page for an anonymous visitor."""
    return new_context().new_page()


@pytest.fixture
def as_user(new_context) -> Callable[..., Page]:
    """``as_user(user, **context_options)``: a page logged in through the login page."""

    def make(user, **options) -> Page:
        page = new_context(**options).new_page()
        log_in(page, user.username)
        return page

    return make
