"""Issue 27, items 1 and 7: the browser's key is never on a command line, it is handed over
for a one-use code, only to a page of the tutorial's own origin, and only for one start of
the server (a page served later on the same port finds a dead key).

Real servers (``LiveServer`` in a child process, on a tiny site, see
test_security_local) answer HTTP requests as a browser or another local program sends them.
The browser test of the whole opening (the address the browser is given, the page it leads
to, the service worker) is in test_security_browser."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from test_security_local import start_server, stop_server

from tarot_teach.app import handlers as app_handlers, keys as app_keys

ROOT = Path(__file__).resolve().parents[2]
KEY, TAB, CODE = app_keys.KEY_HEADER, app_handlers.TAB_HEADER, app_keys.CODE_HEADER


@pytest.fixture(scope="module")
def restarted(tmp_path_factory):
    """A server stopped, then started again on the same port with the same home: (the
    first one, as it was, and the one that runs)."""
    home = tmp_path_factory.mktemp("home")
    first, process = start_server(tmp_path_factory, home=home)
    first_key = first.key
    assert first.session("tab-first-start")["mode"] == "jupyter"  # (it was good then)
    stop_server(process)
    second, process = start_server(tmp_path_factory, port=first.port, home=home)
    yield first_key, second
    stop_server(process)


def test_a_key_from_an_earlier_start_is_refused(restarted):
    first_key, server = restarted
    assert first_key != server.key
    tab = {TAB: "tab-second-start"}
    assert server.get(app_handlers.SESSION_PATH, {**tab, KEY: first_key})[0] == 403
    assert server.get(app_keys.KEY_PATH, {KEY: first_key}, method="POST")[0] == 403
    assert not (Path(os.environ["TAROT_TEACH_PROGRESS"]).parent / "browser-key").exists()
    status, _, body = server.get(app_handlers.SESSION_PATH, {**tab, KEY: server.key})
    assert status == 200 and json.loads(body)["mode"] == "jupyter"


def test_a_one_use_code_gives_the_key_once_to_its_own_origin_only(restarted):
    import time

    _, server = restarted
    code, short = server.codes
    own = server.base.rstrip("/")
    for headers in ({}, {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "none"},
                    {"Origin": "http://127.0.0.1:1"}):  # (refused: the code is not used up)
        assert server.get(app_keys.KEY_PATH, {CODE: code, **headers}, method="POST",
                          browser=bool(headers))[0] == 403, headers
    assert server.get(app_keys.KEY_PATH, {CODE: code}, method="GET")[0] == 405
    status, headers_back, body = server.get(app_keys.KEY_PATH, {CODE: code, "Origin": own},
                                            method="POST")
    assert status == 200 and json.loads(body) == {"key": server.key}
    assert headers_back["Cache-Control"] == "no-store"
    assert server.get(app_keys.KEY_PATH, {CODE: code}, method="POST")[0] == 403  # once only
    time.sleep(1.5)
    assert server.get(app_keys.KEY_PATH, {CODE: short}, method="POST")[0] == 403  # too old
    assert server.get(app_keys.KEY_PATH, {CODE: ""}, method="POST")[0] == 403
    # The address printed in the terminal: the opener keeps a key the server accepts.
    assert server.get(app_keys.KEY_PATH, {KEY: server.key}, method="POST")[0] == 200
    assert server.get(app_keys.KEY_PATH, {KEY: server.key + "x"}, method="POST")[0] == 403


def test_a_code_works_once_and_expires():
    clock = [1000.0]
    keys = app_keys.BrowserKey(clock=lambda: clock[0])
    code, other = keys.new_code(), keys.new_code()
    assert code != other and keys.current not in (code, other)
    assert keys.trade(code) == keys.current and keys.trade(code) is None
    assert keys.trade("") is None and keys.trade(other[:-1]) is None
    clock[0] += app_keys.CODE_LIFETIME + 1
    assert keys.trade(other) is None  # too old
    assert app_keys.CODE_LIFETIME <= 300 and keys.codes == {}  # (forgotten)


def test_the_opener_page_sends_the_headers_the_server_reads(restarted):
    """open.html (scripts/assets/live/) writes the header names literally: they must be
    keys.py's; the server sends it as it is, with its headers."""
    page = app_handlers.OPENER_FILE.read_text(encoding="utf-8")
    assert f'"code" ? "{CODE}" : "{KEY}"' in page and 'content="no-referrer"' in page
    _, server = restarted
    status, headers, body = server.get(app_keys.OPEN_PATH, {})
    assert status == 200 and body.decode() == page
    assert headers["Clear-Site-Data"] == '"cache"' and headers["Cache-Control"] == "no-store"
    assert headers["Content-Type"] == "text/html; charset=utf-8"


def test_key_bearing_requests_need_a_browser_saying_they_come_from_this_origin(restarted):
    _, server = restarted
    own = server.base.rstrip("/")
    tab = {KEY: server.key, TAB: "tab-origin-check"}
    for path, method in ((app_handlers.SESSION_PATH, "GET"), (app_handlers.RELEASE_PATH, "POST")):
        assert server.get(path, tab, method=method, browser=False)[0] == 403, path
        assert server.get(path, {**tab, "Sec-Fetch-Site": "none"}, method=method)[0] == 403
    assert server.get(app_handlers.SESSION_PATH, {**tab, "Origin": own})[0] == 200
    assert server.get(app_handlers.SESSION_PATH, {**tab, "Sec-Fetch-Site": "same-origin"})[0] == 200


RECORDER = """#!/bin/sh
printf '%s\\n' "$0" "$@" > "$(dirname "$0")/command-line"
"""


@pytest.mark.slow  # a child process that waits 2 s for the opener
def test_the_browser_is_opened_on_an_address_holding_neither_the_key_nor_a_code(tmp_path):
    """The command ``tarot-teach`` runs to open the browser (webbrowser's, here a script
    named by $BROWSER that records its command line) holds only a file's address; that file
    is this user's alone and sends the browser on with a code that is worth the key once."""
    recorder = tmp_path / "browser"
    recorder.write_text(RECORDER)
    recorder.chmod(0o700)
    opening = ("import json, sys, time; from pathlib import Path\n"
               "from tarot_teach.app import keys as app_keys\n"
               "made = app_keys.BrowserKey()\n"
               "app_keys.open_browser_on(app_keys.open_address(8276, made, Path(sys.argv[1])))\n"
               "time.sleep(2)\n"
               "print(json.dumps([made.current, list(made.codes)]))\n")
    env = dict(os.environ, BROWSER=str(recorder))
    done = subprocess.run([sys.executable, "-c", opening, str(tmp_path / "home")], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60, check=True)
    key, codes = json.loads(done.stdout)
    command = (tmp_path / "command-line").read_text()
    assert key not in command and not any(code in command for code in codes), command
    address = command.split()[1]
    assert address.startswith("file:///") and "#" not in address and "?" not in address
    opener = Path(address[len("file://"):])
    assert stat.S_IMODE(opener.stat().st_mode) == 0o600
    assert stat.S_IMODE(opener.parent.stat().st_mode) == 0o700
    text = opener.read_text()
    assert key not in text and codes and f"{app_keys.OPEN_PATH}#code={codes[0]}" in text
