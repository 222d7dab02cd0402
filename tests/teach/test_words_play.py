"""Issue 28 item 8: a legal card the learner missed, or judged illegal, gets its reason."""

from tarot_teach.cards import parse_cards
from tarot_teach.teach.play import (LEGAL, CardQuestion, PlayPosition, check_card_legal,
                                    check_playable, why_legal)


def _position(hand, trick):
    return PlayPosition(tuple(parse_cards(hand)), tuple(parse_cards(trick)))


def test_a_missed_trump_says_why_it_may_be_played():
    position = _position("KS T3 T10 5C", "7H T15")
    feedback = check_playable(position, ["T3"])
    assert not feedback.ok
    assert feedback.details == [
        "Trump 10 may be played too: you have no hearts (♥), so you must trump, and none of "
        "your trumps beats trump 15: any trump will do."]


def test_every_kind_of_legal_card_has_its_reason():
    cases = [
        (("KH 2H T3", "7H"), "2H", "it follows hearts (♥), the suit led."),
        (("KS 5C", "7H"), "KS", "you have no hearts (♥) and no trumps, so any card will do."),
        (("KS T5", "T2"), "T5", "trumps were led, and it beats trump 2, the highest trump played."),
        (("KS T5", "7H"), "T5", "you have no hearts (♥), so you must trump: any trump will do."),
        (("KS T5", "EX"), "KS", "you lead, so any card may be played."),
        (("KS EX T5", "7H"), "EX", "the Excuse may always be played."),
        (("KS 2C", "T4"), "2C", "you have no trumps, so any card will do."),
    ]
    for (hand, trick), card, reason in cases:
        assert why_legal(_position(hand, trick), card) == reason, (hand, trick, card)


def test_a_legal_card_judged_illegal_is_told_why_it_may_be_played():
    question = CardQuestion(_position("KS T3 T10 5C", "7H T15"), parse_cards(["T3"])[0])
    feedback = check_card_legal(question, "overtrump")
    assert not feedback.ok
    assert feedback.details[0].startswith("You have no hearts (♥), so you must trump, and none")
    right = check_card_legal(question, LEGAL)
    assert right.ok and "none of your trumps beats trump 15" in right.message
