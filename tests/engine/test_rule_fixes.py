"""Issue 9, items 1-4: rule decisions of RULES.md §8-§9, each on a constructed deal played
through the engine (and replayed from its hand record)."""

from fractions import Fraction

import pytest

from tarot_teach import (DECK, GameState, InvalidRecord, RuleSet, Slam, parse_card, replay,
                         score)
from tarot_teach.cards import PETIT, cards_of

ALL = [str(c) for c in DECK]


def _suit(letter, ranks):
    return [f"{rank}{letter}" for rank in ranks]


def _complete(hands, dog):
    assert sorted(sum(hands, []) + dog) == sorted(ALL), "every card exactly once"
    return hands, dog


def _play(state, lead_order=None, keep_petit=True):
    """Play out: seat 0 (the taker) leads from ``lead_order`` when it is legal; every other
    card is the first legal one, but the Petit as late as possible when ``keep_petit``."""
    lead_order = list(lead_order or [])
    while not state.is_over:
        legal = state.legal_actions()
        cards = [a for a in legal if a in DECK]
        if state.to_act == 0 and lead_order and parse_card(lead_order[0]) in cards:
            state.play(parse_card(lead_order.pop(0)))
            continue
        if keep_petit and len(cards) > 1 and PETIT in cards:
            cards.remove(PETIT)
        state.play(cards[-1] if cards else legal[0])
    return state


# ----- item 1: a Petit forced into the last trick of a slam completed by the Excuse -----------


def _excuse_slam_deal():
    """Seat 0 holds the Excuse, T21-T18 and the top spades and hearts; seat 1 holds T1-T5
    and the low spades and hearts, so it follows every lead and keeps the Petit to the end;
    seats 2 and 3 hold four trumps each and no spade or heart."""
    taker = ["EX", "T21", "T20", "T19", "T18"] + _suit("S", "K Q C J 10 9 8".split()) \
        + _suit("H", "K Q C J 10 9".split())
    petit = ["T1", "T2", "T3", "T4", "T5"] + _suit("S", range(1, 8)) + _suit("H", range(3, 9))
    others = _suit("D", ["K", "Q", "C", "J"] + list(range(1, 11))) \
        + _suit("C", ["K", "Q", "C", "J"] + list(range(1, 11)))
    trumps = [f"T{n}" for n in range(6, 18)]
    hands = [taker, petit, trumps[:4] + others[:14], trumps[4:8] + others[14:]]
    return _complete(hands, trumps[8:] + ["1H", "2H"])


def test_petit_forced_under_the_excuse_on_the_last_trick_of_a_slam_is_au_bout():
    hands, dog = _excuse_slam_deal()
    state = GameState.from_hands(RuleSet(players=4), hands, dog, dealer=3)
    for bid in ("guard_without", "pass", "pass", "pass"):
        state.play(bid)
    state.play(Slam.DECLINE)
    leads = ["T21", "T20", "T19", "T18"] + _suit("S", "K Q C J 10 9 8".split()) \
        + _suit("H", "K Q C J 10 9".split()) + ["EX"]
    _play(state, leads)
    last_leader, last, last_winner = state.tricks[-1]
    assert [DECK[i] for i in last][:2] == [parse_card("EX"), PETIT]  # the Petit under the Excuse
    assert last_winner == 0 and state.excuse_slam
    assert 1 not in state.tricks[-2][1]
    breakdown = state.result.breakdown
    assert breakdown.petit_au_bout == "taker"
    assert breakdown.chelem == "made"
    # Guard without, 91 points, 3 bouts: (25 + 55 + 10) × 4 + 200 = 560 per defender
    assert state.result.taker_points == 91 and state.result.taker_bouts == 3
    assert state.result.scores == (1680, -560, -560, -560)
    assert replay(state.to_record()) == state.result.to_dict()


