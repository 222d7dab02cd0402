"""The deal page in Chromium (issue 30): opened by its link (``23-deals.html#d=CODE``) on the
local kernel and on the static site (Pyodide), and by a link inside the site (nav.js swaps
the page in: the page's own script still hands the code to the viewer); stepped through;
a damaged link said in words; the editor refusing a bid with the engine's reason; nothing
wider than a phone at 390 px. Screenshots of the viewer and the editor at 1280 and 390 px
go to $TAROT_SHOTS (default /tmp/tarot-shots)."""

from __future__ import annotations

import contextlib

import pytest

from axe_check import describe, serious_violations
from browser_session import borrowed_browser, shoot
from test_live_local import keep_on_this_machine, running_tarot_teach, take_key
from tarot_teach import GameState, RuleSet
from tarot_teach.players import ComputerPlayer
from tarot_teach.share import encode

pytestmark = [pytest.mark.slow, pytest.mark.browser]
sync_api = pytest.importorskip("playwright.sync_api")

PAGE = "book/23-deals.html"


def a_deal(seed: int = 2) -> "tuple[str, GameState]":
    state = GameState.new(RuleSet(players=4), seed=seed)
    player = ComputerPlayer()
    while not state.is_over:
        state.play(player.decide(state).action)
    return encode(state.to_record()), state


@pytest.fixture(scope="module")
def server(built_book, tmp_path_factory):
    with running_tarot_teach(tmp_path_factory.mktemp("deals")) as running:
        yield running


@contextlib.contextmanager
def live_page(server, width: int = 1280):
    """A page of a fresh browser context that holds ``server``'s key: ``(page, problems, outside)``;
    at the end, no page error and no request to another host."""
    base, _port, opened = server
    with borrowed_browser() as browser:
        context, page, problems, outside = new_page(browser, width)
        take_key(page, opened, base)
        yield page, problems, outside
        assert not problems and not outside, (problems, outside)
        context.close()


def new_page(browser, width: int = 1280):
    context = browser.new_context(viewport={"width": width, "height": 900})
    outside: list = []
    keep_on_this_machine(context, outside)
    page = context.new_page()
    problems: list = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    return context, page, problems, outside


def viewer_opened(page, timeout: float = 240_000):
    """The live viewer, once it shows a deal (the step line is there) and the page is live
    (in the static site a live view may be drawn before it is shown in place)."""
    page.wait_for_function(
        "() => { const s = document.querySelector('.tt-live .tt-deal-viewer .tt-deal-step');"
        " return s && /Step \\d+ of/.test(s.textContent)"
        " && document.documentElement.dataset.ttLive === 'ready'; }", timeout=timeout)
    viewer = page.locator(".tt-live .tt-deal-viewer")
    viewer.locator(".tt-deal-step").wait_for(state="visible", timeout=timeout)
    viewer.evaluate("v => v.setAttribute('data-tt-test', 'viewer')")
    return viewer


def step_text(viewer) -> str:
    return viewer.locator(".tt-deal-step").inner_text()


def wait_text(page, selector: str, words: str, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "([sel, words]) => [...document.querySelectorAll(sel)].some("
        "e => e.textContent.includes(words))", arg=[selector, words], timeout=timeout)


def deal_by_seed(page, seed: str):
    """The live editor, once it has dealt from ``seed``."""
    editor = page.locator(".tt-live .tt-deal-editor")
    editor.locator(".tt-deal-seed").scroll_into_view_if_needed()
    editor.locator("input[placeholder='a number']").fill(seed)
    editor.locator(".tt-deal-seed").click()
    wait_text(page, ".tt-deal-editor .tt-feedback", "Dealt from the seed")
    return editor


def step_through(page, viewer) -> None:
    """Next three times, Back once, then a jump to trick 4, each shown."""
    assert "Step 0 of" in step_text(viewer)
    for number in (1, 2, 3):
        viewer.locator(".tt-deal-next").click()
        wait_text(page, "[data-tt-test=viewer] .tt-deal-step", f"Step {number} of")
    viewer.locator(".tt-deal-back").click()
    wait_text(page, "[data-tt-test=viewer] .tt-deal-step", "Step 2 of")
    viewer.locator(".tt-deal-jump select").select_option(label="Trick 4")
    wait_text(page, "[data-tt-test=viewer] .tt-deal-step", "Trick 4:")
    assert "wins the trick" in step_text(viewer)


