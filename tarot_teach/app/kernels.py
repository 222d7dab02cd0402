"""The kernels: jupyter_server's kernel managers made safe for kernels still starting and
quiet when kernels stop, one kernel per browser tab (:class:`Tabs`), and their WebSockets.

Besides public methods, two private members of jupyter_client/jupyter_server are used,
where no public one does the same: ``_async_interrupt_kernel`` and ``_kernel_connections``
(``pyproject.toml`` pins the versions tested).
"""

from __future__ import annotations

import asyncio
import time
from datetime import datetime, timezone

from jupyter_server.auth.identity import IdentityProvider
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager, ServerKernelManager)
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tornado import web
from traitlets import DottedObjectName

# A kernel no page is connected to is shut down after this many seconds (released: the page
# said it was going away; a reload comes back well within that).
ORPHAN_SECONDS, RELEASED_SECONDS = 30, 5
# Tabs that may have a kernel at once (each holds about 110 MB; with the pool's two spares,
# twelve kernels at most): see Tabs._make_room.
MAX_TABS = 10


class TooManyTabs(Exception):
    """Every kernel a tab may have is in use by a page."""


async def shut_down(km, kernel_id: str) -> None:
    """Shut down a kernel with ``km``, one gone already being no error."""
    try:
        await km.shutdown_kernel(kernel_id)
    except Exception as error:  # noqa: BLE001 - gone already
        km.log.debug("shutting down %s: %s", kernel_id, error)


class TokenOnlyIdentityProvider(IdentityProvider):
    """No login cookie (one would be sent to any server on 127.0.0.1, whatever its port):
    the token comes with every request, from a page of this origin or from no page (the
    token from another origin is refused); no login form (it answered a good token with a
    500 and a traceback)."""

    def get_user_cookie(self, handler):
        return None

    def set_login_cookie(self, handler, user):
        pass

    def get_user_token(self, handler):
        origin = handler.request.headers.get("Origin")
        if origin is not None and origin != f"{handler.request.protocol}://{handler.request.host}":
            return None
        return super().get_user_token(handler)

    def process_login_form(self, handler):
        return None


class LiveKernelManager(ServerKernelManager):
    """A kernel is killed, never asked to shut down nor interrupted first. It keeps nothing
    for its exit (a learner's progress is written at each answer, atomically), and every
    polite way raced with the code it might run: tracebacks in the learner's terminal
    ("Exception in message handler", ``KeyboardInterrupt`` while importing, "Event loop
    is closed" just after its launch)."""

    async def shutdown_kernel(self, now: bool = False, restart: bool = False) -> None:
        await super().shutdown_kernel(now=True, restart=restart)

    async def restart_kernel(self, now: bool = False, **kwargs) -> None:
        await super().restart_kernel(now=True, **kwargs)

    async def _async_interrupt_kernel(self) -> None:
        # (jupyter_client's shutdown interrupts through this name only: no public switch)
        if not self.shutting_down:
            await super()._async_interrupt_kernel()