def test_petit_won_in_the_second_to_last_trick_still_counts_before_an_excuse_slam():
    """§8's case is kept: the slam side wins the Petit in the second-to-last trick."""
    hands, dog = _excuse_slam_deal()
    # the taker swaps the 9 of hearts for the Petit
    hands[0][hands[0].index("9H")], hands[1][hands[1].index("T1")] = "T1", "9H"
    state = GameState.from_hands(RuleSet(players=4), hands, dog, dealer=3)
    for bid in ("guard_without", "pass", "pass", "pass"):
        state.play(bid)
    state.play(Slam.DECLINE)
    leads = ["T21", "T20", "T19", "T18"] + _suit("S", "K Q C J 10 9 8".split()) \
        + _suit("H", "K Q C J 10".split()) + ["T1", "EX"]
    _play(state, leads, keep_petit=False)
    assert state.excuse_slam and 1 in state.tricks[-2][1] and state.tricks[-2][2] == 0
    assert state.result.breakdown.petit_au_bout == "taker"


# ----- item 2: slam announced, and the defence takes every trick ----------------------------


def _defence_slam_deal(taker_keeps_excuse=False):
    """Seat 0 holds only spades and hearts from 1 to 9; seat 1 their higher cards and eight
    trumps, seat 2 the diamonds, seat 3 the clubs, with four trumps each."""
    taker = _suit("S", range(1, 10)) + _suit("H", range(1, 10))
    high = _suit("S", "10 J C Q K".split()) + _suit("H", "10 J C Q K".split())
    trumps = [f"T{n}" for n in range(1, 22)]
    hands = [taker, high + trumps[:8],
             _suit("D", ["K", "Q", "C", "J"] + list(range(1, 11))) + trumps[8:12],
             _suit("C", ["K", "Q", "C", "J"] + list(range(1, 11))) + trumps[12:16]]
    dog = ["EX"] + trumps[16:]
    if taker_keeps_excuse:
        hands[0][hands[0].index("1H")], dog[0] = "EX", "1H"
    return _complete(hands, dog)


def _announce_and_lose(taker_keeps_excuse=False):
    hands, dog = _defence_slam_deal(taker_keeps_excuse)
    state = GameState.from_hands(RuleSet(players=4), hands, dog, dealer=3)
    for bid in ("guard_against", "pass", "pass", "pass"):
        state.play(bid)
    state.play(Slam.ANNOUNCE)
    assert state.to_act == 0  # the announcer leads
    # the taker plays its Excuse on the second trick, if it has it, and else its lowest card
    while not state.is_over:
        legal = [a for a in state.legal_actions() if a in DECK]
        if state.to_act == 0:
            excuse = parse_card("EX")
            card = excuse if excuse in legal and len(state.tricks) == 1 else \
                min((c for c in legal if not c.is_excuse), key=lambda c: c.rank, default=legal[0])
        else:
            card = max(legal, key=lambda c: (c.is_trump, c.rank))
        state.play(card)
    return state


def test_announced_slam_lost_to_a_defence_slam_counts_both_minus_200():
    state = _announce_and_lose()
    assert state.side_tricks == [0, 18]
    breakdown = state.result.breakdown
    assert breakdown.chelem == "announced_failed_defence"
    # Guard against, 0 points, 0 bouts: -(25 + 56) × 6 - 200 - 200 = -886
    assert breakdown.hand_score == -886
    assert state.result.scores == (-2658, 886, 886, 886)
    assert replay(state.to_record()) == state.result.to_dict()


def test_the_summary_value_announced_failed_defence_adds_both_items():
    facts = {"players": 4, "bid": "guard_against", "taker_points": 0, "taker_bouts": 0}
    failed = score(dict(facts, chelem="announced_failed"))["hand_score"]
    defence = score(dict(facts, chelem="defence"))["hand_score"]
    both = score(dict(facts, chelem="announced_failed_defence"))["hand_score"]
    plain = score(facts)["hand_score"]
    assert both - plain == (failed - plain) + (defence - plain) == -400
    tens = dict(facts, variant={"alternative_scoring": "round_tens"})
    assert score(dict(tens, chelem="announced_failed_defence"))["hand_score"] \
        - score(tens)["hand_score"] == -1500


