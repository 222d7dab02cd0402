"""Issue 14, the progress page (widgets, driven headlessly): states shown per chapter, reset
only after confirmation, export/import round trip (merged, never replacing), a bad import
changes nothing, and mistakes come back only when the learner opts in."""

from __future__ import annotations

import base64
import datetime
import re

import pytest

from tarot_teach.cards import count_bouts
from tarot_teach.scoring import target_for
from tarot_teach.widgets import TargetExercise, TrickWinnerExercise
from tarot_teach.widgets.path import ProgressPage
from tarot_teach.widgets.progress import Progress

START = datetime.datetime(2026, 11, 2, 9, 30)
DAY = datetime.timedelta(days=1)


@pytest.fixture
def progress(tmp_path):
    return Progress(tmp_path / "progress.json")


def states(page):
    """Each exercise's shown state, by its title (from the overview's list items)."""
    return re.findall(r'data-state="([^"]+)"', page.overview.value)


def answer_target(exercise, right: bool):
    target = target_for(count_bouts(exercise.question))
    exercise.answer.value = str(target if right else target + 5)
    return exercise.check()


def test_an_exercise_answered_on_its_page_shows_with_its_state_and_reason(progress):
    exercise = TargetExercise(seed=1, exercise_id="ch03-target", progress=progress)
    page = ProgressPage(progress)
    assert set(states(page)) == {"not tried"}
    result = answer_target(exercise, right=False)
    assert not result.ok
    page.render()
    assert "tried" in states(page) and "Answered wrong once" in page.overview.value
    shown = page.overview.value.split("Answered wrong once")[1].split("</small>")[0]
    assert result.message[:60] in shown  # the reason the exercise gave
    exercise.new_question()  # the same question, its answer shown, would not be a solve
    assert answer_target(exercise, right=True).ok
    page.render()
    assert states(page).count("solved") == 1 and "solved first time" not in states(page)
    assert "The bouts and the target — 1 of 3 solved</summary>" in page.overview.value
    # The chapter's link stands below its summary, not inside it (a control in a control).
    assert re.search(r'</summary><div[^>]*><a href="03-bouts\.html">', page.overview.value)
    assert not re.search(r"<summary>[^<]*<a ", page.overview.value)
    assert "1/3" in page.chart.value and page.chart.value.startswith("<svg")


def test_an_invalid_entry_is_not_recorded_as_an_answer(progress):
    exercise = TargetExercise(seed=1, exercise_id="ch03-target", progress=progress)
    exercise.answer.value = "lots"
    assert exercise.check().invalid_input
    assert progress.answers == {}


def test_guided_hands_are_listed_apart(progress):
    progress.mark_solved("ch20-slam")
    page = ProgressPage(progress)
    guided = page.overview.value.split("<h2>Guided hands</h2>")[1]
    assert "1 of 12 played through" in guided and "played through" in guided


def test_reset_needs_a_confirmation_and_forgets_everything(progress):
    exercise = TargetExercise(seed=1, exercise_id="ch03-target", progress=progress)
    answer_target(exercise, right=True)
    page = ProgressPage(progress)
    page.reset_button.click()
    assert Progress(progress.path).solved == {"ch03-target"}  # one click: nothing lost
    page.cancel_button.click()
    page.reset_button.click()
    page.confirm_button.click()
    assert Progress(progress.path).solved == set() and Progress(progress.path).answers == {}
    assert set(states(page)) == {"not tried"} and "reset" in page.keep_message.value
    assert page.confirm_box.layout.display == "none"


def exported(page) -> bytes:
    link = re.search(r'href="data:application/json;base64,([^"]+)"', page.export_link.value)
    return base64.b64decode(link.group(1))


def test_export_then_import_elsewhere_merges_and_keeps_what_was_there(tmp_path):
    home = Progress(tmp_path / "home.json")
    home.record_answer("ch03-target", False, "The target is 51.", when=START)
    home.record_answer("ch07-winner", True, when=START)
    away = Progress(tmp_path / "away.json")
    away.record_answer("ch02-find-bouts", True, when=START)
    away_page = ProgressPage(away)
    assert away_page.import_text(exported(ProgressPage(home)))
    assert "Imported" in away_page.keep_message.value
    assert Progress(away.path).solved == {"ch07-winner", "ch02-find-bouts"}
    assert Progress(away.path).answers["ch03-target"] == home.answers["ch03-target"]
    assert away_page.import_text(exported(ProgressPage(home)))  # twice: nothing doubles
    assert len(Progress(away.path).answers["ch03-target"]) == 1


@pytest.mark.parametrize("content", [b"\xff\xfe", b"{not json", b'{"solved": []}',
                                     b'{"solved": {}, "answers": {"a": 3}}', b""])
