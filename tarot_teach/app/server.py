"""The live server: one process, one port, 127.0.0.1 only.

A Jupyter server listens with a random token under ``/jupyter/`` and serves the built book
at ``/``. A page with widgets loads ``_static/vendor/widgets/live.js``, which asks
``session.json`` (:mod:`.handlers`: this origin only, with the key of :mod:`.keys`, a
loopback ``Host``) for the token and its tab's kernel (warm: :mod:`.pool`; one per tab:
:mod:`.kernels`), re-runs in it the cells the page's widgets need
(:mod:`tarot_teach.live_cells`) and swaps the static widgets for live ones. The server never
runs code in a kernel: the page is its only client. Secrets are scrubbed from log lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import sys
import threading
import time
from pathlib import Path

from .build import (DEFAULT_PORT, BuildFailed, book_is_stale, build_book, build_log, html_dir,
                    project_root)
from .handlers import JUPYTER_BASE, routes
from .keys import OPEN_PATH, BrowserKey, SecretScrubber, open_address, open_browser_on, scrub_logs

CULL_EVERY = 2  # seconds between two culls of the tabs' kernels
# A page that vanished without closing its WebSocket (a sleeping laptop, a crash) is noticed
# by a ping unanswered for this long (the tests shorten it). Kernel WebSockets read ws_ping_*
# (milliseconds, jupyter_server's ping loop, see kernels.KernelSocket), which checks the last
# pong before each ping, the first one too: with a timeout no longer than the interval it
# closed every kernel socket that interval after it opened; so a ping every half WS_PING_MS.
# The other WebSockets read websocket_ping_* (seconds, tornado's loop, which wants a timeout
# no longer than the interval).
WS_PING_MS = int(os.environ.get("TAROT_TEACH_WS_PING_MS", "30000"))
WS_PING_SETTINGS = {"ws_ping_interval": WS_PING_MS // 2, "ws_ping_timeout": WS_PING_MS}


class LiveServer:
    """The tutorial's server on 127.0.0.1:``port``: the built book (``directory``) at ``/``,
    kernels (token required, never a cookie) under ``/jupyter/``, the token handed only to a
    page that has the browser's ``key`` (a :class:`~.keys.BrowserKey`). Its parts: the
    Jupyter ``app``, the ``token``, the ``key``, the warm ``pool`` and the ``tabs``."""

    def __init__(self, directory: Path, port: int = DEFAULT_PORT,
                 kernel_cwd: "Path | None" = None, key: "BrowserKey | None" = None) -> None:
        from jupyter_server.serverapp import ServerApp

        from .kernels import (LiveMappingKernelManager, Tabs, TokenOnlyIdentityProvider,
                              quiet_kernel_sockets)
        from .limits import guard_connections, raise_descriptor_limit
        from .pool import KernelPool

        raise_descriptor_limit()
        self.directory, self.token = Path(directory), secrets.token_urlsafe(32)
        self.key = key = key or BrowserKey()
        scrubber, told = SecretScrubber(self.token, key.current), key.on_new_key
        key.on_new_key = lambda value: (scrubber.add(value), told and told(value))
        # (tornado_settings given here: on the command line a dict is deprecated by traitlets)
        self.app = app = ServerApp(identity_provider_class=TokenOnlyIdentityProvider,
                                   kernel_manager_class=LiveMappingKernelManager,
                                   tornado_settings=dict(WS_PING_SETTINGS))
        # Each option on the command line, defaults too: it overrides the learner's own
        # Jupyter config files (one that opened a browser with the token, say).
        app.initialize(argv=[
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.open_browser=False",
            f"--ServerApp.base_url={JUPYTER_BASE}",
            f"--ServerApp.root_dir={kernel_cwd or directory}",
            f"--IdentityProvider.token={self.token}",
            "--ServerApp.allow_remote_access=False",
            "--ServerApp.allow_origin=",
            "--ServerApp.terminals_enabled=False",
            "--ServerApp.answer_yes=True",
            "--ServerApp.allow_root=True",  # kernels run as this user anyway (CI runs as root)
            "--ServerApp.log_level=WARN",
            "--KernelManager.transport=ipc",  # kernel sockets: files only this user can open
            f"--ServerApp.websocket_ping_interval={WS_PING_MS // 1000}",
            f"--ServerApp.websocket_ping_timeout={WS_PING_MS // 1000}",
            "--MappingKernelManager.cull_idle_timeout=900",
            "--MappingKernelManager.cull_interval=60",
            "--MappingKernelManager.cull_connected=False",
        ], find_extensions=False)
        if app.ip != "127.0.0.1" or not app.identity_provider.token:
            raise RuntimeError("the Jupyter server must listen on 127.0.0.1 with a token")
        scrub_logs(scrubber, app.log)
        self.log = app.log
        self.pool, self.tabs = KernelPool(app.kernel_manager), Tabs(app.kernel_manager)
        app.web_app.add_handlers(r".*$", routes(self))
        quiet_kernel_sockets(app.web_app)
        guard_connections(app.http_server, app.log)

    def serve(self, on_ready=None) -> None:
        """Start the pool and serve until Ctrl+C or SIGTERM; the kernels are shut down on
        the way out. (jupyter_server handles Ctrl+C only when a terminal is attached;
        otherwise it ended the server at once and the kernels lingered until they noticed.)
        A second Ctrl+C stops at once."""
        from tornado.ioloop import PeriodicCallback

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


PORT_TRIES = 20  # without --port: the default port, else the next free one of these


def _cannot_listen(port: int, why: str) -> str:
    return f"Cannot listen on 127.0.0.1:{port}: {why}; choose another port with --port."


def port_problem(port: int) -> "str | None":
    """Why this process cannot listen on 127.0.0.1:``port``, in a sentence; None if it can.

    >>> import socket
    >>> with socket.socket() as taken:
    ...     taken.bind(("127.0.0.1", 0)); taken.listen()
    ...     "is in use (by another program" in port_problem(taken.getsockname()[1])
    True
    """
    import errno
    import socket

    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as tornado binds)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (f"Port {port} is in use (by another program or an earlier tutorial): "
                        "stop it, or choose another port with --port (without --port, a free "
                        "one is found).")
            return _cannot_listen(port, "this user may not use ports below 1024"
                                  if error.errno == errno.EACCES else error.strerror or str(error))
    return None


def choose_port(asked: "int | None", say) -> "int | None":
    """The port to serve on: ``asked`` (the user's --port) if it is free, else None (said
    why); without one, :data:`DEFAULT_PORT` or the next free port (said so)."""
    if asked is not None:
        problem = port_problem(asked)
        if problem:
            say(problem)
        return None if problem else asked
    for port in range(DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES):
        if port_problem(port) is None:
            if port != DEFAULT_PORT:
                say(f"Port {DEFAULT_PORT} is in use (by another program or an earlier "
                    f"tutorial); using {port}.")
            return port
    say(f"Ports {DEFAULT_PORT} to {DEFAULT_PORT + PORT_TRIES - 1} are all in use; choose a "
        "free one with --port.")
    return None


def shown(path: Path) -> str:
    """``path`` as a learner would type it: relative to the current folder if inside it,
    else with ``~`` for the home folder."""
    path = Path(path).absolute()
    for base, prefix in ((Path.cwd(), ""), (Path.home(), "~/")):
        try:
            return prefix + path.relative_to(base).as_posix()
        except ValueError:
            pass
    return str(path)


@contextlib.contextmanager
def _output_to(log: Path, verbose: bool):
    """While serving, send everything this process and its kernels write (the server's log,
    a kernel's warnings) to ``log``, readable by this user only; yield a stream to this
    terminal for the lines the learner should see. ``verbose``: leave the output here."""
    if verbose:
        yield sys.stderr
        return
    from .keys import private_write

    private_write(log, "")
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    terminal = os.fdopen(os.dup(2), "w", buffering=1, encoding="utf-8", errors="replace")
    descriptor = os.open(log, os.O_WRONLY | os.O_APPEND)
    try:
        os.dup2(descriptor, 1)
        os.dup2(descriptor, 2)
        yield terminal
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, descriptor):
            os.close(fd)
        terminal.close()


def main_serve(port: "int | None" = None, open_browser: bool = True,
               rebuild: bool = True, verbose: bool = False) -> int:
    """Build if needed, serve, and open the browser on the first page: a line for each step
    on this terminal, the build's and the server's output in log files (here too when
    ``verbose``). ``port``: the user's --port (None: the default one, or a free one).
    Ctrl+C stops."""
    def say(line: str, end: str = "\n") -> None:
        print(line, end=end, file=sys.stderr, flush=True)

    root = project_root()
    if root is None:
        say("tarot-teach: the book sources were not found next to the package; "
            "run it from a checkout installed with `scripts/setup`.")
        return 2
    port = choose_port(port, say)  # said before a build that may take minutes
    if port is None:
        return 1
    if rebuild and book_is_stale(root):
        say(f"Building the book (first time: a minute or two; log in {shown(build_log(root))})…",
            end="\n" if verbose else " ")
        started = time.monotonic()
        try:
            build_book(root, verbose=verbose)
        except BuildFailed as failed:
            say("failed:")
            for line in failed.lines:
                say(f"  {line}")
            say(f"The whole output is in {shown(failed.log)}.")
            return 1
        except OSError as error:
            say(f"failed: {error.strerror or error}.")
            return 1
        say(f"done in {time.monotonic() - started:.0f} s.")
    directory = html_dir(root)
    if not (directory / "index.html").is_file():
        say("tarot-teach: there is no built book to serve (run it without --no-build).")
        return 1

    from ..widgets.progress_file import default_progress_path

    folder = default_progress_path().parent
    (folder / "browser-key").unlink(missing_ok=True)  # (kept by older versions: no use now)
    log = folder / f"server-{port}.log"
    opener = folder / f"open-{port}.html"
    with _output_to(log, verbose) as terminal:
        def tell(line: str) -> None:
            print(line, file=terminal, flush=True)

        def address(key: str) -> str:
            return f"http://127.0.0.1:{port}{OPEN_PATH}#key={key}"

        def new_key(key: str) -> None:
            tell(f"The key of the tutorial's browser expired; open {address(key)} to go on.")

        keys = BrowserKey(on_new_key=new_key)
        try:
            live = LiveServer(directory, port, kernel_cwd=root / "book", key=keys)
        except (OSError, SystemExit) as error:  # (jupyter_server exits when it cannot listen)
            tell(port_problem(port) or _cannot_listen(
                port, getattr(error, "strerror", None) or "the server did not start"))
            return 1

        def ready() -> None:
            # The key goes to this terminal only, never on a command line (see open_address).
            where = "" if verbose else f"; server log: {shown(log)}"
            tell(f"Tutorial ready at http://127.0.0.1:{port}/ (Ctrl+C to stop{where}).\n"
                 "Another browser needs this address once (keep it to yourself): "
                 f"{address(keys.current)}")
            if open_browser and not os.environ.get("TAROT_TEACH_NO_BROWSER"):
                open_browser_on(open_address(port, keys, folder))

        try:
            live.serve(on_ready=ready)
        except KeyboardInterrupt:
            pass
        finally:
            opener.unlink(missing_ok=True)
        tell("Tutorial stopped.")
    return 0
