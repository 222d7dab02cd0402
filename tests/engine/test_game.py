"""A deal from the bids to the score (RULES.md §4–§10), on hands built for each rule.

``build`` makes a deal where given seats hold given cards (the rest is dealt
from a fixed shuffle) and ``play_out`` plays it to the end with a simple,
predictable policy, so that the expected outcome of each scenario can be
worked out from the rules by hand; the reasoning is written next to it.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from tarot_teach import (DECK, EXCUSE, PETIT, Bid, GameState, IllegalAction, Phase, Poignee,
                         RuleSet, Slam, count_bouts, has_petit_sec, parse_card, parse_cards,
                         points, random_playout, replay)
from tarot_teach.cards import cards_of

TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
SPADES_DOG = "2S 3S 4S 5S 6S 7S"  # a dog the taker can simply lay aside again


# ----- helpers ------------------------------------------------------------------------------------


def trumps(high: int, low: int) -> str:
    """``"T21 T20 … T5"``: trumps from ``high`` down to ``low``."""
    return " ".join(f"T{n}" for n in range(high, low - 1, -1))


def build(players=4, fixed=None, dog=None, dealer=0, seed=0, **variant) -> GameState:
    """A deal where seat ``s`` holds the cards ``fixed[s]`` (and the dog holds ``dog``);
    the other cards are shuffled (fixed seed) into the free places."""
    rules = RuleSet(players=players, **variant)
    fixed = {seat: parse_cards(cards) for seat, cards in (fixed or {}).items()}
    dog_cards = parse_cards(dog or "")
    used = set(dog_cards).union(*fixed.values()) if fixed else set(dog_cards)
    assert len(used) == len(dog_cards) + sum(len(c) for c in fixed.values()), "card given twice"
    rest = [card for card in DECK if card not in used]
    random.Random(seed).shuffle(rest)
    hands = []
    for seat in range(players):
        hand = list(fixed.get(seat, []))
        missing = rules.hand_size - len(hand)
        assert missing >= 0, f"seat {seat} given too many cards"
        hand += rest[:missing]
        rest = rest[missing:]
        hands.append(hand)
    dog_cards += rest[:rules.dog_size - len(dog_cards)]
    rest = rest[rules.dog_size - len(dog_cards):]
    assert len(dog_cards) == rules.dog_size
    assert not any(has_petit_sec(h) for h in hands), "the filled deal has a petit sec"
    return GameState.from_hands(rules, [[str(c) for c in h] for h in hands],
                                [str(c) for c in dog_cards], dealer)


def setup(state: GameState, bids, call=None, discard=None, chelem=False) -> GameState:
    """Play the auction (bids in speaking order), the call, the discard and the slam choice."""
    for bid in bids:
        state.play(bid)
    if call is not None:
        state.play(call)
    for card in parse_cards(discard or ""):
        state.play(card)
    state.play("chelem" if chelem else "no_chelem")
    assert state.phase is Phase.PLAYING
    return state


def choose(state: GameState, prefer=None, last=None):
    """The card the policy plays: the first legal card in the seat's order of preference:
    its ``prefer`` cards in the order given, then its other cards lowest first, the Excuse,
    and its ``last`` cards."""
    seat = state.to_act
    first = parse_cards((prefer or {}).get(seat, ""))
    final = parse_cards((last or {}).get(seat, ""))

    def rank(card):
        if card in first:
            return (0, first.index(card))
        if card in final:
            return (3, final.index(card))
        if card is EXCUSE:
            return (2, 0)
        return (1, card.index)

    cards = [a for a in state.legal_actions() if not isinstance(a, Poignee)]
    return min(cards, key=rank)


def play_out(state: GameState, prefer=None, last=None, poignees=None, check=None) -> GameState:
    """Play to the end with :func:`choose`; ``poignees[seat]`` is declared before its first card;
    ``check(state)`` is called before every card."""
    poignees = dict(poignees or {})
    while not state.is_over:
        if state.to_act in poignees and not state.tricks:
            state.play(poignees.pop(state.to_act))
        if check:
            check(state)
        state.play(choose(state, prefer, last))
    assert not poignees
    return state


def hand_score(taker_points, bouts, multiplier, pab=0, handful=0, chelem=0) -> int:
    """RULES.md §9 written out again: (25 + |P − target| + pab) × multiplier + poignée + chelem,
    the margin rounded up to a whole point, signs from the taker's side."""
    target = TARGET[bouts]
    made = taker_points >= target
    margin = math.ceil(abs(Fraction(taker_points) - target))
    base = 25 + margin if made else -(25 + margin)
    return (base + pab) * multiplier + (handful if made else -handful) + chelem


def pile(state: GameState, side: int) -> list:
    return cards_of(state.final_piles[side])


def last_trick(state: GameState):
    leader, cards, winner = state.tricks[-1]
    return [DECK[i] for i in cards], winner


# ----- bidding (§4) -------------------------------------------------------------------------------


