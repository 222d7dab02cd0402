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
