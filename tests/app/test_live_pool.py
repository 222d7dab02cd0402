"""Local mode: the pool of warm kernels (tarot_teach/app/pool.py ``KernelPool``).

A page opened in a new tab gets a kernel that has already imported everything; the pool
is refilled in the background and never holds more than its size. A fake kernel manager
whose kernels start when the test says so (no process is started here; the real server
is checked at the end, with real kernels)."""

from __future__ import annotations

import asyncio
import logging
import types

import pytest

from tarot_teach.app import kernels as app_kernels, pool as app_pool, server as app_server


class FakeKernels:
    """Kernels that start (and finish warming up) when ``open_gate()`` is called."""

    def __init__(self, start_at_once: bool = True) -> None:
        self.running: set[str] = set()
        self.spares: set[str] = set()
        self.started = 0
        self.gate = asyncio.Event()
        if start_at_once:
            self.gate.set()
        self.log = logging.getLogger("fake-kernels")
        self.fail_next = False
        self.clients: list = []  # every client made, in order

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self.running

    def alive(self, kernel_id: str) -> bool:
        return kernel_id in self.running

    async def start_kernel(self, **kwargs) -> str:
        # The warm-up is the kernel's own start-up lines (the server runs no code in it).
        assert kwargs["extra_arguments"] == [f"--IPKernelApp.exec_lines={line}"
                                             for line in app_pool.WARM_UP]
        assert any("import tarot_teach.widgets" in a for a in kwargs["extra_arguments"])
        self.started += 1
        kernel_id = f"kernel-{self.started}"
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("no kernel today")
        self.running.add(kernel_id)
        return kernel_id

    def get_kernel(self, kernel_id: str):
        gate, clients = self.gate, self.clients

        class Client:
            kernel = kernel_id
            connected = False

            def start_channels(self):
                self.connected = True
                clients.append(self)

            def stop_channels(self):
                self.connected = False

            async def wait_for_ready(self, timeout):
                await gate.wait()

            def execute(self, code, **options):
                raise AssertionError("the server ran code in a kernel")

        class Kernel:
            def client(self):
                return Client()

        return Kernel()


async def settle() -> None:
    """Let every task that can run, run."""
    for _ in range(20):
        await asyncio.sleep(0)


async def filled_pool(kernels: FakeKernels, size: int = 2, refill_delay: "float | None" = None):
    """A pool of ``size`` kernels of ``kernels``, asked to fill up, once every kernel that
    can start has started."""
    pool = app_pool.KernelPool(kernels, size=size)
    if refill_delay is not None:
        pool.refill_delay = refill_delay
    pool.refill_soon()
    await settle()
    return pool


def test_the_pool_fills_to_its_size_and_no_more():
    async def scenario():
        kernels = FakeKernels()
        pool = await filled_pool(kernels)
        pool.refill_soon()
        await settle()
        assert kernels.started == 2 and len(pool.ready) == 2
        assert kernels.spares == set(pool.ready)  # spares: never culled
        assert kernels.started == 2

    asyncio.run(scenario())


def test_two_tabs_opened_at_once_both_get_a_warm_kernel_and_the_pool_refills():
    async def scenario():
        kernels = FakeKernels()
        pool = await filled_pool(kernels)
        warm = set(pool.ready)
        first, second = await asyncio.gather(pool.take(), pool.take())
        assert {first, second} == warm  # both were warm, neither waited for a start
        assert first not in kernels.spares and second not in kernels.spares
        await settle()
        assert kernels.started == 4 and len(pool.ready) == 2
        assert kernels.spares == set(pool.ready) and not warm & kernels.spares

    asyncio.run(scenario())


def test_a_spare_taken_while_another_is_ready_is_replaced_a_moment_later():
    async def scenario():
        kernels = FakeKernels()
        pool = await filled_pool(kernels, refill_delay=0.2)
        await pool.take()
        await settle()
        assert kernels.started == 2 and len(pool.ready) == 1  # not while the page opens...
        await asyncio.sleep(0.3)
        await settle()
        assert kernels.started == 3 and len(pool.ready) == 2  # ...but soon after

    asyncio.run(scenario())


