"""Headless tests of the auction exercises (chapter 5): right, wrong with the engine's reason, bad input."""

import pytest

from tarot_teach import DOG_DESTINATIONS, SEAT_NAMES, Bid, dog_destination
from tarot_teach.widgets.auction import (DOG_FATES, FFT_BIDS, Auction, AuctionExercise, DogFateExercise,
                                         MultiplierExercise, dog_fate, fixed_auction,
                                         judge_auction, load_auctions)


@pytest.mark.parametrize("item", load_auctions(), ids=lambda item: item["name"])
def test_every_stated_answer_in_the_data_agrees_with_the_engine(item):
    assert judge_auction(Auction(item["dealer"], tuple(item["bids"]))).answer() == item["answer"]


def test_auction_right_answer():
    exercise = AuctionExercise(question=fixed_auction("outbid"))
    exercise.choice.value = "seat:3"
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value and f"{SEAT_NAMES[3]} takes" in exercise.feedback.value


def test_auction_wrong_answer_gives_the_engine_refusal():
    exercise = AuctionExercise(question=fixed_auction("too-low"))
    exercise.choice.value = "seat:1"
    result = exercise.check()
    assert not result.ok
    assert "Take does not beat the Guard already bid" in exercise.feedback.value
    assert f"{SEAT_NAMES[1]} may not say that" in exercise.feedback.value
    assert "05-bidding.html#the-order-of-speaking" in exercise.feedback.value


def test_auction_all_pass_is_void_not_illegal():
    exercise = AuctionExercise(question=fixed_auction("all-pass"))
    exercise.choice.value = "illegal"
    assert not exercise.check().ok and "deal is void" in exercise.feedback.value


def test_auction_no_choice_is_a_friendly_message():
    exercise = AuctionExercise(seed=2)
    result = exercise.check()
    assert result.invalid_input and "Choose one answer" in exercise.feedback.value


def test_auction_new_questions_are_all_answerable():
    exercise = AuctionExercise(seed=0)
    seen = set()
    for _ in range(30):
        exercise.new_button.click()
        verdict = judge_auction(exercise.question)
        seen.add(verdict.answer() if verdict.answer() in ("illegal", "void") else "taker")
        exercise.choice.value = verdict.answer()
        assert exercise.check().ok
    assert seen >= {"illegal", "taker"}


def test_multiplier_right_wrong_and_malformed():
    exercise = MultiplierExercise(question=Bid.GUARD_AGAINST)
    exercise.answer_box.value = "6"
    assert exercise.check().ok
    exercise.answer_box.value = "8"
    result = exercise.check()
    assert not result.ok and "by 6, not 8" in exercise.feedback.value
    for typed, words in (("", "Please type"), ("six", "is not one"), ("2.5", "whole number")):
        exercise.answer_box.value = typed
        result = exercise.check()
        assert result.invalid_input and words in exercise.feedback.value


def test_dog_fate_is_the_engines_one_rule():
    assert dog_fate is dog_destination  # one home: no second copy in the widgets
    assert [dog_fate(bid) for bid in FFT_BIDS] == ["taken", "taken", "taker_unseen",
                                                  "defence_unseen"]
    assert set(DOG_FATES) == set(DOG_DESTINATIONS)


def test_dog_fate_exercise():
    exercise = DogFateExercise(question=Bid.GUARD_WITHOUT)
    exercise.choice.value = "defence_unseen"
    assert not exercise.check().ok and "taker" in exercise.feedback.value
    exercise.choice.value = "taker_unseen"
    assert exercise.check().ok
    exercise.choice.value = None
    assert exercise.check().invalid_input
    assert "Guard without" in exercise.solution_text()
