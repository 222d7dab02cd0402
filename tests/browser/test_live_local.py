"""Live exercises, local mode: `tarot-teach` serves the book and a Jupyter server on 127.0.0.1;
every chapter page's exercises answer from a real kernel, in Chromium, offline.

For each page with exercises: load it, wait until live.js has swapped in live widgets, then
answer exercises (clicking cards, choosing options, typing numbers read from the page's
own solution) until one was judged right (✔) and one wrong (✘). No console error, no request
to another host. The times (page load -> first feedback, later clicks) are printed
(run with -s to see them); they are measurements, not assertions.

The helpers here are shared with tests/browser/test_live_static.py (the JupyterLite mode).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from axe_check import CUT_LABELS_JS
from browser_session import (  # noqa: F401 (launch, close_page: used by other tests)
    CHROMIUM, CHROMIUM_ARGS, close_page, fresh_context, launch)

ROOT = Path(__file__).resolve().parents[2]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def exercise_pages(html_dir: Path) -> list[str]:
    """Pages (e.g. 'book/07-tricks') with exercises (a Check button or a guided hand)."""
    pages = []
    for path in sorted((html_dir / "book").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        if (WIDGET_VIEW in text and 'id="tt-live-cells"' in text
                and ('"tt-check"' in text or '"tt-guided"' in text)):
            pages.append(f"book/{path.stem}")
    return pages


# ------------------------------------------------------------------------------ browser


def take_key(page, opened: str, base: str) -> None:
    """Open ``opened``, the key address `tarot-teach` prints, in ``page`` as a learner's
    browser does: the server remembers this browser and sends it to the book's index, which
    goes on to the first chapter by itself (once its service worker is in). Returns when
    that last navigation is done: a page closed or sent elsewhere while a navigation
    commits can hang Chromium (see :func:`close_page`)."""
    page.goto(opened)
    page.wait_for_url(base)
    page.wait_for_url(base + "book/01-welcome.html")


CANDIDATES_JS = r"""
(i) => {
  const ex = document.querySelectorAll('.tt-live .tt-exercise')[i];
  const count = (sel) => ex.querySelectorAll(sel).length;
  // Numbers of this exercise's solution (the static output of the next solution block).
  let numbers = [];
  let node = ex.closest('.cell');
  while (node && !(node.classList && node.classList.contains('solution'))) {
    node = node.nextElementSibling;
  }
  if (node) {
    const text = node.textContent;
    const codes = text.match(/\b(?:10|[1-9JCQKA])[SHDC]\b|\bT\d{1,2}\b|\bEX\b/g) || [];
    const found = text.match(/-?\d+(?:[.,]\d+)?/g) || [];
    numbers = [...new Set(codes.concat(found))].slice(0, 16);
  }
  return {
    cards: count('.tt-card'),
    toggles: count('.widget-toggle-button:not(.tt-card)'),
    radios: count('input[type=radio]'),
    selects: [...ex.querySelectorAll('select')].map(s => s.options.length),
    // Only boxes on screen (an exercise may keep some hidden until they are needed).
    texts: [...ex.querySelectorAll('input[type=text], input[type=number], textarea')]
      .filter(box => box.offsetParent !== null).length,
    numbers,
  };
}
"""


def _actions(info: dict) -> list[tuple]:
    """Answers to try, simplest first: one card, one option, one number in every box."""
    actions: list[tuple] = []
    actions += [("option", "select", j, k) for j, n in enumerate(info["selects"]) for k in range(n)]
    actions += [("option", "toggle", 0, k) for k in range(info["toggles"])]
    actions += [("option", "radio", 0, k) for k in range(info["radios"])]
    if info["texts"]:
        numbers = info["numbers"] or ["0"]
        actions += [("text", [value] * info["texts"]) for value in numbers]
        if info["texts"] > 1 and len(numbers) >= info["texts"]:
            actions += [("text", numbers[start:start + info["texts"]])
                        for start in range(len(numbers) - info["texts"] + 1)]
    actions += [("card", k) for k in range(info["cards"])]
    return actions


def _do(ex, action) -> None:
    kind = action[0]
    if kind == "option":
        _, what, j, k = action
        if what == "select":
            select = ex.locator("select").nth(j)
            select.select_option(index=k)
        elif what == "toggle":
            ex.locator(".widget-toggle-button:not(.tt-card)").nth(k).click()
        else:
            # The label, as a learner clicks it (long labels overlap the next round button).
            ex.locator("input[type=radio]").nth(k).locator("xpath=..").click()
    elif kind == "text":
        boxes = ex.locator("input[type=text], input[type=number], textarea").locator(
            "visible=true")
        for j, value in enumerate(action[1]):
            boxes.nth(j).fill(str(value))
    elif kind == "card":
        ex.locator(".tt-card").nth(action[1]).click()


def _undo(ex, action) -> None:
    if action[0] == "card":
        card = ex.locator(".tt-card").nth(action[1])
        if "mod-active" in (card.get_attribute("class") or ""):
            card.click()


def wait_idle(page, sent_before: int, timeout: float = 10_000) -> None:
    """Until the kernel has answered everything sent since ``sent_before`` (and more was sent)."""
    page.wait_for_function(
        "n => window.ttLive.sent > n && window.ttLive.pending === 0", arg=sent_before,
        timeout=timeout)


def check(page, ex) -> "tuple[str, float]":
    """Click Check; return the feedback text and the milliseconds it took."""
    sent = page.evaluate("window.ttLive.sent")
    started = page.evaluate("performance.now()")
    ex.locator(".tt-check").click()
    wait_idle(page, sent)
    text = ex.locator(".tt-feedback").inner_text().strip()
    return text, page.evaluate("performance.now()") - started


def watch_errors(page, problems: list) -> None:
    """The errors of ``page`` (JavaScript, console, HTTP) go to ``problems``."""
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console error: {m.text}")
            if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"HTTP {r.status} {r.url}")
            if r.status >= 400 else None)


def _watched_page(context, problems: list):
    """A new tab of ``context`` whose errors go to ``problems`` (:func:`watch_errors`)."""
    page = context.new_page()
    watch_errors(page, problems)
    return page


def keep_static(page) -> None:
    """``page`` keeps the widgets saved at build time: session.json answers "static", so
    live.js asks for no kernel and starts no Python."""
    page.route("**/_static/vendor/live/session.json*",
               lambda r: r.fulfill(status=200, content_type="application/json",
                                   body='{"mode": "static"}'))


FIRST_TRIES = 4  # answers tried in each exercise of a page before more in any
LIVE_OR_FAILED_JS = "() => ['ready', 'failed'].includes(document.documentElement?.dataset.ttLive)"
# (no documentElement yet just after "commit")
FOLLOWED_JS = """n => window.ttLive && window.ttLive.pageName === n
  && (window.ttLive.readyPage === n && window.ttLive.status === 'ready'
      || window.ttLive.status === 'failed')"""
FOLLOW_JS = """href => {
  const link = document.createElement('a');
  link.href = href;
  link.textContent = 'next page';
  (document.querySelector('article') || document.body).appendChild(link);
  link.click();  // (nav.js follows it inside the page, as a learner's click on a link)
}"""


def exercise_page(context, url: str, live_timeout: float = 30_000) -> dict:
    """Open one page in a new tab, wait for live widgets, answer until one right and one
    wrong (see :func:`exercise`); the tab is closed after."""
    problems: list[str] = []
    page = _watched_page(context, problems)
    page.goto(url, wait_until="commit")
    result = exercise(page, problems, LIVE_OR_FAILED_JS, None, live_timeout)
    close_page(page)
    return result


def exercise_followed(page, problems: list, url: str, name: str,
                      live_timeout: float = 30_000) -> dict:
    """Follow a link to ``url`` (page ``name``, e.g. 'book/07-tricks') inside ``page`` as a
    learner does (nav.js swaps the page; its cells run in the Python already there), then
    :func:`exercise` it."""
    page.evaluate(FOLLOW_JS, url)
    return exercise(page, problems, FOLLOWED_JS, name, live_timeout)


def exercise(page, problems: list, ready_js: str, ready_arg, live_timeout: float) -> dict:
    """Wait until ``ready_js`` (with ``ready_arg``) holds: the page's widgets are live (or
    failed); then answer its exercises until one right and one wrong. Problems found are
    added to ``problems`` (also the result's)."""
    try:
        page.wait_for_function(ready_js, arg=ready_arg, timeout=live_timeout)
    except Exception as error:  # (Playwright's TimeoutError): say which page, go on
        problems.append(f"live widgets not ready after {live_timeout / 1000:.0f} s: "
                        f"{str(error).splitlines()[0]}; "
                        f"status {page.evaluate('window.ttLive && window.ttLive.status')!r}")
        return {"problems": problems, "live": {}, "right": None, "wrong": None,
                "first_feedback_ms": None, "clicks_ms": []}
    live = page.evaluate("window.ttLive")
    result = {"problems": problems, "live": live, "right": None, "wrong": None,
              "first_feedback_ms": None, "clicks_ms": []}
    if live["status"] != "ready":
        problems.append(f"live widgets not ready: {live}")
        return result
    n_live = page.locator(".tt-live .tt-exercise").count()
    n_static = page.locator(".widget-subarea:not(.tt-live)").count()
    if n_static:
        problems.append(f"{n_static} static widget views left beside the live ones")
    problems += [f"a label does not fit its button: {cut}"
                 for cut in page.evaluate(CUT_LABELS_JS)]
    tries = {}  # exercise -> the answers to try (CANDIDATES_JS, _actions), at most 30
    for i in range(n_live):
        if page.locator(".tt-live .tt-exercise").nth(i).locator(".tt-check").count():
            tries[i] = _actions(page.evaluate(CANDIDATES_JS, i))[:30]
    # A few answers in each exercise first, then the rest: an exercise whose right answer
    # is hard to guess does not hold up the page while the next one is easy.
    rounds = [(i, action) for cut in (slice(0, FIRST_TRIES), slice(FIRST_TRIES, None))
              for i, actions in tries.items() for action in actions[cut]]
    for i, action in rounds:
        ex = page.locator(".tt-live .tt-exercise").nth(i)
        _do(ex, action)
        text, ms = check(page, ex)
        if result["first_feedback_ms"] is None:
            result["first_feedback_ms"] = page.evaluate("performance.now()")
        else:
            result["clicks_ms"].append(ms)
        _undo(ex, action)
        if text.startswith("✔") and result["right"] is None:
            result["right"] = (i, action, text)
        elif text.startswith("✘") and result["wrong"] is None:
            result["wrong"] = (i, action, text)
        if "Traceback" in text or "could not be checked" in text:
            problems.append(f"exercise {i}: {text}")
        if result["right"] and result["wrong"]:
            break
    if not (result["right"] and result["wrong"]) and page.locator(".tt-live .tt-guided").count():
        _guided_hand(page, result)
    if result["right"] is None:
        problems.append("no exercise could be answered right")
    if result["wrong"] is None:
        problems.append("no exercise could be answered wrong")
    escaped = _typed_text_is_escaped(page)
    if escaped is not None:
        problems.append(escaped)
    return result


def _click_and_wait(page, locator) -> "tuple[float, float]":
    sent = page.evaluate("window.ttLive.sent")
    started = page.evaluate("performance.now()")
    locator.click()
    wait_idle(page, sent)
    now = page.evaluate("performance.now()")
    return now - started, now


def _guided_hand(page, result: dict) -> None:
    """A guided hand (no Check button): Play on to the first question (the bid), then try
    the choice buttons: a wrong bid moves the hand on, so step Back and try the next."""
    guided = page.locator(".tt-live .tt-guided").first
    feedback = guided.locator(".tt-feedback").first  # (a review box may hold another)
    play_on = guided.locator(".tt-play-on")
    ms, now = _click_and_wait(page, play_on)
    result["first_feedback_ms"] = result["first_feedback_ms"] or now
    choices = guided.locator(".tt-choice")
    if not choices.count():
        return
    for k in range(choices.count()):
        ms, _ = _click_and_wait(page, choices.nth(k))
        result["clicks_ms"].append(ms)
        text = feedback.inner_text().strip()
        if text.startswith("✘") and result["wrong"] is None:
            result["wrong"] = ("guided", k, text)
            ms, _ = _click_and_wait(page, guided.locator(".tt-back"))  # ask the bid again
            result["clicks_ms"].append(ms)
        if text.startswith("✔"):
            result["right"] = result["right"] or ("guided", k, text)
        if result["right"] and result["wrong"]:
            return


def _typed_text_is_escaped(page) -> "str | None":
    """Type markup into the first text box of the page: it must come back as text."""
    exercises = page.locator(".tt-live .tt-exercise")
    for i in range(exercises.count()):
        ex = exercises.nth(i)
        boxes = ex.locator("input[type=text]").locator("visible=true")  # boxes on screen
        if boxes.count() and ex.locator(".tt-check").count():
            break
    else:
        return None
    boxes.first.fill('<img src=x onerror="window.ttPwned=1"><b id="tt-injected">x</b>')
    check(page, ex)
    if page.evaluate("!!window.ttPwned || !!document.getElementById('tt-injected')"):
        return "text typed by the learner was rendered as HTML"
    return None


def keep_on_this_machine(context, outside: list) -> None:
    """Abort every request of ``context`` to another host, listing it in ``outside``."""
    def route(r):
        if r.request.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:")):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)


def run_pages(base: str, pages: list[str], label: str, live_timeout: float = 30_000,
              first_url: "str | None" = None) -> None:
    """Drive every page as one learner's visit: the first page is opened, each next one is
    reached by a link inside the same tab (one Python for the whole visit, as nav.js keeps
    it); print the times; fail with every problem found.

    ``first_url``: the address `tarot-teach` opens (it gives this browser its key)."""
    report: list[str] = []
    rows: list[str] = []
    with fresh_context() as context:
        outside: list[str] = []
        keep_on_this_machine(context, outside)
        if first_url:
            opening = context.new_page()
            take_key(opening, first_url, base)  # (kept by the browser, not in the URL)
            close_page(opening)
        problems: list[str] = []
        page = _watched_page(context, problems)
        for number, name in enumerate(pages):
            problems.clear()
            outside.clear()
            started = page.evaluate("performance.now()") if number else 0
            if number == 0:
                page.goto(base + name + ".html", wait_until="commit")
                result = exercise(page, problems, LIVE_OR_FAILED_JS, None, live_timeout)
            else:
                result = exercise_followed(page, problems, base + name + ".html", name,
                                           live_timeout)
            report += [f"{name}: {p}" for p in problems]
            report += [f"{name}: request to another host: {u}" for u in outside]
            clicks = result["clicks_ms"]
            first = result["first_feedback_ms"]
            rows.append(
                f"  {name:28s} {'opened' if number == 0 else 'followed'}: first answer "
                f"{first - started if first else -1:6.0f} ms   later clicks "
                + (f"median {sorted(clicks)[len(clicks) // 2]:4.0f} max {max(clicks):4.0f} ms"
                   f" ({len(clicks)})" if clicks else "-"))
        swaps, loads = page.evaluate("[window.ttNav.swaps, window.ttNav.fullLoads]")
        rows.append(f"  {swaps} pages followed inside the tab, {loads} loaded whole")
        if swaps < len(pages) - 1:
            report.append(f"only {swaps} of {len(pages) - 1} links were followed inside "
                          "the page (nav.js loaded the others whole)")
        close_page(page)
    print(f"\n[{label}] one visit, page after page (times from the page's opening or the "
          "link's click):\n" + "\n".join(rows))
    assert not report, "\n".join(report)


# ------------------------------------------------------------------------------ the test


SERVER_LOGS: "dict[str, Path]" = {}  # base URL -> the folder of the tarot-teach serving it


def server_log(folder: Path, port: int) -> str:
    """What the `tarot-teach` of :func:`running_tarot_teach` (``folder``, ``port``) printed
    (``terminal.log``), then its server's log (its kernels' warnings too)."""
    text = ""
    for name in ("terminal.log", f"server-{port}.log"):
        try:
            text += (folder / name).read_text(encoding="utf-8", errors="replace")
        except OSError:
            pass
    return text


def server_log_tail(base: str, lines: int = 40) -> str:
    """The last ``lines`` of :func:`server_log` for the `tarot-teach` serving ``base``, to
    explain a failure; "" when there is none."""
    if base not in SERVER_LOGS:
        return ""
    text = server_log(SERVER_LOGS[base], int(base.rstrip("/").rsplit(":", 1)[1]))
    return "tarot-teach printed, last lines:\n" + "\n".join(text.splitlines()[-lines:])


@contextlib.contextmanager
def running_tarot_teach(progress_dir: Path, environment: "dict | None" = None):
    """`tarot-teach --no-build --no-browser --port N` as a learner runs it, its progress in
    ``progress_dir``; yields (base URL, port, the address it opens with its key); stopped
    after. What it prints goes to ``progress_dir / "terminal.log"``, its server's log is
    beside it (see :func:`server_log`)."""
    port = free_port()
    env = dict(os.environ, TAROT_TEACH_PROGRESS=str(progress_dir / "p.json"),
               TAROT_TEACH_NO_BROWSER="1", **(environment or {}))
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tarot_teach.cli", "--no-build", "--no-browser",
         "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 60
        opened = None
        seen = []
        while opened is None:  # the address tarot-teach prints (and would open)
            line = proc.stdout.readline()
            seen.append(line)
            found = re.search(r"(http://127\.0\.0\.1:\d+/\S*#key=\S+)", line)
            if found:
                opened = found.group(1)
            elif (not line and proc.poll() is not None) or time.time() > deadline:
                raise RuntimeError("tarot-teach did not start:\n" + "".join(seen))
        def keep_log() -> None:  # (in the test's folder: pytest keeps the last three runs')
            with open(progress_dir / "terminal.log", "w", encoding="utf-8") as log:
                log.writelines(seen)
                for line in proc.stdout:
                    log.write(line)
                    log.flush()

        threading.Thread(target=keep_log, daemon=True).start()
        SERVER_LOGS[base] = progress_dir
        yield base, port, opened
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def tarot_teach_server(built_book, tmp_path_factory):
    """`tarot-teach` serving the built book (see running_tarot_teach)."""
    with running_tarot_teach(tmp_path_factory.mktemp("p")) as server:
        yield server


def test_every_exercise_page_is_live_with_a_local_kernel(built_book, tarot_teach_server):
    base, _, opened = tarot_teach_server
    pages = exercise_pages(built_book)
    assert len(pages) >= 10, pages
    run_pages(base, pages, "local kernel", first_url=opened)


def test_kernel_endpoints_need_the_token(tarot_teach_server):
    base, port, opened = tarot_teach_server
    for path, method in [("jupyter/api/kernels", "GET"), ("jupyter/api/kernels", "POST"),
                         ("jupyter/api/sessions", "GET"), ("jupyter/api/contents", "GET")]:
        request = urllib.request.Request(base + path, method=method, data=b"{}"
                                         if method == "POST" else None)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code in (401, 403), (path, method, refused.value.code)
    # The token is only handed to same-origin pages on a loopback Host (no DNS rebinding).
    for headers in ({"Host": f"attacker.example:{port}"}, {"Origin": "http://attacker.example"},
                    {"Sec-Fetch-Site": "cross-site"}):
        request = urllib.request.Request(base + "_static/vendor/live/session.json",
                                         headers=headers)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 403, headers
    # Same-origin headers are easy to forge for a local process: without the key (kept by
    # the browser tarot-teach opened) there is no token either.
    request = urllib.request.Request(base + "_static/vendor/live/session.json",
                                     headers={"Sec-Fetch-Site": "same-origin"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403
    # The address tarot-teach opens gives the browser the key; with it the page gets the token...
    key = opened.split("#key=", 1)[1]
    request = urllib.request.Request(base + "_static/vendor/live/session.json",
                                     headers={"X-Tarot-Teach-Key": key,
                                              "X-Tarot-Teach-Tab": "test-tab-1",
                                              "Sec-Fetch-Site": "same-origin"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        import json

        token = json.load(reply)["token"]
    # ...and with the token, the kernel API answers.
    request = urllib.request.Request(base + "jupyter/api/kernels",
                                     headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=5) as reply:
        assert reply.status == 200


def test_the_server_is_not_reachable_from_another_address(tarot_teach_server):
    _, port, _ = tarot_teach_server
    addresses = set()
    try:
        addresses.add(socket.gethostbyname(socket.gethostname()))
    except OSError:
        pass
    for address in addresses - {"127.0.0.1"}:
        if address.startswith("127."):
            continue
        with socket.socket() as probe:
            probe.settimeout(1)
            assert probe.connect_ex((address, port)) != 0, address


def test_a_browser_without_the_key_is_told_how_to_start(tarot_teach_server):
    from live_page import chromium_context  # (live_page imports this module)

    base, _, _ = tarot_teach_server
    with chromium_context() as context:
        page = context.new_page()
        page.goto(base + "book/07-tricks.html")
        page.wait_for_function("document.documentElement?.dataset.ttLive === 'static'",
                               timeout=30_000)
        assert "tarot-teach command" in page.locator(".tt-live-notice").inner_text()


WIDGET_COUNTS_JS = """
() => [...document.querySelectorAll('[class*="tt-cell-"]')].map(cell => [
  cell.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length,
  cell.querySelectorAll('.widget-subarea.tt-live').length,
  cell.querySelectorAll('.widget-subarea:not(.tt-live)').length,
]).filter(([tags]) => tags > 0)
"""


def assert_each_view_live_once(page, context=None) -> None:
    """Every widget view of the page is drawn live once, and no saved view is left."""
    counts = page.evaluate(WIDGET_COUNTS_JS)
    assert counts and all(live == tags and left == 0 for tags, live, left in counts), (
        context, counts)


def open_ready(context, server, page_name: str, errors: "list | None" = None):
    """A new tab of ``context`` on ``page_name`` (e.g. "book/07-tricks") of ``server``,
    after its key address was opened, once the page is live; its JavaScript errors go to
    ``errors``."""
    base, _, opened = server
    take_key(context.new_page(), opened, base)
    page = context.new_page()
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + page_name + ".html")
    page.wait_for_function("window.ttLive && window.ttLive.status === 'ready'",
                           timeout=60_000)
    return page


def test_widgets_are_drawn_once_on_a_page_opened_and_on_the_next_one(tarot_teach_server):
    """Local mode: each widget view is drawn live once (the saved one it replaces is gone),
    on the page opened and after a link is followed."""
    from live_page import chromium_context  # (live_page imports this module)

    outside: list[str] = []
    errors: list[str] = []
    with chromium_context(outside) as context:
        page = open_ready(context, tarot_teach_server, "book/07-tricks", errors)
        # The page ran its cells itself (the server runs no code in a kernel, issue 31).
        times = page.evaluate("window.ttLive.times")
        assert "cellsSent" in times and "ranAhead" not in times, times
        for name in ("book/07-tricks", "book/08-excuse"):
            if name != "book/07-tricks":
                page.locator("a.right-next").first.click()
                page.wait_for_function(
                    "n => window.ttLive.readyPage === n && window.ttLive.status === 'ready'",
                    arg=name, timeout=60_000)
                page.wait_for_timeout(500)  # (a static view drawn late would show by now)
            assert_each_view_live_once(page, name)
        # A reload keeps the tab's kernel: the page closes the old widgets, runs its cells
        # again, and every widget is drawn live once.
        kernel = page.evaluate("window.ttLive.kernel")
        page.reload()
        page.wait_for_function("window.ttLive && window.ttLive.status === 'ready'",
                               timeout=60_000)
        assert page.evaluate("[window.ttLive.kernel, window.ttLive.reused]") == [kernel, True]
        assert "cellsSent" in page.evaluate("window.ttLive.times")
        assert_each_view_live_once(page)
        assert page.locator(".tt-live .tt-check").first.is_visible()
    assert not errors and not outside, (errors, outside)


LATE_REQUEST_JS = """
async ([path, load]) => {
  const headers = {'X-Tarot-Teach-Key': localStorage.getItem('tarot_teach.key'),
                   'X-Tarot-Teach-Tab': sessionStorage.getItem('tarot_teach.tab'),
                   'X-Tarot-Teach-Load': String(load)};
  const method = path === 'release' ? 'POST' : 'GET';
  const reply = await fetch('/_static/vendor/live/' + path, {headers, cache: 'no-store', method});
  return reply.status;
}
"""


def test_a_late_request_of_a_page_the_tab_left_changes_nothing(tarot_teach_server):
    """A page's request may reach the server after the next page's (the learner went on at
    once). That page's session would close the widgets of the page on screen in the tab's
    kernel (its buttons then do nothing): it is refused (409), and its release ignored."""
    from live_page import chromium_context  # (live_page imports this module)

    errors: list[str] = []
    with chromium_context([]) as context:
        # (as if each tab had had four pages before: this one is its fifth)
        context.add_init_script("sessionStorage.setItem('tarot_teach.loads', '4')")
        page = open_ready(context, tarot_teach_server, "book/21-coach", errors)
        load = int(page.evaluate("sessionStorage.getItem('tarot_teach.loads')"))
        assert load == 5
        late = "session.json?page=book/01-welcome"
        assert page.evaluate(LATE_REQUEST_JS, [late, load - 1]) == 409
        assert page.evaluate(LATE_REQUEST_JS, ["release", load - 1]) == 204  # (ignored)
        sent = page.evaluate("window.ttLive.sent")
        page.locator(".tt-live .tt-open-table").click()
        page.locator(".tt-live .tt-table").wait_for(timeout=30_000)
        wait_idle(page, sent)
        assert page.evaluate("window.ttLive.status") == "ready"
        # The page itself is not refused (a reconnection asks again with its own load).
        assert page.evaluate(LATE_REQUEST_JS, ["session.json", load]) == 200
    assert not errors, errors


def test_a_widget_the_kernel_no_longer_has_says_so_next_to_it(tarot_teach_server):
    """A click that goes to a widget the kernel no longer has (its Python side was closed)
    is not left unanswered: ipykernel only writes "No such comm" on the click's stderr, and
    the page then says, next to the exercise, to reload it. (Here the page's clicks are sent
    to a comm id the kernel never had.)"""
    from live_page import chromium_context  # (live_page imports this module)

    errors: list[str] = []
    gone = []  # (once not empty, the page's widget messages name a comm the kernel lacks)

    def misdirect(socket_route):
        server = socket_route.connect_to_server()
        server.on_message(socket_route.send)

        def to_server(message):
            msg = json.loads(message)
            if gone and msg["header"]["msg_type"] == "comm_msg":
                msg["content"]["comm_id"] = "0" * 32
                message = json.dumps(msg)
            server.send(message)
        socket_route.on_message(to_server)

    with chromium_context([]) as context:
        context.route_web_socket(re.compile(r"/api/kernels/[^/]+/channels"), misdirect)
        page = open_ready(context, tarot_teach_server, "book/07-tricks", errors)
        gone.append(True)
        sent = page.evaluate("window.ttLive.sent")
        exercise = page.locator(".tt-live .tt-exercise").first
        exercise.locator(".tt-check").click()
        wait_idle(page, sent)
        notice = page.locator(".tt-live-gone")
        notice.wait_for(timeout=10_000)
        assert "Reload the page" in notice.inner_text()
        assert notice.get_attribute("role") == "alert"
        # next to the exercise clicked: right before its view
        assert page.evaluate("""() => { const n = document.querySelector('.tt-live-gone');
            return n.nextElementSibling.matches('.widget-subarea.tt-live'); }""")
        exercise.locator(".tt-check").click()  # (said once)
        page.wait_for_timeout(500)
        assert notice.count() == 1
        assert page.evaluate("window.ttLive.status") == "ready"
    assert not errors, errors


def test_a_page_stays_connected_while_the_server_pings_it(tmp_path):
    """The kernel's WebSocket is pinged (every half WS_PING_MS, here 2 s) and a page that
    answers stays connected: jupyter_server checked for a pong before its first ping, and
    closed every page's kernel socket 30 s after it opened ("disconnected", clicks lost)."""
    from live_page import chromium_context  # (live_page imports this module)

    with running_tarot_teach(tmp_path, {"TAROT_TEACH_WS_PING_MS": "2000"}) as server, \
            chromium_context() as context:
        page = open_ready(context, server, "book/07-tricks")
        page.wait_for_timeout(5_000)  # two ping timeouts and more (the old bug: at 1 s)
        assert page.evaluate("window.ttLive.status") == "ready"
        sent = page.evaluate("window.ttLive.sent")
        page.locator(".tt-live .tt-check").first.click()
        wait_idle(page, sent)
    log = server_log(tmp_path, server[1])
    assert "ping timeout" not in log and "websocket_ping_timeout" not in log, log


SAVED_VIEWS_DRAWN_JS = """() => {
  window.ttSavedDrawn = 0;  // saved (not live) views added to the page from now on
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
    (node) => { if (node.classList && node.classList.contains('widget-subarea') &&
                    !node.classList.contains('tt-live')) window.ttSavedDrawn += 1; })))
    .observe(document.body, {subtree: true, childList: true});
}"""


def test_a_page_followed_while_python_runs_draws_its_live_views_straight(tarot_teach_server):
    """Local mode, a link followed: the page's saved views are not drawn first (the live
    ones come within a moment, in their place); a cell not live after the grace
    (window.ttLiveFirstGrace, ms) shows its saved view meanwhile, replaced once live."""
    from live_page import chromium_context  # (live_page imports this module)

    outside: list[str] = []
    errors: list[str] = []
    with chromium_context(outside) as context:
        page = open_ready(context, tarot_teach_server, "book/07-tricks", errors)
        for name, grace, saved_drawn in (("book/08-excuse", 60_000, False),
                                         ("book/09-scoring", 1, True)):
            page.evaluate(f"window.ttLiveFirstGrace = {grace}")
            page.evaluate(SAVED_VIEWS_DRAWN_JS)
            page.locator("a.right-next").first.click()
            page.wait_for_function(
                "n => window.ttLive.readyPage === n && window.ttLive.status === 'ready'",
                arg=name, timeout=60_000)
            page.wait_for_timeout(300)  # (a saved view drawn late would show by now)
            assert (page.evaluate("window.ttSavedDrawn") > 0) == saved_drawn, name
            assert_each_view_live_once(page, name)
            assert page.locator(".tt-live .tt-check").first.is_visible()
    assert not errors and not outside, (errors, outside)


def test_a_click_waits_only_behind_two_pieces_of_code_sent_before_it(tarot_teach_server):
    """Local mode: code goes to the kernel two requests at a time (live.js EXECUTE_AHEAD),
    so that a click in a live exercise is not queued behind all of a page's later cells:
    three slow pieces of code are sent, then Check is clicked; it is answered before the
    third one has run."""
    from live_page import chromium_context  # (live_page imports this module)

    with chromium_context() as context:
        page = open_ready(context, tarot_teach_server, "book/07-tricks")
        order = page.evaluate("""async () => {
          const ex = document.querySelector('.tt-live .tt-exercise');
          const feedback = ex.querySelector('.tt-feedback');
          const answered = new Promise((resolve) => new MutationObserver((_, watch) => {
            if (feedback.textContent.trim()) { watch.disconnect(); resolve(performance.now()); }
          }).observe(feedback, {subtree: true, childList: true, characterData: true}));
          const done = [];
          const runs = [0, 1, 2].map((i) => window.ttLive.execute(
            'import time; time.sleep(0.5)').then(() => { done[i] = performance.now(); }));
          ex.querySelector('.tt-check').click();
          const at = await answered;
          await Promise.all(runs);
          return {answered: at, done: done};
        }""")
        assert order["done"][1] < order["answered"] < order["done"][2], order


def test_an_answer_changed_just_before_check_is_the_one_judged(tarot_teach_server):
    """Local mode, the kernel busy (as while a page's cells run): the learner picks a wrong
    option, then the right one, then presses Check at once; the verdict is on the option
    shown chosen. (ipywidgets held a model's second change until the kernel was idle while
    the click went at once, so the first choice was judged: comm.js sendInOrder.)"""
    from live_page import chromium_context  # (live_page imports this module)

    with chromium_context() as context:
        page = open_ready(context, tarot_teach_server, "book/08-excuse")
        ex = page.locator(".tt-live .tt-exercise").filter(
            has=page.locator(".widget-radio-box")).first
        options = [text.strip().rstrip(".").lower()
                   for text in ex.locator(".widget-radio-box label").all_inner_texts()]
        ex.locator(".widget-radio-box input").first.click()
        verdict, _ = check(page, ex)  # (says the right answer, whatever was chosen)
        right = options.index(verdict.splitlines()[0].split(": ", 1)[1].rstrip(".").lower())
        wrong = next(k for k in range(1, len(options)) if k != right)
        sent = page.evaluate("window.ttLive.sent")
        ex.evaluate("""async (ex, [wrong, right]) => {
          const busy = window.ttLive.execute('import time; time.sleep(1)');
          const inputs = ex.querySelectorAll('.widget-radio-box input');
          inputs[wrong].click();
          inputs[right].click();
          ex.querySelector('.tt-check').click();
          await busy;
        }""", [wrong, right])
        wait_idle(page, sent)
        chosen = ex.locator(".widget-radio-box input:checked").locator("xpath=..").inner_text()
        assert chosen.strip().rstrip(".").lower() == options[right]
        assert ex.locator(".tt-feedback").inner_text().startswith("✔"), (
            options, right, ex.locator(".tt-feedback").inner_text())


def test_an_answer_given_while_the_next_question_comes_is_not_taken(tarot_teach_server):
    """Local mode, the kernel busy: New question, then at once an option and Check. The old
    question is still on screen, so that answer must not be judged on the new one: the
    exercise is held (aria-busy) until the kernel has answered New question, and the clicks
    meanwhile are dropped (hold.js). Once the new question is there, an answer is judged."""
    from live_page import chromium_context  # (live_page imports this module)

    with chromium_context() as context:
        page = open_ready(context, tarot_teach_server, "book/08-excuse")
        ex = page.locator(".tt-live .tt-exercise").filter(
            has=page.locator(".widget-radio-box")).first
        sent = page.evaluate("window.ttLive.sent")
        held = ex.evaluate("""async (ex) => {
          const view = ex.closest('.widget-subarea.tt-live');
          const busy = window.ttLive.execute('import time; time.sleep(1)');
          ex.querySelector('.tt-new').click();
          const held = view.getAttribute('aria-busy');
          ex.querySelectorAll('.widget-radio-box input')[1].click();
          ex.querySelector('.tt-check').click();
          await busy;
          return held;
        }""")
        wait_idle(page, sent)
        feedback = ex.locator(".tt-feedback").inner_text()
        assert held == "true" and not re.search("[✔✘]", feedback), (held, feedback)
        page.wait_for_function(  # (released once the kernel has answered)
            "() => !document.querySelector('.widget-subarea.tt-live[aria-busy]')")
        ex.locator(".widget-radio-box input").first.click()
        verdict, _ = check(page, ex)
        assert re.match("[✔✘]", verdict), verdict


def test_a_refused_key_still_shows_the_exercises_as_saved(tarot_teach_server):
    """A browser whose key is refused gets the exercises as saved, and is told how to
    start; so does the next page, followed inside the tab (drawn by live.js there)."""
    from live_page import chromium_context  # (live_page imports this module)

    base, _, _ = tarot_teach_server
    with chromium_context() as context:
        context.add_init_script("localStorage.setItem('tarot_teach.key', 'not-the-key')")
        page = context.new_page()
        page.goto(base + "book/07-tricks.html")
        page.wait_for_function("document.documentElement?.dataset.ttLive === 'static'",
                               timeout=60_000)
        assert "tarot-teach command" in page.locator(".tt-live-notice").inner_text()
        all_drawn = ("() => document.querySelectorAll('.widget-subarea').length >= document"
                     ".querySelectorAll('script[type=\"application/vnd.jupyter.widget-view"
                     "+json\"]').length")
        page.wait_for_function(all_drawn, timeout=60_000)
        page.locator("a.right-next").first.click()
        page.wait_for_function("window.ttNav.swaps === 1 && "
                               "window.ttLive.pageName === 'book/08-excuse'", timeout=60_000)
        page.wait_for_function(all_drawn, timeout=60_000)
        assert page.locator(".widget-subarea .tt-check").count() > 0


# ------------------------------------------- what the browser does before the first answer
MATH_PAGE = "book/09-scoring"  # widgets and math (MathJax)
LOADED_JS = """
() => performance.getEntriesByType('resource').map(e => [new URL(e.name).pathname, e.startTime])
"""


def _loaded(page) -> dict:
    return {path: start for path, start in page.evaluate(LOADED_JS)}


def _first_check_answers(page) -> str:
    sent = page.evaluate("window.ttLive.sent")
    page.locator(".tt-live .tt-check").first.click()
    wait_idle(page, sent)
    return page.locator(".tt-live .tt-exercise").first.locator(".tt-feedback").inner_text()


def test_live_views_replace_the_saved_ones_and_the_math_waits_for_them(tarot_teach_server):
    """Local mode: the live views are drawn in place of the saved ones, once each (the page
    runs its own cells: no server-side run can bring them before the saved ones, issue 31),
    the widget code is the small bundle (not html-manager's embed-amd.js), and MathJax is
    loaded only after the page is live."""
    from live_page import chromium_context  # (live_page imports this module)

    base, _, opened = tarot_teach_server
    outside: list[str] = []
    errors: list[str] = []
    with chromium_context(outside, service_workers="block") as context:
        # However late the run comes, the live views are waited for (no time in the test).
        context.add_init_script("window.ttLiveFirstGrace = 600000;"
                                "window.ttLiveQuietTimeout = 600000;")
        take_key(context.new_page(), opened, base)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + MATH_PAGE + ".html")
        page.wait_for_function("window.ttLive && window.ttLive.status === 'ready'",
                               timeout=60_000)
        times = page.evaluate("window.ttLive.times")
        assert "cellsSent" in times, times
        assert_each_view_live_once(page)
        loaded = _loaded(page)
        assert "/_static/vendor/widgets/bundle/widgets.js" in loaded, sorted(loaded)
        assert "/_static/vendor/widgets/bundle/widgets.css" in loaded, sorted(loaded)
        assert "/_static/vendor/widgets/html-manager/embed-amd.js" not in loaded
        page.wait_for_function("() => performance.getEntriesByType('resource').some("
                               "e => e.name.includes('tex-mml-chtml.js'))", timeout=30_000)
        mathjax = [start for path, start in _loaded(page).items() if "tex-mml-chtml" in path]
        assert mathjax[0] > times["ready"], (mathjax, times)
        assert _first_check_answers(page).strip()
    assert not errors and not outside, (errors, outside)


def test_saved_views_are_drawn_while_the_kernel_is_late_and_an_early_click_is_answered(
        tarot_teach_server):
    """Local mode, the page's kernel held back (its session.json answer): the saved views
    are drawn (after a short wait), a click on one of them is kept, and once the kernel is
    there the live views replace them (each drawn once) and the click is answered."""
    from live_page import chromium_context  # (live_page imports this module)

    base, _, opened = tarot_teach_server
    outside: list[str] = []
    errors: list[str] = []
    held: list = []
    with chromium_context(outside) as context:
        take_key(context.new_page(), opened, base)
        context.route("**/session.json*", lambda route: held.append(route))  # answered below
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "book/07-tricks.html")
        page.wait_for_function(
            "() => window.ttLive && window.ttLive.times.static && document.querySelectorAll("
            "'.widget-subarea').length >= document.querySelectorAll("
            f"'script[type=\"{WIDGET_VIEW}\"]').length", timeout=60_000)
        assert page.evaluate("window.ttLive.status") != "ready" and held
        page.locator(".widget-subarea:not(.tt-live) .tt-check").first.click()
        assert page.evaluate("window.ttLive.queued") == 1
        for route in held:
            route.continue_()
        page.wait_for_function("window.ttLive.status === 'ready' && "
                               "(window.ttLive.replayed || 0) >= 1", timeout=60_000)
        page.wait_for_function("window.ttLive.pending === 0", timeout=60_000)
        times = page.evaluate("window.ttLive.times")
        assert "static" in times and "direct" not in times, times
        assert_each_view_live_once(page)
        feedback = page.locator(".tt-live .tt-exercise").first.locator(".tt-feedback")
        assert feedback.inner_text().strip(), "the early click was not answered"
    assert not errors and not outside, (errors, outside)


def test_without_the_bundle_the_pages_fall_back_on_html_managers_embed_amd(tarot_teach_server):
    """If bundle/widgets.js cannot be loaded, embed-amd.js (the same modules) is, and the
    exercises still answer."""
    from live_page import chromium_context  # (live_page imports this module)

    base, _, opened = tarot_teach_server
    outside: list[str] = []
    with chromium_context(outside, service_workers="block") as context:
        context.route("**/bundle/widgets.js*", lambda route: route.abort())
        take_key(context.new_page(), opened, base)
        page = context.new_page()
        page.goto(base + "book/07-tricks.html")
        page.wait_for_function("window.ttLive && window.ttLive.status === 'ready'",
                               timeout=60_000)
        assert "/_static/vendor/widgets/html-manager/embed-amd.js" in _loaded(page)
        assert_each_view_live_once(page)
        assert _first_check_answers(page).strip()
    assert not outside, outside
