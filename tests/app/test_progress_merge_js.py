"""Issue 27 item 2, the page's side: live.js reads and merges progress (the static site keeps
it in localStorage) exactly as widgets/progress.py does — the same times made UTC, the same
entries left out and notes, the same resets ignored, the same merge and counts of what it
dropped. The same cases run through both, in Paris time (Python and Chromium)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tarot_teach.widgets.progress_record import merge_records, parse_record, utc_time

pytestmark = [pytest.mark.slow, pytest.mark.browser]  # Chromium

ROOT = Path(__file__).resolve().parents[2]
SITE = "http://127.0.0.1:9/"  # (never reached: every request is answered by the test)
PAGE = ("<!doctype html><html><body><main></main><script>window.requirejs = function () {};"
        "</script><script src='_static/vendor/widgets/live.js'></script></body></html>")

TIMES = ["2026-11-30T10:00:00+01:00", "2026-11-30T10:00:00.5-0230", "2026-11-30T09:00Z",
         "2026-11-30T10:00:00.000001", "2026-07-01T10:00:00", "2026-11-30",
         "2026-11-30 10:00", "2026-03-29T02:30:00", "2026-10-25T02:30:00",  # (Paris DST)
         "1970-01-01T00:30:00", "9998-12-31T23:59:59+00:00",
         "soon", "", "2026-13-01T00:00", "2026-02-30T10:00", "2026-02-29T10:00",
         "2028-02-29T10:00", "2026-11-30T24:00", "2026-11-30T10:60", "2026-11-30T10:00:60",
         "2026-11-30T10:00+25:00", "2026-11-30T10:00+01:60", "0001-01-01", "1969-12-31",
         "2026-11-30T10:00:00.1234567", " 2026-11-30", "2026-11-30T10", "+2026-11-30",
         "2026-11-30T10:00:00+01:00x", "２０２６-11-30", 5, None, ["2026-11-30"]]

FILES = {
    "future reset": {"solved": {"a": "2026-11-02T09:30:00Z"}, "reset": "2999-01-01T00:00:00"},
    "reset not a date": {"solved": {"a": "2026-11-02T09:30:00Z"}, "reset": "soon"},
    "reset of a wrong type": {"solved": {"a": "2026-11-02"}, "reset": 5},
    "times not dates": {"solved": {"a": "2026-11-02T09:30:00Z", "b": "last week"},
                        "answers": {"a": {"2026-11-02T09:30:00Z": {"ok": True},
                                          "later": {"ok": False}, "never": {"ok": True}}}},
    "offsets": {"solved": {"after": "2026-11-30T09:30:00Z",
                           "before": "2026-11-30T09:30:00+01:00"},
                "answers": {"after": {"2026-11-30T09:30:00Z": {"ok": True}},
                            "before": {"2026-11-30T09:30:00+01:00": {"ok": False,
                                                                     "reason": "no"}}},
                "games": {"table": {"deal": 1}}},
    "reset in Paris": {"solved": {"x": "2026-11-30T12:00:00Z"}, "games": {"t": {"n": 2}},
                       "reset": "2026-11-30T10:00:00+01:00"},
    "old local times": {"solved": {"old": "2026-11-30T09:50:00", "x": "2026-11-29T08:00:00"},
                        "reset": "2026-11-30T10:00:00"},
    "empty": {"solved": {}},
}


@pytest.fixture(scope="module")
def live_js(tmp_path_factory) -> Path:
    """live.js as the site has it: scripts/assets/live/ bundled (scripts/fetch_assets.py; its
    esbuild is installed by scripts/setup, so a missing one fails here instead of skipping)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import fetch_assets
    finally:
        sys.path.pop(0)
    out = tmp_path_factory.mktemp("live") / "live.js"
    fetch_assets.build_live_js(out)
    return out


@pytest.fixture(scope="module")
def page(live_js):
    """live.js alone on a blank page, in Chromium set to Paris time."""
    from live_page import chromium_context

    def answer(route):
        if route.request.url.endswith("live.js"):
            route.fulfill(body=live_js.read_text(encoding="utf-8"),
                          content_type="text/javascript")
        elif route.request.url == SITE:
            route.fulfill(body=PAGE, content_type="text/html")
        else:
            route.fulfill(status=404, body="")

    with chromium_context(timezone_id="Europe/Paris") as context:
        context.route("**/*", answer)
        tab = context.new_page()
        tab.goto(SITE)
        tab.wait_for_function("window.ttLive && window.ttLive.progressFiles", timeout=30_000)
        yield tab


@pytest.fixture(autouse=True)
def in_paris(paris):
    """Every test here runs in Paris time (the conftest's ``paris``)."""
    yield


def js_parse(page, text: str):
    return page.evaluate("t => window.ttLive.progressFiles.parse(t)", text)


def python_parse(text: str) -> dict:
    record = parse_record(text)
    return {key: record[key] for key in ("solved", "games", "answers", "reset", "notes")}


def test_the_page_reads_times_as_python_does(page):
    from_js = page.evaluate("times => times.map(window.ttLive.progressFiles.time)", TIMES)
    assert dict(zip(map(str, TIMES), from_js)) == {str(t): utc_time(t) for t in TIMES}
    assert sum(t is not None for t in from_js) == 12


@pytest.mark.parametrize("name", FILES)
def test_the_page_reads_a_progress_file_as_python_does(page, name):
    text = json.dumps(FILES[name])
    assert js_parse(page, text) == python_parse(text)


@pytest.mark.parametrize("older", FILES)
@pytest.mark.parametrize("newer", ["reset in Paris", "old local times", "offsets", "empty"])
def test_the_page_merges_as_python_does(page, older, newer):
    texts = [json.dumps(FILES[older]), json.dumps(FILES[newer])]
    from_js = page.evaluate("""texts => {
        const files = window.ttLive.progressFiles;
        const result = files.merge(files.parse(texts[0]), files.parse(texts[1]));
        return {...result.merged, dropped: result.dropped};
    }""", texts)
    merged = merge_records(parse_record(texts[0]), parse_record(texts[1]))
    merged["dropped"] = {side: list(counts) for side, counts in merged["dropped"].items()}
    assert from_js == merged


def test_a_reset_from_the_future_or_not_a_date_is_ignored_in_the_page(page):
    for name in ("future reset", "reset not a date", "reset of a wrong type"):
        record = js_parse(page, json.dumps(FILES[name]))
        assert record["reset"] is None and record["solved"], name
        assert "it was ignored" in record["notes"][0]
    merged = page.evaluate("""text => {
        const files = window.ttLive.progressFiles;
        const stored = files.parse(text);
        return files.merge(stored, files.parse('{"solved": {"b": "2026-11-03T10:00:00Z"}}'));
    }""", json.dumps(FILES["future reset"]))
    assert set(merged["merged"]["solved"]) == {"a", "b"}
    assert merged["dropped"] == {"older": [0, 0, 0], "newer": [0, 0, 0]}
