"""Build the book when it is out of date and serve it on this machine (127.0.0.1 only).

``tarot-teach`` (no arguments) calls :func:`main_serve`. The book sources live in
the project checkout (the package is installed from it in editable mode).

Live exercises: one process, one port. A Jupyter server (``jupyter_server``) listens on
127.0.0.1 only, with a random token, under ``/jupyter/``; the same server serves the built
book at ``/``. A page with widgets loads ``_static/vendor/widgets/live.js``, which asks
``/_static/vendor/live/session.json`` for the token and a kernel already started and
warmed up (every module of tarot_teach imported: two such spares wait, see
:class:`_KernelPool`), re-runs in it the cells the page's widgets need
(:mod:`tarot_teach.live_cells`) and swaps the static widgets for live ones. The first page
of a tab does not wait for that: the server runs its cells as soon as the page asks for its
kernel, while the browser still loads the widget code (:class:`_PageRuns`).

Who may run code: the server makes a new key at each start (kept in its memory only:
a key from an earlier start, which a page served later on the same port could read, is
refused). ``tarot-teach`` opens the browser on a file only this user may read (as Jupyter
does; ``ps`` shows every browser's command line to every local user), which sends it on to
``/_static/vendor/live/open.html#code=…`` (a fragment never reaches a server or a log): a
one-use code, good for two minutes, that the page trades for the key by a same-origin
request, then keeps in localStorage, which belongs to this origin alone (cookies ignore
ports, so none is used: Jupyter's login cookie is switched off too), and removes from the
address. The terminal shows an address with the key itself, for another browser.
``session.json`` answers only requests a browser says come from this origin
(``Sec-Fetch-Site``/``Origin``: none is no answer), with the key in a header and a loopback
``Host`` (no other site, no DNS rebinding); every kernel endpoint needs the token, sent with
each request. Keys expire after hours without use. Secrets are scrubbed from log lines;
pages may only be framed by this origin. One kernel per tab: a reload gets it back; a
kernel no page is connected to is shut down within seconds (the page says when it leaves)
or half a minute.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import webbrowser
from pathlib import Path

__all__ = ["project_root", "book_is_stale", "build_book", "make_server", "make_live_server",
           "main_serve"]

SOURCE_PATTERNS = ("book/**/*.md", "book/**/*.py", "exercises/**/*.json", "tarot_teach/**/*.py",
                   "_config.yml", "_toc.yml", "scripts/*.py", "scripts/assets/*",
                   "scripts/templates/*", "scripts/*.mjs")
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
                   "scripts/assets/*", "scripts/templates/*")


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


# Not 8000 (python -m http.server's and many tools' default): a page another program serves
# later on the tutorial's port would find this origin's storage (see BrowserKey).
DEFAULT_PORT = 8276


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


JUPYTER_BASE = "/jupyter/"
SESSION_PATH = "/_static/vendor/live/session.json"
# Run in every kernel before a page asks for it, so that a page's cells run at once.
# Every module of tarot_teach is imported, as a page may ask for any (not the command line
# nor this server).
WARM_UP = ["import ipywidgets", "import tarot_teach", "import tarot_teach.widgets",
           "import importlib, pkgutil, tarot_teach; _tt = [importlib.import_module(m.name) for m in "
           "pkgutil.walk_packages(tarot_teach.__path__, 'tarot_teach.') "
           "if m.name.rsplit('.', 1)[-1] not in ('cli', 'site', '__main__')]; "
           "del importlib, pkgutil, _tt"]
# Run in a kernel once it waits in the pool as a spare (not before: a page that comes while
# kernels start is not kept waiting for it). matplotlib, imported the way the widgets import
# it, takes half a second (charts drawn when a page opens, e.g. chapter 13's) and about 48 MB.
WARM_UP_LATER = "from tarot_teach.widgets.charts import pyplot as _tt\n_tt()\ndel _tt\n"


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


POOL_SIZE = 2  # warm kernels kept ready (each holds about 110 MB of memory)
WARM_TIMEOUT = 120  # seconds a new kernel may take to import everything
# A spare taken while another is still ready is replaced this many seconds later: starting a
# kernel takes a core for a second or two, which the page just opened needs more.
REFILL_DELAY = 4.0


class _KernelPool:
    """Kernels started ahead of time and warmed up (:data:`WARM_UP` has run), handed out
    one per tab. At most ``size`` kernels belong to no tab (ready or starting): each one
    taken is replaced in the background (after ``refill_delay`` seconds if another one is
    still ready or starting, so as not to slow down the page just opened). A page that
    comes when none is ready gets the next one that finishes starting (pages are served in
    the order they came). A spare then runs :data:`WARM_UP_LATER`; a spare still running it
    is handed out only when no other is ready. The kernel manager never culls a spare
    (``km.spares``)."""

    def __init__(self, kernel_manager, size: int = POOL_SIZE) -> None:
        import collections

        self.km = kernel_manager
        self.size = size
        self.refill_delay = REFILL_DELAY
        self.refill_due = None  # the refill planned (an asyncio TimerHandle)
        self.ready: list[str] = []
        self.starting = 0
        self.waiting: "collections.deque" = collections.deque()  # futures of pages waiting
        self.spares = getattr(kernel_manager, "spares", set())
        # The spares running WARM_UP_LATER, by kernel (the kernel manager's: a kernel's
        # shutdown cancels it, as no answer will come).
        self.busy = getattr(kernel_manager, "busy", {})
        # Each warm kernel's client, its output already listened to (see take_client).
        self.clients: dict = {}

    async def _start_one(self) -> str:
        kernel_id = await self.km.start_kernel(
            kernel_name="python3", path="",
            extra_arguments=[f"--IPKernelApp.exec_lines={line}" for line in WARM_UP])
        self.spares.add(kernel_id)
        try:
            self.clients[kernel_id] = await self._warmed(kernel_id)
        except BaseException:
            self.spares.discard(kernel_id)
            raise
        return kernel_id

    async def _warmed(self, kernel_id: str):
        """Until the kernel answers: it runs its warm-up lines before answering anything
        (jupyter_server calls a kernel started as soon as its process runs). The client
        that asked, still connected."""
        client = self.km.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=WARM_TIMEOUT)
        except BaseException:
            client.stop_channels()
            raise
        return client

    def take_client(self, kernel_id: str):
        """The connected client of a kernel this pool started (once; None after): the
        page's cells run through it at once, where a new client takes a few tenths of a
        second to be sure it hears the kernel's output. The taker stops its channels.
        None while the kernel still runs :data:`WARM_UP_LATER`: that client waits for its
        reply (a taker that ran nothing would stop it at once), then the pool stops it."""
        if kernel_id in self.busy:
            return None
        return self.clients.pop(kernel_id, None)

    def refill_soon(self) -> None:
        """Start (in the background) the kernels missing from the pool: all of them when
        none is starting; otherwise only those the pages waiting still lack, the spares
        :meth:`refill_later` (starting a kernel takes a core the waiting pages need)."""
        import asyncio

        if self.refill_due is not None:
            self.refill_due.cancel()
            self.refill_due = None
        missing = self.size + len(self.waiting) - len(self.ready) - self.starting
        if self.starting:
            missing_now = max(0, min(missing, len(self.waiting) - self.starting))
        else:
            missing_now = max(0, missing)
        for _ in range(missing_now):
            self.starting += 1  # counted before the task runs: never too many
            asyncio.ensure_future(self._start_and_keep())
        if missing > missing_now:
            self.refill_later()

    def refill_later(self) -> None:
        """:meth:`refill_soon` in ``refill_delay`` seconds (once, however many ask)."""
        import asyncio

        if self.refill_due is None:
            self.refill_due = asyncio.get_running_loop().call_later(self.refill_delay,
                                                                    self.refill_soon)

    async def _start_and_keep(self) -> None:
        import asyncio

        try:
            kernel_id = await self._start_one()
        except Exception as error:  # noqa: BLE001 - the page waiting is told
            self.starting -= 1
            self.km.log.warning("a kernel did not start: %s", error)
            if self.waiting:
                future = self.waiting.popleft()
                if not future.done():
                    future.set_exception(error)
            return
        self.starting -= 1
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():  # (a page that went away no longer waits)
                self.spares.discard(kernel_id)
                future.set_result(kernel_id)
                return
        self.ready.append(kernel_id)
        warming = asyncio.ensure_future(self._warm_later(kernel_id))
        self.busy[kernel_id] = warming  # (see busy)
        warming.add_done_callback(lambda _: self.busy.pop(kernel_id, None))
        await asyncio.wait([warming])
        # Taken meanwhile (its page connected a client of its own), or shut down:
        if kernel_id not in self.ready or warming.cancelled():
            client = self.clients.pop(kernel_id, None)
            if client is not None:
                client.stop_channels()

    async def _warm_later(self, kernel_id: str) -> None:
        """Run :data:`WARM_UP_LATER` in a spare, through its client (until its reply)."""
        client = self.clients.get(kernel_id)
        if client is None:
            return
        try:
            request = client.execute(WARM_UP_LATER, silent=True, store_history=False)
            while True:
                reply = await client.get_shell_msg(timeout=WARM_TIMEOUT)
                if reply["parent_header"].get("msg_id") == request:
                    break
        except Exception as error:  # noqa: BLE001 - a page imports what it needs itself
            self.km.log.debug("a spare did not finish warming up: %s", error)

    async def take(self) -> str:
        """A warm kernel for a new tab (it is no longer a spare)."""
        import asyncio

        while self.ready:
            idle = [k for k in self.ready if k not in self.busy]
            kernel_id = (idle or self.ready)[0]
            self.ready.remove(kernel_id)
            if kernel_id in self.km:  # not gone meanwhile
                self.spares.discard(kernel_id)
                if self.ready or self.starting:
                    self.refill_later()
                else:
                    self.refill_soon()
                return kernel_id
            self.spares.discard(kernel_id)
            client = self.clients.pop(kernel_id, None)
            if client is not None:
                client.stop_channels()
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(future)
        self.refill_soon()
        try:
            return await future
        finally:
            if future in self.waiting:
                self.waiting.remove(future)


PRERUN_PATH = "/_static/vendor/live/prerun.json"
PRERUN_TIMEOUT = 300  # seconds a page's cells may take (a page of a dozen hands, loaded machine)
UNCLAIMED_SECONDS = 120  # a run no page came for is forgotten this long after it ended
_PAGE_NAME = re.compile(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*")
# Run before a page's cells in a kernel a page had before (a reload): its widgets go.
CLOSE_WIDGETS = "import ipywidgets as _tt_w\n_tt_w.Widget.close_all()\ndel _tt_w\n"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _heard(msg: dict, report: "dict | None", messages: list) -> bool:
    """Take in one output message of a cell run ahead (:class:`_PageRuns`): a widget
    message goes to ``messages`` (as live.js receives it), a widget view or an error to the
    cell's ``report``. True when the cell is done (its kernel went idle).

    >>> report, messages = {"views": [], "error": None}, []
    >>> _heard({"msg_type": "display_data", "content": {"data": {WIDGET_VIEW: {
    ...     "model_id": "m1"}}}}, report, messages), report["views"]
    (False, ['m1'])
    >>> _heard({"msg_type": "status", "content": {"execution_state": "idle"}}, report, [])
    True
    """
    kind, content = msg["msg_type"], msg["content"]
    if kind in ("comm_open", "comm_msg", "comm_close"):
        messages.append({"header": {"msg_id": msg["header"]["msg_id"], "msg_type": kind},
                         "parent_header": {"msg_id": msg["parent_header"]["msg_id"]},
                         "metadata": msg.get("metadata", {}), "content": content,
                         "channel": "iopub"})
    elif kind in ("display_data", "execute_result") and report is not None:
        view = content.get("data", {}).get(WIDGET_VIEW)
        if view:
            report["views"].append(view["model_id"])
    elif kind == "error" and report is not None:
        report["error"] = f"{content['ename']}: {content['evalue']}"
    return kind == "status" and content.get("execution_state") == "idle"


class _PageRuns:
    """A page's cells run in its tab's kernel from the moment the page asks for the kernel
    (``session.json?page=book/07-tricks``): the server runs the cells the built page marks
    as needed (:func:`tarot_teach.live_cells.page_cells`: the sources come from the built
    file, never from the browser) while the browser still loads the widget code. The page
    then asks ``prerun.json`` (a POST) once for what they did: each cell's widget views and
    error, and the kernel's widget messages (comm_open, comm_msg), which live.js hands to
    its widget manager as if they had come over its WebSocket."""

    def __init__(self, kernel_manager, directory: Path) -> None:
        self.km = kernel_manager
        self.directory = Path(directory).resolve()
        self.runs: dict[str, tuple[str, "asyncio.Future"]] = {}  # tab -> (run id, result)
        self.ended: dict[str, float] = {}  # run id -> when it ended (time.monotonic)
        self.unclaimed_seconds = UNCLAIMED_SECONDS
        self._cells: dict[Path, tuple[float, list]] = {}  # built page -> (mtime, cells)

    def cells(self, page: str) -> "list[dict]":
        """The needed cells of ``page`` (e.g. ``book/07-tricks``); [] for an unknown name."""
        from .live_cells import page_cells

        if not _PAGE_NAME.fullmatch(page or ""):
            return []
        path = (self.directory / (page + ".html")).resolve()
        if self.directory not in path.parents:
            return []
        try:
            mtime = path.stat().st_mtime
            if self._cells.get(path, (None,))[0] != mtime:
                self._cells[path] = (mtime, page_cells(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError):
            return []
        return [cell for cell in self._cells[path][1] if cell.get("needed", True)]

    def start(self, tab: str, kernel_id: str, page: str, reused: bool,
              client=None) -> "str | None":
        """Run ``page``'s cells in the kernel (in the background), through ``client`` if
        given (connected: see :meth:`_KernelPool.take_client`; this run stops it); the
        run's id, or None when the page has none to run."""
        import asyncio
        import secrets

        cells = self.cells(page)
        if not cells:
            if client is not None:
                client.stop_channels()
            return None
        self._forget_unclaimed()
        run_id = secrets.token_hex(8)
        run = asyncio.ensure_future(self._run(kernel_id, cells, reused, client))
        run.add_done_callback(lambda _: self.ended.__setitem__(run_id, time.monotonic()))
        self.runs[tab] = (run_id, run)
        return run_id

    def _forget_unclaimed(self) -> None:
        """Drop the runs no page came for (it was closed while loading) a while after
        they ended."""
        now = time.monotonic()
        for tab, (run_id, _) in list(self.runs.items()):
            if now - self.ended.get(run_id, now) > self.unclaimed_seconds:
                del self.runs[tab]
        self.ended = {run_id: when for run_id, when in self.ended.items()
                      if now - when <= self.unclaimed_seconds}

    async def result(self, tab: str, run_id: str) -> "dict | None":
        """What the tab's run ``run_id`` did, once it is done (once: it is then forgotten);
        None for a run this tab does not have."""
        import asyncio

        entry = self.runs.get(tab)
        if entry is None or entry[0] != run_id:
            return None
        del self.runs[tab]
        return await asyncio.shield(entry[1])

    async def _run(self, kernel_id: str, cells: "list[dict]", reused: bool,
                   client=None) -> dict:
        import queue

        connected = client is not None
        if not connected:
            client = self.km.get_kernel(kernel_id).client()
            client.start_channels()
        try:
            if not connected:
                await client.wait_for_ready(timeout=WARM_TIMEOUT)  # (its output is heard)
            requests: dict[str, "dict | None"] = {}
            if reused:
                requests[client.execute(CLOSE_WIDGETS, store_history=False)] = None
            done = []
            for cell in cells:
                report = {"index": cell["index"], "views": [], "error": None}
                done.append(report)
                requests[client.execute(cell["source"], store_history=False,
                                        stop_on_error=False)] = report
            messages, pending = [], set(requests)
            while pending:
                try:
                    msg = await client.get_iopub_msg(timeout=PRERUN_TIMEOUT)
                except queue.Empty:
                    return {"error": f"the page's cells took more than {PRERUN_TIMEOUT} s"}
                parent = msg["parent_header"].get("msg_id")
                if parent in pending and _heard(msg, requests[parent], messages):
                    pending.discard(parent)
            return {"cells": done, "messages": messages}
        except Exception as error:  # noqa: BLE001 - the page runs its cells itself instead
            self.km.log.warning("a page's cells did not run ahead: %s", error)
            return {"error": str(error)}
        finally:
            client.stop_channels()


