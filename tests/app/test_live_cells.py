"""A live page re-runs only the cells its widgets need (tarot_teach/live_cells.py).

The fast tests read small pages; the slow one runs every page of the built book twice in
real kernels, all cells and only the needed ones (as live.js asks), and compares the state
of every widget shown on each page where cells were left out: the learner must get the
same exercises either way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tarot_teach.live_cells import needed_cells, page_cells

ROOT = Path(__file__).resolve().parents[2]


def test_a_widget_cell_gets_the_cells_that_bind_what_it_reads_and_nothing_else():
    cells = [
        "from tarot_teach.widgets.play import TrickWinnerExercise as Winner\nimport math",
        "seed = 3",
        "table = [math.pi] * seed\ndisplay(table)",  # an explanation: stays as built
        "review = slow_review(seed)",  # (the coach's 9 s): not needed by the widget
        "ex = Winner(seed=seed)\nex",
    ]
    assert needed_cells(cells, shown=[4]) == [0, 1, 4]


def test_a_cell_that_changes_a_needed_name_is_run_too():
    cells = ["options = []", "options.append(1)", "rules = Rules()", "rules.tricks[0] = 2",
             "w = Choice(options, rules)", "w.value = 1", "print(w.value)", "print(options)"]
    assert needed_cells(cells, shown=[4]) == [0, 1, 2, 3, 4, 5, 6]


def test_names_read_inside_functions_and_comprehensions_count():
    cells = ["base = 10", "def make():\n    return Slider(max=base)", "w = make()\nw",
             "other = [k for k in range(3)]"]
    assert needed_cells(cells, shown=[2]) == [0, 1, 2]


def test_a_cell_that_cannot_be_read_makes_every_cell_run():
    cells = ["x = 1", "y = = 2", "w = Slider()\nw"]
    assert needed_cells(cells, shown=[2]) == [0, 1, 2]


def test_magics_are_read_as_ipython_reads_them():
    cells = ["%config InlineBackend.figure_format = 'svg'", "n = 2", "w = Slider(n)\nw"]
    assert needed_cells(cells, shown=[2]) == [1, 2]


def test_a_page_without_widgets_runs_nothing():
    assert needed_cells(["x = 1", "print(x)"], shown=[]) == []


# ------------------------------------------------------------- every page, real kernels

STATE = r"""
import json as _json
from ipywidgets.widgets.widget import _instances as _tt_all

def _tt_tree(model_id, path=()):
    if model_id in path or model_id not in _tt_all:
        return "?"
    def fix(value):
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            return _tt_tree(value[len("IPY_MODEL_"):], path + (model_id,))
        if isinstance(value, (list, tuple)):
            return [fix(v) for v in value]
        if isinstance(value, dict):
            return {k: fix(v) for k, v in value.items()}
        return value
    return fix(_tt_all[model_id].get_state())

print(_json.dumps([_tt_tree(m) for m in {ids}], sort_keys=True, default=repr))
"""


def _flat(value, path: str = "") -> dict:
    """{"/children[0]/value": 3, ...}: a state tree as its leaves."""
    if isinstance(value, dict):
        parts = [_flat(item, f"{path}/{key}") for key, item in value.items()]
    elif isinstance(value, list):
        parts = [_flat(item, f"{path}[{i}]") for i, item in enumerate(value)]
    else:
        return {path: value}
    return {k: v for part in parts for k, v in part.items()}


def _page_cells(path: Path) -> "list[dict]":
    return page_cells(path.read_text(encoding="utf-8"))


class Kernel:
    def __init__(self, progress: Path) -> None:
        import os

        from jupyter_client.manager import start_new_kernel

        # A progress file of its own: a widget may save where the learner is as it opens.
        self.manager, self.client = start_new_kernel(
            kernel_name="python3", cwd=str(ROOT / "book"),
            env=dict(os.environ, TAROT_TEACH_PROGRESS=str(progress)))

    def run(self, code: str) -> "tuple[list[str], str, list[str]]":
        """(model ids shown, stdout, errors) of one request."""
        msg_id = self.client.execute(code, store_history=False)
        shown, out, errors = [], "", []
        while True:
            msg = self.client.get_iopub_msg(timeout=300)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind in ("display_data", "execute_result"):
                view = content["data"].get("application/vnd.jupyter.widget-view+json")
                if view:
                    shown.append(view["model_id"])
            elif kind == "stream":
                out += content["text"]
            elif kind == "error":
                errors.append(f"{content['ename']}: {content['evalue']}")
            elif kind == "status" and content["execution_state"] == "idle":
                return shown, out, errors

    def states(self, ids: "list[str]"):
        _, out, errors = self.run(STATE.replace("{ids}", json.dumps(ids)))
        assert not errors, errors
        return json.loads(out)

    def close_all(self) -> None:
        self.run("import ipywidgets as _w\n_w.Widget.close_all()\n")

    def stop(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


@pytest.mark.slow  # every page twice in real kernels: a minute or two
def test_every_page_shows_the_same_widgets_when_only_the_needed_cells_run(tmp_path, built_book):
    from tarot_teach.app import build as app_build

    html = app_build.html_dir(app_build.project_root())
    pages = [p for p in sorted((html / "book").glob("*.html")) if _page_cells(p)]
    if not pages:
        pytest.skip("the book is not built (tarot-teach or scripts/build builds it)")
    whole, sliced = Kernel(tmp_path / "whole.json"), Kernel(tmp_path / "sliced.json")
    problems, skipped = [], 0
    try:
        for path in pages:
            cells = _page_cells(path)
            shown_by_cell, full_ids = [], []
            for cell in cells:
                ids, _, errors = whole.run(cell["source"])
                problems += [f"{path.stem} cell {cell['index']} (all cells): {e}" for e in errors]
                shown_by_cell.append(ids)
                full_ids += ids
            # The cells marked needed when the book was built are those needed_cells picks
            # for the widgets this page really shows.
            shown = [k for k, ids in enumerate(shown_by_cell) if ids]
            needed = needed_cells([cell["source"] for cell in cells], shown)
            marked = [k for k, cell in enumerate(cells) if cell["needed"]]
            if marked != needed:
                problems.append(f"{path.stem}: cells {marked} marked needed, {needed} are")
            slice_ids = []
            for cell in cells:
                if not cell["needed"]:
                    continue  # (as live.js and the server run a page)
                ids, _, errors = sliced.run(cell["source"])
                problems += [f"{path.stem} cell {cell['index']} (needed only): {e}"
                             for e in errors]
                slice_ids += ids
            left_out = len(cells) - len(marked)
            skipped += left_out
            if not left_out:
                pass  # the same cells ran (a final test drawn afresh may differ: not compared)
            elif len(full_ids) != len(slice_ids):
                problems.append(f"{path.stem}: {len(full_ids)} widgets shown with all cells, "
                                f"{len(slice_ids)} with the needed ones")
            else:
                before, after = _flat(whole.states(full_ids)), _flat(sliced.states(slice_ids))
                differ = [(key, before.get(key), after.get(key)) for key in before.keys() |
                          after.keys() if before.get(key) != after.get(key)]
                if differ:
                    problems.append(f"{path.stem}: the widgets differ when only the needed "
                                    f"cells run, e.g. {sorted(differ, key=str)[:3]}")
            whole.close_all()
            sliced.close_all()
    finally:
        whole.stop()
        sliced.stop()
    assert not problems, "\n".join(problems)
    assert skipped > 0  # (else this test proves nothing about leaving cells out)