def test_each_player_speaks_once_from_the_dealers_right():
    state = GameState.new(RuleSet(players=4), seed=5, dealer=2)
    order = []
    for bid in ("pass", "take", "pass", "pass"):
        order.append(state.to_act)
        state.play(bid)
    assert order == [3, 0, 1, 2]
    assert state.taker == 0 and state.contract is Bid.TAKE
    assert state.phase is Phase.DISCARD
    assert state.bids == [(3, Bid.PASS), (0, Bid.TAKE), (1, Bid.PASS), (2, Bid.PASS)]


def test_a_bid_must_beat_every_earlier_bid():
    state = GameState.new(RuleSet(players=4), seed=5)
    state.play("guard")
    assert state.legal_actions() == [Bid.PASS, Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST]
    record = state.to_record()
    for low in ("take", "guard"):
        with pytest.raises(IllegalAction) as caught:
            state.play(low)
        assert caught.value.rule == "bid_too_low"
        assert "bid higher or pass" in str(caught.value)
    assert state.to_record() == record and state.to_act == 2
    state.play("guard_against")
    assert state.legal_actions() == [Bid.PASS]
    with pytest.raises(IllegalAction):
        state.play("guard_against")  # equal is not higher


def test_the_highest_bid_wins_not_the_last():
    state = GameState.new(RuleSet(players=4), seed=8)
    for bid in ("pass", "guard_without", "pass", "pass"):
        state.play(bid)
    assert state.taker == 2 and state.contract is Bid.GUARD_WITHOUT
    assert state.phase is Phase.SLAM  # no dog to take, no discard


def test_bids_in_french_and_english_words():
    state = GameState.new(RuleSet(players=3), seed=8)
    for bid in ("Passe", "Garde sans", "pass"):
        state.play(bid)
    assert state.contract is Bid.GUARD_WITHOUT


@pytest.mark.parametrize("players", [3, 4, 5])
def test_all_pass_voids_the_deal(players):
    state = GameState.new(RuleSet(players=players), seed=1)
    for _ in range(players):
        assert not state.is_over
        state.play("pass")
    assert state.phase is Phase.VOID and state.is_over
    assert state.result.to_dict() == {"void": "all_passed"}
    assert replay(state.to_record()) == {"void": "all_passed"}
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction) as caught:
        state.play("take")
    assert caught.value.rule == "deal_over"


def test_wrong_kind_of_action_is_refused_with_its_rule():
    state = GameState.new(RuleSet(players=4), seed=5)
    with pytest.raises(IllegalAction) as caught:
        state.play("KH")
    assert caught.value.rule == "bad_input"
    with pytest.raises(IllegalAction) as caught:
        state.play(parse_card("KH"))
    assert caught.value.rule == "wrong_phase"
    with pytest.raises(IllegalAction) as caught:
        state.play("pousse")  # not a bid without the variant
    assert caught.value.rule == "unknown_bid"


# ----- the dog and the discard (§4, §5) ------------------------------------------------------


@pytest.mark.parametrize("bid", ["take", "guard"])
def test_take_and_guard_put_the_dog_in_the_hand_then_a_discard(bid):
    state = build(fixed={1: "KS KH T21 T1 EX"}, dog="KD T5 2C 3C 4C 5C")
    held = set(state.hand(1))
    state.play(bid)
    for _ in range(3):
        state.play("pass")
    assert state.phase is Phase.DISCARD and state.to_act == 1
    dog = set(parse_cards("KD T5 2C 3C 4C 5C"))
    assert set(state.hand(1)) == held | dog and len(state.hand(1)) == 24
    assert set(state.view(0).dog) == dog  # the dog is shown to everybody
    options = state.legal_actions()
    assert options and all(c.suit.is_plain and not c.is_king for c in options)
    for refused, rule in (("KD", "discard_king"), ("T21", "discard_bout"), ("EX", "discard_bout"),
                          ("T5", "discard_trump")):
        with pytest.raises(IllegalAction) as caught:
            state.play(refused)
        assert caught.value.rule == rule
    discard = [c for c in options][:6]
    for card in discard:
        state.play(card)
    assert state.phase is Phase.SLAM and len(state.hand(1)) == 18
    assert set(state.view(1).discard) == set(discard)  # the taker sees the discard
    assert all(state.view(seat).discard is None for seat in (0, 2, 3))  # nobody else
    state.play("no_chelem")
    random_playout(state, random.Random(1))
    assert set(discard) <= set(pile(state, 0))  # the discard counts for the taker


def test_discarded_trumps_are_shown_to_everybody():
    # the taker's hand has only 4 plain cards that may go: two trumps must be discarded
    taker = "KS KH KD KC T21 T1 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"
    state = build(fixed={1: taker}, dog="T13 T14 2S 3H QD 5C")
    for bid in ("guard", "pass", "pass", "pass"):
        state.play(bid)
    small_trumps = {f"T{n}" for n in range(2, 15)}
    # six to lay aside, four plain cards that may go: two small trumps must go too
    assert {str(c) for c in state.legal_actions()} == {"2S", "3H", "QD", "5C"} | small_trumps
    state.play("T2")
    assert {str(c) for c in state.legal_actions()} == {"2S", "3H", "QD", "5C"} | small_trumps - {"T2"}
    state.play("T14")
    # now the four plain cards fill the discard: no more trumps
    assert {str(c) for c in state.legal_actions()} == {"2S", "3H", "QD", "5C"}
    with pytest.raises(IllegalAction) as caught:
        state.play("T3")
    assert caught.value.rule == "discard_trump"
    for card in ("2S", "3H", "QD", "5C"):
        state.play(card)
    for seat in range(4):
        assert [str(c) for c in state.view(seat).discarded_trumps] == ["T2", "T14"]


