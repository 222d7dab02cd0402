"""Issue 28 item 5: "Retry what I got wrong" on the progress page, the same day, besides the
spaced reviews: a fresh question of each exercise answered wrong today and not yet put right
(headless widget clicks)."""

from __future__ import annotations

import datetime

from test_mastery import answer as answer_target, progress  # noqa: F401 (fixture)
from tarot_teach.teach import path as learning
from tarot_teach.widgets import TargetExercise
from tarot_teach.widgets.path import ProgressPage


def test_a_mistake_can_be_retried_the_same_day(progress):
    on_page = TargetExercise(seed=1, exercise_id="ch03-target", progress=progress)
    page = ProgressPage(progress)
    assert page.retry_button.layout.display == "none"  # nothing missed yet
    assert "✘" in answer_target(on_page, right=False)
    assert "✔" in answer_target(on_page, right=True)  # the shown answer typed back
    page = ProgressPage(progress)  # (the page opened later the same day)
    assert page.retry_button.layout.display == ""
    assert page.retry_button.description == "Retry what I got wrong (1)"
    assert not page.practise_box.value  # no opt-in needed, and no spaced review is due today
    assert page.due_exercises() == []
    page.retry_button.click()
    [retry] = page.retry_exercises
    assert retry.exercise_id == "ch03-target" and retry.widget in page.retry_area.children
    assert retry.question != on_page.question or retry.seed != on_page.seed  # a fresh one
    assert "✔" in answer_target(retry, right=True)
    assert progress.is_solved("ch03-target")  # put right on a fresh question
    assert page.retry_button.layout.display == "none"
    assert "put right" in page.retry_note.value
    assert 'data-state="solved"' in page.overview.value
    # the spaced review still brings it back a day later
    tomorrow = datetime.datetime.now() + datetime.timedelta(days=1, minutes=1)
    assert "ch03-target" in learning.due_for_practice(progress.answers, tomorrow)


def test_a_second_mistake_in_the_round_stays_for_the_next_round(progress):
    exercise = TargetExercise(seed=2, exercise_id="ch03-target", progress=progress)
    answer_target(exercise, right=False)
    page = ProgressPage(progress)
    page.retry_button.click()
    [retry] = page.retry_exercises
    assert "✘" in answer_target(retry, right=False)
    assert page.retry_button.description == "Retry what I got wrong (1)"
    first = retry.question
    page.retry_button.click()  # the next round: a question not seen answered
    [again] = page.retry_exercises
    assert again is not retry and (again.question != first or again.seed != retry.seed)


def test_guided_hands_and_the_final_test_are_not_retried(progress):
    progress.record_answer("ch20-take-made", False, "A card.")
    progress.record_answer("final-test", False, "Steps missed: Your bid.")
    page = ProgressPage(progress)
    assert page.missed_today() == [] and page.retry_button.layout.display == "none"


def test_reset_empties_the_round(progress):
    exercise = TargetExercise(seed=3, exercise_id="ch03-target", progress=progress)
    answer_target(exercise, right=False)
    page = ProgressPage(progress)
    page.retry_button.click()
    assert page.retry_exercises
    page.reset_button.click()
    page.confirm_button.click()
    assert page.retry_area.children == () and page.retry_button.layout.display == "none"
