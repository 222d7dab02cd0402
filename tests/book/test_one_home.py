"""One home for each rule: the pure functions of the engine agree with the game that uses
them, and the rule numbers are read from tarot_teach.tables."""

import random

import pytest

import tarot_teach
from tarot_teach import (Bid, GameState, Misere, Phase, RuleSet, Slam, callable_cards,
                         dog_destination, first_to_act, legal_bids, misere_kinds, misere_problem,
                         poignee_options, poignee_problem, random_playout)
from tarot_teach import tables
from tarot_teach.cards import DECK, cards_of, mask_of
from tarot_teach.game import Poignee
from tarot_teach.scoring import CHELEM_OUTCOMES, TARGETS
from tarot_teach.variants import COSMIC_TARGETS, SCORING_TABLES


def test_rule_numbers_come_from_the_tables():
    assert TARGETS is tables.TARGETS and RuleSet().targets is tables.TARGETS
    assert COSMIC_TARGETS is tables.COSMIC_TARGETS
    assert CHELEM_OUTCOMES is tables.CHELEM and SCORING_TABLES["fft"].chelem == tables.CHELEM
    for players in (3, 4, 5):
        assert RuleSet(players=players).handful_thresholds == tables.HANDFUL_THRESHOLDS[players]
    for bid in Bid:
        assert bid.multiplier == tables.MULTIPLIERS[bid.value]
        if bid is not Bid.PASS:
            assert RuleSet(pousse=True).multiplier(bid) == bid.multiplier


@pytest.mark.parametrize("players", [3, 4, 5])
def test_first_to_act_is_who_the_game_asks_first(players):
    for dealer in range(players):
        state = GameState.new(RuleSet(players=players), seed=dealer, dealer=dealer)
        if not state.is_over:
            assert state.to_act == first_to_act(dealer, players)


@pytest.mark.parametrize("bid", ["take", "guard", "guard_without", "guard_against"])
def test_dog_destination_is_what_the_game_does_with_the_dog(bid):
    for seed in range(30):
        state = GameState.new(RuleSet(), seed=seed, dealer=3)
        if state.is_over:
            continue
        state.play(bid)
        for _ in range(3):
            state.play("pass")
        destination = dog_destination(bid)
        other = (state.taker + 1) % 4
        assert (state.view(other).dog is not None) == (destination == "taken")
        assert (state.phase is Phase.DISCARD) == (destination == "taken")
        random_playout(state, random.Random(seed))
        dog = state.dealt_dog
        if destination == "taker_unseen":
            assert state.final_piles[0] & dog == dog
        elif destination == "defence_unseen":
            assert state.final_piles[1] & dog == dog
        return
    pytest.fail("no deal was played")


def test_dog_destination_refuses_pass():
    with pytest.raises(ValueError):
        dog_destination("pass")


def test_callable_cards_are_the_games_calls():
    rng = random.Random(5)
    seen_queens = False
    for seed in range(40):
        state = GameState.new(RuleSet(players=5), seed=seed)
        if state.is_over:
            continue
        taker = state.to_act
        # give the taker every King in some deals, to reach the Queen call
        if seed % 4 == 0:
            kings = [c for c in DECK if c.rank == 14 and c.suit.is_plain]
            hands = [cards_of(h) for h in state.hands]
            dog = cards_of(state.dog)
            for king in kings:
                holder = next((s for s, h in enumerate(hands) if king in h), None)
                if holder == taker:
                    continue
                swap = next(c for c in hands[taker] if c.rank != 14 or not c.suit.is_plain)
                if holder is None:
                    dog[dog.index(king)] = swap
                else:
                    hands[holder][hands[holder].index(king)] = swap
                hands[taker][hands[taker].index(swap)] = king
            try:
                state = GameState.from_hands(RuleSet(players=5), hands, dog)
            except ValueError:
                continue
            if state.is_over:
                continue
        before = state.hands[state.to_act]
        state.play("guard")
        for _ in range(4):
            state.play("pass")
        assert state.phase is Phase.CALLING
        assert state.legal_actions() == callable_cards(before)
        seen_queens |= state.legal_actions()[0].rank == 13
        state.play(state.legal_actions()[rng.randrange(4)])
    assert seen_queens


def test_callable_cards_go_down_to_the_jacks():
    everything = [c for c in DECK if c.suit.is_plain and c.rank >= 12]
    assert {c.rank for c in callable_cards(everything)} == {11}
    assert callable_cards(everything + [c for c in DECK if c.suit.is_plain and c.rank == 11]) == []


