"""Hints and the computer players' reasons say what is true of the card they name: a trick is
never called lost when the card then wins it, and "a small card" (the book's word for the
0.5-point cards) is never a Queen, a Knight, a King or a bout."""

import re

import pytest

from tarot_teach import GameState, RuleSet
from tarot_teach.cards import Card
from tarot_teach.coach import advise
from tarot_teach.players import ComputerPlayer
from tarot_teach.rules import Phase


def _deals(players: int, seeds):
    """Every card decision of learner-level deals: (reason, card, seat, state after the deal)."""
    player = ComputerPlayer()
    for seed in seeds:
        state = GameState.new(RuleSet(players=players), seed=f"hints:{seed}")
        decisions = []
        while not state.is_over:
            seat, phase = state.to_act, state.phase
            decision = player.decide(state)
            trick_number = len(state.tricks)
            state.play(decision.action)
            if phase is Phase.PLAYING and isinstance(decision.action, Card):
                decisions.append((decision.reason, decision.action, seat, trick_number))
        yield state, decisions


def _trick_winner_card(state, trick_number):
    leader, cards, winner = state.view(0).tricks[trick_number]
    return cards[(winner - leader) % state.rules.players]


SMALL = re.compile(r"\bsmall (card|one|trump)\b", re.IGNORECASE)
LOST = re.compile(r"\blost\b|\bloses? the trick\b", re.IGNORECASE)


@pytest.mark.slow  # whole deals, every reason checked
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_computer_players_reasons_are_true_of_their_card(players):
    checked_small = checked_lost = 0
    for state, decisions in _deals(players, range(40)):
        if state.result is None or not state.tricks:
            continue
        for reason, card, seat, trick in decisions:
            if SMALL.search(reason):
                checked_small += 1
                assert card.half_points == 1, f"{card.name} called small: {reason}"
            if trick < len(state.tricks) and _trick_winner_card(state, trick) == card:
                assert not LOST.search(reason), f"{card.name} won its trick: {reason}"
                checked_lost += 1
    assert checked_small and checked_lost  # the checks did run


def test_coach_hints_never_call_a_won_trick_lost():
    """The table's Hint (coach.advise) on late positions of several deals."""
    player = ComputerPlayer()
    seen = 0
    for seed in range(6):
        state = GameState.new(RuleSet(players=4), seed=f"hint-late:{seed}")
        while not state.is_over and (state.phase is not Phase.PLAYING or len(state.tricks) < 14):
            state.play(player.decide(state).action)
        while not state.is_over:
            seat, before = state.to_act, len(state.tricks)
            card, reason = advise(state, seat, samples=2, seed=seed)
            state.play(card)
            trick_after = state.view(0).tricks[before:before + 1]
            if trick_after:
                leader, cards, winner = trick_after[0]
                if cards[(winner - leader) % 4] == card:
                    assert not LOST.search(reason), reason
                    seen += 1
            assert not SMALL.search(reason) or card.half_points == 1, reason
    assert seen
