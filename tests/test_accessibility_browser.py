"""Accessibility of the built book, measured with axe-core in Chromium (tests/axe_check.py).

Every page of the book, once its widgets are rendered, has no serious or critical axe
violation; an exercise can be answered with the keyboard alone.
"""

from __future__ import annotations

import pytest

from axe_check import describe, serious_violations
from test_live_local import launch

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_axe_check_reports_what_a_screen_reader_would_miss():
    """The helper itself: an unnamed button and an image without text are reported, with
    where they are; the same page with names passes."""
    from playwright.sync_api import sync_playwright

    bad = ('<html lang="en"><head><title>t</title></head><body><main><h1>t</h1>'
           '<img src="data:,"><button class="b"></button></main></body></html>')
    good = bad.replace('<img src="data:,">', '<img src="data:," alt="King of hearts">').replace(
        '</button>', 'Check</button>')
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page()
            page.set_content(bad)
            found = serious_violations(page)
            assert {v["id"] for v in found} == {"button-name", "image-alt"}, describe(found)
            assert '<button class="b">' in describe(found)
            page.set_content(good)
            assert serious_violations(page) == []
        finally:
            browser.close()


# ------------------------------------------------------------------------- the whole book


def open_rendered(context, url: str):
    """Open ``url`` with its widgets as saved at build time (the live kernel is not asked
    for: session.json answers 404, so live.js leaves the page static); return the page once
    every widget view and the math are rendered."""
    page = context.new_page()
    page.route("**/_static/vendor/live/session.json", lambda r: r.fulfill(status=404))
    page.goto(url, wait_until="load")
    views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
    if views:
        page.wait_for_function("n => document.querySelectorAll('.widget-subarea').length >= n",
                               arg=views, timeout=30_000)
    if page.locator(".math").count():
        page.wait_for_selector("mjx-container", timeout=30_000)
    if page.locator("script#tt-live-cells").count():
        page.wait_for_function("document.documentElement.dataset.ttLive === 'static'",
                               timeout=30_000)
    page.wait_for_load_state("networkidle")
    return page


def audit_book(base: str, pages: list[str]) -> dict[str, list[dict]]:
    """Serious/critical axe violations of each page (page name -> violations)."""
    from playwright.sync_api import sync_playwright

    found: dict[str, list[dict]] = {}
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            for name in pages:
                page = open_rendered(context, f"{base}{name}.html")
                found[name] = serious_violations(page)
                page.close()
        finally:
            browser.close()
    return found
