"""Build the book when it is out of date and serve it on this machine (127.0.0.1 only).

``tarot-teach`` (no arguments) calls :func:`main_serve`. The book sources live in
the project checkout (the package is installed from it in editable mode).
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
import webbrowser
from pathlib import Path

__all__ = ["project_root", "book_is_stale", "build_book", "make_server", "main_serve"]

SOURCE_PATTERNS = ("book/**/*.md", "book/**/*.py", "exercises/**/*.json", "tarot_teach/**/*.py",
                   "_config.yml", "_toc.yml", "scripts/*.py", "scripts/assets/*")
STAMP = ".tarot_teach_built"


def project_root() -> "Path | None":
    """The checkout holding ``_config.yml`` and ``book/`` (None if the package was installed
    without its sources)."""
    candidate = Path(__file__).resolve().parent.parent
    if (candidate / "_config.yml").is_file() and (candidate / "book").is_dir():
        return candidate
    return None


def html_dir(root: Path) -> Path:
    return root / "_build" / "html"


def book_is_stale(root: Path) -> bool:
    """True when a source of the book is newer than the last successful build."""
    stamp = html_dir(root) / STAMP
    if not stamp.is_file():
        return True
    built = stamp.stat().st_mtime
    for pattern in SOURCE_PATTERNS:
        for path in root.glob(pattern):
            if path.is_file() and path.stat().st_mtime > built:
                return True
    return False


def build_book(root: Path) -> None:
    """Fetch the vendored assets if needed and build the book (raises on failure)."""
    python = sys.executable
    subprocess.run([python, str(root / "scripts" / "fetch_assets.py")], cwd=root, check=True)
    build = "import sys; from jupyter_book.cli.main import main; sys.exit(main())"
    subprocess.run([python, "-c", build, "build", str(root), "--keep-going"], cwd=root, check=True)
    (html_dir(root) / STAMP).write_text("built\n")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def make_server(directory: Path, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A static file server for ``directory``, listening on 127.0.0.1 only."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main_serve(port: int = 8000, open_browser: bool = True, rebuild: bool = True) -> int:
    """Build if needed, serve, and open the browser on the first page. Ctrl+C stops."""
    root = project_root()
    if root is None:
        print("tarot-teach: the book sources were not found next to the package; "
              "run it from a checkout installed with `scripts/setup`.", file=sys.stderr)
        return 2
    if rebuild and book_is_stale(root):
        print("Building the book (the first time takes a minute or two)…", file=sys.stderr)
        try:
            build_book(root)
        except (subprocess.CalledProcessError, OSError) as error:
            print(f"tarot-teach: the book could not be built ({error}).", file=sys.stderr)
            return 1
    directory = html_dir(root)
    if not (directory / "index.html").is_file():
        print("tarot-teach: there is no built book to serve.", file=sys.stderr)
        return 1
    try:
        server = make_server(directory, port)
    except OSError as error:
        print(f"tarot-teach: cannot listen on 127.0.0.1:{port} ({error.strerror}); "
              "try --port.", file=sys.stderr)
        return 1
    url = f"http://127.0.0.1:{port}/"
    print(f"The tutorial is at {url} — press Ctrl+C to stop.", file=sys.stderr)
    if open_browser and not os.environ.get("TAROT_TEACH_NO_BROWSER"):
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
