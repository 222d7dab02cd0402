"""One Python for the whole visit (issue 12), in Chromium, offline.

* Static mode (the built folder on a plain static server, Pyodide in the browser): a link to
  another page of the book is followed inside the page; the Python worker is not restarted
  (a variable set in Python on one page is still there on the next, one worker only); the
  new page's exercises answer; back/forward show the right page, whose exercises answer;
  math is typeset on a page reached by a link; a Ctrl+click still opens a new tab; from a
  page without exercises, a link to one with exercises starts Python there.
* A click on Check made while Python starts is kept and answered once Python is ready; the
  exercise says meanwhile that Python is starting, with the seconds.
* A second visit takes Pyodide from the service worker's cache (the server sees no request
  for it); progress made on one page shows on the next page reached by a link.
* Local mode (`tarot-teach`): one kernel per tab, kept across pages.
Nothing is requested from another host; no console error.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from pathlib import Path

import pytest

from browser_session import borrowed_browser
from test_live_local import (  # noqa: F401 (fixtures)
    check, exercise_page, keep_on_this_machine, keep_static, launch,
    take_key, tarot_teach_server, wait_idle, watch_errors)

pytestmark = [pytest.mark.slow, pytest.mark.browser]
sync_api = pytest.importorskip("playwright.sync_api")


class Counter:
    """Paths requested from a static server, and the bytes of the bodies it sent
    (``hits``: how many times it sent each path's body; not counted: "not modified")."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_path: dict[str, int] = {}
        self.hits: dict[str, int] = {}

    def add(self, path: str, n: int, body: bool = False) -> None:
        with self.lock:
            self.by_path[path] = self.by_path.get(path, 0) + n
            if body:
                self.hits[path] = self.hits.get(path, 0) + 1

    def take(self) -> dict[str, int]:
        """Bytes sent per path since the last take (the bodies counted are forgotten too)."""
        return self.take_all()[0]

    def take_all(self) -> "tuple[dict[str, int], dict[str, int]]":
        """(bytes sent per path, bodies sent per path) since the last take."""
        with self.lock:
            taken, self.by_path = self.by_path, {}
            hits, self.hits = self.hits, {}
        return taken, hits


def counting_server(directory: Path, counter: Counter):
    """The project's static server (as any static host), recording what it sends."""
    from static_server import make_server

    server = make_server(directory, port=0)
    base = server.RequestHandlerClass.func  # make_server wraps its handler in a partial

    class Counting(base):
        def send_head(self):
            counter.add(self.path.split("?")[0], 0)
            return super().send_head()

        def copyfile(self, source, outputfile):
            sent = 0
            while chunk := source.read(64 * 1024):
                outputfile.write(chunk)
                sent += len(chunk)
            counter.add(self.path.split("?")[0], sent, body=True)

    server.RequestHandlerClass = functools.partial(Counting, directory=str(directory))
    return server


@pytest.fixture(scope="module")
def counted_site(built_book):  # noqa: F811
    counter = Counter()
    server = counting_server(built_book, counter)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", counter
    finally:
        server.shutdown()
        server.server_close()


# A browser launched with these cannot reach any host but 127.0.0.1 (no name resolves).
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


def watch_other_hosts(context, outside: list) -> None:
    """List in ``outside`` every request of ``context`` (pages, workers, the service worker)
    for another host than 127.0.0.1. Unlike keep_on_this_machine() (context.route), this
    leaves the HTTP cache on: Playwright turns it off in a context whose requests it routes,
    which a learner's browser never does. Launch the browser with OFFLINE_ARGS."""
    def seen(request) -> None:
        if not request.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:",
                                       "blob:")):
            outside.append(request.url)

    context.on("request", seen)


class Watch:
    """Console errors, page errors, HTTP errors and requests to other hosts of a context
    (``route=False``: with its HTTP cache on, see watch_other_hosts)."""

    def __init__(self, context, route: bool = True) -> None:
        self.outside: list[str] = []
        if route:
            keep_on_this_machine(context, self.outside)
        else:
            watch_other_hosts(context, self.outside)
        self.own: list[str] = []

    @property
    def problems(self) -> list[str]:
        return self.own + [f"request to another host: {u}" for u in self.outside]

    def page(self, context):
        page = context.new_page()
        watch_errors(page, self.own)
        return page


