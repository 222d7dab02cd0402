"""Building the book when it is out of date, from the project checkout the package is
installed from (in editable mode)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

# Sources that every page's executed output depends on (unlike a page's own .md file).
SHARED_PATTERNS = ("tarot_teach/**/*.py", "exercises/**/*.json", "_config.yml", "scripts/*.py",
                   "scripts/assets/*", "scripts/templates/*")
SOURCE_PATTERNS = SHARED_PATTERNS + ("book/**/*.md", "book/**/*.py", "_toc.yml",
                                     "scripts/assets/live/*.js", "scripts/*.mjs")
STAMP = ".tarot_teach_built"
# Not 8000 (python -m http.server's and many tools' default): a page another program serves
# later on the tutorial's port would find this origin's storage (see keys.BrowserKey).
DEFAULT_PORT = 8276


def project_root() -> "Path | None":
    """The checkout holding ``_config.yml`` and ``book/`` (None if the package was installed
    without its sources)."""
    candidate = Path(__file__).resolve().parents[2]
    if (candidate / "_config.yml").is_file() and (candidate / "book").is_dir():
        return candidate
    return None


def html_dir(root: Path) -> Path:
    """Where the book is built: ``root/_build/html``.

    >>> html_dir(Path("/x")).as_posix()
    '/x/_build/html'
    """
    return root / "_build" / "html"


def _newer_than_stamp(root: Path, patterns) -> bool:
    stamp = html_dir(root) / STAMP
    if not stamp.is_file():
        return True
    built = stamp.stat().st_mtime
    return any(path.is_file() and path.stat().st_mtime > built
               for pattern in patterns for path in root.glob(pattern))


def book_is_stale(root: Path) -> bool:
    """True when a source of the book is newer than the last successful build."""
    return _newer_than_stamp(root, SOURCE_PATTERNS)


def build_log(root: Path) -> Path:
    """Where a build's whole output goes: ``root/_build/build.log``.

    >>> build_log(Path("/x")).as_posix()
    '/x/_build/build.log'
    """
    return root / "_build" / "build.log"


class BuildFailed(RuntimeError):
    """The book could not be built: ``lines`` say why (a few), ``log`` holds everything."""

    def __init__(self, lines: "list[str]", log: Path) -> None:
        super().__init__("\n".join(lines))
        self.lines, self.log = lines, log


_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|  File \"|    \S|\s*\^+\s*$")
# What Sphinx and Jupyter Book say around a traceback, which says nothing of the cause.
_AROUND = re.compile(r"There was an error in building your book|The above exception|During "
                     r"handling|Exception ignored in|Exception occurred:|full traceback has been "
                     r"saved|Please also report|bug report can be filed|^=+$")
_ERROR = re.compile(r"\w(Error|Exception)\b.*:\s*\S|\b(ERROR|CRITICAL)\b|error:|failed|not "
                    r"found|cannot|could not")


def failure_lines(text: str, count: int = 5) -> "list[str]":
    r"""The few lines of a failed build's output worth showing: the last ``count`` lines
    that name an error (each once), else its last ``count`` lines; never a traceback's
    frames.

    >>> failure_lines("reading...\nException occurred:\n  File \"x.py\", line 1\n    raise X\n"
    ...               "RuntimeError: Kernel didn't respond\nTraceback (most recent call last):"
    ...               "\nRuntimeError: Kernel didn't respond\nThe above exception was the "
    ...               "direct cause of the following exception:\nAssertionError: \n\n")
    ["RuntimeError: Kernel didn't respond"]
    >>> failure_lines("a\nb\n\nc", count=2)
    ['b', 'c']
    """
    lines = [line.rstrip() for line in text.splitlines()
             if line.strip() and not _TRACEBACK.match(line) and not _AROUND.search(line)]
    named = list(dict.fromkeys(line for line in lines if _ERROR.search(line)))
    return (named or lines)[-count:]


_COLOURS = re.compile(r"\x1b\[[0-9;]*m")
# Each kernel that executes a page says so once (it listens on 127.0.0.1 only, with signed
# messages; myst-nb gives its kernels no other transport): noise, left out of the log.
_NOISE = re.compile(r"\[IPKernelApp\] WARNING \| Kernel is running over TCP without encryption")


def _run_logged(command: "list[str]", root: Path, log, verbose: bool) -> int:
    """Run ``command`` in ``root``, its output (without colours or :data:`_NOISE`) written
    to ``log`` (and to this terminal when ``verbose``); its exit code."""
    with subprocess.Popen(command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          stdin=subprocess.DEVNULL, text=True, errors="replace") as process:
        for line in process.stdout:
            line = _COLOURS.sub("", line)
            if _NOISE.match(line):
                continue
            log.write(line)
            if verbose:
                sys.stderr.write(line)
                sys.stderr.flush()
    log.flush()
    return process.returncode


def build_book(root: Path, verbose: bool = False) -> None:
    """Fetch the vendored assets if needed and build the book, the whole output in
    :func:`build_log`; :class:`BuildFailed` if it fails. The execution cache knows only
    each page's own text: when a :data:`SHARED_PATTERNS` source changed, every page is
    executed again, so that no page shows what an older engine computed."""
    python = sys.executable
    command = [python, "-c", "import sys; from jupyter_book.cli.main import main; sys.exit(main())",
               "build", str(root), "--keep-going"]
    if _newer_than_stamp(root, SHARED_PATTERNS):
        shutil.rmtree(root / "_build" / ".jupyter_cache", ignore_errors=True)
        command.append("--all")
    log_path = build_log(root)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "w", encoding="utf-8") as log:
        for step in ([python, str(root / "scripts" / "fetch_assets.py")], command):
            if _run_logged(step, root, log, verbose) != 0:
                log.close()
                text = log_path.read_text(encoding="utf-8", errors="replace")
                raise BuildFailed(failure_lines(text), log_path)
    (html_dir(root) / STAMP).write_text("built\n")
