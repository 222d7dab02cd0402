"""Issue 14, the learning path (pure side): the store keeps every answer (right, or wrong
with its reason), old files still load, two writers merge, a reset is not undone by a stale
page; exercise states and the spacing of practice with fixed dates; the course map."""

from __future__ import annotations

import datetime
import importlib.util
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tarot_teach.teach import path as learning
from tarot_teach.teach.course_map import CHAPTERS
from tarot_teach.widgets.progress import Progress, merge_into_file
from tarot_teach.widgets.progress_record import MAX_ANSWERS, UnreadableProgress, parse_record

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime.timedelta(days=1)
START = datetime.datetime(2026, 11, 2, 9, 30)


def at(moment: datetime.datetime) -> str:
    """A local time as the store writes it (UTC)."""
    return moment.astimezone(datetime.timezone.utc).isoformat(timespec="microseconds")


def wrong(moment, reason=""):
    return {at(moment): {"ok": False, "reason": reason}}


def right(moment):
    return {at(moment): {"ok": True}}


# ----------------------------------------------------------------------------- states

def test_states_of_an_exercise():
    assert learning.state(None, {}) == learning.NOT_TRIED
    assert learning.state(None, wrong(START)) == learning.TRIED
    assert learning.state(None, {**wrong(START), **right(START + DAY)}) == learning.SOLVED
    assert learning.state(None, {**right(START), **wrong(START + DAY)}) == learning.FIRST_TIME
    # a solve from a file written before answers were kept counts as first time
    assert learning.state("2026-11-01T10:00:00", {}) == learning.FIRST_TIME
    # a wrong answer (from another tab) before the recorded solve date
    assert learning.state(at(START + DAY)[:19], wrong(START)) == learning.SOLVED


def test_wrong_answers_count_last_and_reason():
    answers = {**wrong(START, "first"), **right(START + DAY), **wrong(START + 2 * DAY, "second")}
    summary = learning.wrong_answers(answers)
    assert (summary.count, summary.last, summary.reason) == (2, START + 2 * DAY, "second")


# ---------------------------------------------------------------------------- spacing

def test_a_wrong_answer_comes_back_after_one_day_then_three_then_seven():
    answers = wrong(START)
    assert learning.due(answers) == START + DAY
    answers |= right(START + DAY + datetime.timedelta(hours=2))  # answered when due
    assert learning.due(answers) == START + DAY + datetime.timedelta(hours=2) + 3 * DAY
    answers |= right(START + 10 * DAY)
    assert learning.due(answers) == START + 10 * DAY + 7 * DAY


def test_right_answers_before_it_is_due_do_not_push_it_further():
    answers = {**wrong(START), **right(START + datetime.timedelta(minutes=1))}
    assert learning.due(answers) == START + DAY


def test_a_new_wrong_answer_starts_again_and_every_interval_learns_it():
    answers, moment = wrong(START), START
    for days in learning.INTERVALS:
        assert learning.due(answers) == moment + days * DAY
        moment += days * DAY
        answers |= right(moment)
    assert learning.due(answers) is None  # learnt
    answers |= wrong(moment + DAY)
    assert learning.due(answers) == moment + 2 * DAY


def test_due_for_practice_lists_only_what_is_due_oldest_first():
    answers = {"late": wrong(START), "later": wrong(START + DAY), "fresh": wrong(START + 5 * DAY),
               "never-wrong": right(START)}
    assert learning.due_for_practice(answers, START + 3 * DAY) == ["late", "later"]
    assert learning.due_for_practice(answers, START) == []


# ------------------------------------------------------------------------------ store

def test_old_files_load_as_they_were_meant_and_keep_their_solves(tmp_path, paris):
    """Older files wrote local times without an offset: read as local time, written UTC."""
    path = tmp_path / "progress.json"
    old = {"version": 1, "solved": {"ch07-winner": "2026-11-29T16:00:00"},
           "games": {"table": {"deal": 3}}}
    path.write_text(json.dumps(old))
    progress = Progress(path)
    utc = {"ch07-winner": "2026-11-29T15:00:00.000000+00:00"}  # 16:00 in Paris
    assert progress.solved_dates == utc and progress.saved_game("table") == {"deal": 3}
    assert progress.answers == {} and progress.message is None
    progress.record_answer("ch02-find-bouts", False, "The 21 is a bout.")
    again = json.loads(path.read_text())
    assert again["solved"] == utc and again["games"] == old["games"]
    assert list(again["answers"]) == ["ch02-find-bouts"]


def test_a_wrong_answer_in_one_tab_and_a_solve_in_another_are_both_kept(tmp_path):
    path = tmp_path / "progress.json"
    first, second = Progress(path), Progress(path)  # two tabs opened together
    first.record_answer("ch07-winner", False, "The trump wins.", when=START)
    second.record_answer("ch07-winner", True, when=START + DAY)
    merged = Progress(path)
    states = [a["ok"] for a in merged.answers["ch07-winner"].values()]
    assert states == [False, True] and merged.is_solved("ch07-winner")
    assert learning.state(merged.solved_dates["ch07-winner"],
                          merged.answers["ch07-winner"]) == learning.SOLVED
    assert merged.answers["ch07-winner"][at(START)]["reason"] == "The trump wins."


