"""Issue 28 item 5, mastery not recall: after a wrong answer has shown the answer, the same
question answered right is not a solve; a fresh question is (headless widget clicks)."""

from __future__ import annotations

import pytest

from tarot_teach.cards import count_bouts
from tarot_teach.scoring import target_for
from tarot_teach.teach import path as learning
from tarot_teach.widgets import TargetExercise
from tarot_teach.widgets.base import REVEALED_NOTE
from tarot_teach.widgets.progress import Progress


@pytest.fixture
def progress(tmp_path):
    return Progress(tmp_path / "progress.json")


def answer(exercise, right: bool):
    target = target_for(count_bouts(exercise.question))
    exercise.answer.value = str(target if right else target + 5)
    exercise.check_button.click()
    return exercise.feedback.value


def test_the_revealed_answer_typed_back_does_not_solve(progress):
    exercise = TargetExercise(seed=1, exercise_id="ch03-target", progress=progress)
    wrong = answer(exercise, right=False)
    assert "✘" in wrong and str(target_for(count_bouts(exercise.question))) in wrong  # shown
    again = answer(exercise, right=True)
    assert "✔" in again and "does not count as solved" in again
    assert not progress.is_solved("ch03-target")
    assert "solved before" not in exercise.status.value
    exercise.new_button.click()  # a fresh question, answered right, is the solve
    fresh = answer(exercise, right=True)
    assert REVEALED_NOTE[:40] not in fresh
    assert progress.is_solved("ch03-target")
    state = learning.state(progress.solved_dates.get("ch03-target"),
                           progress.answers["ch03-target"])
    assert state == learning.SOLVED  # not first time: a wrong answer came before


def test_a_right_answer_first_solves_at_once(progress):
    exercise = TargetExercise(seed=2, exercise_id="ch03-target", progress=progress)
    assert "✔" in answer(exercise, right=True)
    assert progress.is_solved("ch03-target")
    assert "solved before" in exercise.status.value


def test_an_unreadable_entry_reveals_nothing(progress):
    exercise = TargetExercise(seed=3, exercise_id="ch03-target", progress=progress)
    exercise.answer.value = "lots"
    exercise.check_button.click()
    assert "⚠" in exercise.feedback.value
    answer(exercise, right=True)
    assert progress.is_solved("ch03-target")
