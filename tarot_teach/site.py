"""Build the book when it is out of date and serve it on this machine (127.0.0.1 only).

``tarot-teach`` (no arguments) calls :func:`main_serve`. The book sources live in
the project checkout (the package is installed from it in editable mode).

Live exercises: one process, one port. A Jupyter server (``jupyter_server``) listens on
127.0.0.1 only, with a random token, under ``/jupyter/``; the same server serves the built
book at ``/``. A page with widgets loads ``_static/vendor/widgets/live.js``, which asks
``/_static/vendor/live/session.json`` for the token and a kernel already started and
warmed up (``import tarot_teach.widgets``), re-runs the page's widget cells in it and swaps
the static widgets for live ones. ``session.json`` is only given to same-origin requests
whose ``Host`` is this machine's loopback name (no other site, no DNS rebinding); every
kernel endpoint needs the token. Kernels of closed pages are shut down by the page
(``pagehide``) or culled when idle.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
import webbrowser
from pathlib import Path

__all__ = ["project_root", "book_is_stale", "build_book", "make_server", "make_live_server",
           "main_serve"]

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


# Sources that every page's executed output depends on (unlike a page's own .md file).
SHARED_PATTERNS = ("tarot_teach/**/*.py", "exercises/**/*.json", "_config.yml", "scripts/*.py",
                   "scripts/assets/*")


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


def make_server(directory: Path, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A static file server for ``directory``, listening on 127.0.0.1 only."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


JUPYTER_BASE = "/jupyter/"
SESSION_PATH = "/_static/vendor/live/session.json"
# Run in every kernel before a page asks for it, so that a page's cells run at once.
WARM_UP = ["import ipywidgets", "import tarot_teach", "import tarot_teach.widgets"]


def _local_host(host: str) -> bool:
    """True for a Host header naming this machine's loopback (127.x, ::1, localhost)."""
    import ipaddress
    import re

    name = re.sub(r":\d+$", "", host or "").strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class _KernelPool:
    """Kernels started ahead of time (warm), handed out one per page."""

    def __init__(self, kernel_manager, size: int = 1) -> None:
        self.km = kernel_manager
        self.size = size
        self.ready: list[str] = []
        self.starting = 0

    async def _start_one(self) -> str:
        kernel_id = await self.km.start_kernel(
            kernel_name="python3", path="",
            extra_arguments=[f"--IPKernelApp.exec_lines={line}" for line in WARM_UP])
        return kernel_id

    async def _refill(self) -> None:
        while len(self.ready) + self.starting < self.size:
            self.starting += 1
            try:
                self.ready.append(await self._start_one())
            finally:
                self.starting -= 1

    def refill_soon(self) -> None:
        import asyncio

        asyncio.ensure_future(self._refill())

    async def take(self) -> str:
        while self.ready:
            kernel_id = self.ready.pop(0)
            if kernel_id in self.km:  # not culled meanwhile
                self.refill_soon()
                return kernel_id
        kernel_id = await self._start_one()
        self.refill_soon()
        return kernel_id


KEY_COOKIE = "tarot_teach_key"


