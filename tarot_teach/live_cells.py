"""Which code cells of a page are run again when the page comes alive (see live.js).

Decided once, when the book is built (scripts/sphinx_offline_site.py marks each embedded
cell ``needed``): a page opened runs its needed cells without parsing anything.

A page's outputs are already on screen as built; only its widgets need Python to answer.
So a live page re-runs the cells that show widgets, and the cells these need: an earlier
cell that binds or changes a name they read (and so on back), and a later cell that reads a
name a widget cell bound (it may change that widget). A cell that only writes a table, or
the coach's review of a whole hand, is left as built: on the coach's page that is 9 s of
Python the learner no longer waits for.

The reading is deliberately generous (a name read anywhere in a cell, even inside a
function, counts; a call ``x.f(...)`` counts as changing ``x``): running a cell too many
costs time, one too few would break an exercise. A cell that cannot be parsed, or a star
import, makes every cell run.

>>> cells = ["import math", "r = 2", "table = [math.pi * r]", "w = Slider(r)", "w.max = 9"]
>>> needed_cells(cells, shown=[3])
[1, 3, 4]
>>> needed_cells(cells, shown=[2])
[0, 1, 2]
>>> needed_cells(["from x import *", "w = Slider()"], shown=[1])
[0, 1]
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field

__all__ = ["needed_cells", "page_cells", "cells_script"]

EVERYTHING = "*"  # a cell binding names that cannot be listed (a star import)


@dataclass
class _Names:
    reads: set[str] = field(default_factory=set)
    binds: set[str] = field(default_factory=set)  # assigned, imported, defined or changed
    imports: set[str] = field(default_factory=set)


def _root(node: ast.AST) -> "str | None":
    """``x`` for ``x``, ``x.a.b``, ``x[k].a`` (the name whose object is touched)."""
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _names(tree: ast.Module) -> _Names:
    found = _Names()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (found.reads if isinstance(node.ctx, ast.Load) else found.binds).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.binds.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                name = alias.asname or alias.name.split(".")[0]
                if name == "*":
                    name = EVERYTHING
                found.binds.add(name)
                found.imports.add(name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            found.binds.update(node.names)
        elif isinstance(node, (ast.Attribute, ast.Subscript)) and not isinstance(
                node.ctx, ast.Load):
            root = _root(node)  # x.a = ..., x[k] = ..., del x[k]: x is changed
            if root:
                found.binds.add(root)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            root = _root(node.func.value)  # x.append(...), x.board.reset(): may change x
            if root:
                found.binds.add(root)
    return found


def _parse(source: str) -> "ast.Module | None":
    """The cell as Python (IPython's % and ! lines translated when IPython is there)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
        source = TransformerManager().transform_cell(source)
    except Exception:  # noqa: BLE001 - no IPython (or it cannot read the cell): parse as is
        pass
    try:
        return ast.parse(source)
    except SyntaxError:
        return None


def needed_cells(sources: "list[str]", shown: "list[int]") -> "list[int]":
    """Positions (in ``sources``) of the cells to run so that the cells at positions
    ``shown`` (those whose output shows widgets) come out as when the whole page ran."""
    trees = [_parse(source) for source in sources]
    if any(tree is None for tree in trees):
        return list(range(len(sources)))
    names = [_names(tree) for tree in trees]
    needed = {k for k in shown if 0 <= k < len(sources)}
    changed = True
    while changed:
        changed = False
        wanted: set[str] = set()
        for k in range(len(sources) - 1, -1, -1):  # back: who binds what a needed cell reads
            binds = names[k].binds
            if k not in needed and (EVERYTHING in binds or binds & wanted):
                needed.add(k)
                changed = True
            if k in needed:
                wanted |= names[k].reads
        bound: set[str] = set()
        for k in range(len(sources)):  # forward: who reads what a widget cell made
            if k not in needed and names[k].reads & bound:
                needed.add(k)
                changed = True
            if k in shown:
                bound |= names[k].binds - names[k].imports
    return sorted(needed)


CELLS_TAG = '<script type="application/json" id="tt-live-cells">'
PAGE_CELLS = re.compile(re.escape(CELLS_TAG) + r"(.*?)</script>", re.S)


def cells_script(page: str, cells: "list[dict]") -> str:
    """The tag a built page embeds its live cells in (scripts/sphinx_offline_site.py), as
    :func:`page_cells` and live.js read it: JSON, with ``<``, ``>`` and ``&`` escaped so
    that no source can close the tag.

    >>> tag = cells_script("p", [{"index": 0, "source": "print('</script>')", "needed": True}])
    >>> "</script>')" in tag, page_cells(tag)[0]["source"]
    (False, "print('</script>')")
    """
    data = json.dumps({"page": page, "cells": cells}, ensure_ascii=True)
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f"{CELLS_TAG}{data}</script>"


def page_cells(html: str) -> "list[dict]":
    """The code cells a built page embeds for live.js (:func:`cells_script`):
    ``{"index", "source", "needed"}`` each, ``needed`` as :func:`needed_cells` decided at
    build time; [] for a page without live widgets.

    >>> page_cells('<p>x</p><script type="application/json" id="tt-live-cells">'
    ...            '{"page": "p", "cells": [{"index": 2, "source": "w", "needed": true}]}</script>')
    [{'index': 2, 'source': 'w', 'needed': True}]
    >>> page_cells("<p>no widgets</p>")
    []
    """
    found = PAGE_CELLS.search(html)
    return json.loads(found.group(1))["cells"] if found else []
