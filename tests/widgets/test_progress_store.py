"""Issue 31 item 2: in the static site the browser keeps the progress (localStorage, shared by
the tabs) and Python alone merges it (:func:`merge_stored`): the page sends the stored text as
it is and stores the file's text that comes back, shows the notice, and sets aside a stored
value Python cannot read (tests/js/progress.test.mjs tests the page's side)."""

from __future__ import annotations

import datetime
import json

import pytest

from tarot_teach.widgets.progress import Progress, merge_stored

UTC = datetime.timezone.utc


def stored(solved=None, **more) -> str:
    """A stored value as the browser keeps it (what merge_stored returned, or older)."""
    return json.dumps({"version": 1, "solved": solved or {}, **more})


def ago(hours: float) -> str:
    return (datetime.datetime.now(UTC) - datetime.timedelta(hours=hours)).isoformat()


def test_the_stored_solves_are_merged_into_the_file_and_its_text_comes_back(tmp_path):
    path = tmp_path / "progress.json"
    here = Progress(path)
    here.mark_solved("mine")
    here.record_answer("mine", True)
    result = merge_stored(stored({"other-tab": "2026-11-30T10:00:00Z", "mine": "2026-11-01"},
                                 answers={"other-tab": {"2026-11-30T10:00:00Z": {"ok": True}}}),
                          path)
    assert result["damaged"] is None and result["notice"] is None
    assert result["text"] == path.read_text(encoding="utf-8")
    content = json.loads(result["text"])
    assert set(content["solved"]) == {"mine", "other-tab"}
    assert content["solved"]["other-tab"] == "2026-11-30T10:00:00.000000+00:00"
    assert content["solved"]["mine"] < "2026-11-02"  # the earliest date of both
    assert set(content["answers"]) == {"mine", "other-tab"}
    # What came back, stored and sent again, changes nothing.
    assert merge_stored(result["text"], path) == result


def test_this_pages_games_win_and_the_stored_ones_are_kept(tmp_path):
    path = tmp_path / "progress.json"
    Progress(path).save_game("table", {"deal": 2})
    result = merge_stored(stored(games={"table": {"deal": 1}, "final": {"n": 3}}), path)
    assert json.loads(result["text"])["games"] == {"table": {"deal": 2}, "final": {"n": 3}}


def test_the_pages_open_exercises_hear_of_the_merge_at_once(tmp_path):
    path = tmp_path / "progress.json"
    here = Progress(path)
    heard = []

    def listener():  # (held weakly: kept alive here)
        heard.append(here.is_solved("other-tab"))

    here.watch(listener)
    Progress._shared[path] = here
    try:
        merge_stored(stored({"other-tab": "2026-11-30T10:00:00Z"}), path)
    finally:
        del Progress._shared[path]
    assert heard == [True]


def test_a_reset_made_in_another_tab_drops_what_came_before_and_says_so(tmp_path, paris):
    path = tmp_path / "progress.json"
    path.write_text(stored({"old": ago(3), "new": ago(1)}), encoding="utf-8")
    reset = (datetime.datetime.now(UTC) - datetime.timedelta(hours=2)).replace(microsecond=0)
    result = merge_stored(stored(reset=reset.isoformat()), path)
    assert set(json.loads(result["text"])["solved"]) == {"new"}
    local = reset.astimezone()  # (Paris time)
    assert result["notice"] == (
        f"Your progress was reset in another tab ({local.day} {local:%B %Y at %H:%M}): "
        "1 solved exercise from before then was removed here too.")
    # This page's own reset (the file's) is no news.
    assert merge_stored(result["text"], path)["notice"] is None


def test_what_the_stored_value_leaves_out_is_said(tmp_path):
    path = tmp_path / "progress.json"
    result = merge_stored(stored({"a": "soon", "b": "2026-11-30T10:00:00Z"},
                                 reset="2999-01-01T00:00:00Z"), path)
    assert set(json.loads(result["text"])["solved"]) == {"b"}
    assert "reset" not in json.loads(result["text"])
    assert result["notice"].startswith(
        "In the progress saved in this browser, 1 solved exercise whose time is not a date "
        "was left out; the reset time (1 January 2999 at ")
    assert result["notice"].endswith(") is in the future: it was ignored.")


@pytest.mark.parametrize("value, why", [
    ("{not json", "it is not JSON"),
    ('{"solved": []}', "it has no list of solved exercises"),
    ('{"solved": {}, "answers": {"a": {"x": {"ok": "yes"}}}}', "its answers are not times"),
])
def test_a_stored_value_python_cannot_read_is_said_damaged_and_the_file_kept(tmp_path, value,
                                                                              why):
    path = tmp_path / "progress.json"
    Progress(path).mark_solved("mine")
    before = path.read_text(encoding="utf-8")
    result = merge_stored(value, path)
    assert result["damaged"].startswith(why)
    assert json.loads(result["text"]) == json.loads(before)  # stored in its place
    assert result["notice"] is None
    # In a page without a file yet: nothing to store in its place (the page removes it).
    empty = tmp_path / "empty" / "progress.json"
    assert merge_stored(value, empty)["text"] is None
    assert not empty.exists()


def test_nothing_stored_and_no_file_writes_nothing(tmp_path):
    path = tmp_path / "progress.json"
    for value in (None, ""):
        assert merge_stored(value, path) == {"text": None, "notice": None, "damaged": None}
    assert not path.exists()


def test_nothing_stored_gives_this_pages_file(tmp_path):
    path = tmp_path / "progress.json"
    Progress(path).mark_solved("mine")
    result = merge_stored(None, path)
    assert set(json.loads(result["text"])["solved"]) == {"mine"}


def test_a_damaged_file_of_the_page_is_set_aside_and_said(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("{broken", encoding="utf-8")
    result = merge_stored(stored({"b": "2026-11-30T10:00:00Z"}), path)
    assert set(json.loads(result["text"])["solved"]) == {"b"}
    assert result["notice"].startswith("Your progress file was damaged")
    assert len(list(tmp_path.glob("progress.json.corrupt-*"))) == 1
