"""Drawing the hidden cards: :func:`sample_deals` gives whole deals consistent with a seat's
view and every fact the table has shown (:mod:`tarot_teach.inference`), each replayed through
the engine.

>>> import random
>>> from tarot_teach import GameState, RuleSet
>>> from tarot_teach.cards import SUIT_MASKS, Suit
>>> from tarot_teach.players import ComputerPlayer
>>> state, player = GameState.new(RuleSet(players=4), seed=3), ComputerPlayer()
>>> while state.phase is not Phase.PLAYING or len(state.tricks) < 8:
...     state.play(player.decide(state).action)
>>> deals = sample_deals(state.view(3), 5, random.Random(1))
>>> all(deal.hands[3] == state.hands[3] and deal.tricks == state.tricks for deal in deals)
True
>>> any(deal.hands[2] & SUIT_MASKS[Suit.DIAMONDS] for deal in deals)
False
"""

from __future__ import annotations

import random

from .cards import Card, cards_of, mask_of
from .deal import has_petit_sec
from .errors import IllegalAction, InvalidRecord
from .game import GameState, Misere, Poignee, Slam
from .hidden_slots import _Slots
from .inference import _played_by
from .rules import Phase, RuleSet
from .scoring import HANDFUL_LEVELS

__all__ = ["sample_deals"]


def sample_deals(view, n, rng, *, rules: "RuleSet | None" = None,
                 tries: int = 400) -> list[GameState]:
    """``n`` full open states consistent with ``view`` and every inference, each replayed
    through the engine from the deal (so each is a deal the rules allow, at the same point).

    Hidden cards are placed uniformly among the consistent deals by rejection; when
    consistent deals are too rare for that (``tries`` draws without one), a chain of
    random swaps from a consistent deal takes over, moving only to deals the engine
    accepts (uniform in the limit). ``rules`` defaults to the FFT rules for the view's
    number of players. A view that no deal fits raises ``ValueError`` with a sentence
    in words.
    """
    rules = rules or RuleSet(players=view.players)
    if rules.two_players:
        raise ValueError("sampling the hidden cards is not available for two players")
    slots = _Slots(view, rules)
    deals = []
    chain = None
    refused = 0  # rejection draws that kept every constraint but the engine refused
    steps = 30 * len(slots.sizes) + 200
    while len(deals) < n:
        if chain is None:
            masks = None
            for _ in range(tries):
                masks = slots.propose(rng)
                if masks is not None:
                    break
            if masks is not None:
                state = _rebuild(view, rules, slots, masks)
                if state is not None:
                    deals.append(state)
                    continue
                refused += 1
                if refused <= tries // 4:
                    continue
            chain = _chain_start(view, rules, slots, rng)
            continue
        for _ in range(max(tries, 50)):
            masks = slots.shuffle_chain(chain, rng, steps)
            state = _rebuild(view, rules, slots, masks)
            if state is not None:
                break
        else:
            raise ValueError(_NO_DEAL)
        deals.append(state)
        chain = masks  # the chain moves only to deals the engine accepts
    return deals


_NO_DEAL = ("No deal fits everything this seat has seen: the rules would not have allowed "
            "the cards played with any sharing out of the hidden cards.")


def _chain_start(view, rules: RuleSet, slots: _Slots, rng: random.Random):
    """A placement keeping every constraint that the engine accepts (the chain's start),
    from several random matchings; ``ValueError`` in words if none is found."""
    for _ in range(40):
        masks = slots.consistent_start(rng)
        if masks is None:
            raise ValueError("No deal fits everything this seat has seen: the hidden cards "
                             "cannot be shared out so that each hand keeps what the play "
                             "showed about it.")
        state = _rebuild(view, rules, slots, masks)
        if state is None:  # a petit sec, say: swap from there before trying again
            masks = slots.shuffle_chain(masks, rng, 30 * len(slots.sizes) + 200)
            state = _rebuild(view, rules, slots, masks)
        if state is not None:
            return masks
    raise ValueError(_NO_DEAL)


def _rebuild(view, rules: RuleSet, slots: _Slots, masks: list[int]) -> "GameState | None":
    """The deal these hidden cards make, replayed to the view's point; None if the engine
    refuses it (a petit sec, a card the rules would not have allowed)."""
    players = view.players
    me = view.seat
    current = [0] * players
    current[me] = mask_of(view.hand)
    for slot, seat in enumerate(slots.seats):
        current[seat] = masks[slot]
    played = _played_by(view)
    taker = view.taker
    contract = view.contract
    discard: list[Card] = []
    dog_mask = mask_of(view.dog) if view.dog is not None else 0
    if slots.aside == "discard":
        aside = masks[len(slots.seats)]
        discard = sorted(cards_of(aside), key=lambda c: c.is_trump)  # trumps last
    elif view.discard is not None:
        discard = list(view.discard)
    if slots.aside == "dog":
        dog_mask = masks[len(slots.seats)]
    original = []
    for seat in range(players):
        hand = current[seat] | played.get(seat, 0)
        if seat == taker and contract is not None and contract.takes_dog \
                and view.phase not in (Phase.BIDDING, Phase.CALLING):
            hand = (hand | mask_of(discard)) & ~dog_mask
        original.append(hand)
    if any(h.bit_count() != rules.hand_size for h in original):
        return None
    if not rules.petit_imprenable and any(has_petit_sec(h) for h in original):
        return None
    try:
        state = GameState.from_hands(rules, [cards_of(h) for h in original], cards_of(dog_mask),
                                     view.dealer)
        for _, bid in view.bids:
            state.play(bid)
        if view.called is not None:
            state.play(view.called)
        if state.phase is Phase.DISCARD:
            for card in discard:
                state.play(card)
        if state.phase is Phase.SLAM and view.phase is not Phase.SLAM:
            state.play(Slam.ANNOUNCE if view.chelem_announced else
                       Slam.ANNOUNCE_PETIT if view.petit_chelem_announced else Slam.DECLINE)
        thresholds = dict(zip(rules.handful_thresholds, HANDFUL_LEVELS))
        declared = set()

        def declare(seat: int) -> None:
            if seat in declared or state.tricks:
                return
            declared.add(seat)
            if seat in view.poignees:
                shown = tuple(view.poignees[seat])
                state.play(Poignee(shown, thresholds[len(shown)]))
            for kind in view.miseres.get(seat, ()):
                state.play(Misere(kind))

        tricks = [cards for _, cards, _ in view.tricks]
        if view.current_trick:
            tricks.append(tuple(card for _, card in view.current_trick))
        for cards in tricks:
            for card in cards:
                declare(state.to_act)
                state.play(card)
        if state.phase is Phase.PLAYING and not state.tricks \
                and (state.to_act in view.poignees or state.to_act in view.miseres):
            declare(state.to_act)  # it declared and has not played yet
    except (IllegalAction, InvalidRecord, KeyError):
        return None
    if any(state.hands[seat] != current[seat] for seat in range(players)):
        return None
    return state
