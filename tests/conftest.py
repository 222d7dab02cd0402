"""Shared test set-up: progress files go to a temporary folder, never to the user's home;
a static web server for built sites; the book, built once for the whole run (``book``,
``built_book``)."""

import contextlib
import dataclasses
import fcntl
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_TEACH_PROGRESS", str(tmp_path / "progress.json"))
    from tarot_teach.widgets.progress import Progress

    monkeypatch.setattr(Progress, "_shared", {})


@contextlib.contextmanager
def serving(directory):
    """Serve ``directory`` as any static web server would, on 127.0.0.1; yield the base URL."""
    from static_server import make_server

    server = make_server(directory, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def paris(monkeypatch):
    """This computer's local time is Paris's (UTC+1 in winter) for the test."""
    import time

    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


# ------------------------------------------------------------------------------ the book

STRICT = "built -W -n\n"
"""What the build stamp holds after a build with warnings as errors had none (``tarot-teach``
writes another word there: its own builds do not check warnings)."""


@dataclasses.dataclass
class Book:
    """The book built once for the whole run: its HTML folder, each page's executed notebook,
    and the warnings the build reported (none when it had none)."""

    html: Path
    executed: Path
    warnings: list[str]


def _strict_build(root: Path) -> list[str]:
    """Build the book into ``root/_build`` with warnings as errors (``-W -n --keep-going``,
    every page written again so that every warning is seen); return the warnings."""
    from tarot_teach.app import build as site

    if shutil.which("npm") is None and not (root / "vendor" / "site").is_dir():
        pytest.fail("npm is needed to fetch the vendored browser assets (scripts/fetch_assets.py)")
    env = os.environ.copy()  # the interpreter's bin/ first: jupyter, the kernel
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    subprocess.run([sys.executable, str(root / "scripts" / "fetch_assets.py")],
                   cwd=root, env=env, check=True)
    if site._newer_than_stamp(root, site.SHARED_PATTERNS):
        # as tarot-teach does: the execution cache knows only each page's own text
        shutil.rmtree(root / "_build" / ".jupyter_cache", ignore_errors=True)
    stamp = site.html_dir(root) / site.STAMP
    stamp.unlink(missing_ok=True)
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from jupyter_book.cli.main import main; sys.exit(main())",
         "build", str(root), "-W", "-n", "--keep-going", "--all"],
        cwd=root, env=env, capture_output=True, text=True, timeout=3600)
    log = re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout + proc.stderr)  # no colours
    if not (site.html_dir(root) / "index.html").is_file():
        pytest.fail("the book did not build:\n" + log[-4000:], pytrace=False)
    warnings = []
    if proc.returncode != 0:
        # Sphinx's own warnings (the kernel's "[IPKernelApp] WARNING" noise is not one)
        warnings = [line for line in log.splitlines()
                    if re.search(r"\b(WARNING|ERROR|CRITICAL|SEVERE):", line)
                    and not line.startswith("[IPKernelApp]")]
        warnings = warnings or ["(no Sphinx warning found) ... " + log[-3000:]]
    stamp.write_text("built\n" if warnings else STRICT)
    return warnings


