"""Every page of the book executes with no error and nothing written to stderr."""

import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from run_page import execute_page  # noqa: E402


def _toc_pages() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    pages = [toc["root"]]
    for part in toc.get("parts", []):
        pages += [chapter["file"] for chapter in part.get("chapters", [])]
    return pages


@pytest.mark.slow
@pytest.mark.parametrize("page", _toc_pages())
def test_page_executes_cleanly(page):
    path = ROOT / f"{page}.md"
    _, problems = execute_page(path)
    assert not problems, "\n".join(problems)
