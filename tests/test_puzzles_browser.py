"""The puzzle trainer in Chromium, live on `tarot-teach`'s local kernel, by keyboard only.

On the built chapter "Puzzles" a wrong card is pressed with Enter: the refutation is shown
and the focus goes to Try again; Enter there brings the focus back to a playable card of the
hand, and the arrow keys and Enter play the solution to the end ("Solved"). No sideways
scrolling at 390 px; the trainer has no serious or critical axe-core violation. Screenshots
of a puzzle wrong, right and solved at 1280 and 390 px go to $TAROT_SHOTS
(default /tmp/tarot-shots)."""

from __future__ import annotations

import re

import pytest

from axe_check import describe, serious_violations
from live_page import open_live
from test_live_local import launch, running_tarot_teach  # noqa: F401
from test_table_browser import KEYS_PRESSED, press, shoot, tab_to

from tarot_teach.cards import parse_card
from tarot_teach.teach.puzzles import puzzle_index

pytestmark = [pytest.mark.slow, pytest.mark.browser]
sync_api = pytest.importorskip("playwright.sync_api")

PUZZLES = puzzle_index()

FOCUSED_CARD = """() => {
  const at = document.activeElement;
  return at && at.matches('.tt-tcard') ? at.getAttribute('title') : null;
}"""


def shown_puzzle(trainer) -> dict:
    text = trainer.locator(".tt-puzzle-id").inner_text()
    return PUZZLES[re.search(r"\(puzzle (\S+)\)", text).group(1)]


def card_button(trainer, card: str):
    return trainer.locator(f'.tt-tcard[title="{parse_card(card).name}"]')


def arrow_to(page, trainer, card: str) -> int:
    """From the card in focus, the arrow keys to ``card``'s button; the keys pressed."""
    names = trainer.evaluate("t => [...t.querySelectorAll('.tt-tcard')]"
                             ".filter(e => e.offsetParent !== null).map(e => e.title)")
    at = names.index(page.evaluate(FOCUSED_CARD))
    to = names.index(parse_card(card).name)
    for _ in range(abs(to - at)):
        page.keyboard.press("ArrowRight" if to > at else "ArrowLeft")
    assert page.evaluate(FOCUSED_CARD) == parse_card(card).name
    return abs(to - at)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_puzzle_solved_by_keyboard(built_book, tmp_path, width):
    with running_tarot_teach(tmp_path) as server, sync_api.sync_playwright() as pw:
        browser = launch(pw)
        context, page, trainer, problems, outside = open_live(
            browser, server, "book/22-puzzles", ".tt-puzzles", 0, width, mark="table")  # (tab_to looks there)
        puzzle = shown_puzzle(trainer)
        page.evaluate(KEYS_PRESSED)
        # a wrong card, by keyboard: the refutation, and the focus on Try again
        wrong = next(iter(puzzle["refutations"]))
        tab_to(page, f'.tt-tcard[title="{parse_card(wrong).name}"]')
        press(page, "Enter")
        feedback = trainer.locator(".tt-feedback").inner_text()
        assert "Not this one" in feedback and "lost" in feedback, feedback
        assert page.evaluate("document.activeElement.matches('.tt-retry')")
        shoot(page, trainer, f"puzzle-wrong-{width}")
        press(page, "Enter")  # Try again: back to the hand
        assert page.evaluate("document.activeElement.matches('.tt-tcard.tt-playable')")
        for number, card in enumerate(puzzle["solution"]):
            arrow_to(page, trainer, card)
            press(page, "Enter")
            feedback = trainer.locator(".tt-feedback").inner_text()
            assert "Right" in feedback, feedback
            if number == 0:
                shoot(page, trainer, f"puzzle-right-{width}")
            if number < len(puzzle["solution"]) - 1:  # the focus came back to the hand
                assert page.evaluate(FOCUSED_CARD) is not None
        assert "Solved" in trainer.locator(".tt-feedback").inner_text()
        assert page.evaluate("document.activeElement.matches('.tt-new')")  # Next puzzle
        shoot(page, trainer, f"puzzle-solved-{width}")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{overflow} px of sideways scrolling at {width} px"
        wide = trainer.evaluate("""t => [t, ...t.querySelectorAll('*')].filter(e =>
            e.scrollLeft > 0 || (e === t && e.scrollWidth > e.clientWidth + 1)).map(e =>
            [e.className.baseVal === undefined ? e.className : 'svg', e.scrollLeft,
             e.scrollWidth, e.clientWidth])""")
        assert not wide, f"wider than the trainer (hidden sideways) at {width} px: {wide}"
        if width == 1280:
            violations = serious_violations(page, ["[data-tt-test=table]"])
            assert not violations, describe(violations)
        press(page, "Enter")  # Next puzzle
        assert shown_puzzle(trainer)["id"] != puzzle["id"]
        assert not problems and not outside, (problems, outside)
