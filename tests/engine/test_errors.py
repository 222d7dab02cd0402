"""One error base (TarotError, a ValueError); unreadable card text is InvalidNotation (still an
InvalidCard); IllegalAction.rule is a Rule that equals today's rule strings."""

import json
import random

import pytest

from tarot_teach import (DECK, GameState, IllegalAction, InvalidCard, InvalidNotation,
                         InvalidRecord, Rule, RuleSet, TarotError, parse_card, replay, score)
from tarot_teach.discard import discard_refusal
from tarot_teach.tricks import explain_refusal


def test_every_error_is_a_tarot_error_and_a_value_error():
    for error in (IllegalAction, InvalidRecord, InvalidCard, InvalidNotation):
        assert issubclass(error, TarotError) and issubclass(error, ValueError)


@pytest.mark.parametrize("text", ["11H", "T22", "ZZ", "", "KHH"])
def test_unreadable_card_text_is_invalid_notation_caught_by_old_clauses(text):
    with pytest.raises(InvalidNotation) as caught:
        parse_card(text)
    assert isinstance(caught.value, InvalidCard) and "expected" in str(caught.value)
    try:
        parse_card(text)
    except InvalidCard:  # the clause code written before InvalidNotation existed
        pass


def test_malformed_records_and_summaries_are_invalid_records():
    with pytest.raises(TarotError) as caught:
        replay({"players": 4, "hands": [], "dog": []})
    assert type(caught.value) is InvalidRecord
    with pytest.raises(InvalidRecord):
        score({"players": 4, "bid": "guard", "taker_points": "forty", "taker_bouts": 2})


def test_rule_values_are_the_rule_strings():
    assert Rule.FOLLOW_SUIT == "follow_suit" and Rule("discard_king") is Rule.DISCARD_KING
    assert json.dumps({"rule": Rule.OVERTRUMP}) == '{"rule": "overtrump"}'
    assert len({rule.value for rule in Rule}) == len(Rule)


@pytest.mark.slow  # random deals played to the end
def test_every_refusal_of_random_deals_names_a_rule_member():
    """Try every card and every bid in many positions: each refusal carries a Rule member,
    and the game's refusal of a card is the one tricks.explain_refusal gives."""
    rng = random.Random(9)
    seen = set()
    for seed in range(6):
        state = GameState.new(RuleSet(players=3 + seed % 3), seed=seed)
        while not state.is_over:
            for attempt in list(DECK) + ["pass", "guard", "chelem", "bogus"]:
                if state.is_legal(attempt):
                    continue
                with pytest.raises(IllegalAction) as refused:
                    state.copy().play(attempt)
                rule = refused.value.rule
                assert isinstance(rule, Rule), (attempt, rule)
                seen.add(rule)
            actions = state.legal_actions()
            if state.phase.value == "bidding":  # a taker who discards
                actions = [a for a in actions if str(a) in ("pass", "take")] or actions
            state.play(actions[rng.randrange(len(actions))])
    assert {Rule.FOLLOW_SUIT, Rule.MUST_TRUMP, Rule.OVERTRUMP, Rule.NOT_IN_HAND,
            Rule.WRONG_PHASE, Rule.DISCARD_KING, Rule.BAD_INPUT} <= seen


def test_helpers_return_rule_members():
    hand = sum(1 << parse_card(c).index for c in ("KH", "2H", "T5"))
    assert explain_refusal(hand, [parse_card("7H").index], parse_card("T5"))[1] is Rule.FOLLOW_SUIT
    assert discard_refusal(hand, parse_card("KH").index, 1)[1] is Rule.DISCARD_KING