def test_a_deal_link_opens_the_deal_on_the_local_kernel_and_steps_through(server):
    code, _state = a_deal()
    with live_page(server) as (page, problems, outside):
        page.goto(f"{server[0]}{PAGE}#d={code}")
        viewer = viewer_opened(page, 120_000)
        assert "A deal for 4 players, played to the end." in viewer.inner_text()
        step_through(page, viewer)
        shoot(page, viewer, "deal-viewer-1280")
        # a damaged link on the same page: said in words, the deal kept
        page.evaluate(f"location.hash = 'd={code[:-3]}'")
        wait_text(page, "[data-tt-test=viewer] .tt-feedback", "cannot be opened")
        assert "damaged" in viewer.locator(".tt-feedback").inner_text()
        assert "Trick 4:" in step_text(viewer)
        page.evaluate("location.hash = 'd=%E0%A4%A'")  # a broken %-escape: no script error
        wait_text(page, "[data-tt-test=viewer] .tt-feedback", "cannot be in a deal code")
        assert "Trick 4:" in step_text(viewer)
        editor = deal_by_seed(page, "12")
        editor.locator(".tt-deal-start").click()
        editor.locator(".tt-action", has_text="Guard ×2").click()
        wait_text(page, ".tt-deal-editor .tt-feedback", "Guard")
        editor.locator(".tt-action", has_text="Take ×1").click()
        wait_text(page, ".tt-deal-editor .tt-feedback", "Refused: ")
        assert "Take does not beat" in editor.locator(".tt-feedback").inner_text()
        shoot(page, editor, "deal-editor-1280")
        editor.locator(".tt-deal-export").click()
        wait_text(page, ".tt-deal-editor .tt-feedback", "Exported")
        found = serious_violations(page)
        assert not found, describe(found)


def test_the_deal_page_on_a_phone(server):
    code, _state = a_deal(3)
    with live_page(server, 390) as (page, problems, outside):
        page.goto(f"{server[0]}{PAGE}#d={code}")
        viewer = viewer_opened(page, 120_000)
        viewer.locator(".tt-deal-last").click()
        wait_text(page, "[data-tt-test=viewer] .tt-deal-mid", "Scores:")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(page, viewer, "deal-viewer-390")
        editor = deal_by_seed(page, "5")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(page, editor, "deal-editor-390")
        editor.locator(".tt-deal-start").click()
        editor.locator(".tt-action", has_text="Pass").click()
        wait_text(page, ".tt-deal-editor .tt-feedback", "Pass")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(page, editor, "deal-editor-playing-390")


def test_a_deal_link_followed_inside_the_site_opens_the_deal(server):
    """From another page, a link to the deal page is followed inside the page (nav.js): the
    kernel keeps running and the page's script still hands the code to the viewer."""
    code, _state = a_deal()
    with live_page(server) as (page, problems, outside):
        page.wait_for_function("document.documentElement.dataset.ttLive === 'ready'",
                               timeout=120_000)
        page.evaluate("""code => { const a = document.createElement('a');
            a.href = '23-deals.html#d=' + code; a.id = 'tt-test-link'; a.textContent = 'deal';
            document.querySelector('main article').prepend(a); }""", code)
        page.click("#tt-test-link")
        viewer = viewer_opened(page, 120_000)
        assert page.evaluate("window.ttNav.swaps") == 1
        assert page.evaluate("window.ttNav.fullLoads") == 0
        assert "A deal for 4 players" in viewer.inner_text()
        # a list made here, opened by its link; its deal's link opens in the viewer
        other, _state = a_deal(3)
        lesson = page.locator(".tt-live .tt-lesson")
        lesson.locator(".tt-lesson-lines textarea").fill(f"#d={other} The dog.")
        lesson.locator(".tt-lesson-make").click()
        wait_text(page, ".tt-lesson .tt-link", "#l=L")
        link = lesson.locator(".tt-link").get_attribute("href")
        page.evaluate(f"location.hash = {link[1:]!r}")
        wait_text(page, ".tt-lesson li", "The dog.")
        lesson.locator(".tt-lesson-deal").click()
        wait_text(page, ".tt-deal-viewer .tt-link", f"#d={other}")


def test_a_deal_link_opens_in_the_static_site_with_pyodide(built_book):
    from conftest import serving

    code, _state = a_deal()
    with serving(built_book) as base, borrowed_browser() as browser:
        context, page, problems, outside = new_page(browser)
        page.goto(f"{base}{PAGE}#d={code}")
        viewer = viewer_opened(page, 300_000)
        step_through(page, viewer)
        assert not problems and not outside, (problems, outside)
        context.close()
