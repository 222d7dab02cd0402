"""Issue 28 item 4 in Chromium, live on the local kernel: the first guided hand played to its
score question shows no score above it (the end comment comes with the answer), a defender's
hand asks what the partner's first lead tells (a signal) where the taker discards, and a
refused discard keeps its six cards chosen. Screenshots at 1280 and 390 px go to
$TAROT_SHOTS (default /tmp/tarot-shots)."""

from __future__ import annotations

import contextlib

import pytest

from browser_session import ELEMENT_SHOT_STYLE, SHOTS, borrowed_browser
from live_page import open_live
from test_guided_browser import _click, _visible, answer_any, server  # noqa: F401

pytestmark = [pytest.mark.slow, pytest.mark.browser]
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PAGE = "book/20-guided-hands"


@contextlib.contextmanager
def live_hand(server, width: int):  # noqa: F811
    """The guided-hands page, live at ``width``: (page, first hand); no page error and
    nothing fetched from outside by the end."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with borrowed_browser() as browser:
        context, page, hand, problems, outside = open_live(
            browser, server, PAGE, ".tt-guided", width=width, mark="guided")
        yield page, hand
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert not problems and not outside, (problems, outside)
        context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_score_comes_after_the_score_question(server, width):  # noqa: F811
    with live_hand(server, width) as (page, hand):
        _click(page, hand.locator(".tt-start"))
        for _ in range(80):
            if "what does each defender pay or gain" in hand.inner_text():
                break
            answer_any(page, hand)
        else:
            raise AssertionError("the score question was not reached")
        assert "25 + 4 = 29" not in hand.inner_text()  # (it stood right above)
        hand.scroll_into_view_if_needed()
        hand.screenshot(path=str(SHOTS / f"guided-score-question-{width}.png"),
                        style=ELEMENT_SHOT_STYLE)
        _click(page, hand.locator(".tt-choice").filter(has_text="Each defender pays 29"))
        text = hand.inner_text()
        assert "25 + 4 = 29" in text and "✔" in text
        hand.screenshot(path=str(SHOTS / f"guided-score-answered-{width}.png"),
                        style=ELEMENT_SHOT_STYLE)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_defender_reads_the_partners_lead(server, width):  # noqa: F811
    with live_hand(server, width) as (page, _first):
        opener = page.locator(".tt-guided-closed").filter(has_text="Three players: you defend")
        if opener.count():  # (a hand with a saved place opens by itself)
            _click(page, opener.locator(".tt-open-hand"))
        hand = page.locator(".tt-live .tt-guided").filter(
            has_text="Three players: you defend").first
        hand.wait_for()
        _click(page, hand.locator(".tt-start"))
        _click(page, hand.locator(".tt-play-on"))
        _click(page, hand.locator(".tt-choice").filter(has_text="Pass"))
        _click(page, hand.locator(".tt-play-on"))
        text = hand.inner_text()
        assert "your partner in defence, leads 1 of spades" in text, text[-600:]
        assert _visible(hand, ".tt-choice") >= 5
        hand.scroll_into_view_if_needed()
        hand.screenshot(path=str(SHOTS / f"guided-signal-{width}.png"),
                        style=ELEMENT_SHOT_STYLE)
        _click(page, hand.locator(".tt-choice").filter(has_text="I hold the King or the Queen"))
        assert "✔ Right" in hand.inner_text()
        hand.screenshot(path=str(SHOTS / f"guided-signal-answered-{width}.png"),
                        style=ELEMENT_SHOT_STYLE)


def test_a_refused_discard_keeps_its_cards(server):  # noqa: F811
    with live_hand(server, 1280) as (page, hand):
        _click(page, hand.locator(".tt-start"))
        for _ in range(10):
            if _visible(hand, ".tt-discard"):
                break
            answer_any(page, hand)
        kings = hand.locator(".tt-hand .tt-tcard[title*='King of']")  # (marked, still clickable)
        assert kings.count() >= 1
        _click(page, kings.first)  # a King may not be laid aside
        others = hand.locator(".tt-tcard.tt-playable:not([title*=trump]):not([title*='King of'])")
        for k in range(5):
            _click(page, others.nth(k))
        expect(hand.locator(".tt-counter")).to_contain_text("6 of 6 chosen")
        _click(page, hand.locator(".tt-discard"))
        expect(hand.locator(".tt-feedback").first).to_contain_text("⚠")
        expect(hand.locator(".tt-counter")).to_contain_text("6 of 6 chosen")
        expect(hand.locator(".tt-hand .tt-tcard.mod-active")).to_have_count(6)
        hand.screenshot(path=str(SHOTS / "guided-discard-refused-1280.png"),
                        style=ELEMENT_SHOT_STYLE)
