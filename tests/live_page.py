"""Open a book page live on a running `tarot-teach` (tests/browser/test_live_local.py's
``running_tarot_teach``), as the browser tests of the table and the guided hands do::

    live = open_live(browser, server, "book/20-guided-hands", ".tt-guided", width=390)
    live.widget.locator(".tt-check").click()
    assert not live.problems and not live.outside

The page may only ask this machine (anything else is aborted and listed in ``outside``);
its JavaScript errors are listed in ``problems``.
"""

from __future__ import annotations

import contextlib
from typing import Any, NamedTuple

import pytest

from browser_session import borrowed_browser, fresh_context
from test_live_local import keep_on_this_machine, running_tarot_teach, server_log_tail, take_key


@contextlib.contextmanager
def chromium_context(outside: "list | None" = None, **options):
    """A new context of this process's Chromium (``options`` as for
    ``browser.new_context``); with ``outside``, every request to another host is aborted
    and listed there. The context is closed after::

        with chromium_context(outside) as context:
            page = context.new_page()
    """
    with fresh_context(**options) as context:
        if outside is not None:
            keep_on_this_machine(context, outside)
        yield context


@contextlib.contextmanager
def live_browser(progress_dir):
    """A `tarot-teach` serving the built book, its progress in ``progress_dir``, and this
    process's Chromium: yields (server, browser) for :func:`open_live`; the server is
    stopped and every context opened in the block closed after::

        with live_browser(tmp_path) as (server, browser):
            context, page, widget, problems, outside = open_live(browser, server, ...)
    """
    with running_tarot_teach(progress_dir) as server, borrowed_browser() as browser:
        yield server, browser


class LivePage(NamedTuple):
    """A live page: its browser context and page, the widget under test (marked
    ``data-tt-test``), the page's JavaScript errors and the requests to other hosts
    (``context, page, widget, problems, outside = open_live(...)``)."""

    context: Any
    page: Any
    widget: Any
    problems: list
    outside: list


def open_live(browser, server, page_name: str, selector: str, nth: int = 0,
              width: int = 1280, mark: str = "widget", timeout: float = 120_000,
              open_first: "str | None" = None) -> LivePage:
    """Open ``page_name`` (e.g. ``"book/10-three-players"``) with the key address of
    ``server`` (base URL, port, key address), wait until the page is live and return the
    ``nth`` live ``selector`` (e.g. ``".tt-table"``), marked ``data-tt-test=mark``.
    ``open_first``: the buttons that build the exercises on first use (e.g.
    ``".tt-open-table"``), all clicked first."""
    base, _port, opened = server
    context = browser.new_context(viewport={"width": width, "height": 900})
    outside: list = []
    keep_on_this_machine(context, outside)
    page = context.new_page()
    take_key(page, opened, base)
    problems: list = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(base + page_name + ".html")
    page.wait_for_function(
        "['ready', 'disconnected'].includes(document.documentElement.dataset.ttLive)",
        timeout=timeout)  # (a page of a dozen hands is slow to come alive on a loaded machine)
    status = page.evaluate("document.documentElement.dataset.ttLive")
    assert status == "ready", f"{page_name} did not go live: {status}"
    if open_first:  # (a box's children are drawn a little after it: wait for them)
        page.wait_for_function(
            "([widget, button, nth]) => document.querySelectorAll('.tt-live ' + widget).length"
            " + document.querySelectorAll('.tt-live ' + button).length > nth",
            arg=[selector, open_first, nth], timeout=60_000)
        # Last first: a clicked button is replaced by its exercise when the kernel answers,
        # which may be before the next click, so the later buttons' places would shift.
        for button in reversed(page.locator(f".tt-live {open_first}").all()):
            button.click()
        # Until every one is drawn, the nth exercise on the page may be another one.
        page.wait_for_function("button => !document.querySelector('.tt-live ' + button)",
                               arg=open_first, timeout=60_000)
    widget = page.locator(f".tt-live {selector}").nth(nth)
    try:
        widget.wait_for(timeout=60_000)
    except pytest.importorskip("playwright.sync_api").TimeoutError as error:  # say what is shown
        shown = page.evaluate("""([widget, button]) => ({
            widgets: document.querySelectorAll('.tt-live ' + widget).length,
            buttons: button ? document.querySelectorAll('.tt-live ' + button).length : null,
            status: window.ttLive && window.ttLive.status, pending: window.ttLive.pending,
            sent: window.ttLive.sent, reused: window.ttLive.reused,
            errors: window.ttLive && window.ttLive.errors})""", [selector, open_first])
        seen = "\n".join(page.evaluate("(window.ttLive && window.ttLive.trace) || []"))
        raise AssertionError(f"{page_name}: no live {selector} #{nth}: {shown}, "
                             f"page errors {problems}\nthe page's last kernel messages:\n"
                             f"{seen}\n{server_log_tail(base)}") from error
    widget.evaluate(f"w => w.setAttribute('data-tt-test', {mark!r})")
    widget = page.locator(f"[data-tt-test={mark}]")  # (this one, whatever is drawn later)
    return LivePage(context, page, widget, problems, outside)
