"""Teaching that was missing (issue 9, item 9): the FFT 87-point slam explained, the failed
slam announcement with a defence slam, and the summary's five-player and half-point rules."""

import re
from pathlib import Path

from tarot_teach import DECK, EXCUSE, GameState, RuleSet, points, score
from tarot_teach.scoring import CHELEM_OUTCOMES

BOOK = Path(__file__).resolve().parents[2] / "book"


def _text(page: str) -> str:
    return " ".join((BOOK / page).read_text(encoding="utf-8").split())


def _code_cell(page: str, marker: str) -> str:
    """The source of the page's code cell that contains ``marker``."""
    source = (BOOK / page).read_text(encoding="utf-8")
    cells = re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", source, re.S)
    cell = next(cell for cell in cells if marker in cell)
    return "\n".join(line for line in cell.splitlines() if not line.startswith(":"))


def test_the_fft_slam_example_is_played_and_explained():
    """The page plays the example through the engine: every trick to the taker, the defence's
    Excuse kept by the defence, 87 points (the owed half point moved) and 2 bouts, 582 each."""
    namespace = {}
    exec(_code_cell("09-scoring.md", "# The FFT slam example"), namespace)
    slam = namespace["slam"]
    result = slam.result
    assert all(winner == slam.taker for _, _, winner in slam.tricks)
    assert slam.piles[1] & 1 and not slam.piles[0] & 1, "the Excuse stays with the defence"
    assert result.breakdown.chelem == "announced_made"
    assert result.taker_points == points(DECK) - EXCUSE.points + min(c.points for c in DECK) == 87
    assert result.taker_bouts == 2
    assert result.breakdown.petit_au_bout == "taker" and result.breakdown.each_defender == -582
    text = _text("09-scoring.md")
    assert "That does not spoil the slam" in text
    assert "counted for the taker all the same" in text


def test_a_failed_announcement_and_a_defence_slam_both_count():
    text = _text("09-scoring.md")
    assert "both count against the taker" in text
    cell = _code_cell("09-scoring.md", "announced_failed_defence")
    assert "explain_score" in cell
    both = {"bid": "guard", "taker_points": 3, "taker_bouts": 0,
            "chelem": "announced_failed_defence"}
    missed = dict(both, chelem="announced_failed")
    assert score(both)["hand_score"] == score(missed)["hand_score"] + CHELEM_OUTCOMES["defence"]


def test_the_summary_has_the_five_player_and_half_point_rules():
    text = _text("appendix-summary.md")
    assert "First lead of the deal: no card of the called suit, except the called " in text
    assert "holding all four Kings: a " in text
    assert "A half point appears only when the Excuse" in text
    # the page asks the engine: a five-player taker holding the four Kings is offered Queens
    namespace = {"DECK": DECK, "GameState": GameState, "RuleSet": RuleSet}
    cell = _code_cell("appendix-summary.md", "def called_with_four_kings")
    exec(cell.split("parts = []")[0], namespace)
    assert namespace["called_with_four_kings"]() == "Queen"
