"""Issue 28 item 8: the score-sheet chart shows equal players on one labelled line."""

import base64
import re

from tarot_teach.widgets.charts import chart_lines, running_totals_chart

NAMES = ("You", "East", "North", "West", "South")


def test_equal_defenders_share_one_labelled_line():
    running = [[60, -20, -20, -20], [120, -40, -40, -40]]
    lines = chart_lines(running, NAMES)
    assert [label for label, _, _ in lines] == ["You", "East = North = West"]
    assert lines[1][1] == [0, -20, -40]


def test_players_apart_at_any_deal_keep_their_own_lines():
    running = [[40, 20, -20, -20, -20], [0, 0, 0, 0, 0]]
    labels = [label for label, _, _ in chart_lines(running, NAMES)]
    assert labels == ["You", "East", "North = West = South"]


def test_the_chart_says_so_in_its_alt_text():
    html = running_totals_chart([[60, -20, -20, -20]], NAMES, "Score sheet")
    assert "East = North = West all along" in html
    assert base64.b64decode(re.search(r"base64,([^\"]+)", html).group(1))[:4] == b"\x89PNG"
