"""The 78 cards of French Tarot: values, notation, points.

Every card is one of 78 interned :class:`Card` objects. Their canonical
notation (``str(card)``) and :func:`parse_card` round-trip:

>>> parse_card("kh")
Card('KH')
>>> str(parse_card("Excuse")), str(parse_card("21")), str(parse_card("10S"))
('EX', 'T21', '10S')
>>> all(parse_card(str(card)) is card for card in DECK)
True

Points are counted exactly, in half points (never binary floats):

>>> points(parse_cards("KH T21 EX 7C"))
Fraction(14, 1)
>>> sum(card.half_points for card in DECK)
182

Internally a card is also an index 0..77 (the Excuse is 0, trumps 1..21,
then spades, hearts, diamonds and clubs from 1 to King), so that a hand can
be a bit mask; the game state uses this for speed.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

__all__ = [
    "Suit",
    "Card",
    "DECK",
    "EXCUSE",
    "PETIT",
    "MONDE",
    "BOUTS",
    "InvalidCard",
    "InvalidNotation",
    "parse_card",
    "parse_cards",
    "points",
    "count_bouts",
    "sort_cards",
    "sorted_hand",
    "short_names",
]


# InvalidCard (a card that is not one of the 78) and InvalidNotation (unreadable card text,
# what parsing raises) live with the other errors.
from .errors import InvalidCard, InvalidNotation  # noqa: E402


# The suits (their symbols and names) are in suits.py.
from .suits import PLAIN_SUITS, Suit  # noqa: E402


JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14
_RANK_LETTERS = {JACK: "J", KNIGHT: "C", QUEEN: "Q", KING: "K"}
_RANK_FRENCH_LETTERS = {JACK: "V", KNIGHT: "C", QUEEN: "D", KING: "R"}
_RANK_ENGLISH = {1: "1", JACK: "Jack", KNIGHT: "Knight", QUEEN: "Queen", KING: "King"}
_RANK_FRENCH = {1: "1", JACK: "Valet", KNIGHT: "Cavalier", QUEEN: "Dame", KING: "Roi"}
# Half points of a plain card by rank (courts); every other card is 1 half point.
_COURT_HALF_POINTS = {KING: 9, QUEEN: 7, KNIGHT: 5, JACK: 3}
_BOUT_HALF_POINTS = 9


class Card:
    """One of the 78 cards. Immutable and interned: compare with ``==`` or ``is``.

    >>> card = parse_card("QD")
    >>> card.suit, card.rank, card.points, card.is_bout
    (<Suit.DIAMONDS: 'D'>, 13, Fraction(7, 2), False)
    >>> card.name, card.french_name, card.label
    ('Queen of diamonds', 'Dame de carreau', 'Q♦')
    >>> parse_card("T1").name, parse_card("T1").is_bout
    ('the Petit (trump 1)', True)
    """

    __slots__ = ("suit", "rank", "index", "half_points", "is_bout", "is_trump", "is_excuse",
                 "is_king", "is_court", "_text", "_label", "_short_name")

    suit: Suit
    rank: int
    index: int
    half_points: int
    is_bout: bool
    is_trump: bool
    is_excuse: bool
    is_king: bool
    is_court: bool  # King, Queen, Knight or Jack
    # (set once here: the computer players read them millions of times in the judge's deals)

    def __init__(self, suit: Suit, rank: int, index: int) -> None:
        setter = object.__setattr__
        setter(self, "suit", suit)
        setter(self, "rank", rank)
        setter(self, "index", index)
        if suit is Suit.EXCUSE:
            text, bout, label, short_name = "EX", True, "★", "the Excuse"
        elif suit is Suit.TRUMPS:
            text, bout, label, short_name = f"T{rank}", rank in (1, 21), str(rank), f"trump {rank}"
        else:
            letter, bout = _RANK_LETTERS.get(rank, str(rank)), False
            text, label = letter + suit.value, letter + suit.symbol
            short_name = label
        setter(self, "_text", text)
        setter(self, "_label", label)
        setter(self, "_short_name", short_name)
        setter(self, "is_bout", bout)
        setter(self, "is_trump", suit is Suit.TRUMPS)
        setter(self, "is_excuse", suit is Suit.EXCUSE)
        setter(self, "is_king", suit.is_plain and rank == KING)
        setter(self, "is_court", suit.is_plain and rank >= JACK)
        if bout:
            halves = _BOUT_HALF_POINTS
        elif suit.is_plain:
            halves = _COURT_HALF_POINTS.get(rank, 1)
        else:
            halves = 1
        setter(self, "half_points", halves)

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __delattr__(self, name):
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (card_from_index, (self.index,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other) -> bool:
        return self is other

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    @property
    def points(self) -> Fraction:
        """The card's points (4.5 for a bout or a King … 0.5 for a small card)."""
        return Fraction(self.half_points, 2)

    @property
    def label(self) -> str:
        """A short label with a suit symbol: ``K♥``, ``10♠``, ``21`` (a trump), ``★``."""
        return self._label

    @property
    def short_name(self) -> str:
        """The label in running text: ``K♥``, ``trump 12``, ``the Excuse``.

        >>> [c.short_name for c in parse_cards("KH T12 EX")]
        ['K♥', 'trump 12', 'the Excuse']
        """
        return self._short_name

    @property
    def french_label(self) -> str:
        """The French short label: ``R♥`` (Roi), ``D♠`` (Dame), ``C♦``, ``V♣``."""
        if not self.suit.is_plain:
            return self.label
        return _RANK_FRENCH_LETTERS.get(self.rank, str(self.rank)) + self.suit.symbol

    @property
    def name(self) -> str:
        """English name, also used as alt text: ``King of hearts``, ``trump 12``."""
        if self.suit is Suit.EXCUSE:
            return "the Excuse"
        if self.suit is Suit.TRUMPS:
            special = {1: "the Petit (trump 1)", 21: "the 21 of trumps (le Monde)"}
            return special.get(self.rank, f"trump {self.rank}")
        return f"{_RANK_ENGLISH.get(self.rank, str(self.rank))} of {self.suit.english}"

    def display_name(self, rules=None) -> str:
        """The name under a rule set's skin (:meth:`RuleSet.card_name`: Cosmic Tribe names
        its cards its own way); the notation ``str(card)`` never changes.

        >>> from tarot_teach.rules import RuleSet
        >>> parse_card("CC").display_name(RuleSet(players=3, cosmic_tribe=True))
        'Marvel of Fire'
        """
        return self.name if rules is None else rules.card_name(self)

    @property
    def french_name(self) -> str:
        """French name: ``Roi de cœur``, ``le Petit``, ``atout 12``, ``l'Excuse``."""
        if self.suit is Suit.EXCUSE:
            return "l'Excuse"
        if self.suit is Suit.TRUMPS:
            return {1: "le Petit", 21: "le 21 (le Monde)"}.get(self.rank, f"atout {self.rank}")
        return f"{_RANK_FRENCH.get(self.rank, str(self.rank))} de {self.suit.french}"


