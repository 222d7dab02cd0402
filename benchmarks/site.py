"""How fast the built site answers a learner, and how much it downloads (issue 12).

    .venv/bin/python benchmarks/site.py                      # every exercise page, both modes
    .venv/bin/python benchmarks/site.py --pages 07-tricks 09-scoring --no-local
    .venv/bin/python benchmarks/site.py --html /tmp/book/_build/html --no-local

Static mode: the built folder on a plain static server on 127.0.0.1 (the project's, which
sends no cache headers and compresses nothing; this script counts the bytes of every
response body it sends). For each page, in a fresh browser profile ("first visit"):
  open   the page is opened and its first button clicked as soon as it is on screen (a
         click made while Python starts is kept, see live.js): seconds from the start of
         the navigation to the first feedback. The first button and its feedback:
         - an exercise with a Check button (every exercise page but the guided hands,
           the card table's pages included): Check, then its feedback text;
         - the guided hands (no Check button): "Play on to the next question" in the
           first hand (open on a first visit), then the live hand asks its question
           (answer buttons or playable cards; or its feedback line says to answer first);
  next   the "next page" link is followed in the same tab and that page's first button
         clicked at once: seconds from the click to its feedback (the kernel keeps running);
  first  megabytes sent by the server for the first page (until its feedback and the
         network is quiet: the service worker has kept what it keeps);
  second megabytes sent when the page is opened again in a new tab of the same profile
         (a second visit: service worker cache and HTTP cache), and (open) seconds from
         opening it to the first feedback.
With --files: every file of each first visit, its megabytes and "xN" when its body was
sent N times.
Local mode (`tarot-teach`, a kernel on this machine): open -> first feedback, and next.
With --times, each step (s after navigation): session (the page has its kernel), modules
(the widget code is ready), ready (live widgets in place), and the others live.js marks.

Chromium is Debian's /usr/bin/chromium (Playwright), which cannot reach any host but
127.0.0.1 (its requests to others are counted). Its HTTP cache stays on, as in a learner's
browser. Figures depend on the machine's load: say so with them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path[:0] = [str(ROOT / "tests"), *(str(layer) for layer in sorted((ROOT / "tests").glob("*/")))]  # (by layer)

from tarot_teach.app import build as app_build, pool as app_pool  # noqa: E402
from test_live_local import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, close_page, exercise_pages, running_tarot_teach)
from test_site_navigation import (  # noqa: E402
    OFFLINE_ARGS, Counter, counting_server, watch_other_hosts)

GOALS = {"open": 5.0, "next": 1.0, "first": 15.0, "second": 1.0, "again": 5.0, "local": 1.0}


# What a learner clicks first on a page, and what answers that click ("first feedback"):
# * an exercise with a Check button: Check; its feedback text in the live exercise;
# * the guided hands (no Check button): "Play on to the next question" in the first hand;
#   the live hand then asks its question (answer buttons or playable cards) or says in
#   its feedback line that the question above must be answered first.
# The click may come while Python starts: live.js keeps it and answers it when ready.
FIRST_CLICK = ".tt-check:enabled, .tt-play-on:enabled"  # (a button a learner can press)
FEEDBACK_JS = """
() => {
  const shown = (e) => e.offsetParent !== null;
  for (const f of document.querySelectorAll('.tt-live .tt-feedback')) {
    if (f.textContent.trim() && shown(f)) return performance.now();
  }
  if ([...document.querySelectorAll('.tt-live .tt-guided .tt-choice, '
      + '.tt-live .tt-guided .tt-tcard.tt-playable')].some(shown)) return performance.now();
  return 0;
}
"""


# The milestones live.js and nav.js mark (performance.now(), ms), relative to the navigation.
TIMES_JS = """
() => {
  const t = Object.assign({}, (window.ttLive || {}).times || {});
  const nav = performance.getEntriesByType('navigation')[0];
  if (nav) { t.domReady = nav.domContentLoadedEventEnd; t.load = nav.loadEventEnd; }
  return Object.fromEntries(Object.entries(t).filter(([, v]) => v > 0)
    .sort((a, b) => a[1] - b[1]).map(([k, v]) => [k, Math.round(v) / 1000]));
}
"""


# Clicks the first such button on screen (not in a closed box), as a learner would the
# moment it shows; performance.now() of the click, 0 if there is none. (Playwright's own click
# waited for the button to stay put and enabled: the live view that replaces the saved one
# may be disabled, e.g. a guided hand the learner left at a question, and it timed out.)
CLICK_JS = """
(selector) => {
  const button = [...document.querySelectorAll(selector)].find(e => e.offsetParent !== null);
  if (!button) return 0;
  button.click();
  return performance.now();
}
"""

# A button to click is on screen, or the page already answers (see open_and_answer).
CLICKABLE_JS = ("(selector) => [...document.querySelectorAll(selector)].some("
                "e => e.offsetParent !== null) || (" + FEEDBACK_JS.strip() + ")() > 0")


def open_and_answer(page, url: "str | None", timeout: float = 180_000) -> "tuple[float, float]":
    """Go to ``url`` (or stay, after a link click), click the first Check (or Play on) as
    soon as it is on screen; return (ms from navigation start to the first feedback, ms of
    the click)."""
    if url:
        page.goto(url, wait_until="commit")
    clicked = 0
    while not clicked:
        page.wait_for_function(CLICKABLE_JS, arg=FIRST_CLICK, timeout=timeout, polling=50)
        clicked = page.evaluate(CLICK_JS, FIRST_CLICK)
        if not clicked and page.evaluate(FEEDBACK_JS):
            break  # a guided hand the learner left at a question: it asks it again at once
    page.wait_for_function(FEEDBACK_JS, timeout=timeout, polling=50)
    return page.evaluate(FEEDBACK_JS), clicked


def next_page(page, timeout: float = 60_000) -> "float | None":
    """Follow the "next" link; ms from the click to the next page's first feedback."""
    link = page.locator("a.right-next").first
    if not link.count():
        return None
    started = page.evaluate("performance.now()")
    name = page.evaluate("window.ttLive && window.ttLive.pageName")
    link.click()
    page.wait_for_function("n => window.ttLive && window.ttLive.pageName !== n", arg=name,
                           timeout=timeout)
    if not page.locator("script#tt-live-cells").count() or not page.locator(
            FIRST_CLICK).locator("visible=true").count():
        page.wait_for_function("() => window.ttLive.status === 'ready'", timeout=timeout)
        return page.evaluate("performance.now()") - started
    feedback, _ = open_and_answer(page, None, timeout)
    return feedback - started


