"""Accessibility of the built book, measured with axe-core in Chromium (tests/axe_check.py).

Every page of the book, once its widgets are rendered, has no serious or critical axe
violation and works offline (no request to another host, no error, each saved widget view
drawn once, the math typeset); an exercise can be answered with the keyboard alone.
"""

from __future__ import annotations

import pytest

from axe_check import (EXCLUDED_RULES, EXCLUDED_SELECTORS, as_violation, cut_labels,
                       describe, overlapping_text, serious_violations)
from browser_session import borrowed_browser
from test_book_build import toc_pages
from test_live_local import tarot_teach_server  # noqa: F401 (fixture)
from conftest import serving

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_axe_check_reports_what_a_screen_reader_would_miss():
    """The helper itself: an unnamed button and an image without text are reported, with
    where they are; the same page with names passes."""

    bad = ('<html lang="en"><head><title>t</title></head><body><main><h1>t</h1>'
           '<img src="data:,"><button class="b"></button></main></body></html>')
    good = bad.replace('<img src="data:,">', '<img src="data:," alt="King of hearts">').replace(
        '</button>', 'Check</button>')
    with borrowed_browser() as browser:
        page = browser.new_page()
        page.set_content(bad)
        found = serious_violations(page)
        assert {v["id"] for v in found} == {"button-name", "image-alt"}, describe(found)
        assert '<button class="b">' in describe(found)
        page.set_content(good)
        assert serious_violations(page) == []
        page.set_viewport_size({"width": 390, "height": 800})
        wide = '<article><p>fits</p><div style="width:500px">too wide</div></article>'
        page.set_content(wide)
        assert [v["targets"] for v in sideways(page)] == [["div.: too wide"]]
        page.set_content(wide.replace("width:500px", "max-width:100%"))
        assert sideways(page) == []


# ------------------------------------------------------------------------- the whole book


def open_rendered(context, url: str, problems: "list | None" = None):
    """Open ``url`` with its widgets as saved at build time (the live kernel is not asked
    for: session.json answers "static", so live.js leaves the page static); return the page
    once every widget view and the math are rendered. With ``problems``, what a learner
    offline would meet is added to it: a JavaScript or console error, an HTTP error, a
    widget view drawn twice or not at all, math not typeset within 30 s."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from test_live_local import keep_static, watch_errors

    page = context.new_page()
    if problems is not None:
        watch_errors(page, problems)
    keep_static(page)
    page.goto(url, wait_until="load")
    views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
    if views:
        page.wait_for_function("n => document.querySelectorAll('.widget-subarea').length >= n",
                               arg=views, timeout=30_000)
    if page.locator(".math").count():
        # MathJax comes once the service worker is installed (nav.js)
        try:
            page.wait_for_selector("mjx-container", timeout=30_000)
        except PlaywrightTimeout:
            if problems is not None:
                problems.append("the math was not typeset within 30 s")
    if page.locator("script#tt-live-cells").count():
        page.wait_for_function("document.documentElement.dataset.ttLive === 'static'",
                               timeout=30_000)
    page.evaluate("document.fonts.ready.then(() => true)")  # (not "networkidle": the
    # service worker may keep fetching)
    rendered = page.locator(".widget-subarea").count()
    if problems is not None and rendered != views:  # (twice as many: drawn twice)
        problems.append(f"{views} widget views but {rendered} drawn")
    return page


UNNAMED_BOXES_JS = """
() => [...document.querySelectorAll(
    '.jupyter-widgets input:not([type=checkbox]):not([type=radio]), .jupyter-widgets textarea')]
  .filter(e => e.offsetParent !== null)
  .filter(e => ![...(e.labels || [])].some(l => /[A-Za-z]{3}/.test(l.textContent)))
  .map(e => e.outerHTML.slice(0, 160))
"""


def unnamed_boxes(page) -> list[dict]:
    """Answer boxes without a ``<label for>`` in words (axe accepts a placeholder as a name;
    a screen reader reads it poorly), as a violation in axe's shape."""
    return as_violation(
        "box-label", "An answer box is named by words in a <label for>, not by its placeholder",
        page.evaluate(UNNAMED_BOXES_JS))


