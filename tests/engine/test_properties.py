"""Properties of whole deals, over many random legal deals for 3, 4 and 5 players.

Each deal is dealt from a seed and played with random legal actions drawn from
``random.Random(seed)``; hypothesis only draws the seeds (``derandomize=True``,
so a run is reproducible). Besides the invariants (78 cards at all times, 91
points, zero-sum scores, replay), every finished deal is scored again by a
small reference model written from RULES.md §7–§10 with plain lists of cards,
independently of the engine's bit masks.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarot_teach import (DECK, EXCUSE, PETIT, Bid, GameState, IllegalAction, Phase, RuleSet, count_bouts, parse_card, points, replay)
from tarot_teach.cards import cards_of

ALL_CARDS = (1 << 78) - 1
PLAYERS = [3, 4, 5]
VARIANTS = [{}, {"excuse_always_kept": True}, {"excuse_last_trick_to_winner": True},
            {"old_handful_scale": True}, {"pousse": True}, {"no_take": True}]
SETTINGS = settings(derandomize=True, deadline=None, max_examples=150, database=None)


# ----- playing random deals --------------------------------------------------------------------


def random_deal(players: int, seed: int, variant=None, step=None) -> GameState:
    """A seeded deal played to the end with random legal actions; ``step(state, rng)`` is
    called before every action."""
    rules = RuleSet(players=players, **(variant or {}))
    state = GameState.new(rules, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    # In half of the deals the Excuse is kept as long as possible, so that the rules of the
    # Excuse on the last trick are played often (uniform play spends it early).
    keep_excuse = rng.random() < 0.5
    while not state.is_over:
        if step is not None:
            step(state, rng)
        actions = state.legal_actions()
        if keep_excuse and len(actions) > 1 and EXCUSE in actions:
            actions = [a for a in actions if a is not EXCUSE]
        state.play(actions[rng.randrange(len(actions))])
    return state


def dog_in_hand(state: GameState) -> bool:
    return (state.contract is not None and state.contract.takes_dog
            and state.phase not in (Phase.BIDDING, Phase.CALLING))


def check_conservation(state: GameState) -> None:
    """Hands + dog (unless taken into the hand) + discard + trick + piles: the 78 cards, once."""
    parts = list(state.hands)
    if not dog_in_hand(state):
        parts.append(state.dog)
    parts.append(sum(1 << i for i in state.discard))
    parts.append(sum(1 << i for i in state.trick))
    parts.extend(state.piles)
    seen = 0
    for part in parts:
        assert not seen & part, "a card is in two places"
        seen |= part
    assert seen == ALL_CARDS, "a card went missing"
    # and what the seats see agrees
    assert sum(len(state.view(s).hand) for s in range(state.rules.players)) == \
        sum(h.bit_count() for h in state.hands)


# ----- the reference model ---------------------------------------------------------------------



def settle_exchange(piles, owed):
    """A side that kept its Excuse gives a half-point card as soon as its pile holds one."""
    for s in (0, 1):
        while owed[s] and any(c.points == Fraction(1, 2) for c in piles[s]):
            small = next(c for c in piles[s] if c.points == Fraction(1, 2))
            piles[s].remove(small)
            piles[1 - s].append(small)
            owed[s] -= 1


def reference_result(record: dict) -> dict:
    """The result of a finished record, worked out again from RULES.md with lists of cards."""
    players = record["players"]
    variant = record.get("variant") or {}
    hands = [[parse_card(c) for c in hand] for hand in record["hands"]]
    dog = [parse_card(c) for c in record["dog"]]
    bids = [Bid.parse(b) for b in record["bids"]]
    dealer = record.get("dealer", 0)
    first = (dealer + 1) % players
    speakers = [(first + k) % players for k in range(players)]
    contract = max(bids, key=lambda b: list(Bid).index(b))
    if contract is Bid.PASS:
        return {"void": "all_passed"}
    taker = speakers[bids.index(contract)]
    partner = None
    if "called" in record:
        called = parse_card(record["called"])
        holders = [s for s in range(players) if called in hands[s]]
        partner = holders[0] if holders and holders[0] != taker else None

    def side(seat):
        return 0 if seat in (taker, partner) else 1

    declarations = record.get("declarations") or {}
    chelem_announced = declarations.get("chelem", False)
    leader = taker if chelem_announced else first
    tricks = [[parse_card(c) for c in trick] for trick in record["tricks"]]
    piles = [[], []]
    owed = [0, 0]
    won = [0, 0]
    winners = []
    excuse_slam = False
    for number, trick in enumerate(tricks):
        seats = [(leader + k) % players for k in range(players)]
        is_last = number == len(tricks) - 1
        plain = [c for c in trick if c is not EXCUSE]
        led = plain[0].suit
        trumps_in = [c for c in plain if c.is_trump]
        best = max(trumps_in or [c for c in plain if c.suit is led], key=lambda c: c.rank)
        winner = seats[trick.index(best)]
        to_winner = list(trick)
        if EXCUSE in trick:
            excuse_seat = seats[trick.index(EXCUSE)]
            excuse_side = side(excuse_seat)
            if is_last and won[excuse_side] == number:
                winner = excuse_seat  # the slam exception: the Excuse wins the last trick
                excuse_slam = True
            elif is_last and not variant.get("excuse_always_kept"):
                if not variant.get("excuse_last_trick_to_winner"):
                    to_winner.remove(EXCUSE)  # it changes sides
                    piles[1 - excuse_side].append(EXCUSE)
            elif excuse_side != side(winner):
                to_winner.remove(EXCUSE)  # kept by its side, which owes half a point
                piles[excuse_side].append(EXCUSE)
                owed[excuse_side] += 1
        piles[side(winner)].extend(to_winner)
        won[side(winner)] += 1
        winners.append(winner)
        settle_exchange(piles, owed)
        leader = winner
    aside = [parse_card(c) for c in record.get("discard", [])] if contract.takes_dog else dog
    piles[1 if contract is Bid.GUARD_AGAINST else 0].extend(aside)
    settle_exchange(piles, owed)  # an exchange card still owed comes from the discard / dog
    assert sorted(piles[0] + piles[1]) == sorted(DECK)
    # §8: a card that could never be given still moves its half point
    taker_points = points(piles[0]) + Fraction(owed[1] - owed[0], 2)
    bouts = count_bouts(piles[0])
    target = {0: 56, 1: 51, 2: 41, 3: 36}[bouts]
    made = taker_points >= target
    margin = math.ceil(abs(taker_points - target))
    pab = 0
    for pab_trick in (-1, -2) if excuse_slam else (-1,):  # §8 adds the -2 case, removes none
        if PETIT in tricks[pab_trick]:
            pab = 10 if side(winners[pab_trick]) == 0 else -10
            break
    multiplier = {Bid.TAKE: 1, Bid.POUSSE: 1, Bid.GUARD: 2, Bid.GUARD_WITHOUT: 4,
                  Bid.GUARD_AGAINST: 6}[contract]
    handful_counts = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}[players]
    bonuses = (20, 40, 60) if variant.get("old_handful_scale") else (20, 30, 40)
    handful = sum(bonuses[handful_counts.index(len(shown))]
                  for shown in (declarations.get("poignees") or {}).values())
    every = len(tricks)
    if chelem_announced:
        chelem = 400 if won[0] == every else -400 if won[1] == every else -200
    else:
        chelem = 200 if won[0] == every else -200 if won[1] == every else 0
    s = ((25 + margin if made else -(25 + margin)) + pab) * multiplier \
        + (handful if made else -handful) + chelem
    scores = [-s] * players
    if players == 5 and partner is not None:
        scores[taker], scores[partner] = 2 * s, s
    elif players == 5:
        scores[taker] = 4 * s
    else:
        scores[taker] = (players - 1) * s
    return {"taker": taker, "partner": partner, "bid": contract.value,
            "taker_points": float(taker_points), "taker_bouts": bouts,
            "contract_made": made, "scores": scores}


# ----- invariants of finished deals ----------------------------------------------------------


def check_finished(state: GameState) -> None:
    result = state.result
    assert state.is_over and result is not None
    check_conservation(state)
    record = state.to_record()
    if result.void:
        assert state.phase is Phase.VOID
        assert replay(record) == {"void": result.void}
        return
    assert state.phase is Phase.FINISHED
    taker_pile, defence_pile = state.final_piles
    assert not taker_pile & defence_pile and taker_pile | defence_pile == ALL_CARDS
    taker_cards, defence_cards = cards_of(taker_pile), cards_of(defence_pile)
    assert points(taker_cards) + points(defence_cards) == 91
    unpaid = Fraction(state.unpaid_exchange[1] - state.unpaid_exchange[0], 2)
    assert result.taker_points == points(taker_cards) + unpaid
    assert result.defence_points == points(defence_cards) - unpaid
    assert result.taker_bouts == count_bouts(taker_cards)
    assert sum(result.scores) == 0
    s = -min(result.scores[seat] for seat in range(state.rules.players)
             if seat not in (result.taker, result.partner))
    assert result.scores[result.taker] == {3: 2, 4: 3}.get(
        state.rules.players, 2 if result.partner is not None else 4) * s
    assert len(state.tricks) == state.rules.tricks
    # replay: the same result, deterministic, also after a trip through JSON
    expected = result.to_dict()
    assert replay(record) == expected
    assert replay(record) == expected
    assert replay(json.loads(json.dumps(record))) == expected
    assert reference_result(record) == expected


@pytest.mark.slow  # hypothesis over whole deals
@pytest.mark.parametrize("players", PLAYERS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
def test_random_deals_conserve_cards_points_and_replay(players, seed, variant):
    state = random_deal(players, seed, variant, step=lambda state, rng: check_conservation(state))
    check_finished(state)


# ----- refused actions change nothing; offered actions are accepted -------------------------


def snapshot(state: GameState):
    return (state.to_record(), state.legal_actions(), state.phase, state.to_act,
            [state.hand(s) for s in range(state.rules.players)])


def check_actions(state: GameState, rng: random.Random) -> None:
    seat = state.to_act
    offered = state.legal_actions()
    assert offered
    before = snapshot(state)
    # every offered action is accepted (on a copy), and the original does not move
    for action in offered:
        trial = state.copy()
        trial.play(action)
        assert trial.history[-1] == action
    assert snapshot(state) == before
    # every other card of the hand is refused, with a rule, and nothing changes
    if state.phase in (Phase.PLAYING, Phase.DISCARD, Phase.CALLING):
        hand = state.hand(state.taker if state.phase is Phase.DISCARD else seat)
        refused = [c for c in hand if c not in offered]
        if state.phase is Phase.CALLING:
            refused = [c for c in DECK if c not in offered]
        for card in rng.sample(refused, min(len(refused), 6)):
            with pytest.raises(IllegalAction) as caught:
                state.play(card)
            assert caught.value.rule not in ("", "illegal")
            assert caught.value.seat == seat
            assert str(caught.value)
            assert snapshot(state) == before
        # a card nobody could play now: one not in the hand
        if state.phase is not Phase.CALLING:
            stranger = next(c for c in DECK if c not in hand)
            with pytest.raises(IllegalAction) as caught:
                state.play(stranger)
            assert caught.value.rule == "not_in_hand"
            assert snapshot(state) == before
    elif state.phase is Phase.BIDDING:
        too_low = [bid for bid in state.rules.bids if bid not in offered]
        for bid in too_low:
            with pytest.raises(IllegalAction) as caught:
                state.play(bid)
            assert caught.value.rule == "bid_too_low"
            assert snapshot(state) == before
    # whatever the phase, a wrong kind of action is refused too
    with pytest.raises(IllegalAction):
        state.play("no such action")
    assert snapshot(state) == before


@pytest.mark.slow  # hypothesis over whole deals
@pytest.mark.parametrize("players", PLAYERS)
@settings(derandomize=True, deadline=None, max_examples=40, database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_offered_actions_are_accepted_and_others_refused_without_change(players, seed):
    state = random_deal(players, seed, step=check_actions)
    check_finished(state)


@pytest.mark.parametrize("players", PLAYERS)
@settings(derandomize=True, deadline=None, max_examples=40, database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_copies_and_undo_give_the_same_deal(players, seed):
    records = []

    def step(state, rng):
        records.append(state.to_record())

    state = random_deal(players, seed, step=step)
    if state.history:
        assert state.undo().to_record() == records[-1]
    # replaying the history on a fresh deal gives the same state
    again = GameState.new(state.rules, seed=seed, dealer=seed % players)
    for action in state.history:
        again.play(action)
    assert again.to_record() == state.to_record()
    assert again.result == state.result


# ----- many deals, plainly --------------------------------------------------------------------


@pytest.mark.slow  # a thousand deals
@pytest.mark.parametrize("players", PLAYERS)
def test_a_thousand_deals(players):
    finished = 0
    excuse_last = 0
    for seed in range(1000):
        state = random_deal(players, seed)
        check_finished(state)
        if state.phase is Phase.FINISHED:
            finished += 1
            excuse_last += EXCUSE.index in state.tricks[-1][1]
    assert finished > 900
    assert excuse_last > 100  # the last-trick rules of the Excuse were exercised