@pytest.mark.parametrize("players", [3, 4, 5])
def test_poignee_options_are_the_games_options(players):
    rules = RuleSet(players=players)
    found = 0
    for seed in range(400):
        state = GameState.new(rules, seed=seed)
        if state.is_over:
            continue
        for seat, hand in enumerate(state.hands):
            options = poignee_options(hand, players)
            assert options == poignee_options(cards_of(hand), rules)
            assert options == state._poignee_options(seat)
            for option in options:
                assert poignee_problem(hand, option.cards, option.level, players) is None
            found += bool(options)
    assert found


def test_poignee_problem_names_each_rule():
    hand = mask_of(c for c in DECK if 2 <= c.index <= 12) | 1  # T2-T12 and the Excuse
    trumps = [c for c in DECK if 2 <= c.index <= 11]
    assert poignee_problem(hand, trumps[:9] + [DECK[0]], "simple")[1] == "poignee_excuse"
    assert poignee_problem(hand, trumps[:9], "simple")[1] == "poignee_count"
    assert poignee_problem(hand, trumps[:9] + [DECK[40]], "simple")[1] == "poignee_cards"
    assert poignee_problem(hand, trumps[:9] + [trumps[0]], "simple")[1] == "poignee_cards"
    assert poignee_problem(hand, trumps, "simple") is None


def test_the_games_poignee_refusal_is_poignee_problem():
    # seat 1 (first to play) holds T2-T12, the Excuse and six spades
    seat1 = [DECK[i] for i in range(2, 13)] + [DECK[0]] + [DECK[i] for i in range(22, 28)]
    rest = [c for c in DECK if c not in seat1]
    hands = [rest[:18], seat1, rest[18:36], rest[36:54]]
    state = GameState.from_hands(RuleSet(), hands, rest[54:], dealer=0)
    for bid in ("pass", "pass", "pass", "guard_against"):
        state.play(bid)
    state.play(Slam.DECLINE)
    assert state.to_act == 1
    wrong = Poignee(tuple(seat1[:9]) + (DECK[0],), "simple")
    problem = poignee_problem(state.hands[1], wrong.cards, "simple")
    assert problem is not None and problem[1] == "poignee_excuse"
    with pytest.raises(tarot_teach.IllegalAction) as refused:
        state.play(wrong)
    assert (str(refused.value), refused.value.rule) == problem
    state.play(Poignee(tuple(seat1[:10]), "simple"))
    assert state.poignees[1] == tuple(seat1[:10])


def test_misere_options_and_refusal_are_the_games():
    rules = RuleSet(misere=True)
    checked = 0
    for seed in range(200):
        state = GameState.new(rules, seed=seed)
        if state.is_over:
            continue
        for bid in ("guard_against",) + ("pass",) * 3:
            state.play(bid)
        state.play(Slam.DECLINE)
        seat = state.to_act
        hand = state.hands[seat]
        offered = [a.kind for a in state.legal_actions() if isinstance(a, Misere)]
        assert offered == misere_kinds(hand)
        for kind in ("trumps", "honours"):
            problem = misere_problem(hand, kind, f"seat {seat}")
            if problem:
                with pytest.raises(tarot_teach.IllegalAction) as refused:
                    state.copy().play(Misere(kind))
                assert str(refused.value) == problem and refused.value.rule == "misere_hand"
                checked += 1
    assert checked


def test_legal_bids_are_the_games():
    state = GameState.new(RuleSet(pousse=True), seed=2)
    said = []
    for bid in ("pass", "pousse", "pass"):
        assert state.legal_actions() == legal_bids(said, RuleSet(pousse=True))
        state.play(bid)
        said.append(bid)
    assert legal_bids(said, RuleSet(pousse=True))[1:] == [Bid.GUARD, Bid.GUARD_WITHOUT,
                                                          Bid.GUARD_AGAINST]


def test_one_the_helper():
    from tarot_teach.names import the
    from tarot_teach.tricks import why_illegal
    from tarot_teach.discard import discard_problems
    assert why_illegal("KS T5", ["7H"], "QC") == f"You do not hold {the(DECK[-2])}."
    assert discard_problems(["KS"], ["T1"], 1)[-1] == "You do not hold the Petit (trump 1)."