# ----- item 3: an exchange card that can never be given still moves its half point ----------
# (the FFT 87-point slam example: tests/engine/test_game.py::test_fft_example_slam_while_the_defence_...)


def test_a_taker_who_kept_the_excuse_and_won_nothing_counts_4_not_4_5():
    state = _announce_and_lose(taker_keeps_excuse=True)
    assert state.side_tricks == [0, 18]
    assert state.final_piles[0] == 1  # only the Excuse stayed with the taker
    assert state.unpaid_exchange == (1, 0)
    assert state.result.taker_points == 4
    assert state.result.taker_points + state.result.defence_points == 91
    assert replay(state.to_record())["taker_points"] == 4.0


def test_an_owed_card_paid_later_from_the_pile_is_not_counted_twice():
    """The usual case: the Excuse's side wins a small card later and gives it."""
    played = 0
    for seed in range(200):
        state = GameState.new(RuleSet(players=4), seed=seed)
        while not state.is_over:
            state.play(state.legal_actions()[-1])
        if state.result.void:
            continue
        played += 1
        owed = state.unpaid_exchange
        assert state.result.taker_half_points == \
            sum(c.half_points for c in cards_of(state.final_piles[0])) + owed[1] - owed[0]
        assert state.result.taker_points + state.result.defence_points == 91
    assert played > 100


# ----- item 4: a petit-sec record lists no bids -------------------------------------------------


def test_a_petit_sec_record_with_bids_is_refused_and_without_bids_replays():
    hands, dog = _excuse_slam_deal()
    # seat 1 keeps only the Petit as trump: its T2-T5 go to seat 2 for four diamonds
    moved = ["T2", "T3", "T4", "T5"]
    given = [c for c in hands[2] if c.endswith("D")][:4]
    hands[1] = [c for c in hands[1] if c not in moved] + given
    hands[2] = [c for c in hands[2] if c not in given] + moved
    record = {"players": 4, "dealer": 3, "hands": hands, "dog": dog}
    assert replay(record) == {"void": "petit_sec"}
    assert replay(dict(record, bids=[])) == {"void": "petit_sec"}
    with pytest.raises(InvalidRecord, match="petit sec"):
        replay(dict(record, bids=["pass"] * 4))


def test_unpaid_exchange_in_thirds_for_cosmic_tribe_is_one_unit():
    """Cosmic Tribe: the empty card is worth a third; an unpaid one moves a third."""
    rules = RuleSet(players=3, cosmic_tribe=True)
    for seed in range(300):
        state = GameState.new(rules, seed=seed)
        while not state.is_over:
            state.play(state.legal_actions()[0])
        if state.result.void:
            continue
        owed = state.unpaid_exchange
        assert Fraction(state.result.taker_half_points, 3) == state.result.taker_points
        assert state.result.taker_half_points == state._units_of(state.final_piles[0]) \
            + owed[1] - owed[0]


def test_a_goulash_exchange_card_never_given_still_moves_its_half_point():
    """Goulash: an Excuse player who never wins a small card still pays its half point."""
    import random as _random
    checked = 0
    for seed in range(200):
        state = GameState.new(RuleSet(goulash=True), seed=seed)
        if state.is_over:
            continue
        for _ in range(4):
            state.play("pass")
        rng = _random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            excuse = [c for c in legal if c in DECK and c.is_excuse]
            state.play(excuse[0] if excuse and rng.random() < 0.9
                       else legal[rng.randrange(len(legal))])
        units = [sum(c.half_points for c in cards_of(pile)) for pile in state.final_piles]
        for debtor, creditor in state.unpaid_debts:
            units[debtor] -= 1
            units[creditor] += 1
            checked += 1
        assert list(state.result.seat_units) == units
    assert checked
