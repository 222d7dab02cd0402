"""Issue 28 item 5 in Chromium, live on the local kernel: the progress page offers "Retry what
I got wrong" the same day an exercise went wrong, and deals a fresh question of it; nothing
scrolls sideways at 1280 or 390 px. Screenshots go to $TAROT_SHOTS (default /tmp/tarot-shots)."""

from __future__ import annotations


import pytest

from browser_session import SHOTS
from live_page import live_browser, open_live
from test_guided_browser import _click
from tarot_teach.widgets.progress import Progress

pytestmark = [pytest.mark.slow, pytest.mark.browser]
sync_api = pytest.importorskip("playwright.sync_api")

PAGE = "book/90-your-progress"


@pytest.mark.parametrize("width", [1280, 390])
def test_retry_what_i_got_wrong(built_book, tmp_path, width):
    Progress(tmp_path / "p.json").record_answer("ch03-target", False, "The target is 41.")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with live_browser(tmp_path) as (server, browser):
        context, page, _overview, problems, outside = open_live(
            browser, server, PAGE, ".tt-progress-page", width=width, mark="progress")
        retry = page.locator(".tt-live .tt-retry")
        retry.wait_for()
        assert "Retry what I got wrong (1)" in retry.inner_text()
        _click(page, retry)
        exercise = page.locator(".tt-live .tt-progress-page .tt-exercise").first
        exercise.wait_for()
        assert "target" in exercise.inner_text().lower()
        retry.locator("xpath=..").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"retry-round-{width}.png"), full_page=False)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert not problems and not outside, (problems, outside)
        context.close()
