"""Issue 28, item 6 (the parts outside the kernel pool): several tabs of one learner.

Each tab is a page with its own progress object; in local mode they share the progress file
(one path here), in the browser each has its own file, which the page's script merges
(:func:`merge_into_file`) when another tab saves. (a) After a reset in one tab, the others
stop showing "solved before"; (b) tabs opened together show one fresh final test, until it
is finished; (c) after a reset the kept table deals other deals.
"""

from __future__ import annotations

import pytest

from tarot_teach.cards import count_bouts
from tarot_teach.scoring import target_for
from tarot_teach.widgets import TargetExercise
from tarot_teach.widgets.final_test import SAVE_KEY, FinalTestWidget
from tarot_teach.widgets.lesson_map import LessonMap
from tarot_teach.widgets.path import ProgressPage
from tarot_teach.widgets.progress import Progress, merge_into_file
from tarot_teach.widgets.table import TableWidget


def solve_target(exercise):
    exercise.answer.value = str(target_for(count_bouts(exercise.question)))
    assert exercise.check().ok


# ----------------------------------------------------------------------- (a) a reset

def solved_in_one_of_two_tabs(tmp_path):
    """Two tabs on one progress file, and an exercise solved in the first: (here, there,
    exercise)."""
    path = tmp_path / "progress.json"
    here, there = Progress(path), Progress(path)
    exercise = TargetExercise(seed=1, exercise_id="ch03-target", progress=here)
    solve_target(exercise)
    assert "solved before" in exercise.status.value
    return here, there, exercise


def test_after_a_reset_in_another_tab_solved_before_is_gone_at_the_next_check(tmp_path):
    here, there, exercise = solved_in_one_of_two_tabs(tmp_path)
    ProgressPage(there).reset()  # in the other tab
    exercise.new_question()  # (before: still "solved before", from the tab's memory)
    assert "solved before" not in exercise.status.value
    assert "reset in another page" in exercise.status.value
    assert not here.is_solved("ch03-target")


def test_an_open_exercise_drops_solved_before_when_another_tab_resets(tmp_path):
    """Without a click: the kernel's look at the file (every second) tells the exercise."""
    here, there, exercise = solved_in_one_of_two_tabs(tmp_path)
    there.reset()
    assert here.sync()  # what the kernel's look at the file does every second
    assert "solved before" not in exercise.status.value
    assert "reset in another page" in exercise.status.value


def test_open_progress_pages_and_maps_are_redrawn_after_a_reset_in_another_tab(tmp_path):
    path = tmp_path / "progress.json"
    here, there = Progress(path), Progress(path)
    here.record_answer("ch03-target", True)
    page, lesson_map = ProgressPage(here), LessonMap(here, here="01-welcome")
    assert 'data-state="solved first time"' in page.overview.value
    assert 'data-stars="1"' in lesson_map.widget.value  # (one of three exercises)
    there.reset()
    assert here.sync()  # what the kernel's look at the file does every second
    assert 'data-state="solved' not in page.overview.value
    assert 'data-stars="1"' not in lesson_map.widget.value


def test_in_the_browser_another_tabs_reset_reaches_the_open_pages_when_merged(tmp_path,
                                                                                  monkeypatch):
    """The browser's Python: live.js merges another tab's stored progress into this tab's
    file (merge_into_file); the exercises of this tab hear of it at once."""
    here = Progress(tmp_path / "tab.json")
    monkeypatch.setitem(Progress._shared, here.path, here)  # this tab's Progress.default()
    exercise = TargetExercise(seed=1, exercise_id="ch03-target", progress=here)
    solve_target(exercise)
    page = ProgressPage(here)
    other = Progress(tmp_path / "other-tab.json")
    assert other.merge(here.export()) is None
    other.reset()
    assert merge_into_file(other.export(), here.path)  # says what the reset removed here
    assert 'data-state="solved' not in page.overview.value  # redrawn without a click
    assert not here.is_solved("ch03-target")
    exercise.new_question()
    assert "solved before" not in exercise.status.value


def test_a_page_left_stops_watching(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    lesson_map = LessonMap(progress)
    assert len(progress._watchers) == 1
    lesson_map.widget.close()  # (live.js closes a left page's widgets)
    progress.record_answer("ch03-target", True)
    assert progress._watchers == []


# ------------------------------------------------------------- (b) one fresh final test

def test_tabs_opened_together_show_one_fresh_final_test(tmp_path):
    path = tmp_path / "progress.json"
    tabs = [Progress(path) for _ in range(3)]  # opened before any shows the test
    seeds = {FinalTestWidget(progress=tab).test.seed for tab in tabs}
    assert len(seeds) == 1  # (before: three different tests)


def test_tabs_in_the_browser_each_with_its_own_file_show_one_fresh_final_test(tmp_path):
    tabs = [Progress(tmp_path / f"tab{n}.json") for n in range(3)]
    assert len({FinalTestWidget(progress=tab).test.seed for tab in tabs}) == 1


def test_a_tab_opened_later_resumes_the_test_shown_in_another(tmp_path):
    path = tmp_path / "progress.json"
    first, later = Progress(path), Progress(path)
    shown = FinalTestWidget(progress=first)
    shown.new_test()  # the learner asked for another: that one is theirs now
    assert FinalTestWidget(progress=later).test.seed == shown.test.seed


def test_a_finished_test_or_a_reset_brings_another_fresh_test(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    first = FinalTestWidget(progress=progress).test.seed
    progress.record_answer("final-test", False, "Steps missed: “Your bid”.")
    progress.save_game(SAVE_KEY, {})  # (forgotten: only the fresh seed decides)
    progress._games.pop(SAVE_KEY)
    second = FinalTestWidget(progress=progress).test.seed
    progress.reset()
    third = FinalTestWidget(progress=progress).test.seed
    assert len({first, second, third}) == 3


# ----------------------------------------------------------- (c) the table after a reset

def hands(table):
    return [tuple(table.state.hand(seat)) for seat in range(table.players)]


@pytest.mark.parametrize("players", [3, 4])
def test_after_a_reset_the_kept_table_deals_other_deals(tmp_path, players):
    progress = Progress(tmp_path / "progress.json")
    before = TableWidget(players=players, seed=1, save_key="t", progress=progress)
    first = hands(before)
    before.new_deal()
    second = hands(before)
    progress.reset()
    after = TableWidget(players=players, seed=1, save_key="t", progress=progress)
    assert hands(after) not in (first, second)  # (before: the very same first deal)
    after.new_deal()
    assert hands(after) not in (first, second)


def test_a_table_never_reset_deals_as_it_always_did(tmp_path):
    kept = TableWidget(players=4, seed=1, save_key="t",
                       progress=Progress(tmp_path / "progress.json"))
    assert hands(kept) == hands(TableWidget(players=4, seed=1))
