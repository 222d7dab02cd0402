"""Sphinx extension: accessibility of the built book (checked by
tests/browser/test_accessibility_browser.py with axe-core).

* every page gets scripts/assets/a11y.css inline (focus rings, contrast of the widgets'
  buttons, a chosen card marked by more than a shade) and scripts/assets/a11y.js (an
  exercise's feedback is an ARIA live region: screen readers read each verdict);
* scripts/templates/ overrides two components of the theme whose names did not match
  what they show (the search button and the colour-mode button).
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

HERE = Path(__file__).resolve().parent
A11Y_CSS = HERE / "assets" / "a11y.css"
A11Y_JS = HERE / "assets" / "a11y.js"
TEMPLATES = HERE / "templates"


def _add_templates(app: Sphinx, config) -> None:
    # First on the list: Sphinx looks in templates_path before the theme's own folders.
    config.templates_path = [str(TEMPLATES), *config.templates_path]


def _inline_css(app: Sphinx, pagename, templatename, context, doctree) -> None:
    css = A11Y_CSS.read_text(encoding="utf-8").replace("</", "<\\/")
    context["metatags"] = context.get("metatags", "") + f"<style>{css}</style>\n"


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", _add_templates)
    app.connect("html-page-context", _inline_css)
    app.add_js_file(None, body=A11Y_JS.read_text(encoding="utf-8"), priority=210)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
