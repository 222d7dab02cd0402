"""Issue 13, local mode: who may run code through the tutorial's server.

A real server (``LiveServer`` in a child process, on a tiny site) answers HTTP and
WebSocket requests as a browser or another local program would send them. Kernel culling
times are shortened for the test (a few seconds instead of half a minute)."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from test_live_local import free_port

from tarot_teach.app import (handlers as app_handlers, kernels as app_kernels, keys as app_keys,
    server as app_server)

ROOT = Path(__file__).resolve().parents[2]
KEY, TAB = app_keys.KEY_HEADER, app_handlers.TAB_HEADER
SESSION = app_handlers.SESSION_PATH

SERVE = """
import sys
from pathlib import Path
from tarot_teach.app import keys as app_keys, limits as app_limits, server as app_server
directory, port = Path(sys.argv[1]), int(sys.argv[2])
if sys.argv[6:]:  # a shorter wait for a request's headers (read when the server is made)
    app_limits.HEADER_TIMEOUT = float(sys.argv[6])
live = app_server.LiveServer(directory, port, kernel_cwd=directory)
live.tabs.orphan_seconds = float(sys.argv[3])
live.tabs.released_seconds = float(sys.argv[4])
# What the test needs to act as the learner's browser (tarot-teach keeps the key in memory):
# the key, a one-use code and one good for a second only.
codes = [live.key.new_code(), live.key.new_code(1.0)]
app_keys.private_write(Path(sys.argv[5]), "\\n".join([live.key.current, *codes]) + "\\n")
live.serve()
"""
# A released kernel goes at the first culling pass after RELEASED; an orphan after ORPHAN.
# The tests assert which goes first and that each goes eventually, never how fast.
ORPHAN, RELEASED = 8.0, 0.5
PATIENCE = 120  # seconds a test waits for something that takes a moment


class Server:
    def __init__(self, base: str, port: int, secrets_file: Path, log: Path) -> None:
        self.base, self.port, self.secrets_file, self.log_file = base, port, secrets_file, log

    @property
    def key(self) -> str:
        return self.secrets_file.read_text().split()[0]

    @property
    def codes(self) -> "list[str]":
        """A one-use code for the key, and one good for a second only."""
        return self.secrets_file.read_text().split()[1:]

    def log(self) -> str:
        return self.log_file.read_text(encoding="utf-8", errors="replace")

    def get(self, path: str, headers: "dict | None" = None, method: str = "GET",
            browser: bool = True):
        """(status, headers, body) of a request; never raises for an HTTP error. As a page of
        the tutorial sends it (``Sec-Fetch-Site: same-origin``, unless ``headers`` say where it
        comes from), or as a program that says nothing of the kind (``browser=False``)."""
        headers = dict(headers or {})
        if browser and not {"Origin", "Sec-Fetch-Site"} & set(headers):
            headers["Sec-Fetch-Site"] = "same-origin"
        request = urllib.request.Request(self.base + path.lstrip("/"), headers=headers,
                                         method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as reply:
                return reply.status, reply.headers, reply.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def session(self, tab: str) -> dict:
        status, _, body = self.get(SESSION, {KEY: self.key, TAB: tab})
        assert status == 200, (status, body)
        return json.loads(body)

    def kernels(self, token: str) -> "set[str]":
        status, _, body = self.get("jupyter/api/kernels", {"Authorization": f"token {token}"})
        assert status == 200
        return {kernel["id"] for kernel in json.loads(body)}


def start_server(tmp_path_factory, port: "int | None" = None, home: "Path | None" = None,
                 preexec_fn=None, header_timeout: "float | None" = None,
                 ) -> "tuple[Server, subprocess.Popen]":
    """A live server on a tiny site in a child process (on ``port``, its progress in
    ``home``, or new ones; ``preexec_fn`` run in the child before it starts; a client's
    time for a request's headers, limits.HEADER_TIMEOUT unless ``header_timeout``), once it
    answers; its output (what the learner's terminal would show) goes to ``Server.log``."""
    import os

    folder = tmp_path_factory.mktemp("site")
    (folder / "index.html").write_text("<!DOCTYPE html><title>book</title><p>the book</p>")
    (folder / "page.html").write_text("<p>a page</p>")
    (folder / ".buildinfo").write_text("# Sphinx build info: config hash")  # as Sphinx leaves
    progress = (home or tmp_path_factory.mktemp("home")) / "progress.json"
    log = folder.parent / f"{folder.name}-server.log"
    port = port or free_port()
    env = dict(os.environ, TAROT_TEACH_PROGRESS=str(progress))
    secrets_file = folder.parent / f"{folder.name}-secrets"
    with open(log, "w") as stream:
        process = subprocess.Popen(
            [sys.executable, "-c", SERVE, str(folder), str(port), str(ORPHAN), str(RELEASED),
             str(secrets_file), *([str(header_timeout)] if header_timeout else [])],
            cwd=ROOT, env=env, stdout=stream, stderr=subprocess.STDOUT, preexec_fn=preexec_fn)
    base = f"http://127.0.0.1:{port}/"
    served = Server(base, port, secrets_file, log)
    deadline = time.time() + PATIENCE
    while True:
        try:
            with urllib.request.urlopen(base + "index.html", timeout=5):
                return served, process  # (the secrets were written before it listened)
        except OSError:
            if process.poll() is not None or time.time() > deadline:
                process.kill()
                pytest.fail("the server did not start:\n" + served.log())
            time.sleep(0.3)


def stop_server(process: subprocess.Popen, how: int = signal.SIGTERM) -> None:
    """Stop it as the system (SIGTERM) or Ctrl+C (SIGINT) does; killed if it does not end."""
    process.send_signal(how)
    try:
        process.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served, process = start_server(tmp_path_factory)
    yield served
    stop_server(process)


def wait_until(condition, seconds: float = PATIENCE) -> bool:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.25)
    return condition()


async def await_until(condition, seconds: float = PATIENCE) -> bool:
    """:func:`wait_until` inside a coroutine (the event loop keeps answering WebSocket pings)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.25)
    return condition()


async def _run_code(base: str, token: str, kernel: str, code: str) -> str:
    """Execute ``code`` in ``kernel`` over its WebSocket; its stdout."""
    import uuid

    from tornado.websocket import websocket_connect

    url = (base.replace("http", "ws") + f"jupyter/api/kernels/{kernel}/channels"
           f"?session_id={uuid.uuid4()}&token={token}")
    connection = await websocket_connect(url)
    msg_id = uuid.uuid4().hex
    connection.write_message(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": "t",
                   "username": "t", "date": "2026-01-01T00:00:00Z", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
        "content": {"code": code, "silent": False, "store_history": False,
                    "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
    out = ""
    while True:
        message = json.loads(await asyncio.wait_for(connection.read_message(), 60))
        if message.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        if message["msg_type"] == "stream":
            out += message["content"]["text"]
        if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
            connection.close()
            return out


def run_code(server: Server, session: dict, code: str) -> str:
    return asyncio.run(_run_code(server.base, session["token"], session["kernel"], code))


# ------------------------------------------------------------------------------ the key


def test_the_key_is_accepted_only_in_its_header_never_from_a_cookie_or_the_address(server):
    key = server.key
    tab = {TAB: "tab-key-test"}
    assert server.get(SESSION, tab)[0] == 403
    assert server.get(SESSION, {**tab, "Cookie": f"tarot_teach_key={key}"})[0] == 403
    assert server.get(f"{SESSION}?key={key}", tab)[0] == 403
    assert server.get(SESSION, {**tab, KEY: key[:-1] + "x"})[0] == 403
    assert server.get(SESSION, {KEY: key})[0] == 400  # no tab: refused too
    status, _, body = server.get(SESSION, {**tab, KEY: key})
    assert status == 200 and json.loads(body)["mode"] == "jupyter"


def test_no_response_sets_a_cookie_that_lets_another_port_run_code(server):
    """Cookies ignore ports: whatever this server sets, any 127.0.0.1 server receives."""
    session = server.session("tab-cookies")
    token = session["token"]
    cookies = []
    for path, headers in [
            ("", {}), ("index.html", {}), (app_keys.OPEN_PATH, {}),
            (SESSION, {KEY: server.key, TAB: "tab-cookies"}),
            ("jupyter/api/kernels", {"Authorization": f"token {token}"}),
            (f"jupyter/api/kernels?token={token}", {}), (f"jupyter/?token={token}", {}),
            ("jupyter/login", {}), (f"jupyter/api/contents?token={token}", {})]:
        _, headers_back, _ = server.get(path, headers)
        cookies += headers_back.get_all("Set-Cookie") or []
    assert run_code(server, session, "print(6 * 7)") == "42\n"  # the WebSocket sets none
    for cookie in cookies:
        assert server.key not in cookie and token not in cookie, cookie
        assert not cookie.lower().startswith("username-"), cookie  # Jupyter's login cookie
    jar = "; ".join(cookie.split(";", 1)[0] for cookie in cookies)
    for path in ("jupyter/api/kernels", "jupyter/api/contents", "jupyter/api/sessions"):
        assert server.get(path, {"Cookie": jar})[0] in (401, 403), path
    assert server.get(SESSION, {"Cookie": jar, TAB: "tab-cookies"})[0] == 403


def test_the_key_expires_unused_is_renewed_in_use_and_replaced():
    clock = [10_000.0]
    made = []
    keys = app_keys.BrowserKey(lifetime=3600, clock=lambda: clock[0], on_new_key=made.append)
    first = keys.current
    for _ in range(5):  # used every 50 minutes for hours: still good
        clock[0] += 3000
        assert keys.accepts(first)
    clock[0] += 3601
    assert not keys.accepts(first) and keys.current != first and made == [keys.current]
    assert app_keys.BrowserKey().current != keys.current  # a (re)start: a new key


# -------------------------------------------------------------------------------- logs


def test_no_secret_reaches_the_log(server):
    key = server.key
    token = server.session("tab-log-1")["token"]
    requests = [
        (f"{SESSION}?key={key}", {"Host": f"evil.example:{server.port}", KEY: key}),
        (f"?key={key}", {"Host": "evil.example"}),
        (f"no-such-page-{key}.html", {"Referer": f"http://127.0.0.1/?key={key}&token={token}"}),
        (f"jupyter/api/no-such-thing?token={token}", {}),
        (f"jupyter/api/kernels/{key}?token={token}", {}),
        (f"jupyter/api/kernels/nope/channels?token={token}", {}),
        ("jupyter/api/kernels", {"Authorization": f"token {token}x"}),
        (f"a%00{key}", {}),
    ]
    for path, headers in requests:
        server.get(path, headers)
    server.get("jupyter/api/kernels", {"Authorization": f"token {token}"}, method="POST")
    assert wait_until(lambda: "403" in server.log() and "404" in server.log())  # logged...
    log = server.log()
    assert key not in log and token not in log  # ...without the secrets


def test_the_scrubber_cleans_messages_arguments_and_tracebacks():
    import logging

    scrubber = app_keys.SecretScrubber("s3cret")
    record = logging.LogRecord("x", logging.WARNING, __file__, 1, "got %s", ("a s3cret b",), None)
    try:
        raise ValueError("bad s3cret")
    except ValueError:
        record.exc_info = sys.exc_info()
    assert scrubber.filter(record)
    text = logging.Formatter().format(record)
    assert "s3cret" not in text and "[secret]" in text and "ValueError" in text


# ----------------------------------------------------------------------- other origins


@pytest.mark.parametrize("path, headers", [
    ("", {}), ("index.html", {}), ("page.html", {}), (app_keys.OPEN_PATH, {}),
    ("no-such-page.html", {}), (SESSION, {}),
])
def test_pages_may_be_framed_by_this_origin_only(server, path, headers):
    _, headers_back, _ = server.get(path, headers)
    assert "frame-ancestors 'self'" in headers_back.get("Content-Security-Policy", "")
    assert headers_back.get("X-Frame-Options") == "SAMEORIGIN"


def test_a_session_asked_for_by_another_origin_is_refused_even_with_the_key(server):
    key = server.key
    for headers in ({"Origin": "http://127.0.0.1:1"}, {"Sec-Fetch-Site": "same-site"},
                    {"Sec-Fetch-Site": "cross-site"}, {"Host": f"localhost.evil:{server.port}"},
                    {"Sec-Fetch-Site": "none"},
                    {"Origin": "http://127.0.0.1:1", "Sec-Fetch-Site": "same-origin"}):
        assert server.get(SESSION, {KEY: key, TAB: "tab-origin", **headers})[0] == 403


def test_the_rest_api_refuses_another_origin_even_with_the_token(server):
    """Issue 27 (Low): with the token, any Origin could use the REST API."""
    token = server.session("tab-rest-origin")["token"]
    auth = {"Authorization": f"token {token}"}
    for origin in ("http://attacker.example", "http://127.0.0.1:1", "null"):
        for method in ("GET", "POST"):
            status, _, _ = server.get("jupyter/api/kernels", {**auth, "Origin": origin},
                                      method=method)
            assert status in (403, 404), (origin, method, status)
    own = {**auth, "Origin": server.base.rstrip("/")}
    assert server.get("jupyter/api/kernels", own)[0] == 200
    assert server.get("jupyter/api/kernels", auth, browser=False)[0] == 200


def test_the_login_form_is_refused_without_a_traceback(server):
    """Issue 27 (Low): POST /jupyter/login with the token gave a 500 and a traceback."""
    import http.cookiejar

    token = server.session("tab-login-form")["token"]
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(server.base + "jupyter/login", timeout=60).read()
    xsrf = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
    for password in (token, "wrong"):
        data = f"_xsrf={xsrf}&password={password}".encode()
        try:
            status = opener.open(server.base + "jupyter/login", data=data, timeout=60).status
        except urllib.error.HTTPError as error:
            status = error.code
        assert status in (401, 403), status
    assert "Traceback" not in server.log() and "Uncaught exception" not in server.log()


@pytest.mark.parametrize("path", [".buildinfo", "%2ebuildinfo", "./.buildinfo"])
def test_the_builds_hidden_files_are_not_served(server, path):
    """Issue 27 (Low): /.buildinfo was served."""
    assert server.get(path)[0] == 404
    assert server.get("index.html")[0] == 200


# ---------------------------------------------------------------------------- kernels


def test_one_kernel_per_tab_and_a_reload_gets_it_back(server):
    first = server.session("tab-one-aaaa")
    again = server.session("tab-one-aaaa")  # the same tab reloaded
    other = server.session("tab-one-bbbb")
    assert again["kernel"] == first["kernel"] and again["reused"] and not first["reused"]
    assert other["kernel"] != first["kernel"]
    assert run_code(server, first, "x = 1; print(x)") == "1\n"
    assert run_code(server, again, "print(x)") == "1\n"  # really the same kernel


def test_a_released_kernel_goes_first_an_orphan_later_a_connected_one_never(server):
    async def scenario():
        import uuid

        from tornado.websocket import websocket_connect

        kept = server.session("tab-kept-1")  # the oldest, with a page connected
        url = (server.base.replace("http", "ws") + f"jupyter/api/kernels/{kept['kernel']}/"
               f"channels?session_id={uuid.uuid4()}&token={kept['token']}")
        connection = await websocket_connect(url)
        orphan = server.session("tab-orphan-1")
        left = server.session("tab-left-1")
        token = left["token"]
        assert server.get(app_handlers.RELEASE_PATH, {KEY: server.key, TAB: "tab-left-1"},
                          method="POST")[0] == 204
        again = server.session("tab-orphan-1")  # reloaded after the other tab left
        assert again["kernel"] == orphan["kernel"] and again["reused"]
        listed = {}

        def gone(kernel: str) -> bool:
            listed["now"] = server.kernels(token)
            return kernel not in listed["now"]

        assert await await_until(lambda: gone(left["kernel"]))
        # The released kernel went first, though the orphan's tab was last seen after the
        # release: the release, not the time, sent it away.
        assert orphan["kernel"] in listed["now"] and kept["kernel"] in listed["now"]
        assert await await_until(lambda: gone(orphan["kernel"]), ORPHAN + PATIENCE)  # it goes too
        # Older than the orphan, yet still there: a kernel with a page connected stays.
        assert kept["kernel"] in listed["now"]
        code = "print('still here')"
        assert await _run_code(server.base, token, kept["kernel"], code) == "still here\n"
        connection.close()
        return orphan

    orphan = asyncio.run(scenario())
    back = server.session("tab-orphan-1")  # the tab comes back much later: a new kernel
    assert back["kernel"] != orphan["kernel"] and not back["reused"]


def test_release_needs_the_key(server):
    assert server.get(app_handlers.RELEASE_PATH, {TAB: "tab-kept-1"}, method="POST")[0] == 403


class FakeKernels:
    """Just what ``_Tabs`` asks of jupyter_server's kernel manager."""

    def __init__(self) -> None:
        import logging

        self.running: "set[str]" = set()
        self._kernel_connections: "dict[str, int]" = {}
        self.stopped: "list[str]" = []  # the kernels shut down, in order
        self.log = logging.getLogger("fake-kernels")

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self.running

    def alive(self, kernel_id: str) -> bool:
        return kernel_id in self.running

    async def shutdown_kernel(self, kernel_id: str) -> None:
        self.stopped.append(kernel_id)
        self.running.discard(kernel_id)


class FakePool:
    """Hands out a new running kernel (``kernel-1``, ``kernel-2``...) each time."""

    def __init__(self, kernels: FakeKernels) -> None:
        self.kernels, self.started = kernels, 0

    async def take(self) -> str:
        self.started += 1
        kernel_id = f"kernel-{self.started}"
        self.kernels.running.add(kernel_id)
        self.kernels._kernel_connections[kernel_id] = 0
        return kernel_id


def test_culling_follows_what_pages_do_on_the_tabs_own_clock():
    """Released: gone after ``released_seconds``; orphaned: after ``orphan_seconds``;
    connected: never; a reload in time keeps the kernel (a clock the test moves)."""
    kernels = FakeKernels()
    pool = FakePool(kernels)
    clock = [1000.0]
    tabs = app_kernels.Tabs(kernels, orphan_seconds=30, released_seconds=5)
    tabs.clock = lambda: clock[0]

    def at(seconds: float) -> "list[str]":
        clock[0] = 1000.0 + seconds
        return asyncio.run(tabs.cull())

    def visit(tab: str) -> "tuple[str, bool]":
        return asyncio.run(tabs.kernel_for(tab, pool))

    kept, _ = visit("tab-kept")
    kernels._kernel_connections[kept] = 1  # its page is connected
    orphan, _ = visit("tab-orphan")
    left, _ = visit("tab-left")
    back, _ = visit("tab-back")
    tabs.release("tab-left")
    tabs.release("tab-back")
    assert at(1) == [] and visit("tab-back") == (back, True)  # a reload: the same kernel
    assert at(4.9) == [] and at(5) == [left]
    assert at(29.9) == [] and at(30) == [orphan]
    assert at(31) == [back]  # came back once, then left without a word
    assert at(10_000) == [] and kept in kernels
    kernels._kernel_connections[kept] = 0  # its page is gone without a word
    assert at(10_029.9) == [] and at(10_030) == [kept]
    assert kernels.running == set()
    again, reused = visit("tab-orphan")
    assert again not in (kept, orphan, left, back) and not reused


def test_a_kernel_listed_while_it_starts_is_described_as_starting():
    """jupyter_client lists a kernel a moment before jupyter_server marks it; listing it
    then was a 500 with a TraitError traceback in the terminal."""
    manager = app_kernels.LiveMappingKernelManager()
    kernel = manager.kernel_manager_factory(parent=manager, log=manager.log,
                                            kernel_name="python3")
    manager._kernels["kernel-starting"] = kernel  # listed, not yet marked
    [model] = manager.list_kernels()
    assert model["id"] == "kernel-starting" and model["execution_state"] == "starting"
    assert model["last_activity"]
    assert manager.kernel_model("kernel-starting") == model


@pytest.mark.slow  # real kernels
def test_a_kernel_shut_down_while_it_starts_prints_no_traceback(capfd):
    """Shutting a kernel down interrupted it first; one still importing Python printed a
    KeyboardInterrupt traceback into the server's terminal (kernels share its stderr). And
    at the server's exit, a kernel not yet listed made the shutdown of all fail (a 404)."""
    async def start_and_stop():
        manager = app_kernels.LiveMappingKernelManager()
        first = await manager.start_kernel(kernel_name="python3")
        await manager.shutdown_kernel(first)  # it has only just been launched
        second = asyncio.ensure_future(manager.start_kernel(kernel_name="python3"))
        await asyncio.sleep(0)  # its start has begun; it is not listed yet
        await manager.shutdown_all()
        return [first, await second], manager.list_kernel_ids()

    started, left = asyncio.run(start_and_stop())
    assert len(set(started)) == 2 and left == []
    err = capfd.readouterr().err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


@pytest.mark.slow  # a real kernel
def test_a_kernel_stopped_while_it_runs_code_prints_no_traceback(capfd):
    """A kernel stopped while it ran code (Ctrl+C, or the server stopped, while a page's code
    ran) printed ipykernel's "Exception in message handler" traceback into the terminal: it
    was told to shut down while its code answered the interrupt, and its sockets closed
    under the reply. Interrupted, it is stopped once no longer busy."""
    async def run_then_stop() -> "tuple[str, float]":
        manager = app_kernels.LiveMappingKernelManager()
        kernel_id = await manager.start_kernel(kernel_name="python3")
        client = manager.get_kernel(kernel_id).client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        client.execute("import time\nfor _ in range(100):\n    time.sleep(0.1)")
        kernel = manager.get_kernel(kernel_id)
        for _ in range(250):  # (the server hears the kernel say it is busy)
            if kernel.execution_state == "busy":
                break
            await asyncio.sleep(0.02)
        client.stop_channels()  # nobody waits for the reply any more
        running, started = kernel.execution_state, time.monotonic()
        await manager.shutdown_kernel(kernel_id)
        return running, time.monotonic() - started

    running, seconds = asyncio.run(run_then_stop())
    assert running == "busy"
    assert seconds < 9  # (the code was interrupted, not waited for: it runs 10 s)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


@pytest.mark.slow  # real kernels
def test_a_kernel_stopped_just_as_code_reaches_it_prints_no_traceback(capfd):
    """The same, with code sent a moment before the stop (a page's cells, the pool's warm-up,
    a click): the server did not know yet that the kernel was busy, asked it to shut down,
    and the kernel closed its sockets under the code's reply (seen at Ctrl+C in CI)."""
    async def send_then_stop(manager, delay: float) -> None:
        kernel_id = await manager.start_kernel(kernel_name="python3")
        client = manager.get_kernel(kernel_id).client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        client.execute("import time\ntime.sleep(0.3)")
        await asyncio.sleep(delay)
        client.stop_channels()
        await manager.shutdown_kernel(kernel_id)

    async def several() -> "list[str]":
        manager = app_kernels.LiveMappingKernelManager()
        await asyncio.gather(*(send_then_stop(manager, delay) for delay in (0, 0.01, 0.05)))
        return manager.list_kernel_ids()

    assert asyncio.run(several()) == []
    err = capfd.readouterr().err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


# ------------------------------------------------------------------ errors in the terminal


@pytest.mark.parametrize("path", ["%00", "a%00b.html", "_static/%00/x", "book/%00.html"])
def test_a_null_byte_in_a_path_is_a_400_without_a_traceback(server, path):
    status, _, body = server.get(path)
    assert status == 400 and b"Traceback" not in body
    assert "Traceback" not in server.log()


def test_no_warning_about_websocket_pings(server):
    """Kernel WebSockets are pinged with a timeout no longer than the interval (tornado warned
    at every start otherwise)."""
    assert run_code(server, server.session("tab-ping-1"), "print('pong')") == "pong\n"
    assert "ping" not in server.log().lower()


@pytest.mark.slow  # a server of its own: about 10 s
def test_stopping_the_server_while_kernels_start_prints_no_traceback(tmp_path_factory):
    """Ctrl+C just after a page asked for a kernel: the pool is starting the next one."""
    served, process = start_server(tmp_path_factory)
    served.session("tab-stop-1")
    stop_server(process, signal.SIGINT)
    log = served.log()
    assert "Traceback" not in log and "KeyboardInterrupt" not in log, log


def test_a_learners_jupyter_config_cannot_open_the_server(tmp_path, monkeypatch):
    """The server's options are on its command line, defaults too: they override the
    learner's own Jupyter config files (a browser opened with the token on its command
    line, other origins, other hosts)."""
    config = tmp_path / "jupyter-config"
    config.mkdir()
    (config / "jupyter_server_config.json").write_text(json.dumps({
        "ServerApp": {"open_browser": True, "allow_origin": "*", "allow_remote_access": True,
                      "ip": "0.0.0.0", "terminals_enabled": True},
        "MappingKernelManager": {"cull_connected": True}}))
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(config))
    app = app_server.LiveServer(tmp_path, free_port()).app  # (not started)
    assert (app.open_browser, app.allow_origin, app.allow_remote_access, app.ip,
            app.terminals_enabled) == (False, "", False, "127.0.0.1", False)
    assert app.kernel_manager.cull_connected is False