SIDEWAYS_JS = """
() => [...document.querySelectorAll('article *')]
  .filter(e => e.offsetParent !== null)
  .filter(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
                 return r.width > 0 && r.right > innerWidth + 1
                     || /auto|scroll/.test(s.overflowX) && e.scrollWidth > e.clientWidth + 1; })
  .map(e => e.tagName.toLowerCase() + '.' + String(e.className).split(' ').slice(0, 3).join('.')
            + ': ' + e.textContent.trim().slice(0, 60))
"""


def sideways(page) -> list[dict]:
    """What runs off the right edge of the window, or scrolls sideways inside the page (on
    a phone one reads down, never across), as a violation in axe's shape."""
    return as_violation("sideways", "Nothing runs off a phone's screen or scrolls sideways",
                        page.evaluate(SIDEWAYS_JS))


def audit_book(base: str, pages: list[str], widths=(1280,)) -> dict[tuple, list[dict]]:
    """Serious/critical axe violations of each page in a window of each of ``widths`` pixels
    ((page name, width) -> violations; the theme shows other controls on a phone), its
    answer boxes without a name in words (:func:`unnamed_boxes`), on a phone what does not
    fit (:func:`sideways`), buttons whose label is cut and text drawn over other text
    (:mod:`axe_check`), and what a learner offline would meet (:func:`open_rendered`'s
    problems, a request to another host), as a violation ``offline``. Each page is opened
    once, at the first width, then the window is made each other width (as a phone turned,
    or a window narrowed): the same page, laid out again."""

    from test_live_local import keep_on_this_machine

    found: dict[tuple, list[dict]] = {}
    with borrowed_browser() as browser:
        context = browser.new_context(viewport={"width": widths[0], "height": 900})
        outside: list[str] = []
        keep_on_this_machine(context, outside)
        for name in pages:
            problems: list[str] = []
            outside.clear()
            page = open_rendered(context, f"{base}{name}.html", problems)
            problems += [f"request to another host: {u}" for u in outside]
            # No pointer over the page (a phone has none): the headless shell starts with one
            # at (0, 0), whose hover colours a link of the sidebar the phone's layout puts there.
            page.mouse.move(-1, -1)
            for width in widths:
                if width != page.viewport_size["width"]:
                    page.set_viewport_size({"width": width, "height": 900})
                    page.evaluate("new Promise(r => requestAnimationFrame(() => "
                                  "requestAnimationFrame(r)))")  # (laid out again)
                found[name, width] = serious_violations(page) + unnamed_boxes(page) + (
                    sideways(page) if width < 600 else []) + cut_labels(page) + \
                    overlapping_text(page) + offline(problems)
            page.close()
    return found


def offline(problems: list[str]) -> list[dict]:
    """``problems`` of a page opened offline (see :func:`audit_book`) in axe's shape."""
    return as_violation("offline", "The page works offline, without an error", problems)


def test_the_whole_book_check_reports_what_fails_offline(tmp_path):
    """:func:`audit_book` on a page that asks another host for an image and its own site
    for a script that is not there: both are reported (violation ``offline``)."""
    (tmp_path / "p.html").write_text(
        '<html lang="en"><head><title>t</title><script src="missing.js"></script></head>'
        '<body><main><h1>t</h1><img src="http://example.com/x.png" alt="a card"></main>'
        '</body></html>')
    with serving(tmp_path) as base:
        found = audit_book(base, ["p"])
    problems = [t for v in found["p", 1280] if v["id"] == "offline" for t in v["targets"]]
    assert any(t.startswith("request to another host: http://example.com/") for t in problems)
    assert any(t.startswith("HTTP 404") and t.endswith("/missing.js") for t in problems)


def test_the_whole_book_check_sees_a_page_laid_out_for_a_phone(tmp_path):
    """A page opened wide then made phone-wide (:func:`audit_book` with two widths) is
    checked as a phone shows it: what its phone style pushes off the screen is reported at
    390 px only."""
    (tmp_path / "q.html").write_text(
        '<html lang="en"><head><title>t</title><style>@media (max-width: 600px) '
        '{ .wide { width: 500px } }</style></head><body><main><h1>t</h1><article>'
        '<div class="wide">too wide on a phone</div></article></main></body></html>')
    with serving(tmp_path) as base:
        found = audit_book(base, ["q"], (1280, 390))
    assert [v["id"] for v in found["q", 1280]] == []
    assert [v["id"] for v in found["q", 390]] == ["sideways"]


