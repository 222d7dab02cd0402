"""What may go to the discard (the écart, RULES.md §5).

Never a King, never a bout; a trump only when nothing else is left to lay aside.

>>> hand = parse_cards("KH QH 3H T5 T21 EX 2C 4C 5D 6D 7D 8S")
>>> discard_problems(hand, parse_cards("KH T5 2C 4C 5D 6D"), dog_size=6)
['A King may not go to the discard (King of hearts).', 'A trump may go to the discard only when you have nothing else to lay aside: you could still discard 4 other cards (8♠, 3♥, Q♥, 7♦), so trump 5 must stay.']
>>> discard_problems(hand, parse_cards("QH 3H 2C 4C 5D 6D"), dog_size=6)
[]
"""

from __future__ import annotations

from typing import Iterable

from .cards import (DECK, EXCUSE_BIT, SUIT_MASKS, Card, cards_of, mask_of, parse_cards,
                    short_names)
from .errors import Rule
from .names import the

__all__ = ["discard_problems", "discardable_cards"]

KINGS_MASK = sum(1 << (22 + 14 * n + 13) for n in range(4))
PLAIN_MASK = sum(SUIT_MASKS.values())
BOUTS_MASK = EXCUSE_BIT | (1 << 1) | (1 << 21)
# Plain cards that may always be discarded: every plain card but the Kings.
FREE_DISCARD_MASK = PLAIN_MASK & ~KINGS_MASK


def discard_refusal(hand: int, card_index: int, still_to_discard: int) -> "tuple[str, str] | None":
    """``(message, rule)`` if the card may not go to the discard next, else None.

    ``hand`` is the mask of the cards still held, ``still_to_discard`` counts this card.
    This is the one place where the rules of the discard are written.
    """
    bit = 1 << card_index
    card = DECK[card_index]
    if not hand & bit:
        return f"You do not hold {the(card)}.", Rule.NOT_IN_HAND
    if bit & KINGS_MASK:
        return f"A King may not go to the discard ({card.name}).", Rule.DISCARD_KING
    if bit & BOUTS_MASK:
        return (f"A bout (the 21, the Petit or the Excuse) may not go to the discard "
                f"({card.name}).", Rule.DISCARD_BOUT)
    if card.is_trump:
        others = hand & FREE_DISCARD_MASK
        count = others.bit_count()
        if count >= still_to_discard:
            return (f"A trump may go to the discard only when you have nothing else to lay "
                    f"aside: you could still discard {count} other card{'s' if count != 1 else ''} "
                    f"({short_names(cards_of(others), 6)}), so {card.name} must stay.",
                    Rule.DISCARD_TRUMP)
    return None


def discardable_mask(hand: int, still_to_discard: int) -> int:
    """The mask of cards that may go to the discard next."""
    free = hand & FREE_DISCARD_MASK
    if free.bit_count() >= still_to_discard:
        return free
    return free | (hand & ~(PLAIN_MASK | BOUTS_MASK))


def discardable_cards(hand: Iterable["Card | str"], still_to_discard: int) -> list[Card]:
    """The cards of ``hand`` that may go to the discard next.

    >>> [str(c) for c in discardable_cards("KH 3H T5 T21", 2)]
    ['T5', '3H']
    """
    return cards_of(discardable_mask(mask_of(parse_cards(hand)), still_to_discard))


def discard_problems(hand: Iterable["Card | str"], discard: Iterable["Card | str"],
                     dog_size: int) -> list[str]:
    """Everything wrong with laying ``discard`` aside from ``hand`` (the dog already taken in).

    An empty list means the discard is legal.
    """
    hand_cards = parse_cards(hand)
    chosen = parse_cards(discard)
    problems = []
    if len(chosen) != dog_size:
        problems.append(f"The discard must hold exactly {dog_size} cards, not {len(chosen)}.")
    if len(set(chosen)) != len(chosen):
        problems.append("The same card is in the discard twice.")
    held = mask_of(hand_cards)
    remaining = len(chosen)
    # Plain cards first, so that each trump is judged against what is really left.
    for card in sorted(set(chosen), key=lambda c: c.is_trump):
        refusal = discard_refusal(held, card.index, remaining)
        if refusal:
            problems.append(refusal[0])
        else:
            held &= ~(1 << card.index)
            remaining -= 1
    return problems
