"""The fast random deals (tarot_teach.playouts) are legal deals: the engine replays them to
the same taker points."""

import random

import pytest

from tarot_teach import GameState, RuleSet
from tarot_teach.cards import Card
from tarot_teach.declarations import Slam
from tarot_teach.playouts import random_deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_deals_replay_through_the_engine_to_the_same_points(players):
    rules = RuleSet(players=players)
    rng = random.Random(players)
    played = void = 0
    for number in range(150):
        dealer = number % players
        deal = random_deal(rules, rng, dealer)
        state = GameState(rules, deal.hands, deal.dog, dealer=dealer)
        for action in deal.actions:
            state.play(action)  # raises IllegalAction if the fast path broke a rule
        assert state.is_over
        if deal.taker_units is None:
            void += 1
            assert state.result is None or state.result.void
        else:
            played += 1
            assert state.result.taker_half_points == deal.taker_units
            assert Slam.DECLINE in deal.actions
            assert sum(isinstance(a, Card) for a in deal.actions) >= rules.tricks * players
    assert played > 100


def test_the_deals_vary_and_follow_the_seed():
    rules = RuleSet(players=4)
    first = [random_deal(rules, random.Random(7)).actions for _ in range(2)]
    assert first[0] == first[1]
    points = {random_deal(rules, random.Random(seed)).taker_units for seed in range(30)}
    assert len(points) > 10


def test_a_variant_is_refused():
    with pytest.raises(ValueError, match="FFT rules only"):
        random_deal(RuleSet(players=4, excuse_always_kept=True), random.Random(1))
