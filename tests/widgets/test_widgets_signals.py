"""The signals exercise (chapter 14): partner's card read by the chapter's conventions."""

import random

import pytest

from tarot_teach import legal_cards, parse_cards
from tarot_teach.teach.signals import (KINDS, MEANINGS, SignalQuestion, check_signal,
                                       meaning_of, random_signal_question)
from tarot_teach.widgets.signals import SignalExercise


@pytest.mark.parametrize("kind", KINDS)
def test_every_situation_has_one_right_message(kind):
    rng = random.Random(kind)
    for _ in range(10):
        question = random_signal_question(rng, kind)
        right, why = meaning_of(question)
        assert check_signal(question, right).ok
        wrong = [key for key in MEANINGS if key != right]
        for key in wrong:
            feedback = check_signal(question, key)
            assert not feedback.ok and feedback.details == [why]
            assert feedback.section[1].startswith("14-signals.html")


def test_conventions_of_chapter_14():
    small, high = parse_cards("3H 8H")
    assert meaning_of(SignalQuestion("lead_plain", (small,)))[0] == "honour"
    assert meaning_of(SignalQuestion("lead_plain", (high,)))[0] == "no_honour"
    assert meaning_of(SignalQuestion("lead_trump", tuple(parse_cards("T13"))))[0] == "long_trumps"
    assert meaning_of(SignalQuestion("lead_trump", tuple(parse_cards("T12"))))[0] == "short_trumps"


def test_a_forced_card_says_nothing_and_the_engine_decides_it_was_forced():
    rng = random.Random(3)
    for _ in range(5):
        question = random_signal_question(rng, "forced")
        assert len(legal_cards(question.hand, question.cards)) == 1
        assert meaning_of(question)[0] == "nothing"
    free = SignalQuestion("forced", tuple(parse_cards("4S")), tuple(parse_cards("KS 2S T5")))
    with pytest.raises(ValueError):
        meaning_of(free)


def test_widget_right_wrong_and_no_answer():
    exercise = SignalExercise(seed=5)
    assert exercise.check().invalid_input
    assert "Choose what the card tells you" in exercise.feedback.value
    right, _ = meaning_of(exercise.question)
    exercise.choice.value = next(key for key in MEANINGS if key != right)
    exercise.check_button.click()
    assert "Not that" in exercise.feedback.value
    exercise.choice.value = right
    assert exercise.check().ok
    exercise.new_button.click()
    assert exercise.choice.value is None and exercise.feedback.value == ""


def test_bad_answer_key_is_refused_kindly():
    from tarot_teach.teach.feedback import AnswerError
    with pytest.raises(AnswerError):
        check_signal(SignalQuestion("lead_plain", tuple(parse_cards("3H"))), "maybe")
