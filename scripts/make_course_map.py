#!/usr/bin/env python3
"""Write ``tarot_teach/teach/course_map.py``: the book's chapters (in ``_toc.yml`` order) and
the exercises and guided hands each page shows, read from the pages' code cells.

The progress page needs this list in the browser's Python too, where the book's sources are
not available, so it is kept as a module; ``tests/teach/test_path.py`` fails when it is out of date.
Run ``.venv/bin/python scripts/make_course_map.py`` after adding a page or an exercise.
"""

from __future__ import annotations

import ast
import json
import pprint
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "tarot_teach" / "teach" / "course_map.py"
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)
SKIPPED_ARGUMENTS = {"seed", "exercise_id", "question", "progress"}


def toc_pages(toc_path: Path = ROOT / "_toc.yml") -> list[str]:
    toc = yaml.safe_load(toc_path.read_text(encoding="utf-8"))
    pages = [toc["root"]]
    for part in toc.get("parts", []):
        pages.extend(chapter["file"] for chapter in part.get("chapters", []))
    return pages


def page_title(text: str) -> str:
    match = re.search(r"^# (.+)$", text, re.M)
    return match.group(1).strip() if match else ""


def page_exercises(text: str) -> list[dict]:
    """Every call with a literal ``exercise_id=`` in the page's code cells, in order."""
    found = []
    for source in CELL.findall(text):
        source = "\n".join(line for line in source.splitlines() if not line.startswith(":"))
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
            keywords = {k.arg: k.value for k in call.keywords if k.arg}
            ident = keywords.get("exercise_id")
            if not (isinstance(ident, ast.Constant) and isinstance(ident.value, str)):
                continue
            func = call.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            entry = {"id": ident.value, "kind": name}
            if name in ("GuidedHand", "GuidedHandWidget"):
                hand = next((a for a in ast.walk(call.args[0]) if isinstance(a, ast.Constant)
                             and str(a.value).endswith(".json")), None) if call.args else None
                entry["kind"] = "guided"
                if hand is not None:
                    data = json.loads((ROOT / "exercises" / "hands" / hand.value).read_text())
                    entry["title"] = data["title"]
            elif name == "FinalTestWidget":
                entry["kind"] = "final"
                entry["title"] = page_title(text)
            else:
                entry["options"] = {key: value.value for key, value in keywords.items()
                                    if key not in SKIPPED_ARGUMENTS
                                    and isinstance(value, ast.Constant)}
            found.append(entry)
    return found


def course_map() -> list[dict]:
    chapters = []
    for page in toc_pages():
        text = (ROOT / f"{page}.md").read_text(encoding="utf-8")
        chapters.append({"page": Path(page).name, "title": page_title(text),
                         "exercises": page_exercises(text)})
    return chapters


def module_text() -> str:
    return ('"""The book\'s chapters and the exercises of each (written by\n'
            '``scripts/make_course_map.py`` from ``_toc.yml`` and the pages: do not edit)."""\n\n'
            f"CHAPTERS = {pprint.pformat(course_map(), width=96, sort_dicts=False)}\n")


if __name__ == "__main__":
    TARGET.write_text(module_text(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}", file=sys.stderr)
