"""The four plain suits, the trumps and the Excuse, with their symbols and names.

>>> [suit.symbol for suit in PLAIN_SUITS], Suit.HEARTS.english, Suit.HEARTS.french
(['♠', '♥', '♦', '♣'], 'hearts', 'cœur')
>>> Suit.TRUMPS.is_plain, Suit("D")
(False, <Suit.DIAMONDS: 'D'>)
"""

from __future__ import annotations

import enum

__all__ = ["Suit", "PLAIN_SUITS"]


class Suit(enum.Enum):
    """The four plain suits, the trumps and the Excuse (which has no suit)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    TRUMPS = "T"
    EXCUSE = "EX"

    @property
    def symbol(self) -> str:
        """``♠ ♥ ♦ ♣`` for the plain suits, ``T`` for trumps, ``★`` for the Excuse."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_plain(self) -> bool:
        return self in PLAIN_SUITS

    @property
    def english(self) -> str:
        return _SUIT_ENGLISH[self]

    @property
    def french(self) -> str:
        return _SUIT_FRENCH[self]


PLAIN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_SYMBOLS = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.TRUMPS: "T",
    Suit.EXCUSE: "★",
}
_SUIT_ENGLISH = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
    Suit.TRUMPS: "trumps",
    Suit.EXCUSE: "the Excuse",
}
_SUIT_FRENCH = {
    Suit.SPADES: "pique",
    Suit.HEARTS: "cœur",
    Suit.DIAMONDS: "carreau",
    Suit.CLUBS: "trèfle",
    Suit.TRUMPS: "atout",
    Suit.EXCUSE: "l'Excuse",
}
