"""The one evaluator of card verdicts (tarot_teach.judge): honest statistics from a seat's
view."""

from fractions import Fraction

import pytest

from tarot_teach import GameState, RuleSet
from tarot_teach import judge
from tarot_teach.judge import BAND_THRESHOLDS, Band, band_for, judge_cards
from tarot_teach.players import ComputerPlayer
from tarot_teach.rules import Phase

THRESHOLD_BELOW = {band: limit for limit, band in
                   zip([limit for limit, _ in BAND_THRESHOLDS], list(Band)[2:])}
"""Each band worse than Good -> the threshold the whole interval must be above."""


def positions(seeds, tricks, players=4):
    """States of learner-played deals where the seat to play has a choice of cards."""
    for seed in seeds:
        state = GameState.new(RuleSet(players=players), seed=seed)
        player = ComputerPlayer()
        while not state.is_over:
            if state.phase is Phase.PLAYING and len(state.tricks) in tricks \
                    and len(state.legal_actions()) > 1:
                yield state.copy()
            state.play(player.decide(state).action)


@pytest.mark.slow  # whole deals reviewed or played by the strong level
def test_a_band_worse_than_good_needs_the_whole_interval_above_its_threshold():
    seen = set()
    for state in positions(range(6), {3, 8, 12, 15}):
        verdict = judge_cards(state, state.to_act)
        for card in verdict.legal:
            band = verdict.band(card)
            low, high = verdict.interval(card)
            assert low <= float(verdict.loss(card)) <= high
            if band in THRESHOLD_BELOW:
                assert low > THRESHOLD_BELOW[band] or verdict.exact
            if verdict.close(card):
                assert band is Band.GOOD and verdict.acceptable(card) and low <= 0
            if card in verdict.best:
                assert band is Band.BEST and verdict.loss(card) == 0
            # never harsher than the average loss
            assert list(Band).index(band) <= list(Band).index(band_for(verdict.loss(card)))
            seen.add(band)
    assert Band.BEST in seen and len(seen) >= 3


def test_cards_that_play_alike_get_the_same_values():
    """Two trumps (or cards of a suit) with no unseen card between them and the same
    value: one class, the same value on every deal."""
    found = 0
    for state in positions(range(10), {6, 12}):
        seat = state.to_act
        classes = judge.equivalent_cards(state, seat, [a for a in state.legal_actions()])
        twins = [card for card, stand_in in classes.items() if stand_in != card]
        if not twins:
            continue
        verdict = judge_cards(state, seat)
        for card in twins:
            assert verdict.values[card] == verdict.values[classes[card]]
            assert card.half_points == classes[card].half_points
            found += 1
        if found >= 3:
            break
    assert found >= 3


@pytest.mark.slow  # whole deals reviewed or played by the strong level
def test_more_deals_are_drawn_only_while_the_focus_card_is_uncertain():
    refined = plain = 0
    for state in positions(range(5), {4, 10}):
        seat = state.to_act
        first = judge_cards(state, seat)
        assert first.deals == judge.DEALS[0] or first.exact
        worst = first.ranked[-1]
        again = judge_cards(state, seat, focus=[worst])
        if first.uncertain(worst):
            assert again.deals == judge.DEALS[1]
            refined += 1
        else:
            assert again == first
            plain += 1
        # the first deals are the same whatever was asked before
        assert all(again.values[c][:first.deals] == first.values[c] for c in first.legal) \
            or first.exact
    assert refined and plain


@pytest.mark.slow  # deals sampled from seats' views of many positions: seconds
def test_the_seats_view_alone_seeds_the_deals():
    import random

    from tarot_teach.deal_sampling import sample_deals

    checked = 0
    for state in positions(range(3), {5, 14}):
        seat = state.to_act
        other = next((deal for deal in sample_deals(state.view(seat), 8, random.Random(3))
                      if deal.hands != state.hands), None)
        if other is None:
            continue
        judge._CACHE.clear()
        mine = judge_cards(state, seat)
        judge._CACHE.clear()
        assert judge_cards(other, seat) == mine
        checked += 1
    assert checked >= 4
    assert Fraction(0) == judge_cards(state, seat).loss(judge_cards(state, seat).ranked[0])
