"""The card table's look: one style sheet, and the card pictures of a hand as CSS.

The table is built from plain ipywidgets (HTML and buttons), so it renders in
JupyterLab, in the built book and in the browser's Python alike. The hand's cards
are buttons (keyboard and screen reader get a real button with a spoken name);
their faces are the chapters' SVG cards (:func:`~tarot_teach.widgets.render.card_html`)
drawn as the buttons' background pictures.

>>> from tarot_teach.cards import parse_card
>>> card_class(parse_card("T21")), ".tt-c-T21" in hand_faces_css([parse_card("T21")])
('tt-c-T21', True)
"""

from __future__ import annotations

import base64

from .render import card_html

__all__ = ["TABLE_CSS", "card_class", "hand_faces_css", "style_html"]


def card_class(card) -> str:
    """The CSS class that draws ``card``'s face on a hand button."""
    return f"tt-c-{card}"


def hand_faces_css(cards, rules=None) -> str:
    """CSS rules drawing each card's SVG face on its button (a data: URL, nothing fetched)."""
    rules_css = []
    for card in cards:
        svg = card_html(card, rules=rules).replace('style="vertical-align:middle;margin:2px" ', "")
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        rules_css.append(f'.tt-table .{card_class(card)}{{background-image:'
                         f'url("data:image/svg+xml;base64,{data}")}}')
    return "".join(rules_css)


def style_html(css: str) -> str:
    """A ``<style>`` element for an HTML widget."""
    return f"<style>{css}</style>"


