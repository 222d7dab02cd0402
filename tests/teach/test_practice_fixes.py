"""Fixes of issue 14: a fair answer with trumps led, the bid hint's figure, prose output."""

import random

from tarot_teach import GameState, RuleSet, parse_cards
from tarot_teach.evaluation import evaluate_hand
from tarot_teach.evaluation import bid_for_points
from tarot_teach.players import hint
from tarot_teach.rules import Phase
from tarot_teach.teach.play import CardQuestion, PlayPosition, check_card_legal, rule_for
from tarot_teach.widgets.prose import prose_html


def test_follow_the_suit_led_is_accepted_when_trumps_are_led():
    position = PlayPosition(tuple(parse_cards("KS 4H T3 T12")), tuple(parse_cards("T8 T15")))
    question = CardQuestion(position, parse_cards(["KS"])[0])
    assert rule_for(position, "KS") == "must_trump"
    fair = check_card_legal(question, "follow_suit")
    assert fair.ok and "suit of their own" in fair.message
    assert check_card_legal(question, "must_trump").ok
    assert not check_card_legal(question, "legal").ok


def test_follow_the_suit_led_stays_wrong_when_a_plain_suit_is_led():
    # hearts led, no heart held: the rule broken is "trump", not "follow suit"
    position = PlayPosition(tuple(parse_cards("KS T3 T12")), tuple(parse_cards("7H")))
    question = CardQuestion(position, parse_cards(["KS"])[0])
    feedback = check_card_legal(question, "follow_suit")
    assert not feedback.ok and "another reason" in feedback.message


def _five_player_first_bid(seed):
    state = GameState.new(RuleSet(players=5), seed=seed)
    assert state.phase is Phase.BIDDING
    return state, state.hand(state.to_act)


def test_five_player_bid_hint_names_the_figure_its_bid_comes_from():
    checked = 0
    for seed in range(40):
        state, hand = _five_player_first_bid(seed)
        total = evaluate_hand(hand).total
        scaled = round(total * 18 / len(hand))
        decision = hint(state)
        assert decision.action is bid_for_points(scaled)
        if scaled != total:
            assert f"{scaled} on the scale of 18 cards" in decision.reason
            checked += 1
        # the figure that decides agrees with chapter 12's ranges: below 40 is a pass
        if scaled < 40:
            assert decision.action.value == "pass"
    assert checked > 10


def test_prose_is_escaped_and_one_paragraph_per_line():
    html = prose_html("a <b> line", "and more\nsecond")
    assert html.count("<p ") == 2 and "&lt;b&gt;" in html and "<pre" not in html


def test_the_new_judges_link_to_real_headings():
    from test_section_links import _headings

    from tarot_teach.teach import signals, slams, vocabulary
    links = [slams.SLAM_SECTION, vocabulary.SECTION, *signals._SECTIONS.values()]
    for _title, href in links:
        page, anchor = href.split(".html#")
        assert anchor in _headings(page), href
