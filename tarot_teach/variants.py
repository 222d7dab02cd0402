"""The tables and the data of the variants (RULES.md §11–§12): scoring tables, Cosmic Tribe.

Nothing here plays a deal: :class:`~tarot_teach.rules.RuleSet` reads these tables
and the engine (``scoring``, ``tricks``, ``game``) applies them.

Scoring tables (the ``alternative_scoring`` variant takes one of their names;
``true`` means ``fixed_bases``):

>>> sorted(SCORING_TABLES)
['fft', 'fixed_bases', 'garde_contre_x5', 'garde_contre_x8', 'pousse_doubling', 'round_tens']
>>> SCORING_TABLES["round_tens"].round_margin(15), SCORING_TABLES["round_tens"].round_margin(14)
(20, 10)

Cosmic Tribe (seed 002): the same 78 cards under other names, counted in thirds.

>>> from tarot_teach.cards import parse_cards
>>> [cosmic_name(c) for c in parse_cards("KH QD CC JS 10S T1 T21 EX")]
['Archon of Water', 'Shaman of Earth', 'Marvel of Fire', 'Practician of Air', '10 of Air', 'the Wizard (trump 1)', 'the Cosmos (trump 21)', 'the Fool']
>>> sum(COSMIC_THIRDS), sum(COSMIC_THIRDS) // 3
(234, 78)
>>> cosmic_points_thirds(parse_cards("KH 2H 3H"))  # one tierce (1) and an Archon (4)
15
>>> draw_first_dealer(3, seed=1).dealer in (0, 1, 2)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable

from .cards import DECK, KING, QUEEN, KNIGHT, JACK, Card, Suit, parse_card
from .tables import CHELEM, COMBINED_CHELEM, COSMIC_TARGETS, MULTIPLIERS, PETIT_CHELEM

__all__ = ["ScoringTable", "SCORING_TABLES", "COMBINED_CHELEM", "DEFAULT_ALTERNATIVE_TABLE", "COSMIC_THIRDS",
           "COSMIC_RANK_VALUES", "COSMIC_TARGETS", "cosmic_name", "cosmic_label",
           "cosmic_points_thirds", "display_name", "FirstDealerDraw", "draw_first_dealer",
           "format_points"]

# ----- scoring tables --------------------------------------------------------------------------

# Bid words (values of rules.Bid) are used as keys so that this module does not import rules.
# The FFT numbers come from tables.py; the other tables below are variants of them.
_FFT_MULTIPLIERS = {bid: n for bid, n in MULTIPLIERS.items() if bid != "pass"}
_FFT_CHELEM = CHELEM
_PETIT_CHELEM = PETIT_CHELEM


@dataclass(frozen=True)
class ScoringTable:
    """How a deal's facts become a hand score.

    Either ``bases`` is None and the hand score is ``(25 + margin + petit au bout) ×
    multiplier`` (FFT), or ``bases`` gives each bid its own base and nothing is
    multiplied: ``base + margin``, then petit au bout. Poignée and chelem are added
    last in both cases. ``round_to`` rounds the margin to the nearest multiple
    (halves upwards); ``handful_bonuses`` None means the rule set's own scale.
    """

    name: str
    source: str
    summary: str
    multipliers: dict = field(default_factory=lambda: dict(_FFT_MULTIPLIERS))
    bases: "dict | None" = None
    round_to: int = 1
    handful_bonuses: "tuple[int, int, int] | None" = None
    chelem: dict = field(default_factory=lambda: dict(_FFT_CHELEM))
    petit_chelem: dict = field(default_factory=lambda: dict(_PETIT_CHELEM))

    def multiplier(self, bid) -> int:
        """The multiplier of a bid (1 in a table of fixed bases)."""
        return 1 if self.bases is not None else self.multipliers[str(bid)]

    def chelem_bonus(self, outcome: "str | None") -> int:
        """The slam bonus of a deal summary's ``chelem`` value in this table (a combined
        value adds up its items).

        >>> SCORING_TABLES["fft"].chelem_bonus("announced_failed_defence")
        -400
        """
        if outcome in COMBINED_CHELEM:
            return sum(self.chelem_bonus(part) for part in COMBINED_CHELEM[outcome])
        if outcome in self.chelem:
            return self.chelem[outcome]
        return self.petit_chelem[outcome]

    def round_margin(self, margin: int) -> int:
        """The margin as this table counts it (rounded to the nearest ``round_to``, halves up)."""
        if self.round_to == 1:
            return margin
        return (margin + self.round_to // 2) // self.round_to * self.round_to


SCORING_TABLES = {
    "fft": ScoringTable(
        "fft", "the FFT rules",
        "(25 + margin + petit au bout) × 1, 2, 4 or 6; handful 20/30/40; slam 400/200/−200."),
    "fixed_bases": ScoringTable(
        "fixed_bases", "the Norwegian article (alternative scoring)",
        "No multiplier: a base of 10 for Take, 20 Pousse, 40 Guard, 80 Guard without, "
        "160 Guard against, plus the margin, plus petit au bout 10.",
        bases={"take": 10, "pousse": 20, "guard": 40, "guard_without": 80, "guard_against": 160}),
    "garde_contre_x8": ScoringTable(
        "garde_contre_x8", "the Norwegian article",
        "FFT scoring, but Guard against the dog multiplies by 8 instead of 6.",
        multipliers=dict(_FFT_MULTIPLIERS, guard_against=8)),
    "round_tens": ScoringTable(
        "round_tens", "the German rules text (first alternative)",
        "No multiplier: 80 for Guard, 160 Guard without, 320 Guard against (40 Take, 60 Pousse: "
        "our choice), plus the margin rounded to the nearest 10; slam 1000, petit chelem 500.",
        bases={"take": 40, "pousse": 60, "guard": 80, "guard_without": 160, "guard_against": 320},
        round_to=10,
        chelem={None: 0, "announced_made": 1000, "made": 1000, "announced_failed": -500,
                "defence": -1000},
        petit_chelem={"petit_announced_made": 500, "petit_announced_failed": -250,
                      "petit_made": 500}),
    "garde_contre_x5": ScoringTable(
        "garde_contre_x5", "the German rules text (second alternative)",
        "Multipliers 1, 2, 4 and 5 (Pousse 2); handful 10/20/40.",
        multipliers=dict(_FFT_MULTIPLIERS, pousse=2, guard_against=5),
        handful_bonuses=(10, 20, 40)),
    "pousse_doubling": ScoringTable(
        "pousse_doubling", "the German rules text (with the Pousse bid)",
        "Multipliers Take 1, Pousse 2, Guard 4, Guard without 8, Guard against 12; "
        "handful 10/20/40.",
        multipliers={"take": 1, "pousse": 2, "guard": 4, "guard_without": 8, "guard_against": 12},
        handful_bonuses=(10, 20, 40)),
}
"""Every scoring table by name; ``fft`` is the default and not a value of ``alternative_scoring``."""

DEFAULT_ALTERNATIVE_TABLE = "fixed_bases"
"""The table that ``"alternative_scoring": true`` means (RULES.md §11 names it first)."""

# ----- Cosmic Tribe (seed 002, RULES.md §12) ---------------------------------------------------

_COSMIC_SUITS = {Suit.HEARTS: "Water", Suit.DIAMONDS: "Earth", Suit.CLUBS: "Fire",
                 Suit.SPADES: "Air"}
_COSMIC_COURTS = {JACK: "Practician", KNIGHT: "Marvel", QUEEN: "Shaman", KING: "Archon"}
_COSMIC_SYMBOLS = {Suit.HEARTS: "Wa", Suit.DIAMONDS: "Ea", Suit.CLUBS: "Fi", Suit.SPADES: "Ai"}
_COSMIC_EXTRA = {KING: 4, QUEEN: 3, KNIGHT: 2, JACK: 1}
_DESCENDING = (Suit.CLUBS, Suit.SPADES)  # Fire and Air: pips 10 (low) ... 1 (high)


def _cosmic_thirds(card: Card) -> int:
    if card.is_bout:
        return 1 + 3 * 4
    if card.suit.is_plain:
        return 1 + 3 * _COSMIC_EXTRA.get(card.rank, 0)
    return 1


COSMIC_THIRDS = tuple(_cosmic_thirds(card) for card in DECK)
"""Each card's tricky points in thirds, by card index: 1 for its share of a tierce, plus 3 per
extra point (Archon 4, Shaman 3, Marvel 2, Practician 1, each key 4). The pack: 234 = 78 × 3."""



def _cosmic_rank_value(card: Card) -> int:
    # The value used to compare plain cards of the led suit (higher wins). Courts keep their
    # rank (11-14); Fire and Air pips run 10 (low) ... 1 (high), still below the courts.
    if card.suit in _DESCENDING and card.rank <= 10:
        return card.index - card.rank + 11 - card.rank  # same suit block, mirrored pips
    return card.index


COSMIC_RANK_VALUES = tuple(_cosmic_rank_value(card) for card in DECK)
"""For the trick winner: plain cards compared by these values (by index for the FFT order)."""


def cosmic_points_thirds(cards: Iterable["Card | str"]) -> int:
    """Tricky points of a pile, in thirds of a point."""
    return sum(COSMIC_THIRDS[parse_card(c).index] for c in cards)


def cosmic_name(card: "Card | str") -> str:
    """The Cosmic Tribe name of a card (display only; the notation stays ``KH``, ``T1``...)."""
    card = parse_card(card)
    if card.is_excuse:
        return "the Fool"
    if card.is_trump:
        return {1: "the Wizard (trump 1)", 21: "the Cosmos (trump 21)"}.get(
            card.rank, f"trump {card.rank}")
    rank = _COSMIC_COURTS.get(card.rank, str(card.rank))
    return f"{rank} of {_COSMIC_SUITS[card.suit]}"


def cosmic_label(card: "Card | str") -> str:
    """A short Cosmic Tribe label: ``Ar-Wa`` (Archon of Water), ``7-Fi``, ``Wizard``, ``Fool``."""
    card = parse_card(card)
    if card.is_excuse:
        return "Fool"
    if card.is_trump:
        return {1: "Wizard", 21: "Cosmos"}.get(card.rank, str(card.rank))
    rank = _COSMIC_COURTS[card.rank][:2] if card.rank in _COSMIC_COURTS else str(card.rank)
    return f"{rank}-{_COSMIC_SYMBOLS[card.suit]}"


def display_name(card: "Card | str", rules=None) -> str:
    """A card's name under a rule set's skin: Cosmic Tribe names, or the usual English name.

    >>> from tarot_teach.rules import RuleSet
    >>> display_name("KH"), display_name("KH", RuleSet(players=3, cosmic_tribe=True))
    ('King of hearts', 'Archon of Water')
    """
    card = parse_card(card)
    if rules is not None and getattr(rules, "cosmic_tribe", False):
        return cosmic_name(card)
    return card.name


def format_points(units: int, unit: int) -> str:
    """Points counted in halves (``unit`` 2) or thirds (3), written for people.

    >>> format_points(81, 2), format_points(106, 3), format_points(105, 3)
    ('40.5', '35⅓', '35')
    """
    whole, rest = divmod(units, unit)
    if not rest:
        return str(whole)
    if unit == 2:
        return f"{whole}.5"
    return f"{whole}{'⅓' if rest == 1 else '⅔'}"


@dataclass(frozen=True)
class FirstDealerDraw:
    """The draw for the first dealer: each player's cards drawn, the trump that counts, the dealer."""

    draws: tuple[tuple[Card, ...], ...]
    dealer: int

    @property
    def trumps(self) -> tuple[Card, ...]:
        return tuple(cards[-1] for cards in self.draws)


def draw_first_dealer(players: int, seed) -> FirstDealerDraw:
    """Seed 002's choice of the first dealer: from the shuffled pack, the players draw a card
    in turn (seat 0 first); a player who draws a plain card or the Fool draws again at the next
    turn, until each holds a trump. The highest trump deals.

    >>> draw = draw_first_dealer(3, seed=4)
    >>> [len(d) >= 1 and d[-1].is_trump for d in draw.draws]
    [True, True, True]
    >>> draw.trumps[draw.dealer] == max(draw.trumps, key=lambda c: c.rank)
    True
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    pack = list(DECK)
    rng.shuffle(pack)
    draws: list[list[Card]] = [[] for _ in range(players)]
    done = [False] * players
    position = 0
    while not all(done):
        for seat in range(players):
            if done[seat]:
                continue
            card = pack[position]
            position += 1
            draws[seat].append(card)
            done[seat] = card.is_trump
    best = max(range(players), key=lambda seat: draws[seat][-1].rank)
    return FirstDealerDraw(tuple(tuple(d) for d in draws), best)


