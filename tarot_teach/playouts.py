"""Random legal deals, fast: for play-outs (benchmarks, sampling), not for a learner's table.

:func:`random_deal` deals, bids, calls, discards and plays the cards with uniformly random
legal choices, and gives the taker's side's final card points. The rules come from the
engine's own functions (``legal_bids``, ``callable_cards``, ``discardable_mask``, the
solver's play-out, which follows ``legal_mask``'s rules card by card, and its filing of
tricks, RULES.md §8 for the Excuse); the deal is a uniform shuffle cut into hands (the law
of ``deal_masks``, without its packets, which change nothing about who holds what). What it leaves out is :class:`~tarot_teach.game.GameState`'s bookkeeping
(events, history, checks of each action). Nobody announces a slam or shows a poignée
(both legal choices). The actions it took replay through the engine to the same points:

>>> import random
>>> from tarot_teach import GameState, RuleSet
>>> rules = RuleSet(players=4)
>>> deal = random_deal(rules, random.Random(3), dealer=1)
>>> state = GameState(rules, deal.hands, deal.dog, dealer=1)
>>> for action in deal.actions:
...     state.play(action)
>>> state.is_over, state.result.taker_half_points == deal.taker_units
(True, True)

Only the FFT rules of 3, 4 and 5 players (``RuleSet(players=n)``): a variant is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bidding import callable_cards, dog_destination, first_to_act, legal_bids
from .cards import DECK, Card
from .deal import has_petit_sec
from .declarations import Slam
from .discard import discardable_mask
from .rules import Bid, RuleSet
from .solver import _HALVES, Position

__all__ = ["random_deal", "RandomDeal"]

# id of a rule set checked to be the FFT game's -> (it, {highest bid so far: legal bids})
_CHECKED = {}


@dataclass
class RandomDeal:
    """One random deal: as dealt, the actions taken (bids, call, discard, slam choice, cards)
    and the taker's side's final units (half points), ``None`` for a void deal."""

    hands: list[int]
    dog: int
    actions: list
    taker_units: "int | None"


def random_deal(rules: RuleSet, rng, dealer: int = 0) -> RandomDeal:
    """A whole deal with uniformly random legal choices from ``rng`` (a ``random.Random``)."""
    checked = _CHECKED.get(id(rules))
    if checked is None or checked[0] is not rules:
        if rules != RuleSet(players=rules.players):
            raise ValueError("random_deal plays the FFT rules only, without variants")
        if len(_CHECKED) > 100:
            _CHECKED.clear()
        checked = _CHECKED[id(rules)] = (rules, {})
    bids_after = checked[1]
    random = rng.random
    hands, dog = _deal(rng, rules.players, rules.hand_size)
    dealt = list(hands)
    actions = []
    if any(has_petit_sec(hand) for hand in hands):
        return RandomDeal(dealt, dog, actions, None)
    n = rules.players
    first = first_to_act(dealer, n)
    bids = []
    best, taker = Bid.PASS, None
    for turn in range(n):
        options = bids_after.get(best)
        if options is None:  # pass or a bid higher than the highest so far
            options = bids_after[best] = legal_bids([best], rules)
        bid = options[int(random() * len(options))]
        bids.append(bid)
        if bid is not Bid.PASS:
            best, taker = bid, (first + turn) % n
    actions += bids
    if taker is None:
        return RandomDeal(dealt, dog, actions, None)
    called = None
    side = [1] * n
    side[taker] = 0
    if rules.has_partner_call:
        options = callable_cards(hands[taker])
        called = options[int(random() * len(options))]
        actions.append(called)
    units = 0
    if dog_destination(best) == "taken":
        hands[taker] |= dog
        for still in range(rules.dog_size, 0, -1):
            mask = discardable_mask(hands[taker], still)
            card = _pick(mask, random)
            hands[taker] &= ~(1 << card)
            units += _HALVES[card]
            actions.append(DECK[card])
    elif best is not Bid.GUARD_AGAINST:
        units = sum(_HALVES[index] for index in range(78) if dog >> index & 1)
    if called is not None:
        side = [0 if seat == taker or hands[seat] >> called.index & 1 else 1 for seat in range(n)]
    actions.append(Slam.DECLINE)
    position = Position.at_first_card(rules, hands, first, side, called, units)
    actions += [DECK[card] for card in position.play_randomly(random)]
    return RandomDeal(dealt, dog, actions, position.base)


_BITS = tuple(1 << index for index in range(78))


def _deal(rng, players: int, size: int) -> tuple[list[int], int]:
    """Hands of ``size`` cards and the dog, as masks: a uniform shuffle (by 78 random 64-bit
    keys drawn at once) cut into hands. The same law as :func:`~tarot_teach.deal.deal_masks`,
    whose packets (RULES.md §3) only decide where in the pack the dog's cards lie.

    >>> import random
    >>> hands, dog = _deal(random.Random(1), 4, 18)
    >>> [hand.bit_count() for hand in hands], dog.bit_count(), sum(hands) + dog == (1 << 78) - 1
    ([18, 18, 18, 18], 6, True)
    """
    keys = memoryview(rng.getrandbits(78 * 64).to_bytes(78 * 8, "little")).cast("Q")
    pack = list(map(_BITS.__getitem__, sorted(range(78), key=keys.__getitem__)))
    hands = [sum(pack[seat * size:seat * size + size]) for seat in range(players)]
    return hands, sum(pack[players * size:])


def _pick(mask: int, random) -> int:
    """A uniformly random card index of ``mask``."""
    pick = int(random() * mask.bit_count())
    while pick:
        mask &= mask - 1
        pick -= 1
    return (mask & -mask).bit_length() - 1
