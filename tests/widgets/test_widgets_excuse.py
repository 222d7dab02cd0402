"""Headless tests of the Excuse exercises (chapter 8): right, wrong with the engine's reason, bad input."""

import random

import pytest

from tarot_teach import EXCUSE, RuleSet, legal_cards, parse_cards
from tarot_teach.excuse import excuse_outcome
from tarot_teach.widgets.excuse import (EXCUSE_CHOICES, ExchangePointsExercise, ExcuseExercise,
                                        ExcuseLeadPlayableExercise, ExcuseSituation,
                                        excuse_answer, find_exchange_deal,
                                        random_excuse_situation)
from tarot_teach.widgets.play import PlayPosition


@pytest.mark.parametrize("situation, key", [
    (ExcuseSituation(5, "taker", "defence", False), "kept"),
    (ExcuseSituation(18, "defence", "taker", False), "changes"),
    (ExcuseSituation(18, "taker", "defence", True), "wins"),
    (ExcuseSituation(17, "defence", "defence", False), "kept"),
])
def test_answers_follow_excuse_outcome(situation, key):
    assert excuse_answer(situation) == key


def test_excuse_right_answer_explains_the_exchange():
    exercise = ExcuseExercise(question=ExcuseSituation(5, "taker", "defence", False))
    exercise.choice.value = "kept"
    assert exercise.check().ok
    assert "half-point card in exchange" in exercise.feedback.value


def test_excuse_wrong_answer_gives_the_engine_explanation():
    exercise = ExcuseExercise(question=ExcuseSituation(18, "defence", "defence", False))
    exercise.choice.value = "kept"
    result = exercise.check()
    assert not result.ok
    explanation = excuse_outcome(RuleSet(), True, False).explanation
    assert explanation.split(":")[0] in exercise.feedback.value
    assert "08-excuse.html#the-last-trick" in exercise.feedback.value


def test_excuse_no_choice_is_friendly():
    exercise = ExcuseExercise(seed=1)
    assert exercise.check().invalid_input
    assert "Choose one answer" in exercise.feedback.value


def test_random_situations_are_possible_with_four_players():
    rng = random.Random(0)
    answers = set()
    for _ in range(200):
        situation = random_excuse_situation(rng)
        if situation.played_by == "taker":
            assert situation.best_other == "defence"
        answers.add(excuse_answer(situation))
    assert answers == {"kept", "changes", "wins"}
    assert set(answers) <= set(EXCUSE_CHOICES)


def test_after_excuse_lead_right_and_wrong():
    position = PlayPosition(hand=tuple(parse_cards("KH 2H T5 9C")), trick=tuple(parse_cards("EX 7H")))
    exercise = ExcuseLeadPlayableExercise(question=position)
    exercise.picker.select(["KH", "2H"])
    assert exercise.check().ok
    exercise.picker.select(["KH", "2H", "T5"])
    assert not exercise.check().ok
    assert "you must follow hearts" in exercise.feedback.value
    assert "08-excuse.html#when-the-excuse-is-led" in exercise.feedback.value
    exercise.picker.clear()
    assert exercise.check().invalid_input


def test_after_excuse_lead_random_positions_start_with_the_excuse():
    exercise = ExcuseLeadPlayableExercise(seed=2)
    for _ in range(4):
        position = exercise.question
        assert position.trick[0] is EXCUSE and EXCUSE not in position.hand
        exercise.picker.select(legal_cards(position.hand, position.trick))
        assert exercise.check().ok
        exercise.new_button.click()


def test_exchange_points_right_wrong_and_malformed():
    question = find_exchange_deal(random.Random(3))
    exercise = ExchangePointsExercise(question=question)
    exercise.answer_box.value = f"{float(question.answer):g}"
    assert exercise.check().ok
    exercise.answer_box.value = f"{float(question.won_points):g}"
    assert not exercise.check().ok and "4.5" in exercise.feedback.value
    for typed in ("", "many", "1.25"):
        exercise.answer_box.value = typed
        assert exercise.check().invalid_input


def test_exchange_deals_agree_with_the_engine_both_ways():
    seen = set()
    for seed in range(12):
        question = find_exchange_deal(random.Random(seed))
        shift = 4 if question.taker_played_excuse else -4
        assert question.won_points + shift == question.answer
        seen.add(question.taker_played_excuse)
    assert seen == {True, False}
