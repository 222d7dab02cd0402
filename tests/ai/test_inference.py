"""What the table has shown: every inference is true, every sampled deal looks the same
from the seat, and the samples are spread evenly over the consistent deals."""

import dataclasses
import itertools
import random
from collections import Counter

import pytest

from tarot_teach import GameState, RuleSet
from tarot_teach.cards import DECK, SUIT_MASKS, TRUMP_MASK, cards_of
from tarot_teach.deal_sampling import _rebuild, sample_deals
from tarot_teach.hidden_slots import _Slots
from tarot_teach.inference import inferences
from tarot_teach.players import ComputerPlayer
from tarot_teach.rules import Bid, Phase
from tarot_teach.tricks import TRUMPS_ABOVE


def assert_fact_true(fact, state) -> None:
    """An inference about a seat's hand holds in ``state`` (the dog's cards aside)."""
    hand = state.hands[fact.seat]
    if fact.kind == "void":
        assert not hand & SUIT_MASKS[fact.suit], fact
    elif fact.kind == "no_trump":
        assert not hand & TRUMP_MASK, fact
    elif fact.kind == "trumps_below":
        assert not hand & TRUMPS_ABOVE[fact.limit], fact
    elif fact.kind == "holds" and "dog" not in fact.text:
        assert all(hand >> c.index & 1 for c in fact.cards), fact


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
        while len(state.tricks) < tricks \
                or (len(state.tricks) == tricks and len(state.trick) < extra):
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
        tricks = random.Random(seed).randrange(2, players == 5 and 12 or 15)
        state = deal_in_play(seed, players, tricks)
        for seat in range(players):
            for fact in inferences(state.view(seat)):
                kinds[fact.kind] += 1
                assert_fact_true(fact, state)
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


# ----- what the rules imply, and a sampler that never fails on a legal view ---------------

FREE = sum(1 << c.index for c in DECK if c.suit.is_plain and c.rank != 14)  # plain, no King


def computer_deal(state, bid=None, stop=lambda state: state.is_over):
    """``state`` played by the computer players until ``stop(state)`` (``bid``: the first
    speaker's bid, the others pass)."""
    player = ComputerPlayer()
    while not state.is_over and not stop(state):
        if bid is not None and state.phase is Phase.BIDDING:
            state.play(bid if not state.bids else Bid.PASS)
        else:
            state.play(player.decide(state).action)
    return state


def strong_deal(seed, players):
    """A seeded deal in which seat 1 (the first to speak) holds only trumps, the Excuse and
    Kings but one card: a computer taker that takes the dog must then discard trumps.
    (A real shuffle hardly ever does it: 3000 four-player seeds of GameState.new, none.)"""
    rules = RuleSet(players=players)
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    strong = [c for c in deck if not FREE >> c.index & 1][:rules.hand_size - 1]
    rest = [c for c in deck if c not in strong]
    hands = [rest[1 + k * rules.hand_size:][:rules.hand_size] for k in range(players - 1)]
    hands.insert(1, strong + rest[:1])
    dog = rest[1 + (players - 1) * rules.hand_size:]
    return GameState.from_hands(rules, hands, dog, 0)


def honours_deal(seed):
    """Five players: the seeded deal ``GameState.new(seed=seed)`` with the four Kings and
    the four Queens swapped into seat 1's hand (for its lowest plain cards): the computer
    taker calls a Knight."""
    state = GameState.new(RuleSet(players=5), seed=seed)
    hands = [list(state.hand(seat)) for seat in range(5)]
    dog = cards_of(state.dealt_dog)
    honours = [c for c in DECK if c.suit.is_plain and c.rank >= 13]
    give = iter([c for c in hands[1] if c.suit.is_plain and c not in honours])
    for card in honours:
        if card in hands[1]:
            continue
        low = next(give)
        place = dog if card in dog else next(h for h in hands if card in h)
        place[place.index(card)] = low
        hands[1][hands[1].index(low)] = card
    return GameState.from_hands(RuleSet(players=5), hands, dog, 0)