KEY_HEADER = "X-Tarot-Teach-Key"
TAB_HEADER = "X-Tarot-Teach-Tab"
# Which load of its tab the page is (1, 2, ...: live.js counts them in sessionStorage).
LOAD_HEADER = "X-Tarot-Teach-Load"
OPEN_PATH = "/_static/vendor/live/open.html"
KEY_PATH = "/_static/vendor/live/key.json"  # the opener's code (or key) for the key
CODE_HEADER = "X-Tarot-Teach-Code"
RELEASE_PATH = "/_static/vendor/live/release"
KEY_LIFETIME = 12 * 3600  # seconds without use after which a browser's key is refused
CODE_LIFETIME = 120  # seconds a one-use code for the key is good for (a browser starting)
# A kernel no page is connected to is shut down after this many seconds (released: the page
# said it was going away; a reload comes back well within that).
ORPHAN_SECONDS = 30
RELEASED_SECONDS = 5
CULL_EVERY = 2
FRAME_POLICY = "frame-ancestors 'self'"
# A WebSocket whose page does not answer a ping for this long is closed (the tests shorten it).
WS_PING_MS = int(os.environ.get("TAROT_TEACH_WS_PING_MS", "30000"))
# jupyter_server's ping loop (milliseconds) checks the last pong before it sends each ping,
# the first one too: with a timeout no longer than the interval it closed every kernel
# socket that interval after it opened. It pings every half WS_PING_MS, then.
WS_PING_SETTINGS = {"ws_ping_interval": WS_PING_MS // 2, "ws_ping_timeout": WS_PING_MS}
_TAB_ID = re.compile(r"[A-Za-z0-9-]{8,64}")


def _private_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by this user only (mode 0600, folder 0700)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as stream:
        stream.write(text)


class BrowserKey:
    """The secret that lets a browser have a kernel: a new one at each start of the server,
    kept in its memory only (a key from an earlier start is refused, so a page served later
    on the same port finds only a dead key in the browser's storage). It expires after
    ``lifetime`` seconds without use (each use renews it); an expired key is replaced by a
    new one (``on_new_key`` is told).

    The browser gets it for a one-use code (:meth:`new_code`, :meth:`trade`), worth nothing
    after its first use or ``CODE_LIFETIME`` seconds: only the code is ever written where
    another could see it (the address the browser opens, its history).

    >>> clock = [1000.0]
    >>> keys = BrowserKey(3600, clock=lambda: clock[0])
    >>> first = keys.current
    >>> keys.accepts(first), keys.accepts("guess"), keys.accepts("")
    (True, False, False)
    >>> clock[0] += 3000; keys.accepts(first)     # used within the hour: renewed
    True
    >>> clock[0] += 3601; keys.accepts(first)     # an hour unused: refused, and replaced
    False
    >>> keys.current != first, BrowserKey().current != BrowserKey().current
    (True, True)
    >>> code = keys.new_code()
    >>> keys.trade(code) == keys.current, keys.trade(code)
    (True, None)
    """

    def __init__(self, lifetime: float = KEY_LIFETIME, clock=None, on_new_key=None) -> None:
        self.lifetime = lifetime
        self.clock = clock or time.time
        self.on_new_key = None
        self.codes: dict[str, float] = {}  # one-use code -> when it expires
        self._new_key()
        self.on_new_key = on_new_key

    def _new_key(self) -> None:
        import secrets

        self.current = secrets.token_urlsafe(32)
        self.last_used = self.clock()
        if self.on_new_key is not None:
            self.on_new_key(self.current)

    def accepts(self, offered: str) -> bool:
        """True for the current key, used recently enough (and then renewed)."""
        import hmac

        if not offered or not hmac.compare_digest(offered.encode(), self.current.encode()):
            return False
        if self.clock() - self.last_used > self.lifetime:
            self._new_key()
            return False
        self.last_used = self.clock()
        return True

    def new_code(self, lifetime: "float | None" = None) -> str:
        """A new one-use code for the key, good for ``lifetime`` seconds (CODE_LIFETIME)."""
        import secrets

        code = secrets.token_urlsafe(24)
        self.codes[code] = self.clock() + (CODE_LIFETIME if lifetime is None else lifetime)
        return code

    def trade(self, code: str) -> "str | None":
        """The key (renewed, or a new one if it expired) for a code from :meth:`new_code`
        neither used nor expired: it is used up now. None for any other code."""
        import hmac

        now = self.clock()
        offered = (code or "").encode()
        known = [made for made in self.codes if hmac.compare_digest(made.encode(), offered)]
        expires = self.codes.pop(known[0]) if known else None
        self.codes = {made: end for made, end in self.codes.items() if end >= now}
        if expires is None or now > expires:
            return None
        if now - self.last_used > self.lifetime:
            self._new_key()
        self.last_used = now
        return self.current


class _SecretScrubber:
    """A logging filter that replaces the server's secrets in every log line by ``[secret]``
    (the message, its arguments and any traceback text)."""

    def __init__(self, *secrets_: str) -> None:
        self.secrets = [s for s in secrets_ if s]

    def add(self, secret: str) -> None:
        self.secrets.append(secret)

    def _clean(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "[secret]")
        return text

    def filter(self, record) -> bool:
        try:
            text = record.getMessage()
        except Exception:  # a broken format string: keep the raw message
            text = str(record.msg)
        record.msg, record.args = self._clean(text), ()
        if record.exc_info and not record.exc_text:
            import logging

            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        return True


def _scrub_logs(scrubber: _SecretScrubber, *loggers) -> None:
    """Attach ``scrubber`` to every handler these loggers (and the root logger) write to."""
    import logging

    seen = set()
    for logger in (logging.getLogger(), *loggers):
        while logger is not None:
            for handler in logger.handlers:
                if id(handler) not in seen:
                    seen.add(id(handler))
                    handler.addFilter(scrubber)
            logger = logger.parent if logger.propagate else None


def _token_only_identity_provider():
    """jupyter_server's IdentityProvider without its login cookie: the token must come with
    every request (a cookie would be sent to any server on 127.0.0.1, whatever its port)."""
    from jupyter_server.auth.identity import IdentityProvider

    class TokenOnlyIdentityProvider(IdentityProvider):
        def get_user_cookie(self, handler):
            return None

        def set_login_cookie(self, handler, user):
            pass

    return TokenOnlyIdentityProvider


def _live_kernel_classes() -> dict:
    """jupyter_server's kernel managers, made safe for kernels that are still starting and
    quiet when kernels stop.

    ``LiveMappingKernelManager``: a kernel is listed by jupyter_client a moment before
    jupyter_server marks it (``last_activity``, ``execution_state``); listing it in that
    moment raised a TraitError (a 500 and a traceback in the terminal). It is now described
    as starting. At the server's exit, kernels still starting are shut down once started
    (jupyter_server refused them, and the exit stopped half-way). A kernel is shut down once
    however many ask (the cull of a tab's kernel, the server's exit): a second caller waits
    for the first, and a kernel it has shut down already is no error (jupyter_server
    answered 404 and printed the traceback of its exit); an unknown one is still a 404.

    ``LiveKernelManager``: a kernel is killed, never asked to shut down. It keeps nothing for
    its exit (a learner's progress is written at each answer, atomically: a kill during a
    write leaves the file as it was), and every polite way raced with the code it might run:
    asked to stop while its code ran or was about to run (a page's cells, the pool's
    warm-up, a click), ipykernel closed its sockets under the reply and printed "Exception in
    message handler" with a traceback into the learner's terminal; interrupted while still
    importing, a ``KeyboardInterrupt`` traceback; asked within milliseconds of its launch,
    "Event loop is closed". Nor is it interrupted first, as jupyter_client does before any
    shutdown."""
    import asyncio
    from datetime import datetime, timezone

    from jupyter_server.services.kernels.kernelmanager import (
        AsyncMappingKernelManager, ServerKernelManager)
    from traitlets import DottedObjectName

    def mark_starting(kernel) -> None:
        if not kernel.trait_has_value("last_activity"):
            kernel.last_activity = datetime.now(timezone.utc)
        if kernel.execution_state is None:
            kernel.execution_state = "starting"

    class LiveKernelManager(ServerKernelManager):
        async def _async_shutdown_kernel(self, now: bool = False, restart: bool = False) -> None:
            await super()._async_shutdown_kernel(now=True, restart=restart)

        shutdown_kernel = _async_shutdown_kernel  # (both names, as jupyter_client has them)

        async def _async_interrupt_kernel(self) -> None:
            if not self.shutting_down:  # (jupyter_client interrupts a kernel it is to kill)
                await super()._async_interrupt_kernel()

    class LiveMappingKernelManager(AsyncMappingKernelManager):
        kernel_manager_class = DottedObjectName(f"{__name__}.LiveKernelManager")

        def __init__(self, **kwargs) -> None:
            super().__init__(**kwargs)
            self._starting: "set[asyncio.Future]" = set()
            self._stopping: "dict[str, asyncio.Future]" = {}  # kernel id -> its shutdown
            self._stopped: "set[str]" = set()  # the kernels shut down (ids: bytes each)
            self.spares: "set[str]" = set()  # a pool's warm kernels: no page, never culled
            self.busy: "dict[str, asyncio.Future]" = {}  # code a pool runs in a spare

        async def start_kernel(self, **kwargs) -> str:
            start = asyncio.ensure_future(super().start_kernel(**kwargs))
            self._starting.add(start)
            start.add_done_callback(self._starting.discard)
            return await start

        async def shutdown_all(self, now: bool = False) -> None:
            # A kernel still starting cannot be shut down yet (jupyter_server answers 404,
            # which stopped the server's exit half-way): let it start first.
            if self._starting:
                await asyncio.gather(*list(self._starting), return_exceptions=True)
            await super().shutdown_all(now=now)

        async def _async_shutdown_kernel(self, kernel_id, now=False, restart=False):
            stopping = self._stopping.get(kernel_id)
            if stopping is None:
                if kernel_id in self._stopped and kernel_id not in self:
                    return None  # gone already: nothing to stop
                stopping = asyncio.ensure_future(
                    super()._async_shutdown_kernel(kernel_id, now=now, restart=restart))
                self._stopping[kernel_id] = stopping
                if kernel_id in self:
                    self._stopped.add(kernel_id)
                stopping.add_done_callback(lambda _: self._stopping.pop(kernel_id, None))
                warming = self.busy.get(kernel_id)
                if warming is not None:  # the pool's code there will have no answer
                    warming.cancel()
            return await asyncio.shield(stopping)

        shutdown_kernel = _async_shutdown_kernel  # (both names, as jupyter_server has them)

        def kernel_model(self, kernel_id):
            self._check_kernel_id(kernel_id)
            mark_starting(self._kernels[kernel_id])
            return super().kernel_model(kernel_id)

        async def cull_kernel_if_idle(self, kernel_id):
            if kernel_id in self.spares:
                return None
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                mark_starting(kernel)
            return await super().cull_kernel_if_idle(kernel_id)

    return {"LiveKernelManager": LiveKernelManager,
            "LiveMappingKernelManager": LiveMappingKernelManager}


def _live_kernel_class(name: str):
    if name not in globals():
        globals().update(_live_kernel_classes())
    return globals()[name]


def __getattr__(name: str):
    """``LiveKernelManager`` and ``LiveMappingKernelManager`` (see :func:`_live_kernel_classes`),
    made on first use: jupyter_server is imported only when a live server starts, and
    jupyter_client finds a kernel manager class by its dotted name."""
    if name in ("LiveKernelManager", "LiveMappingKernelManager"):
        return _live_kernel_class(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The opener: it trades the one-use code of its address (#code=..., or the key itself,
# #key=..., from the address printed in the terminal) for the key, by a same-origin request,
# and keeps the key in this origin's storage in place of any older one (a key of an earlier
# start is worth nothing; the progress, kept in the same storage, is left alone).
OPENER_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<title>Opening the tutorial</title></head><body><p>Opening the tutorial…</p><script>
(function () {
  var found = /(?:^#|&)(code|key)=([A-Za-z0-9_-]+)/.exec(location.hash);
  history.replaceState(null, "", location.pathname);
  var gone = false;
  function go() {
    if (!gone) {
      gone = true;
      location.replace("../../../");
    }
  }
  // The site's service worker is installed here, before the first page: that page then
  // loads its widget code at once instead of waiting for the worker (up to 4 s).
  function installThenGo() {
    if (!("serviceWorker" in navigator)) {
      go();
      return;
    }
    setTimeout(go, 3000);
    navigator.serviceWorker.register("../../../tt-sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(go, go);
  }
  if (!found) {
    installThenGo();
    return;
  }
  var headers = {};
  headers[found[1] === "code" ? "__CODE__" : "__KEY__"] = found[2];
  fetch("key.json", { method: "POST", cache: "no-store", headers: headers }).then(
    function (answer) {
      if (!answer.ok) {
        throw new Error(String(answer.status));
      }
      return answer.json();
    }).then(function (answer) {
    localStorage.setItem("tarot_teach.key", answer.key);
  }).catch(function () {
    gone = true; // (what the learner can do instead, and the book, if this browser has a key)
    document.body.firstChild.innerHTML = "This address was used already or is too old: " +
      "open the one tarot-teach printed, or stop it and run it again. " +
      '<a href="../../../">The tutorial</a>';
  }).then(installThenGo);
})();
</script></body></html>
""".replace("__CODE__", CODE_HEADER).replace("__KEY__", KEY_HEADER)
# The file the learner's browser is opened on (mode 0600, as Jupyter does): only its path
# is on the browser's command line, which every local user may read (ps).
REDIRECT_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url={target}"><title>Opening the tutorial</title>
</head><body><p><a href="{target}">Open the tutorial</a></p></body></html>
"""


def open_address(port: int, key: BrowserKey, folder: Path) -> str:
    """The address to open the learner's browser on: ``folder/open-<port>.html``, which
    only this user may read, sending the browser on to the opener with a new one-use code
    (see :class:`BrowserKey`). Neither the key nor the code is in that address.

    >>> import tempfile, pathlib
    >>> keys = BrowserKey()
    >>> address = open_address(8276, keys, pathlib.Path(tempfile.mkdtemp()))
    >>> address.startswith("file:///"), keys.current in address, len(keys.codes)
    (True, False, 1)
    """
    import html

    target = f"http://127.0.0.1:{port}{OPEN_PATH}#code={key.new_code()}"
    path = folder / f"open-{port}.html"
    _private_write(path, REDIRECT_PAGE.format(target=html.escape(target)))
    return path.resolve().as_uri()


def open_browser_on(address: str) -> None:
    """Open the learner's browser on ``address`` (in the background: it may take a while)."""
    threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()


def make_live_server(directory: Path, port: int = DEFAULT_PORT, token: "str | None" = None,
                     kernel_cwd: "Path | None" = None, pool_size: int = POOL_SIZE,
                     key: "BrowserKey | None" = None):
    """A ``jupyter_server`` ServerApp on 127.0.0.1:``port`` serving ``directory`` at ``/``
    and kernels (token required, never a cookie) under ``/jupyter/``. The token is handed
    only to a same-origin page that sends the browser's key in a header (``key``: a
    :class:`BrowserKey`). Call ``.start()`` to serve."""
    import json
    import secrets

    from jupyter_server.serverapp import ServerApp
    from tornado import web

    token = token or secrets.token_urlsafe(32)
    scrubber = _SecretScrubber(token)
    key = key or BrowserKey()
    scrubber.add(key.current)
    previous_hook = key.on_new_key

    def new_key(value: str) -> None:
        scrubber.add(value)
        if previous_hook is not None:
            previous_hook(value)

    key.on_new_key = new_key
    # (tornado_settings given here: on the command line a dict is deprecated by traitlets)
    app = ServerApp(identity_provider_class=_token_only_identity_provider(),
                    kernel_manager_class=_live_kernel_class("LiveMappingKernelManager"),
                    tornado_settings=dict(WS_PING_SETTINGS))
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
        # A page that vanished without closing its WebSocket (a sleeping laptop, a crash)
        # is noticed by a ping unanswered for WS_PING_MS. Kernel WebSockets read ws_ping_*
        # (milliseconds: WS_PING_SETTINGS, given to the ServerApp above; jupyter_server's
        # own ping loop, see _quiet_kernel_sockets); the others websocket_ping_* (seconds,
        # tornado's loop, which wants a timeout no longer than the interval).
        f"--ServerApp.websocket_ping_interval={WS_PING_MS // 1000}",
        f"--ServerApp.websocket_ping_timeout={WS_PING_MS // 1000}",
        "--MappingKernelManager.cull_idle_timeout=900",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
    ], find_extensions=False)
    if app.ip != "127.0.0.1" or not app.identity_provider.token:
        raise RuntimeError("the Jupyter server must listen on 127.0.0.1 with a token")
    _scrub_logs(scrubber, app.log)
    pool = _KernelPool(app.kernel_manager, size=pool_size)
    tabs = _Tabs(app.kernel_manager)
    runs = _PageRuns(app.kernel_manager, directory)

    def refuse_foreign(handler) -> None:
        if not _local_host(handler.request.host):
            raise web.HTTPError(403, "this server only answers to 127.0.0.1")

    def frame_policy(handler) -> None:
        handler.set_header("Content-Security-Policy", FRAME_POLICY)
        handler.set_header("X-Frame-Options", "SAMEORIGIN")
        handler.set_header("X-Content-Type-Options", "nosniff")
        handler.set_header("Referrer-Policy", "same-origin")

    class QuietErrors:
        """A short plain error page, no traceback on the page or in the terminal."""

        def write_error(self, status_code, **kwargs):
            frame_policy(self)  # the headers were cleared for the error
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"{status_code} {self._reason}\n")

        def log_exception(self, typ, value, tb):
            if isinstance(value, web.HTTPError):
                return
            app.log.warning("%s %s: %s", self.request.method, self.request.path,
                            f"{typ.__name__}: {value}")

    class BookHandler(QuietErrors, web.StaticFileHandler):
        def prepare(self):
            refuse_foreign(self)
            frame_policy(self)
            if "\x00" in self.request.path or "%00" in self.request.uri:
                raise web.HTTPError(400, "no such page")

        def set_extra_headers(self, path):
            frame_policy(self)
            self.set_header("Cache-Control", "no-cache")

    class OpenerHandler(QuietErrors, web.RequestHandler):
        def get(self):
            refuse_foreign(self)
            frame_policy(self)
            self.set_header("Cache-Control", "no-store")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(OPENER_PAGE)

    def same_origin_only(handler) -> None:
        """Refuse a request about the key that no page of this origin sent: a browser says
        where a request comes from (Sec-Fetch-Site, Origin); a request saying neither is
        refused too (any local program may send the headers, but it has no key)."""
        site = handler.request.headers.get("Sec-Fetch-Site")
        origin = handler.request.headers.get("Origin")
        own = f"{handler.request.protocol}://{handler.request.host}"
        if (origin, site) not in ((own, None), (own, "same-origin"), (None, "same-origin")):
            raise web.HTTPError(403, "same-origin requests only")

    class KeyHandler(QuietErrors, web.RequestHandler):
        """The key, for a one-use code (the opener's) or for the key itself (the address
        printed in the terminal: the opener stores only a key the server accepts)."""

        def post(self):
            refuse_foreign(self)
            frame_policy(self)
            self.set_header("Cache-Control", "no-store")
            same_origin_only(self)
            offered = self.request.headers.get(KEY_HEADER, "")
            current = key.current if key.accepts(offered) else key.trade(
                self.request.headers.get(CODE_HEADER, ""))
            if current is None:
                raise web.HTTPError(403, "this address was used already or is too old")
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"key": current}))

        def check_xsrf_cookie(self):
            pass  # (no cookie is involved, see KeyedHandler)

    class KeyedHandler(QuietErrors, web.RequestHandler):
        def prepare(self):
            refuse_foreign(self)
            frame_policy(self)
            self.set_header("Cache-Control", "no-store")
            same_origin_only(self)
            if not key.accepts(self.request.headers.get(KEY_HEADER, "")):
                raise web.HTTPError(403, "open the tutorial with the tarot-teach command")
            self.tab = self.request.headers.get(TAB_HEADER, "")
            if not _TAB_ID.fullmatch(self.tab):
                raise web.HTTPError(400, "a page must say which tab it is")
            load = self.request.headers.get(LOAD_HEADER, "")
            # (0: the page could not count its loads; not compared)
            self.load = (int(load) or None) if load.isdigit() and len(load) < 16 else None

        def check_xsrf_cookie(self):
            # No cookie is involved: the key must come in a header, which a page of another
            # origin cannot add to a request without this server's consent (CORS).
            pass

    class SessionHandler(KeyedHandler):
        async def get(self):
            if tabs.left(self.tab, self.load):
                raise web.HTTPError(409, "this tab has gone on to another page")
            kernel_id, reused = await tabs.kernel_for(self.tab, pool)
            prerun = runs.start(self.tab, kernel_id, self.get_query_argument("page", ""),
                                reused, pool.take_client(kernel_id))
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"mode": "jupyter", "base": JUPYTER_BASE, "token": token,
                                    "kernel": kernel_id, "reused": reused, "prerun": prerun}))

    class PrerunHandler(KeyedHandler):
        # POST: it takes the run (once), and the site's service worker keeps no copy.
        async def post(self):
            result = await runs.result(self.tab, self.get_query_argument("run", ""))
            if result is None:
                raise web.HTTPError(404, "no such run")
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(result, default=str))

    class ReleaseHandler(KeyedHandler):
        def post(self):
            if not tabs.left(self.tab, self.load):
                tabs.release(self.tab)
            self.set_status(204)

    class NoFavicon(web.RequestHandler):
        def get(self):  # the book has none; say so without a 404 in the console
            self.set_status(204)

    app.web_app.add_handlers(r".*$", [
        (SESSION_PATH, SessionHandler),
        (RELEASE_PATH, ReleaseHandler),
        (PRERUN_PATH, PrerunHandler),
        (OPEN_PATH, OpenerHandler),
        (KEY_PATH, KeyHandler),
        (r"/favicon\.ico", NoFavicon),
        (r"/(?!jupyter/)(.*)", BookHandler,
         {"path": str(directory), "default_filename": "index.html"}),
    ])
    _quiet_kernel_sockets(app.web_app)
    app.tarot_pool = pool
    app.tarot_tabs = tabs
    app.tarot_runs = runs
    app.tarot_token = token
    app.tarot_key = key
    app.tarot_scrubber = scrubber
    return app