class LiveMappingKernelManager(AsyncMappingKernelManager):
    """A kernel listed before jupyter_server marked it (``last_activity``,
    ``execution_state``: a TraitError, a 500) is described as starting. At the server's
    exit, kernels still starting are shut down once started (jupyter_server refused them
    with a 404, and the exit stopped half-way). A kernel is shut down once however many ask:
    a second caller waits for the first, and one shut down already is no error (an
    unknown one is still a 404)."""

    kernel_manager_class = DottedObjectName(f"{__name__}.LiveKernelManager")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._starting: "set[asyncio.Future]" = set()
        self._stopping: "dict[str, asyncio.Future]" = {}  # kernel id -> its shutdown
        self._stopped: "set[str]" = set()  # the kernels shut down (ids: bytes each)
        self.spares: "set[str]" = set()  # a pool's warm kernels: no page, never culled

    async def start_kernel(self, **kwargs) -> str:
        start = asyncio.ensure_future(super().start_kernel(**kwargs))
        self._starting.add(start)
        start.add_done_callback(self._starting.discard)
        return await start

    async def shutdown_all(self, now: bool = False) -> None:
        # (each through shutdown_kernel: jupyter_client's shutdown_all calls a private one)
        if self._starting:
            await asyncio.gather(*list(self._starting), return_exceptions=True)
        await asyncio.gather(*(self.shutdown_kernel(kernel_id, now=now)
                               for kernel_id in self.list_kernel_ids()))

    async def shutdown_kernel(self, kernel_id, now=False, restart=False):
        stopping = self._stopping.get(kernel_id)
        if stopping is None:
            if kernel_id in self._stopped and kernel_id not in self:
                return None  # gone already: nothing to stop
            stopping = asyncio.ensure_future(
                super().shutdown_kernel(kernel_id, now=now, restart=restart))
            self._stopping[kernel_id] = stopping
            if kernel_id in self:
                self._stopped.add(kernel_id)
            stopping.add_done_callback(lambda _: self._stopping.pop(kernel_id, None))
        return await asyncio.shield(stopping)

    def _kernel(self, kernel_id: str):
        return self.get_kernel(kernel_id) if kernel_id in self else None

    def alive(self, kernel_id: str) -> bool:
        """True when the kernel runs and no one (jupyter_server's culler, a tab's cull, the
        pool) is shutting it down: only such a kernel may be handed to a page."""
        kernel = self._kernel(kernel_id)
        return (kernel is not None and kernel_id not in self._stopping
                and not getattr(kernel, "shutting_down", False))

    def _mark_starting(self, kernel_id) -> None:
        kernel = self._kernel(kernel_id)
        if kernel is not None:  # (an unknown one: jupyter_server's 404)
            if not kernel.trait_has_value("last_activity"):
                kernel.last_activity = datetime.now(timezone.utc)
            if kernel.execution_state is None:
                kernel.execution_state = "starting"

    def kernel_model(self, kernel_id):
        self._mark_starting(kernel_id)
        return super().kernel_model(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id):
        if kernel_id in self.spares:
            return None
        self._mark_starting(kernel_id)
        return await super().cull_kernel_if_idle(kernel_id)


class Tabs:
    """One kernel per browser tab (its id kept by the page in sessionStorage), and the
    culling of kernels no page is connected to."""

    def __init__(self, kernel_manager, orphan_seconds: float = ORPHAN_SECONDS,
                 released_seconds: float = RELEASED_SECONDS, max_tabs: int = MAX_TABS,
                 clock=time.monotonic) -> None:
        self.km, self.clock, self.max_tabs = kernel_manager, clock, max_tabs
        self.orphan_seconds, self.released_seconds = orphan_seconds, released_seconds
        self.kernels: dict[str, str] = {}  # tab id -> kernel id
        self.seen: dict[str, float] = {}  # kernel id -> last time a page had it
        self.released: set[str] = set()  # kernel ids whose page said it was leaving
        # tab id -> (the newest page load that asked, when): forgotten with the tab's kernel,
        # or a while after it asked when it has none (a page that never took one).
        self.loads: dict[str, tuple[int, float]] = {}
        self.taking = 0  # tabs waiting for a kernel from the pool

    def left(self, tab: str, load: "int | None") -> bool:
        """True when ``load`` is a page ``tab`` has left: a newer page of the tab asked
        already (a request can come late, after the next page's: it must not take the
        kernel from under the page on screen). Else ``load`` is the tab's newest. A page
        that does not say (None) is not compared.

        >>> tabs = Tabs(kernel_manager=None)
        >>> tabs.left("tab-1", 2), tabs.left("tab-1", 1), tabs.left("tab-1", 2)
        (False, True, False)
        >>> tabs.left("tab-1", None), tabs.left("tab-2", 1)
        (False, False)
        """
        if load is None:
            return False
        if load < self.loads.get(tab, (0, 0.0))[0]:
            return True
        self.loads[tab] = (load, self.clock())
        return False

    def _connections(self, kernel_id: str) -> int:
        return self.km._kernel_connections.get(kernel_id, 0)

    async def kernel_for(self, tab: str, pool) -> "tuple[str, bool]":
        """The tab's kernel if it still runs (True: a page had it before), else a new one;
        :class:`TooManyTabs` when ``max_tabs`` tabs have one and a page uses each."""
        kernel_id = self.kernels.get(tab)
        if kernel_id is not None and self.km.alive(kernel_id):  # (not one being shut down)
            self.released.discard(kernel_id)
            self.seen[kernel_id] = self.clock()
            return kernel_id, True
        if kernel_id is not None:
            self._forget(tab, kernel_id)
        if len(self.kernels) + self.taking >= self.max_tabs:
            await self._make_room()
        self.taking += 1
        try:
            kernel_id = await pool.take()
        finally:
            self.taking -= 1
        self.kernels[tab] = kernel_id
        self.seen[kernel_id] = self.clock()
        return kernel_id, False

    async def _make_room(self) -> None:
        """Shut down the kernel of the tab unused longest, if no page is connected to it
        and none had it for a few seconds (a page just given one connects a moment later);
        else :class:`TooManyTabs`."""
        now = self.clock()
        idle = [(self.seen.get(kernel_id, 0.0), tab, kernel_id)
                for tab, kernel_id in self.kernels.items()
                if self._connections(kernel_id) == 0
                and now - self.seen.get(kernel_id, 0.0) >= self.released_seconds]
        if not idle:
            raise TooManyTabs(f"{self.max_tabs} tabs have a kernel, each in use")
        _, tab, kernel_id = min(idle)
        self._forget(tab, kernel_id)
        await shut_down(self.km, kernel_id)

    def release(self, tab: str, load: "int | None" = None) -> None:
        """The page ``load`` of ``tab`` is leaving: its kernel goes soon, unless the tab
        comes back (see :meth:`left`). A tab with no kernel is not remembered at all (a
        flood of made-up tab ids kept memory).

        >>> tabs = Tabs(kernel_manager=None)
        >>> tabs.release("tab-nobody", 3); tabs.loads
        {}
        """
        kernel_id = self.kernels.get(tab)
        if kernel_id is not None and not self.left(tab, load):
            self.released.add(kernel_id)
            self.seen[kernel_id] = self.clock()

    async def cull(self) -> "list[str]":
        """Shut down the kernels no page has been connected to for a while; their ids."""
        now = self.clock()
        culled = []
        for tab, kernel_id in list(self.kernels.items()):
            if kernel_id not in self.km:
                self._forget(tab, kernel_id)
                continue
            if self._connections(kernel_id) > 0:
                self.seen[kernel_id] = now
                self.released.discard(kernel_id)
                continue
            wait = self.released_seconds if kernel_id in self.released else self.orphan_seconds
            if now - self.seen.get(kernel_id, now) >= wait:
                self._forget(tab, kernel_id)
                culled.append(kernel_id)
                await shut_down(self.km, kernel_id)
        self.loads = {tab: (load, when) for tab, (load, when) in self.loads.items()
                      if tab in self.kernels or now - when < self.orphan_seconds}
        return culled

    def _forget(self, tab: str, kernel_id: str) -> None:
        self.kernels.pop(tab, None)
        self.seen.pop(kernel_id, None)
        self.released.discard(kernel_id)


