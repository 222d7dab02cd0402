"""Issue 27 item 2: no date in a progress file can erase progress. Times are read as ISO 8601
(with an offset, or local time as older files wrote them) and written in UTC; a reset in the
future or not a date is ignored; an imported file's reset never drops what is here; and
whenever a merge drops something, the learner is told."""

from __future__ import annotations

import datetime
import json
import time

import pytest

from tarot_teach.widgets.path import ProgressPage
from tarot_teach.widgets.progress import Progress, merge_into_file
from tarot_teach.widgets.progress_record import merge_records, parse_record, utc_time

UTC = datetime.timezone.utc


def write(path, **content) -> None:
    path.write_text(json.dumps({"version": 1, **content}), encoding="utf-8")


def in_hours(hours: float) -> str:
    return (datetime.datetime.now(UTC) + datetime.timedelta(hours=hours)).isoformat()


SOLVED = {"ch07-winner": "2026-11-02T09:30:00+00:00", "ch03-target": "2026-11-02T10:00:00"}
ANSWERS = {"ch03-target": {"2026-11-02T09:59:00.000001+00:00": {"ok": False, "reason": "no"}}}


# --------------------------------------------------------------- what a time is on read

@pytest.mark.parametrize("text, utc", [
    ("2026-11-30T10:00:00+01:00", "2026-11-30T09:00:00.000000+00:00"),
    ("2026-11-30T10:00:00.5-0230", "2026-11-30T12:30:00.500000+00:00"),
    ("2026-11-30T09:00Z", "2026-11-30T09:00:00.000000+00:00"),
    ("2026-11-30T10:00:00.000001", "2026-11-30T09:00:00.000001+00:00"),  # Paris, UTC+1
    ("2026-07-01T10:00:00", "2026-07-01T08:00:00.000000+00:00"),  # Paris in summer, UTC+2
    ("2026-11-30", "2026-11-29T23:00:00.000000+00:00"),
])
def test_times_with_an_offset_or_local_become_utc(paris, text, utc):
    assert utc_time(text) == utc


@pytest.mark.parametrize("text", ["soon", "", "2026-13-01T00:00", "2026-02-30T10:00",
                                  "2026-11-30T24:00", "2026-11-30T10:00+25:00", "0001-01-01",
                                  "2026-11-30T10:00:00.1234567", " 2026-11-30", 5, None, ["x"],
                                  "2026-11-30T10:00:00+01:00trailing"])
def test_what_is_not_a_date_is_no_time(text):
    assert utc_time(text) is None


def test_every_time_written_is_utc(tmp_path, paris):
    progress = Progress(tmp_path / "progress.json")
    progress.mark_solved("a")
    progress.record_answer("b", False, "why", when=datetime.datetime(2026, 11, 2, 10, 30))
    progress.reset()
    progress.mark_solved("c")
    saved = json.loads(progress.path.read_text())
    assert "answers" not in saved and saved["reset"].endswith("+00:00")
    assert saved["solved"]["c"].endswith("+00:00") and saved["solved"]["c"] >= saved["reset"]
    progress.record_answer("b", False, "why", when=datetime.datetime(2026, 11, 2, 10, 30))
    assert "b" not in Progress(progress.path).answers  # (older than the reset)
    assert progress.message is None  # (its own reset: nothing to tell)
    progress.record_answer("b", True)
    (moment,) = Progress(progress.path).answers["b"]
    assert moment.endswith("+00:00") and utc_time(moment) == moment


# ------------------------------------------------------------------ resets that are wrong

@pytest.mark.parametrize("reset", ["2999-01-01T00:00:00", in_hours(2), "soon", "yesterday",
                                   "zzz", 5, ["2026-11-30"], {"at": 1}],
                         ids=["2999", "in-2-hours", "soon", "yesterday", "zzz", "5", "list",
                              "dict"])  # (the same names in every xdist worker)
def test_a_reset_in_the_future_or_not_a_date_erases_nothing(tmp_path, reset):
    path = tmp_path / "progress.json"
    write(path, solved=SOLVED, answers=ANSWERS, reset=reset)
    progress = Progress(path)
    assert progress.solved == set(SOLVED) and "ignored" in progress.message
    assert "in the future" in progress.message or "not a date" in progress.message
    progress.mark_solved("ch02-find-bouts")  # a later solve is kept too
    again = Progress(path)
    assert again.solved == set(SOLVED) | {"ch02-find-bouts"}
    assert again.answers["ch03-target"] and again.message is None
    assert "reset" not in json.loads(path.read_text())  # the wrong reset is gone for good
    assert not list(tmp_path.glob("*.corrupt-*"))  # (nothing was "damaged")


def test_a_future_reset_from_another_page_is_ignored_and_said(tmp_path):
    path = tmp_path / "progress.json"
    Progress(path).mark_solved("a")
    said = merge_into_file(json.dumps({"solved": {}, "reset": in_hours(30)}), path)
    assert "in the future: it was ignored" in said and Progress(path).solved == {"a"}


def test_a_clock_put_back_after_a_reset_does_not_drop_the_next_solves(tmp_path, monkeypatch):
    """The reset was made while the clock was a year ahead; the clock is right again."""
    from tarot_teach.widgets import progress as module

    path = tmp_path / "progress.json"
    write(path, solved={}, reset=in_hours(24 * 365))
    progress = Progress(path)
    for name in ("a", "b"):
        progress.mark_solved(name)
        assert Progress(path).solved >= {name}
    ahead = Progress(tmp_path / "ahead.json")  # the page that made it, still open
    right_now = module._utc_now
    monkeypatch.setattr(module, "_utc_now", lambda: in_hours(24 * 365))
    ahead.reset()
    monkeypatch.setattr(module, "_utc_now", right_now)
    ahead.mark_solved("c")
    ahead.mark_solved("d")
    assert Progress(ahead.path).solved == {"c", "d"} == ahead.solved


