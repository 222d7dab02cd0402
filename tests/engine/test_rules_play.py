"""Playing to a trick (RULES.md §7), the discard (§5) and the deal (§3).

The expected answers are worked out from the rules by hand, case by case.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tarot_teach import (DECK, EXCUSE, GameState, IllegalAction, Phase, RuleSet,
                         Suit, deal_hands, discard_problems, discardable_cards, has_petit_sec,
                         led_suit, legal_cards, parse_card, parse_cards, trick_winner,
                         why_illegal)
from tarot_teach.deal import dealing_order


def names(cards):
    return sorted(str(c) for c in cards)


def legal(hand, trick):
    return names(legal_cards(hand, trick))


# ----- §7: which cards may be played ---------------------------------------------------------


def test_the_leader_may_play_anything():
    hand = "KH 2H T5 T21 EX 3C"
    assert legal(hand, []) == names(parse_cards(hand))


def test_follow_the_led_suit():
    assert legal("KH 2H T5 3C", ["7H"]) == ["2H", "KH"]


def test_follow_suit_even_when_a_trump_was_already_played():
    # hearts led, somebody trumped: a player with hearts still follows hearts
    assert legal("KH 2H T5 T21 3C", ["7H", "T8"]) == ["2H", "KH"]


def test_the_excuse_may_always_be_played_instead():
    assert legal("KH 2H T5 EX", ["7H"]) == ["2H", "EX", "KH"]
    assert legal("T5 T9 EX 3C", ["7H", "T8"]) == ["EX", "T9"]
    assert legal("T5 EX", ["T12"]) == ["EX", "T5"]
    assert legal("EX 3C", ["7H"]) == ["3C", "EX"]


def test_void_in_the_led_suit_you_must_trump():
    assert legal("KS T3 T12 2C", ["7H"]) == ["T12", "T3"]


def test_must_overtrump_when_trumping():
    assert legal("KS T3 T12", ["7H", "T8"]) == ["T12"]


def test_must_overtrump_even_over_a_partner():
    # the rule does not look at who played the trump: overtrumping is compulsory
    assert legal("T3 T12 T15", ["7H", "T8", "T10"]) == ["T12", "T15"]


def test_cannot_overtrump_then_any_trump():
    assert legal("KS T3 T5 2C", ["7H", "T8"]) == ["T3", "T5"]


def test_trumps_led_must_play_a_higher_trump_if_possible():
    assert legal("T3 T12 T15 KH", ["T10"]) == ["T12", "T15"]
    assert legal("T3 T12 T15 KH", ["T10", "T20"]) == ["T12", "T15", "T3"]  # cannot: any trump


def test_trumps_led_and_no_trump_then_any_card():
    assert legal("KH 2C 3D", ["T10"]) == ["2C", "3D", "KH"]


def test_no_suit_no_trump_then_any_card():
    assert legal("KS 2C 3D", ["7H"]) == ["2C", "3D", "KS"]
    assert legal("KS 2C 3D", ["7H", "T4"]) == ["2C", "3D", "KS"]


def test_excuse_led_the_next_card_is_free_and_sets_the_suit():
    assert legal("QC 3C T4 9D", ["EX"]) == ["3C", "9D", "QC", "T4"]
    assert legal("QC 3C T4 9D", ["EX", "5C"]) == ["3C", "QC"]
    assert legal("QC 3C T4 9D", ["EX", "T2"]) == ["T4"]
    assert legal("QC 3C T1 9D", ["EX", "T2"]) == ["T1"]  # cannot overtrump: any trump
    assert legal("QC 3C 9D", ["EX", "KH"]) == ["3C", "9D", "QC"]


def test_the_excuse_played_second_does_not_set_the_suit():
    assert legal("QC 3C T4 9D", ["9H", "EX"]) == ["T4"]
    assert led_suit(["9H", "EX"]) is Suit.HEARTS
    assert led_suit(["EX", "9D", "T4"]) is Suit.DIAMONDS
    assert led_suit(["EX"]) is None
    assert led_suit([]) is None
    assert led_suit(["T3", "5C"]) is Suit.TRUMPS


def test_legal_cards_never_offers_a_card_that_is_not_held():
    rng = random.Random(4)
    for _ in range(300):
        cards = list(DECK)
        rng.shuffle(cards)
        hand, trick = cards[:8], cards[8:8 + rng.randrange(5)]
        allowed = legal_cards(hand, trick)
        assert allowed and set(allowed) <= set(hand)
        for card in hand:
            assert (why_illegal(hand, trick, card) is None) == (card in allowed)


# ----- §7: the reasons, in plain words ---------------------------------------------------------


def test_why_follow_suit():
    message = why_illegal("KH 2H T5", ["7H"], "T5")
    assert "hearts" in message and "follow" in message


def test_why_must_trump():
    message = why_illegal("KS T5", ["7H"], "KS")
    assert "no hearts" in message and "must trump" in message


def test_why_overtrump():
    message = why_illegal("KS T3 T12", ["7H", "T8"], "T3")
    assert "overtrumping is compulsory" in message
    assert "8" in message and "12" in message  # the trump to beat, and the one that can


def test_why_trumps_led():
    message = why_illegal("T5 KH", ["T2"], "KH")
    assert "Trumps were led" in message and "must play a trump" in message


def test_why_not_held():
    assert why_illegal("KS T5", ["7H"], "QC") == "You do not hold the Queen of clubs."
    assert why_illegal("KS T5", ["7H"], "EX") == "You do not hold the Excuse."


def test_a_legal_card_has_no_reason():
    assert why_illegal("KS T5", ["7H"], "T5") is None
    assert why_illegal("KH 2H EX", ["7H"], "EX") is None


# ----- §7: who wins the trick --------------------------------------------------------------


@pytest.mark.parametrize("trick, winner", [
    (["9S", "KS", "2S", "QH"], "KS"),  # highest of the led suit; a King of another suit is nothing
    (["7H", "EX", "KH", "T2"], "T2"),  # any trump beats every plain card
    (["T2", "T21", "T20", "KS"], "T21"),
    (["EX", "3D", "KD", "1D"], "KD"),  # the Excuse never wins; the next card set the suit
    (["EX", "3D", "KC", "1D"], "3D"),
    (["2C", "KH", "QS", "JD"], "2C"),  # nobody followed: the lead wins
    (["1S", "10S", "CS", "JS"], "CS"),  # Knight above Jack above 10
    (["QH", "CH", "T1"], "T1"),  # the Petit is a trump too
    (["3D", "EX", "2D", "4D", "T1"], "T1"),
])
def test_trick_winner(trick, winner):
    assert trick_winner(trick) is parse_card(winner)


def test_the_excuse_never_wins_a_trick_by_itself():
    for led in ("2H", "T1", "KS"):
        assert trick_winner([led, "EX", "3C"]) is not EXCUSE
        assert trick_winner(["EX", led, "3C"]) is not EXCUSE


# ----- §7 in the game: refusals carry the rule, nothing changes ------------------------------


def _deal_in_trick():
    """A 4-player deal in the first trick: seat 1 led 7H; seat 2 holds hearts, trumps, clubs."""
    hands = [
        "KS QS CS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S KD QD CD T2",
        "7H 1H 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD T20 T19 T18 T17 T16",
        "KH 2H T3 T4 T5 T6 T7 KC QC CC JC 10C 9C 8C 7C 6C 5C EX",
        "QH CH JH 10H 9H 8H 6H 5H 4H 3H T8 T9 T10 T11 T12 T13 T14 T15",
    ]
    dog = "T21 T1 4C 3C 2C 1C"
    state = GameState.from_hands(RuleSet(players=4), [h.split() for h in hands], dog.split())
    for bid in ("guard", "pass", "pass", "pass"):
        state.play(bid)
    for card in ("4C", "3C", "2C", "1C", "1D", "2D"):
        state.play(card)
    state.play("no_chelem")
    state.play("7H")
    return state


def test_in_the_game_a_revoke_is_refused_with_the_rule_and_nothing_changes():
    state = _deal_in_trick()
    assert state.to_act == 2
    before = (state.to_record(), state.legal_actions())
    with pytest.raises(IllegalAction) as caught:
        state.play("KC")
    assert caught.value.rule == "follow_suit"
    assert caught.value.seat == 2
    assert "follow hearts" in str(caught.value)
    assert (state.to_record(), state.legal_actions()) == before
    assert names(c for c in state.legal_actions() if hasattr(c, "suit")) == ["2H", "EX", "KH"]
    with pytest.raises(IllegalAction) as caught:
        state.play("QH")
    assert caught.value.rule == "not_in_hand"
    state.play("EX")
    with pytest.raises(IllegalAction) as caught:
        state.play("T8")  # seat 3 holds hearts: trumping is a revoke
    assert caught.value.rule == "follow_suit" and caught.value.seat == 3
    state.play("3H")
    with pytest.raises(IllegalAction) as caught:
        state.play("KS")  # seat 0: no hearts, one trump
    assert caught.value.rule == "must_trump"
    assert "must trump" in str(caught.value)
    state.play("T2")
    assert state.tricks[-1][2] == 0  # the T2 wins; the Excuse never does
    assert state.to_act == 0


def test_in_the_game_overtrump_refusal_names_the_rule():
    state = _deal_in_trick()
    state.play("2H")
    state.play("3H")
    state.play("T2")
    # trick 2, seat 0 leads a diamond; seat 1 (the taker) holds diamonds: follows
    state.play("KD")
    state.play("3D")
    # seat 2 has no diamonds: must trump, and overtrump nothing yet: any trump
    with pytest.raises(IllegalAction) as caught:
        state.play("KC")
    assert caught.value.rule == "must_trump"
    state.play("T3")
    # seat 3 has no diamonds: must trump above the 3
    assert names(c for c in state.legal_actions() if hasattr(c, "suit")) == names(
        parse_cards("T8 T9 T10 T11 T12 T13 T14 T15"))
    state.play("T8")
    assert state.tricks[-1][2] == 3
    # trick 3: seat 3 leads trumps; seat 0 has none: any card
    state.play("T9")
    with pytest.raises(IllegalAction) as caught:
        state.play("T1")  # seat 0 does not hold the Petit (it was in the dog)
    assert caught.value.rule == "not_in_hand"
    state.play("KS")
    # seat 1 must play a trump above the 9
    with pytest.raises(IllegalAction) as caught:
        state.play("T1")
    assert caught.value.rule == "overtrump"
    assert "overtrumping is compulsory" in str(caught.value)
    with pytest.raises(IllegalAction) as caught:
        state.play("4D")
    assert caught.value.rule == "follow_trumps"


# ----- §5: the discard ------------------------------------------------------------------------

# A taker's 24 cards after taking the dog (4 players): 4 Kings, 3 bouts, 13 small trumps and
# only 4 small plain cards, so that two trumps must go to a discard of 6.
SHORT_HAND = parse_cards("KS KH KD KC T21 T1 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 "
                         "2S 3H QD 5C")
# The same size of hand with plenty of plain cards to discard.
LONG_HAND = parse_cards("KS KH T21 T1 EX T2 T3 T4 T5 T6 QS 2S 3S 4S 5S 6S 7S 8S QH 2H 3H 4H 5C 6C")


def test_a_legal_discard_has_no_problem():
    assert discard_problems(LONG_HAND, parse_cards("2S 3S 4S 5S QS QH"), dog_size=6) == []


@pytest.mark.parametrize("king", ["KS", "KH"])
def test_never_a_king(king):
    problems = discard_problems(LONG_HAND, parse_cards(f"{king} 2S 3S 4S 5S 6S"), dog_size=6)
    assert len(problems) == 1
    assert "King" in problems[0] and parse_card(king).name in problems[0]


@pytest.mark.parametrize("bout", ["T21", "T1", "EX"])
def test_never_a_bout(bout):
    problems = discard_problems(LONG_HAND, parse_cards(f"{bout} 2S 3S 4S 5S 6S"), dog_size=6)
    assert len(problems) == 1
    assert "bout" in problems[0]
    assert "the the" not in problems[0]


def test_never_a_bout_even_when_short_of_other_cards():
    problems = discard_problems(SHORT_HAND, parse_cards("2S 3H QD 5C T2 T1"), dog_size=6)
    assert len(problems) == 1 and "bout" in problems[0]


def test_a_trump_only_when_nothing_else_is_left():
    problems = discard_problems(LONG_HAND, parse_cards("T2 2S 3S 4S 5S 6S"), dog_size=6)
    assert len(problems) == 1
    assert "trump" in problems[0] and "nothing else" in problems[0]


def test_trumps_when_the_plain_cards_run_out():
    assert discard_problems(SHORT_HAND, parse_cards("2S 3H QD 5C T2 T14"), dog_size=6) == []


def test_one_trump_too_many_is_refused():
    # three plain cards and three trumps while a fourth plain card (5C) could go
    problems = discard_problems(SHORT_HAND, parse_cards("2S 3H QD T2 T3 T4"), dog_size=6)
    assert len(problems) == 1 and "trump" in problems[0]


def test_the_discard_is_checked_as_a_whole():
    problems = discard_problems(LONG_HAND, parse_cards("KS T21 T2 2S 3S 4S"), dog_size=6)
    assert len(problems) == 3
    text = " ".join(problems)
    assert "King of spades" in text and "21" in text and "trump 2" in text


def test_wrong_number_of_cards():
    problems = discard_problems(LONG_HAND, parse_cards("2S 3S 4S 5S 6S"), dog_size=6)
    assert problems == ["The discard must hold exactly 6 cards, not 5."]
    problems = discard_problems(LONG_HAND, parse_cards("2S 3S 4S 5S 6S 7S 8S"), dog_size=6)
    assert len(problems) == 1 and "exactly 6" in problems[0]
    assert discard_problems(LONG_HAND, parse_cards("2S 3S 4S"), dog_size=3) == []


def test_same_card_twice_and_cards_not_held():
    problems = discard_problems(LONG_HAND, parse_cards("2S 2S 3S 4S 5S 6S"), dog_size=6)
    assert any("twice" in p for p in problems)
    problems = discard_problems(LONG_HAND, parse_cards("9D 2S 3S 4S 5S 6S"), dog_size=6)
    assert problems == ["You do not hold the 9 of diamonds."]
    problems = discard_problems(SHORT_HAND, parse_cards("2S 3H QD 5C T2 T15"), dog_size=6)
    assert problems == ["You do not hold the trump 15."]
    hand = parse_cards("2S 3S 4S 5S 6S 7S T2")
    assert discard_problems(hand, parse_cards("EX 2S 3S"), dog_size=3) == [
        "You do not hold the Excuse."]
    assert discard_problems(hand, parse_cards("T1 2S 3S"), dog_size=3) == [
        "You do not hold the Petit (trump 1)."]


def test_discardable_cards():
    assert names(discardable_cards(LONG_HAND, 6)) == names(
        c for c in LONG_HAND if c.suit.is_plain and not c.is_king)
    # only four plain cards for six places: small trumps become possible
    assert names(discardable_cards(SHORT_HAND, 6)) == names(
        parse_cards("2S 3H QD 5C") + [c for c in SHORT_HAND if c.is_trump and not c.is_bout])
    assert names(discardable_cards(SHORT_HAND, 4)) == ["2S", "3H", "5C", "QD"]


# ----- §3: dealing ----------------------------------------------------------------------------


@pytest.mark.parametrize("players, hand, dog", [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_deal_sizes_and_completeness(players, hand, dog):
    for seed in range(20):
        hands, the_dog = deal_hands(RuleSet(players=players), seed=seed)
        assert [len(h) for h in hands] == [hand] * players
        assert len(the_dog) == dog
        everything = [c for h in hands for c in h] + list(the_dog)
        assert sorted(everything) == sorted(DECK)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_seeded_deal_is_reproducible(players):
    rules = RuleSet(players=players)
    assert deal_hands(rules, seed=12345) == deal_hands(rules, seed=12345)
    assert deal_hands(rules, seed="a text seed") == deal_hands(rules, seed="a text seed")
    deals = {str(deal_hands(rules, seed=seed)) for seed in range(30)}
    assert len(deals) == 30
    state_a = GameState.new(rules, seed=99)
    state_b = GameState.new(rules, seed=99)
    assert state_a.to_record() == state_b.to_record()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_dog_is_never_first_last_or_two_in_a_row(players):
    rules = RuleSet(players=players)
    seen_positions = Counter()
    for seed in range(400):
        pack, positions = dealing_order(rules, random.Random(seed))
        assert sorted(pack) == list(range(78))
        assert len(positions) == rules.dog_size == len(set(positions))
        assert all(0 < p < 77 for p in positions)
        ordered = sorted(positions)
        assert all(b - a > 1 for a, b in zip(ordered, ordered[1:]))
        # and always between two packets of three
        for p in positions:
            dealt_before = p - sum(1 for q in positions if q < p)
            assert dealt_before % rules.packet_size == 0
        seen_positions.update(positions)
    # it is a random choice: many different places are used
    assert len(seen_positions) > 15


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("dealer", [0, 2])
def test_the_deal_goes_round_in_packets_from_the_seat_after_the_dealer(players, dealer):
    rules = RuleSet(players=players)
    for seed in range(10):
        pack, positions = dealing_order(rules, random.Random(seed))
        expected = [[] for _ in range(players)]
        dog = []
        seat = (dealer + 1) % players
        in_packet = 0
        for position, index in enumerate(pack):
            if position in positions:
                dog.append(DECK[index])
                continue
            expected[seat].append(DECK[index])
            in_packet += 1
            if in_packet == 3:
                in_packet, seat = 0, (seat + 1) % players
        hands, the_dog = deal_hands(rules, seed=seed, dealer=dealer)
        assert [sorted(h) for h in hands] == [sorted(h) for h in expected]
        assert sorted(the_dog) == sorted(dog)


def test_has_petit_sec():
    assert has_petit_sec(parse_cards("T1 KH QH 2S"))
    assert not has_petit_sec(parse_cards("T1 EX KH QH"))  # the Excuse saves it
    assert not has_petit_sec(parse_cards("T1 T2 KH"))
    assert not has_petit_sec(parse_cards("T2 KH"))
    assert not has_petit_sec(parse_cards("KH QH"))


def _petit_sec_hands(with_excuse: bool):
    seat2 = "T1 " + ("EX " if with_excuse else "") + "KS QS CS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S KH QH JH"
    seat2 = seat2.split()[:18]
    rest = [c for c in DECK if str(c) not in seat2]
    hands = [[str(c) for c in rest[0:18]], [str(c) for c in rest[18:36]], seat2,
             [str(c) for c in rest[36:54]]]
    return hands, [str(c) for c in rest[54:60]]


def test_petit_sec_voids_the_deal():
    hands, dog = _petit_sec_hands(with_excuse=False)
    state = GameState.from_hands(RuleSet(players=4), hands, dog)
    assert state.phase is Phase.VOID and state.is_over
    assert state.result.to_dict() == {"void": "petit_sec"}
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction) as caught:
        state.play("pass")
    assert caught.value.rule == "deal_over"


def test_petit_with_the_excuse_is_not_sec():
    hands, dog = _petit_sec_hands(with_excuse=True)
    state = GameState.from_hands(RuleSet(players=4), hands, dog)
    assert state.phase is Phase.BIDDING and not state.is_over


def test_petit_sec_in_the_dog_does_not_count():
    hands, dog = _petit_sec_hands(with_excuse=False)
    # swap the Petit sec hand's T1 into the dog: the dog is nobody's hand
    seat2 = hands[2]
    seat2[seat2.index("T1")], dog[0] = dog[0], "T1"
    assert not any(has_petit_sec(h) for h in hands)
    state = GameState.from_hands(RuleSet(players=4), hands, dog)
    assert state.phase is Phase.BIDDING


def test_seeded_deals_void_exactly_when_a_hand_has_the_petit_sec():
    voided = 0
    for seed in range(3000):
        state = GameState.new(RuleSet(players=5), seed=seed)
        sec = any(has_petit_sec(h) for h in state.to_record()["hands"])
        assert (state.phase is Phase.VOID) == sec
        voided += sec
    assert voided > 0