def ready(page, name: str, timeout: float = 120_000) -> None:
    """Until the live exercises of page ``name`` (e.g. 'book/08-excuse') are ready."""
    page.wait_for_function(
        "n => window.ttLive && window.ttLive.readyPage === n && window.ttLive.pageName === n"
        " && window.ttLive.status === 'ready'", arg=name, timeout=timeout)


def python(page, code: str) -> str:
    return page.evaluate("code => window.ttLive.execute(code)", code)


def answers(page) -> str:
    """Click Check on the first live exercise that has one; return its feedback."""
    exercise = page.locator(".tt-live .tt-exercise").filter(has=page.locator(".tt-check")).first
    text, _ = check(page, exercise)
    return text


def follow(page, selector: str, name: str) -> None:
    page.locator(selector).first.click()
    ready(page, name, timeout=60_000)


@contextlib.contextmanager
def watched_tab():
    """A tab of a new browser (its HTTP cache on) and the Watch of its context."""
    with borrowed_browser() as browser:
        context = browser.new_context()
        watch = Watch(context)
        yield watch.page(context), watch


# The first guided hand has asked its question (answer buttons or playable cards).
QUESTION_ASKED_JS = """() => [...document.querySelectorAll('.tt-live .tt-guided .tt-choice, '
  + '.tt-live .tt-guided .tt-tcard.tt-playable')].some(e => e.offsetParent !== null)"""

# Every line of the tab's kernel trace from now on (window.ttLive.trace keeps the last few
# only): "time way msg_type comm msg_id parent state", see scripts/assets/live/core.js.
RECORD_TRACE_JS = """() => {
  const trace = window.ttLive.trace, all = [], push = trace.push;
  trace.push = function (...lines) { all.push(...lines); return push.apply(this, lines); };
  window.ttTraceAll = all;
}"""

# Clicks Play on as soon as the first hand has it (in the page: no round trip between).
PLAY_ON_AT_ONCE_JS = """() => {
  const button = document.querySelector('.tt-live .tt-play-on:enabled');
  if (!button) return false;
  window.ttTraceAll.push("click");  // (the click's message is the next comm_msg out)
  button.click();
  return true;
}"""


def execute_ahead() -> int:
    """How many execute requests live.js lets the kernel hold at once (comm.js): a click
    waits behind that many of a page's cells at most."""
    import re

    source = (Path(__file__).resolve().parents[2] / "scripts" / "assets" / "live" /
              "comm.js").read_text(encoding="utf-8")
    return int(re.search(r"EXECUTE_AHEAD = (\d+)", source).group(1))


def code_done_around_click(lines: "list[str]") -> "tuple[int, int]":
    """From a kernel trace with a "click" line: how many code requests were still running
    or waiting when the click's message went out, and how many of those the kernel finished
    before it answered the click (its status idle)."""
    clicked = lines.index("click")
    fields = [line.split(" ") for line in lines]
    code = {f[4] for f in fields if f[1:3] == ["out", "execute_request"]}
    sent = next(i for i in range(clicked + 1, len(fields))
                if fields[i][1:3] == ["out", "comm_msg"])
    idle = {f[5]: i for i, f in enumerate(fields) if f[1:3] == ["in", "status"] and f[6] == "idle"}
    answered = idle[fields[sent][4]]
    running = [done for done in (idle.get(msg_id, len(fields)) for msg_id in code)
               if done > sent]
    return len(running), sum(1 for done in running if done < answered)


def test_code_done_around_click_reads_a_trace():
    trace = ["1 out execute_request  aaaaaaaa  ", "2 out execute_request  bbbbbbbb  ",
             "3 out execute_request  cccccccc  ", "4 out comm_msg 87654321 eeeeeeee  ",
             "4 in status  x aaaaaaaa idle", "click",
             "5 out comm_msg 12345678 dddddddd  ", "6 in status  y bbbbbbbb idle",
             "7 in status  z dddddddd idle", "8 in status  w cccccccc idle"]
    assert code_done_around_click(trace) == (2, 1)


