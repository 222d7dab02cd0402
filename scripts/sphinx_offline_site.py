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
"""

from __future__ import annotations

from pathlib import Path

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
    wanted = [uri for uri in configured if not _is_remote(uri)]
    roots = [Path(app.confdir, p) for p in app.config.html_extra_path]
    missing = [
        uri for uri in wanted if not any((root / "_static" / uri).is_file() for root in roots)
    ]
    if missing:
        raise ExtensionError(
            "vendored browser assets are missing: "
            + ", ".join(f"_static/{m}" for m in missing)
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


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", _check_vendored)
    app.connect("html-page-context", _warn_remote_assets, priority=900)  # after others add
    app.connect("build-finished", _recopy_extra)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
