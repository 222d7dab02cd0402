"""Headless tests of the 'may you play this card?' exercise (chapter 7)."""

from tarot_teach import parse_card, parse_cards, why_illegal
from tarot_teach.widgets.play import (CardQuestion, LegalCardExercise, PlayPosition, REASONS,
                                      rule_for)


def question(hand, trick, card):
    return CardQuestion(PlayPosition(tuple(parse_cards(hand)), tuple(parse_cards(trick))),
                        parse_card(card))


def test_right_reason_is_praised_with_the_engine_message():
    exercise = LegalCardExercise(question=question("KH 2H T5 9C", "7H", "T5"))
    exercise.choice.value = "follow_suit"
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value
    assert "you must follow hearts" in exercise.feedback.value


def test_saying_legal_for_an_illegal_card_gets_the_reason_and_link():
    exercise = LegalCardExercise(question=question("KS T3 T12", "7H T8", "T3"))
    exercise.choice.value = "legal"
    result = exercise.check()
    assert not result.ok
    assert "overtrumping is compulsory" in exercise.feedback.value
    assert "07-tricks.html#overtrumping" in exercise.feedback.value


def test_wrong_reason_is_corrected():
    exercise = LegalCardExercise(question=question("KS T5", "7H", "KS"))
    exercise.choice.value = "follow_suit"
    result = exercise.check()
    assert not result.ok and "you must trump" in exercise.feedback.value


def test_excuse_is_always_legal():
    exercise = LegalCardExercise(question=question("KH EX T5", "7H", "EX"))
    exercise.choice.value = "follow_suit"
    assert not exercise.check().ok
    exercise.choice.value = "legal"
    assert exercise.check().ok


def test_no_choice_is_a_friendly_message():
    exercise = LegalCardExercise(seed=3)
    result = exercise.check()
    assert result.invalid_input and "Choose an answer" in exercise.feedback.value
    assert "Traceback" not in exercise.feedback.value


def test_random_questions_are_answerable_by_the_engine():
    exercise = LegalCardExercise(seed=1)
    for _ in range(15):
        q = exercise.question
        assert q.card in q.position.hand
        right = rule_for(q.position, q.card)
        assert right in REASONS
        assert (right == "legal") == (why_illegal(q.position.hand, q.position.trick, q.card) is None)
        exercise.choice.value = right
        assert exercise.check().ok
        exercise.new_button.click()
        assert exercise.choice.value is None


def test_solution_text_uses_the_engine_reason():
    exercise = LegalCardExercise(question=question("KH 2H T5", "7H", "T5"))
    assert "you must follow hearts" in exercise.solution_text()