def test_a_page_followed_answers_its_first_exercise_before_the_rest_of_it_ran(
        built_book, counted_site):  # noqa: F811
    """The guided hands: sixteen cells, the first hand in the third, two card tables last.
    Each cell's exercise comes alive as soon as its cell ran, and a click in it goes before
    the cells not yet run: the learner does not wait for the whole page. (Told from the
    order of the kernel's answers, not from when the question is drawn: on a loaded machine
    the page may draw it a moment after the last cells' answers came.)"""
    base, _ = counted_site
    with watched_tab() as (page, watch):
        page.goto(base + "book/14-signals.html")
        ready(page, "book/14-signals")
        page.evaluate(RECORD_TRACE_JS)
        page.locator("a.right-next").first.click()
        page.wait_for_function(PLAY_ON_AT_ONCE_JS, timeout=60_000, polling=10)
        page.wait_for_function(QUESTION_ASKED_JS, timeout=60_000, polling=10)
        ready(page, "book/20-guided-hands")
        times = page.evaluate("window.ttLive.times")
        live_at = page.evaluate("window.ttLive.page.liveAt")
        assert {"4", "28", "30"} <= set(live_at), live_at  # (the first hand, the tables)
        assert live_at["4"] < times["ran"], (live_at, times)
        lines = page.evaluate("window.ttTraceAll")
        running, before = code_done_around_click(lines)
        ahead = execute_ahead()
        assert running > ahead, ("the click came when the page had (almost) run: this test "
                                 "then says nothing", running, lines[-60:])
        assert before <= ahead, (f"{before} of the {running} cells running when the learner "
                                 "clicked were answered before the click", lines[-80:])
    assert not watch.problems, watch.problems


def test_links_keep_one_python_and_history_works(built_book, counted_site):  # noqa: F811
    base, _ = counted_site
    with watched_tab() as (page, watch):
        page.goto(base + "book/07-tricks.html")
        ready(page, "book/07-tricks")
        assert python(page, "_tt_visit = id(object())\nprint(_tt_visit)").strip()
        visit = python(page, "print(_tt_visit)").strip()

        follow(page, "a.right-next", "book/08-excuse")
        assert page.url.endswith("/book/08-excuse.html")
        assert "Excuse" in page.title()
        assert python(page, "print(_tt_visit)").strip() == visit  # the same Python
        state = page.evaluate("[window.ttLive.workers, window.ttNav.swaps, "
                              "window.ttNav.fullLoads]")
        assert state == [1, 1, 0], state
        assert page.locator(".widget-subarea:not(.tt-live)").count() == 0
        assert page.locator(".tt-live-wait").count() == 0
        assert answers(page)
        # The sidebar follows: the current page is the one marked active.
        current = page.locator(".bd-docs-nav a.current").first.inner_text().strip()
        assert current and current in page.title(), (current, page.title())
        # "On this page" marks the section being read on the new page too.
        sections = page.locator("#pst-page-toc-nav a[href^='#']")
        assert sections.count() >= 2
        last = sections.nth(sections.count() - 1).get_attribute("href")
        page.evaluate("id => document.getElementById(id).scrollIntoView()",
                      last[1:])
        page.wait_for_function(
            "h => { const a = document.querySelector('#pst-page-toc-nav a.active');"
            " return a && a.getAttribute('href') === h; }", arg=last, timeout=10_000)
        first = sections.first.get_attribute("href")
        page.evaluate("id => document.getElementById(id).scrollIntoView()", first[1:])
        page.wait_for_function(
            "h => document.querySelector('#pst-page-toc-nav a.active')"
            "?.getAttribute('href') === h", arg=first, timeout=10_000)

        page.go_back()
        ready(page, "book/07-tricks", timeout=60_000)
        assert page.url.endswith("/book/07-tricks.html")
        assert answers(page)
        page.go_forward()
        ready(page, "book/08-excuse", timeout=60_000)
        assert answers(page)
        assert python(page, "print(_tt_visit)").strip() == visit
        assert page.evaluate("window.ttLive.workers") == 1

        # The old pages' widgets were closed in Python too (no pile-up across pages).
        count = python(page, "from ipywidgets.widgets.widget import _instances\n"
                             "print(len(_instances))")
        shown = page.evaluate("window.ttLive.page.models.length")
        assert int(count) <= shown + 5, (count, shown)

        # A page without exercises, then back to one with exercises.
        follow(page, "a.right-next", "book/09-scoring")
        # This page needs MathJax, which the previous one did not load: it is added,
        # once the page's exercises are live (it cost the first answer half a second).
        assert page.locator(".math").count()
        page.wait_for_selector("mjx-container", timeout=30_000)
        mathjax = page.evaluate("() => performance.getEntriesByType('resource').find("
                                "e => e.name.includes('tex-mml-chtml')).startTime")
        assert mathjax > page.evaluate("window.ttLive.times.pageReady"), mathjax
        page.goto(base + "book/appendix-glossary.html")  # a full load: a new Python
        page.wait_for_function("window.ttNav && document.readyState === 'complete'")
        with page.context.expect_page() as opened:  # Ctrl+click: a new tab, this page stays
            page.locator(".bd-docs-nav a[href*='07-tricks']").first.click(
                modifiers=["Control"])
        opened.value.close()
        assert page.url.endswith("/book/appendix-glossary.html")
        assert page.evaluate("window.ttNav.swaps") == 0
        page.locator(".bd-docs-nav a[href*='07-tricks']").first.click()
        page.wait_for_function("window.ttLive && window.ttLive.pageName === 'book/07-tricks'"
                               " && window.ttLive.status === 'ready'", timeout=120_000)
        assert page.evaluate("window.ttNav.swaps") == 1
        assert answers(page)
        # An anchor on the same page: the browser's own scroll, no swap.
        page.evaluate("location.hash = '#' + document.querySelector('section section').id")
        assert page.evaluate("window.ttNav.swaps") == 1
    assert not watch.problems, "\n".join(watch.problems)