def mb(n: int) -> float:
    return n / 1e6


def static_mode(html: Path, pages: list[str], browser) -> list[dict]:
    counter = Counter()
    server = counting_server(html, counter)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = []
    try:
        for name in pages:
            outside: list[str] = []
            context = browser.new_context()  # a fresh profile: nothing cached
            watch_other_hosts(context, outside)
            row = {"page": name}
            try:
                page = context.new_page()
                counter.take()
                row["open"], _ = open_and_answer(page, base + name + ".html")
                row["open"] /= 1000
                row["times"] = page.evaluate(TIMES_JS)
                page.wait_for_load_state("networkidle")
                first, hits = counter.take_all()
                row["first"] = mb(sum(first.values()))
                row["biggest"] = sorted(first.items(), key=lambda kv: -kv[1])
                row["twice"] = sorted(p for p, n in hits.items() if n > 1)
                row["hits"] = hits
                nxt = next_page(page)
                row["next"] = nxt / 1000 if nxt is not None else None
                close_page(page)
                counter.take()
                again = context.new_page()
                row["again"] = open_and_answer(again, base + name + ".html")[0] / 1000
                again.wait_for_load_state("networkidle")
                second = counter.take()
                row["second"] = mb(sum(second.values()))
                row["second_files"] = sorted(second.items(), key=lambda kv: -kv[1])[:4]
            except Exception as error:  # noqa: BLE001 - a row says what went wrong
                row["error"] = str(error).splitlines()[0]
            row["outside"] = len(outside)
            context.close()
            rows.append(row)
            print(format_static(row), flush=True)
    finally:
        server.shutdown()
        server.server_close()
    return rows


def local_mode(pages: list[str], browser, pause: float = 1.0) -> list[dict]:
    """Each page opened in a new tab (a new kernel from the server's pool), ``pause``
    seconds after the previous one was closed (the pool refills meanwhile). Before them,
    the address tarot-teach opens (its key) is opened as a learner's browser does just
    after the start; the seconds until that first page is live are printed apart ("start":
    its kernels are still starting), and the pages are measured once the pool is warm."""
    import tempfile

    rows = []
    with tempfile.TemporaryDirectory() as tmp, running_tarot_teach(Path(tmp)) as server:
        base, _, opened = server
        context = browser.new_context()
        outside: list[str] = []
        watch_other_hosts(context, outside)
        first = context.new_page()
        started = time.monotonic()
        first.goto(opened)  # -> the book's first page, in this tab
        first.wait_for_url(base + "book/**", timeout=60_000)
        first.wait_for_function("() => window.ttLive && window.ttLive.status === 'ready'",
                                timeout=120_000)
        print(f"  {'(start: the first page live)':26s} {time.monotonic() - started:5.2f} s",
              flush=True)
        time.sleep(app_pool.REFILL_DELAY + 4)  # the pool replaces the kernel taken, and warms
        for name in pages:
            row = {"page": name}
            page = context.new_page()
            try:
                time.sleep(pause)  # the server's pool warms the next kernel meanwhile
                row["open"] = open_and_answer(page, base + name + ".html")[0] / 1000
                row["times"] = page.evaluate(TIMES_JS)
                nxt = next_page(page)
                row["next"] = nxt / 1000 if nxt is not None else None
            except Exception as error:  # noqa: BLE001
                row["error"] = str(error).splitlines()[0]
            row["outside"] = len(outside)
            close_page(page)
            rows.append(row)
            print(format_local(row), flush=True)
    return rows