@pytest.mark.parametrize("bid, side", [("guard_without", 0), ("guard_against", 1)])
def test_guard_without_and_against_leave_the_dog_unseen_and_count_it_at_the_end(bid, side):
    state = GameState.new(RuleSet(players=4), seed=21)
    dog = set(cards_of(state.dealt_dog))
    state.play(bid)
    for _ in range(3):
        state.play("pass")
    assert state.phase is Phase.SLAM  # no discard
    assert len(state.hand(1)) == 18
    assert all(state.view(seat).dog is None for seat in range(4))
    state.play("no_chelem")
    while not state.is_over:
        assert all(state.view(seat).dog is None for seat in range(4))
        actions = state.legal_actions()
        state.play(actions[len(state.history) % len(actions)])
    assert dog <= set(pile(state, side))
    assert not dog & set(pile(state, 1 - side))
    assert "discard" not in state.to_record()
    assert set(state.view(2).dog) == dog  # shown once the deal is over


# ----- slam announcement, first lead ---------------------------------------------------------


def test_without_a_slam_the_seat_after_the_dealer_leads():
    state = GameState.new(RuleSet(players=4), seed=8, dealer=1)
    for bid in ("pass", "guard_without", "pass", "pass"):
        state.play(bid)
    assert state.taker == 3
    state.play("no_chelem")
    assert state.to_act == 2 and not state.chelem_announced


def test_a_slam_announcement_makes_the_taker_lead():
    state = GameState.new(RuleSet(players=4), seed=8, dealer=1)
    for bid in ("pass", "guard_without", "pass", "pass"):
        state.play(bid)
    assert state.legal_actions() == [Slam.ANNOUNCE, Slam.DECLINE]
    with pytest.raises(IllegalAction) as caught:
        state.play("yes")
    assert caught.value.rule == "bad_input"
    state.play("chelem")
    assert state.to_act == 3 and state.chelem_announced
    assert state.to_record()["declarations"]["chelem"] is True


# ----- five players: the call, the secret partner, the first lead (§10) --------------------------


FIVE_TAKER = "KD T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 2H 3H 4H 5H"


def five_player_deal(**variant):
    # seat 1 (first to speak) takes; seat 3 holds the King of spades
    return build(players=5, fixed={1: FIVE_TAKER, 3: "KS QS", 2: "T1 T2 EX"}, dog="2C 3C 4C",
                 **variant)


def test_five_players_call_a_king_before_the_dog_is_seen():
    state = five_player_deal()
    for bid in ("take", "pass", "pass", "pass", "pass"):
        state.play(bid)
    assert state.phase is Phase.CALLING and state.to_act == 1
    assert [str(c) for c in state.legal_actions()] == ["KS", "KH", "KD", "KC"]
    for seat in range(5):
        assert state.view(seat).dog is None, "the dog is shown only after the call"
    assert len(state.hand(1)) == 15
    with pytest.raises(IllegalAction) as caught:
        state.play("QS")
    assert caught.value.rule == "call" and "King" in str(caught.value)
    state.play("KS")
    assert state.called is parse_card("KS")
    assert state.phase is Phase.DISCARD and len(state.hand(1)) == 18
    assert {str(c) for c in state.view(4).dog} == {"2C", "3C", "4C"}


@pytest.mark.parametrize("held, called", [
    ("KS KH KD KC", ["QS", "QH", "QD", "QC"]),
    ("KS KH KD KC QS QH QD QC", ["CS", "CH", "CD", "CC"]),
    ("KS KH KD KC QS QH QD QC CS CH CD CC", ["JS", "JH", "JD", "JC"]),
    ("KS KH KD QS QH QD QC", ["KS", "KH", "KD", "KC"]),  # a King may be called even if held
])
def test_a_taker_with_all_four_kings_calls_a_queen(held, called):
    state = build(players=5, fixed={1: held + " T21 T20"})
    for bid in ("guard", "pass", "pass", "pass", "pass"):
        state.play(bid)
    assert [str(c) for c in state.legal_actions()] == called


