"""What the table has shown: every inference is true, every sampled deal looks the same
from the seat, and the samples are spread evenly over the consistent deals."""

import itertools
import random
from collections import Counter

import pytest

from tarot_teach import GameState, RuleSet
from tarot_teach.cards import SUIT_MASKS, TRUMP_MASK, cards_of
from tarot_teach.inference import _rebuild, _Slots, inferences, sample_deals
from tarot_teach.players import ComputerPlayer
from tarot_teach.rules import Bid, Phase
from tarot_teach.tricks import TRUMPS_ABOVE


def deal_in_play(seed, players, tricks, random_cards=True, bid=None):
    """A deal bid by the computer players (``bid``: the first speaker's bid instead) and
    played to ``tricks`` tricks and a random part of the next, cards at random."""
    rng = random.Random(seed)
    player = ComputerPlayer()
    rules = RuleSet(players=players)
    for attempt in range(100):
        state = GameState.new(rules, seed=f"{seed}:{attempt}")
        while not state.is_over and state.phase is not Phase.PLAYING:
            if bid is not None and state.phase is Phase.BIDDING:
                state.play(bid if not state.bids else Bid.PASS)
            else:
                state.play(player.decide(state).action)
        if state.is_over:
            continue
        extra = rng.randrange(players)
        while len(state.tricks) < tricks or (len(state.tricks) == tricks and len(state.trick) < extra):
            if random_cards:
                cards = [a for a in state.legal_actions() if hasattr(a, "suit")]
                state.play(cards[rng.randrange(len(cards))])
            else:
                state.play(player.decide(state).action)
        return state
    raise AssertionError("every deal was void")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_inference_is_true_of_the_real_hands(players):
    kinds = Counter()
    for seed in range(40):
        state = deal_in_play(seed, players, random.Random(seed).randrange(2, players == 5 and 12 or 15))
        for seat in range(players):
            for fact in inferences(state.view(seat)):
                kinds[fact.kind] += 1
                hand = state.hands[fact.seat]
                if fact.kind == "void":
                    assert not hand & SUIT_MASKS[fact.suit], fact
                elif fact.kind == "no_trump":
                    assert not hand & TRUMP_MASK, fact
                elif fact.kind == "trumps_below":
                    assert not hand & TRUMPS_ABOVE[fact.limit], fact
                elif fact.kind == "holds" and "dog" not in fact.text:
                    assert all(hand >> c.index & 1 for c in fact.cards), fact
                assert fact.seat != seat or fact.kind == "discard"
                assert fact.text.endswith(".") and "Seat" in fact.text or "discard" in fact.text
    assert kinds["void"] and kinds["no_trump"] and kinds["trumps_below"], kinds


def test_names_word_the_inferences():
    state = deal_in_play(3, 4, 10)
    names = ["Ada", "Bruno", "Chloé", "Dev"]
    texts = [fact.text for seat in range(4) for fact in inferences(state.view(seat), names)]
    assert texts and not any("Seat" in text for text in texts)
    assert any(name in text for text in texts for name in names)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampled_deals_look_the_same_from_the_seat(players):
    for seed in range(12):
        state = deal_in_play(seed, players, random.Random(seed).randrange(0, 10))
        seat = random.Random(seed).randrange(players)
        view = state.view(seat)
        deals = sample_deals(view, 4, random.Random(seed))
        assert len(deals) == 4
        for deal in deals:
            assert deal.view(seat) == view
            assert deal is not state and deal.to_act == state.to_act


def test_the_swap_chain_also_gives_consistent_deals():
    state = deal_in_play(7, 4, 9)
    view = state.view(1)
    deals = sample_deals(view, 5, random.Random(2), tries=0)  # no rejection: the chain
    assert all(deal.view(1) == view for deal in deals)
    assert len({tuple(deal.hands) for deal in deals}) > 1


def test_samples_are_uniform_over_the_consistent_deals():
    """Two tricks from the end, from the taker's seat (it knows the dog and its discard):
    every placement of the hidden cards that the engine accepts, and the sampler's counts."""
    state = deal_in_play(11, 4, 16, bid=Bid.GUARD)
    while state.trick:
        state.play([a for a in state.legal_actions() if hasattr(a, "suit")][0])
    seat = state.taker
    view = state.view(seat)
    slots = _Slots(view, RuleSet(players=4))
    pool = cards_of(slots.pool)
    consistent = set()
    for order in itertools.permutations(pool):
        masks, start = [], 0
        for size in slots.free_sizes:
            mask = 0
            for card in order[start:start + size]:
                mask |= 1 << card.index
            masks.append(mask)
            start += size
        if tuple(masks) not in consistent and _rebuild(view, RuleSet(players=4), slots, masks):
            consistent.add(tuple(masks))
    assert 1 < len(consistent) <= 90
    draws = 60 * len(consistent)
    counts = Counter(tuple(deal.hands[s] for s in slots.seats)
                     for deal in sample_deals(view, draws, random.Random(5)))
    assert set(counts) == consistent
    # Each consistent deal is expected 60 times; a fair sampler stays well within 25..110.
    assert 25 <= min(counts.values()) and max(counts.values()) <= 110, counts


def test_a_view_before_the_dog_is_shown_samples_the_dog_too():
    state = GameState.new(RuleSet(players=4), seed=21)
    view = state.view(state.to_act)
    deals = sample_deals(view, 3, random.Random(0))
    assert all(deal.view(view.seat) == view for deal in deals)
    assert len({deal.dog for deal in deals}) == 3


def test_two_players_are_refused():
    state = GameState.new(RuleSet(players=2, two_players=True), seed=1)
    with pytest.raises(ValueError, match="two players"):
        sample_deals(state.view(0), 1, random.Random(0), rules=state.rules)


def test_a_poignee_with_the_excuse_means_no_other_trump():
    """Seat 0 showed the Excuse in its poignée: it has no other trump, and the sampler
    (here its swap chain) never gives it one."""
    state = GameState.new(RuleSet(players=4), seed="1:234", dealer=2)
    player = ComputerPlayer()
    while len(state.tricks) < 14 or len(state.trick) < 2:
        state.play(player.decide(state).action)
    assert any(card.is_excuse for card in state.poignees[0])
    view = state.view(2)
    for tries in (0, 400):
        deals = sample_deals(view, 6, random.Random(1), tries=tries)
        assert all(deal.view(2) == view for deal in deals)
        shown = {card.index for card in state.poignees[0]}
        assert all(not any(deal.hands[0] >> i & 1 for i in range(1, 22) if i not in shown)
                   for deal in deals)