def test_a_tab_that_comes_while_kernels_start_gets_the_first_one_ready():
    async def scenario():
        kernels = FakeKernels(start_at_once=False)
        pool = await filled_pool(kernels, size=1, refill_delay=0.2)
        taking = asyncio.ensure_future(pool.take())
        await settle()
        # It waits for the kernel starting; the pool's next spare is not started meanwhile
        # (it would slow down the start this page waits for)...
        assert not taking.done() and pool.starting == 1
        kernels.gate.set()
        kernel = await taking
        await settle()
        assert kernel == "kernel-1" and pool.ready == [] and pool.starting == 0
        await asyncio.sleep(0.3)
        await settle()
        assert pool.ready == ["kernel-2"] and kernels.spares == {"kernel-2"}  # ...but soon after

    asyncio.run(scenario())


def test_a_tab_that_comes_when_no_kernel_is_starting_has_one_started_at_once():
    async def scenario():
        kernels = FakeKernels(start_at_once=False)
        pool = app_pool.KernelPool(kernels, size=1)
        taking = asyncio.ensure_future(pool.take())
        await settle()
        assert pool.starting == 2  # its own, and the pool's spare
        kernels.gate.set()
        assert await taking == "kernel-1"

    asyncio.run(scenario())


def test_the_page_is_a_kernels_only_client():
    """The pool waits for a new kernel to answer (its warm-up lines have run) and lets its
    client go at once: it never runs code there, nor keeps listening (issue 31)."""
    async def scenario():
        kernels = FakeKernels()
        pool = await filled_pool(kernels)
        kernel = await pool.take()
        await settle()
        return kernel, kernels.clients

    kernel, clients = asyncio.run(scenario())
    assert kernel in [c.kernel for c in clients]  # it was asked whether it was ready
    assert not any(c.connected for c in clients)
    assert not hasattr(app_pool.KernelPool, "take_client")


def test_the_pool_never_holds_more_than_its_size_whatever_the_pages_do():
    async def scenario():
        kernels = FakeKernels(start_at_once=False)
        pool = app_pool.KernelPool(kernels, size=2)
        pool.refill_soon()
        taken: list = []
        for step in range(12):
            if step % 3 == 0:
                kernels.gate.set()
            taken.append(asyncio.ensure_future(pool.take()))
            await settle()
            kernels.gate.clear()
            # Kernels that belong to no page (ready, or starting for no one waiting).
            assert len(pool.ready) + pool.starting <= pool.size + len(pool.waiting)
            assert len(pool.ready) <= pool.size
        kernels.gate.set()
        ids = await asyncio.gather(*taken)
        await settle()
        assert len(set(ids)) == 12  # one kernel per tab
        assert len(pool.ready) == 2 and kernels.started == 14
        assert kernels.spares == set(pool.ready)

    asyncio.run(scenario())


def test_a_kernel_that_cannot_start_is_reported_to_the_tab_waiting():
    async def scenario():
        kernels = FakeKernels()
        kernels.fail_next = True
        pool = app_pool.KernelPool(kernels, size=1)
        with pytest.raises(RuntimeError, match="no kernel today"):
            await pool.take()
        await settle()
        assert await pool.take() in kernels.running  # the next one starts

    asyncio.run(scenario())


def test_a_kernel_gone_from_the_pool_is_not_handed_out():
    async def scenario():
        kernels = FakeKernels()
        pool = await filled_pool(kernels)
        gone = pool.ready[0]
        kernels.running.discard(gone)  # (it died)
        kernel = await pool.take()
        assert kernel != gone and kernel in kernels.running and gone not in kernels.spares
        assert not [c for c in kernels.clients if c.kernel == gone][0].connected  # let go

    asyncio.run(scenario())


def test_the_server_never_culls_a_spare():
    manager = app_kernels.LiveMappingKernelManager()
    manager.spares.add("spare-kernel")
    # A spare is not even looked at (an unknown kernel would be a KeyError).
    assert asyncio.run(manager.cull_kernel_if_idle("spare-kernel")) is None
    with pytest.raises(KeyError):
        asyncio.run(manager.cull_kernel_if_idle("unknown-kernel"))


