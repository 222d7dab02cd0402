"""Every page of the book executes with no error and nothing written to stderr, and shows its
exercises as widgets (never as the text ``<tarot_teach…>``).

The pages are not executed again here: the run's one build (conftest.py's ``book``) executed
each into ``_build/jupyter_execute/``, and these tests read the outputs it kept. That build,
with warnings as errors, already fails when a cell raises (``allow_errors: false``); it does
not fail on a cell's stderr, nor on an exercise shown as text, which these tests catch.
To execute one page by itself: ``python scripts/run_page.py book/07-tricks.md``.
"""

import json

import pytest

from test_book_build import ROOT, toc_pages

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def output_problems(notebook: dict) -> list[str]:
    """What is wrong in an executed notebook's outputs: errors, stderr, an object's text
    where a widget should be (the checks of scripts/run_page.py).

    >>> output_problems({"cells": [{"cell_type": "code", "outputs": [
    ...     {"output_type": "stream", "name": "stderr", "text": "careful"},
    ...     {"output_type": "execute_result", "data": {"text/plain": "<tarot_teach.X at 0x1>"}}]}]})
    ['cell 0: stderr: careful', 'cell 0: shows <tarot_teach.X at 0x1> instead of a widget']
    """
    problems = []
    for number, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        for output in cell.get("outputs", []):
            kind = output.get("output_type")
            if kind == "error":
                problems.append(f"cell {number}: {output['ename']}: {output['evalue']}")
            elif kind == "stream" and output.get("name") == "stderr":
                problems.append(f"cell {number}: stderr: {''.join(output['text'])[:300]}")
            elif kind in ("execute_result", "display_data"):
                data = output.get("data", {})
                text = "".join(data.get("text/plain", ""))
                if WIDGET_VIEW not in data and text.startswith("<tarot_teach."):
                    problems.append(f"cell {number}: shows {text[:80]} instead of a widget")
    return problems


@pytest.mark.slow  # the book
@pytest.mark.parametrize("page", toc_pages())
def test_page_executes_cleanly(book, page):
    if "{code-cell}" not in (ROOT / f"{page}.md").read_text(encoding="utf-8"):
        return  # nothing to execute
    path = book.executed / f"{page}.ipynb"
    assert path.is_file(), f"the build did not execute {page}"
    problems = output_problems(json.loads(path.read_text(encoding="utf-8")))
    assert not problems, "\n".join(problems)
