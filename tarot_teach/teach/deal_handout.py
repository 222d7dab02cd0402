"""A deal as a printable SVG handout (the deal page, :mod:`tarot_teach.teach.deals`):
:func:`deal_svg`. Plain text, no widgets."""

from __future__ import annotations

from ..cards import DECK, Card, parse_card, sort_cards
from ..names import SEAT_NAMES
from ..record import state_from_record
from ..rules import Bid
from .feedback import escape_text

__all__ = ["deal_svg"]


_SUIT_COLOURS = {"S": "#000000", "H": "#AD4A00", "D": "#005A8F", "C": "#006B4F"}


_TRUMP_COLOUR = "#6A3D9A"


def _card_text(card: Card, rules=None) -> tuple[str, str]:
    """A card's short label and colour for the handout."""
    if card.is_excuse or card.is_trump:
        return card.label, _TRUMP_COLOUR
    return card.label, _SUIT_COLOURS.get(str(card)[-1], "#000000")


def _hand_lines(cards: list[Card], rules=None) -> list[list[Card]]:
    """A hand in rows: trumps, then each suit (the handout writes one row each)."""
    rows: dict[str, list[Card]] = {}
    for card in sort_cards(cards):
        key = "T" if (card.is_trump or card.is_excuse) else str(card)[-1]
        rows.setdefault(key, []).append(card)
    return [rows[key] for key in ("T", "S", "H", "D", "C") if key in rows]


def deal_svg(record: dict, names=SEAT_NAMES, title: str = "") -> str:
    """The deal as a printable SVG handout: each hand as dealt (trumps and each suit on a row
    of its own), the dog, the auction, the call and the discard, and each trick with the
    leader and the winner marked; the result at the end when the deal is over.

    >>> from tarot_teach.game import GameState
    >>> svg = deal_svg(GameState.new(seed=3).to_record(), title="Tuesday")
    >>> svg.startswith("<svg") and "Tuesday" in svg and "Dog" in svg
    True
    """
    state = state_from_record(record, complete=False)
    rules = state.rules
    record = state.to_record()
    width, line = 720, 17
    parts: list[str] = []
    y = 28

    def text(x, y, words, size=13, weight="normal", colour="#1b1b1b"):
        parts.append(f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
                     f'fill="{colour}">{escape_text(words)}</text>')

    def cards_row(x, y, cards, bold=()):
        spans = []
        for card in cards:
            label, colour = _card_text(card, rules)
            weight = ' font-weight="bold" text-decoration="underline"' if card in bold else ""
            spans.append(f'<tspan fill="{colour}"{weight}>{escape_text(label)}</tspan>')
        parts.append(f'<text x="{x}" y="{y}" font-size="13">{" ".join(spans)}</text>')

    heading = title or f"A deal for {rules.players} players"
    text(12, y, heading, 18, "bold")
    y += line + 4
    dealer = names[state.dealer]
    variants = ", ".join(rules.variant_names) if rules.variant_names else "FFT rules"
    text(12, y, f"Dealer: {dealer} · {variants} · a number alone is a trump, ★ the Excuse",
         12, colour="#444")
    y += line + 6
    column = (width - 24) // 2
    for seat, hand in enumerate(record["hands"]):
        x = 12 + (seat % 2) * column
        if seat % 2 == 0 and seat:
            y = block_end
        top = y
        role = ""
        if state.taker == seat:
            role = f" — taker, {state.contract.english}"
        elif state.partner is not None and state.partner == seat:
            role = " — partner"
        text(x, top, f"{names[seat]} (seat {seat}){role}", 13, "bold")
        row_y = top
        for row in _hand_lines([parse_card(c) for c in hand], rules):
            row_y += line
            cards_row(x + 8, row_y, row)
        if seat % 2 == 0:
            block_end = row_y + line + 4
        else:
            block_end = max(block_end, row_y + line + 4)
    y = block_end
    if record["dog"]:
        text(12, y, "Dog:", 13, "bold")
        cards_row(52, y, [parse_card(c) for c in record["dog"]])
        y += line + 4
    if record["bids"]:
        first = (state.dealer + 1) % rules.players
        said = [f"{names[(first + n) % rules.players]} {Bid.parse(b).english}"
                for n, b in enumerate(record["bids"])]
        text(12, y, "Auction: " + ", ".join(said), 13)
        y += line
    if record.get("called"):
        text(12, y, f"Called: {parse_card(record['called']).display_name(rules)}", 13)
        y += line
    if record.get("discard"):
        text(12, y, "Discard:", 13)
        cards_row(80, y, [parse_card(c) for c in record["discard"]])
        y += line
    shown = state.view(0)
    for seat, cards in sorted(shown.poignees.items()):
        text(12, y, f"{names[seat]} shows a poignée:", 13)
        cards_row(200, y, list(cards))
        y += line
    if state.chelem_announced:
        text(12, y, f"{names[state.taker]} announces a slam.", 13)
        y += line
    tricks = list(state.tricks)
    if state.trick:
        tricks.append((state.leader, tuple(state.trick), None))
    if tricks:
        y += 6
        text(12, y, "Tricks (leader first; the winner's card underlined)", 13, "bold")
        for number, (leader, cards, winner) in enumerate(tricks, start=1):
            y += line
            played = [DECK[i] for i in cards]
            won = ()
            if winner is not None:
                won = (played[(winner - leader) % rules.players],)
            who = names[leader] + (f", won by {names[winner]}" if winner is not None
                                   else " (not finished)")
            text(12, y, f"{number}.", 13)
            cards_row(40, y, played, won)
            text(40 + 44 * rules.players, y, who, 12, colour="#444")
    if state.is_over and state.result is not None:
        y += line + 6
        result = state.result
        if result.void:
            words = "The deal is void."
        elif result.kind == "contract":
            made = "made" if result.contract_made else "failed"
            words = (f"{names[result.taker]}'s contract {made}: "
                     f"{float(result.taker_points):g} points, {result.taker_bouts} bout"
                     f"{'' if result.taker_bouts == 1 else 's'}. Scores: "
                     + ", ".join(f"{names[s]} {g:+d}" for s, g in enumerate(result.scores)))
        else:
            words = "Scores: " + ", ".join(f"{names[s]} {g:+d}"
                                           for s, g in enumerate(result.scores))
        text(12, y, words, 13, "bold")
    height = y + 20
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" font-family="sans-serif" role="img" '
            f'aria-label="{escape_text(heading)}"><rect width="100%" height="100%" '
            f'fill="#ffffff"/>{"".join(parts)}</svg>')