def test_an_unreadable_import_says_why_and_changes_nothing(progress, content):
    progress.record_answer("ch07-winner", True)
    before = progress.path.read_bytes()
    page = ProgressPage(progress)
    assert not page.import_text(content)
    said = page.keep_message.value
    assert "could not be imported" in said and "Nothing was changed" in said
    assert progress.path.read_bytes() == before


def test_import_through_the_file_upload(progress, tmp_path):
    other = Progress(tmp_path / "other.json")
    other.record_answer("ch07-winner", True)
    page = ProgressPage(progress)
    page.import_button.click()
    assert "Choose a progress file" in page.keep_message.value
    page.upload.value = ({"name": "tarot-progress.json", "type": "application/json",
                          "size": 10, "content": memoryview(other.export().encode()),
                          "last_modified": datetime.datetime(2026, 11, 1)},)
    page.import_button.click()
    assert progress.is_solved("ch07-winner") and page.upload.value == ()


def test_mistakes_come_back_only_when_opted_in_and_a_right_answer_pushes_them_on(progress):
    progress.record_answer("ch03-target", False, "too high", when=START)
    progress.record_answer("ch07-winner", False, "the trump wins", when=START + DAY)
    clock = [START + 3 * DAY]
    page = ProgressPage(progress, now=lambda: clock[0])
    assert page.practise_box.value is False and page.practice_exercises == []
    page.practise_box.value = True
    shown = [(type(e), e.exercise_id) for e in page.practice_exercises]
    assert shown == [(TargetExercise, "ch03-target"), (TrickWinnerExercise, "ch07-winner")]
    assert ProgressPage(progress, now=lambda: clock[0]).practise_box.value  # remembered
    assert answer_target(page.practice_exercises[0], right=True).ok
    page._show_practice()
    assert [e.exercise_id for e in page.practice_exercises] == ["ch07-winner"]
    clock[0] = START - DAY  # before anything was due
    page._show_practice()
    assert page.practice_exercises == [] and "Nothing to practise" in page.practice_note.value
    page.practise_box.value = False
    assert page.practice_area.children == ()


def test_an_answer_just_missed_is_not_due_yet(progress):
    progress.record_answer("ch03-target", False, "too high", when=START)
    page = ProgressPage(progress, now=lambda: START + datetime.timedelta(hours=2))
    page.practise_box.value = True
    assert page.practice_exercises == []
    assert f"{(START + DAY).day} {START + DAY:%B}" in page.practice_note.value


def test_chapter_names_are_words_not_ids(progress):
    page = ProgressPage(progress)
    text = re.sub(r"<[^>]+>", " ", page.overview.value)
    assert "ch0" not in text and "Exercise" not in text.replace("exercise", "")
    assert "Playing tricks" in text


def test_the_page_shows_no_program_words(progress):
    from test_reader_words import program_words

    exercise = TargetExercise(seed=1, exercise_id="ch03-target", progress=progress)
    answer_target(exercise, right=False)
    progress.mark_solved("ch20-slam")
    page = ProgressPage(progress, now=lambda: datetime.datetime.now() + 2 * DAY)
    page.practise_box.value = True
    page.reset_button.click()
    shown = [page.overview.value, page.chart.value, page.practice_note.value,
             page.export_link.value, page.confirm_box.children[0].value,
             page.practise_box.description, page.reset_button.description]
    assert len(page.practice_exercises) == 1
    assert not [word for text in shown for word in program_words(text)]


def test_every_exercise_of_the_book_can_come_back_for_practice(progress):
    """Each exercise is rebuilt from the course map (its class and options) with a fresh
    question, as the practice does."""
    from tarot_teach.teach.course_map import CHAPTERS
    from tarot_teach.widgets.exercise_lists import NOT_PRACTISED

    now = START + 400 * DAY
    items = [item for chapter in CHAPTERS for item in chapter["exercises"]
             if item["kind"] not in NOT_PRACTISED]
    for number, item in enumerate(items):
        progress.record_answer(item["id"], False, "why", when=START + number * datetime.timedelta(
            seconds=1))
    clock = [now]
    page = ProgressPage(progress, now=lambda: clock[0])
    assert page.due_exercises() == [item["id"] for item in items]
    for start in range(0, len(items), 3):
        progress.reset()  # (now: answers must come after it)
        for item in items[start:start + 3]:
            progress.record_answer(item["id"], False, "why")
        clock[0] = datetime.datetime.now() + 2 * DAY
        page.practise_box.value = False
        page.practise_box.value = True
        shown = [(type(e).__name__, e.exercise_id) for e in page.practice_exercises]
        assert shown == [(item["kind"], item["id"]) for item in items[start:start + 3]]
        assert all(e.question is not None for e in page.practice_exercises)
