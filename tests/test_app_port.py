"""``tarot-teach`` on a port it cannot listen on says why, before any build (issue 27, Low:
"cannot listen on 127.0.0.1:8276 (1)" gave no reason)."""

from __future__ import annotations

import socket

from tarot_teach.app import server as app_server


def test_a_port_in_use_is_a_sentence_with_the_reason(capsys, monkeypatch):
    monkeypatch.setattr(app_server, "book_is_stale",
                        lambda root: (_ for _ in ()).throw(AssertionError("built first")))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = app_server.main_serve(port=port, open_browser=False, rebuild=True)
    err = capsys.readouterr().err
    assert code == 1
    assert f"cannot listen on 127.0.0.1:{port}: another program is using that port" in err
    assert "--port" in err and "(1)" not in err and "Traceback" not in err