def test_big_scripts_come_compressed_and_only_where_needed(built_book, counted_site):  # noqa: F811
    """MathJax only on pages with formulas; it and the search tools are loaded once the
    service worker is there, compressed, even on a first visit, and still do their work.
    The theme's icons are drawn by its web font: no page loads its icon script."""
    welcome = (built_book / "book/01-welcome.html").read_text(encoding="utf-8")
    assert "mathjax" not in welcome.split("</head>")[0].lower()  # no formula on that page
    scoring = (built_book / "book/09-scoring.html").read_text(encoding="utf-8")
    assert 'data-tt-lazy="../_static/vendor/mathjax/tex-mml-chtml.js' in scoring
    assert 'data-tt-lazy="../searchindex.js"' in scoring
    assert not [p.name for p in built_book.rglob("*.html")
                if "fontawesome.js" in p.read_text(encoding="utf-8")]
    base, counter = counted_site
    with borrowed_browser() as browser:
        context = browser.new_context()
        watch = Watch(context)
        page = watch.page(context)
        counter.take()
        page.goto(base + "book/09-scoring.html")
        page.wait_for_selector("mjx-container", timeout=60_000)  # formulas typeset
        page.wait_for_function("() => typeof Search !== 'undefined' && !!Search._index",
                               timeout=60_000)  # the search box's index
        page.wait_for_function("document.fonts.check('900 1em \"Font Awesome 6 Free\"')"
                               " && document.fonts.status === 'loaded'", timeout=60_000)
        icon = page.evaluate("""() => {
            const i = [...document.querySelectorAll('.fa-solid.fa-bars')]
              .filter(e => e.getBoundingClientRect().width > 0)[0];  // the one on screen
            const css = getComputedStyle(i, '::before');
            return [css.fontFamily, css.content, i.getBoundingClientRect().width];
        }""")
        assert "Font Awesome" in icon[0] and icon[1] not in ("none", '""') and icon[2] > 0
        fetched = counter.take()
        for path in ["/_static/vendor/mathjax/tex-mml-chtml.js", "/searchindex.js"]:
            assert path + ".gz" in fetched and path not in fetched, sorted(fetched)
        assert not [p for p in fetched if "fontawesome.js" in p]
    assert not watch.problems, "\n".join(watch.problems)


