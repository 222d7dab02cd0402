"""Issue 13 in Chromium: another local port can neither run code nor read progress; normal
use of the local server prints no traceback; one kernel per tab; a lost connection is
shown with a Reconnect button; static-mode progress merges the saves of several tabs."""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from browser_session import borrowed_browser
from conftest import serving
from test_live_local import (  # noqa: F401 (fixtures)
    exercise_page, exercise_pages, free_port, take_key)
from test_security_local import server, wait_until  # noqa: F401 (fixture)

from tarot_teach.app import (build as app_build, handlers as app_handlers, kernels as app_kernels,
    keys as app_keys, pool as app_pool)

pytestmark = [pytest.mark.slow, pytest.mark.browser]
ROOT = Path(__file__).resolve().parents[2]
sync_api = pytest.importorskip("playwright.sync_api")


# ------------------------------------------------------- a page on another 127.0.0.1 port

EVIL_JS = r"""
async ([tutorial, kernel]) => {
  const out = {};
  const attempt = async (name, make) => {
    try { out[name] = await make(); } catch (error) { out[name] = "blocked: " + error.name; }
  };
  await attempt("session", async () => {
    const r = await fetch(tutorial + "_static/vendor/live/session.json", {credentials: "include"});
    return r.status + " " + (await r.text());
  });
  await attempt("session_with_headers", async () => {
    const r = await fetch(tutorial + "_static/vendor/live/session.json", {
      credentials: "include", headers: {"X-Tarot-Teach-Tab": "evil-tab-1"}});
    return r.status + " " + (await r.text());
  });
  await attempt("kernels", async () => {
    const r = await fetch(tutorial + "jupyter/api/kernels", {credentials: "include"});
    return r.status + " " + (await r.text());
  });
  await attempt("contents", async () => {
    const r = await fetch(tutorial + "jupyter/api/contents", {credentials: "include"});
    return r.status + " " + (await r.text());
  });
  await attempt("start_kernel", async () => {
    const r = await fetch(tutorial + "jupyter/api/kernels", {
      method: "POST", credentials: "include", mode: "no-cors", body: "{}"});
    return r.type;
  });
  out.websocket = await new Promise((resolve) => {
    const url = tutorial.replace("http", "ws") + "jupyter/api/kernels/" + kernel + "/channels";
    const ws = new WebSocket(url);
    ws.onopen = () => { ws.send("{}"); resolve("open"); };
    ws.onerror = () => resolve("refused");
    setTimeout(() => resolve("timeout"), 10000);
  });
  out.key = localStorage.getItem("tarot_teach.key");
  out.progress = localStorage.getItem("tarot_teach.progress");
  return out;
}
"""