def test_merge_into_file_adds_answers(tmp_path):
    path = tmp_path / "progress.json"
    Progress(path).record_answer("a", True, when=START)
    incoming = {"solved": {}, "answers": {"b": wrong(START, "no")}}
    assert merge_into_file(json.dumps(incoming), path) is None
    assert set(Progress(path).answers) == {"a", "b"}


def test_a_reset_is_not_undone_by_a_page_that_has_not_seen_it(tmp_path):
    path = tmp_path / "progress.json"
    stale = Progress(path)
    stale.record_answer("a", True)
    stale.record_answer("b", False, "why")
    Progress(path).reset()
    stale.mark_solved("c")  # the stale page saves after the reset: only the new solve stays
    after = Progress(path)
    assert after.solved == {"c"} and after.answers == {}
    assert stale.solved == {"c"}
    assert merge_into_file(json.dumps({"solved": {"a": "2020-01-01T00:00:00"}}), path) is None
    assert Progress(path).solved == {"c"}  # an old copy (another tab's) cannot bring it back


def test_another_pages_reset_forgets_the_saved_games_too_and_says_so(tmp_path):
    path = tmp_path / "progress.json"
    Progress(path).save_game("table", {"deal": 3})
    other = Progress(tmp_path / "other.json")
    other.reset()
    said = merge_into_file(other.path.read_text(), path)
    assert said.startswith("Your progress was reset in another page") and "1 saved game" in said
    assert Progress(path).saved_game("table") is None
    Progress(path).save_game("table", {"deal": 4})  # a new game after the reset stays
    assert merge_into_file(other.path.read_text(), path) is None
    assert Progress(path).saved_game("table") == {"deal": 4}


def test_many_answers_are_trimmed_but_the_first_wrong_one_is_kept(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    progress.record_answer("x", True, when=START)
    progress.record_answer("x", False, "first miss", when=START + DAY)
    for number in range(MAX_ANSWERS + 10):
        progress.record_answer("x", True, when=START + 2 * DAY + number * DAY)
    answers = Progress(progress.path).answers["x"]
    assert len(answers) == MAX_ANSWERS
    assert answers[at(START + DAY)] == {"ok": False, "reason": "first miss"}


def test_long_reasons_are_cut_and_answers_in_the_same_instant_are_both_kept(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    progress.record_answer("x", False, "x" * 5000, when=START)
    progress.record_answer("x", False, "again", when=START)
    answers = Progress(progress.path).answers["x"]
    assert len(answers) == 2 and max(len(a.get("reason", "")) for a in answers.values()) < 5000


@pytest.mark.parametrize("answers", [[], {"a": []}, {"a": {"t": {"ok": 1}}},
                                     {"a": {"t": {"ok": True, "reason": 3}}}])
def test_malformed_answers_are_refused(answers):
    with pytest.raises(UnreadableProgress):
        parse_record(json.dumps({"solved": {}, "answers": answers}))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3), st.booleans(),
                          st.integers(0, 1000)), max_size=25))
def test_answers_from_several_pages_are_all_kept(tmp_path_factory, steps):
    path = tmp_path_factory.mktemp("answers") / "progress.json"
    pages = [Progress(path) for _ in range(3)]
    expected: dict = {}
    for writer, item, ok, minute in steps:
        when = START + datetime.timedelta(minutes=minute, microseconds=len(steps) * writer)
        pages[writer].record_answer(f"ex-{item}", ok, "" if ok else "why", when=when)
        expected.setdefault(f"ex-{item}", 0)
        expected[f"ex-{item}"] += 1
    final = Progress(path)
    assert {name: len(answers) for name, answers in final.answers.items()} == expected


# ------------------------------------------------------------------------- course map

def test_the_course_map_is_up_to_date_with_the_book():
    spec = importlib.util.spec_from_file_location("make_course_map",
                                                  ROOT / "scripts" / "make_course_map.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = (ROOT / "tarot_teach" / "teach" / "course_map.py").read_text(encoding="utf-8")
    assert written == module.module_text(), "run scripts/make_course_map.py"


def test_every_exercise_of_the_map_is_a_known_class_with_a_unique_id():
    from tarot_teach.widgets import EXERCISES

    names = {cls.__name__ for cls in EXERCISES}
    ids = [item["id"] for chapter in CHAPTERS for item in chapter["exercises"]]
    assert len(ids) == len(set(ids)) and len(ids) > 40
    for chapter in CHAPTERS:
        assert chapter["title"], chapter["page"]
        for item in chapter["exercises"]:
            assert item["kind"] in names or (item["kind"] in ("guided", "final")
                                             and item.get("title"))


def test_the_final_test_is_on_the_progress_page_and_never_due_for_practice(tmp_path):
    from tarot_teach.widgets.path import ProgressPage

    final = [item for chapter in CHAPTERS for item in chapter["exercises"]
             if item["kind"] == "final"]
    assert [item["id"] for item in final] == ["final-test"]
    progress = Progress(tmp_path / "progress.json")
    progress.record_answer("final-test", True)
    page = ProgressPage(progress=progress)
    final_row = next(row for row in page.rows() if row.page == "40-final-test")
    assert final_row.solved == 1
    assert "final-test" not in page.due_exercises()