def _build_deck() -> tuple[Card, ...]:
    cards = [Card(Suit.EXCUSE, 0, 0)]
    cards += [Card(Suit.TRUMPS, rank, rank) for rank in range(1, 22)]
    for suit_number, suit in enumerate(PLAIN_SUITS):
        cards += [Card(suit, rank, 22 + 14 * suit_number + rank - 1) for rank in range(1, 15)]
    return tuple(cards)


DECK: tuple[Card, ...] = _build_deck()
"""The 78 cards in index order: the Excuse, trumps 1–21, then ♠ ♥ ♦ ♣ from 1 to King."""

EXCUSE = DECK[0]
PETIT = DECK[1]
MONDE = DECK[21]
BOUTS = (MONDE, PETIT, EXCUSE)

# Bit masks over card indices, used by the fast internals.
EXCUSE_BIT = 1
TRUMP_MASK = ((1 << 22) - 1) & ~EXCUSE_BIT
SUIT_MASKS = {suit: ((1 << 14) - 1) << (22 + 14 * n) for n, suit in enumerate(PLAIN_SUITS)}
ALL_CARDS_MASK = (1 << 78) - 1


def card_from_index(index: int) -> Card:
    """The card with this index (0..77)."""
    return DECK[index]


_SUIT_BY_LETTER = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
                   "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
                   "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_RANK_BY_TEXT = {str(n): n for n in range(1, 11)}
_RANK_BY_TEXT.update({"A": 1, "J": JACK, "V": JACK, "C": KNIGHT, "N": KNIGHT, "Q": QUEEN,
                      "D": QUEEN, "K": KING, "R": KING})
_EXCUSE_NAMES = {"EX", "EXCUSE", "FOOL", "★"}
_EXPECTED = ("expected a plain card like KH, 10S, QD or CC (rank 1-10, J, C, Q, K; "
             "suit S, H, D, C), a trump T1-T21 (or 1-21), or EX for the Excuse")


_LONGEST_NAME = 12  # no card name is longer ("excuse", "T21", " 10s ", ...)