def check_deals(view, deals, real=None):
    """Every sampled deal looks the same from the seat, and keeps every inference and what
    the rules imply."""
    facts = inferences(view)
    for deal in deals:
        assert deal.view(view.seat) == view
        for fact in facts:
            assert_fact_true(fact, deal)
            if fact.kind == "holds" and "dog" in fact.text:
                aside = deal.hands[fact.seat] | sum(1 << i for i in deal.discard)
                assert all(aside >> c.index & 1 for c in fact.cards), fact
        if view.discarded_trumps and view.phase not in (Phase.DISCARD, Phase.FINISHED):
            assert not deal.hands[view.taker] & FREE  # only trumps, the Excuse, Kings
        if view.called is not None and view.called.rank < 14:
            kings = sum(1 << c.index for c in DECK if c.suit.is_plain and c.rank == 14)
            played = sum(1 << i for _, cards, _ in deal.tricks for i in cards) \
                | sum(1 << i for i in deal.trick)
            assert kings & ~played & ~deal.hands[view.taker] == 0


@pytest.mark.parametrize("players,seed", [(3, 0), (4, 0), (5, 2)])
def test_defenders_sample_after_the_taker_discarded_trumps(players, seed):
    """Fails before: 'no deal consistent' (the discard's hidden part may only be plain
    cards, so the taker's hand must hold every trump not seen)."""
    state = computer_deal(strong_deal(seed, players), bid=Bid.TAKE,
                          stop=lambda s: len(s.tricks) >= 2)
    assert state.taker == 1 and any(1 <= i <= 21 for i in state.discard)  # the precondition
    assert not state.hands[1] & FREE
    for seat in range(players):
        view = state.view(seat)
        check_deals(view, sample_deals(view, 6, random.Random(seat)))
        check_deals(view, sample_deals(view, 3, random.Random(seat), tries=0))


def test_a_queen_call_means_the_taker_held_the_four_kings():
    """Five players, GameState.new(seed=65) played by the computer (found by searching the
    seeds for a Queen call): the taker called the Queen of diamonds. Fails before: the
    sampler took seconds and found no deal for seat 0 in the first trick."""
    state = computer_deal(GameState.new(RuleSet(players=5), seed=65),
                          stop=lambda s: s.phase is Phase.PLAYING)
    assert str(state.called) == "QD" and state.taker == 2
    for cards in (0, 3):
        computer_deal(state, stop=lambda s: len(s.trick) == cards)
        for seat in range(5):
            view = state.view(seat)
            check_deals(view, sample_deals(view, 8, random.Random(seat)))


def test_a_knight_call_means_the_taker_held_the_kings_and_the_queens():
    state = computer_deal(honours_deal(0), stop=lambda s: len(s.tricks) >= 1)
    assert state.called.rank == 12 and state.contract is Bid.GUARD  # a Knight, the dog taken
    queens = [c for c in DECK if c.suit.is_plain and c.rank == 13]
    for seat in range(5):
        view = state.view(seat)
        for deal in sample_deals(view, 6, random.Random(seat)):
            check_deals(view, [deal])
            aside = deal.hands[state.taker] | sum(1 << i for i in deal.discard) \
                | sum(1 << i for _, cards, _ in deal.tricks for i in cards)
            assert all(aside >> c.index & 1 for c in queens)


@pytest.mark.parametrize("players,seed", [(3, 0), (4, 2), (5, 0)])
def test_views_during_the_discard(players, seed):
    """Every seat's view while the taker lays cards aside (seeds from a search of failing
    views: GameState.new(seed), the computer bidding). Fails before: the cards not seen
    did not fit the hands."""
    state = computer_deal(GameState.new(RuleSet(players=players), seed=seed),
                          stop=lambda s: s.phase is Phase.DISCARD and len(s.discard) == 2)
    assert state.phase is Phase.DISCARD
    for seat in range(players):
        view = state.view(seat)
        check_deals(view, sample_deals(view, 4, random.Random(seat)))


