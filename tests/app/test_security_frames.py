"""Issue 27, item 4 and item 1's rest: a page of another origin cannot frame the tutorial
(not even the pages its service worker unpacks from their .gz copies), a page inside a
foreign frame never goes live, and a key is taken only by the opener page (a ``#key=`` on a
book page is dropped, never kept) and forgotten once the server refuses it."""

from __future__ import annotations

import http.server
import json
import re
import threading

import pytest

from live_page import chromium_context
from test_live_local import (  # noqa: F401 (fixtures)
    take_key, tarot_teach_server)
from test_security_browser import _Evil

from conftest import serving

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PAGE = "book/07-tricks.html"  # large: the service worker fetches its .gz copy and unpacks it
HEADERS_JS = """async (page) => {
  const r = await fetch(page, {cache: 'no-store'});
  const h = {};
  for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options'])
    h[name] = r.headers.get(name);
  return h;
}"""


class framing:  # noqa: N801 - used as a context manager
    """A server on another 127.0.0.1 port whose page frames ``target``; its address."""

    def __init__(self, target: str) -> None:
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Evil)
        self.server.framed = target

    def __enter__(self) -> str:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/other.html"

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_pages_the_service_worker_unpacks_keep_the_frame_protection(
        built_book, tarot_teach_server):  # noqa: F811
    base, _, opened = tarot_teach_server
    worker = (built_book / "tt-sw.js").read_text(encoding="utf-8")
    compressed = json.loads(re.search(r"var COMPRESSED = (\[.*?\]);", worker).group(1))
    assert PAGE in compressed  # (else this page is not rebuilt by the worker)
    with chromium_context() as context:
        page = context.new_page()
        take_key(page, opened, base)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        found = page.evaluate(HEADERS_JS, base + PAGE)
        assert found["x-frame-options"] == "SAMEORIGIN", found
        assert "frame-ancestors 'self'" in (found["content-security-policy"] or ""), found
        assert found["x-content-type-options"] == "nosniff", found
        # The same page framed by another site on this machine (the worker serves it there
        # too): refused by the browser.
        with framing(base + PAGE) as other:
            evil = context.new_page()
            evil.goto(other)
            evil.wait_for_timeout(1000)  # (the frame's navigation settles)
            (frame,) = evil.main_frame.child_frames
            shown = frame.content()
            assert "tt-live" not in shown and "live.js" not in shown, (frame.url, shown[:300])


def test_a_page_inside_a_foreign_frame_never_asks_for_a_kernel(built_book):  # noqa: F811
    """A static copy (served without any header) framed by another site: the page stays
    static and asks neither session.json nor Python for anything."""
    asked = []
    with serving(built_book) as site, framing(site + PAGE) as other, \
            chromium_context() as context:
        context.on("request", lambda request: asked.append(request.url))
        evil = context.new_page()
        evil.goto(other)
        evil.wait_for_load_state("load")  # (the frame's page too)
        frame = evil.frame(url=re.compile(re.escape(PAGE)))
        assert frame is not None, [f.url for f in evil.frames]
        frame.wait_for_function("window.ttLive && window.ttLive.status === 'static'",
                                timeout=60_000)
        assert frame.evaluate("window.ttLive.mode") == "framed"
        assert not [url for url in asked if "session.json" in url or "pyodide" in url], asked


def test_a_key_comes_only_through_the_opener_and_a_refused_one_is_forgotten(
        tarot_teach_server):  # noqa: F811
    base, _, opened = tarot_teach_server
    with chromium_context() as context:
        # Any site may link to a book page with a key of its choice: it is never kept.
        page = context.new_page()
        page.goto(base + PAGE + "#key=a-key-chosen-by-another-site")
        page.wait_for_function("document.documentElement?.dataset.ttLive === 'static'",
                               timeout=60_000)
        assert "#" not in page.url
        assert page.evaluate("localStorage.getItem('tarot_teach.key')") is None
        # The opener's key is kept (the control)...
        take_key(page, opened, base)
        key = page.evaluate("localStorage.getItem('tarot_teach.key')")
        assert key and key in opened
        # ...and a key the server refuses is forgotten.
        page.evaluate("localStorage.setItem('tarot_teach.key', 'an-old-key')")
        page.goto(base + PAGE)
        page.wait_for_function("document.documentElement?.dataset.ttLive === 'static'",
                               timeout=60_000)
        assert page.evaluate("localStorage.getItem('tarot_teach.key')") is None
        assert "tarot-teach command" in page.locator(".tt-live-notice").inner_text()
