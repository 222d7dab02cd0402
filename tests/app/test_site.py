"""The local server of `tarot-teach`: staleness of the build, 127.0.0.1 only, files served."""

import os
import socket
import threading
import time
import urllib.request
from pathlib import Path

from static_server import make_server
from tarot_teach.app import build as app_build, limits as app_limits


def _tree(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "01.md").write_text("# one")
    (tmp_path / "_config.yml").write_text("title: x")
    return tmp_path


def test_a_book_never_built_is_stale_and_a_fresh_build_is_not(tmp_path):
    root = _tree(tmp_path)
    assert app_build.book_is_stale(root)
    html = app_build.html_dir(root)
    html.mkdir(parents=True)
    (html / app_build.STAMP).write_text("built")
    assert not app_build.book_is_stale(root)
    later = time.time() + 5
    os.utime(root / "book" / "01.md", (later, later))
    assert app_build.book_is_stale(root)


def test_the_server_listens_on_loopback_only_and_serves_the_book(tmp_path):
    (tmp_path / "index.html").write_text("<p>hello tarot</p>")
    server = make_server(tmp_path, port=0)
    host, port = server.server_address
    assert host == "127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=5) as reply:
            assert b"hello tarot" in reply.read()
        # Not reachable through another address of this machine.
        other = socket.gethostbyname(socket.gethostname())
        if not other.startswith("127."):
            with socket.socket() as probe:
                probe.settimeout(1)
                assert probe.connect_ex((other, port)) != 0
    finally:
        server.shutdown()
        server.server_close()


def test_the_checkout_is_found():
    root = app_build.project_root()
    assert root is not None and (root / "_toc.yml").is_file()


def test_a_changed_engine_rebuilds_and_re_executes_every_page(tmp_path, monkeypatch):
    root = _tree(tmp_path)
    (root / "tarot_teach").mkdir()
    engine = root / "tarot_teach" / "game.py"
    engine.write_text("# engine")
    html = app_build.html_dir(root)
    html.mkdir(parents=True)
    (html / app_build.STAMP).write_text("built")
    cache = root / "_build" / ".jupyter_cache"
    cache.mkdir()
    commands = []
    monkeypatch.setattr(app_build, "_run_logged",
                        lambda command, *_: commands.append(command) or 0)

    old = time.time() - 60
    os.utime(engine, (old, old))
    app_build.build_book(root)
    assert "--all" not in commands[-1] and cache.exists()  # only a page changed: incremental

    later = time.time() + 5
    os.utime(engine, (later, later))
    app_build.build_book(root)
    assert "--all" in commands[-1] and not cache.exists()


def test_a_live_page_skips_cells_that_only_show_something(monkeypatch):
    """scripts/sphinx_offline_site.py: a cell that only calls display(), say() or print()
    keeps its built output; the live page does not run it again (a chart took seconds)."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "scripts"))
    from sphinx_offline_site import _only_shows

    assert _only_shows('display(HTML(totals_chart_html(sheet.running_totals, "x")))')
    assert _only_shows("say(winner.solution_text())\nprint('done')")
    assert not _only_shows("winner = TrickWinnerExercise(seed=1)\nwinner")
    assert not _only_shows("from tarot_teach.widgets.prose import say\nsay('hi')")
    assert not _only_shows("exercise.check()")  # a method call may change something
    assert not _only_shows("%time say('x')")  # IPython syntax: run as before
    assert not _only_shows("")


def test_a_write_to_a_closed_page_prints_no_traceback_but_other_errors_still_do():
    """The server's event loop ignores a write to a WebSocket that had just closed (a
    "Task exception was never retrieved" traceback in the learner's terminal, seen when the
    server closed a socket for a too large message) and reports anything else as before.
    A connection it cannot accept (no descriptor left) is one log line, however many
    times it happens (issue 27 item 6: 259,000 tracebacks in 15 s)."""
    import asyncio
    import errno
    import logging

    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    reported, logged = [], []

    class Loop(asyncio.SelectorEventLoop):
        def default_exception_handler(self, context):
            reported.append(context["exception"])

    class Log(logging.Handler):
        def emit(self, record):
            logged.append(record.getMessage())

    log = logging.getLogger("test-loop-errors")
    log.addHandler(Log())
    handler = app_limits.LoopErrors(log)
    loop = Loop()
    try:
        for closed in (WebSocketClosedError(), StreamClosedError()):
            handler(loop, {"message": "never retrieved", "exception": closed})
        assert reported == []
        for _ in range(1000):
            handler(loop, {"message": "Exception in callback accept_handler",
                           "exception": OSError(errno.EMFILE, "Too many open files")})
        assert reported == [] and len(logged) == 1 and "Too many open files" in logged[0]
        other = RuntimeError("a real bug")
        handler(loop, {"message": "never retrieved", "exception": other})
        assert reported == [other]
    finally:
        loop.close()
