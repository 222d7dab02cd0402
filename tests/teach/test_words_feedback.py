"""Issue 28 item 8: a quoted reason cut to length ends between words, with "…"."""

from pathlib import Path

import pytest

from tarot_teach.teach.feedback import clip_words

REASON = ("You have no hearts (♥), so you must trump, and none of your trumps beats trump 15: "
          "any trump will do. The cards you may play: trump 3, trump 10.")


def test_a_long_reason_is_cut_between_words():
    words = REASON.split()
    for limit in range(5, len(REASON) + 5):
        clipped = clip_words(REASON, limit)
        assert len(clipped) <= limit
        if clipped == REASON:
            continue
        assert clipped.endswith("…")
        kept = clipped[:-1].split()
        assert kept[:-1] == words[:len(kept) - 1]
        assert kept[-1] == words[len(kept) - 1].rstrip(",;:") or len(kept) == 1, clipped


def test_the_progress_page_quotes_reasons_cut_between_words():
    source = (Path(__file__).resolve().parents[2] / "tarot_teach" / "widgets" / "path.py"
              ).read_text(encoding="utf-8")
    assert "wrong.reason[:" not in source and "clip_words(wrong.reason, 160)" in source
