"""The puzzle trainer in Chromium, live on `tarot-teach`'s local kernel and in the static site
(Pyodide), by keyboard only.

On the built chapter "Puzzles" a wrong card is pressed with Enter: the refutation is shown
and the focus goes to Try again; Enter there brings the focus back to a playable card of the
hand, and the arrow keys and Enter play the solution to the end ("Solved"). No sideways
scrolling at 390 px; the trainer has no serious or critical axe-core violation. A seat
puzzle (only the learner's hand shown) is answered wrong, then right, and the next one's
solution shown. The static site does the same with the browser's Python: a wrong card with
its refutation, the right cards, Show the solution. Screenshots of a puzzle wrong, right and
solved at 1280 and 390 px go to $TAROT_SHOTS (default /tmp/tarot-shots)."""

from __future__ import annotations

import re
import time

import pytest

from axe_check import describe, serious_violations
from browser_session import shoot
from live_page import live_browser, open_live
from test_deals_browser import new_page
from test_table_browser import KEYS_PRESSED, press, tab_to

from tarot_teach.cards import parse_card
from tarot_teach.puzzles import seat_right
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


def wrong_card(puzzle: dict) -> str:
    """A first card that is wrong: one with a refutation (open), or judged clearly worse
    from the seat's view (seat)."""
    if puzzle["kind"] == "open":
        return next(iter(puzzle["refutations"]))
    return next(c for c in puzzle["values"]["cards"] if not seat_right(puzzle["values"], c))


def wrong_then_right(page, trainer, width: int, shots: str = "puzzle") -> "list[float]":
    """By keyboard: a wrong card (its refutation, the focus on Try again), Try again, then the
    solution's cards to the end ("Solved", the focus on Next puzzle); the seconds each card
    took to be answered."""
    puzzle = shown_puzzle(trainer)
    seconds = []
    wrong = wrong_card(puzzle)
    tab_to(page, f'.tt-tcard[title="{parse_card(wrong).name}"]')
    began = time.perf_counter()
    press(page, "Enter")
    seconds.append(time.perf_counter() - began)
    feedback = trainer.locator(".tt-feedback").inner_text()
    assert "Not this one" in feedback, feedback
    assert ("lost" if puzzle["kind"] == "open" else "fewer than the best card") in feedback
    assert page.evaluate("document.activeElement.matches('.tt-retry')")
    shoot(page, trainer, f"{shots}-wrong-{width}")
    press(page, "Enter")  # Try again: back to the hand
    assert page.evaluate("document.activeElement.matches('.tt-tcard.tt-playable')")
    for number, card in enumerate(puzzle["solution"]):
        arrow_to(page, trainer, card)
        began = time.perf_counter()
        press(page, "Enter")
        seconds.append(time.perf_counter() - began)
        feedback = trainer.locator(".tt-feedback").inner_text()
        assert "Right" in feedback, feedback
        if number == 0:
            shoot(page, trainer, f"{shots}-right-{width}")
        if number < len(puzzle["solution"]) - 1:  # the focus came back to the hand
            assert page.evaluate(FOCUSED_CARD) is not None
    assert "Solved" in trainer.locator(".tt-feedback").inner_text()
    assert page.evaluate("document.activeElement.matches('.tt-new')")  # Next puzzle
    shoot(page, trainer, f"{shots}-solved-{width}")
    return seconds


def show_the_solution(page, trainer) -> str:
    """Press Next puzzle (the focus is on it), then Show the solution, by keyboard; the words."""
    before = shown_puzzle(trainer)["id"]
    press(page, "Enter")  # Next puzzle
    puzzle = shown_puzzle(trainer)
    assert puzzle["id"] != before
    tab_to(page, ".tt-solution")
    press(page, "Enter")
    words = trainer.locator(".tt-feedback").inner_text()
    assert "The solution" in words, words
    assert parse_card(puzzle["solution"][0]).short_name in words
    return words


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


@pytest.fixture(scope="module")
def served(built_book, tmp_path_factory):
    """One `tarot-teach` and one Chromium for the trainer's tests (each opens its own
    browser context: a tab of its own, with its own kernel)."""
    with live_browser(tmp_path_factory.mktemp("puzzles")) as running:
        yield running


@pytest.mark.parametrize("width", [1280, 390])
def test_a_puzzle_solved_by_keyboard(served, width):
    server, browser = served
    context, page, trainer, problems, outside = open_live(
        browser, server, "book/22-puzzles", ".tt-puzzles", 0, width, mark="table")  # (tab_to looks there)
    puzzle = shown_puzzle(trainer)
    page.evaluate(KEYS_PRESSED)
    wrong_then_right(page, trainer, width)
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


def no_sideways_scroll(page, trainer, width: int) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{overflow} px of sideways scrolling at {width} px"
    box = trainer.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box


@pytest.mark.parametrize("width", [1280, 390])
def test_a_seat_puzzle_by_keyboard(served, width):
    """The mode "From your seat": only the learner's hand is shown; a wrong card is judged
    from the seat's view (its average loss over the deals drawn), then the right card."""
    server, browser = served
    context, page, trainer, problems, outside = open_live(
        browser, server, "book/22-puzzles", ".tt-puzzles", 0, width, mark="table")
    sent = page.evaluate("window.ttLive.sent")
    trainer.locator(".tt-mode button", has_text="From your seat").click()
    page.wait_for_function("n => window.ttLive.sent > n && window.ttLive.pending === 0",
                           arg=sent, timeout=60_000)
    puzzle = shown_puzzle(trainer)
    assert puzzle["kind"] == "seat"
    assert "You see only your own hand" in trainer.inner_text()
    assert trainer.locator(".tt-hands").count() == 0  # no other hand
    no_sideways_scroll(page, trainer, width)
    trainer.locator(".tt-tcard").first.focus()
    wrong_then_right(page, trainer, width, shots="seat-puzzle")
    assert "from your view" in trainer.locator(".tt-feedback").inner_text()
    no_sideways_scroll(page, trainer, width)
    show_the_solution(page, trainer)
    shoot(page, trainer, f"seat-puzzle-shown-{width}")
    no_sideways_scroll(page, trainer, width)
    if width == 1280:
        violations = serious_violations(page, ["[data-tt-test=table]"])
        assert not violations, describe(violations)
    assert not problems and not outside, (problems, outside)


def test_the_trainer_in_the_static_site_with_pyodide(built_book, served):
    """The same trainer on a plain static server (the browser's Python): by keyboard, a wrong
    card with its refutation, Try again, the right cards to "Solved", then the next puzzle's
    solution shown. Each card's answer time is printed (the static site's check)."""
    from conftest import serving

    _, browser = served  # (the module's Chromium; the local server is not used here)
    with serving(built_book) as base:
        context, page, problems, outside = new_page(browser)
        page.goto(base + "book/22-puzzles.html")
        page.wait_for_function("document.documentElement.dataset.ttLive === 'ready'",
                               timeout=300_000)
        trainer = page.locator(".tt-live .tt-puzzles").first
        trainer.wait_for(timeout=120_000)
        trainer.evaluate("t => t.setAttribute('data-tt-test', 'table')")
        trainer.locator(".tt-tcard").first.focus()
        seconds = wrong_then_right(page, trainer, 1280, shots="puzzle-pyodide")
        print(f"static site (Pyodide): seconds from Enter to the answer drawn, per card: "
              f"{', '.join(f'{s:.2f}' for s in seconds)}")
        show_the_solution(page, trainer)
        assert not problems and not outside, (problems, outside)
        context.close()