def test_views_during_a_discard_of_trumps():
    """The taker has laid a trump aside and still lays cards aside: it keeps at most as
    many plain cards (not Kings) as it has still to lay aside."""
    state = computer_deal(strong_deal(1, 4), bid=Bid.TAKE,
                          stop=lambda s: s.phase is Phase.DISCARD
                          and any(1 <= i <= 21 for i in s.discard))
    assert state.phase is Phase.DISCARD and any(1 <= i <= 21 for i in state.discard)
    for seat in range(4):
        view = state.view(seat)
        for tries in (400, 0):
            check_deals(view, sample_deals(view, 4, random.Random(seat), tries=tries))


def test_a_poignee_not_shown_yet_is_not_known():
    """Four players, GameState.new(seed=7) played by the computer (found by searching the
    seeds for a poignée): seat 1, the taker, shows one before its first card. Seen from
    seat 2, before that the samples may give it fewer trumps; after, never."""
    state = computer_deal(GameState.new(RuleSet(players=4), seed=7),
                          stop=lambda s: s.phase is Phase.PLAYING)
    before = state.view(2)
    assert not before.poignees and before.to_act == 1
    computer_deal(state, stop=lambda s: 1 in s.poignees)
    after = state.view(2)
    needed = sum(1 << c.index for c in after.poignees[1])
    deals = sample_deals(before, 16, random.Random(1))
    check_deals(before, deals)
    assert any(deal.hands[1] & needed != needed for deal in deals)
    deals = sample_deals(after, 16, random.Random(1))
    check_deals(after, deals)
    assert all(deal.hands[1] & needed == needed for deal in deals)


def test_an_inconsistent_view_is_refused_in_words():
    state = computer_deal(GameState.new(RuleSet(players=4), seed=3),
                          stop=lambda s: len(s.tricks) >= 3)
    view = state.view(0)
    someone = (view.seat + 1) % 4
    mine = view.hand[0]
    # Seat 1 "showed" a card that seat 0 holds: no deal fits.
    bad = dataclasses.replace(view, poignees={someone: (mine,)})
    with pytest.raises(ValueError) as refused:
        sample_deals(bad, 2, random.Random(0))
    text = str(refused.value)
    assert text[0].isupper() and text.endswith(".") and " " in text
    # Every other seat "declared" a trumps misère, yet trumps are hidden: no sharing out of
    # the hidden cards fits (a view the engine would never make).
    assert any(c.is_trump for c in cards_of(_Slots(view, state.rules).pool))
    bad = dataclasses.replace(view, miseres={seat: ("trumps",) for seat in (1, 2, 3)})
    with pytest.raises(ValueError, match=r"^No deal fits .*\.$"):
        sample_deals(bad, 2, random.Random(0))


def views_of_deals(players, seeds, points=3):
    """Views (every seat) at several points of computer-played deals: ``seeds`` of
    GameState.new, plus two deals in which the taker discards trumps."""
    player = ComputerPlayer()
    starts = [(seed, GameState.new(RuleSet(players=players), seed=seed), None) for seed in seeds]
    starts += [(seed, strong_deal(seed, players), Bid.TAKE) for seed in (0, 1)]
    for seed, state, bid in starts:
        rng = random.Random(seed)
        states = []
        while not state.is_over:
            states.append(state.copy())
            if bid is not None and state.phase is Phase.BIDDING:
                state.play(bid if not state.bids else Bid.PASS)
            else:
                state.play(player.decide(state).action)
        chosen = rng.sample(states, min(points, len(states)))
        chosen += [s for s in states if s.phase is Phase.DISCARD and len(s.discard) == 1]
        for point in chosen:
            for seat in range(players):
                yield point, seat


@pytest.mark.slow  # samples at every step of played deals: seconds
@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampling_never_fails_on_computer_played_deals(players):
    """Every seat (the taker too), several points of each deal: four deals sampled, each
    the same from the seat, every inference and what the rules imply true in it."""
    discarded_trumps = 0
    for state, seat in views_of_deals(players, range(100, 120), points=4):
        view = state.view(seat)
        discarded_trumps += bool(view.discarded_trumps) and view.phase is Phase.PLAYING
        check_deals(view, sample_deals(view, 4, random.Random(seat)))
    assert discarded_trumps  # the rule for a trump discard was exercised