def test_the_partner_is_secret_until_the_called_card_is_played():
    state = setup(five_player_deal(), ("guard", "pass", "pass", "pass", "pass"), call="KS",
                  discard="2C 3C 4C")
    assert state.partner == 3
    seen = []

    def check(state):
        played = any(parse_card("KS").index in cards for _, cards, _ in state.tricks) or \
            parse_card("KS").index in state.trick
        for seat in range(5):
            shown = state.view(seat).partner
            if seat == 3 or played:
                assert shown == 3
            else:
                assert shown is None, f"seat {seat} sees the partner too early"
        seen.append(played)

    play_out(state, prefer={3: "QS"}, last={3: "KS"}, check=check)
    assert False in seen and True in seen
    assert all(state.view(seat).partner == 3 for seat in range(5))
    result = state.result
    s = -result.scores[0]
    assert result.scores == tuple([-s, 2 * s, -s, s, -s])  # taker 2s, partner s, defenders −s
    assert result.partner == 3


def test_a_called_king_in_the_dog_means_the_taker_plays_alone():
    state = build(players=5, fixed={1: FIVE_TAKER, 2: "T1 T2 EX"}, dog="KS 2C 3C")
    setup(state, ("take", "pass", "pass", "pass", "pass"), call="KS", discard="2C 3C 4H")
    assert state.partner is None
    play_out(state)
    s = -state.result.scores[0]
    assert state.result.scores == tuple([-s, 4 * s, -s, -s, -s])
    assert state.result.partner is None


def test_a_taker_who_calls_his_own_king_plays_alone():
    state = setup(five_player_deal(), ("take", "pass", "pass", "pass", "pass"), call="KD",
                  discard="2C 3C 4C")
    assert state.partner is None
    play_out(state)
    s = -state.result.scores[0]
    assert state.result.scores[1] == 4 * s and sum(state.result.scores) == 0


def test_the_first_lead_may_not_be_in_the_called_suit_except_the_called_card():
    # seat 2 takes and calls the King of hearts; seat 1 leads and holds hearts
    leader = "2H 3H 4H 5S 6S T3 T4"
    state = build(players=5, fixed={1: leader, 2: "T21 T20 T19 KS KD KC", 3: "KH"})
    setup(state, ("pass", "guard_without", "pass", "pass", "pass"), call="KH")
    assert state.to_act == 1
    assert not any(c.suit.value == "H" for c in state.legal_actions() if not isinstance(c, Poignee))
    record = state.to_record()
    with pytest.raises(IllegalAction) as caught:
        state.play("2H")
    assert caught.value.rule == "called_suit_lead"
    assert "called suit" in str(caught.value) and "hearts" in str(caught.value)
    assert state.to_record() == record
    state.play("5S")
    # the rule is only for the opening lead: followers must still follow hearts later, and
    # the second trick's leader may lead anything
    while len(state.tricks) < 1:
        state.play(choose(state))
    leader = state.to_act
    cards = [c for c in state.legal_actions() if not isinstance(c, Poignee)]
    assert set(cards) == set(state.hand(leader))


def test_the_called_card_itself_may_open():
    state = build(players=5, fixed={1: "KH 2H 3H 5S", 2: "T21 T20 T19 KS KD KC"})
    setup(state, ("pass", "guard_without", "pass", "pass", "pass"), call="KH")
    cards = {str(c) for c in state.legal_actions() if not isinstance(c, Poignee)}
    assert "KH" in cards and "2H" not in cards and "3H" not in cards
    state.play("KH")
    assert state.partner == 1 and all(state.view(s).partner == 1 for s in range(5))


# ----- poignée (§6) -------------------------------------------------------------------------------


def poignee_deal(taker: str, other: str = "", players=4):
    """Seat 1 (the first to speak and to lead) takes; seat 2 holds ``other``."""
    fixed = {1: taker}
    if other:
        fixed[2] = other
    dog = " ".join(SPADES_DOG.split()[:RuleSet(players=players).dog_size])
    state = build(players=players, fixed=fixed, dog=dog)
    bids = ["take"] + ["pass"] * (players - 1)
    call = "KH" if players == 5 else None
    return setup(state, bids, call=call, discard=dog)


def offered(state):
    return {(p.level, len(p.cards), EXCUSE in p.cards)
            for p in state.legal_actions() if isinstance(p, Poignee)}


def test_poignee_levels_offered_for_four_players():
    state = poignee_deal(trumps(15, 1) + " 2H 3H 4H", other="T16 T17 T18 EX")
    assert offered(state) == {("simple", 10, False), ("double", 13, False),
                              ("triple", 15, False)}


@pytest.mark.parametrize("players, counts", [(3, (13, 15, 18)), (5, (8, 10, 13))])
def test_poignee_thresholds_for_three_and_five_players(players, counts):
    state = poignee_deal(trumps(counts[2], 1) + " 2H", players=players)
    assert offered(state) == {(level, n, False)
                              for level, n in zip(("simple", "double", "triple"), counts)}


