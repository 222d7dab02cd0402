"""Kernels started ahead of time and warmed up, handed out one per browser tab."""

from __future__ import annotations

import asyncio
import collections

# A kernel's own start-up lines (IPKernelApp.exec_lines: run before it answers anything), so
# that a page's cells run at once: every module of tarot_teach (a page may ask for any; not
# the command line nor this server), and matplotlib as the widgets import it (charts drawn
# when a page opens, e.g. chapter 13's: half a second and about 48 MB).
WARM_UP = ["import ipywidgets", "import tarot_teach", "import tarot_teach.widgets",
           "import importlib, pkgutil, tarot_teach; _tt = [importlib.import_module(m.name) for m in "
           "pkgutil.walk_packages(tarot_teach.__path__, 'tarot_teach.') "
           "if not m.name.startswith(('tarot_teach.app', 'tarot_teach.cli', "
           "'tarot_teach.__main__'))]; "
           "del importlib, pkgutil, _tt",
           "from tarot_teach.widgets.charts import pyplot as _tt; _tt(); del _tt"]

POOL_SIZE = 2  # warm kernels kept ready (each holds about 110 MB of memory)
WARM_TIMEOUT = 120  # seconds a new kernel may take to import everything
# A spare taken while another is still ready is replaced this many seconds later: starting a
# kernel takes a core for a second or two, which the page just opened needs more.
REFILL_DELAY = 4.0


class KernelPool:
    """At most ``size`` warm kernels that belong to no tab (ready or starting), each one
    taken replaced in the background (see :meth:`refill_soon`). A page that comes when none
    is ready gets the next one that finishes starting (pages served in the order they
    came). The kernel manager never culls a spare (``km.spares``)."""

    def __init__(self, kernel_manager, size: int = POOL_SIZE) -> None:
        self.km, self.size, self.refill_delay = kernel_manager, size, REFILL_DELAY
        self.refill_due = None  # the refill planned (an asyncio TimerHandle)
        self.ready: list[str] = []
        self.starting = 0
        self.waiting: collections.deque = collections.deque()  # futures of pages waiting
        self.spares = getattr(kernel_manager, "spares", set())

    async def _start_one(self) -> str:
        kernel_id = await self.km.start_kernel(
            kernel_name="python3", path="",
            extra_arguments=[f"--IPKernelApp.exec_lines={line}" for line in WARM_UP])
        self.spares.add(kernel_id)
        try:
            await self._warmed(kernel_id)
        except BaseException as error:
            self.spares.discard(kernel_id)
            if isinstance(error, Exception):  # (not the server's exit: it stops them all)
                from .kernels import shut_down

                asyncio.ensure_future(shut_down(self.km, kernel_id))  # (it will never serve)
            raise
        return kernel_id

    async def _warmed(self, kernel_id: str) -> None:
        """Until the kernel answers (it runs its warm-up lines first: jupyter_server calls a
        kernel started as soon as its process runs). Its client asks that only, and goes."""
        client = self.km.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=WARM_TIMEOUT)
        finally:
            client.stop_channels()

    def refill_soon(self) -> None:
        """Start (in the background) the kernels missing from the pool: all of them when
        none is starting; otherwise only those the pages waiting still lack, the spares
        :meth:`refill_later` (starting a kernel takes a core the waiting pages need)."""
        if self.refill_due is not None:
            self.refill_due.cancel()
            self.refill_due = None
        missing = self.size + len(self.waiting) - len(self.ready) - self.starting
        missing_now = max(0, min(missing, len(self.waiting) - self.starting)
                          if self.starting else missing)
        for _ in range(missing_now):
            self.starting += 1  # counted before the task runs: never too many
            asyncio.ensure_future(self._start_and_keep())
        if missing > missing_now:
            self.refill_later()

    def refill_later(self) -> None:
        """:meth:`refill_soon` in ``refill_delay`` seconds (once, however many ask)."""
        if self.refill_due is None:
            self.refill_due = asyncio.get_running_loop().call_later(self.refill_delay,
                                                                    self.refill_soon)

    async def _start_and_keep(self) -> None:
        try:
            kernel_id = await self._start_one()
        except Exception as error:  # noqa: BLE001 - the page waiting is told
            self.starting -= 1
            self.km.log.warning("a kernel did not start: %s", error)
            if self.waiting:
                future = self.waiting.popleft()
                if not future.done():
                    future.set_exception(error)
            return
        self.starting -= 1
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():  # (a page that went away no longer waits)
                self.spares.discard(kernel_id)
                future.set_result(kernel_id)
                return
        self.ready.append(kernel_id)

    async def take(self) -> str:
        """A warm kernel for a new tab (it is no longer a spare)."""
        while self.ready:
            kernel_id = self.ready.pop(0)
            if self.km.alive(kernel_id):  # not gone (nor going) meanwhile
                self.spares.discard(kernel_id)
                (self.refill_later if self.ready or self.starting else self.refill_soon)()
                return kernel_id
            self.spares.discard(kernel_id)
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(future)
        self.refill_soon()
        try:
            return await future
        finally:
            if future in self.waiting:
                self.waiting.remove(future)