def test_the_whole_book_check_reports_a_button_whose_label_is_cut(tmp_path):
    """A button too narrow for its words (as ipywidgets' default 148 px cut "Reset my
    progress…") is reported; one that fits, one hidden, or a card (its words at size 0, its
    chosen mark sticking out) is not."""
    button = ('<button style="width:{}px;overflow:hidden;white-space:nowrap;'
              'text-overflow:ellipsis"{}>Reset my progress…</button>')
    (tmp_path / "b.html").write_text(
        '<html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><main>'
        '<h1>t</h1><article>' + button.format(60, "") + button.format(400, "")
        + button.format(60, " hidden") + '<button style="width:30px;font-size:0;transform:'
        'translateY(-9px)">King of hearts, chosen<span style="position:absolute;right:-9px;'
        'font-size:13px">✓</span></button></article></main></body></html>', encoding="utf-8")
    with serving(tmp_path) as base:
        found = audit_book(base, ["b"])
    [cut] = [v for v in found["b", 1280] if v["id"] == "cut-label"]
    assert cut["targets"] == ["button: Reset my progress…"]


def test_the_whole_book_check_reports_text_drawn_over_other_text(tmp_path):
    """Two options whose boxes are too short for their wrapped words (the radio labels of
    ipywidgets, once) are reported; text for screen readers only, clipped to 1 px, is not."""
    (tmp_path / "o.html").write_text(
        '<html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><main>'
        '<h1>t</h1><article><div style="width:120px">'
        '<label style="display:block;height:10px">It stays with the side that played it</label>'
        '<label style="display:block;height:10px">It changes sides</label></div>'
        '<p>Said once <span style="position:absolute;width:1px;height:1px;overflow:hidden;'
        'clip:rect(0 0 0 0)">and read out</span></p></article></main></body></html>',
        encoding="utf-8")
    with serving(tmp_path) as base:
        found = audit_book(base, ["o"])
    [overlap] = [v for v in found["o", 1280] if v["id"] == "overlapping-text"]
    assert overlap["targets"] == ["It stays with the side that played it / It changes sides"]


def test_every_page_of_the_book_has_no_serious_axe_violation_wide_and_on_a_phone(built_book):
    pages = toc_pages() + ["search", "genindex"]
    widths = (1280, 390)
    with serving(built_book) as base:
        found = audit_book(base, pages, widths)
    assert set(found) == {(name, width) for name in pages for width in widths}
    bad = {where: v for where, v in found.items() if v}
    assert not bad, "\n".join(describe(v, f"{name} at {width} px")
                              for (name, width), v in bad.items()) + (
        "\n(excluded on purpose: " + ", ".join([*EXCLUDED_RULES, *EXCLUDED_SELECTORS]) + ")"
        if EXCLUDED_RULES or EXCLUDED_SELECTORS else "")


# ------------------------------------------------------------------------------ keyboard

FOCUS_JS = """
() => {
  const el = document.activeElement;
  const ex = el && el.closest('.tt-live .tt-exercise');
  const style = el ? getComputedStyle(el) : null;
  return {
    inExercise: !!ex && !!ex.querySelector('.tt-card') && !!ex.querySelector('.tt-check'),
    card: !!el && el.classList.contains('tt-card'),
    check: !!el && el.classList.contains('tt-check'),
    pressed: !!el && el.classList.contains('mod-active'),
    title: el ? el.getAttribute('title') : null,
    ring: style ? parseFloat(style.outlineWidth) * (style.outlineStyle === 'none' ? 0 : 1) : 0,
    face: style ? style.backgroundColor : null,
    frame: style ? parseFloat(style.borderTopWidth) : 0,
  };
}
"""