class _Evil(http.server.BaseHTTPRequestHandler):
    cookies: list = []

    def do_GET(self):  # noqa: N802 - the base class's name
        _Evil.cookies.append(self.headers.get("Cookie", ""))
        body = (f'<!DOCTYPE html><title>another site</title><p>not the tutorial</p>'
                f'<iframe id="framed" src="{self.server.framed}"></iframe>').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_another_local_port_can_neither_run_code_nor_read_progress(server):  # noqa: F811
    tutorial = server.base
    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Evil)
    evil.framed = tutorial + "index.html"
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    other = f"http://127.0.0.1:{evil.server_address[1]}/"
    with borrowed_browser() as browser:
        try:
            context = browser.new_context()
            page = context.new_page()
            # The learner opens the address tarot-teach printed: the key moves into storage.
            page.goto(f"{tutorial}{app_keys.OPEN_PATH.lstrip('/')}#key={server.key}")
            page.wait_for_url(tutorial)
            assert "key" not in page.url
            assert page.evaluate("localStorage.getItem('tarot_teach.key')") == server.key
            page.evaluate("localStorage.setItem('tarot_teach.progress', "
                          "'{\"solved\": {\"secret-exercise\": \"2026-11-30\"}}')")
            # The tutorial's own page gets a kernel with that key (the control)...
            own = page.evaluate("""async () => {
                const r = await fetch('_static/vendor/live/session.json', {headers: {
                  'X-Tarot-Teach-Key': localStorage.getItem('tarot_teach.key'),
                  'X-Tarot-Teach-Tab': 'own-tab-1'}});
                return [r.status, await r.json()];
            }""")
            assert own[0] == 200 and own[1]["mode"] == "jupyter"
            token, kernel = own[1]["token"], own[1]["kernel"]
            # Let the server's pool of warm kernels refill (a spare is replaced a few seconds
            # after it is taken): with its spares beside this tab's kernel it starts no more
            # (a kernel is listed from its start), so that only a kernel started by the other
            # page could appear below.
            assert wait_until(lambda: len(server.kernels(token)) >= 1 + app_pool.POOL_SIZE,
                              app_pool.REFILL_DELAY + 60)
            before = server.kernels(token)
            # ...a page of another port, in the same browser, gets nothing.
            for path in ("evil.html", "jupyter/evil.html", "_static/vendor/live/evil.html"):
                evil_page = context.new_page()
                evil_page.goto(other + path)
                found = evil_page.evaluate(EVIL_JS, [tutorial, kernel])
                for name in ("session", "session_with_headers", "kernels", "contents"):
                    assert found[name].startswith("blocked"), (name, found[name])
                assert found["websocket"] != "open", found
                assert found["key"] is None and found["progress"] is None, found
                # The tutorial refused to be framed there.
                (frame,) = evil_page.main_frame.child_frames
                assert "the book" not in frame.content(), frame.url
                evil_page.close()
            time.sleep(1)
            assert not server.kernels(token) - before  # no kernel started from there
        finally:
            evil.shutdown()
            evil.server_close()
    # Whatever cookies the browser sent to the other port, none carries a secret or opens
    # the tutorial's kernels.
    for cookie in _Evil.cookies:
        assert server.key not in cookie and token not in cookie, cookie
        for path in ("jupyter/api/kernels", "jupyter/api/contents"):
            assert server.get(path, {"Cookie": cookie})[0] in (401, 403)
        assert server.get(app_handlers.SESSION_PATH, {"Cookie": cookie, "X-Tarot-Teach-Tab":
                                              "evil-tab-2"})[0] == 403
    log = server.log()
    assert server.key not in log and token not in log and "Traceback" not in log


# ------------------------------------------------------------- the real tutorial, local


def _start_tutorial(port: int, home: Path, output: Path, browser: "Path | None" = None):
    """`tarot-teach --no-build --no-browser` as a learner runs it, its whole terminal output
    kept in ``output``; (process, the address it prints). With ``browser``, it opens that
    program (as $BROWSER) instead."""
    env = dict(os.environ, TAROT_TEACH_PROGRESS=str(home / "progress.json"))
    command = [sys.executable, "-m", "tarot_teach.cli", "--no-build", "--port", str(port)]
    if browser is None:
        env["TAROT_TEACH_NO_BROWSER"] = "1"
        command.append("--no-browser")
    else:
        env.pop("TAROT_TEACH_NO_BROWSER", None)
        env["BROWSER"] = str(browser)
    with open(output, "w") as stream:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=stream,
                                   stderr=subprocess.STDOUT)
    deadline = time.time() + 90
    while True:
        found = re.search(r"(http://127\.0\.0\.1:\d+/\S*#key=\S+)", output.read_text())
        if found:
            return process, found.group(1)
        if process.poll() is not None or time.time() > deadline:
            process.kill()
            pytest.fail("tarot-teach did not start:\n" + output.read_text())
        time.sleep(0.3)


def _stop(process) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def _live(page, timeout=60_000):
    page.wait_for_function(
        "['ready', 'failed'].includes(document.documentElement.dataset.ttLive)", timeout=timeout)
    assert page.evaluate("window.ttLive.status") == "ready", page.evaluate("window.ttLive")


# What the page's session said (its kernel, whether the tab had it) and the token (asked
# again by the page, as its own tab).
SESSION_JS = """async () => {
  const r = await fetch('/_static/vendor/live/session.json', {cache: 'no-store', headers: {
    'X-Tarot-Teach-Key': localStorage.getItem('tarot_teach.key'),
    'X-Tarot-Teach-Tab': sessionStorage.getItem('tarot_teach.tab')}});
  if (!r.ok) return {error: r.status + ' ' + await r.text()};
  const again = await r.json();
  return {kernel: window.ttLive.kernel, reused: window.ttLive.reused, token: again.token,
          same: again.kernel === window.ttLive.kernel};
}"""


def _session(page) -> dict:
    found = page.evaluate(SESSION_JS)
    assert found.get("same"), found
    return found


