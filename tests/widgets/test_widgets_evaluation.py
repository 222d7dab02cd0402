"""Headless tests of the chapter 12 exercises and the bid advisor."""

from tarot_teach import Bid, parse_cards
from tarot_teach.evaluation import evaluate_hand
from tarot_teach.widgets.evaluation import (BidAdvisor, BidAdvisorExercise, HonourPointsExercise,
                                            TrumpPointsExercise, advice_html)

HAND = tuple(parse_cards("T21 EX KH QH KS 7S 5S 4S 3S 2S QD JD 9C 8C 6C T3 T7 T2"))
# bouts 18, trumps 4 × 2 + big 21 × 2 = 10, honours 20, long suits 7: total 55, Take


def test_trump_points_right_wrong_and_malformed():
    exercise = TrumpPointsExercise(question=HAND)
    exercise.answer_box.value = "28"
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value and "the Excuse: 8" in exercise.feedback.value
    exercise.answer_box.value = "18"
    result = exercise.check()
    assert not result.ok and "28 points, not 18" in exercise.feedback.value
    assert "12-hand-evaluation.html#bouts-and-trumps" in exercise.feedback.value
    for bad in ("", "lots", "27.5"):
        exercise.answer_box.value = bad
        result = exercise.check()
        assert result.invalid_input and "Traceback" not in exercise.feedback.value


def test_honour_points():
    exercise = HonourPointsExercise(question=HAND)
    exercise.answer_box.value = "27"
    assert exercise.check().ok
    exercise.answer_box.value = "20"
    assert "King and Queen of ♥: 10" in (exercise.check(), exercise.feedback.value)[1]
    assert "27" in exercise.solution_text()


def test_bid_exercise_right_wrong_and_malformed():
    exercise = BidAdvisorExercise(question=HAND)
    exercise.bid_box.value = Bid.TAKE
    assert exercise.check().ok                      # the total is optional
    exercise.total_box.value = "54"
    result = exercise.check()
    assert not result.ok and "the total is 55, not 54" in result.message
    exercise.total_box.value = ""
    exercise.bid_box.value = Bid.GUARD
    result = exercise.check()
    assert not result.ok and "suggest Take, not Guard" in result.message
    assert "from-points-to-a-bid" in exercise.feedback.value
    exercise.bid_box.value = None
    assert "Choose a bid" in exercise.check().message
    exercise.bid_box.value = Bid.TAKE
    exercise.total_box.value = "fifty"
    assert exercise.check().invalid_input


def test_random_questions_are_judged_by_the_engine():
    for seed in range(15):
        exercise = BidAdvisorExercise(seed=seed, exercise_id="t-bid")
        exercise.bid_box.value = evaluate_hand(exercise.question).bid
        exercise.total_box.value = str(evaluate_hand(exercise.question).total)
        assert exercise.check().ok
        assert len(exercise.question) == 18
    exercise.new_button.click()
    assert exercise.feedback.value == ""


def test_advisor_messages():
    assert "you typed 2" in advice_html("KH QH")
    assert "is not a card" in advice_html("KH ZZ " + "2S " * 16)
    assert "only once" in advice_html(" ".join(["KH"] * 18))
    assert "Type the 18 cards" in advice_html("  ")
    advisor = BidAdvisor(text=" ".join(str(c) for c in HAND))
    assert "Suggested bid: Take" in advisor.output.value and "<svg" in advisor.output.value
    advisor.deal_button.click()
    assert "Suggested bid" in advisor.output.value
    assert len(parse_cards(advisor.text_box.value)) == 18


def test_the_numbers_stated_in_chapter_12():
    from tarot_teach import GameState
    first = evaluate_hand(GameState.new(seed=1).hand(0))
    assert first.bid is Bid.PASS and first.groups["trumps"] == 8 + 2
    second = evaluate_hand(GameState.new(seed=2).hand(1))
    assert second.groups["bouts"] + second.groups["trumps"] == 36 and second.bid is Bid.TAKE
    third = evaluate_hand(GameState.new(seed=3).hand(2))
    assert third.bid is Bid.GUARD
    fourth = evaluate_hand(GameState.new(seed=95).hand(0))
    assert (fourth.base, fourth.total, fourth.bid) == (69, 75, Bid.GUARD_WITHOUT)
    sample = evaluate_hand("T21 T20 T19 T16 T12 T8 T5 T1 EX KH QH 7H 3H KS CS JD 4D 2D")
    assert ("big trumps in a run (19 20 21) × 1", 3) in sample.lines
