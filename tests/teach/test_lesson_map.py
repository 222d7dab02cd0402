"""Issue 28, item 7: the lesson map (welcome page, progress page): each chapter with its
stars from first-time answers, and Continue to the next recommended step."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from tarot_teach.teach import path as learning
from tarot_teach.teach.course_map import CHAPTERS
from tarot_teach.widgets.exercise_lists import exercise_titles
from tarot_teach.widgets.lesson_map import LessonMap
from tarot_teach.widgets.path import ProgressPage
from tarot_teach.widgets.progress import Progress

ROOT = Path(__file__).resolve().parents[2]
F, S, T, N = learning.FIRST_TIME, learning.SOLVED, learning.TRIED, learning.NOT_TRIED


def chapter(page, *states):
    return learning.ChapterProgress(page.title(), page, tuple(
        (f"{page}-{n}", f"Exercise {n}", st) for n, st in enumerate(states)))


@pytest.mark.parametrize("states, stars", [
    ((F, F, F), 3), ((F, F, S), 2), ((F, S, S), 1), ((S, S, S), 0), ((F, F, N), 2),
    ((F,), 3), ((S,), 0), ((F, F, F, S), 2), ((F, F, F, F), 3), ((N, N), 0)])
def test_stars_count_first_time_answers_and_three_only_when_all(states, stars):
    assert chapter("a", *states).stars == stars


def test_continue_leads_to_the_first_chapter_with_an_exercise_waiting_at_that_exercise():
    rows = [chapter("one", F, S), chapter("two", F, T, N), chapter("three", N)]
    step = learning.next_step(rows)
    assert (step.page, step.title, step.detail) == ("two", "Two", "Exercise 1")
    assert learning.next_step(rows, anchors={"two-1": "ex-two"}).anchor == "ex-two"
    assert learning.next_step(rows, here="two").page == "three"  # not where the learner is
    assert learning.next_step([chapter("two", T)], here="two").page == "two"  # (nowhere else)


def test_once_every_chapter_is_done_continue_leads_to_practice_then_to_the_puzzles():
    rows = [chapter("one", F, S)]
    practice = learning.next_step(rows, due_count=1)
    assert (practice.page, practice.anchor) == ("90-your-progress", "practising-your-mistakes")
    assert practice.detail == "1 exercise you got wrong comes back today"
    assert learning.next_step(rows).page == "22-puzzles"


@pytest.fixture
def progress(tmp_path):
    return Progress(tmp_path / "progress.json")


def tiles(lesson_map):
    return re.findall(r'<li class="tt-map-chapter" data-stars="(\d)" data-done="(\w+)"'
                      r'[^>]*><a href="([^"]+)\.html">([^<]+)</a>', lesson_map.widget.value)


def continue_link(lesson_map):
    return re.search(r'<a href="([^"]*)" class="tt-continue"[^>]*>([^<]*)</a>',
                     lesson_map.widget.value).groups()


def test_every_chapter_with_exercises_has_a_tile_linking_to_its_page(progress):
    shown = tiles(LessonMap(progress))
    expected = [(c["page"], c["title"]) for c in CHAPTERS if c["exercises"]]
    assert [(page, title) for _s, _d, page, title in shown] == expected
    for _stars, _done, page, _title in shown:
        assert (ROOT / "book" / f"{page}.md").exists()
    assert {(stars, done) for stars, done, _p, _t in shown} == {("0", "false")}


def test_a_new_learner_is_sent_from_the_welcome_page_to_the_cards(progress):
    assert continue_link(LessonMap(progress, here="01-welcome")) == (
        "02-cards.html", "Continue: The cards")
    assert continue_link(LessonMap(progress, here="90-your-progress")) == (
        "01-welcome.html", "Continue: Welcome to French Tarot")


def test_the_map_follows_the_answers(progress):
    lesson_map = LessonMap(progress, here="90-your-progress")
    progress.record_answer("ch01-name-card", True)
    for ident in ("ch02-find-bouts", "ch02-higher-card"):
        progress.record_answer(ident, True)
    progress.record_answer("ch02-count-points", False, "Too few.")
    progress.record_answer("ch02-count-points", True)
    shown = {page: (stars, done) for stars, done, page, _t in tiles(lesson_map)}
    assert shown["01-welcome"] == ("3", "true") and shown["02-cards"] == ("2", "true")
    assert continue_link(lesson_map) == ("03-bouts.html", "Continue: The bouts and the target")
    current = re.findall(r'<li [^>]*aria-current="step"[^>]*><a href="([^"]+)"',
                         lesson_map.widget.value)
    assert current == ["03-bouts.html"]
    assert f"Next: {exercise_titles()['ch03-target']}<" in lesson_map.widget.value
    assert "ch0" not in re.sub(r'href="[^"]*"', "", lesson_map.widget.value)  # no ids shown


def test_when_everything_is_solved_continue_brings_back_what_is_due(progress):
    now = datetime.datetime(2026, 12, 3, 12, 0)
    for c in CHAPTERS:
        for item in c["exercises"]:
            progress.record_answer(item["id"], True, when=now - datetime.timedelta(days=5))
    progress.record_answer("ch07-winner", False, "The trump wins.",
                           when=now - datetime.timedelta(days=4))
    progress.record_answer("ch07-winner", True, when=now - datetime.timedelta(days=4))
    lesson_map = LessonMap(progress, here="90-your-progress", now=lambda: now)
    assert continue_link(lesson_map) == ("#practising-your-mistakes",
                                         "Continue: Practising your mistakes")
    later = LessonMap(progress, here="01-welcome", now=lambda: now - datetime.timedelta(days=4))
    assert continue_link(later) == ("22-puzzles.html", "Continue: Puzzles")


def test_the_progress_page_has_the_map(progress):
    page = ProgressPage(progress)
    assert page.map_widget is page.lesson_map.widget
    assert "tt-continue" in page.map_widget.value


def test_stars_have_words_for_screen_readers(progress):
    progress.record_answer("ch01-name-card", True)
    value = LessonMap(progress).widget.value
    assert 'role="img" aria-label="3 stars of 3"' in value
    assert 'role="img" aria-label="0 stars of 3"' in value
    assert '<nav class="tt-map" aria-label="Lesson map">' in value