def test_a_poignee_shows_exactly_the_count():
    state = poignee_deal(trumps(12, 1) + " 2H 3H 4H 5H 6H 7H")
    assert offered(state) == {("simple", 10, False)}
    record = state.to_record()
    for cards, level in ((trumps(11, 1), "simple"), (trumps(9, 1), "simple"),
                         (trumps(10, 1), "double")):
        with pytest.raises(IllegalAction) as caught:
            state.play(Poignee(tuple(parse_cards(cards)), level))
        assert caught.value.rule == "poignee_count"
        assert state.to_record() == record
    with pytest.raises(IllegalAction) as caught:
        state.play(Poignee(tuple(parse_cards(trumps(9, 1) + " T21")), "simple"))
    assert caught.value.rule == "poignee_cards"  # T21 is not seat 1's
    with pytest.raises(IllegalAction) as caught:
        state.play(Poignee(tuple(parse_cards(trumps(9, 1) + " 2H")), "simple"))
    assert caught.value.rule == "poignee_cards"  # not a trump
    # a smaller handful than held is allowed
    state.play(Poignee(tuple(parse_cards(trumps(12, 3))), "simple"))
    assert [str(c) for c in state.view(0).poignees[1]] == trumps(12, 3).split()
    shown = state.to_record()["declarations"]["poignees"]
    assert list(shown) == ["1"] and set(shown["1"]) == {f"T{n}" for n in range(3, 13)}


def test_a_poignee_written_with_card_names_or_malformed():
    state = poignee_deal(trumps(12, 1) + " 2H 3H 4H 5H 6H 7H")
    record = state.to_record()
    for bad in (Poignee(None, "simple"), Poignee(("T1", "11H"), "simple"), Poignee(5, "simple")):
        with pytest.raises(IllegalAction) as caught:
            state.play(bad)
        assert caught.value.rule in ("bad_input", "poignee_cards")
        assert state.to_record() == record
    state.play(Poignee(tuple(f"t{n}" for n in range(1, 11)), "simple"))  # names, any case
    assert state.poignees[1] == tuple(parse_cards(trumps(1, 1) + " " + " ".join(
        f"T{n}" for n in range(2, 11))))
    assert state.to_record()["declarations"]["poignees"]["1"] == [f"T{n}" for n in range(1, 11)]


def test_the_excuse_completes_a_poignee_only_without_another_trump():
    # seat 1: 9 trumps and the Excuse: the Excuse makes the tenth card
    state = poignee_deal(trumps(10, 2) + " EX 2H 3H 4H 5H 6H 7H 8H 9H", other="T1 T11")
    assert offered(state) == {("simple", 10, True)}
    state.play(Poignee(tuple(parse_cards(trumps(10, 2) + " EX")), "simple"))
    assert state.poignees[1][-1] is EXCUSE


def test_the_excuse_may_not_replace_a_trump_still_held():
    state = poignee_deal(trumps(11, 2) + " EX 2H 3H 4H 5H 6H 7H 8H", other="T1 T12")
    assert offered(state) == {("simple", 10, False)}
    with pytest.raises(IllegalAction) as caught:
        state.play(Poignee(tuple(parse_cards(trumps(10, 2) + " EX")), "simple"))
    assert caught.value.rule == "poignee_excuse"
    assert "no other trump" in str(caught.value)


def test_a_poignee_is_declared_only_before_the_first_card():
    state = poignee_deal(trumps(12, 2) + " 2H 3H 4H 5H 6H 7H 8H", other="T1 " + trumps(21, 13))
    assert offered(state)
    state.play(Poignee(tuple(parse_cards(trumps(11, 2))), "simple"))
    with pytest.raises(IllegalAction) as caught:  # once
        state.play(Poignee(tuple(parse_cards(trumps(12, 3))), "simple"))
    assert caught.value.rule == "poignee_timing"
    assert not offered(state)
    state.play(choose(state))
    # seat 2 (9 trumps) may still show before its first card
    assert state.to_act == 2 and offered(state) == {("simple", 10, False)}
    while not state.tricks:
        state.play(choose(state))
    for seat_actions in range(4):
        assert not offered(state)
        hand_trumps = [c for c in state.hand(state.to_act) if c.is_trump]
        if len(hand_trumps) >= 10:
            with pytest.raises(IllegalAction) as caught:
                state.play(Poignee(tuple(hand_trumps[:10]), "simple"))
            assert caught.value.rule == "poignee_timing"
        state.play(choose(state))


def test_a_defenders_poignee_goes_to_the_side_that_wins():
    # seat 2 (a defender) shows 10 trumps; the bonus goes to whichever side wins the deal
    state = poignee_deal("2H 3H 4H 5H 6H 7H 8H 9H 10H KS KD KC QS QD QC CS CD CC",
                         other=trumps(21, 12))
    play_out(state, poignees={2: Poignee(tuple(parse_cards(trumps(21, 12))), "simple")})
    result = state.result
    assert result.breakdown.poignees == ("simple",)
    taker_points = points(pile(state, 0))
    bouts = count_bouts(pile(state, 0))
    assert result.taker_points == taker_points
    _, cards, winner = state.tricks[-1]
    pab = 0 if PETIT.index not in cards else 10 if state.side_of(winner) == 0 else -10
    assert result.scores[1] == 3 * hand_score(taker_points, bouts, 1, pab=pab, handful=20)


# ----- view, undo, copy ---------------------------------------------------------------------------


