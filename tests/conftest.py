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
    from tarot_teach.app.build import make_server

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
