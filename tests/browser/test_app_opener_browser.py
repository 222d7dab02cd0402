"""Issue 27 item 7 (port squatting): the page the browser is opened on clears the origin's
HTTP cache first (``Clear-Site-Data: "cache"``: no page another program served on the
tutorial's port while it was stopped is shown from it), then keeps the new key in place of
any stale one. Not ``"storage"``: that also emptied the tabs already open (their tab's
kernel), and Reconnect after a restart never came back (test_security_browser)."""

from __future__ import annotations

import pytest

from test_security_local import start_server, stop_server

from tarot_teach.app import keys as app_keys

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_the_opener_clears_the_origins_cache_then_keeps_the_new_key(tmp_path_factory):
    from live_page import chromium_context  # (live_page imports test_live_local)

    served, process = start_server(tmp_path_factory)
    try:
        assert served.get(app_keys.OPEN_PATH)[1]["Clear-Site-Data"] == '"cache"'
        with chromium_context() as context:
            page = context.new_page()
            page.goto(served.base + "page.html")  # another program's page on this port
            page.evaluate("""() => { localStorage.setItem('left-by-another', 'x');
                                     localStorage.setItem('tarot_teach.key', 'stale'); }""")
            code = served.codes[0]
            page.goto(f"{served.base}{app_keys.OPEN_PATH.lstrip('/')}#code={code}")
            page.wait_for_url(served.base, timeout=60_000)
            stored = page.evaluate("localStorage.getItem('tarot_teach.key')")
        assert stored == served.key  # (the stale key is replaced)
    finally:
        stop_server(process)