@pytest.fixture(scope="session")
def book() -> Book:
    """The book in ``_build/html``, built once for the run with warnings as errors, unless
    the last build there was such a build and no source changed since (the rule of
    ``tarot-teach``: a browser test's later look at the book finds it fresh).

    A clean clone always builds: the run also proves that a clean clone builds. A build with
    warnings still gives its HTML to the tests that use it; ``test_book_build`` fails on the
    warnings (and the next run builds again)."""
    from tarot_teach.app import build as site

    root = site.project_root()
    assert root is not None, "the book's sources are not next to the package"
    stamp = site.html_dir(root) / site.STAMP
    (root / "_build").mkdir(exist_ok=True)
    with open(root / "_build" / ".build-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another run building here: wait, then use its build
        fresh = not site.book_is_stale(root) and stamp.is_file() and stamp.read_text() == STRICT
        warnings = [] if fresh else _strict_build(root)
    return Book(site.html_dir(root), root / "_build" / "jupyter_execute", warnings)


@pytest.fixture(scope="session")
def built_book(book) -> Path:
    """The built book's HTML folder (``_build/html``)."""
    return book.html


# ------------------------------------------------------------------ tiers, order, workers

SLOW_DOCTESTS = {
    "tarot_teach.coach": "reviews a whole deal with the coach: 10 to 30 s",
}
"""Doctests of the package that belong to the slow tier (a doctest has no marker of its
own; the reason is kept here)."""

LAYER_MARKERS = {"browser": ("slow", "browser")}
"""Markers every test of a folder gets (tests are in folders by layer: engine, ai, teach,
widgets, app, book, browser): a test in tests/browser drives Chromium."""

SERVER_FIXTURES = {"server", "restarted", "tarot_teach_server"}
"""Fixtures that start a real server process with its kernels (tests/app/test_security_local.py,
test_security_key.py, the browser tests): every test that uses one is slow, whatever else it
does; the fast tier starts no real kernel."""


# The files that need the book and take longest (a minute or more each in a CI run, see
# benchmarks/ci_timeline.py), run before the other such files: the short ones then fill
# the end of both workers' runs, and neither waits long for the other at the end.
LONGEST_BOOK_FILES = ("browser/test_live_local.py", "browser/test_security_browser.py",
                      "browser/test_accessibility_browser.py", "browser/test_live_static.py",
                      "browser/test_table_browser.py", "browser/test_site_navigation.py")


@pytest.hookimpl(tryfirst=True)  # (before ``-m`` deselects by marker)
def pytest_collection_modifyitems(config, items):
    """Three things the whole run needs, from one place:

    - the markers of a test's folder (``LAYER_MARKERS``); slow doctests, and tests on a
      real server (``SERVER_FIXTURES``), get the ``slow`` marker;
    - every browser test uses the run's one build of the book (``book``), as if it had asked
      for it: the build is never run again beside a browser test, and with two workers
      (``-n 2``) a browser test waits for the other worker's build instead of reading a book
      half written;
    - files run in this order: the first file that needs the book, then the files that do
      not, then the other files that need it (:data:`LONGEST_BOOK_FILES` first). With
      ``-n 2 --dist loadfile --no-loadscope-reorder`` one worker builds the book while the
      other runs the tests without it, and no worker waits for the build with nothing else
      to do.
    """
    for item in items:
        for name in LAYER_MARKERS.get(Path(item.path).parent.name, ()):
            item.add_marker(name)
        if isinstance(item, pytest.DoctestItem) and item.name in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)
        if SERVER_FIXTURES & set(item.fixturenames):
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("browser") and "book" not in item.fixturenames:
            item.fixturenames.insert(0, "book")  # (set up before the module's own fixtures)
    files = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    needs = {name: any("book" in item.fixturenames for item in group)
             for name, group in files.items()}
    first = next((name for name in files if needs[name]), None)

    def place(name: str) -> tuple:
        if name == first:
            return (0, 0)
        if not needs[name]:
            return (1, 0)
        longest = [i for i, known in enumerate(LONGEST_BOOK_FILES) if name.endswith(known)]
        return (2, longest[0] if longest else len(LONGEST_BOOK_FILES))

    order = sorted(files, key=place)
    items[:] = [item for name in order for item in files[name]]


# ---------------------------------------------------------------- where the run's time goes

TIMELINE = os.environ.get("TAROT_TEACH_TIMELINE")
"""A file to which each test's worker, start, end (seconds since the epoch) and id are
appended, when set (read by ``benchmarks/ci_timeline.py``: which files fill the run's two
workers, and when a worker waits with nothing to do)."""


if TIMELINE:
    import time as _time

    _STARTED: dict = {}

    def pytest_runtest_logstart(nodeid, location):
        _STARTED[nodeid] = _time.time()

    def pytest_runtest_logfinish(nodeid, location):
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(TIMELINE, "a", encoding="utf-8") as stream:
            stream.write(f"{worker}\t{_STARTED.pop(nodeid, 0):.3f}\t{_time.time():.3f}\t{nodeid}\n")
