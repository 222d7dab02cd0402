"""Local mode: a tab's first page has its cells run by the server as soon as it asks for a
kernel (tarot_teach/app/prerun.py ``PageRuns``), while the browser still loads the widget code.

A fake kernel client answers here (no process is started); tests/test_live_local.py opens
every exercise page against the real server, where this is how each page comes alive."""

from __future__ import annotations

import asyncio
import json
import logging
import queue
from pathlib import Path

from tarot_teach.app import prerun as app_prerun
from tarot_teach.live_cells import cells_script

VIEW = app_prerun.WIDGET_VIEW


def built_page(folder: Path, name: str, cells: list) -> None:
    """A built page as scripts/sphinx_offline_site.py writes it (its live cells embedded)."""
    path = folder / (name + ".html")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("<p>text</p>" + cells_script(name, cells), encoding="utf-8")


def message(kind: str, parent: str, content: dict, number: int) -> dict:
    return {"msg_type": kind, "header": {"msg_id": f"out-{number}", "msg_type": kind},
            "parent_header": {"msg_id": parent}, "metadata": {}, "content": content}


class FakeClient:
    """Runs code as the script says: ``"w"`` shows a widget, ``"boom"`` fails, anything
    else shows nothing. Another client's output is heard too (it must be left out)."""

    def __init__(self) -> None:
        self.outputs: "queue.Queue[dict]" = queue.Queue()
        self.ran: list[str] = []
        self.connected = False
        self.count = 0

    def start_channels(self):
        self.connected = True

    def stop_channels(self):
        self.connected = False

    async def wait_for_ready(self, timeout):
        pass

    def _say(self, kind: str, parent: str, content: dict) -> None:
        self.count += 1
        self.outputs.put(message(kind, parent, content, self.count))

    def execute(self, code, store_history=True, stop_on_error=True):
        self.ran.append(code)
        parent = f"request-{len(self.ran)}"
        self._say("status", "someone-else", {"execution_state": "busy"})
        if code == "w":
            model = f"model-{len(self.ran)}"
            self._say("comm_open", parent, {"comm_id": model, "data": {"state": {}}})
            self._say("comm_msg", "someone-else", {"comm_id": "other", "data": {}})
            self._say("display_data", parent, {"data": {VIEW: {"model_id": model}}})
        elif code == "boom":
            self._say("error", parent, {"ename": "ValueError", "evalue": "no"})
        self._say("status", parent, {"execution_state": "idle"})
        return parent

    async def get_iopub_msg(self, timeout):
        return self.outputs.get_nowait()  # (raises queue.Empty when all was said)


class FakeKernels:
    def __init__(self) -> None:
        self.clients: list[FakeClient] = []
        self.log = logging.getLogger("fake-kernels")

    def get_kernel(self, kernel_id):
        kernels = self

        class Kernel:
            def client(self):
                kernels.clients.append(FakeClient())
                return kernels.clients[-1]

        return Kernel()


CELLS = [{"index": 0, "source": "setup", "needed": True},
         {"index": 2, "source": "table", "needed": False},
         {"index": 3, "source": "w", "needed": True},
         {"index": 5, "source": "boom", "needed": True}]


def runs_of(tmp_path: Path) -> "app_prerun.PageRuns":
    built_page(tmp_path / "book", "07-tricks", CELLS)
    return app_prerun.PageRuns(FakeKernels(), tmp_path)


def test_only_the_cells_the_build_marked_as_needed_are_run(tmp_path):
    runs = runs_of(tmp_path)
    assert [c["index"] for c in runs.cells("book/07-tricks")] == [0, 3, 5]


def test_a_page_name_outside_the_book_or_unknown_gives_nothing_to_run(tmp_path):
    runs = runs_of(tmp_path)
    (tmp_path.parent / "secret.html").write_text("x", encoding="utf-8")
    for name in ("../secret", "book/../../secret", "/etc/passwd", "book/07-tricks.html",
                 "book/none", "", "book/07-tricks\x00"):
        assert runs.cells(name) == [], name


