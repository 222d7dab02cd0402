"""Shared test set-up: progress files go to a temporary folder, never to the user's home;
a static web server for built sites."""

import contextlib
import threading

import pytest


@pytest.fixture(autouse=True)
def _private_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_TEACH_PROGRESS", str(tmp_path / "progress.json"))
    from tarot_teach.widgets.progress import Progress

    monkeypatch.setattr(Progress, "_shared", {})


@contextlib.contextmanager
def serving(directory):
    """Serve ``directory`` as any static web server would, on 127.0.0.1; yield the base URL."""
    from tarot_teach.site import make_server

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
