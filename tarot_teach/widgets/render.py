"""Cards drawn as cards: small SVG pictures with suit symbols, colour-blind-safe colours and alt text.

Pure functions returning HTML strings, so they work in a notebook, on a static
page and in tests alike. Suits are told apart by their symbol first and by a
four-colour scheme (Okabe–Ito hues, darkened so that text in them has a contrast of at
least 4.5:1 on white and on the light grey of a card button) second: spades black, hearts
vermilion, diamonds blue, clubs bluish green, trumps purple.

>>> html = card_html(parse_card("KH"))
>>> 'aria-label="King of hearts"' in html and "♥" in html
True
>>> escape_text("<b>") == "&lt;b&gt;"
True
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card, Suit, parse_card
from ..teach.feedback import escape_text
from ..names import SEAT_NAMES as PLAYER_NAMES  # the engine's one list of seat names

__all__ = ["PLAYER_NAMES", "SUIT_COLOURS", "card_label", "card_html", "cards_html", "escape_text", "card_button_style"]


SUIT_COLOURS = {
    Suit.SPADES: "#000000",
    Suit.HEARTS: "#AD4A00",
    Suit.DIAMONDS: "#005A8F",
    Suit.CLUBS: "#006B4F",
    Suit.TRUMPS: "#6A3D9A",
    Suit.EXCUSE: "#6A3D9A",
}


def _rank_text(card: Card) -> str:
    if card.is_excuse:
        return "★"
    if card.is_trump:
        return str(card.rank)
    return card.label[:-1]


def _cosmic(rules) -> bool:
    return bool(rules is not None and getattr(rules, "cosmic_tribe", False))


def card_label(card: "Card | str", rules=None) -> str:
    """The short label of a card under a rule set's skin (``K♥``, or ``Ar-Wa`` for Cosmic Tribe)."""
    card = parse_card(card)
    if _cosmic(rules):
        from ..variants import cosmic_label

        return cosmic_label(card)
    return card.label


def card_html(card: "Card | str", size: str = "normal", highlight: bool = False,
              rules=None) -> str:
    """One card as an inline SVG picture with its name as alt text.

    ``size`` is ``"normal"`` or ``"small"``; ``highlight`` draws a thick frame
    (the winning card of a trick, a card the learner got wrong…). With a Cosmic
    Tribe ``rules`` the card carries that game's names.

    >>> from tarot_teach.rules import RuleSet
    >>> 'aria-label="Archon of Water"' in card_html("KH", rules=RuleSet(players=3, cosmic_tribe=True))
    True
    """
    card = parse_card(card)
    if _cosmic(rules):
        return _cosmic_card_html(card, size, highlight, rules)
    width, height = (46, 66) if size == "normal" else (34, 48)
    colour = SUIT_COLOURS[card.suit]
    rank = escape_text(_rank_text(card))
    if card.is_trump:
        symbol = "atout"
        symbol_size = 9 if size == "normal" else 7
    elif card.is_excuse:
        symbol = "Excuse"
        symbol_size = 9 if size == "normal" else 7
    else:
        symbol = card.suit.symbol
        symbol_size = 24 if size == "normal" else 18
    rank_size = 20 if size == "normal" else 15
    border = "#F0B400" if highlight else ("#6A3D9A" if not card.suit.is_plain else "#555555")
    stroke = 4 if highlight else 1.5
    fill = "#F6F0FB" if not card.suit.is_plain else "#FFFFFF"
    label = escape_text(card.name)
    return (
        f'<svg class="tt-card-face" role="img" aria-label="{label}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" '
        f'style="vertical-align:middle;margin:2px" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{label}</title>"
        f'<rect x="1.5" y="1.5" width="{width - 3}" height="{height - 3}" rx="5" '
        f'fill="{fill}" stroke="{border}" stroke-width="{stroke}"/>'
        f'<text x="{width / 2}" y="{height * 0.42}" text-anchor="middle" '
        f'font-family="sans-serif" font-weight="bold" font-size="{rank_size}" '
        f'fill="{colour}">{rank}</text>'
        f'<text x="{width / 2}" y="{height * 0.85}" text-anchor="middle" '
        f'font-family="sans-serif" font-size="{symbol_size}" fill="{colour}">{symbol}</text>'
        f"</svg>")


def _cosmic_card_html(card: Card, size: str, highlight: bool, rules) -> str:
    """A Cosmic Tribe card: its own short label and its element's name."""
    from ..variants import cosmic_label

    width, height = (46, 66) if size == "normal" else (34, 48)
    colour = SUIT_COLOURS[card.suit]
    label = escape_text(card.display_name(rules))
    short = cosmic_label(card)
    top, _, element = short.partition("-")
    bottom = {"Wa": "Water", "Ea": "Earth", "Fi": "Fire", "Ai": "Air"}.get(element, "key"
                                                                           if card.is_bout else "trump")
    border = "#F0B400" if highlight else "#555555"
    return (
        f'<svg class="tt-card-face" role="img" aria-label="{label}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" style="vertical-align:middle;margin:2px" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{label}</title>'
        f'<rect x="1.5" y="1.5" width="{width - 3}" height="{height - 3}" rx="5" fill="#FFFFFF" '
        f'stroke="{border}" stroke-width="{4 if highlight else 1.5}"/>'
        f'<text x="{width / 2}" y="{height * 0.42}" text-anchor="middle" font-family="sans-serif" '
        f'font-weight="bold" font-size="{13 if len(top) > 2 else 18}" fill="{colour}">'
        f"{escape_text(top)}</text>"
        f'<text x="{width / 2}" y="{height * 0.85}" text-anchor="middle" font-family="sans-serif" '
        f'font-size="9" fill="{colour}">{escape_text(bottom)}</text></svg>')


def cards_html(cards: Iterable["Card | str"], size: str = "normal",
               highlight: Iterable["Card | str"] = (), caption: str = "", rules=None) -> str:
    """A row of cards (wrapping on narrow screens), with an optional caption."""
    marked = {parse_card(c) for c in highlight}
    faces = "".join(card_html(c, size, parse_card(c) in marked, rules) for c in cards)
    head = f'<div style="font-size:0.9em;color:#444">{escape_text(caption)}</div>' if caption else ""
    return (f'<div class="tt-cards">{head}'
            f'<div style="display:flex;flex-wrap:wrap;align-items:center">{faces}</div></div>')


def card_button_style(card: "Card | str") -> dict:
    """Colours for a clickable card drawn as a button (see ``CardPicker``)."""
    card = parse_card(card)
    return {"text_color": SUIT_COLOURS[card.suit], "font_weight": "bold"}


def card_button_classes(card: "Card | str") -> tuple:
    """The classes of a clickable card drawn as a button: ``tt-card`` (a card's face and
    frame, scripts/assets/a11y.css), and ``tt-trump`` for a trump or the Excuse (their
    light purple face, as drawn cards have).

    >>> card_button_classes("KH"), card_button_classes("T21")
    (('tt-card',), ('tt-card', 'tt-trump'))
    """
    return ("tt-card",) if parse_card(card).suit.is_plain else ("tt-card", "tt-trump")
