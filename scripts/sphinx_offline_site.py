"""Small Sphinx extension (loaded from _config.yml) that keeps the built book self-contained.

* Before reading anything, check that every script named in ``nb_ipywidgets_js`` and
  ``mathjax_path`` is local (warn otherwise) and provided by an ``html_extra_path``
  folder; if not, stop with a clear message (run ``python scripts/fetch_assets.py``).
  Without this, a build before fetching would only warn, and later incremental builds
  would never publish the files.
* After every HTML build, copy ``html_extra_path`` again. Sphinx copies assets only when at
  least one page is written, so re-fetched assets would otherwise not reach ``_build/html``.
* Warn (an error under ``-W``) when a page would load a script or stylesheet from another
  host, whichever extension added it.
* Live widgets (``_static/vendor/widgets/live.js``): on pages that display widgets, mark every
  code cell's container with the class ``tt-cell-<index>`` and embed the sources of the code
  cells up to the last one that shows a widget as JSON (``<script type="application/json"
  id="tt-live-cells">``), because ``remove-input`` cells leave no source in the page, each
  with ``needed``: whether the widgets need it (:mod:`tarot_teach.live_cells`). live.js
  (or the local server of ``tarot-teach``) re-runs the needed ones in a kernel (a Jupyter
  kernel on this machine, or Pyodide in the browser) and swaps the static widget views for
  live ones.
* Every page loads ``_static/vendor/widgets/nav.js`` (one Python for the whole visit: links
  to other pages of the book are followed inside the page, so the kernel keeps running; it
  also registers the service worker ``tt-sw.js``).
* After every HTML build, write ``<file>.gz`` beside the built pages and the theme's larger
  files, and the service worker ``tt-sw.js`` at the site root (its scope is the whole site)
  from ``scripts/assets/sw.js``: a version (vendored files + this build: a new build means
  a new cache in the browser) and the list of files it may fetch compressed.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

from docutils import nodes

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)


def _is_remote(uri: str) -> bool:
    return "://" in uri or uri.startswith("//")


def _check_vendored(app: Sphinx) -> None:
    if app.builder.format != "html":
        return
    configured = list(app.config.nb_ipywidgets_js)
    if app.config.mathjax_path:
        configured.append(app.config.mathjax_path)
    for uri in configured:
        if _is_remote(uri):
            logger.warning(
                "%s is loaded from another host; vendor it (scripts/fetch_assets.py)",
                uri,
                type="offline_site",
            )
    wanted = [uri for uri in configured if not _is_remote(uri)] + [NAV_JS]
    roots = [Path(app.confdir, p) for p in app.config.html_extra_path]
    missing = [
        f"_static/{uri}" for uri in wanted + [SW_VENDOR]
        if not any((root / "_static" / uri).is_file() for root in roots)
    ]
    if missing:
        raise ExtensionError(
            "vendored browser assets are missing: "
            + ", ".join(missing)
            + " (not in any existing html_extra_path folder: "
            + (", ".join(map(str, app.config.html_extra_path)) or "none exists")
            + "). Run `python scripts/fetch_assets.py` first."
        )


def _warn_remote_assets(app: Sphinx, pagename, templatename, context, doctree) -> None:
    assets = list(context.get("script_files", [])) + list(context.get("css_files", []))
    for asset in assets:
        uri = str(getattr(asset, "filename", asset) or "")
        if uri and _is_remote(uri):
            logger.warning(
                "page %s would load %s from another host; the book must work offline",
                pagename,
                uri,
                type="offline_site",
                location=pagename,
            )


def _recopy_extra(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html" and app.config.html_extra_path:
        app.builder.copy_extra_files()


# Built files worth sending compressed (the vendored ones are gzipped by fetch_assets.py).
COMPRESSIBLE = {".html", ".js", ".css", ".svg", ".json", ".ttf", ".eot", ".txt"}


def _gzip(path: Path) -> int:
    import gzip

    data = path.read_bytes()
    packed = gzip.compress(data, compresslevel=6, mtime=0)
    Path(f"{path}.gz").write_bytes(packed)
    return len(packed)


# Scripts every page (or every page with formulas) names in <head>, big and not needed to
# read the page: MathJax (1.2 MB, 0.3 MB gzipped) and the theme's search tools and index
# (for its search box; 0.09 MB, 0.02 MB gzipped).
LAZY_SCRIPTS = re.compile(
    r'<script (?:defer(?:="defer")? )?src="([^"]*(?:_static/vendor/mathjax/tex-mml-chtml\.js'
    r'|_static/searchtools\.js|_static/language_data\.js|searchindex\.js)[^"]*)"></script>')
# The theme's icon script (1.5 MB, 0.54 MB gzipped) only redraws as SVG the icons that its
# stylesheet already draws with the Font Awesome web font (fa-solid-900.woff2, 0.16 MB).
DROPPED_SCRIPTS = re.compile(
    r'<script defer(?:="defer")? (?:src|data-tt-lazy)="[^"]*_static/scripts/fontawesome\.js'
    r'[^"]*"></script>\n?')


def _lazy_scripts(out: Path) -> None:
    """Pages name the LAZY_SCRIPTS as ``data-tt-lazy``: nav.js loads them once the service
    worker controls the page, so that even a first visit gets them compressed and keeps
    them (a plain static server sends everything uncompressed). The search page keeps its
    own (it needs them at once); no page loads the DROPPED_SCRIPTS."""
    for path in out.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        lazy = DROPPED_SCRIPTS.sub("", text)
        if path.name != "search.html":
            lazy = LAZY_SCRIPTS.sub(r'<script defer data-tt-lazy="\1"></script>', lazy)
        if lazy != text:
            path.write_text(lazy, encoding="utf-8")


def _write_service_worker(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    import hashlib

    out = Path(app.outdir)
    vendor = out / "_static" / "vendor"
    info_path = vendor / "sw-vendor.json"
    if not info_path.is_file():
        logger.warning("%s is missing: run scripts/fetch_assets.py", info_path,
                       type="offline_site")
        return
    info = json.loads(info_path.read_text(encoding="utf-8"))
    _lazy_scripts(out)
    version = hashlib.sha256(info["version"].encode())
    compressed = list(info["compressed"])
    for path in sorted(out.rglob("*")):
        if (path.suffix not in COMPRESSIBLE or not path.is_file() or vendor in path.parents
                or path.name == SERVICE_WORKER):
            continue
        rel = path.relative_to(out).as_posix()
        if path.suffix == ".html" or rel.startswith("_static/"):
            version.update(rel.encode() + hashlib.sha256(path.read_bytes()).digest())
        size = path.stat().st_size
        if size >= 16_000 and _gzip(path) < 0.8 * size:
            compressed.append(rel)
        else:
            Path(f"{path}.gz").unlink(missing_ok=True)
    template = (Path(__file__).resolve().parent / "assets" / "sw.js").read_text(encoding="utf-8")
    (out / SERVICE_WORKER).write_text(
        template.replace("__VERSION__", version.hexdigest()[:16])
        .replace("__COMPRESSED__", json.dumps(compressed)), encoding="utf-8")


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NAV_JS = "vendor/widgets/nav.js"  # under _static/
SERVICE_WORKER = "tt-sw.js"  # at the site root (its scope is the folder it is in)
SW_VENDOR = "vendor/sw-vendor.json"  # under _static/, from fetch_assets.py


def _mark_cells(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Give each code cell's container a class naming its notebook index."""
    for node in doctree.findall(nodes.container):
        if node.get("nb_element") == "cell_code" and node.get("cell_index") is not None:
            node["classes"].append(f"tt-cell-{node['cell_index']}")


