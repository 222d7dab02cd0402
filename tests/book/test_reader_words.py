"""No program word reaches the reader: the built pages are scanned for identifiers.

What a reader sees on a built page is its text outside scripts, styles and code cells'
sources, plus what the embedded exercises show (the values, labels and options kept in
the page's widget state). That text must not hold engine identifiers (``five_no_partner``),
calls (``TableWidget(``), JSON (``{"pousse": true}``), zero-based seats ("Seat 0",
"Player 0") or the grammar slips "1 tricks" and "You's".

    python -m pytest tests/book/test_reader_words.py        # builds the book (slow)

The build is the run's one build (conftest.py's ``built_book``).
"""

from __future__ import annotations

import html.parser
import json
import re

import pytest
from test_book_build import toc_pages

PROGRAM_WORDS = [
    (re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"), "an identifier with an underscore"),
    (re.compile(r"\b[A-Z]\w*(?:Widget|Exercise)\("), "a program call"),
    (re.compile(r"\{\s*\"[^\"]*\"\s*:"), "JSON"),
    (re.compile(r"\b(?:Seat|seat|Player|player) 0\b"), "a zero-based seat number"),
    (re.compile(r"\b1 tricks\b"), "\"1 tricks\""),
    (re.compile(r"\bYou's\b"), "\"You's\""),
]

SKIPPED_TAGS = {"script", "style", "head", "title", "noscript"}
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


class ReaderText(html.parser.HTMLParser):
    """The text a reader sees, and the widget state's JSON, from one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.states: list[str] = []
        self._stack: list[tuple[str, bool]] = []  # (tag, hidden)
        self._in_state = False

    def _hidden(self) -> bool:
        return bool(self._stack) and self._stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        hidden = (self._hidden() or tag in SKIPPED_TAGS or "cell_input" in classes
                  or "hidden" in attrs or attrs.get("type") == "hidden")
        self._in_state = tag == "script" and attrs.get("type") == WIDGET_STATE
        if tag not in ("br", "img", "input", "meta", "link", "hr", "source", "wbr"):
            self._stack.append((tag, hidden))

    def handle_endtag(self, tag):
        self._in_state = False
        for depth in range(len(self._stack) - 1, -1, -1):
            if self._stack[depth][0] == tag:
                del self._stack[depth:]
                break

    def handle_data(self, data):
        if self._in_state:
            self.states.append(data)
        elif not self._hidden():
            self.text.append(data)


def _widget_texts(state_json: str) -> list[str]:
    """What the embedded widgets show: HTML values, descriptions, option labels."""
    try:
        state = json.loads(state_json)
    except ValueError:
        return []
    texts = []
    for model in state.get("state", {}).values():
        values = model.get("state", {})
        for key in ("value", "description", "placeholder", "tooltip"):
            if isinstance(values.get(key), str):
                texts.append(values[key])
        for label in values.get("_options_labels") or ():
            texts.append(str(label))
    # widget HTML is markup: read it as a page would show it
    shown = []
    for text in texts:
        parser = ReaderText()
        parser.feed(text)
        shown.append(" ".join(parser.text))
    return shown


def program_words(page_html: str) -> list[str]:
    """Each program word found in what a reader sees, with a little context.

    >>> program_words('<p>Use five_no_partner.</p><div class="cell_input">x_y = 1</div>')
    ['an identifier with an underscore: …Use five_no_partner.…']
    """
    parser = ReaderText()
    parser.feed(page_html)
    texts = [" ".join(parser.text)] + [t for s in parser.states for t in _widget_texts(s)]
    found = []
    for text in texts:
        text = re.sub(r"\s+", " ", text)
        for pattern, what in PROGRAM_WORDS:
            for match in pattern.finditer(text):
                start, end = max(0, match.start() - 40), match.end() + 40
                found.append(f"{what}: …{text[start:end]}…")
    return found


@pytest.mark.slow  # the book
@pytest.mark.parametrize("page", toc_pages())
def test_no_program_words_in_reader_text(built_book, page):
    path = built_book / f"{page}.html"
    found = program_words(path.read_text(encoding="utf-8"))
    assert not found, f"{page}: " + "\n".join(found[:15])


def test_the_scan_finds_what_it_should():
    page = ('<p>Seat 0 deals; you won 1 tricks. You\'s piles.</p><pre>{"pousse": true}</pre>'
            '<p>TableWidget(players=3)</p><script>x_y</script>'
            f'<script type="{WIDGET_STATE}">'
            + json.dumps({"state": {"a": {"state": {"value": "<b>alternative_scoring</b>"}}}})
            + "</script>")
    kinds = {line.split(":")[0] for line in program_words(page)}
    assert kinds == {what for _, what in PROGRAM_WORDS}
    assert program_words("<p>Ada deals; Bruno won 1 trick. Your piles.</p>") == []
