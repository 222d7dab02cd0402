"""The tabs' kernels (tarot_teach/app/kernels.py ``Tabs``): a kernel being shut down is never
handed to a page (issue 28 item 6), and made-up tabs cost no memory (issue 27, Low)."""

from __future__ import annotations

import asyncio

from test_security_local import FakeKernels, FakePool

from tarot_teach.app import kernels as app_kernels


def test_releases_of_tabs_without_a_kernel_are_not_remembered():
    """60,000 releases of made-up tab ids kept 10.8 MB (each tab's load, until a cull)."""
    kernels = FakeKernels()
    tabs = app_kernels.Tabs(kernels)
    kernel, _ = asyncio.run(tabs.kernel_for("tab-real", FakePool(kernels)))
    for number in range(60_000):
        tabs.release(f"tab-fake-{number:08d}", number + 1)
    assert set(tabs.loads) <= {"tab-real"} and tabs.released == set()
    tabs.release("tab-real", 1)  # a real tab's release still counts
    assert tabs.released == {kernel}


def test_a_kernel_being_shut_down_is_not_handed_to_a_page():
    """jupyter_server's culler began to shut down a tab's kernel (idle a long time) just as
    the tab's page came back: the page was handed the dying kernel ("This exercise could
    not start here"). It now gets a new one."""
    class Pool:
        def __init__(self, manager) -> None:
            self.manager = manager

        async def take(self) -> str:
            return await self.manager.start_kernel(kernel_name="python3")

    async def scenario():
        manager = app_kernels.LiveMappingKernelManager()
        tabs = app_kernels.Tabs(manager)
        pool = Pool(manager)
        try:
            first, _ = await tabs.kernel_for("tab-back-again", pool)
            assert manager.alive(first)
            culling = asyncio.ensure_future(manager.shutdown_kernel(first))  # the culler
            await asyncio.sleep(0)  # its shutdown has begun; the kernel is still listed
            assert first in manager and not manager.alive(first)
            again, reused = await tabs.kernel_for("tab-back-again", pool)
            await culling
            return first, again, reused, manager.alive(again)
        finally:
            await manager.shutdown_all()

    first, again, reused, alive = asyncio.run(scenario())
    assert again != first and not reused and alive
