"""The order in which a CI run gives its test files to the two workers (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import conftest

TESTS = Path(__file__).resolve().parents[1]


def test_the_longest_files_named_for_the_order_exist_and_need_the_book():
    """A file renamed or gone would silently lose its place at the front (and the run its
    balance): each one named is there, and is a browser test (those use the book)."""
    for name in conftest.LONGEST_BOOK_FILES:
        path = TESTS / name
        assert path.is_file(), name
        assert path.parent.name in conftest.LAYER_MARKERS, name
