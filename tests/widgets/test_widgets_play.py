"""Headless tests of the trick exercises: set values, click, read the feedback."""

import json

from tarot_teach import legal_cards, parse_cards, trick_winner
from tarot_teach.widgets import PlayableCardsExercise, Progress, TrickWinnerExercise
from tarot_teach.widgets.play import PlayPosition


def test_playable_right_answer_is_praised_and_saved(tmp_path):
    exercise = PlayableCardsExercise(seed=3)
    question = exercise.question
    exercise.picker.select(legal_cards(question.hand, question.trick))
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert "PlayableCardsExercise" in saved["solved"]


def test_playable_wrong_answer_gets_the_engine_reason():
    position = PlayPosition(hand=tuple(parse_cards("KH 2H T5 9C")), trick=tuple(parse_cards("7H")))
    exercise = PlayableCardsExercise(question=position)
    exercise.picker.select(["T5", "KH", "2H"])
    exercise.check_button.click()
    assert "you must follow hearts" in exercise.feedback.value
    assert "07-tricks.html" in exercise.feedback.value


def test_playable_empty_answer_is_a_friendly_message():
    exercise = PlayableCardsExercise(seed=2)
    result = exercise.check()
    assert result.invalid_input and "Click every card" in exercise.feedback.value
    assert "Traceback" not in exercise.feedback.value


def test_new_question_changes_the_position_and_clears_feedback():
    exercise = PlayableCardsExercise(seed=5)
    first = exercise.question
    exercise.check()
    exercise.new_button.click()
    assert exercise.question != first and exercise.feedback.value == ""
    assert len(exercise.picker.cards) == len(exercise.question.hand)


def test_trick_winner_right_and_wrong():
    exercise = TrickWinnerExercise(seed=4)
    trick = exercise.question
    winner = trick_winner(trick)
    loser = next(card for card in trick if card is not winner)
    exercise.picker.select([loser])
    assert not exercise.check().ok and f"No: {winner.short_name} wins" in exercise.feedback.value
    exercise.picker.select([winner])
    exercise.check_button.click()
    assert "Right" in exercise.feedback.value


def test_trick_winner_single_choice_unselects_the_others():
    exercise = TrickWinnerExercise(question=tuple(parse_cards("9S KS 2S QH")))
    buttons = exercise.picker.buttons
    first, second = list(buttons.values())[:2]
    first.value = True
    second.value = True
    assert exercise.picker.selected == [parse_cards("KS")[0]]


def test_cards_carry_stable_css_hooks():
    exercise = PlayableCardsExercise(seed=1)
    assert "tt-check" in exercise.check_button._dom_classes
    assert "tt-feedback" in exercise.feedback._dom_classes
    assert all("tt-card" in b._dom_classes for b in exercise.picker.buttons.values())


def test_corrupt_progress_file_is_set_aside_with_a_message(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("][")
    progress = Progress(path)
    exercise = TrickWinnerExercise(seed=1, progress=progress)
    assert "damaged" in exercise.status.value
    assert list(tmp_path.glob("progress.json.corrupt-*"))