TABLE_CSS = """
.tt-table { --tt-felt:#1d6b42; --tt-felt-edge:#0f4a2c; --tt-focus:#ffbf00; box-sizing:border-box;
  max-width:100%; overflow-x:hidden; }
.tt-table * { box-sizing:border-box; }
.tt-table .tt-head { font-size:0.95em; margin:0 0 0.3em; }
.tt-felt { background:var(--tt-felt); border:6px solid var(--tt-felt-edge); border-radius:22px;
  color:#fff; padding:10px; display:grid; gap:8px;
  grid-template-columns:minmax(0,1fr) minmax(0,2.2fr) minmax(0,1fr);
  grid-template-areas:"top top top" "left mid right" "you you you"; }
.tt-felt .tt-area-top { grid-area:top; display:flex; justify-content:space-around; gap:8px;
  flex-wrap:wrap; }
.tt-felt .tt-area-left { grid-area:left; align-self:center; }
.tt-felt .tt-area-right { grid-area:right; align-self:center; }
.tt-felt .tt-area-you { grid-area:you; display:flex; justify-content:center; }
.tt-felt .tt-mid { grid-area:mid; background:rgba(255,255,255,0.08); border-radius:14px;
  padding:6px; min-height:72px; text-align:center; }
.tt-seat { background:#fdfcf7; color:#1b1b1b; border-radius:10px; padding:4px 8px;
  border:3px solid transparent; min-width:0; max-width:15em; font-size:0.9em; line-height:1.3; }
.tt-seat.tt-acting { border:3px solid var(--tt-focus); box-shadow:0 0 0 3px rgba(0,0,0,0.35); }
.tt-seat .tt-name { font-weight:bold; }
.tt-seat .tt-turn { background:#1b1b1b; color:#fff; border-radius:6px; padding:0 5px;
  margin-left:4px; font-size:0.85em; white-space:nowrap; }
.tt-badge { display:inline-block; border:1px solid #555; border-radius:6px; padding:0 5px;
  margin:1px 3px 1px 0; font-size:0.85em; background:#fff; color:#1b1b1b; white-space:nowrap; }
.tt-badge.tt-taker { background:#6A3D9A; color:#fff; border-color:#6A3D9A; }
.tt-badge.tt-partner { background:#0072B2; color:#fff; border-color:#0072B2; }
.tt-mid .tt-caption { font-size:0.85em; margin:2px 0; color:#fff; }
.tt-mid .tt-lasttrick:not(:last-child) { border-bottom:2px dashed rgba(255,255,255,0.55);
  padding-bottom:4px; margin-bottom:4px; }
.tt-played { display:flex; flex-wrap:wrap; justify-content:center; gap:4px; }
.tt-played figure { margin:0; display:flex; flex-direction:column; align-items:center; }
.tt-played figcaption { font-size:0.8em; color:#fff; max-width:5.5em; overflow-wrap:anywhere;
  margin:0 !important; padding:0 !important; line-height:1.2; }
.tt-played figure.tt-won figcaption { font-weight:bold; text-decoration:underline; }
.tt-table .tt-announce { font-size:0.9em; margin:0.3em 0; min-height:1.3em; }
.tt-table .tt-handhead { font-weight:bold; margin-top:0.4em; }
.tt-table .tt-hand { display:flex; flex-wrap:wrap; gap:16px 2px; padding-top:1.4em;
  overflow:visible; max-width:100%; position:relative; }
.tt-table .tt-hand:has(.tt-unplayable) { padding-top:2.8em; }
.tt-table .tt-hand:has(.tt-unplayable)::before {
  content:"A dimmed card cannot be played now: point at it or touch it to see why.";
  position:absolute; left:0; right:0; top:0; font-size:13px; line-height:1.3; color:#555;
  padding:4px 0; }
.tt-table .tt-tcard { width:50px !important; height:72px !important; padding:0 !important;
  margin:0 !important; border:0 !important; border-radius:6px; background-color:transparent !important;
  background-repeat:no-repeat; background-position:center; background-size:contain;
  font-size:0 !important; color:transparent !important; box-shadow:none !important;
  position:static; overflow:visible !important; transition:transform 0.1s; }
.tt-table .tt-tcard.tt-playable { transform:translateY(-12px); cursor:pointer; }
.tt-table .tt-tcard.tt-unplayable { opacity:0.5; cursor:not-allowed; }
.tt-table .tt-tcard.tt-unplayable { border-bottom:4px solid #555 !important; }
.tt-table .tt-tcard.mod-active { transform:translateY(-16px); opacity:1;
  outline:3px dashed #1b1b1b; outline-offset:1px; z-index:2; }
.tt-table .tt-tcard.mod-active::before { content:"✓"; position:absolute; top:-6px; right:-6px;
  background:#1b1b1b; color:#fff; font-size:13px; line-height:18px; width:18px; height:18px;
  border-radius:9px; text-align:center; }
.tt-table .tt-tcard:focus, .tt-table .tt-tcard:focus-visible, .tt-table button:focus-visible {
  outline:3px solid #1b1b1b !important; outline-offset:2px; box-shadow:0 0 0 6px var(--tt-focus) !important;
  opacity:1; z-index:1; }
.tt-table .tt-tcard.tt-unplayable:hover, .tt-table .tt-tcard.tt-unplayable:focus { z-index:3; }
.tt-table .tt-tcard.tt-unplayable:hover::after, .tt-table .tt-tcard.tt-unplayable:focus::after {
  content:attr(title); position:absolute; left:0; right:0; top:0; z-index:5;
  white-space:normal; text-align:left;
  background:#1b1b1b; color:#fff; font-size:13px; line-height:1.3; padding:4px 6px;
  border-radius:6px; }
.tt-table .tt-action { min-width:5.5em; }
.tt-table .tt-discard { width:auto !important; max-width:100%; white-space:normal !important;
  height:auto !important; min-height:2.2em; }
.tt-table .tt-counter { font-weight:bold; }
.tt-table .tt-pilelabel { flex-basis:100%; font-size:0.9em; font-weight:bold; margin-top:-10px; }
.tt-table .tt-hand > .widget-html { flex-basis:100%; margin:0; }
.tt-table .tt-log ol { margin:0.2em 0; padding-left:1.6em; font-size:0.9em; }
.tt-table .tt-why { font-style:italic; opacity:0.85; overflow-wrap:anywhere; }
.tt-table .tt-shown { background:#eef5fb; color:#1b1b1b; border:1px solid #9fc3df;
  border-left:6px solid #0072B2; border-radius:8px; padding:0.3em 0.7em; margin:0.4em 0;
  font-size:0.9em; line-height:1.35; overflow-wrap:anywhere; }
.tt-table .tt-shown ul { padding-left:1.2em; }
.tt-table .tt-shown li { margin:0.1em 0; }
.tt-table .tt-seat .tt-cards { margin-top:4px; padding-top:2px; border-top:1px solid #d8d4c4; }
.tt-table .tt-seat .tt-cards svg { width:30px; height:42px; margin:1px !important; }
.tt-table .tt-sr { position:absolute; width:1px; height:1px; overflow:hidden; clip:rect(0 0 0 0);
  white-space:nowrap; }
@media (max-width: 600px) {
  .tt-felt { grid-template-columns:minmax(0,1fr) minmax(0,1fr);
    grid-template-areas:"top top" "left right" "mid mid" "you you"; padding:6px; gap:6px;
    border-width:4px; }
  .tt-seat { max-width:none; font-size:0.82em; }
  .tt-table .tt-tcard { width:42px !important; height:60px !important; }
}
"""
"""The table's style sheet (scoped to ``.tt-table``; the reason a card may not be played shows
in a line above the hand on hover and keyboard focus, where a hint says so while a card is
dimmed (no such line, and no blank band, when none is); colour is never the only cue: the seat
to play is marked "to play", playable cards are raised, chosen cards carry a ✓). The panel
"What the play has shown" (``tt-shown`` in ``tt-facts``) is a framed box with a blue edge; a
seat's cards shown to everybody (a poignée, trumps laid aside) are drawn a little smaller
under a rule so that they stay inside the seat; the computer players' reasons after the
deal (``tt-why``) are in italics, in the text's own colour. The last trick
(``tt-lasttrick``) sits above the trick in progress, a dashed rule between them."""
