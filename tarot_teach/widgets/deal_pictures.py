"""The deal page's pictures: a deal drawn as HTML (:func:`deal_html`) and its CSS."""

from __future__ import annotations


import ipywidgets as widgets

from ..cards import cards_of, parse_card
from ..game import GameState
from ..names import SEAT_NAMES
from ..teach.table_view import cards_phrase
from .render import cards_html, escape_text

__all__ = ["deal_html", "DEALS_CSS"]

DEALS_CSS = """
.tt-deals { max-width:100%; box-sizing:border-box; }
.tt-deals * { box-sizing:border-box; }
.tt-deals .jupyter-widgets { margin-left:0 !important; margin-right:0 !important; }
.tt-deal-grid { display:grid; gap:6px; grid-template-columns:repeat(auto-fit, minmax(15em, 1fr)); }
.tt-deal-seat { border:1px solid #bbb; border-radius:8px; padding:4px 6px; min-width:0;
  background:#fdfcf7; color:#1b1b1b; }
.tt-deal-seat.tt-acting { border:3px solid #1b1b1b; }
.tt-deal-seat .tt-cards svg { width:30px; height:42px; margin:1px !important; }
.tt-deal-mid { border:2px solid #1d6b42; border-radius:8px; padding:4px 6px; margin:6px 0;
  display:flex; flex-wrap:wrap; gap:4px 24px; align-items:flex-start; }
.tt-deal-mid > div { max-width:100%; }
.tt-deal-mid > .tt-deal-result { flex-basis:100%; }
.tt-deal-step { font-weight:bold; margin:0.3em 0; min-height:1.3em; }
.tt-deals .tt-card { width:3.2em !important; height:4.2em !important; }
.tt-deals textarea { font-family:monospace; font-size:0.85em; }
.tt-deal-code textarea { width:100%; }
.tt-deals .tt-deal-box { min-height:2.4em; border:1px dashed #999; border-radius:6px;
  padding:2px; margin:2px 0 6px; }
.tt-deals .tt-handout svg { max-width:100%; height:auto; border:1px solid #ccc; }
.tt-deals .widget-dropdown select, .tt-deals .widget-dropdown { max-width:100%; }
.tt-deals .tt-link { overflow-wrap:anywhere; font-family:monospace; font-size:0.85em; }
"""
"""The deal page's styles (scoped to ``.tt-deals``): the hands wrap, a column each on a
phone."""


def _style() -> widgets.HTML:
    return widgets.HTML(f"<style>{DEALS_CSS}</style>")


def _roles(state: GameState, seat: int, view) -> list[str]:
    roles = []
    if view.taker == seat:
        roles.append(f"taker, {view.contract.english}")
    elif view.partner is not None and view.partner == seat:
        roles.append("partner")
    if seat == state.dealer:
        roles.append("dealer")
    return roles


def deal_html(state: GameState, seat: "int | None" = None, names=SEAT_NAMES) -> str:
    """The deal at ``state``: every hand (``seat`` None), or only what ``seat`` sees
    (:meth:`GameState.view`): its own hand, the others' card counts, what was shown.

    >>> html = deal_html(GameState.new(seed=1), seat=0)
    >>> html.count('aria-label="') > 18, "18 cards, hidden" in html
    (True, True)
    """
    rules = state.rules
    view = state.view(seat if seat is not None else 0)
    seats = []
    for other in range(state.players):
        roles = _roles(state, other, view)
        head = (f"<b>{escape_text(names[other])}</b> (seat {other})"
                + (f" — {escape_text(', '.join(roles))}" if roles else "")
                + (" ▶ to play" if state.to_act == other and not state.is_over else ""))
        if seat is None or other == seat:
            hand = cards_html(state.hand(other), size="small", rules=rules) \
                if state.hands[other] else "<div>No card left.</div>"
        else:
            hand = (f"<div>{cards_phrase(view.hand_sizes[other])}, hidden</div>"
                    if view.hand_sizes[other] else "<div>No card left.</div>")
        shown = view.poignees.get(other)
        if shown:
            hand += cards_html(shown, size="small", rules=rules, caption="Poignée shown:")
        bids = [b.english for s, b in view.bids if s == other]
        facts = [f"bid: {bids[0]}"] if bids else []
        facts.append(f"{view.tricks_won[other]} trick{'' if view.tricks_won[other] == 1 else 's'}")
        acting = " tt-acting" if state.to_act == other and not state.is_over else ""
        seats.append(f'<div class="tt-deal-seat{acting}" role="group" '
                     f'aria-label="{escape_text(names[other])}">{head}'
                     f"<div>{escape_text(' · '.join(facts))}</div>{hand}</div>")
    middle = []
    if view.called is not None:
        middle.append(f"<div>Called: {escape_text(view.called.display_name(rules))}</div>")
    if seat is None and state.dealt_dog:
        middle.append(cards_html(cards_of(state.dealt_dog), size="small", rules=rules,
                                 caption="The dog (as dealt)"))
    elif view.dog is not None:
        middle.append(cards_html(view.dog, size="small", rules=rules, caption="The dog"))
    discard = [parse_card(c) for c in state.to_record().get("discard", [])]
    if discard and (seat is None or seat == state.taker):
        middle.append(cards_html(discard, size="small", rules=rules, caption="The discard"))
    elif view.discarded_trumps:
        middle.append(cards_html(view.discarded_trumps, size="small", rules=rules,
                                 caption="Trumps shown in the discard"))
    if view.tricks:
        leader, cards, winner = view.tricks[-1]
        order = ", ".join(names[(leader + k) % state.players] for k in range(len(cards)))
        middle.append(cards_html(cards, size="small", rules=rules,
                                 highlight=[cards[(winner - leader) % state.players]],
                                 caption=f"Trick {len(view.tricks)} ({order}), won by "
                                         f"{names[winner]} (framed)"))
    if view.current_trick:
        middle.append(cards_html([c for _, c in view.current_trick], size="small", rules=rules,
                                 caption=f"Trick {len(view.tricks) + 1} so far ("
                                         + ", ".join(names[s] for s, _ in view.current_trick)
                                         + ")"))
    if state.is_over and state.result is not None:
        middle.append(f'<div class="tt-deal-result"><b>'
                      f"{escape_text(_result_words(state, names))}</b></div>")
    mid = f'<div class="tt-deal-mid">{"".join(middle)}</div>' if middle else ""
    return f'<div class="tt-deal-grid">{"".join(seats)}</div>{mid}'


def _result_words(state: GameState, names) -> str:
    result = state.result
    if result.void:
        return "The deal is void (" + ("everybody passed" if result.void == "all_passed"
                                       else "a Petit alone") + ")."
    gains = ", ".join(f"{names[s]} {g:+d}" for s, g in enumerate(result.scores))
    if result.kind == "contract":
        made = "made" if result.contract_made else "failed"
        return (f"{names[result.taker]}'s contract {made} with {float(result.taker_points):g} "
                f"points. Scores: {gains}.")
    return f"Scores: {gains}."