class _Tabs:
    """One kernel per browser tab (the tab's id is kept by the page in sessionStorage), and
    the culling of kernels no page is connected to."""

    def __init__(self, kernel_manager, orphan_seconds: float = ORPHAN_SECONDS,
                 released_seconds: float = RELEASED_SECONDS) -> None:
        import time

        self.km = kernel_manager
        self.orphan_seconds = orphan_seconds
        self.released_seconds = released_seconds
        self.clock = time.monotonic
        self.kernels: dict[str, str] = {}  # tab id -> kernel id
        self.seen: dict[str, float] = {}  # kernel id -> last time a page had it
        self.released: set[str] = set()  # kernel ids whose page said it was leaving
        self.loads: dict[str, int] = {}  # tab id -> the newest page load that asked

    def left(self, tab: str, load: "int | None") -> bool:
        """True when ``load`` is a page ``tab`` has left: a newer page of the tab asked
        already (a request can come late, after the next page's: it must not take the
        kernel from under the page on screen). Else ``load`` is the tab's newest. A page
        that does not say (None) is not compared.

        >>> tabs = _Tabs(kernel_manager=None)
        >>> tabs.left("tab-1", 2), tabs.left("tab-1", 1), tabs.left("tab-1", 2)
        (False, True, False)
        >>> tabs.left("tab-1", None), tabs.left("tab-2", 1)
        (False, False)
        """
        if load is None:
            return False
        if load < self.loads.get(tab, 0):
            return True
        self.loads[tab] = load
        return False

    def _connections(self, kernel_id: str) -> int:
        return self.km._kernel_connections.get(kernel_id, 0)

    async def kernel_for(self, tab: str, pool) -> "tuple[str, bool]":
        """The tab's kernel if it still runs (True: a page had it before), else a new one."""
        kernel_id = self.kernels.get(tab)
        if kernel_id is not None and kernel_id in self.km:
            self.released.discard(kernel_id)
            self.seen[kernel_id] = self.clock()
            return kernel_id, True
        kernel_id = await pool.take()
        self.kernels[tab] = kernel_id
        self.seen[kernel_id] = self.clock()
        return kernel_id, False

    def release(self, tab: str) -> None:
        kernel_id = self.kernels.get(tab)
        if kernel_id is not None:
            self.released.add(kernel_id)
            self.seen[kernel_id] = self.clock()

    async def cull(self) -> "list[str]":
        """Shut down the kernels no page has been connected to for a while; their ids."""
        now = self.clock()
        culled = []
        for tab, kernel_id in list(self.kernels.items()):
            if kernel_id not in self.km:
                self._forget(tab, kernel_id)
                continue
            if self._connections(kernel_id) > 0:
                self.seen[kernel_id] = now
                self.released.discard(kernel_id)
                continue
            wait = self.released_seconds if kernel_id in self.released else self.orphan_seconds
            if now - self.seen.get(kernel_id, now) >= wait:
                self._forget(tab, kernel_id)
                culled.append(kernel_id)
                try:
                    await self.km.shutdown_kernel(kernel_id)
                except Exception as error:  # already gone: nothing to shut down
                    self.km.log.debug("culling %s: %s", kernel_id, error)
        return culled

    def _forget(self, tab: str, kernel_id: str) -> None:
        self.kernels.pop(tab, None)
        self.seen.pop(kernel_id, None)
        self.released.discard(kernel_id)


