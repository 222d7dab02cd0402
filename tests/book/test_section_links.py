"""Every link from an exercise's feedback to the book points to a heading that exists."""

import importlib
import pkgutil
import re
from pathlib import Path

from docutils.nodes import make_id

import tarot_teach.widgets

ROOT = Path(__file__).resolve().parents[2]
CALL = re.compile(r'section_link\(\s*("[\w-]+"|[A-Z_]+)\s*,\s*"([\w-]+)"')


def _headings(page: str) -> set[str]:
    text = (ROOT / "book" / f"{page}.md").read_text(encoding="utf-8")
    return {make_id(line.lstrip("#").strip()) for line in text.splitlines()
            if re.match(r"#{1,6} ", line)}


def _links():
    for info in pkgutil.iter_modules(tarot_teach.widgets.__path__):
        module = importlib.import_module(f"tarot_teach.widgets.{info.name}")
        source = Path(module.__file__).read_text(encoding="utf-8")
        for page_expression, anchor in CALL.findall(source):
            page = page_expression.strip('"') if page_expression.startswith('"') \
                else getattr(module, page_expression)
            yield info.name, page, anchor


def test_every_literal_section_link_names_a_real_heading():
    links = list(_links())
    assert len(links) > 30
    missing = [f"{module}: {page}#{anchor}" for module, page, anchor in links
               if anchor not in _headings(page)]
    assert not missing, missing