def test_view_never_shows_another_seats_hand():
    state = GameState.new(RuleSet(players=4), seed=33)
    rng = random.Random(33)
    while not state.is_over:
        for seat in range(4):
            view = state.view(seat)
            assert list(view.hand) == state.hand(seat)
            others = set().union(*(state.hand(s) for s in range(4) if s != seat))
            assert not others & set(view.hand)
            assert not others & {a for a in view.legal_actions if hasattr(a, "suit")}
            if seat != state.to_act:
                assert view.legal_actions == ()
            if state.taker is not None and seat != state.taker:
                assert view.discard is None
        actions = state.legal_actions()
        state.play(actions[rng.randrange(len(actions))])
    with pytest.raises(ValueError):
        state.view(4)


def test_undo_goes_back_one_action_and_leaves_the_state_alone():
    state = GameState.new(RuleSet(players=4), seed=2)
    with pytest.raises(IllegalAction) as caught:
        state.undo()
    assert caught.value.rule == "nothing_to_undo"
    records = [state.to_record()]
    rng = random.Random(2)
    for _ in range(30):
        actions = state.legal_actions()
        state.play(actions[rng.randrange(len(actions))])
        records.append(state.to_record())
    current = state.to_record()
    earlier = state.undo()
    assert earlier.to_record() == records[-2]
    assert state.to_record() == current
    assert earlier.undo().to_record() == records[-3]


def test_copy_is_independent():
    state = GameState.new(RuleSet(players=5), seed=4)
    for bid in ("guard", "pass", "pass", "pass", "pass"):
        state.play(bid)
    copy = state.copy()
    record, actions = state.to_record(), state.legal_actions()
    random_playout(copy, random.Random(4))
    assert copy.is_over
    assert state.to_record() == record and state.legal_actions() == actions
    assert state.phase is Phase.CALLING and state.result is None
    random_playout(state, random.Random(4))
    assert state.to_record() == copy.to_record()


# ----- the Excuse (§8) ----------------------------------------------------------------------------
#
# In these deals seat 1 (the first to speak and to lead, dealer 0) takes a Guard with a hand of
# high trumps, lays the dog aside again, and so wins every trick it leads with a trump.


def guard(state, chelem=False, discard=SPADES_DOG):
    bids = ("guard", "pass", "pass", "pass")
    return setup(state, bids, discard=discard, chelem=chelem)


def test_excuse_exchanged_for_a_half_point_card_before_the_last_trick():
    # Trick 1: T21 takes the Petit (seat 2) and the 3 (seat 3). Trick 2: the taker leads the
    # Excuse; seat 2's T2 sets trumps, seat 3's T4 wins it. The taker keeps the Excuse and
    # gives the defence a half-point card from its pile. The taker then wins every trick.
    state = build(fixed={1: "T21 EX " + trumps(20, 5), 2: "T1 T2", 3: "T3 T4"}, dog=SPADES_DOG)
    play_out(guard(state), prefer={1: "T21 EX " + trumps(20, 5)})
    cards, winner = [DECK[i] for i in state.tricks[1][1]], state.tricks[1][2]
    assert cards[:3] == parse_cards("EX T2 T4") and winner == 3
    lost = cards[1:]
    defence = pile(state, 1)
    assert EXCUSE in pile(state, 0) and EXCUSE not in defence
    assert set(lost) < set(defence) and len(defence) == 4
    given = (set(defence) - set(lost)).pop()
    assert given.points == Fraction(1, 2)
    assert state.result.taker_points == 91 - points(lost) - Fraction(1, 2)
    assert state.result.taker_bouts == 3
    assert state.result.breakdown.chelem is None  # the Excuse's trick was lost


def test_excuse_exchange_waits_until_the_side_has_a_card():
    # The taker leads the Excuse to the very first trick, with no pile yet; seat 3's T3 wins.
    # The half-point card is given once the taker wins trick 2.
    state = build(fixed={1: "EX " + trumps(21, 5), 2: "T1 T2", 3: "T3 T4"}, dog=SPADES_DOG)
    play_out(guard(state), prefer={1: "EX " + trumps(21, 5)})
    cards, winner = [DECK[i] for i in state.tricks[0][1]], state.tricks[0][2]
    assert cards[:3] == parse_cards("EX T1 T3") and winner == 3
    defence = pile(state, 1)
    assert len(defence) == 4 and set(cards[1:]) < set(defence)
    assert state.result.taker_points == 91 - points(cards[1:]) - Fraction(1, 2)
    assert state.result.taker_bouts == 2  # the 21 and the Excuse; the Petit was lost


# A deal where the taker keeps the Excuse to the last trick and loses it: trick 1 (2H 3H 4H KH)
# goes to seat 0's King, so the taker's side has not won every earlier trick; then the taker
# trumps or leads trumps and wins tricks 2-17, and leads the Excuse to trick 18, which the
# defence wins.
def taker_excuse_last(**variant):
    state = build(fixed={1: "2H " + trumps(21, 6) + " EX", 2: "3H T1 T2 T3", 3: "4H T4 T5",
                         0: "KH"}, dog=SPADES_DOG, **variant)
    play_out(guard(state), prefer={1: "2H " + trumps(21, 6), 2: "3H", 3: "4H", 0: "KH"})
    assert [DECK[i] for i in state.tricks[0][1]] == parse_cards("2H 3H 4H KH")
    cards, winner = last_trick(state)
    assert cards[0] is EXCUSE and winner != 1
    return state, cards


