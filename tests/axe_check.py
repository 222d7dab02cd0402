"""Run axe-core (vendored from npm by ``scripts/fetch_assets.py axe``) in a Playwright page.

Used by the accessibility browser tests::

    from axe_check import serious_violations, describe
    found = serious_violations(page)
    assert not found, describe(found)

axe.min.js is injected into the page under test only; the built site never serves it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
AXE_JS = ROOT / "vendor" / "test" / "axe" / "axe.min.js"
SERIOUS = ("serious", "critical")

# Narrow, documented exclusions (rule id -> why). Only third-party chrome that a learner does
# not need and that we cannot change from our sources belongs here; our own markup is fixed.
EXCLUDED_RULES: dict[str, str] = {}
# Parts of the page axe does not look at (CSS selector -> why).
EXCLUDED_SELECTORS: dict[str, str] = {}


def _axe_source() -> str:
    if not AXE_JS.is_file():
        pytest.fail(f"{AXE_JS.relative_to(ROOT)} is missing: run `python scripts/fetch_assets.py axe`",
                    pytrace=False)
    return AXE_JS.read_text(encoding="utf-8")


RUN_JS = """
async ([include, exclude, disabled]) => {
  const context = {exclude: exclude.map(s => [s])};
  if (include.length) context.include = include.map(s => [s]);
  const rules = Object.fromEntries(disabled.map(id => [id, {enabled: false}]));
  const result = await window.axe.run(context, {
    resultTypes: ['violations'],
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa',
                                    'best-practice']},
    rules,
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    count: v.nodes.length,
    targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')),
    summary: (v.nodes[0] && v.nodes[0].failureSummary || '').slice(0, 300),
    html: (v.nodes[0] && v.nodes[0].html || '').slice(0, 200),
  }));
}
"""


def violations(page, include: list[str] | tuple = (), exclude: list[str] | tuple = ()) -> list[dict]:
    """Every axe violation on ``page`` (optionally within the ``include`` CSS selectors),
    less the documented exclusions. Each is a dict: id, impact, help, helpUrl, count,
    targets (up to five CSS selectors), summary and html of the first node."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(_axe_source())
    excluded = [*EXCLUDED_SELECTORS, *exclude]
    return page.evaluate(RUN_JS, [list(include), excluded, list(EXCLUDED_RULES)])


def serious_violations(page, include: list[str] | tuple = (),
                       exclude: list[str] | tuple = ()) -> list[dict]:
    """The violations of impact serious or critical (see :func:`violations`)."""
    return [v for v in violations(page, include, exclude) if v["impact"] in SERIOUS]


def describe(found: list[dict], where: str = "") -> str:
    """A readable list of violations for an assertion message."""
    lines = [f"{len(found)} axe violation(s){' on ' + where if where else ''}:"]
    for v in found:
        lines.append(f"- [{v['impact']}] {v['id']}: {v['help']} ({v['count']} element(s))")
        lines += [f"    at {t}" for t in v["targets"]]
        if v.get("html"):
            lines.append(f"    first: {v['html']}")
        if v.get("summary"):
            lines.append("    " + v["summary"].replace("\n", "\n    "))
    return "\n".join(lines)


def as_violation(rule: str, help_text: str, found: list[str]) -> list[dict]:
    """``found`` (what a check of our own found on a page, each a short description) as one
    serious violation in axe's shape (:func:`violations`), so that :func:`describe` reports
    it beside axe's; none when nothing was found.

    >>> as_violation("cut-label", "A button shows its whole label", [])
    []
    >>> [(v["id"], v["count"], v["html"]) for v in as_violation("x", "h", ["a", "b"])]
    [('x', 2, 'a')]
    """
    return [{"id": rule, "impact": "serious", "count": len(found), "targets": found[:5],
             "help": help_text, "helpUrl": "", "summary": "", "html": found[0]}] if found else []


CUT_LABELS_JS = """
() => [...document.querySelectorAll('article button, article select')]
  .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1
          && parseFloat(getComputedStyle(e).fontSize) > 0)  // (a card's words: not drawn)
  .map(e => e.tagName.toLowerCase() + ': ' + (e.textContent || e.value || '').trim().slice(0, 60))
"""


def cut_labels(page) -> list[dict]:
    """The page's visible buttons and lists whose words do not fit in them (cut off with an
    ellipsis, "Reset my progres…"), as a violation in axe's shape. A card of the table, whose
    words are for screen readers (size 0) and whose chosen mark sticks out, is left out."""
    return as_violation("cut-label", "A button shows its whole label",
                        page.evaluate(CUT_LABELS_JS))


OVERLAPPING_TEXT_JS = r"""
() => {
  // Each line box of visible text in the article (not text a screen reader alone gets: a
  // clipped or 1 px box, a closed <details>, an SVG <title>), then every two of different
  // text nodes that cross by more than 3 px both ways.
  const lines = [];
  const root = document.querySelector('article') || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let node, id = 0;
  const unseen = el => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e), box = e.getBoundingClientRect();
      if (s.visibility === 'hidden' || s.opacity === '0' || (s.clip && s.clip !== 'auto')
          || s.clipPath !== 'none'
          || (s.overflow !== 'visible' && (box.width <= 2 || box.height <= 2)))
        return true;
    }
    return false;
  };
  while ((node = walker.nextNode())) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.offsetParent === null
        || el.closest('title, desc, details:not([open]) > :not(summary)') || unseen(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    id++;
    for (const r of range.getClientRects())
      if (r.width > 2 && r.height > 2)
        lines.push({id, x: r.left, y: r.top, right: r.right, bottom: r.bottom,
                    text: node.textContent.trim().slice(0, 40)});
  }
  lines.sort((a, b) => a.y - b.y);
  const found = new Set();
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i];
    for (let j = i + 1; j < lines.length && lines[j].y < a.bottom - 3; j++) {
      const b = lines[j];
      if (b.id !== a.id && Math.min(a.right, b.right) - Math.max(a.x, b.x) > 3
          && Math.min(a.bottom, b.bottom) - Math.max(a.y, b.y) > 3)
        found.add(a.id < b.id ? a.text + ' / ' + b.text : b.text + ' / ' + a.text);
    }
  }
  return [...found];
}
"""


def overlapping_text(page) -> list[dict]:
    """Visible text drawn over other text (a long radio label over the next option, once),
    as a violation in axe's shape: each target names the two texts."""
    return as_violation("overlapping-text", "No text is drawn over other text",
                        page.evaluate(OVERLAPPING_TEXT_JS))
