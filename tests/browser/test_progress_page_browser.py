"""Issue 14, in the browser (static site, Pyodide): solve an exercise on its chapter page,
open "Your progress", see it solved; reset (after confirming) and see it gone — on the page
and in the browser's stored progress, so the next page does not bring it back."""

from __future__ import annotations

import json

import pytest

from browser_session import borrowed_browser
from conftest import serving
from test_live_local import exercise_page

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SOLVED = ('.tt-progress-overview li[data-state="solved"], '
          '.tt-progress-overview li[data-state="solved first time"]')


def stored(page) -> dict:
    text = page.evaluate("window.localStorage.getItem('tarot_teach.progress')")
    return json.loads(text) if text else {}


def test_solve_see_it_on_the_progress_page_reset_and_see_it_gone(built_book):
    pytest.importorskip("playwright.sync_api")
    with serving(built_book) as base, borrowed_browser() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        result = exercise_page(context, base + "book/07-tricks.html", live_timeout=90_000)
        assert result["right"], result["problems"]

        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "book/90-your-progress.html", wait_until="commit")
        page.wait_for_function("document.documentElement?.dataset.ttLive === 'ready'",
                               timeout=90_000)
        page.locator(".tt-live .tt-progress-overview").wait_for(timeout=30_000)
        solved = page.locator(SOLVED)
        solved.first.wait_for(timeout=30_000)
        assert solved.count() >= 1
        chapter = page.locator(".tt-live details.tt-chapter", has_text="Playing tricks")
        assert chapter.locator("li[data-state^='solved']").count() >= 1
        assert any(name.startswith("ch07-") for name in stored(page)["solved"])

        page.locator(".tt-live button", has_text="Reset my progress").click()
        confirm = page.locator(".tt-live button", has_text="Yes, forget everything")
        confirm.wait_for(state="visible", timeout=10_000)
        assert solved.count() >= 1  # the first click only asks
        confirm.click()
        page.wait_for_function(
            "!document.querySelector('.tt-progress-overview li[data-state^=\"solved\"]')",
            timeout=30_000)
        page.wait_for_function(  # live.js saves after the click: the store forgets too
            "(() => { const t = localStorage.getItem('tarot_teach.progress');"
            " return t && Object.keys(JSON.parse(t).solved).length === 0; })()",
            timeout=30_000)

        again = context.new_page()
        again.goto(base + "book/07-tricks.html", wait_until="commit")
        again.wait_for_function("document.documentElement?.dataset.ttLive === 'ready'",
                                timeout=90_000)
        assert again.locator(".tt-live .tt-exercise", has_text="solved before").count() == 0
        assert stored(again)["solved"] == {}
        assert not errors, errors