def _ignore_closed_sockets(loop, context) -> None:
    """The event loop's exception handler: a write to a page's WebSocket that had just closed
    (jupyter_server does not wait on its writes; the page went away, or the server closed a
    socket for a too large message) is ignored, not printed as "Task exception was never
    retrieved" with a traceback in the learner's terminal; anything else as before.

    >>> from tornado.websocket import WebSocketClosedError
    >>> _ignore_closed_sockets(None, {"exception": WebSocketClosedError()})  # nothing printed
    """
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    if isinstance(context.get("exception"), (WebSocketClosedError, StreamClosedError)):
        return
    loop.default_exception_handler(context)


def _quiet_kernel_sockets(web_app) -> None:
    """Route the kernels' WebSockets to a handler that answers 400 (one line in the log)
    when the page closed the connection while jupyter_server was still preparing it
    (jupyter_server's own handler then fails on the connection it had just let go, with
    two tracebacks in the learner's terminal), and that does not count such a connection
    as gone from its kernel (it was never counted)."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from tornado import web

    class KernelSocket(KernelWebsocketHandler):
        counted = False  # jupyter_server counted this connection to its kernel (open)

        async def pre_get(self):
            await super().pre_get()
            if self.connection is None:  # on_close ran: the page went away meanwhile
                raise web.HTTPError(400, "the page closed the connection before it opened")

        async def open(self, kernel_id):
            self.counted = True  # (connect(), called at once by open, counts it)
            await super().open(kernel_id)

        def get_websocket_protocol(self):
            # tornado's own pings read jupyter_server's milliseconds as seconds (and warn
            # that its timeout is longer than its interval): off; jupyter_server's ping.
            protocol = super().get_websocket_protocol()
            if protocol is not None:
                protocol.params.ping_interval = None
            return protocol

        def on_close(self):
            # jupyter_server's disconnect() counts a connection gone even when it was never
            # counted (the page left while it was prepared): the kernel then looked
            # unused to the server (_Tabs.cull) and was shut down under the next page.
            # Without the kernel in the count while it runs, it neither counts this one
            # gone nor takes it for the kernel's last connection (it is synchronous).
            connections = self.kernel_manager._kernel_connections
            if self.counted or getattr(self, "connection", None) is None or \
                    self.kernel_id not in connections:
                return super().on_close()
            count = connections.pop(self.kernel_id)
            try:
                return super().on_close()
            finally:
                connections[self.kernel_id] = count

    def replace(router) -> None:
        for rule in getattr(router, "rules", ()):
            if rule.target is KernelWebsocketHandler:
                rule.target = KernelSocket
                if hasattr(rule, "handler_class"):
                    rule.handler_class = KernelSocket
            else:
                replace(rule.target)

    replace(web_app.default_router)


def _install_closed_socket_handler() -> None:
    import asyncio

    asyncio.get_running_loop().set_exception_handler(_ignore_closed_sockets)


def serve_live(app, on_ready=None) -> None:
    """Start the pool and serve until Ctrl+C, SIGTERM or ``app.stop()``; the kernels are shut
    down on the way out. (jupyter_server handles Ctrl+C only when a terminal is attached;
    otherwise it ended the server at once and the kernels lingered until they noticed.) A
    second Ctrl+C stops at once."""
    import signal

    from tornado.ioloop import PeriodicCallback

    app.start_app()
    if threading.current_thread() is threading.main_thread():
        def stop(signum, frame) -> None:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            app.stop(from_signal=True)

        signal.signal(signal.SIGINT, stop)
    app.io_loop.add_callback(_install_closed_socket_handler)
    app.io_loop.add_callback(app.tarot_pool.refill_soon)
    culler = PeriodicCallback(app.tarot_tabs.cull, CULL_EVERY * 1000)
    culler.start()
    if on_ready is not None:
        app.io_loop.add_callback(on_ready)
    app.start_ioloop()


def main_serve(port: int = DEFAULT_PORT, open_browser: bool = True,
               rebuild: bool = True) -> int:
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
    def address(key: str) -> str:
        return f"http://127.0.0.1:{port}{OPEN_PATH}#key={key}"

    def new_key(key: str) -> None:
        print(f"The key of the tutorial's browser expired; open {address(key)} to go on.",
              file=sys.stderr, flush=True)

    from .widgets.progress import default_progress_path

    folder = default_progress_path().parent
    (folder / "browser-key").unlink(missing_ok=True)  # (kept by older versions: no use now)
    keys = BrowserKey(on_new_key=new_key)
    try:
        app = make_live_server(directory, port, kernel_cwd=root / "book", key=keys)
    except (OSError, SystemExit) as error:
        print(f"tarot-teach: cannot listen on 127.0.0.1:{port} ({error}); try --port.",
              file=sys.stderr)
        return 1
    opener = folder / f"open-{port}.html"

    def ready() -> None:
        # The key goes to this terminal only, never on a command line (see open_address).
        print(f"The tutorial is at http://127.0.0.1:{port}/ — press Ctrl+C to stop.\n"
              "A browser tarot-teach did not open needs this address once (it lets that "
              "browser run the exercises until tarot-teach stops; keep it to yourself):\n"
              f"{address(keys.current)}", file=sys.stderr, flush=True)
        if open_browser and not os.environ.get("TAROT_TEACH_NO_BROWSER"):
            open_browser_on(open_address(port, keys, folder))

    try:
        serve_live(app, on_ready=ready)
    except KeyboardInterrupt:
        pass
    finally:
        opener.unlink(missing_ok=True)
    return 0