def _parse_index(text: str) -> int:
    word = text.strip().upper()
    if len(word) > _LONGEST_NAME:
        # Refused before any int(): 4,301 digits and more would raise a bare ValueError.
        raise InvalidCard(f"{text.strip()[:_LONGEST_NAME]!r}… is not a card: it is too long "
                          f"({_EXPECTED})")
    if word in _EXCUSE_NAMES:
        return 0
    trump_text = word[1:] if word.startswith("T") else word
    # ASCII digits only: str.isdigit() also accepts "²" or "١", which int() then rejects
    # with a bare ValueError instead of this module's explanation.
    if trump_text.isascii() and trump_text.isdigit():
        number = int(trump_text)
        if 1 <= number <= 21 and trump_text == str(number):
            return number
        raise InvalidNotation(f"{text!r} is not a card: trumps go from 1 to 21 ({_EXPECTED})")
    if len(word) >= 2:
        suit = _SUIT_BY_LETTER.get(word[-1])
        rank = _RANK_BY_TEXT.get(word[:-1])
        if suit is not None and rank is not None:
            return 22 + 14 * PLAIN_SUITS.index(suit) + rank - 1
    raise InvalidNotation(f"{text!r} is not a card: {_EXPECTED}")


_PARSE_CACHE: dict[str, Card] = {}


def parse_card(text: "str | Card") -> Card:
    """Read one card name, case-insensitively; a :class:`Card` is returned unchanged.

    >>> parse_card("10s"), parse_card("T7"), parse_card("fool"), parse_card("R♥")
    (Card('10S'), Card('T7'), Card('EX'), Card('KH'))
    >>> parse_card("11H")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidNotation: '11H' is not a card: expected a plain card like KH, 10S, QD or CC (rank 1-10, J, C, Q, K; suit S, H, D, C), a trump T1-T21 (or 1-21), or EX for the Excuse
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise InvalidNotation(f"{text!r} is not a card name: {_EXPECTED}")
    card = _PARSE_CACHE.get(text)
    if card is None:
        card = DECK[_parse_index(text)]
        if len(_PARSE_CACHE) < 4096:
            _PARSE_CACHE[text] = card
    return card


def parse_cards(text: "str | Iterable[str | Card]") -> list[Card]:
    """Read several cards, from a string (separated by spaces or commas) or a list.

    >>> parse_cards("KH T21, ex")
    [Card('KH'), Card('T21'), Card('EX')]
    >>> parse_cards(["7c", "T3"])
    [Card('7C'), Card('T3')]
    """
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [parse_card(item) for item in text]


def points(cards: Iterable["Card | str"]) -> Fraction:
    """The exact points of a pile of cards.

    >>> points(parse_cards("KS QS CS JS"))
    Fraction(12, 1)
    """
    return Fraction(sum(parse_card(c).half_points for c in cards), 2)


def count_bouts(cards: Iterable["Card | str"]) -> int:
    """How many bouts (the 21, the Petit, the Excuse) a pile holds.

    >>> count_bouts(parse_cards("T21 T1 T2 KH"))
    2
    """
    return sum(1 for c in cards if parse_card(c).is_bout)


def sort_cards(cards: Iterable["Card | str"]) -> list[Card]:
    """Cards in display order: trumps high to low, the Excuse, then ♠ ♥ ♣ ♦ high to low.

    Alternating colours (black, red, black, red) as players sort a hand.

    >>> [str(c) for c in sort_cards(parse_cards("2H T3 EX KS T21 5C"))]
    ['T21', 'T3', 'EX', 'KS', '2H', '5C']
    """
    return sorted((parse_card(c) for c in cards), key=lambda c: _DISPLAY_PLACE[c.index])


def sorted_hand(mask: int) -> list[Card]:
    """The cards of a bit mask in display order (as :func:`sort_cards`, without sorting).

    >>> [str(c) for c in sorted_hand(mask_of(parse_cards("2H T3 EX KS T21 5C")))]
    ['T21', 'T3', 'EX', 'KS', '2H', '5C']
    """
    return [DECK[i] for i in _DISPLAY_INDICES if mask >> i & 1]


_SUIT_PLACE = {Suit.TRUMPS: 0, Suit.EXCUSE: 1, Suit.SPADES: 2, Suit.HEARTS: 3,
               Suit.CLUBS: 4, Suit.DIAMONDS: 5}
_DISPLAY_INDICES = tuple(c.index for c in sorted(DECK, key=lambda c: (_SUIT_PLACE[c.suit],
                                                                      -c.rank)))
_DISPLAY_PLACE = {index: place for place, index in enumerate(_DISPLAY_INDICES)}


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit mask, in index order."""
    result = []
    while mask:
        low = mask & -mask
        result.append(DECK[low.bit_length() - 1])
        mask ^= low
    return result


def short_names(cards: "list[Card]", most: int) -> str:
    """The short names of the first ``most`` cards, and "…" when there are more.

    >>> short_names(parse_cards("KH QH T21"), 2)
    'K♥, Q♥, …'
    >>> short_names(parse_cards("KH"), 2)
    'K♥'
    """
    more = ", …" if len(cards) > most else ""
    return ", ".join(card.short_name for card in cards[:most]) + more