def _kernels(base: str, token: str) -> "set[str]":
    request = urllib.request.Request(base + "jupyter/api/kernels",
                                     headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return {kernel["id"] for kernel in json.load(reply)}


def test_normal_use_of_the_local_server_prints_no_traceback(built_book, tmp_path):  # noqa: F811
    """Answer exercises, reload, lose the server and reconnect, close pages, ask for odd
    addresses, stop the server: its terminal shows no traceback and no secret."""
    port, outputs = free_port(), [tmp_path / "terminal-1.txt", tmp_path / "terminal-2.txt"]
    base = f"http://127.0.0.1:{port}/"
    process, opened = _start_tutorial(port, tmp_path, outputs[0])
    try:
        with borrowed_browser() as browser:
            context = browser.new_context()
            opening = context.new_page()
            take_key(opening, opened, base)
            assert "key" not in opening.url
            sessions = []
            page = context.new_page()

            # One kernel per tab: a reload gets the same kernel back.
            page.goto(base + "book/07-tricks.html")
            _live(page)
            sessions.append(_session(page))
            page.reload()
            _live(page)
            sessions.append(_session(page))
            assert len(sessions) == 2 and sessions[1]["kernel"] == sessions[0]["kernel"]
            assert sessions[1]["reused"] and not sessions[0]["reused"]

            # The server stops: the page says so; Reconnect says it is still away...
            _stop(process)
            notice = page.locator(".tt-live-lost")
            notice.wait_for(timeout=30_000)
            assert "connection" in notice.inner_text()
            assert page.evaluate("window.ttLive.status") == "disconnected"
            page.locator(".tt-live-reconnect").click()
            page.wait_for_function("document.querySelector('.tt-live-lost').textContent"
                                   ".includes('Still no connection')", timeout=30_000)
            # ...and once tarot-teach runs again (with a new key, which the browser it
            # opens takes), brings the exercises back.
            process, reopened = _start_tutorial(port, tmp_path, outputs[1])
            assert page.evaluate("window.ttLive.status") == "disconnected"
            take_key(context.new_page(), reopened, base)
            page.locator(".tt-live-reconnect").click()
            page.wait_for_function(
                "document.documentElement.dataset.ttLive === 'ready' && "
                "!document.querySelector('.tt-live-lost')", timeout=60_000)
            sessions.append(_session(page))
            assert sessions[-1]["kernel"] != sessions[0]["kernel"]

            # Answering exercises on other pages (pages opened and closed).
            for name in exercise_pages(app_build.html_dir(ROOT))[:2]:
                result = exercise_page(context, base + name + ".html", 60_000)
                assert not result["problems"], result["problems"]
            for odd in ("%00", "a%00b.html", "no-such-page.html", "book/%00"):
                context.new_page().goto(base + odd)
            page.close()
        # Closed pages: their kernels go within seconds (no page connected to them).
        token = sessions[-1]["token"]
        deadline = time.time() + app_kernels.ORPHAN_SECONDS + 30
        while _kernels(base, token) & {s["kernel"] for s in sessions} and time.time() < deadline:
            time.sleep(1)
        assert not _kernels(base, token) & {s["kernel"] for s in sessions}
    finally:
        _stop(process)
    terminal = "".join(output.read_text(encoding="utf-8", errors="replace") for output in outputs)
    assert "Traceback" not in terminal, terminal
    # Each start's key is printed for the learner (once) and in no log line; nor the token.
    keys = [address.split("#key=", 1)[1] for address in (opened, reopened)]
    assert keys[0] != keys[1] and [terminal.count(key) for key in keys] == [1, 1], terminal
    assert not any(s["token"] in terminal for s in sessions)


RECORDER = """#!/bin/sh
printf '%s\n' "$0" "$@" > "$(dirname "$0")/command-line"
"""
# Every address the site's service worker keeps a copy under.
CACHED_JS = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) found.push(request.url);
  }
  return found;
}"""


def test_the_browser_is_opened_without_the_key_and_the_opener_is_never_cached(
        built_book, tmp_path):  # noqa: F811
    """Issue 27, items 1 and 7. `tarot-teach` opens the learner's browser (here a program
    recording its command line, which any local user can read with ps) on an address with
    neither the key nor a code; that address, opened in Chromium, lets the browser run the
    exercises, once. The site's service worker keeps no copy of the opener (nor of any
    address with a fragment), and the opener leaves the progress alone."""
    recorder = tmp_path / "browser"
    recorder.write_text(RECORDER)
    recorder.chmod(0o700)
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    process, printed = _start_tutorial(port, tmp_path, tmp_path / "terminal.txt", recorder)
    try:
        command_line = tmp_path / "command-line"
        deadline = time.time() + 30
        while not command_line.is_file() and time.time() < deadline:
            time.sleep(0.2)
        command = command_line.read_text()
        key = printed.split("#key=", 1)[1]
        assert key not in command and "key=" not in command and "code=" not in command
        address = command.split()[1]
        assert address.startswith("file:///"), command
        with borrowed_browser() as browser:
            context = browser.new_context()
            first = context.new_page()
            first.goto(address)  # what the browser tarot-teach started does
            first.wait_for_url(base + "book/01-welcome.html")
            assert first.evaluate("localStorage.getItem('tarot_teach.key')") == key
            progress = '{"version": 1, "solved": {"kept": "2026-11-30T10:00:00Z"}}'
            first.evaluate("p => localStorage.setItem('tarot_teach.progress', p)", progress)
            # The same address again: its code is used up.
            again = context.new_page()
            again.goto(address)
            again.wait_for_function("document.body.textContent.includes('used already')")
            assert again.url == base + app_keys.OPEN_PATH.lstrip("/")
            # The address printed in the terminal, now through the service worker.
            assert first.evaluate("!!navigator.serviceWorker.controller")
            third = context.new_page()
            third.goto(printed)
            third.wait_for_url(base + "book/01-welcome.html")
            third.goto(base + "book/07-tricks.html")
            _live(third)
            # (the worker keeps its copies in the background: until it has some, 30 s at most)
            cached = third.evaluate(f"""async vendor => {{
              const end = Date.now() + 30000;
              let cached = await ({CACHED_JS})();
              while (!cached.some(url => url.startsWith(vendor)) && Date.now() < end) {{
                await new Promise(wake => setTimeout(wake, 100));
                cached = await ({CACHED_JS})();
              }}
              return cached;
            }}""", base + "_static/vendor/")
            assert any(url.startswith(base + "_static/vendor/") for url in cached), cached
            leaked = [url for url in cached if "/vendor/live/" in url or "#" in url
                      or key in url or "code=" in url]
            assert not leaked, leaked
            assert third.evaluate("localStorage.getItem('tarot_teach.progress')") == progress
    finally:
        _stop(process)


@pytest.fixture(scope="module")
def tutorial(built_book, tmp_path_factory):  # noqa: F811
    """The tutorial started as a learner does, for the module's tests: (base URL, the
    address it opened with its key). Its terminal shows no traceback once it is stopped."""
    folder = tmp_path_factory.mktemp("tutorial")
    port = free_port()
    process, opened = _start_tutorial(port, folder, folder / "terminal.txt")
    try:
        yield f"http://127.0.0.1:{port}/", opened
    finally:
        _stop(process)
    assert "Traceback" not in (folder / "terminal.txt").read_text()


@contextlib.contextmanager
def _live_page(tutorial, path: str):
    """``path`` of the running ``tutorial`` open and live in a fresh browser context: the page."""
    base, opened = tutorial
    with borrowed_browser() as browser:
        page = browser.new_context().new_page()
        take_key(page, opened, base)
        page.goto(base + path)
        _live(page)
        yield page


def test_pasting_more_than_10_mib_shows_the_lost_connection_and_reconnect_works(tutorial):
    """The server closes a WebSocket carrying a message over 10 MiB: the page says so and
    Reconnect brings the same kernel back (nothing else lost)."""
    with _live_page(tutorial, "book/10-three-players.html") as page:
        kernel = page.evaluate("window.ttLive.kernel")
        box = page.locator(".tt-live .tt-exercise input[type=text]").first
        box.evaluate("""(el, size) => {
            el.value = "7".repeat(size);
            el.dispatchEvent(new Event("input", {bubbles: true}));
            el.dispatchEvent(new Event("change", {bubbles: true}));
        }""", 11 * 1024 * 1024)
        page.locator(".tt-live-lost").wait_for(timeout=30_000)
        assert "connection" in page.locator(".tt-live-lost").inner_text()
        page.wait_for_timeout(2000)
        assert page.evaluate("window.ttLive.status") == "disconnected"
        page.locator(".tt-live-reconnect").click()
        page.wait_for_function("!document.querySelector('.tt-live-lost')", timeout=30_000)
        assert page.evaluate("window.ttLive.status") == "ready"
        # The same kernel, on the same page (not reloaded with a new one).
        assert page.evaluate("window.ttLive.reconnected") == 1
        assert page.evaluate("window.ttLive.kernel") == kernel


def test_a_lone_surrogate_typed_in_an_answer_box_keeps_the_connection(tutorial):
    """Issue 27: half of a surrogate pair in a box (which UTF-8 cannot encode) made the
    server drop the page's connection and print two tracebacks; the page now sends U+FFFD
    in its place and the exercise goes on answering."""
    with _live_page(tutorial, "book/10-three-players.html") as page:
        box = page.locator(".tt-live .tt-exercise input[type=text]").first
        sent = page.evaluate("window.ttLive.sent")
        box.evaluate("""el => {
            el.value = "7\\ud800 \\udc00";
            el.dispatchEvent(new Event("input", {bubbles: true}));
            el.dispatchEvent(new Event("change", {bubbles: true}));
        }""")
        page.wait_for_function(f"window.ttLive.sent > {sent} && window.ttLive.pending === 0",
                               timeout=30_000)
        # A request answered after it: the connection is still there.
        assert page.evaluate("window.ttLive.execute('print(6 * 7)')") == "42\n"
        assert page.evaluate("window.ttLive.status") == "ready"
        assert page.locator(".tt-live-lost").count() == 0


# ----------------------------------------------------------- static mode: several tabs


def test_static_progress_merges_the_saves_of_several_tabs(built_book):  # noqa: F811
    """Tab 1 is live; tab 2 saves a solve (as its page would); tab 1 then saves: both kept.
    A damaged stored value is set aside under a new name, with a notice: by a page that
    starts with it, and by an open page that hears another tab store it."""
    with serving(built_book) as base, borrowed_browser() as browser:
        context = browser.new_context()
        seed = context.new_page()
        seed.goto(base + "search.html")  # a page of the site without exercises
        seed.evaluate("localStorage.setItem('tarot_teach.progress', JSON.stringify("
                      "{version: 1, solved: {'solved-before': '2026-11-01T10:00:00'}}))")
        first = context.new_page()
        first.goto(base + "book/07-tricks.html")
        _live(first, timeout=120_000)
        # Another tab saves a solve while the first is open.
        seed.evaluate("""() => {
            const data = JSON.parse(localStorage.getItem('tarot_teach.progress'));
            data.solved['solved-in-tab-2'] = '2026-11-30T10:00:00';
            localStorage.setItem('tarot_teach.progress', JSON.stringify(data));
        }""")
        # The first tab's learner clicks in an exercise (its page saves).
        exercise = first.locator(".tt-live .tt-exercise").first
        sent = first.evaluate("window.ttLive.sent")
        exercise.locator(".tt-check").click()
        first.wait_for_function("n => window.ttLive.sent > n + 1 && window.ttLive.pending"
                                " === 0", arg=sent, timeout=30_000)
        first.wait_for_timeout(500)
        stored = json.loads(first.evaluate("localStorage.getItem('tarot_teach.progress')"))
        assert {"solved-before", "solved-in-tab-2"} <= set(stored["solved"]), stored

        # A damaged value: set aside (kept), a notice on the next page, a fresh start.
        first.close()  # (an open page would hear of it first: see below)
        seed.evaluate("localStorage.setItem('tarot_teach.progress', '{not json')")
        third = context.new_page()
        third.goto(base + "book/07-tricks.html")
        _live(third, timeout=120_000)
        assert "damaged" in third.locator(".tt-live-notice").first.inner_text()
        kept = """Object.keys(localStorage).filter(
            k => k.startsWith('tarot_teach.progress.damaged-')).map(
            k => localStorage.getItem(k)).sort()"""
        assert third.evaluate(kept) == ["{not json"]

        # Another tab stores a damaged value while this page is open: it is set aside at
        # once, with a notice here, and the progress this page holds stored in its place.
        seed.evaluate("localStorage.setItem('tarot_teach.progress', '{not json either')")
        third.wait_for_function(f"({kept}).length === 2", timeout=30_000)
        assert third.evaluate(kept) == ["{not json", "{not json either"]
        assert third.locator(".tt-live-notice", has_text="damaged").count() == 2
        text = third.evaluate("localStorage.getItem('tarot_teach.progress')")
        assert text is None or "solved-in-tab-2" not in json.loads(text)["solved"], text
