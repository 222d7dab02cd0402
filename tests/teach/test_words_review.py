"""Issue 28 item 8: the review's sentences name cards by their symbols, never as codes."""

import random
import re

from tarot_teach import GameState, RuleSet
from tarot_teach.cards import Card
from tarot_teach.coach import _choice_entry
from tarot_teach.players import ComputerPlayer, discard_plans
from tarot_teach.rules import Phase

CODE = re.compile(r"\b(?:[KQCJ]|10|[2-9])[SHDC]\b|\bT\d{1,2}\b")


def test_a_discard_review_sentence_names_its_cards_with_symbols():
    state = GameState.new(RuleSet(players=4), seed=3)
    while state.phase is not Phase.DISCARD:
        state.play(ComputerPlayer().decide(state).action)
    usual = set(discard_plans(state)["usual"])
    other = next(plan for name, plan in discard_plans(state).items() if set(plan) != usual)
    entry = _choice_entry("discard", state, state.to_act, list(other), 4, random.Random(1))
    assert entry.chosen == " ".join(map(str, other)), "what is judged keeps the notation"
    assert "your discard (" in entry.why and "the computer's (" in entry.why
    assert not CODE.search(entry.why), entry.why
    assert all(card.short_name in entry.why for card in other if isinstance(card, Card))
