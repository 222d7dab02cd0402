"""A point count to judge a hand before bidding (seed 003, "Evaluering av hånden"), 4 players.

The count is a rule of thumb, not a rule of the game: it says roughly how
strong an 18-card hand is and which bid it suggests. It is made for the
4-player game (18 cards in hand); with 3 or 5 players the ranges do not fit.

How seed 003's list is read here (the source is terse; these are the choices):

- "Trumps" means the 21 trumps only. The Excuse is a bout but not a trump: it
  earns its own 8 points and does not count as a trump anywhere else (not in
  "each trump", not in the Petit's protection). "Bouts included" therefore
  means the 21 and the Petit also earn the 2 points of every trump.
- "The Petit with 1–3 trumps" counts the Petit itself among the trumps.
- "Each trump 2, unless fewer than 4": a hand with 3 trumps or fewer gets
  nothing for its number of trumps (it still gets the 21, the big trumps…).
- A big trump (16–21) earns 2 more whatever the number of trumps, and 1 more
  again when it is part of a run of at least two consecutive big trumps
  (20 21 → 2 points; 16 17 18 → 3 points). A lone big trump gets no run point.
- Suit length counts plain suits only: 5 cards 5, 6 cards 7, 7 or more 9.
- Voids (6) and singletons (3) count "for Guard without or against" only:
  they are listed apart (the *shape points*). The suggestion first uses the
  total without them; if the total *with* them reaches 71, the hand is strong
  enough for a guard without the dog, and that larger total is used.
- Ranges: below 40 pass; 40–55 Take; 56–70 Guard; 71–80 Guard without;
  81 or more Guard against (the source's "80+" overlaps "71 to 80"; 80 is
  read as Guard without).

>>> evaluation = evaluate_hand("T21 T20 T19 T16 T12 T8 T5 T1 EX KH QH 7H 3H KS CS JD 4D 2D")
>>> evaluation.base, evaluation.shape, evaluation.total, evaluation.bid
(73, 6, 79, <Bid.GUARD_WITHOUT: 'guard_without'>)
>>> evaluation.lines[:3]
[('the 21 (T21)', 10), ('the Excuse', 8), ('the Petit with 8 trumps', 9)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .cards import PLAIN_SUITS, Card, parse_cards
from .rules import Bid

__all__ = ["HandEvaluation", "evaluate_hand", "suggest_bid", "bid_for_points", "BID_RANGES",
           "GROUPS"]

KING, QUEEN, KNIGHT, JACK = 14, 13, 12, 11

BID_RANGES = (
    (0, 39, Bid.PASS),
    (40, 55, Bid.TAKE),
    (56, 70, Bid.GUARD),
    (71, 80, Bid.GUARD_WITHOUT),
    (81, None, Bid.GUARD_AGAINST),
)
"""``(lowest, highest, bid)``: the bid each range of points suggests (4 players)."""

GROUPS = ("bouts", "trumps", "honours", "long suits", "shape")
"""The families of points, in the order the lines are listed."""


@dataclass
class HandEvaluation:
    """The result of :func:`evaluate_hand`.

    ``lines`` are ``(feature, points)`` pairs explaining every point; ``groups``
    gives the points of each family (``GROUPS``); ``base`` is the total without
    the shape points (voids, singletons), ``shape`` those points, ``total`` the
    total the suggested ``bid`` rests on.
    """

    cards: list[Card]
    lines: list[tuple[str, int]]
    groups: dict[str, int]
    base: int
    shape: int
    total: int
    bid: Bid
    line_groups: list[str] = field(default_factory=list)

    def explanation(self) -> list[str]:
        """The lines as sentences, shape points marked, and the conclusion."""
        text = []
        for (feature, value), group in zip(self.lines, self.line_groups):
            note = " (only for Guard without / against)" if group == "shape" else ""
            text.append(f"{feature}: {value}{note}")
        if self.shape and self.total == self.base:
            text.append(f"Total {self.base} (with the shape points {self.base + self.shape}, "
                        "below 71: they do not count).")
        elif self.shape:
            text.append(f"Total {self.base} + {self.shape} shape points = {self.total}.")
        else:
            text.append(f"Total {self.total}.")
        text.append(f"Suggested bid: {self.bid.english}.")
        return text


def bid_for_points(points: int) -> Bid:
    """The bid a point total suggests (``BID_RANGES``).

    >>> [str(bid_for_points(p)) for p in (39, 40, 55, 56, 70, 71, 80, 81)]
    ['pass', 'take', 'take', 'guard', 'guard', 'guard_without', 'guard_without', 'guard_against']
    """
    for low, high, bid in BID_RANGES:
        if points >= low and (high is None or points <= high):
            return bid
    return Bid.PASS


def _runs(ranks: list[int]) -> list[list[int]]:
    runs, current = [], []
    for rank in sorted(ranks):
        if current and rank == current[-1] + 1:
            current.append(rank)
        else:
            if current:
                runs.append(current)
            current = [rank]
    if current:
        runs.append(current)
    return runs


def evaluate_hand(hand: "Iterable[Card | str] | str") -> HandEvaluation:
    """Count a hand's points feature by feature and suggest a bid (4 players, 18 cards).

    Raises ``ValueError`` if a card appears twice.

    >>> e = evaluate_hand("T21 EX KH QH KS 7S 5S 4S 3S 2S QD JD 9C 8C 6C T3 T7 T2")
    >>> e.groups["bouts"], e.groups["trumps"], e.groups["honours"], e.groups["long suits"]
    (18, 10, 20, 7)
    >>> e.total, str(e.bid)
    (55, 'take')
    """
    cards = parse_cards(hand)
    if len(set(cards)) != len(cards):
        doubles = sorted({c for c in cards if cards.count(c) > 1})
        raise ValueError("a card appears twice: " + " ".join(c.label for c in doubles))
    lines: list[tuple[str, int]] = []
    line_groups: list[str] = []

    def add(group: str, feature: str, points: int) -> None:
        lines.append((feature, points))
        line_groups.append(group)

    trumps = sorted(c.rank for c in cards if c.is_trump)
    count = len(trumps)
    # Bouts
    if 21 in trumps:
        add("bouts", "the 21 (T21)", 10)
    if any(c.is_excuse for c in cards):
        add("bouts", "the Excuse", 8)
    if 1 in trumps:
        petit = 0 if count <= 3 else 5 if count == 4 else 7 if count == 5 else 9
        add("bouts", f"the Petit with {count} trump{'s' if count > 1 else ''}", petit)
    # Trumps
    if count >= 4:
        add("trumps", f"{count} trumps × 2", 2 * count)
    big = [rank for rank in trumps if rank >= 16]
    if big:
        add("trumps", f"{len(big)} big trump{'s' if len(big) > 1 else ''} "
                      f"({' '.join(str(r) for r in big)}) × 2", 2 * len(big))
    for run in _runs(big):
        if len(run) >= 2:
            add("trumps", f"big trumps in a run ({' '.join(str(r) for r in run)}) × 1", len(run))
    # Honours and suits
    for suit in PLAIN_SUITS:
        ranks = {c.rank for c in cards if c.suit is suit}
        symbol = suit.symbol
        if KING in ranks and QUEEN in ranks:
            add("honours", f"King and Queen of {symbol}", 10)
        elif KING in ranks:
            add("honours", f"King of {symbol} without the Queen", 6)
        elif QUEEN in ranks:
            add("honours", f"Queen of {symbol} without the King", 3)
        if KNIGHT in ranks:
            add("honours", f"Knight of {symbol}", 2)
        if JACK in ranks:
            add("honours", f"Jack of {symbol}", 1)
    for suit in PLAIN_SUITS:
        length = sum(1 for c in cards if c.suit is suit)
        if length >= 5:
            add("long suits", f"{length} cards of {suit.symbol}",
                5 if length == 5 else 7 if length == 6 else 9)
    for suit in PLAIN_SUITS:
        length = sum(1 for c in cards if c.suit is suit)
        if length == 0:
            add("shape", f"no {suit.symbol} (a void)", 6)
        elif length == 1:
            add("shape", f"a single {suit.symbol} (a singleton)", 3)
    groups = {group: 0 for group in GROUPS}
    for (_, value), group in zip(lines, line_groups):
        groups[group] += value
    shape = groups["shape"]
    base = sum(value for group, value in groups.items() if group != "shape")
    total = base + shape if base + shape >= 71 else base
    return HandEvaluation(cards, lines, groups, base, shape, total, bid_for_points(total),
                          line_groups)


def suggest_bid(hand: "Iterable[Card | str] | str") -> Bid:
    """The bid the point count suggests for this hand (4 players).

    >>> suggest_bid("T4 T9 EX KH 3H 5H 6S 8S 9S 1D 2D 5D 7D 10C 1C 2C 4C 9C")
    <Bid.PASS: 'pass'>
    """
    return evaluate_hand(hand).bid
