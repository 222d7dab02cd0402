"""One Playwright and one Chromium per test process (each pytest-xdist worker), shared by
every browser test of that process; each test gets its own new context (a fresh profile)
and closes it, so nothing of one test survives into the next::

    with fresh_context(viewport={"width": 390, "height": 800}) as context:
        page = context.new_page()

Starting Playwright's driver and Chromium costs about a second of CPU; done once per
process instead of once per test (issue 31 item 3). Playwright's sync API allows a single
``sync_playwright()`` per thread at a time, so every browser test goes through
:func:`playwright` and :func:`browser` here. Both are started on first use and stopped by
an ``atexit`` hook when the process ends (a fixture would do for tests, but the helpers
that open browsers are plain functions and context managers; an exit hook serves both
without a hook in conftest.py). A browser that died is replaced on the next call.

``TAROT_TEACH_LAUNCHES``, when set, is a file to which each process appends at exit its
number of Chromium launches and of borrowings of the shared one (each borrowing was a
launch of its own before).
"""

from __future__ import annotations

import atexit
import contextlib
import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
# The tests drive Debian's chromium-headless-shell when it is installed (scripts/test installs
# it): the same Chromium build without the browser's window and profile machinery, what
# Playwright itself runs for headless tests. A browser test took about 15 % less CPU and
# time with it. The benchmarks (benchmarks/site.py) time the full browser, as a learner has.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

# The page's fixed bars, hidden in a screenshot of one element: an element taller than the
# window is captured in one piece, and the theme's sticky header and its "Skip to main
# content" link were drawn across its middle (``locator.screenshot(style=...)``).
ELEMENT_SHOT_STYLE = ".skip-link, .bd-header, .bd-header-article { visibility: hidden !important; }"
# Where the browser tests put the screenshots a person looks at (TAROT_SHOTS).
SHOTS = Path(os.environ.get("TAROT_SHOTS", "/tmp/tarot-shots"))


def shoot(page, element, name: str) -> None:
    """A screenshot of ``element`` alone, ``SHOTS/name.png`` (the page's fixed header made
    transparent meanwhile, so that it does not cover the element; the focus stays where it
    is)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    handle = page.add_style_tag(content="header, .skip-link, .bd-header-article "
                                        "{ opacity: 0 !important; } "
                                        "html { scroll-behavior: auto !important; }")
    element.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    element.screenshot(path=str(SHOTS / f"{name}.png"), style=ELEMENT_SHOT_STYLE)
    handle.evaluate("style => style.remove()")

_state: dict = {"playwright": None, "browser": None, "launches": 0, "borrowed": 0}


def playwright():
    """This process's Playwright (sync API), started on first use."""
    if _state["playwright"] is None:
        sync_api = pytest.importorskip("playwright.sync_api")
        _state["playwright"] = sync_api.sync_playwright().start()
    return _state["playwright"]


def launch(pw=None, args: "list[str] | None" = None):
    """A newly launched Chromium of ``pw`` (this process's Playwright by default), with
    ``args`` added to the usual ones; the caller closes it: :data:`HEADLESS_SHELL`, else
    /usr/bin/chromium. Skips the test with neither."""
    program = next((path for path in (HEADLESS_SHELL, CHROMIUM) if Path(path).exists()), None)
    if program is None:
        pytest.skip(f"{CHROMIUM} not installed (apt-get install chromium)")
    _state["launches"] += 1
    return (pw or playwright()).chromium.launch(executable_path=program,
                                                args=CHROMIUM_ARGS + list(args or []))


def browser():
    """This process's shared Chromium, launched on first use and again if it died. Open a
    context of your own on it (:func:`fresh_context`, :func:`borrowed_browser`), never
    keep one across tests."""
    shared = _state["browser"]
    if shared is None or not shared.is_connected():
        _state["browser"] = shared = launch()
    return shared


def close_page(page, patience_ms: float = 10_000) -> None:
    """Close ``page`` without waiting for ever: Chromium may take a close that races a
    navigation commit and drop it, and Playwright's ``page.close()`` then never returns
    (crbug.com/536385539, playwright#41900). The close is asked again if it did not happen
    within ``patience_ms``."""
    sync_api = pytest.importorskip("playwright.sync_api")
    for _ in range(3):
        if page.is_closed():
            return
        try:
            with page.expect_event("close", timeout=patience_ms):
                page.close(run_before_unload=True)  # (returns at once; no page asks first)
            return
        except sync_api.Error:  # (TimeoutError is one)
            continue
    if not page.is_closed():
        raise AssertionError(f"{page.url} could not be closed")


def close_context(context) -> None:
    """Close ``context``: its pages one by one with :func:`close_page` first (a page
    closed while a navigation commits can hang Chromium), then the context."""
    sync_api = pytest.importorskip("playwright.sync_api")
    try:
        for page in list(context.pages):
            close_page(page)
        context.close()
    except sync_api.Error:  # (the browser died under it: nothing left to close)
        if context.browser is not None and context.browser.is_connected():
            raise


@contextlib.contextmanager
def borrowed_browser():
    """The shared Chromium, for code that opens contexts itself (``browser.new_context``):
    every context opened during the block is closed after."""
    shared = browser()
    _state["borrowed"] += 1
    before = list(shared.contexts)
    try:
        yield shared
    finally:
        for context in list(shared.contexts):
            if not any(context is old for old in before):
                close_context(context)


@contextlib.contextmanager
def fresh_context(**options):
    """A new context of the shared Chromium (``options`` as for ``browser.new_context``);
    it, and any other context opened during the block, are closed after."""
    with borrowed_browser() as shared:
        yield shared.new_context(**options)


@atexit.register
def _stop() -> None:
    shared, pw = _state["browser"], _state["playwright"]
    _state["browser"] = _state["playwright"] = None
    try:
        if shared is not None and shared.is_connected():
            shared.close()
    finally:
        if pw is not None:
            pw.stop()
        count = os.environ.get("TAROT_TEACH_LAUNCHES")
        if count and _state["launches"]:
            with open(count, "a", encoding="utf-8") as stream:
                stream.write(f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}\t"
                             f"{_state['launches']}\t{_state['borrowed']}\n")
