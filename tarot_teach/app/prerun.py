"""A page's cells run ahead in its tab's kernel by the server, while the browser still
loads the widget code."""

from __future__ import annotations

import asyncio
import queue
import re
import secrets
import time
from pathlib import Path

from .pool import WARM_TIMEOUT

PRERUN_PATH = "/_static/vendor/live/prerun.json"
PRERUN_TIMEOUT = 300  # seconds a page's cells may take (a page of a dozen hands, loaded machine)
UNCLAIMED_SECONDS = 120  # a run no page came for is forgotten this long after it ended
_PAGE_NAME = re.compile(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*")
# Run before a page's cells in a kernel a page had before (a reload): its widgets go.
CLOSE_WIDGETS = "import ipywidgets as _tt_w\n_tt_w.Widget.close_all()\ndel _tt_w\n"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _heard(msg: dict, report: "dict | None", messages: list) -> bool:
    """Take in one output message of a cell run ahead (:class:`PageRuns`): a widget
    message goes to ``messages`` (as live.js receives it), a widget view or an error to the
    cell's ``report``. True when the cell is done (its kernel went idle).

    >>> report, messages = {"views": [], "error": None}, []
    >>> _heard({"msg_type": "display_data", "content": {"data": {WIDGET_VIEW: {
    ...     "model_id": "m1"}}}}, report, messages), report["views"]
    (False, ['m1'])
    >>> _heard({"msg_type": "status", "content": {"execution_state": "idle"}}, report, [])
    True
    """
    kind, content = msg["msg_type"], msg["content"]
    if kind in ("comm_open", "comm_msg", "comm_close"):
        messages.append({"header": {"msg_id": msg["header"]["msg_id"], "msg_type": kind},
                         "parent_header": {"msg_id": msg["parent_header"]["msg_id"]},
                         "metadata": msg.get("metadata", {}), "content": content,
                         "channel": "iopub"})
    elif kind in ("display_data", "execute_result") and report is not None:
        view = content.get("data", {}).get(WIDGET_VIEW)
        if view:
            report["views"].append(view["model_id"])
    elif kind == "error" and report is not None:
        report["error"] = f"{content['ename']}: {content['evalue']}"
    return kind == "status" and content.get("execution_state") == "idle"


class PageRuns:
    """A page's cells run in its tab's kernel from the moment the page asks for the kernel
    (``session.json?page=book/07-tricks``): the server runs the cells the built page marks
    as needed (:func:`tarot_teach.live_cells.page_cells`: the sources come from the built
    file, never from the browser) while the browser still loads the widget code. The page
    then asks ``prerun.json`` (a POST) once for what they did: each cell's widget views and
    error, and the kernel's widget messages (comm_open, comm_msg), which live.js hands to
    its widget manager as if they had come over its WebSocket."""

    def __init__(self, kernel_manager, directory: Path) -> None:
        self.km = kernel_manager
        self.directory = Path(directory).resolve()
        self.runs: dict[str, tuple[str, "asyncio.Future"]] = {}  # tab -> (run id, result)
        self.ended: dict[str, float] = {}  # run id -> when it ended (time.monotonic)
        self.unclaimed_seconds = UNCLAIMED_SECONDS
        self._cells: dict[Path, tuple[float, list]] = {}  # built page -> (mtime, cells)

    def cells(self, page: str) -> "list[dict]":
        """The needed cells of ``page`` (e.g. ``book/07-tricks``); [] for an unknown name."""
        from ..live_cells import page_cells

        if not _PAGE_NAME.fullmatch(page or ""):
            return []
        path = (self.directory / (page + ".html")).resolve()
        if self.directory not in path.parents:
            return []
        try:
            mtime = path.stat().st_mtime
            if self._cells.get(path, (None,))[0] != mtime:
                self._cells[path] = (mtime, page_cells(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError):
            return []
        return [cell for cell in self._cells[path][1] if cell.get("needed", True)]

    def start(self, tab: str, kernel_id: str, page: str, reused: bool,
              client=None) -> "str | None":
        """Run ``page``'s cells in the kernel (in the background), through ``client`` if
        given (connected: see :meth:`pool.KernelPool.take_client`; this run stops it); the
        run's id, or None when the page has none to run."""
        import secrets

        cells = self.cells(page)
        if not cells:
            if client is not None:
                client.stop_channels()
            return None
        self._forget_unclaimed()
        run_id = secrets.token_hex(8)
        run = asyncio.ensure_future(self._run(kernel_id, cells, reused, client))
        run.add_done_callback(lambda _: self.ended.__setitem__(run_id, time.monotonic()))
        self.runs[tab] = (run_id, run)
        return run_id

    def _forget_unclaimed(self) -> None:
        """Drop the runs no page came for (it was closed while loading) a while after
        they ended."""
        now = time.monotonic()
        for tab, (run_id, _) in list(self.runs.items()):
            if now - self.ended.get(run_id, now) > self.unclaimed_seconds:
                del self.runs[tab]
        self.ended = {run_id: when for run_id, when in self.ended.items()
                      if now - when <= self.unclaimed_seconds}

    async def result(self, tab: str, run_id: str) -> "dict | None":
        """What the tab's run ``run_id`` did, once it is done (once: it is then forgotten);
        None for a run this tab does not have."""
        entry = self.runs.get(tab)
        if entry is None or entry[0] != run_id:
            return None
        del self.runs[tab]
        return await asyncio.shield(entry[1])

    async def _run(self, kernel_id: str, cells: "list[dict]", reused: bool,
                   client=None) -> dict:
        connected = client is not None
        if not connected:
            client = self.km.get_kernel(kernel_id).client()
            client.start_channels()
        try:
            if not connected:
                await client.wait_for_ready(timeout=WARM_TIMEOUT)  # (its output is heard)
            requests: dict[str, "dict | None"] = {}
            if reused:
                requests[client.execute(CLOSE_WIDGETS, store_history=False)] = None
            done = []
            for cell in cells:
                report = {"index": cell["index"], "views": [], "error": None}
                done.append(report)
                requests[client.execute(cell["source"], store_history=False,
                                        stop_on_error=False)] = report
            messages, pending = [], set(requests)
            while pending:
                try:
                    msg = await client.get_iopub_msg(timeout=PRERUN_TIMEOUT)
                except queue.Empty:
                    return {"error": f"the page's cells took more than {PRERUN_TIMEOUT} s"}
                parent = msg["parent_header"].get("msg_id")
                if parent in pending and _heard(msg, requests[parent], messages):
                    pending.discard(parent)
            return {"cells": done, "messages": messages}
        except Exception as error:  # noqa: BLE001 - the page runs its cells itself instead
            self.km.log.warning("a page's cells did not run ahead: %s", error)
            return {"error": str(error)}
        finally:
            client.stop_channels()