def _s(value) -> str:
    return "    -" if value is None else f"{value:5.2f}"


def format_static(row: dict) -> str:
    if "error" in row:
        return f"  {row['page']:26s} ERROR {row['error']}"
    return (f"  {row['page']:26s} {_s(row['open'])} s  {_s(row['next'])} s  "
            f"{row['first']:6.2f} MB  {row['second']:5.2f} MB  {_s(row['again'])} s"
            + (f"  ({row['outside']} requests to other hosts!)" if row["outside"] else ""))


def format_local(row: dict) -> str:
    if "error" in row:
        return f"  {row['page']:26s} ERROR {row['error']}"
    return f"  {row['page']:26s} {_s(row['open'])} s  {_s(row['next'])} s"


def summary(rows: list[dict], keys: list[str]) -> str:
    parts = []
    for key in keys:
        values = [r[key] for r in rows if r.get(key) is not None]
        if values:
            parts.append(f"{key}: median {statistics.median(values):.2f}, max {max(values):.2f}"
                         f" (goal <= {GOALS[key]})")
    return "; ".join(parts)


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", type=Path, help="built site (default: the project's _build/html)")
    parser.add_argument("--pages", nargs="*", help="page names such as 07-tricks (default: all)")
    parser.add_argument("--no-local", action="store_true", help="skip the local (kernel) mode")
    parser.add_argument("--no-static", action="store_true", help="skip the static mode")
    parser.add_argument("--pause", type=float, default=1.0,
                        help="local mode: seconds between closing a tab and opening the next "
                             "(1: pages back to back while the pool refills; 6: a server at rest)")
    parser.add_argument("--files", action="store_true", help="list the biggest downloads")
    parser.add_argument("--times", action="store_true",
                        help="when each step of the first visit happened (s after navigation)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    root = app_build.project_root()
    html = args.html
    if html is None or not args.no_local:
        if app_build.book_is_stale(root):
            print("building the book…", flush=True)
            app_build.build_book(root)
        html = html or app_build.html_dir(root)
    pages = [f"book/{p}" for p in args.pages] if args.pages else [
        p for p in exercise_pages(html)]
    print(f"{len(pages)} pages; {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} (other programs share them)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=CHROMIUM_ARGS + OFFLINE_ARGS)
        try:
            if not args.no_static:
                print("\nstatic site (plain static server, Pyodide in the browser)\n"
                      f"  {'page':26s}  open   next   first visit  second visit (open)")
                rows = static_mode(html, pages, browser)
                ok = [r for r in rows if "error" not in r]
                if ok:
                    print("  " + summary(ok, ["open", "next", "first", "second", "again"]))
                if args.times:
                    for r in ok:
                        print(f"  {r['page']}: " + ", ".join(f"{k} {v:.1f}" for k, v in
                                                            r["times"].items()))
                if args.files:
                    for r in ok:
                        print(f"\n  {r['page']}: first visit, by file (MB; xN: sent N times)")
                        for p, n in r["biggest"]:
                            times = r["hits"].get(p, 1)
                            print(f"    {mb(n):7.3f}  {p}" + (f"  x{times}" if times > 1 else ""))
                        print("  second visit: " + ", ".join(
                            f"{p} {mb(n):.3f}" for p, n in r["second_files"]))
            if not args.no_local:
                print(f"\nlocal mode (tarot-teach, a kernel on this machine)\n"
                      f"  {'page':26s}  open   next")
                rows = local_mode(pages, browser, args.pause)
                ok = [r for r in rows if "error" not in r]
                if ok:
                    values = [r["open"] for r in ok]
                    print(f"  open: median {statistics.median(values):.2f}, max {max(values):.2f}"
                          f" s (goal <= {GOALS['local']})")
                    if args.times:
                        for r in ok:
                            print(f"  {r['page']}: " + ", ".join(
                                f"{k} {v:.1f}" for k, v in r["times"].items()))
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
