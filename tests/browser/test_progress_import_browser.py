"""Issue 28 item 1 in Chromium, both modes: "Download your progress", then somewhere fresh
(a new browser profile on the static site; a new progress folder for the local server)
choose that file and press Import: the progress is back, on the page and where it is kept.
Issue 27 item 2 on the static site: a stored progress whose reset is in the future keeps
everything, and the page says why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser_session import borrowed_browser
from conftest import serving
from live_page import chromium_context, open_live
from test_live_local import running_tarot_teach

pytestmark = [pytest.mark.slow, pytest.mark.browser]

KEY = "tarot_teach.progress"
PROGRESS = {  # (times as older files wrote them: local time, no offset)
    "version": 1,
    "solved": {"ch07-winner": "2026-11-02T09:30:00.000000", "ch03-target": "2026-11-02T10:00:00"},
    "answers": {"ch03-target": {"2026-11-02T09:59:00.000001": {
        "ok": False, "reason": "The target with two bouts is 41."}}}}
SOLVED = '.tt-live .tt-progress-overview li[data-state^="solved"]'


def wait_live(page, timeout: float = 120_000) -> None:
    page.wait_for_function("document.documentElement?.dataset.ttLive === 'ready'",
                           timeout=timeout)
    page.locator(".tt-live .tt-progress-overview").wait_for(timeout=60_000)


def download(page, folder: Path) -> dict:
    """Click "Download your progress"; the file's content."""
    with page.expect_download() as started:
        page.locator(".tt-live a.tt-export").click()
    path = folder / "tarot-progress.json"
    started.value.save_as(path)
    return json.loads(path.read_text(encoding="utf-8"))


def import_file(page, path: Path) -> str:
    """Choose ``path`` in the upload, press Import; what the page says then."""
    with page.expect_file_chooser() as chooser:  # (as a learner does: the button, a file)
        page.locator(".tt-live .widget-upload").click()
    chooser.value.set_files(str(path))
    page.locator(".tt-live .widget-upload", has_text="(1)").wait_for(timeout=30_000)
    page.wait_for_function("window.ttLive.pending === 0", timeout=30_000)
    page.locator(".tt-live button.tt-import").click()
    said = page.locator(".tt-live .tt-feedback", has_text="mport")  # Imported, or not
    said.wait_for(timeout=30_000)
    return said.inner_text()


def assert_progress_back(page, said: str) -> None:
    assert "✔ Imported" in said, said
    page.locator(SOLVED).nth(1).wait_for(timeout=30_000)
    states = page.evaluate("""() => [...document.querySelectorAll(
        '.tt-live .tt-progress-overview li.tt-state')].map(li => li.dataset.state)""")
    assert states.count("solved first time") + states.count("solved") == 2, states
    assert "Answered wrong once" in page.locator(".tt-live .tt-progress-overview").inner_text()
    assert page.evaluate("window.ttLive.errors") == []


def test_import_in_the_static_site_brings_the_progress_back(built_book, tmp_path):
    exported = tmp_path / "exported.json"
    with serving(built_book) as base, chromium_context() as first:
        problems: list = []
        first.add_init_script(f"localStorage.setItem({KEY!r}, {json.dumps(json.dumps(PROGRESS))})")
        page = first.new_page()
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(base + "book/90-your-progress.html", wait_until="commit")
        wait_live(page)
        content = download(page, tmp_path)
        assert set(content["solved"]) == set(PROGRESS["solved"])
        exported.write_text(json.dumps(content), encoding="utf-8")
        fresh = first.browser.new_context()  # another browser: nothing stored
        page = fresh.new_page()
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(base + "book/90-your-progress.html", wait_until="commit")
        wait_live(page)
        assert page.locator(SOLVED).count() == 0
        assert_progress_back(page, import_file(page, exported))
        page.wait_for_function(  # live.js keeps it in this browser after the click
            "key => Object.keys(JSON.parse(localStorage.getItem(key) || '{\"solved\": {}}')"
            ".solved).length === 2", arg=KEY, timeout=30_000)
        page.reload(wait_until="commit")  # and it is still there on the next visit
        wait_live(page)
        page.locator(SOLVED).nth(1).wait_for(timeout=30_000)
        assert not problems, problems


def test_import_with_the_local_server_brings_the_progress_back(built_book,
                                                              tmp_path_factory):
    home, away = tmp_path_factory.mktemp("home"), tmp_path_factory.mktemp("away")
    (home / "p.json").write_text(json.dumps(PROGRESS), encoding="utf-8")
    pytest.importorskip("playwright.sync_api")

    with borrowed_browser() as browser:
        with running_tarot_teach(home) as server:
            live = open_live(browser, server, "book/90-your-progress", ".tt-progress-page")
            wait_live(live.page)
            content = download(live.page, home)
            assert set(content["solved"]) == set(PROGRESS["solved"])
            assert not live.problems and not live.outside
            live.context.close()
        exported = away / "from-home.json"
        exported.write_text(json.dumps(content), encoding="utf-8")
        with running_tarot_teach(away) as server:  # another computer: no progress yet
            live = open_live(browser, server, "book/90-your-progress", ".tt-progress-page")
            wait_live(live.page)
            assert live.page.locator(SOLVED).count() == 0
            assert_progress_back(live.page, import_file(live.page, exported))
            kept = json.loads((away / "p.json").read_text(encoding="utf-8"))
            assert set(kept["solved"]) == set(PROGRESS["solved"])
            assert list(kept["answers"]) == ["ch03-target"]
            assert not live.problems and not live.outside


def test_a_stored_reset_in_the_future_erases_nothing_in_the_static_site(built_book):
    stored = {**PROGRESS, "reset": "2999-01-01T00:00:00.000000"}
    with serving(built_book) as base, chromium_context() as context:
        context.add_init_script(f"localStorage.getItem({KEY!r}) || "
                                f"localStorage.setItem({KEY!r}, {json.dumps(json.dumps(stored))})")
        page = context.new_page()
        page.goto(base + "book/90-your-progress.html", wait_until="commit")
        wait_live(page)
        page.locator(SOLVED).nth(1).wait_for(timeout=30_000)
        notice = page.locator(".tt-live-notice", has_text="reset time").inner_text()
        assert "is in the future: it was ignored" in notice
        page.locator(".tt-live button.tt-reset").click()  # (only asks; live.js saves after)
        page.wait_for_function(f"!JSON.parse(localStorage.getItem({KEY!r})).reset",
                               timeout=30_000)
        kept = json.loads(page.evaluate(f"localStorage.getItem({KEY!r})"))
        assert set(kept["solved"]) == set(PROGRESS["solved"]) and kept["answers"]
