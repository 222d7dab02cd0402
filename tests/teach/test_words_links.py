"""Issue 28 item 8: a link's label is the heading it points to.

Feedback links (``section_link(page, anchor, label)`` anywhere in the package) carry the
heading's own words (the page's title when there is no anchor), and a book link whose label
starts with a capital (a title, not words of a sentence) is the title of the page it opens.
"""

import ast
import importlib
import re
from pathlib import Path

import pytest
from docutils.nodes import make_id

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
PACKAGE = ROOT / "tarot_teach"
LINK = re.compile(r"\[([^\]]+)\]\(([\w-]+)\.md(?:#([\w-]+))?\)")
# files another helper owns; the lead applies their label changes (see test below)
OTHERS = {"teach/final_test.py", "teach/review.py", "widgets/play.py"}


def _headings(page: str) -> dict[str, str]:
    """Anchor -> heading text; ``""`` -> the page's title."""
    lines = (BOOK / f"{page}.md").read_text(encoding="utf-8").splitlines()
    found = {make_id(line.lstrip("#").strip()): line.lstrip("#").strip()
             for line in lines if re.match(r"#{1,6} ", line)}
    found[""] = next(line[2:].strip() for line in lines if line.startswith("# "))
    return found


def _value(node, module):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and hasattr(module, node.id):
        return getattr(module, node.id)
    return None


def section_links():
    """``(file, line, page, anchor, label)`` of every section_link call whose arguments are
    literals or module constants."""
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "section_link(" not in source:
            continue
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        module = importlib.import_module(name)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "section_link" \
                    and len(node.args) == 3 and not node.keywords:
                values = [_value(arg, module) for arg in node.args]
                if None not in values:
                    yield (str(path.relative_to(PACKAGE)), node.lineno, *values)


def _wrong_labels(files=None):
    wrong = []
    for file, line, page, anchor, label in section_links():
        if files is not None and file not in files:
            continue
        heading = _headings(page).get(anchor)
        if label != heading:
            wrong.append(f"{file}:{line} {page}#{anchor}: {label!r}, the heading is {heading!r}")
    return wrong


def test_the_scan_finds_the_links():
    assert len(list(section_links())) > 60


def test_feedback_link_labels_are_their_headings():
    mine = {file for file, *_ in section_links()} - OTHERS
    assert not _wrong_labels(mine), _wrong_labels(mine)


def test_feedback_link_labels_are_their_headings_everywhere():
    assert not _wrong_labels(), _wrong_labels()


def test_the_points_question_of_the_final_test_links_to_card_points():
    """ "See Counting points" went to the bouts chapter; points are taught in the cards one."""
    source = (PACKAGE / "teach" / "final_test.py").read_text(encoding="utf-8")
    body = source[source.index("def _judge_points"):source.index("def _judge_bouts")]
    assert 'section_link("02-cards", "card-points", "Card points")' in body


def test_book_links_with_a_title_label_name_the_page_they_open():
    wrong = []
    for path in sorted(BOOK.glob("*.md")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for label, page, anchor in LINK.findall(line):
                if label[:1].isupper() and label != _headings(page).get(anchor or ""):
                    wrong.append(f"{path.name}:{number} [{label}] -> {page}#{anchor}")
    assert not wrong, wrong