def test_taker_excuse_on_the_last_trick_changes_sides():
    state, cards = taker_excuse_last()
    assert EXCUSE in pile(state, 1)
    assert state.result.taker_points == 91 - 6 - points(cards)
    assert state.result.taker_bouts == 2


def test_taker_excuse_on_the_last_trick_to_the_winner_variant():
    state, cards = taker_excuse_last(excuse_last_trick_to_winner=True)
    assert EXCUSE in pile(state, 1)  # the defence won the trick
    assert state.result.taker_points == 91 - 6 - points(cards)


def test_taker_excuse_on_the_last_trick_always_kept_variant():
    state, cards = taker_excuse_last(excuse_always_kept=True)
    assert EXCUSE in pile(state, 0)
    # kept like any other trick: a half-point card goes to the defence in exchange
    assert state.result.taker_points == 91 - 6 - (points(cards) - EXCUSE.points) - Fraction(1, 2)
    assert state.result.taker_bouts == 3


# A deal where a defender keeps the Excuse to the last trick and its own side wins that trick:
# the taker wins tricks 1-17 with trumps (taking the Petit in trick 1), then leads 2H; seat 2
# has only the Excuse left and seat 0's King of hearts wins.
def defence_excuse_last(**variant):
    state = build(fixed={1: trumps(21, 5) + " 2H", 2: "T1 T2 EX", 3: "T3 T4", 0: "KH"},
                  dog=SPADES_DOG, **variant)
    play_out(guard(state), prefer={1: trumps(21, 5)}, last={0: "KH"})
    cards, winner = last_trick(state)
    assert cards[0] is parse_card("2H") and cards[1] is EXCUSE and cards[3] is parse_card("KH")
    assert winner == 0
    return state, cards


def test_defence_excuse_on_the_last_trick_changes_sides_even_when_its_side_wins():
    state, cards = defence_excuse_last()
    assert EXCUSE in pile(state, 0)
    assert state.result.taker_points == 91 - (points(cards) - EXCUSE.points)
    assert state.result.taker_bouts == 3
    taker_points = state.result.taker_points
    assert taker_points.denominator == 2  # a half point, even with four players
    s = hand_score(taker_points, 3, 2)
    assert state.result.scores == (-s, 3 * s, -s, -s)


@pytest.mark.parametrize("variant", ["excuse_last_trick_to_winner", "excuse_always_kept"])
def test_defence_excuse_on_the_last_trick_stays_with_the_winning_defence(variant):
    state, cards = defence_excuse_last(**{variant: True})
    assert EXCUSE in pile(state, 1)
    assert state.result.taker_points == 91 - points(cards)
    assert state.result.taker_bouts == 2


@pytest.mark.parametrize("variant", [{}, {"excuse_last_trick_to_winner": True},
                                     {"excuse_always_kept": True}])
def test_slam_exception_the_excuse_wins_the_last_trick(variant):
    # Seat 2 takes and announces a slam, so it leads; it wins tricks 1-16 with T21-T6, trick 17
    # with the Petit (the defence's four trumps are gone) and leads the Excuse to trick 18,
    # which it wins: every card is the taker's, and the Petit counts au bout on trick 17.
    state = build(fixed={2: trumps(21, 6) + " T1 EX"}, dog=SPADES_DOG, **variant)
    setup(state, ("pass", "guard", "pass", "pass"), discard=SPADES_DOG, chelem=True)
    assert state.to_act == 2
    play_out(state, prefer={2: trumps(21, 6) + " T1 EX"})
    cards, winner = last_trick(state)
    assert cards[0] is EXCUSE and winner == 2
    assert PETIT.index in state.tricks[-2][1] and state.tricks[-2][2] == 2
    result = state.result
    assert result.taker_points == 91 and result.taker_bouts == 3
    assert len(pile(state, 1)) == 0
    assert result.breakdown.chelem == "announced_made"
    assert result.breakdown.petit_au_bout == "taker"
    s = hand_score(91, 3, 2, pab=10, chelem=400)
    assert s == 580
    assert result.scores == (-s, -s, 3 * s, -s)


def test_slam_not_announced_with_the_excuse_last():
    state = build(fixed={2: trumps(21, 6) + " T1 EX"}, dog=SPADES_DOG)
    setup(state, ("pass", "guard", "pass", "pass"), discard=SPADES_DOG)
    assert state.to_act == 1  # no announcement: the seat after the dealer leads
    play_out(state, prefer={2: trumps(21, 6) + " T1 EX"})
    assert all(winner == 2 for _, _, winner in state.tricks)
    result = state.result
    assert result.breakdown.chelem == "made" and result.breakdown.petit_au_bout == "taker"
    assert result.scores[2] == 3 * hand_score(91, 3, 2, pab=10, chelem=200) == 3 * 380


