"""Building the book when it is out of date, and a plain static server for it.

The book sources live in the project checkout (the package is installed from it in
editable mode).
"""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["project_root", "html_dir", "book_is_stale", "build_book", "make_server",
           "DEFAULT_PORT"]

SOURCE_PATTERNS = ("book/**/*.md", "book/**/*.py", "exercises/**/*.json", "tarot_teach/**/*.py",
                   "_config.yml", "_toc.yml", "scripts/*.py", "scripts/assets/*",
                   "scripts/assets/live/*.js", "scripts/templates/*", "scripts/*.mjs")
# Sources that every page's executed output depends on (unlike a page's own .md file).
SHARED_PATTERNS = ("tarot_teach/**/*.py", "exercises/**/*.json", "_config.yml", "scripts/*.py",
                   "scripts/assets/*", "scripts/templates/*")
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


def build_book(root: Path) -> None:
    """Fetch the vendored assets if needed and build the book (raises on failure).

    The execution cache knows only each page's own text: when the package, the
    exercise data or the configuration changed, every page is executed and written
    again, so that no page shows what an older engine computed.
    """
    python = sys.executable
    subprocess.run([python, str(root / "scripts" / "fetch_assets.py")], cwd=root, check=True)
    command = [python, "-c", "import sys; from jupyter_book.cli.main import main; sys.exit(main())",
               "build", str(root), "--keep-going"]
    if _newer_than_stamp(root, SHARED_PATTERNS):
        shutil.rmtree(root / "_build" / ".jupyter_cache", ignore_errors=True)
        command.append("--all")
    subprocess.run(command, cwd=root, check=True)
    (html_dir(root) / STAMP).write_text("built\n")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    # The types browsers insist on for modules and WebAssembly (the static Pyodide mode).
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip",
    }

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def make_server(directory: Path, port: int = DEFAULT_PORT) -> http.server.ThreadingHTTPServer:
    """A static file server for ``directory``, listening on 127.0.0.1 only."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
