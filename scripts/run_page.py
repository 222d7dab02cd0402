#!/usr/bin/env python3
"""Execute book pages (MyST markdown notebooks) and report any error output.

    python scripts/run_page.py book/07-tricks.md [more pages...]

Exit status 1 if a cell raised or wrote to stderr. Used by chapter authors and by
tests/book/test_notebooks.py; much faster than a whole book build.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbclient
from myst_nb.core.read import read_myst_markdown_notebook

ROOT = Path(__file__).resolve().parent.parent


def execute_page(path: Path, timeout: int = 120):
    """Execute one page in its own folder; return ``(notebook, problems)``."""
    notebook = read_myst_markdown_notebook(path.read_text(encoding="utf-8"), path=str(path))
    client = nbclient.NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                                     allow_errors=True,
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    problems = []
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                problems.append(f"cell {number}: {output['ename']}: {output['evalue']}")
            elif output.get("output_type") == "stream" and output.get("name") == "stderr":
                problems.append(f"cell {number}: stderr: {output['text'][:300]}")
            elif output.get("output_type") in ("execute_result", "display_data"):
                data = output.get("data", {})
                text = str(data.get("text/plain", ""))
                if "application/vnd.jupyter.widget-view+json" not in data \
                        and text.startswith("<tarot_teach."):
                    problems.append(f"cell {number}: shows {text[:80]} instead of a widget")
    return notebook, problems


def main(paths: list[str]) -> int:
    status = 0
    for name in paths:
        _, problems = execute_page(Path(name).resolve())
        print(f"{name}: {'ok' if not problems else 'ERRORS'}")
        for problem in problems:
            print("   ", problem)
        status |= bool(problems)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