def test_petit_on_the_penultimate_trick_is_not_au_bout_without_the_slam_exception():
    # as above, but the Excuse is the defence's: the taker's last card is a small heart
    state = build(fixed={2: trumps(21, 6) + " T1 2H", 3: "EX"}, dog=SPADES_DOG)
    setup(state, ("pass", "guard", "pass", "pass"), discard=SPADES_DOG, chelem=True)
    play_out(state, prefer={2: trumps(21, 6) + " T1"}, last={3: "EX"})
    assert PETIT.index in state.tricks[-2][1]
    assert state.result.breakdown.petit_au_bout is None


def fft_slam_deal(defender_excuse_last: bool, **variant):
    # Seat 1: T21-T5 and the Petit; it announces a slam, shows a simple poignée and leads trumps
    # down, the Petit last. The defence holds T2, T3, T4 and the Excuse (seat 3).
    state = build(fixed={1: trumps(21, 5) + " T1", 2: "T3 T4", 3: "EX T2"}, dog=SPADES_DOG,
                  **variant)
    guard(state, chelem=True)
    handful = Poignee(tuple(parse_cards(trumps(14, 5))), "simple")
    prefer = {1: trumps(21, 5) + " T1"}
    if defender_excuse_last:
        play_out(state, prefer=prefer, last={3: "EX"}, poignees={1: handful})
    else:
        play_out(state, prefer={**prefer, 3: "EX"}, poignees={1: handful})
    assert all(winner == 1 for _, _, winner in state.tricks)
    assert PETIT.index in state.tricks[-1][1]
    return state


def test_fft_example_slam_while_the_defence_kept_its_excuse():
    # RULES.md §9: Guard, slam announced and made, the taker's handful and petit au bout, the
    # defence kept its Excuse (played in trick 1) and owes a half point it can never give:
    # the half point moves anyway (§8), 87 points, 2 bouts:
    # (46 + 25) × 2 + 20 + 20 + 400 = 582 per defender, taker +1746.
    state = fft_slam_deal(defender_excuse_last=False)
    assert EXCUSE.index in state.tricks[0][1]
    assert pile(state, 1) == [EXCUSE]  # the defence owes a half point it cannot give
    assert state.unpaid_exchange == (0, 1)
    result = state.result
    assert result.taker_points == 87 and result.taker_bouts == 2
    assert result.defence_points == 4
    assert result.breakdown.margin == 46
    assert result.breakdown.petit_au_bout == "taker"
    assert result.breakdown.chelem == "announced_made"
    assert result.breakdown.poignees == ("simple",)
    assert result.scores == (-582, 1746, -582, -582)
    assert replay(state.to_record()) == result.to_dict()


def test_defence_excuse_on_the_last_trick_of_the_takers_slam():
    # The defender keeps the Excuse to trick 18: its side has not won every earlier trick, so
    # no slam exception: the Excuse changes sides and the taker has all 91 points, 3 bouts.
    state = fft_slam_deal(defender_excuse_last=True)
    assert EXCUSE.index in state.tricks[-1][1]
    result = state.result
    assert result.taker_points == 91 and result.taker_bouts == 3
    assert result.scores[1] == 3 * hand_score(91, 3, 2, pab=10, handful=20, chelem=400) == 1800


def test_defence_excuse_on_the_last_trick_of_the_takers_slam_always_kept():
    state = fft_slam_deal(defender_excuse_last=True, excuse_always_kept=True)
    assert pile(state, 1) == [EXCUSE]
    assert state.result.scores == (-582, 1746, -582, -582)


def test_defence_slam_with_the_excuse_last():
    # The taker holds only small plain cards and no trump; the defence wins every trick, and
    # seat 3 keeps the Excuse for trick 18, which its side then wins.
    weak = "1S 2S 3S 4S 1H 2H 3H 4H 1D 2D 3D 4D 1C 2C 3C 4C 5C 6C"
    state = build(fixed={1: weak, 3: "EX " + trumps(21, 18), 2: trumps(17, 10),
                         0: trumps(9, 1)}, dog="5S 6S 7S 5H 6H 7H")
    for bid in ("take", "pass", "pass", "pass"):
        state.play(bid)
    for card in ("5S", "6S", "7S", "5H", "6H", "7H"):
        state.play(card)
    state.play("no_chelem")
    play_out(state, last={3: "EX"})
    assert all(state.side_of(winner) == 1 for _, _, winner in state.tricks)
    cards, winner = last_trick(state)
    assert EXCUSE in cards and winner == 3
    result = state.result
    assert result.breakdown.chelem == "defence"
    assert EXCUSE in pile(state, 1)
    assert set(pile(state, 0)) == set(parse_cards("5S 6S 7S 5H 6H 7H"))  # only the discard
    assert result.taker_points == 3 and result.taker_bouts == 0
    assert result.scores[1] == 3 * hand_score(3, 0, 1, chelem=-200)
