"""Kernels started ahead of time and warmed up, handed out one per browser tab."""

from __future__ import annotations

import asyncio
import collections

# Run in every kernel before a page asks for it, so that a page's cells run at once.
# Every module of tarot_teach is imported, as a page may ask for any (not the command line
# nor this server).
WARM_UP = ["import ipywidgets", "import tarot_teach", "import tarot_teach.widgets",
           "import importlib, pkgutil, tarot_teach; _tt = [importlib.import_module(m.name) for m in "
           "pkgutil.walk_packages(tarot_teach.__path__, 'tarot_teach.') "
           "if not m.name.startswith(('tarot_teach.app', 'tarot_teach.cli', "
           "'tarot_teach.__main__'))]; "
           "del importlib, pkgutil, _tt"]
# Run in a kernel once it waits in the pool as a spare (not before: a page that comes while
# kernels start is not kept waiting for it). matplotlib, imported the way the widgets import
# it, takes half a second (charts drawn when a page opens, e.g. chapter 13's) and about 48 MB.
WARM_UP_LATER = "from tarot_teach.widgets.charts import pyplot as _tt\n_tt()\ndel _tt\n"


POOL_SIZE = 2  # warm kernels kept ready (each holds about 110 MB of memory)
WARM_TIMEOUT = 120  # seconds a new kernel may take to import everything
# A spare taken while another is still ready is replaced this many seconds later: starting a
# kernel takes a core for a second or two, which the page just opened needs more.
REFILL_DELAY = 4.0


class KernelPool:
    """Kernels started ahead of time and warmed up (:data:`WARM_UP` has run), handed out
    one per tab. At most ``size`` kernels belong to no tab (ready or starting): each one
    taken is replaced in the background (after ``refill_delay`` seconds if another one is
    still ready or starting, so as not to slow down the page just opened). A page that
    comes when none is ready gets the next one that finishes starting (pages are served in
    the order they came). A spare then runs :data:`WARM_UP_LATER`; a spare still running it
    is handed out only when no other is ready. The kernel manager never culls a spare
    (``km.spares``)."""

    def __init__(self, kernel_manager, size: int = POOL_SIZE) -> None:
        self.km = kernel_manager
        self.size = size
        self.refill_delay = REFILL_DELAY
        self.refill_due = None  # the refill planned (an asyncio TimerHandle)
        self.ready: list[str] = []
        self.starting = 0
        self.waiting: collections.deque = collections.deque()  # futures of pages waiting
        self.spares = getattr(kernel_manager, "spares", set())
        # The spares running WARM_UP_LATER, by kernel (the kernel manager's: a kernel's
        # shutdown cancels it, as no answer will come).
        self.busy = getattr(kernel_manager, "busy", {})
        # Each warm kernel's client, its output already listened to (see take_client).
        self.clients: dict = {}

    async def _start_one(self) -> str:
        kernel_id = await self.km.start_kernel(
            kernel_name="python3", path="",
            extra_arguments=[f"--IPKernelApp.exec_lines={line}" for line in WARM_UP])
        self.spares.add(kernel_id)
        try:
            self.clients[kernel_id] = await self._warmed(kernel_id)
        except BaseException as error:
            self.spares.discard(kernel_id)
            if isinstance(error, Exception):  # (not the server's exit: it stops them all)
                self._stop(kernel_id)  # it will never serve: its process would stay for nothing
            raise
        return kernel_id

    def _stop(self, kernel_id: str) -> None:
        """Shut down a kernel that will serve no page, in the background."""
        async def stop() -> None:
            try:
                await self.km.shutdown_kernel(kernel_id)
            except Exception as error:  # noqa: BLE001 - gone already
                self.km.log.debug("stopping %s: %s", kernel_id, error)

        asyncio.ensure_future(stop())

    async def _warmed(self, kernel_id: str):
        """Until the kernel answers: it runs its warm-up lines before answering anything
        (jupyter_server calls a kernel started as soon as its process runs). The client
        that asked, still connected."""
        client = self.km.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=WARM_TIMEOUT)
        except BaseException:
            client.stop_channels()
            raise
        return client

    def take_client(self, kernel_id: str):
        """The connected client of a kernel this pool started (once; None after): the
        page's cells run through it at once, where a new client takes a few tenths of a
        second to be sure it hears the kernel's output. The taker stops its channels.
        None while the kernel still runs :data:`WARM_UP_LATER`: that client waits for its
        reply (a taker that ran nothing would stop it at once), then the pool stops it."""
        if kernel_id in self.busy:
            return None
        return self.clients.pop(kernel_id, None)

    def refill_soon(self) -> None:
        """Start (in the background) the kernels missing from the pool: all of them when
        none is starting; otherwise only those the pages waiting still lack, the spares
        :meth:`refill_later` (starting a kernel takes a core the waiting pages need)."""
        if self.refill_due is not None:
            self.refill_due.cancel()
            self.refill_due = None
        missing = self.size + len(self.waiting) - len(self.ready) - self.starting
        if self.starting:
            missing_now = max(0, min(missing, len(self.waiting) - self.starting))
        else:
            missing_now = max(0, missing)
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
        warming = asyncio.ensure_future(self._warm_later(kernel_id))
        self.busy[kernel_id] = warming  # (see busy)
        warming.add_done_callback(lambda _: self.busy.pop(kernel_id, None))
        await asyncio.wait([warming])
        # Taken meanwhile (its page connected a client of its own), or shut down:
        if kernel_id not in self.ready or warming.cancelled():
            client = self.clients.pop(kernel_id, None)
            if client is not None:
                client.stop_channels()

    async def _warm_later(self, kernel_id: str) -> None:
        """Run :data:`WARM_UP_LATER` in a spare, through its client (until its reply)."""
        client = self.clients.get(kernel_id)
        if client is None:
            return
        try:
            request = client.execute(WARM_UP_LATER, silent=True, store_history=False)
            while True:
                reply = await client.get_shell_msg(timeout=WARM_TIMEOUT)
                if reply["parent_header"].get("msg_id") == request:
                    break
        except Exception as error:  # noqa: BLE001 - a page imports what it needs itself
            self.km.log.debug("a spare did not finish warming up: %s", error)

    async def take(self) -> str:
        """A warm kernel for a new tab (it is no longer a spare)."""
        while self.ready:
            idle = [k for k in self.ready if k not in self.busy]
            kernel_id = (idle or self.ready)[0]
            self.ready.remove(kernel_id)
            if kernel_id in self.km:  # not gone meanwhile
                self.spares.discard(kernel_id)
                if self.ready or self.starting:
                    self.refill_later()
                else:
                    self.refill_soon()
                return kernel_id
            self.spares.discard(kernel_id)
            client = self.clients.pop(kernel_id, None)
            if client is not None:
                client.stop_channels()
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(future)
        self.refill_soon()
        try:
            return await future
        finally:
            if future in self.waiting:
                self.waiting.remove(future)