def test_a_first_visit_downloads_each_file_once_and_compressed(built_book, counted_site):  # noqa: F811
    """A first visit, with the browser's HTTP cache on as a learner has it: no file is sent
    twice (what the page loaded before the service worker took over is not downloaded again
    for its cache), the big ones come compressed, and nothing the exercises do not use comes
    at all (IPython's terminal, the theme's icon script). The browser's Python still reports
    an error in a cell, without IPython's terminal."""
    base, counter = counted_site
    browser = launch(args=OFFLINE_ARGS)  # (its own Chromium: other arguments)
    try:
        context = browser.new_context()
        watch = Watch(context, route=False)
        page = watch.page(context)
        counter.take()
        page.goto(base + "book/07-tricks.html")
        ready(page, "book/07-tricks")
        assert answers(page)
        page.wait_for_load_state("networkidle")
        sent, bodies = counter.take_all()
        assert not {p: n for p, n in bodies.items() if n > 1}
        lite = "/_static/vendor/lite/"
        assert lite + "pyodide/pyodide.asm.wasm.gz" in sent, sorted(sent)
        assert lite + "pyodide/pyodide.asm.wasm" not in sent
        assert "/_static/vendor/widgets/html-manager/embed-amd.js" not in sent
        assert any(p.startswith(lite + "pypi/tarot_teach_exercises-") for p in sent)
        assert not [p for p in sent if "prompt_toolkit" in p or "fontawesome.js" in p]
        assert "ZeroDivisionError" in python(page, "1 / 0")
        assert python(page, "import sys; print('prompt_toolkit' in sys.modules)") == "False\n"
    finally:
        browser.close()
    assert not watch.problems, "\n".join(watch.problems)


# Where the first element matching SELECTOR is on the page (not in the window), px.
PAGE_Y_JS = """() => Math.round(document.querySelector('SELECTOR').getBoundingClientRect().top
                  + window.scrollY)"""


def test_an_early_click_is_answered_once_python_is_ready(built_book, counted_site):  # noqa: F811
    base, _ = counted_site
    with borrowed_browser() as browser:
        context = browser.new_context()
        watch = Watch(context)
        page = watch.page(context)
        page.goto(base + "book/07-tricks.html", wait_until="commit")
        static_check = page.locator(".widget-subarea:not(.tt-live) .tt-check").first
        static_check.wait_for(state="visible", timeout=60_000)
        notice = page.locator(".tt-live-wait").first
        assert notice.get_attribute("role") == "status"
        where = PAGE_Y_JS.replace("SELECTOR", ".widget-subarea:not(.tt-live) .tt-check")
        check_at = page.evaluate(where)
        assert page.evaluate("window.ttLive.status") != "ready"
        static_check.click()
        assert page.evaluate("window.ttLive.queued") == 1
        text = notice.inner_text()
        assert "Starting Python" in text and " s" in text and "kept" in text, text
        page.wait_for_function("(window.ttLive.replayed || 0) >= 1", timeout=120_000)
        wait_idle(page, 0)
        feedback = page.locator(".tt-live .tt-feedback").first.inner_text().strip()
        assert feedback, "the early click was not answered"
        assert not page.evaluate("window.ttLive.dropped")
        assert page.locator(".tt-live-wait").count() == 0
        # Check stayed where it was (the notice is under the exercise: when it went, the
        # exercise jumped up a line under the learner's pointer).
        assert page.evaluate(PAGE_Y_JS.replace("SELECTOR", ".tt-live .tt-check")) == check_at
    assert not watch.problems, "\n".join(watch.problems)


def test_second_visit_and_progress_come_from_the_browser(built_book, counted_site):  # noqa: F811
    base, counter = counted_site
    with borrowed_browser() as browser:
        context = browser.new_context()
        watch = Watch(context)
        counter.take()
        first = exercise_page(context, base + "book/07-tricks.html", live_timeout=120_000)
        assert first["right"], first["problems"]
        fetched = counter.take()
        assert any("pyodide.asm.wasm" in path for path in fetched), sorted(fetched)

        page = watch.page(context)  # a second visit, same browser
        page.goto(base + "book/06-dog-discard.html")
        ready(page, "book/06-dog-discard")
        again = counter.take()
        # Pyodide, the wheels, the widget scripts: all from the service worker's cache
        # (session.json is asked for on every page load, on purpose).
        assert not [p for p in again if "/_static/vendor/" in p
                    and not p.endswith("/session.json")], sorted(again)
        # Progress from the first visit shows on a page reached by a link.
        follow(page, "a.right-next", "book/07-tricks")
        assert page.locator(".tt-live .tt-exercise", has_text="solved before").count() >= 1
    assert not watch.problems, "\n".join(watch.problems)


