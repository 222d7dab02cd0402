"""Issue 28 item 7 in Chromium, live on the local kernel: the lesson map on the
welcome page and the progress page (stars, Continue reached and followed by keyboard, axe,
nothing wider than the screen at 1280 or 390 px). Screenshots go to $TAROT_SHOTS (default /tmp/tarot-shots)."""

from __future__ import annotations


import pytest

from axe_check import describe, serious_violations
from browser_session import SHOTS
from live_page import live_browser, open_live
from tarot_teach.widgets.progress import Progress

pytestmark = [pytest.mark.slow, pytest.mark.browser]
sync_api = pytest.importorskip("playwright.sync_api")

SOLVED = ("ch01-name-card", "ch02-find-bouts", "ch02-higher-card", "ch02-count-points")


def learner(tmp_path) -> Progress:
    progress = Progress(tmp_path / "p.json")
    for ident in SOLVED:
        progress.record_answer(ident, True)
    progress.record_answer("ch03-target", False, "The target is 41.")
    return progress


@pytest.fixture(scope="module")
def served(built_book, tmp_path_factory):
    """One `tarot-teach` and one Chromium for the module: the learner's progress is read,
    never changed, by these tests."""
    folder = tmp_path_factory.mktemp("map")
    learner(folder)
    with live_browser(folder) as running:
        yield running


@pytest.mark.parametrize("page_name", ["book/01-welcome", "book/90-your-progress"])
@pytest.mark.parametrize("width", [1280, 390])
def test_the_lesson_map(served, width, page_name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    server, browser = served
    context, page, lesson_map, problems, outside = open_live(
        browser, server, page_name, ".tt-lesson-map", width=width, mark="map")
    tiles = lesson_map.locator(".tt-map-chapter")
    assert tiles.count() == 19  # (the chapters with exercises)
    assert lesson_map.locator('.tt-map-chapter[data-stars="3"]').count() == 2
    current = lesson_map.locator('.tt-map-chapter[aria-current="step"]')
    assert "The bouts and the target" in current.inner_text()
    lesson_map.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"map-{page_name.split('/')[1]}-{width}.png"),
                    full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for box in tiles.all():  # nothing inside the map is wider than the screen
        assert box.bounding_box()["x"] + box.bounding_box()["width"] <= width
    found = serious_violations(page, include=['[data-tt-test="map"]'])
    assert not found, describe(found)
    # by keyboard: Tab reaches Continue, Enter follows it
    page.locator(".tt-live .tt-lesson-map").evaluate(
        "m => { const a = document.createElement('button'); a.id = 'before-map';"
        " m.parentNode.insertBefore(a, m); a.focus(); }")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "tt-continue"
    assert "Continue: The bouts and the target" in page.evaluate(
        "document.activeElement.textContent")
    page.keyboard.press("Enter")
    page.wait_for_function("location.pathname.endsWith('/book/03-bouts.html')",
                           timeout=30_000)
    assert not problems and not outside, (problems, outside)
    context.close()

