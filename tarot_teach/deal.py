"""Seeded, reproducible dealing that obeys RULES.md §3.

Cards go round in packets of three from the seat after the dealer; the dog
receives single cards between packets, never the first or the last card of the
pack and never two in a row.

>>> hands, dog = deal_hands(RuleSet(players=4), seed=7)
>>> [len(h) for h in hands], len(dog)
([18, 18, 18, 18], 6)
>>> deal_hands(RuleSet(players=4), seed=7) == (hands, dog)
True
>>> has_petit_sec(parse_cards("T1 KH QH 2S"))
True
"""

from __future__ import annotations

import random
from typing import Iterable

from .cards import DECK, EXCUSE_BIT, TRUMP_MASK, Card, mask_of, parse_cards
from .rules import RuleSet

__all__ = ["deal_hands", "deal_masks", "has_petit_sec", "dealing_order", "dog_position_problems",
           "deal_two_players"]

PETIT_BIT = 1 << 1


def dealing_order(rules: RuleSet, rng: random.Random) -> tuple[list[int], list[int]]:
    """Shuffle the pack and lay out the deal: ``(pack, dog_positions)``.

    ``pack`` is the 78 card indices in the order they are dealt; the positions
    of the dog cards in it obey the rules of §3.
    """
    # A uniform shuffle: sort by random keys (faster than random.shuffle in CPython).
    keys = [rng.random() for _ in range(78)]
    pack = sorted(range(78), key=keys.__getitem__)
    packets = rules.players * rules.hand_size // rules.packet_size
    # Gaps between packets, numbered 1 .. packets-1: the dog takes one card in
    # some of them, so it is never first, never last, never two in a row.
    gaps = sorted(rng.sample(range(1, packets), rules.dog_size))
    positions = []
    for number, gap in enumerate(gaps):
        positions.append(gap * rules.packet_size + number)
    return pack, positions


def deal_two_players(seed, dealer: int = 0) -> tuple[list[int], list[list[list[int]]]]:
    """Two players (seed 001): ``(hands, piles)``; ``piles[seat]`` is six piles of three card
    indices, bottom first (the last is the face-up top card); hands hold 21 cards.

    As the seed describes: the dealer lays three cards side by side for the opponent, three
    for himself, three more for the opponent and three for himself: a row of six each. This
    is done three times, each layer on the one before (the third face up). The other 42 cards
    go three at a time to the two players, the opponent first.

    >>> hands, piles = deal_two_players(seed=5)
    >>> [h.bit_count() for h in hands], [[len(p) for p in piles[s]] for s in (0, 1)]
    ([21, 21], [[3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3]])
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    keys = [rng.random() for _ in range(78)]
    pack = sorted(range(78), key=keys.__getitem__)
    opponent = 1 - dealer
    piles: list[list[list[int]]] = [[[] for _ in range(6)], [[] for _ in range(6)]]
    position = 0
    for _layer in range(3):
        for seat, first in ((opponent, 0), (dealer, 0), (opponent, 3), (dealer, 3)):
            for pile in range(first, first + 3):
                piles[seat][pile].append(pack[position])
                position += 1
    hands = [0, 0]
    seat = opponent
    while position < 78:
        for index in pack[position:position + 3]:
            hands[seat] |= 1 << index
        position += 3
        seat = 1 - seat
    return hands, piles


def deal_masks(rules: RuleSet, seed, dealer: int = 0) -> tuple[list[int], int]:
    """Deal by seed: each seat's hand and the dog, as bit masks (the fast form)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    pack, dog_positions = dealing_order(rules, rng)
    players, size = rules.players, rules.packet_size
    hands = [0] * players
    dog = 0
    dog_set = set(dog_positions)
    seat = (dealer + 1) % players
    position = 0
    dealt_in_packet = 0
    for index in pack:
        if position in dog_set:
            dog |= 1 << index
        else:
            hands[seat] |= 1 << index
            dealt_in_packet += 1
            if dealt_in_packet == size:
                dealt_in_packet = 0
                seat = (seat + 1) % players
        position += 1
    return hands, dog


def deal_hands(rules: RuleSet, seed, dealer: int = 0) -> tuple[list[list[Card]], list[Card]]:
    """Deal by seed: ``(hands, dog)`` as lists of cards in index order."""
    hands, dog = deal_masks(rules, seed, dealer)
    return [_cards(h) for h in hands], _cards(dog)


def _cards(mask: int) -> list[Card]:
    return [card for card in DECK if mask >> card.index & 1]


def has_petit_sec(hand: "Iterable[Card | str] | int") -> bool:
    """True when the Petit is the hand's only trump and the hand has no Excuse."""
    mask = hand if isinstance(hand, int) else mask_of(parse_cards(hand))
    return mask & (TRUMP_MASK | EXCUSE_BIT) == PETIT_BIT


def dog_position_problems(rules: RuleSet, positions) -> list[str]:
    """What is wrong with these dog positions (0-based, in the 78 cards dealt), per RULES.md §3.

    The dog gets single cards between the packets; never the first or the last
    card; never two in a row. An empty list means the order is legal.

    >>> dog_position_problems(RuleSet(players=4), [3, 4, 11, 15, 19, 23])
    ['Cards 4 and 5 both go to the dog: never two dog cards in a row.']
    """
    positions = sorted(positions)
    total = 78
    problems = []
    if len(positions) != rules.dog_size:
        problems.append(f"The dog must get {rules.dog_size} cards with {rules.players} players, "
                        f"not {len(positions)}.")
    if len(set(positions)) != len(positions) or any(not 0 <= p < total for p in positions):
        problems.append(f"Dog positions must be different cards from 1 to {total}.")
        return problems
    if positions and positions[0] == 0:
        problems.append("Card 1 goes to the dog: the first card of the pack never goes to the dog.")
    if positions and positions[-1] == total - 1:
        problems.append(f"Card {total} goes to the dog: the last card of the pack never goes "
                        "to the dog.")
    for before, after in zip(positions, positions[1:]):
        if after == before + 1:
            problems.append(f"Cards {before + 1} and {after + 1} both go to the dog: never two "
                            "dog cards in a row.")
    for number, position in enumerate(positions):
        hand_cards_before = position - number
        if 0 < position < total - 1 and hand_cards_before % rules.packet_size:
            problems.append(f"Card {position + 1} goes to the dog in the middle of a packet: "
                            "the dog gets its cards between packets.")
    return problems