def _live_cells(app: Sphinx, docname: str) -> "list[dict] | None":
    """The code cells a live page must run (index, source), or None if it shows no widget.

    Cells tagged ``tt-static`` (build-time figures, say) are not run again live.
    """
    path = Path(app.env.doc2path(docname))
    if path.suffix != ".md" or not path.is_file():
        return None
    from myst_nb.core.read import read_myst_markdown_notebook

    notebook = read_myst_markdown_notebook(path.read_text(encoding="utf-8"), path=path)
    cells = [
        {"index": index, "source": cell.source}
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        and not {"remove-cell", "tt-static"} & set(cell.metadata.get("tags", []))
    ]
    return cells


SHOWING = {"display", "say", "print"}


def _only_shows(source: str) -> bool:
    """True for a cell whose every statement is a call of display(), say() or print(): it
    defines nothing a later cell needs.

    >>> _only_shows("display(HTML(chart(sheet.totals())))\\nsay('done')")
    True
    >>> _only_shows("x = Exercise(seed=1)\\nx"), _only_shows("%time f()"), _only_shows("")
    (False, False, False)
    """
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython syntax (magics): run it, as before
        return False
    return bool(tree.body) and all(
        isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name) and node.value.func.id in SHOWING
        for node in tree.body)


def _embed_live_cells(app: Sphinx, pagename, templatename, context, doctree) -> None:
    # No favicon: say so, so that browsers do not ask the server for /favicon.ico (a 404).
    context["metatags"] = context.get("metatags", "") + '<link rel="icon" href="data:,">\n' + (
        # A solution's title names its exercise with a link; a click there must open the
        # dropdown (the title toggles it), not jump back up to the exercise.
        "<style>.solution.dropdown>.admonition-title a{pointer-events:none;color:inherit}"
        "</style>\n")
    body = context.get("body") or ""
    if doctree is None or WIDGET_VIEW not in body:
        return
    cells = _live_cells(app, pagename)
    if not cells:
        return
    def shows_widget(cell: dict) -> bool:
        marker = f"tt-cell-{cell['index']} "
        return marker in body and WIDGET_VIEW in body.split(marker, 1)[1].split('class="cell ', 1)[0]

    # Only the cells up to the last one showing a widget are needed, and of those not the
    # ones that only show something (their output is on the page already).
    last = max((c["index"] for c in cells if shows_widget(c)), default=None)
    if last is None:
        return
    wanted = [c for c in cells if c["index"] <= last
              and (shows_widget(c) or not _only_shows(c["source"]))]
    # Which of them the widgets need is decided once, here (tarot_teach/live_cells.py):
    # the page and the local server run only those, without parsing anything.
    from tarot_teach.live_cells import cells_script, needed_cells

    needed = set(needed_cells([c["source"] for c in wanted],
                              [k for k, c in enumerate(wanted) if shows_widget(c)]))
    wanted = [dict(c, needed=k in needed) for k, c in enumerate(wanted)]
    context["body"] = body + cells_script(pagename, wanted) + "\n"