def test_the_page_gets_each_cells_views_and_errors_and_the_widget_messages_in_order(tmp_path):
    async def scenario():
        runs = runs_of(tmp_path)
        run = runs.start("tab-1", "kernel-1", "book/07-tricks", reused=False)
        result = await runs.result("tab-1", run)
        client = runs.km.clients[0]
        return result, client

    result, client = asyncio.run(scenario())
    assert client.ran == ["setup", "w", "boom"] and not client.connected
    assert result["cells"] == [
        {"index": 0, "views": [], "error": None},
        {"index": 3, "views": ["model-2"], "error": None},
        {"index": 5, "views": [], "error": "ValueError: no"}]
    # Only this run's widget messages (not another client's), as live.js receives them.
    assert [(m["header"]["msg_type"], m["content"]["comm_id"]) for m in result["messages"]] \
        == [("comm_open", "model-2")]
    assert result["messages"][0]["channel"] == "iopub"
    json.dumps(result)  # (sent as it is)


def test_a_reloaded_tab_has_its_old_widgets_closed_first_through_the_client_it_is_given(
        tmp_path):
    async def scenario():
        runs = runs_of(tmp_path)
        given = FakeClient()
        given.start_channels()
        run = runs.start("tab-1", "kernel-1", "book/07-tricks", reused=True, client=given)
        await runs.result("tab-1", run)
        return runs, given

    runs, given = asyncio.run(scenario())
    assert not runs.km.clients  # no new client: the one given was used...
    assert given.ran[0] == app_prerun.CLOSE_WIDGETS and given.ran[1:] == ["setup", "w", "boom"]
    assert not given.connected  # ...and stopped


def test_a_run_is_handed_to_its_own_tab_once(tmp_path):
    async def scenario():
        runs = runs_of(tmp_path)
        run = runs.start("tab-1", "kernel-1", "book/07-tricks", reused=False)
        other = await runs.result("tab-2", run)
        wrong = await runs.result("tab-1", "not-" + run)
        right = await runs.result("tab-1", run)
        again = await runs.result("tab-1", run)
        return other, wrong, right, again

    other, wrong, right, again = asyncio.run(scenario())
    assert other is None and wrong is None and again is None and right["cells"]


def test_a_page_without_cells_starts_no_run_and_lets_the_client_go(tmp_path):
    async def scenario():
        runs = runs_of(tmp_path)
        given = FakeClient()
        given.start_channels()
        return runs.start("tab-1", "kernel-1", "book/none", reused=False, client=given), given

    run, given = asyncio.run(scenario())
    assert run is None and not given.connected and not given.ran


def test_a_run_that_cannot_finish_says_so_and_the_page_runs_its_cells_itself(tmp_path):
    class Silent(FakeClient):
        async def get_iopub_msg(self, timeout):
            raise queue.Empty

    async def scenario():
        runs = runs_of(tmp_path)
        run = runs.start("tab-1", "kernel-1", "book/07-tricks", reused=False, client=Silent())
        return await runs.result("tab-1", run)

    assert "error" in asyncio.run(scenario())


def test_a_run_no_page_came_for_is_forgotten_a_while_after_it_ended(tmp_path):
    async def scenario():
        runs = runs_of(tmp_path)
        runs.unclaimed_seconds = 0.05
        first = runs.start("tab-closed", "kernel-1", "book/07-tricks", reused=False)
        runs.start("tab-slow", "kernel-2", "book/07-tricks", reused=False)
        await asyncio.sleep(0.1)  # both ended; nobody came for them yet
        runs.start("tab-new", "kernel-3", "book/07-tricks", reused=False)
        kept = set(runs.runs)
        return first, kept, await runs.result("tab-closed", first)

    first, kept, result = asyncio.run(scenario())
    assert kept == {"tab-new"} and result is None
