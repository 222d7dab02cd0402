"""Issue 27, items 5 and 6: a greedy or slow client cannot bring the tutorial's server down.

A cap on the tabs that have a kernel (the tab unused longest gives its kernel up, else the
page is told), a kernel whose warm-up failed stopped, tabs that never took a kernel
forgotten, the descriptor limit raised at start; time limits on a request's headers, a cap
on one client's connections and one log line (not a traceback per try) when connections
are refused."""

from __future__ import annotations

import asyncio
import resource
import socket
import subprocess
import sys
import types
from pathlib import Path

import pytest

from test_live_pool import FakeKernels, settle
from test_security_local import FakeKernels as TabKernels
from test_security_local import PATIENCE, FakePool, start_server, stop_server, wait_until

from tarot_teach.app import kernels as app_kernels
from tarot_teach.app import pool as app_pool

ROOT = Path(__file__).resolve().parents[2]


def test_a_tab_beyond_the_cap_takes_the_kernel_unused_longest_or_is_told_too_many():
    manager, clock = TabKernels(), [0.0]
    pool = FakePool(manager)
    tabs = app_kernels.Tabs(manager, max_tabs=3, clock=lambda: clock[0])

    async def scenario():
        for n in range(3):
            await tabs.kernel_for(f"tab-{n}", pool)
            clock[0] += 10
        manager._kernel_connections.update({kernel: 1 for kernel in manager.running})
        clock[0] += 60
        with pytest.raises(app_kernels.TooManyTabs):  # every page still there
            await tabs.kernel_for("tab-3", pool)
        assert manager.running == {"kernel-1", "kernel-2", "kernel-3"} and not manager.stopped
        manager._kernel_connections["kernel-2"] = manager._kernel_connections["kernel-3"] = 0
        kernel, reused = await tabs.kernel_for("tab-3", pool)
        # The kernel no page had for the longest time (tab-1's: seen before tab-2's) goes.
        assert (kernel, reused) == ("kernel-4", False) and manager.stopped == ["kernel-2"]
        assert manager.running == {"kernel-1", "kernel-3", "kernel-4"} and "tab-1" not in tabs.kernels
        # A kernel just handed out is not taken back before its page can connect.
        manager._kernel_connections["kernel-3"] = 1
        with pytest.raises(app_kernels.TooManyTabs):
            await tabs.kernel_for("tab-4", pool)
        # A tab that had its kernel gets it back, cap or not.
        assert await tabs.kernel_for("tab-0", pool) == ("kernel-1", True)

    asyncio.run(scenario())
    assert app_kernels.MAX_TABS + app_pool.POOL_SIZE <= 12


def test_tabs_that_never_took_a_kernel_are_forgotten():
    manager, clock = TabKernels(), [0.0]
    tabs = app_kernels.Tabs(manager, clock=lambda: clock[0])
    asyncio.run(tabs.kernel_for("real-tab-1", FakePool(manager)))
    manager._kernel_connections["kernel-1"] = 1
    tabs.left("real-tab-1", 1)
    for n in range(1000):  # fake tab ids, each saying it leaves
        tabs.left(f"fake-tab-{n}", 1)
        tabs.release(f"fake-tab-{n}")
    clock[0] += app_kernels.ORPHAN_SECONDS + 1
    asyncio.run(tabs.cull())
    assert list(tabs.loads) == ["real-tab-1"] and list(tabs.kernels) == ["real-tab-1"]
    assert tabs.left("real-tab-1", 0)  # (still knows which page the real tab is at)


def test_a_kernel_whose_warm_up_failed_is_stopped():
    class WarmUpFails(FakeKernels):
        def __init__(self) -> None:
            super().__init__()
            self.stopped: list[str] = []

        async def shutdown_kernel(self, kernel_id: str) -> None:
            self.stopped.append(kernel_id)
            self.running.discard(kernel_id)

        def get_kernel(self, kernel_id: str):
            client = super().get_kernel(kernel_id).client()

            async def dies(timeout):
                raise RuntimeError("the kernel died while importing")

            client.wait_for_ready = dies
            return types.SimpleNamespace(client=lambda: client)

    async def scenario():
        kernels = WarmUpFails()
        pool = app_pool.KernelPool(kernels, size=1)
        pool.refill_soon()
        await settle()
        assert kernels.stopped == ["kernel-1"] and not kernels.running
        assert pool.ready == [] and not kernels.spares

    asyncio.run(scenario())


def _low_descriptor_limit(soft: int = 256):
    def lower() -> None:
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return lower


@pytest.mark.slow  # imports jupyter_server in a child: 5 to 15 s
def test_the_server_raises_its_descriptor_limit_at_start(tmp_path):
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip("the hard limit leaves no room")
    code = ("import resource, sys; from pathlib import Path\n"
            "from tarot_teach.app import server\n"
            "server.LiveServer(Path(sys.argv[1]), 0)  # (not started)\n"
            "print(resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=PATIENCE,
                          preexec_fn=_low_descriptor_limit())
    assert done.returncode == 0, done.stderr
    # (jupyter_server itself raises it to 4096 only: about 45 tabs' kernels and connections)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    assert int(done.stdout.split()[-1]) == wanted


def _closed_by_server(connection: socket.socket) -> bool:
    connection.settimeout(PATIENCE)
    try:
        return connection.recv(1) == b""
    except ConnectionError:
        return True
    except OSError:  # (still open when the patience ran out)
        return False


def _answers(server) -> bool:
    try:
        return server.get("index.html")[0] == 200
    except OSError:
        return False


SLOW_CLIENT_SECONDS = 5  # a request's headers must come within this (limits: 20 s)


@pytest.mark.slow  # a server of its own, with its kernels; the slow clients time out
def test_slow_clients_neither_freeze_the_server_nor_fill_its_log(tmp_path_factory):
    """300 connections that never finish their request (more than one client may hold,
    and more than the descriptors the server had before raising its limit): the book still
    answers, each slow connection is closed by the server, and its terminal shows no
    traceback and at most a few lines about refused connections."""
    server, process = start_server(tmp_path_factory, preexec_fn=_low_descriptor_limit(),
                                   header_timeout=SLOW_CLIENT_SECONDS)
    slow = []
    try:
        for _ in range(300):
            try:
                connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
                connection.sendall(b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            except OSError:
                continue  # (refused at once: fine)
            slow.append(connection)
        assert wait_until(lambda: _answers(server))
        still_open = [connection for connection in slow if not _closed_by_server(connection)]
        assert not still_open, f"{len(still_open)} slow connections left open"
        assert _answers(server)
    finally:
        for connection in slow:
            connection.close()
        stop_server(process)
    log = server.log()
    assert "Traceback" not in log, log[-3000:]
    assert len(log.splitlines()) <= 5, log[-3000:]
