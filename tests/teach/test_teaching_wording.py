"""Wording the sources support (issue 9, item 8): who shuffles, the misère in one line, and
which reading of the Excuse on the last trick is the federation's."""

import re
from pathlib import Path

import pytest

from tarot_teach import VARIANTS
from tarot_teach.game import misere_kinds, misere_problem

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"


def _text(page: str) -> str:
    """A page's text with its lines joined, so that a phrase may span two lines."""
    return " ".join((BOOK / page).read_text(encoding="utf-8").split())


def test_the_dealer_does_not_shuffle():
    text = _text("04-dealing.md")
    assert "The dealer does not shuffle" in text
    assert "opposite the dealer shuffles" in " ".join(text.replace("**", "").split())
    seeds = " ".join(path.read_text(encoding="utf-8") for path in
                     (ROOT.parent / "shared" / "seeds").glob("00[014]*.txt"))
    if seeds:  # the sources the page follows
        assert "player opposite the dealer shuffles" in seeds
        assert "not shuffled" in seeds


def test_no_page_says_the_dealer_shuffles():
    for page in BOOK.glob("*.md"):
        text = " ".join(page.read_text(encoding="utf-8").replace("**", "").split())
        assert not re.search(r"(?<!opposite )the dealer,? shuffles|(?<!the )dealer shuffles",
                             text, re.I), page.name


def test_the_one_line_misere_summary_keeps_no_excuse():
    line = VARIANTS["misere"]
    assert "no trump and no Excuse" in line
    # the engine agrees: a hand with no trump but the Excuse is no trump misère
    hand = "EX KH QH 2H 3H 4S 5S 6S 7D 8D 9D 10C 1C 2C 3C 4C 5C 6C".split()
    assert "trumps" not in misere_kinds(hand)
    assert misere_problem(hand, "trumps")


@pytest.mark.parametrize("page", ["08-excuse.md", "30-variants.md"])
def test_the_excuse_last_trick_is_not_pinned_on_the_fft_letter(page):
    text = _text(page)
    assert "the letter" not in text
    assert "usual FFT reading" not in text
    assert re.search(r"sources (?:do not agree|differ)", text)


def test_the_guided_hand_does_not_call_it_the_fft_rule():
    import json
    hand = json.loads((ROOT / "exercises" / "hands" / "excuse-last-trick.json")
                      .read_text(encoding="utf-8"))
    assert "FFT" not in hand["summary"]
