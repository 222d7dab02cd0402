"""Build the whole book the way CI does and check that the site is complete and
self-contained: the build has no warning, every page of _toc.yml is built, and nothing is
loaded from another host.

    python -m pytest tests/book/test_book_build.py             # build + static checks + browser
    python -m pytest tests/book/test_book_build.py -m "not browser"

The build is the run's one build (conftest.py's ``book``: into _build/html, with warnings as
errors, skipped when the last such build there is still fresh; a clean clone always builds).
"""

from __future__ import annotations

import html.parser
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

# Plain <a href> links to other sites. None so far: adding one is a deliberate decision.
ALLOWED_EXTERNAL_LINKS: frozenset[str] = frozenset()

# Tag attributes that make the browser fetch something.
FETCHING_ATTRS = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "frame": ("src",),
    "source": ("src", "srcset"),
    "audio": ("src",),
    "video": ("src", "poster"),
    "track": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "input": ("src",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
}

# URLs that appear in inline scripts/styles but are never fetched (XML namespaces).
NAMESPACE_URL = re.compile(r"https?://www\.w3\.org/\d{4}/[\w/.-]*")
ANY_URL = re.compile(r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^\s"'`<>)]*""", re.I)
# In .js files: markup or DOM assignments that would load from another host.
JS_LOADS = [
    re.compile(
        r"""<(?:script|link|img|iframe)\b[^>]*?\b(?:src|href)\s*=\s*\\?["']?(?:https?:)?//""",
        re.I,
    ),
    re.compile(r"""\.(?:src|href)\s*=\s*["'`](?:https?:)?//""", re.I),
    re.compile(r"""setAttribute\(\s*["'](?:src|href)["']\s*,\s*["'`](?:https?:)?//""", re.I),
    re.compile(r"""\bimport(?:Scripts)?\(\s*["'`](?:https?:)?//""", re.I),
]
CSS_LOADS = [
    re.compile(r"""url\(\s*["']?(?:https?:)?//""", re.I),
    re.compile(r"""@import\s+["'](?:https?:)?//""", re.I),
]
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def _is_external(url: str) -> bool:
    url = url.strip()
    if url.startswith("//"):
        return True
    scheme = urlsplit(url).scheme.lower()
    return scheme not in ("", "data", "blob", "mailto", "javascript", "about")


def toc_pages() -> list[str]:
    """Every page named in _toc.yml, without suffix (e.g. 'book/02-cards')."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"]]

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                pages.append(entry["file"])
            walk(entry.get("sections"))
            walk(entry.get("chapters"))

    walk(toc.get("parts"))
    walk(toc.get("chapters"))
    return [re.sub(r"\.(md|ipynb)$", "", page) for page in pages]


def test_the_book_builds_with_no_warning(book):
    """``jupyter-book build -W -n --keep-going`` (the ``book`` fixture of conftest.py) reports
    nothing: no Sphinx warning, no broken reference, no cell that raised."""
    assert not book.warnings, (
        "jupyter-book build -W -n --keep-going failed:\n" + "\n".join(book.warnings))


def test_every_toc_page_is_built(built_book):
    missing = [page for page in toc_pages() if not (built_book / f"{page}.html").is_file()]
    assert not missing, f"pages in _toc.yml without HTML: {missing}"


class _Collector(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.links: list[str] = []
        self._inline: str | None = None  # "script" / "style" while inside one

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in FETCHING_ATTRS.get(tag, ()):
            value = attrs.get(name) or ""
            urls = [part.split()[0] for part in value.split(",") if part.strip()] \
                if name == "srcset" else [value]
            for url in urls:
                if url and _is_external(url):
                    self.problems.append(f"<{tag} {name}={url!r}>")
        if tag == "a" and attrs.get("href") and _is_external(attrs["href"]):
            self.links.append(attrs["href"])
        style = attrs.get("style") or ""
        if any(p.search(style) for p in CSS_LOADS):
            self.problems.append(f"<{tag} style={style!r}>")
        if tag in ("script", "style") and not attrs.get("src"):
            self._inline = tag

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._inline = None

    def handle_data(self, data):
        if self._inline == "style":
            for pattern in CSS_LOADS:
                self.problems += [f"inline <style>: {m.group(0)}" for m in pattern.finditer(data)]
        elif self._inline == "script":
            text = NAMESPACE_URL.sub("", data)
            for match in ANY_URL.finditer(text):
                url = match.group(0)
                if url.startswith("//") and not re.match(r"//[a-z0-9.-]+\.[a-z]{2,}/", url, re.I):
                    continue  # a JS comment such as "// see below", not a URL
                self.problems.append(f"inline <script> mentions {url}")


def test_html_loads_nothing_from_other_hosts(built_book):
    problems: list[str] = []
    links: list[str] = []
    for page in sorted(built_book.rglob("*.html")):
        collector = _Collector()
        collector.feed(page.read_text(encoding="utf-8", errors="replace"))
        rel = page.relative_to(built_book)
        problems += [f"{rel}: {p}" for p in collector.problems]
        links += [f"{rel}: {u}" for u in collector.links if u not in ALLOWED_EXTERNAL_LINKS]
    assert not problems, "external resources in the built HTML:\n" + "\n".join(problems)
    assert not links, (
        "links to other sites (add them to ALLOWED_EXTERNAL_LINKS if intended):\n"
        + "\n".join(links)
    )


def test_js_and_css_load_nothing_from_other_hosts(built_book):
    problems: list[str] = []
    for path in sorted(built_book.rglob("*")):
        if path.suffix not in (".js", ".css", ".mjs") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".css":
            patterns, text = CSS_LOADS, CSS_COMMENT.sub("", text)
        else:
            patterns = JS_LOADS
        for pattern in patterns:
            for match in pattern.finditer(text):
                snippet = text[max(0, match.start() - 60): match.end() + 60].replace("\n", " ")
                problems.append(f"{path.relative_to(built_book)}: ...{snippet}...")
    assert not problems, "code that loads from another host:\n" + "\n".join(problems)


def test_vendored_assets_are_published(built_book):
    static = built_book / "_static" / "vendor"
    for rel in (
        "widgets/require.js",
        "widgets/setup.js",
        "widgets/html-manager/embed-amd.js",
        "mathjax/tex-mml-chtml.js",
    ):
        assert (static / rel).is_file(), f"missing _static/vendor/{rel}"
    # The widget JS must only be added by myst-nb to pages with widgets, never globally
    # (a global copy renders every widget twice).
    for page in toc_pages():
        text = (built_book / f"{page}.html").read_text(encoding="utf-8")
        n_embed = text.count("embed-amd.js")
        has_state = "application/vnd.jupyter.widget-state+json" in text
        assert n_embed == (1 if has_state else 0), f"{page}: embed-amd.js included {n_embed}x"