def browser_key() -> str:
    """The secret that lets a browser have a kernel, kept beside the progress file, readable
    by this user only. ``tarot-teach`` opens the book with it once (``/?key=…``); the
    server then keeps it in an HttpOnly cookie, so bookmarks keep working."""
    import secrets

    from .widgets.progress import default_progress_path

    path = default_progress_path().parent / "browser-key"
    try:
        key = path.read_text(encoding="ascii").strip()
        if len(key) >= 32:
            return key
    except (OSError, UnicodeDecodeError):
        pass
    key = secrets.token_urlsafe(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as stream:
        stream.write(key + "\n")
    return key


def make_live_server(directory: Path, port: int = 8000, token: "str | None" = None,
                     kernel_cwd: "Path | None" = None, pool_size: int = 1,
                     key: "str | None" = None):
    """A ``jupyter_server`` ServerApp on 127.0.0.1:``port`` serving ``directory`` at ``/``
    and kernels (token required) under ``/jupyter/``. The token is handed only to a
    same-origin page of a browser holding the ``key`` cookie. Call ``.start()`` to serve."""
    import hmac
    import json
    import secrets

    from jupyter_server.serverapp import ServerApp
    from tornado import web

    token = token or secrets.token_urlsafe(32)
    key = key or browser_key()
    app = ServerApp()
    app.initialize(argv=[
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.open_browser=False",
        f"--ServerApp.base_url={JUPYTER_BASE}",
        f"--ServerApp.root_dir={kernel_cwd or directory}",
        f"--IdentityProvider.token={token}",
        "--ServerApp.allow_remote_access=False",
        "--ServerApp.allow_origin=",
        "--ServerApp.terminals_enabled=False",
        "--ServerApp.answer_yes=True",
        "--ServerApp.allow_root=True",  # kernels run as this user anyway (CI runs as root)
        "--ServerApp.log_level=WARN",
        "--KernelManager.transport=ipc",  # kernel sockets are files only this user can open
        "--ServerApp.websocket_ping_timeout=30000",
        "--MappingKernelManager.cull_idle_timeout=900",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
    ], find_extensions=False)
    if app.ip != "127.0.0.1" or not app.identity_provider.token:
        raise RuntimeError("the Jupyter server must listen on 127.0.0.1 with a token")
    pool = _KernelPool(app.kernel_manager, size=pool_size)

    def refuse_foreign(handler) -> None:
        if not _local_host(handler.request.host):
            raise web.HTTPError(403, "this server only answers to 127.0.0.1")

    class BookHandler(web.StaticFileHandler):
        def prepare(self):
            refuse_foreign(self)
            offered = self.get_query_argument("key", None)
            if offered is not None and hmac.compare_digest(offered, key):
                # The address tarot-teach opened: remember the key, then drop it from the URL.
                self.set_cookie(KEY_COOKIE, key, httponly=True, samesite="Strict",
                                expires_days=365, path="/")
                self.redirect(self.request.path)

        def set_extra_headers(self, path):
            self.set_header("X-Content-Type-Options", "nosniff")
            self.set_header("Cache-Control", "no-cache")

    class SessionHandler(web.RequestHandler):
        def prepare(self):
            refuse_foreign(self)
            site = self.request.headers.get("Sec-Fetch-Site")
            origin = self.request.headers.get("Origin")
            own = f"{self.request.protocol}://{self.request.host}"
            if (site is not None and site not in ("same-origin", "none")) or (
                    origin is not None and origin != own):
                raise web.HTTPError(403, "same-origin requests only")
            if not hmac.compare_digest(self.get_cookie(KEY_COOKIE, "") or "", key):
                raise web.HTTPError(403, "open the tutorial with the tarot-teach command")

        async def get(self):
            kernel_id = await pool.take()
            self.set_header("Content-Type", "application/json")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps({"mode": "jupyter", "base": JUPYTER_BASE,
                                    "token": token, "kernel": kernel_id}))

    class NoFavicon(web.RequestHandler):
        def get(self):  # the book has none; say so without a 404 in the console
            self.set_status(204)

    app.web_app.add_handlers(r".*$", [
        (SESSION_PATH, SessionHandler),
        (r"/favicon\.ico", NoFavicon),
        (r"/(?!jupyter/)(.*)", BookHandler,
         {"path": str(directory), "default_filename": "index.html"}),
    ])
    app.tarot_pool = pool
    app.tarot_token = token
    app.tarot_key = key
    return app


def serve_live(app, on_ready=None) -> None:
    """Start the pool and serve until Ctrl+C (or ``app.stop()``)."""
    app.start_app()
    app.io_loop.add_callback(app.tarot_pool.refill_soon)
    if on_ready is not None:
        app.io_loop.add_callback(on_ready)
    app.start_ioloop()


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
        app = make_live_server(directory, port, kernel_cwd=root / "book")
    except (OSError, SystemExit) as error:
        print(f"tarot-teach: cannot listen on 127.0.0.1:{port} ({error}); try --port.",
              file=sys.stderr)
        return 1
    url = f"http://127.0.0.1:{port}/?key={app.tarot_key}"

    def ready() -> None:
        print(f"The tutorial is at {url}\n(open this address once: it lets this browser "
              "run the exercises) — press Ctrl+C to stop.", file=sys.stderr, flush=True)
        if open_browser and not os.environ.get("TAROT_TEACH_NO_BROWSER"):
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    try:
        serve_live(app, on_ready=ready)
    except KeyboardInterrupt:
        pass
    return 0