def tab_until(page, wanted: str, limit: int = 400) -> dict:
    """Press Tab until the focused element has ``wanted`` true (see FOCUS_JS)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        state = page.evaluate(FOCUS_JS)
        if state[wanted] and state["inExercise"]:
            return state
    raise AssertionError(f"Tab never reached an exercise's {wanted} ({limit} presses)")


def test_a_card_exercise_is_answered_by_keyboard_alone(built_book, tarot_teach_server):
    """Tab to a card of the first live card exercise, Space chooses it (it is then named as
    chosen), Tab to Check, Enter: the verdict comes back in words (✔/✘ and a sentence) in a
    live region, and every stop shows a focus ring."""

    from test_live_local import keep_on_this_machine, take_key, wait_idle

    base, _, opened = tarot_teach_server
    with borrowed_browser() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        keep_on_this_machine(context, [])
        page = context.new_page()
        take_key(page, opened, base)
        page.goto(base + "book/07-tricks.html", wait_until="commit")
        page.wait_for_function("document.documentElement?.dataset.ttLive === 'ready'",
                               timeout=60_000)
        card = tab_until(page, "card")
        assert card["ring"] >= 2, card
        # It looks like a card (a white or light purple face in a frame), not a grey button.
        assert card["face"] in ("rgb(255, 255, 255)", "rgb(246, 240, 251)") and card["frame"] >= 1
        sent = page.evaluate("window.ttLive.sent")
        page.keyboard.press("Space")
        wait_idle(page, sent)
        chosen = page.evaluate(FOCUS_JS)
        assert chosen["pressed"] and chosen["title"].endswith(", chosen"), chosen
        check = tab_until(page, "check")
        assert check["ring"] >= 2, check
        sent = page.evaluate("window.ttLive.sent")
        page.keyboard.press("Enter")
        wait_idle(page, sent)
        feedback, live = page.evaluate(
            "(() => { const f = document.activeElement.closest('.tt-exercise')"
            ".querySelector('.tt-feedback'); return [f.innerText.trim(), "
            "f.getAttribute('aria-live')]; })()")
        assert feedback[:1] in "✔✘" and len(feedback.split()) >= 3, feedback
        assert live == "polite"  # a screen reader reads the verdict out


# ------------------------------------------------------------------------ on a phone

FLOATING_OVER_CONTROLS_JS = """
() => [...document.querySelectorAll('body *')]
  .filter(e => { const s = getComputedStyle(e);
                 return s.position === 'fixed' && s.visibility !== 'hidden' && e.getClientRects().length; })
  .map(f => [f, f.getBoundingClientRect()])
  .filter(([f, box]) => box.bottom > 0 && box.top < innerHeight && box.width * box.height > 1)
  .flatMap(([f, box]) => {
    return [...document.querySelectorAll('.jupyter-widgets button, .jupyter-widgets input')]
      .filter(e => e.offsetParent !== null && !f.contains(e))
      .filter(e => { const r = e.getBoundingClientRect();
                     return r.left < box.right && r.right > box.left
                         && r.top < box.bottom && r.bottom > box.top; })
      .map(e => (f.id || f.className) + ' over ' + (e.textContent.trim() || e.outerHTML.slice(0, 60)));
  })
"""


@pytest.mark.parametrize("name", ["09-scoring", "20-guided-hands"])
def test_on_a_phone_nothing_floats_over_the_exercises(built_book, name):
    """At 390 px, scrolling down and back up through an exercise page, no fixed element lies
    over an exercise's buttons or answer boxes (the theme's "Back to top" pill, shown while one
    scrolls up, used to cover "New question")."""

    with serving(built_book) as base, borrowed_browser() as browser:
        context = browser.new_context(viewport={"width": 390, "height": 800})
        page = open_rendered(context, f"{base}book/{name}.html")
        height = page.evaluate("document.documentElement.scrollHeight")
        positions = range(1200, height, 350)
        assert len(positions) > 5
        for y in positions:
            page.evaluate(f"window.scrollTo(0, {y + 300})")
            page.wait_for_timeout(50)
            page.evaluate(f"window.scrollTo(0, {y})")  # scrolling up shows the theme's pill
            page.wait_for_timeout(150)
            assert page.evaluate(FLOATING_OVER_CONTROLS_JS) == [], f"scrolled to {y}px"
