"""Playing to a trick: which cards may be played, why a card may not, who wins (RULES.md §7).

>>> [str(c) for c in legal_cards("KH 2H T5 EX", ["7H"])]
['EX', '2H', 'KH']
>>> [str(c) for c in legal_cards("KS T3 T12", ["7H", "T8"])]
['T12']
>>> print(why_illegal("KS T3 T12", ["7H", "T8"], "T3"))
You must play a trump higher than the 8 when you can: overtrumping is compulsory. You can with the 12.
>>> str(trick_winner(["7H", "EX", "KH", "T2"]))
'T2'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from .cards import DECK, EXCUSE_BIT, SUIT_MASKS, TRUMP_MASK, Card, Suit, cards_of, mask_of, parse_card, parse_cards
from .errors import Rule
from .names import the

__all__ = ["legal_cards", "why_illegal", "trick_winner", "led_suit"]

# TRUMPS_ABOVE[r]: the mask of trumps ranked strictly above trump r (r = 0 means all trumps).
TRUMPS_ABOVE = tuple(TRUMP_MASK & ~((1 << (r + 1)) - 1) for r in range(22))
# The usual order of plain cards: by index (1 low … King high within each suit).
PLAIN_ORDER = tuple(range(78))
# For each card index: the mask of its plain suit, or 0 for trumps and the Excuse.
SUIT_MASK_OF_INDEX = tuple(
    SUIT_MASKS[card.suit] if card.suit.is_plain else 0 for card in DECK)


def legal_mask(hand: int, trick: Sequence[int]) -> int:
    """The mask of the cards of ``hand`` (a mask) that may be played to ``trick`` (indices).

    This is the one place where §7's rules of play are written.
    """
    led = 0
    highest_trump = 0
    for index in trick:
        if index:
            if not led:
                led = index
            if index <= 21 and index > highest_trump:
                highest_trump = index
    if not led:
        return hand
    if led > 21:  # a plain suit was led
        same_suit = hand & SUIT_MASK_OF_INDEX[led]
        if same_suit:
            return same_suit | (hand & EXCUSE_BIT)
    trumps = hand & TRUMP_MASK
    if trumps:
        higher = trumps & TRUMPS_ABOVE[highest_trump]
        return (higher or trumps) | (hand & EXCUSE_BIT)
    return hand


def beats(card: int, best: int, values: Sequence[int] = PLAIN_ORDER) -> bool:
    """Whether the card of index ``card`` takes the lead from ``best``, the card winning the
    trick so far (-1: none yet, or only the Excuse). The one rule of who wins a trick
    (§7): a trump beats any plain card and a lower trump; a plain card beats only a lower
    card of its suit (``best``, when plain, is of the suit led); the Excuse never wins.
    ``values``: the order of the plain cards (see :func:`winning_position_ranked`).

    >>> ten, king, t2 = (parse_card(name).index for name in ("10H", "KH", "T2"))
    >>> beats(king, ten), beats(ten, king), beats(t2, king), beats(0, -1), beats(ten, -1)
    (True, False, True, False, True)
    """
    if not card:
        return False
    if best < 0:
        return True
    if card <= 21:
        return best > 21 or card > best
    return (best > 21 and SUIT_MASK_OF_INDEX[card] == SUIT_MASK_OF_INDEX[best]
            and values[card] > values[best])


@lru_cache(maxsize=4)
def beats_table(values: tuple = PLAIN_ORDER) -> tuple:
    """:func:`beats` for every pair, made from it once: ``beats_table(values)[best][card]``
    is ``beats(card, best, values)``; the last row is for ``best = -1``, so that index -1
    reads it. For the solver's inner loop, where a look-up costs less than a call.

    >>> table, ten, king = beats_table(), parse_card("10H").index, parse_card("KH").index
    >>> table[ten][king], table[king][ten], table[-1][0], table[-1][ten]
    (True, False, False, True)
    """
    return tuple(tuple(beats(card, best, values) for card in range(78))
                 for best in (*range(78), -1))


def winning_position(trick: Sequence[int], rules=None) -> int:
    """The position in ``trick`` (card indices in play order) of the card that wins it
    (-1 if none does: no card, or the Excuse alone); ``rules``: a rule set, for its order
    of the pips (Cosmic Tribe).

    The Excuse never wins here; the slam exception is the deal's business.
    """
    return winning_position_ranked(trick, plain_order(rules))


def plain_order(rules=None) -> Sequence[int]:
    """The order of the plain cards under ``rules`` (None: the usual one), as
    :func:`winning_position_ranked` takes it."""
    if rules is not None and rules.cosmic_tribe:
        from .variants import COSMIC_RANK_VALUES
        return COSMIC_RANK_VALUES
    return PLAIN_ORDER


def winning_position_ranked(trick: Sequence[int], values: Sequence[int]) -> int:
    """:func:`winning_position` with plain cards compared by ``values[index]`` (their index
    in the usual order): the hook for a variant's own order of the pips (Cosmic Tribe's Fire and Air run
    10 low … 1 high). Trumps and the Excuse are unchanged; ``values`` keeps each suit in its
    own block of 14.

    >>> from tarot_teach.variants import COSMIC_RANK_VALUES
    >>> five, ten = parse_card("5S").index, parse_card("10S").index
    >>> winning_position_ranked([five, ten], COSMIC_RANK_VALUES), winning_position([five, ten])
    (0, 1)
    """
    position = best = -1
    for k, card in enumerate(trick):
        if beats(card, best, values):
            position, best = k, card
    return position


def wins_if_played(trick: Iterable["Card | str"], card: "Card | str", rules=None) -> bool:
    """Whether ``card``, played now to ``trick`` (the cards so far, in order), would win it
    for now (the Excuse never does).

    >>> wins_if_played(["7H", "KH"], "QH"), wins_if_played(["7H", "KH"], "T1")
    (False, True)
    """
    indices = [c.index for c in parse_cards(list(trick))]
    card = parse_card(card)
    return winning_position(indices + [card.index], rules) == len(indices)


def led_suit(trick: Iterable["Card | str"]) -> "Suit | None":
    """The suit to follow: that of the first card that is not the Excuse (None if there is none).

    >>> led_suit(["EX", "9D", "T4"])
    <Suit.DIAMONDS: 'D'>
    """
    for card in parse_cards(list(trick)):
        if not card.is_excuse:
            return card.suit
    return None


def legal_cards(hand: Iterable["Card | str"], trick: Iterable["Card | str"] = ()) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards already played, in order).

    Cards may be :class:`Card` objects or names. The result is in index order.

    >>> [str(c) for c in legal_cards("QC 3C T4 9D", ["EX"])]
    ['T4', '9D', '3C', 'QC']
    >>> [str(c) for c in legal_cards("QC 3C T4 9D", ["EX", "5C"])]
    ['3C', 'QC']
    """
    hand_mask = mask_of(parse_cards(hand))
    trick_indices = [card.index for card in parse_cards(trick)]
    return cards_of(legal_mask(hand_mask, trick_indices))


