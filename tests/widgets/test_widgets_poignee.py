"""Headless tests of the poignée exercise (chapter 9)."""

from tarot_teach import parse_cards
from tarot_teach.widgets.poignee import (PoigneeExercise, PoigneeQuestion, poignee_options,
                                         poignee_refusal)

NINE_AND_EXCUSE = "T2 T3 T4 T5 T6 T7 T8 T9 T10 EX KH QH 3H 4S 5S 6D 7D 8C"
ELEVEN_AND_EXCUSE = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 EX 3H 4S 5S 6D 7D 8C"
SEVEN = "T2 T3 T4 T5 T6 T7 T8 KH QH 3H 4H 4S 5S 6D 7D 8C 9C 10C"


def exercise_for(cards):
    return PoigneeExercise(question=PoigneeQuestion(tuple(parse_cards(cards))))


def test_engine_options():
    assert [o.level for o in poignee_options(parse_cards(NINE_AND_EXCUSE))] == ["simple"]
    assert poignee_options(parse_cards(SEVEN)) == []
    assert "no other trump" in poignee_refusal(parse_cards(ELEVEN_AND_EXCUSE), "simple", True)


def test_right_answer_with_the_excuse():
    exercise = exercise_for(NINE_AND_EXCUSE)
    exercise.level.value = "simple"
    exercise.excuse.value = True
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value


def test_excuse_shown_when_not_needed_is_refused_with_engine_reason():
    exercise = exercise_for(ELEVEN_AND_EXCUSE)
    exercise.level.value = "simple"
    exercise.excuse.value = True
    assert not exercise.check().ok
    assert "no other trump left to show" in exercise.feedback.value
    assert "09-scoring.html#the-handful" in exercise.feedback.value
    exercise.excuse.value = False
    assert exercise.check().ok


def test_too_big_a_poignee_is_refused():
    exercise = exercise_for(ELEVEN_AND_EXCUSE)
    exercise.level.value = "double"
    exercise.excuse.value = True
    assert not exercise.check().ok
    assert "shows exactly 13 trumps" in exercise.feedback.value


def test_none_with_too_few_trumps():
    exercise = exercise_for(SEVEN)
    exercise.level.value = "none"
    assert exercise.check().ok
    exercise.level.value = "simple"
    exercise.excuse.value = False
    assert not exercise.check().ok


def test_missing_answers_are_friendly():
    exercise = exercise_for(NINE_AND_EXCUSE)
    assert exercise.check().invalid_input
    exercise.level.value = "simple"
    result = exercise.check()
    assert result.invalid_input and "Excuse" in exercise.feedback.value
    assert "Traceback" not in exercise.feedback.value


def test_random_questions_agree_with_the_engine():
    exercise = PoigneeExercise(seed=2)
    for _ in range(10):
        options = poignee_options(exercise.question.hand)
        level = options[-1].level if options else "none"
        exercise.level.value = level
        exercise.excuse.value = bool(options and any(c.is_excuse for c in options[-1].cards))
        assert exercise.check().ok, exercise.solution_text()
        exercise.new_button.click()