class KernelSocket(KernelWebsocketHandler):
    """A kernel's WebSocket that answers 400 (one log line, not two tracebacks) when the page
    closed the connection while jupyter_server was still preparing it, and does not count
    such a connection as gone from its kernel (it was never counted)."""

    counted = False  # jupyter_server counted this connection to its kernel (open)

    async def pre_get(self):
        await super().pre_get()
        if self.connection is None:  # on_close ran: the page went away meanwhile
            raise web.HTTPError(400, "the page closed the connection before it opened")

    async def open(self, kernel_id):
        self.counted = True  # (connect(), called at once by open, counts it)
        await super().open(kernel_id)

    def get_websocket_protocol(self):
        # tornado's own pings read jupyter_server's milliseconds as seconds (and warn
        # that its timeout is longer than its interval): off; jupyter_server's ping.
        protocol = super().get_websocket_protocol()
        if protocol is not None:
            protocol.params.ping_interval = None
        return protocol

    def on_close(self):
        # jupyter_server's disconnect() counts even an uncounted connection gone: the kernel
        # then looked unused (Tabs.cull) and was shut down under the next page. Without the
        # kernel in the count while it runs (synchronously), it changes nothing.
        connections = self.kernel_manager._kernel_connections
        if self.counted or getattr(self, "connection", None) is None or \
                self.kernel_id not in connections:
            return super().on_close()
        count = connections.pop(self.kernel_id)
        try:
            return super().on_close()
        finally:
            connections[self.kernel_id] = count


def quiet_kernel_sockets(web_app) -> None:
    """Route the kernels' WebSockets of ``web_app`` to :class:`KernelSocket`."""
    def replace(router) -> None:
        for rule in getattr(router, "rules", ()):
            if rule.target is KernelWebsocketHandler:
                rule.target = KernelSocket
                if hasattr(rule, "handler_class"):
                    rule.handler_class = KernelSocket
            else:
                replace(rule.target)

    replace(web_app.default_router)