def why_illegal(hand: Iterable["Card | str"], trick: Iterable["Card | str"],
                card: "Card | str") -> "str | None":
    """Why ``card`` may not be played from ``hand`` to ``trick``, in plain words; None if it may.

    >>> print(why_illegal("KH 2H T5", ["7H"], "T5"))
    You hold hearts (♥): you must follow hearts.
    >>> print(why_illegal("KS T5", ["7H"], "KS"))
    You have no hearts but you hold trumps: you must trump.
    >>> print(why_illegal("KS T5", ["7H"], "QC"))
    You do not hold the Queen of clubs.
    >>> why_illegal("KS T5", ["7H"], "T5") is None
    True
    """
    return _explain(parse_cards(hand), parse_cards(trick), parse_card(card))[0]


def explain_refusal(hand_mask: int, trick: Sequence[int], card: Card) -> tuple[str, str]:
    """``(message, rule key)`` for a card that ``legal_mask`` refuses (or that is not held)."""
    message, rule = _explain(cards_of(hand_mask), [DECK[i] for i in trick], card)
    return message or "That card may not be played now.", rule


def _explain(hand: list[Card], trick: list[Card], card: Card) -> tuple["str | None", str]:
    if card not in hand:
        return f"You do not hold {the(card)}.", Rule.NOT_IN_HAND
    allowed = legal_mask(mask_of(hand), [c.index for c in trick])
    if (1 << card.index) & allowed:
        return None, ""
    suit = led_suit(trick)
    if suit is not None and suit.is_plain and any(c.suit is suit for c in hand):
        return (f"You hold {suit.english} ({suit.symbol}): you must follow {suit.english}.",
                Rule.FOLLOW_SUIT)
    trumps_in_trick = [c for c in trick if c.is_trump]
    trumps_held = [c for c in hand if c.is_trump]
    if not card.is_trump:
        if suit is Suit.TRUMPS:
            return "Trumps were led and you hold trumps: you must play a trump.", Rule.FOLLOW_TRUMPS
        return (f"You have no {suit.english} but you hold trumps: you must trump.", Rule.MUST_TRUMP)
    highest = max(trumps_in_trick, key=lambda c: c.rank)
    over = min((c for c in trumps_held if c.rank > highest.rank), key=lambda c: c.rank)
    return (f"You must play a trump higher than the {highest.rank} when you can: "
            f"overtrumping is compulsory. You can with the {over.rank}.", Rule.OVERTRUMP)


def trick_winner(trick: Iterable["Card | str"], rules=None) -> Card:
    """The card that wins a complete trick (the Excuse never does). With a rule set, its own
    order of the pips (Cosmic Tribe: Fire ♣ and Air ♠ run 10 low … 1 high).

    >>> trick_winner(["9S", "KS", "2S", "QH"])
    Card('KS')
    >>> from tarot_teach.rules import RuleSet
    >>> trick_winner(["9S", "2S", "QH"], RuleSet(players=3, cosmic_tribe=True))
    Card('2S')
    """
    cards = parse_cards(list(trick))
    return cards[winning_position([c.index for c in cards], rules)]