def test_a_kernel_is_shut_down_once_however_many_ask(monkeypatch):
    """The cull of a tab's kernel and the server's exit may both stop one kernel: the second
    waits for the first (jupyter_server answered it 404, and its exit printed a traceback);
    a kernel already shut down is no error."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from tornado import web

    stopped = []

    async def parent_shutdown(self, kernel_id, now=False, restart=False):
        if kernel_id not in self:  # (404 for a kernel it does not have)
            raise web.HTTPError(404)
        stopped.append(kernel_id)
        await asyncio.sleep(0.05)  # (killing it and waiting for its process to end)
        self.remove_kernel(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", parent_shutdown)

    async def scenario():
        manager = app_kernels.LiveMappingKernelManager()
        manager._kernels["kernel-1"] = types.SimpleNamespace(execution_state="idle")
        culled = asyncio.ensure_future(manager.shutdown_kernel("kernel-1"))
        await asyncio.sleep(0.01)  # its shutdown is under way
        await manager.shutdown_all()  # (the server's exit lists it still)
        await culled
        await manager.shutdown_kernel("kernel-1")  # gone
        with pytest.raises(web.HTTPError):  # (a kernel it never had is still a 404)
            await manager.shutdown_kernel("kernel-never")
        return manager.list_kernel_ids()

    assert asyncio.run(scenario()) == [] and stopped == ["kernel-1"]


def test_a_kernel_is_killed_without_being_interrupted_first(monkeypatch):
    """A kernel holds nothing to save: it is killed at once, never asked to shut down (that
    raced with the code it ran or was about to run, and ipykernel printed a traceback) nor
    interrupted first (a traceback of its own while it still imported Python)."""
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    asked = []

    async def parent_shutdown(self, now=False, restart=False):
        asked.append(("shutdown", now))
        self.shutting_down = True
        await self._async_interrupt_kernel()

    async def parent_interrupt(self):
        asked.append(("interrupt",))

    async def parent_restart(self, now=False, **kwargs):
        asked.append(("restart", now))

    monkeypatch.setattr(ServerKernelManager, "shutdown_kernel", parent_shutdown)
    monkeypatch.setattr(ServerKernelManager, "restart_kernel", parent_restart)
    monkeypatch.setattr(ServerKernelManager, "_async_interrupt_kernel", parent_interrupt)
    kernel = app_kernels.LiveKernelManager()
    asyncio.run(kernel.shutdown_kernel(now=False))
    assert asked == [("shutdown", True)]
    asyncio.run(kernel.restart_kernel())  # (a restart kills the old process too)
    assert asked[-1] == ("restart", True)
    kernel.shutting_down = False  # (an interrupt the learner asks for is sent)
    asyncio.run(kernel._async_interrupt_kernel())
    assert asked[-1] == ("interrupt",)


def test_the_server_pings_kernel_sockets_without_closing_live_ones(tmp_path):
    """A page that vanished is noticed by the kernel WebSocket's ping (ws_ping_*, in ms),
    a live one is not closed; the setting is given without the command-line dict
    traitlets warns about."""
    import warnings

    from test_live_local import free_port

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = app_server.LiveServer(tmp_path, free_port()).app  # (not started)
    settings = app.web_app.settings
    # jupyter_server checks the last pong before each ping, the first one too: a timeout
    # no longer than the interval closed every page's kernel socket after 30 s.
    assert settings["ws_ping_interval"] < settings["ws_ping_timeout"] == app_server.WS_PING_MS
    assert not [w for w in caught if "tornado_settings" in str(w.message)], caught
    # tornado's own pings (which would read those milliseconds as seconds) are off there
    [handler_class] = [rule.target for rule in app.web_app.wildcard_router.rules
                       if rule.matcher.regex.pattern.endswith("/channels$")]
    handler = handler_class.__new__(handler_class)
    handler.application = app.web_app
    handler.request = types.SimpleNamespace(headers={"Sec-WebSocket-Version": "13"})
    handler.get_compression_options = lambda: None
    assert handler.ping_interval == settings["ws_ping_interval"]  # (jupyter_server's loop)
    assert handler.get_websocket_protocol().ping_interval == 0


def test_a_kernel_socket_the_page_closed_before_it_opened_is_refused_quietly(
        tmp_path, monkeypatch):
    """jupyter_server's handler would go on with the connection it had let go (two
    tracebacks in the learner's terminal); the server's handler answers 400 instead."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from test_live_local import free_port
    from tornado import web

    app = app_server.LiveServer(tmp_path, free_port()).app  # (not started)
    [handler_class] = [rule.target for rule in app.web_app.wildcard_router.rules
                       if rule.matcher.regex.pattern.endswith("/channels$")]
    assert handler_class is not KernelWebsocketHandler
    assert issubclass(handler_class, KernelWebsocketHandler)

    async def prepared_then_closed(handler):  # the page went away while it was prepared
        handler.connection = None  # (what on_close leaves)

    monkeypatch.setattr(KernelWebsocketHandler, "pre_get", prepared_then_closed)
    handler = handler_class.__new__(handler_class)
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(handler.pre_get())
    assert refused.value.status_code == 400