def test_local_mode_keeps_one_kernel_per_tab(tarot_teach_server):  # noqa: F811
    base, _, opened = tarot_teach_server
    with borrowed_browser() as browser:
        context = browser.new_context()
        watch = Watch(context)
        take_key(context.new_page(), opened, base)
        page = watch.page(context)
        sessions: list[str] = []
        page.on("request", lambda r: sessions.append(r.url) if "session.json" in r.url
                else None)
        page.goto(base + "book/07-tricks.html")
        ready(page, "book/07-tricks", timeout=30_000)
        pid = python(page, "import os\nprint(os.getpid())").strip()
        follow(page, "a.right-next", "book/08-excuse")
        assert python(page, "import os\nprint(os.getpid())").strip() == pid
        assert answers(page)
        page.go_back()
        ready(page, "book/07-tricks", timeout=30_000)
        assert answers(page)
        assert python(page, "import os\nprint(os.getpid())").strip() == pid
        assert len(sessions) == 1, sessions  # one kernel asked for, for the whole visit
    assert not watch.problems, "\n".join(watch.problems)


def test_a_python_that_cannot_start_says_so_in_place(built_book, counted_site):  # noqa: F811
    """No endless "Starting Python…": when Pyodide cannot load, the exercise says so."""
    base, _ = counted_site
    with borrowed_browser() as browser:
        context = browser.new_context(service_workers="block")
        context.route("**/pyodide.asm.wasm*", lambda route: route.abort())
        context.add_init_script("window.ttLiveStartTimeout = 4000")  # (default 3 min)
        page = context.new_page()
        page.goto(base + "book/07-tricks.html", wait_until="commit")
        page.wait_for_function("window.ttLive && window.ttLive.status === 'failed'",
                               timeout=60_000)
        notice = page.locator(".tt-live-wait").first
        assert "could not start" in notice.inner_text()
        assert "Traceback" not in page.locator("main").inner_text()


def test_on_this_page_marks_the_section_each_contents_link_goes_to(built_book, counted_site):  # noqa: F811
    """The guided hands' sections are short, so that several headings are in view at once:
    the right-hand contents marks the one a link jumped to (it marked the last one in view,
    a later hand; issue 28 item 8)."""
    base, _ = counted_site
    with watched_tab() as (page, _watch):
        # The page as saved (its widgets drawn from the build; the spy is the theme's
        # script, whatever runs the exercises): no Python to start.
        keep_static(page)
        page.goto(base + "book/20-guided-hands.html")
        page.wait_for_function("document.documentElement.dataset.ttLive === 'static'",
                               timeout=60_000)
        links = page.locator("#pst-page-toc-nav a[href^='#']")
        hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
        assert len(hrefs) >= 6, hrefs
        wrong = []
        for href in hrefs:
            page.locator(f"#pst-page-toc-nav a[href='{href}']").click()
            try:  # (the smooth scroll, then the contents spy)
                page.wait_for_function(
                    "h => { const a = [...document.querySelectorAll('#pst-page-toc-nav a.active')];"
                    " return a.length && a[a.length - 1].getAttribute('href') === h; }",
                    arg=href, timeout=3_000)
            except sync_api.Error:
                pass
            active = page.evaluate("() => [...document.querySelectorAll("
                                   "'#pst-page-toc-nav a.active')].map(a => a.getAttribute('href'))")
            if active[-1:] != [href]:
                wrong.append((href, active))
        # (the last sections may be too short to reach the top of the window: the page ends)
        reachable = page.evaluate(
            "hs => hs.filter(h => { const e = document.getElementById(decodeURIComponent("
            "h.slice(1))); return e && e.offsetTop < document.documentElement.scrollHeight"
            " - window.innerHeight; })", hrefs)
        wrong = [w for w in wrong if w[0] in reachable]
        assert not wrong, wrong
