"""The live server: one process, one port, 127.0.0.1 only.

A Jupyter server (``jupyter_server``) listens with a random token under ``/jupyter/``; the
same server serves the built book at ``/``. A page with widgets loads
``_static/vendor/widgets/live.js``, which asks ``session.json`` for the token and its tab's
kernel (already started and warmed up by its own start-up lines: :mod:`.pool`), re-runs in
it the cells the page's widgets need (:mod:`tarot_teach.live_cells`) and swaps the static
widgets for live ones. The server never runs code in a kernel: the page is its only client.

``session.json`` answers only requests a browser says come from this origin
(``Sec-Fetch-Site``/``Origin``: none is no answer), with the key (:mod:`.keys`) in a header
and a loopback ``Host`` (no other site, no DNS rebinding); every kernel endpoint needs the
token, sent with each request. Secrets are scrubbed from log lines; pages may only be framed
by this origin. One kernel per tab: a reload gets it back; a kernel no page is connected to
is shut down within seconds (the page says when it leaves) or half a minute.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import threading
from pathlib import Path

from .build import DEFAULT_PORT, book_is_stale, build_book, html_dir, project_root
from .handlers import JUPYTER_BASE, routes
from .keys import OPEN_PATH, BrowserKey, SecretScrubber, open_address, open_browser_on, scrub_logs
from .pool import POOL_SIZE

CULL_EVERY = 2
# A WebSocket whose page does not answer a ping for this long is closed (the tests shorten it).
WS_PING_MS = int(os.environ.get("TAROT_TEACH_WS_PING_MS", "30000"))
# jupyter_server's ping loop (milliseconds) checks the last pong before it sends each ping,
# the first one too: with a timeout no longer than the interval it closed every kernel
# socket that interval after it opened. It pings every half WS_PING_MS, then.
WS_PING_SETTINGS = {"ws_ping_interval": WS_PING_MS // 2, "ws_ping_timeout": WS_PING_MS}


class LiveServer:
    """The running parts of the tutorial's server: the Jupyter ``app``, its ``token``, the
    browser ``key``, the log ``scrubber``, the warm ``pool`` and the ``tabs``. :meth:`serve` until Ctrl+C, SIGTERM or :meth:`stop`."""

    def __init__(self, app, directory: Path, token: str, key: BrowserKey,
                 scrubber: SecretScrubber, pool_size: int = POOL_SIZE) -> None:
        from .kernels import Tabs
        from .pool import KernelPool

        self.app, self.directory, self.token, self.key = app, directory, token, key
        self.scrubber = scrubber
        self.log = app.log
        self.pool = KernelPool(app.kernel_manager, size=pool_size)
        self.tabs = Tabs(app.kernel_manager)

    def serve(self, on_ready=None) -> None:
        """Start the pool and serve; the kernels are shut down on the way out.
        (jupyter_server handles Ctrl+C only when a terminal is attached; otherwise it ended
        the server at once and the kernels lingered until they noticed.) A second Ctrl+C
        stops at once."""
        from tornado.ioloop import PeriodicCallback

        import asyncio

        from .limits import LoopErrors

        app = self.app
        app.start_app()
        if threading.current_thread() is threading.main_thread():
            def stop(signum, frame) -> None:
                signal.signal(signal.SIGINT, signal.default_int_handler)
                app.stop(from_signal=True)

            signal.signal(signal.SIGINT, stop)
        app.io_loop.add_callback(
            lambda: asyncio.get_running_loop().set_exception_handler(LoopErrors(app.log)))
        app.io_loop.add_callback(self.pool.refill_soon)
        PeriodicCallback(self.tabs.cull, CULL_EVERY * 1000).start()
        if on_ready is not None:
            app.io_loop.add_callback(on_ready)
        app.start_ioloop()

    def stop(self) -> None:
        """Stop serving (from any thread): :meth:`serve` returns once the kernels are down."""
        self.app.io_loop.add_callback(self.app.stop)


def make_live_server(directory: Path, port: int = DEFAULT_PORT, token: "str | None" = None,
                     kernel_cwd: "Path | None" = None, pool_size: int = POOL_SIZE,
                     key: "BrowserKey | None" = None) -> LiveServer:
    """A :class:`LiveServer` on 127.0.0.1:``port`` serving ``directory`` at ``/`` and
    kernels (token required, never a cookie) under ``/jupyter/``. The token is handed only
    to a same-origin page that sends the browser's key in a header (``key``: a
    :class:`~.keys.BrowserKey`). Call ``.serve()`` to serve."""
    from jupyter_server.serverapp import ServerApp

    from .kernels import LiveMappingKernelManager, TokenOnlyIdentityProvider, quiet_kernel_sockets
    from .limits import guard_connections, raise_descriptor_limit

    raise_descriptor_limit()
    token = token or secrets.token_urlsafe(32)
    scrubber = SecretScrubber(token)
    key = key or BrowserKey()
    scrubber.add(key.current)
    previous_hook = key.on_new_key

    def new_key(value: str) -> None:
        scrubber.add(value)
        if previous_hook is not None:
            previous_hook(value)

    key.on_new_key = new_key
    # (tornado_settings given here: on the command line a dict is deprecated by traitlets)
    app = ServerApp(identity_provider_class=TokenOnlyIdentityProvider,
                    kernel_manager_class=LiveMappingKernelManager,
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
        # own ping loop, see kernels.KernelSocket); the others websocket_ping_* (seconds,
        # tornado's loop, which wants a timeout no longer than the interval).
        f"--ServerApp.websocket_ping_interval={WS_PING_MS // 1000}",
        f"--ServerApp.websocket_ping_timeout={WS_PING_MS // 1000}",
        "--MappingKernelManager.cull_idle_timeout=900",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
    ], find_extensions=False)
    if app.ip != "127.0.0.1" or not app.identity_provider.token:
        raise RuntimeError("the Jupyter server must listen on 127.0.0.1 with a token")
    scrub_logs(scrubber, app.log)
    live = LiveServer(app, Path(directory), token, key, scrubber, pool_size)
    app.web_app.add_handlers(r".*$", routes(live))
    quiet_kernel_sockets(app.web_app)
    guard_connections(app.http_server, app.log)
    return live


def port_problem(port: int) -> "str | None":
    """Why this process cannot listen on 127.0.0.1:``port``, in words; None if it can.

    >>> import socket
    >>> with socket.socket() as taken:
    ...     taken.bind(("127.0.0.1", 0)); taken.listen()
    ...     port_problem(taken.getsockname()[1])
    'another program is using that port'
    """
    import errno
    import socket

    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as tornado binds)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return "another program is using that port"
            if error.errno == errno.EACCES:
                return "this user may not use ports below 1024"
            return error.strerror or str(error)
    return None


def main_serve(port: int = DEFAULT_PORT, open_browser: bool = True,
               rebuild: bool = True) -> int:
    """Build if needed, serve, and open the browser on the first page. Ctrl+C stops."""
    root = project_root()
    if root is None:
        print("tarot-teach: the book sources were not found next to the package; "
              "run it from a checkout installed with `scripts/setup`.", file=sys.stderr)
        return 2
    problem = port_problem(port)
    if problem:  # said before a build that may take minutes
        print(f"tarot-teach: cannot listen on 127.0.0.1:{port}: {problem}; "
              "try another port with --port.", file=sys.stderr)
        return 1
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

    from ..widgets.progress import default_progress_path

    folder = default_progress_path().parent
    (folder / "browser-key").unlink(missing_ok=True)  # (kept by older versions: no use now)
    keys = BrowserKey(on_new_key=new_key)
    try:
        live = make_live_server(directory, port, kernel_cwd=root / "book", key=keys)
    except (OSError, SystemExit) as error:  # (jupyter_server exits when it cannot listen)
        why = port_problem(port) or getattr(error, "strerror", None) or "the server did not start"
        print(f"tarot-teach: cannot listen on 127.0.0.1:{port}: {why}; try another port "
              "with --port.", file=sys.stderr)
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
        live.serve(on_ready=ready)
    except KeyboardInterrupt:
        pass
    finally:
        opener.unlink(missing_ok=True)
    return 0