def test_entries_whose_time_is_not_a_date_are_left_out_and_said(tmp_path):
    path = tmp_path / "progress.json"
    write(path, solved={"a": "2026-11-02T09:30:00Z", "b": "last week"},
          answers={"a": {"2026-11-02T09:30:00Z": {"ok": True}, "later": {"ok": False}}})
    progress = Progress(path)
    assert progress.solved == {"a"} and list(progress.answers["a"]) == [
        "2026-11-02T09:30:00.000000+00:00"]
    assert "1 solved exercise and 1 answer whose time is not a date were left out" in (
        progress.message)
    page = ProgressPage(progress)  # and the progress page shows (it raised before)
    assert "not a date" in page.message.value


# ----------------------------------------------------------------- times from elsewhere

def test_times_with_offsets_are_compared_as_times_not_as_text(tmp_path):
    """A reset at 10:00 in Paris is 09:00 UTC: a solve at 09:30 UTC came after it."""
    record = parse_record(json.dumps({
        "solved": {"after": "2026-11-30T09:30:00Z", "before": "2026-11-30T09:30:00+01:00"},
        "answers": {"after": {"2026-11-30T09:30:00Z": {"ok": True}}}}))
    merged = merge_records(record, {"solved": {}, "answers": {}, "games": {},
                                    "reset": utc_time("2026-11-30T10:00:00+01:00")})
    assert set(merged["solved"]) == {"after"} and list(merged["answers"]) == ["after"]


def test_an_old_local_reset_and_new_utc_solves_compare_as_times(tmp_path, paris):
    """An older file's reset at 10:00 local (09:00 UTC); a solve since, written in UTC."""
    path = tmp_path / "progress.json"
    write(path, solved={"old": "2026-11-30T09:50:00", "new": "2026-11-30T09:30:00+00:00"},
          reset="2026-11-30T10:00:00")
    merge_into_file('{"solved": {}}', path)
    assert Progress(path).solved == {"new"}


def test_a_solve_after_a_reset_is_kept_though_another_page_solved_it_before(tmp_path):
    path = tmp_path / "progress.json"
    stale = Progress(path)
    stale.mark_solved("a")  # before the reset
    fresh = Progress(path)
    fresh.reset()
    fresh.mark_solved("a")  # solved again after it
    stale.mark_solved("b")
    assert Progress(path).solved == {"a", "b"}


def test_a_page_that_had_not_seen_a_reset_is_told_what_it_dropped(tmp_path):
    path = tmp_path / "progress.json"
    stale = Progress(path)
    stale.record_answer("a", False, "why")
    stale.mark_solved("b")
    Progress(path).reset()
    stale.mark_solved("c")
    assert stale.solved == {"c"}
    assert stale.message.startswith("Your progress was reset in another page")
    assert "1 solved exercise and 1 answer from before then were removed here too" in (
        stale.message)


# ------------------------------------------------------------------------------ import

def exported(solved=None, answers=None, reset=None) -> str:
    return json.dumps({"version": 1, "solved": solved or {}, "answers": answers or {},
                       **({"reset": reset} if reset else {})})


def test_an_imported_files_reset_never_drops_what_is_here(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    progress.record_answer("ch03-target", False, "too high")
    progress.mark_solved("ch07-winner")
    page = ProgressPage(progress)
    # the file was reset after everything here was done, then one exercise solved
    reset = in_hours(0)
    time.sleep(0.01)
    assert page.import_text(exported({"ch02-find-bouts": in_hours(0),
                                      "ch04-old": "2020-01-01T00:00:00Z"}, reset=reset))
    again = Progress(progress.path)
    assert again.solved == {"ch07-winner", "ch02-find-bouts"}  # (ch04-old: before its reset)
    assert list(again.answers) == ["ch03-target"]
    assert "nothing you had was removed" in page.keep_message.value
    assert "reset" not in json.loads(progress.path.read_text())


def test_an_import_says_what_this_progress_own_reset_left_out(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    progress.reset()
    page = ProgressPage(progress)
    assert page.import_text(exported(
        {"ch07-winner": "2026-01-01T00:00:00Z", "ch02-find-bouts": in_hours(0)},
        {"ch07-winner": {"2026-01-01T00:00:00Z": {"ok": True}}}))
    assert Progress(progress.path).solved == {"ch02-find-bouts"}
    said = page.keep_message.value
    assert "1 solved exercise and 1 answer from before your reset" in said
    assert "were left out" in said


def test_an_imported_file_with_a_future_or_wrong_reset_or_times_says_so(tmp_path):
    progress = Progress(tmp_path / "progress.json")
    progress.mark_solved("ch07-winner")
    page = ProgressPage(progress)
    content = exported({"ch02-find-bouts": "2026-11-02T09:30:00Z", "ch03-target": "never"},
                       reset="2999-01-01T00:00:00Z")
    assert page.import_text(content)
    said = page.keep_message.value
    assert "In that file, 1 solved exercise whose time is not a date was left out" in said
    assert "is in the future: it was ignored" in said
    assert Progress(progress.path).solved == {"ch07-winner", "ch02-find-bouts"}