@pytest.mark.parametrize("others", [0, 1])
@pytest.mark.parametrize("opened", [False, True])
def test_a_kernel_socket_closed_before_it_opened_leaves_the_count_of_pages_right(
        tmp_path, monkeypatch, opened, others):
    """A page that left while its kernel socket was prepared: jupyter_server counted it as
    gone though it never counted it, so the kernel of the next page in the tab (the same
    kernel) looked unused and was shut down under it half a minute later."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from test_live_local import free_port

    app = app_server.LiveServer(tmp_path, free_port()).app  # (not started)
    [handler_class] = [rule.target for rule in app.web_app.wildcard_router.rules
                       if rule.matcher.regex.pattern.endswith("/channels$")]
    manager = types.SimpleNamespace(_kernel_connections={"k": others})  # other pages
    monkeypatch.setattr(handler_class, "kernel_manager", property(lambda self: manager))
    handler = handler_class.__new__(handler_class)
    handler.kernel_id = "k"
    seen = []

    def disconnect():  # what jupyter_server's does first: count a page gone; its last?
        MappingKernelManager.notify_disconnect(manager, "k")
        seen.append(manager._kernel_connections.get("k") == 0)

    handler.connection = types.SimpleNamespace(disconnect=disconnect)
    if opened:  # (what open() does: connect() counts the page)
        handler.counted = True
        MappingKernelManager.notify_connect(manager, "k")
    handler.on_close()
    assert manager._kernel_connections == {"k": others}
    assert handler.connection is None
    assert seen == [opened and others == 0]  # (buffered: only a page that was counted)


@pytest.mark.slow  # real kernels: about 20 s
def test_a_real_server_keeps_two_spares_beside_the_tabs_kernels(tmp_path_factory):
    from test_security_local import (PATIENCE, run_code, start_server, stop_server,
                                     wait_until)

    server, process = start_server(tmp_path_factory)
    try:
        first = server.session("pool-tab-1")
        token = first["token"]
        # Both spares are started and warm (the pool is full), then two tabs come.
        assert wait_until(lambda: len(server.kernels(token)) == 3)
        second, third = server.session("pool-tab-2"), server.session("pool-tab-3")
        tabs = {first["kernel"], second["kernel"], third["kernel"]}
        assert len(tabs) == 3
        out = run_code(server, second, "import sys; print('tarot_teach.widgets' in sys.modules)")
        assert out.strip() == "True"
        seen = []

        def five_kernels() -> bool:
            seen.append(len(server.kernels(token)))
            return seen[-1] == 5

        # Spares are started one after another (a start takes a core a page needs): on a
        # loaded machine (CI runs tests side by side) each warm-up can take a minute.
        assert wait_until(five_kernels, seconds=3 * PATIENCE), seen  # three tabs, two spares...
        assert max(seen) <= 5, seen  # ...never more
        assert tabs <= server.kernels(token)
    finally:
        stop_server(process)
    assert "Traceback" not in server.log()
