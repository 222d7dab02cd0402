"""Live exercises, static mode: the built HTML folder on a plain static web server (no
Jupyter server); live.js runs the exercises in the browser with JupyterLite's Pyodide kernel
(Pyodide from npm, the kernel's worker and wheels from PyPI, the tarot_teach wheel), offline.

Same checks as tests/browser/test_live_local.py for every exercise page: one answer judged right,
one wrong, no console error, no request leaving 127.0.0.1; the times are printed (-s).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_session import borrowed_browser
from conftest import serving
from test_live_local import exercise_pages, run_pages

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.fixture(scope="module")
def static_server(built_book):  # noqa: F811 (the fixture imported above)
    with serving(built_book) as base:
        yield base


def test_the_static_site_says_lite_and_bundles_the_kernel(built_book):  # noqa: F811
    session = json.loads((built_book / "_static/vendor/live/session.json").read_text())
    assert session["mode"] == "lite"
    lite = built_book / session["base"]
    assert (lite / session["pyodide"]).is_file()
    assert (lite / session["worker"]).is_file()
    wheels = [p.name for p in (lite / "pypi").glob("*.whl")]
    assert any(w.startswith("tarot_teach-") for w in wheels), wheels
    assert any(w.startswith("ipywidgets-8.1.9-") for w in wheels), wheels
    assert not any(w.startswith(("numpy-", "matplotlib-")) for w in wheels)
    lock = json.loads((lite / "pyodide/pyodide-lock.json").read_text())
    assert set(session["preload"]) <= set(lock["packages"])
    # The exercises' data comes as a wheel (kept by the service worker), not in session.json.
    assert "tarot-teach-exercises" in session["preload"]
    assert "exercises/" not in session["setup"]
    import zipfile

    from test_live_local import ROOT

    data = lite / "pypi" / lock["packages"]["tarot-teach-exercises"]["file_name"].split("/")[-1]
    packed = set(zipfile.ZipFile(data).namelist())
    wanted = {f"exercises/{p.relative_to(ROOT / 'exercises').as_posix()}"
              for p in (ROOT / "exercises").rglob("*.json")}
    assert wanted and wanted <= packed, sorted(wanted - packed)[:5]


def test_what_a_page_imports_comes_as_bytecode(built_book):  # noqa: F811
    """scripts/pyodide_compile.mjs: the browser's Python does not compile what it imports at
    start; what it never imports stays source, or is left out when no exercise can use it
    (IPython's terminal and prompt_toolkit, mail clients, legacy encodings...); Pygments
    keeps only the Python lexer."""
    import zipfile

    lite = built_book / "_static/vendor/lite"
    stdlib = set(zipfile.ZipFile(lite / "pyodide/python_stdlib.zip").namelist())
    assert {"logging/__init__.pyc", "json/decoder.pyc"} <= stdlib
    assert not {"logging/__init__.py", "json/decoder.py"} & stdlib
    assert {"csv.py", "statistics.py", "encodings/cp1252.py"} <= stdlib  # kept as source
    assert not {"imaplib.py", "multiprocessing/pool.py", "encodings/koi8_r.py",
                "_pyrepl/reader.py"} & stdlib  # left out
    lock = json.loads((lite / "pyodide/pyodide-lock.json").read_text())
    wheels = {name: set(zipfile.ZipFile(lite / "pyodide" / p["file_name"]).namelist())
              for name, p in lock["packages"].items()}
    assert "IPython/core/interactiveshell.pyc" in wheels["ipython"]
    assert "IPython/core/interactiveshell.py" not in wheels["ipython"]
    assert not [n for n in wheels["ipython"] if n.startswith("IPython/terminal/")
                and "pt_inputhooks" not in n and not n.endswith("/__init__.pyc")]
    assert not {"prompt-toolkit", "wcwidth"} & set(wheels)
    assert "tarot_teach/widgets/base.pyc" in wheels["tarot-teach"]
    assert "micropip/__init__.pyc" in wheels["micropip"]
    lexers = {n for n in wheels["pygments"] if n.startswith("pygments/lexers/")}
    assert "pygments/lexers/python.pyc" in lexers and len(lexers) <= 5, sorted(lexers)


def test_every_exercise_page_is_live_in_the_browser_with_pyodide(built_book, static_server):  # noqa: F811
    pages = exercise_pages(built_book)
    assert len(pages) >= 10, pages
    run_pages(static_server, pages, "JupyterLite Pyodide kernel", live_timeout=90_000)


def test_progress_survives_a_reload_in_the_browser(built_book, static_server):  # noqa: F811
    """The browser's Python forgets its files: progress is kept in localStorage by live.js."""

    from test_live_local import exercise_page

    url = static_server + "book/07-tricks.html"
    with borrowed_browser() as browser:
        context = browser.new_context()
        result = exercise_page(context, url, live_timeout=90_000)
        assert result["right"], result["problems"]
        page = context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function("document.documentElement?.dataset.ttLive === 'ready'",
                               timeout=90_000)
        saved = page.evaluate("window.localStorage.getItem('tarot_teach.progress')")
        assert saved and "solved" in saved
        assert page.locator(".tt-live .tt-exercise", has_text="solved before").count() >= 1


def test_two_tabs_saving_at_once_both_keep_their_solves(built_book, static_server):  # noqa: F811
    """Each tab has its own Python; both save at about the same time (a click in each). The
    browser's lock (Web Locks) runs one tab's read-merge-write after the other's, so the
    stored progress keeps both solves; a tab opened next brings both into its Python."""

    url = static_server + "book/07-tricks.html"
    ready = "document.documentElement?.dataset.ttLive === 'ready'"
    solved = "print(sorted(Progress.default().solved))"
    with borrowed_browser() as browser:
        context = browser.new_context()
        tabs = [context.new_page() for _ in range(2)]
        for tab in tabs:
            tab.goto(url, wait_until="commit")
        for i, tab in enumerate(tabs):
            tab.wait_for_function(ready, timeout=120_000)
            assert tab.evaluate("!!navigator.locks")
            tab.evaluate("code => window.ttLive.execute(code)",
                         "from tarot_teach.widgets.progress import Progress\n"
                         f"Progress.default().mark_solved('solved-in-tab-{i}')")
        for tab in tabs:  # a click in each, one right after the other
            tab.evaluate("document.querySelector('.tt-live').click()")
        tabs[0].bring_to_front()  # (a tab behind another may not run its checks)
        try:
            tabs[0].wait_for_function("""() => {
                const text = localStorage.getItem('tarot_teach.progress');
                const solved = text ? JSON.parse(text).solved : {};
                return 'solved-in-tab-0' in solved && 'solved-in-tab-1' in solved;
            }""", timeout=60_000, polling=200)
        except PlaywrightTimeout as error:  # (say what each tab holds)
            held = [tab.evaluate("code => window.ttLive.execute(code)",
                                 "from tarot_teach.widgets.progress import Progress\n" + solved)
                    for tab in tabs]
            stored = tabs[0].evaluate("localStorage.getItem('tarot_teach.progress')")
            raise AssertionError(f"stored: {stored!r}; each tab's Python: {held}") from error
        third = context.new_page()
        third.goto(url, wait_until="commit")
        third.wait_for_function(ready, timeout=120_000)
        out = third.evaluate("code => window.ttLive.execute(code)",
                             "from tarot_teach.widgets.progress import Progress\n" + solved)
        assert "'solved-in-tab-0', 'solved-in-tab-1'" in out, out