PRINT_CSS = Path(__file__).resolve().parent / "assets" / "print.css"
RAW_SOURCE_BUTTONS = {"download-source-button", "download-notebook-button"}


def _print_layout(app: Sphinx, pagename, templatename, context, doctree) -> None:
    """Every page: the print stylesheet, inline; "download" offers the printed page (.pdf)
    and no longer the raw source (run after sphinx-book-theme adds its header buttons)."""
    css = PRINT_CSS.read_text(encoding="utf-8").replace("</", "<\\/")
    context["metatags"] = context.get("metatags", "") + f'<style media="print">{css}</style>\n'
    for group in context.get("header_buttons") or []:
        if group.get("label") == "download-buttons":
            group["buttons"] = [button for button in group.get("buttons", [])
                                if button.get("label") not in RAW_SOURCE_BUTTONS]


def _math_only_where_needed(app: Sphinx, pagename, templatename, context, doctree) -> None:
    """MathJax only on pages that show a formula. Sphinx also adds it to a page whose table of
    contents includes one (the first page includes every chapter); nav.js adds it when a
    link leads to a page with formulas."""
    body = context.get("body") or ""
    scripts = context.get("script_files")
    if scripts is None or 'class="math' in body:
        return
    mathjax = app.config.mathjax_path or ""

    def is_mathjax(script) -> bool:
        name = str(getattr(script, "filename", script) or "")
        code = str(getattr(script, "attributes", {}).get("body", ""))
        return bool(mathjax and name.endswith(mathjax)) or code.startswith("window.MathJax")

    scripts[:] = [script for script in scripts if not is_mathjax(script)]


def setup(app: Sphinx) -> dict:
    # Pages are executed at build time: their exercises must not read (or show) the
    # builder's own progress file, so the kernels get a throwaway one.
    os.environ["TAROT_TEACH_PROGRESS"] = str(
        Path(tempfile.mkdtemp(prefix="tarot-build-")) / "progress.json")
    app.connect("builder-inited", _check_vendored)
    # Early in <head> (before the widget scripts, which look for it), on every page.
    app.add_js_file(NAV_JS, priority=200)
    app.connect("doctree-resolved", _mark_cells)
    app.connect("html-page-context", _embed_live_cells)
    app.connect("html-page-context", _math_only_where_needed, priority=700)  # after mathjax
    app.connect("html-page-context", _print_layout, priority=600)  # after the theme's buttons
    app.connect("html-page-context", _warn_remote_assets, priority=900)  # after others add
    app.connect("build-finished", _recopy_extra)
    app.connect("build-finished", _write_service_worker, priority=900)  # after the copy
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
