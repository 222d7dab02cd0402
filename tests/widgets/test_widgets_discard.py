"""Headless tests of the discard exercises (chapter 6): right, wrong with the engine's reason, bad input."""

from tarot_teach import Bid, discard_problems, parse_cards, points
from tarot_teach.widgets.discard import (DiscardExercise, DogPointsExercise, DogPointsQuestion,
                                         ForbiddenDiscardExercise, forced_trump_example,
                                         refusal_of, sample_discard)


def test_discard_hand_comes_from_a_real_take_or_guard():
    exercise = DiscardExercise(seed=3)
    question = exercise.question
    assert question.contract in (Bid.TAKE, Bid.GUARD)
    assert len(question.hand) == 24 and set(question.dog) <= set(question.hand)
    assert len(exercise.picker.cards) == 24


def test_discard_right_answer():
    exercise = DiscardExercise(seed=4)
    discard = sample_discard(exercise.question)
    assert discard_problems(exercise.question.hand, discard, 6) == []
    exercise.picker.select(discard)
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value
    assert "6 of 6 chosen" in exercise.count.value


def test_discard_with_a_king_is_refused_with_the_engine_reason():
    question = forced_trump_example()
    exercise = DiscardExercise(question=question)
    exercise.picker.select(["2S", "3S", "4H", "T2", "T3", "KS"])
    result = exercise.check()
    assert not result.ok
    assert "A King may not go to the discard (King of spades)." in exercise.feedback.value
    assert "06-dog-discard.html#what-may-go-to-the-discard" in exercise.feedback.value


def test_forced_trumps_are_accepted_and_shown():
    exercise = DiscardExercise(question=forced_trump_example())
    exercise.picker.select(["2S", "3S", "4H", "T2", "T3", "T4"])
    assert exercise.check().ok and "must be shown" in exercise.feedback.value


def test_discard_wrong_number_or_none_is_a_friendly_message():
    exercise = DiscardExercise(seed=1)
    plain = [c for c in exercise.question.hand if not c.is_trump and not c.is_excuse][:4]
    exercise.picker.select(plain)
    result = exercise.check()
    assert result.invalid_input and "exactly 6 cards, not 4" in exercise.feedback.value
    exercise.picker.clear()
    assert exercise.check().invalid_input and "Click the 6 cards" in exercise.feedback.value
    assert "Traceback" not in exercise.feedback.value


def test_forbidden_right_and_wrong():
    question = forced_trump_example()
    exercise = ForbiddenDiscardExercise(question=question)
    exercise.picker.select(["T21", "T1", "EX", "KS", "KH", "KC", "KD"])
    assert exercise.check().ok
    exercise.picker.select(["T21", "EX", "KS", "KH", "KC", "KD", "T5"])
    assert not exercise.check().ok
    text = exercise.feedback.value
    assert "5 may go to the discard" in text
    assert refusal_of(question, "T1") in text


def test_forbidden_random_question_and_empty_answer():
    exercise = ForbiddenDiscardExercise(seed=2)
    assert exercise.question.forbidden()
    assert exercise.check().invalid_input
    exercise.picker.select(exercise.question.forbidden())
    assert exercise.check().ok
    exercise.new_button.click()
    assert exercise.feedback.value == ""


def test_dog_points():
    dog = tuple(parse_cards("KH QS 2S 3S 4S T5"))
    exercise = DogPointsExercise(question=DogPointsQuestion(Bid.GUARD_WITHOUT, dog, "taker"))
    exercise.answer_box.value = str(float(points(dog)))
    assert exercise.check().ok
    exercise.answer_box.value = "0"
    assert not exercise.check().ok and "goes to the taker" in exercise.feedback.value
    exercise.answer_box.value = "lots"
    assert exercise.check().invalid_input
    against = DogPointsExercise(question=DogPointsQuestion(Bid.GUARD_AGAINST, dog, "taker"))
    against.answer_box.value = "0"
    assert against.check().ok
    assert "defence" in against.solution_text()


def test_dog_points_new_questions():
    exercise = DogPointsExercise(seed=0)
    for _ in range(5):
        exercise.new_button.click()
        assert exercise.question.contract in (Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST)
        assert len(exercise.question.dog) == 6
