"""``tarot-teach`` on a port it cannot listen on says why, before any build (issue 27, Low:
"cannot listen on 127.0.0.1:8276 (1)" gave no reason); without --port, a taken default port
gives the next free one, in a sentence (issue 28 item 9)."""

from __future__ import annotations

import socket

from tarot_teach.app import server as app_server


def _taken():
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    return taken


def test_a_port_asked_for_and_in_use_is_a_sentence_and_status_1(capsys, monkeypatch):
    monkeypatch.setattr(app_server, "book_is_stale",
                        lambda root: (_ for _ in ()).throw(AssertionError("built first")))
    with _taken() as taken:
        port = taken.getsockname()[1]
        code = app_server.main_serve(port=port, open_browser=False, rebuild=True)
    err = capsys.readouterr().err
    assert code == 1
    assert err == (f"Port {port} is in use (by another program or an earlier tutorial): stop "
                   "it, or choose another port with --port (without --port, a free one is "
                   "found).\n")


def test_without_port_a_taken_default_port_gives_the_next_free_one(capsys, monkeypatch):
    with _taken() as taken:
        monkeypatch.setattr(app_server, "DEFAULT_PORT", taken.getsockname()[1])
        said = []
        port = app_server.choose_port(None, said.append)
    assert port != app_server.DEFAULT_PORT and app_server.port_problem(port) is None
    assert said == [f"Port {app_server.DEFAULT_PORT} is in use (by another program or an "
                    f"earlier tutorial); using {port}."]
    said.clear()
    assert app_server.choose_port(None, said.append) == app_server.DEFAULT_PORT  # free again
    assert said == []

