"""Issue 13, progress: saves from any number of pages merge (no solve is ever lost), and
anything unreadable is set aside under a new name with a message, never overwritten."""

from __future__ import annotations

import json
import multiprocessing
import os
import stat
import threading

import pytest
from hypothesis import given, settings, strategies as st

from tarot_teach.widgets.progress import Progress, merge_into_file
from tarot_teach.widgets.progress_record import MAX_BYTES, parse_progress, utc_time


def aside_files(path):
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


# ----------------------------------------------------------------- merging, interleavings

# One step: writer w solves exercise e, or saves game g (its value says who and when).
steps = st.lists(
    st.tuples(st.integers(0, 3), st.sampled_from(["solve", "game"]), st.integers(0, 5)),
    max_size=40)


@pytest.mark.slow  # hypothesis: 150 interleavings of file saves: seconds
@settings(max_examples=150, deadline=None)
@given(steps=steps)
def test_random_interleavings_of_saves_from_several_pages_lose_nothing(tmp_path_factory, steps):
    """Four pages (each its own Progress, loaded at the start as a tab is) save in any order."""
    path = tmp_path_factory.mktemp("merge") / "progress.json"
    pages = [Progress(path) for _ in range(4)]
    solved, last_game = set(), {}
    for number, (writer, kind, item) in enumerate(steps):
        if kind == "solve":
            pages[writer].mark_solved(f"ex-{item}")
            solved.add(f"ex-{item}")
        else:
            value = {"by": writer, "step": number}
            pages[writer].save_game(f"game-{item}", value)
            last_game[f"game-{item}"] = value
        assert all(page.message is None for page in pages)
    final = Progress(path)
    assert final.solved == solved
    # Each game is the one saved last (whoever saved it): a save never revives an older one.
    assert {key: final.saved_game(key) for key in last_game} == last_game
    assert not aside_files(path)


def test_two_tabs_keep_each_others_solves():
    first, second = Progress(), Progress()  # both opened before either solved anything
    first.mark_solved("tricks-1")
    second.mark_solved("bids-1")
    first.mark_solved("tricks-2")
    assert Progress().solved == {"tricks-1", "bids-1", "tricks-2"}
    assert first.solved >= {"bids-1"}  # a save also brings the other tab's solves in


def test_a_merge_never_unsolves_and_keeps_the_first_date(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"version": 1, "solved": {"a": "2026-01-01T00:00:00"}}))
    merge_into_file(json.dumps({"solved": {"a": "2026-06-01T00:00:00", "b": "2026-02-01"}}), path)
    merge_into_file(json.dumps({"solved": {}}), path)
    assert json.loads(path.read_text())["solved"] == {"a": utc_time("2026-01-01T00:00:00"),
                                                     "b": utc_time("2026-02-01")}


def test_incoming_progress_that_cannot_be_read_changes_nothing(tmp_path):
    path = tmp_path / "progress.json"
    Progress(path).mark_solved("a")
    before = path.read_bytes()
    for bad in ["", "[]", '{"solved": []}', "[" * 10_000, '{"solved": {"a": 1}}']:
        message = merge_into_file(bad, path)
        assert message and message.startswith("Progress from another page was ignored")
    assert path.read_bytes() == before


def _hammer(path: str, writer: int, count: int, start) -> None:
    os.environ["TAROT_TEACH_PROGRESS"] = path
    start.wait()
    for number in range(count):
        progress = Progress(path)  # a page loading while the others save
        assert progress.message is None, progress.message
        progress.mark_solved(f"w{writer}-{number}")
        if number % 10 == 0:
            progress.save_game(f"w{writer}", {"n": number})


@pytest.mark.slow  # threads saving at once
def test_concurrent_saves_from_threads_lose_nothing_and_never_show_broken_json(tmp_path):
    path = tmp_path / "progress.json"
    start = threading.Barrier(6)
    errors = []

    def run(writer):
        try:
            _hammer(str(path), writer, 150, start)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(repr(error))

    threads = [threading.Thread(target=run, args=(w,)) for w in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[:3]
    final = Progress(path)
    assert final.solved == {f"w{w}-{n}" for w in range(6) for n in range(150)}
    assert {final.saved_game(f"w{w}")["n"] for w in range(6)} == {140}
    assert not aside_files(path)
    # No temporary file left behind.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json", "progress.json.lock"]


@pytest.mark.slow  # processes saving at once
def test_concurrent_saves_from_processes_lose_nothing(tmp_path):
    path = tmp_path / "progress.json"
    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    start = context.Barrier(4)
    workers = [context.Process(target=_hammer, args=(str(path), w, 120, start))
               for w in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    assert Progress(path).solved == {f"w{w}-{n}" for w in range(4) for n in range(120)}
    assert not aside_files(path)
    assert not list(tmp_path.glob("*.tmp"))  # no temporary file left behind


# ------------------------------------------------------------------- unreadable files

UNREADABLE = {
    "not UTF-8": b'{"solved": {"\xff\xfe": "x"}}',
    "not JSON": b"{not json",
    "deeply nested": b'{"solved": {}, "games": {"g": ' + b'{"a": ' * 100_000 + b"1"
                     + b"}" * 100_001,
    "deeply nested list": b"[" * 200_000 + b"]" * 200_000,
    "solved of the wrong type": b'{"solved": ["a", "b"]}',
    "a date of the wrong type": b'{"solved": {"a": 5}}',
    "games of the wrong type": b'{"solved": {}, "games": {"g": [1, 2]}}',
    "no object": b"42",
    "empty": b"",
}


@pytest.mark.parametrize("name", UNREADABLE)
def test_an_unreadable_progress_file_is_set_aside_with_a_message_never_a_crash(tmp_path, name):
    path = tmp_path / "progress.json"
    path.write_bytes(UNREADABLE[name])
    progress = Progress(path)
    assert progress.solved == set()
    (aside,) = aside_files(path)
    assert aside.read_bytes() == UNREADABLE[name]  # kept exactly as it was
    assert aside.name in progress.message and "damaged" in progress.message
    progress.mark_solved("after")  # the next solve starts a new file; the old one stays
    assert Progress(path).solved == {"after"} and aside.read_bytes() == UNREADABLE[name]


def test_an_unreadable_file_is_never_overwritten_even_by_a_page_loaded_before(tmp_path):
    """A page loaded while the file was good saves after it went bad: the bad file is set
    aside (with a message), not silently replaced."""
    path = tmp_path / "progress.json"
    page = Progress(path)
    page.mark_solved("a")
    path.write_bytes(b"\xff\xfe broken")
    page.mark_solved("b")
    (aside,) = aside_files(path)
    assert aside.read_bytes() == b"\xff\xfe broken"
    assert aside.name in page.message
    assert Progress(path).solved == {"a", "b"}


def test_each_unreadable_file_gets_a_new_name(tmp_path):
    path = tmp_path / "progress.json"
    contents = [b"bad one", b"bad two", b"bad three"]
    for content in contents:
        path.write_bytes(content)
        Progress(path)
    assert sorted(p.read_bytes() for p in aside_files(path)) == sorted(contents)


def test_a_progress_file_too_large_is_set_aside_unread(tmp_path):
    path = tmp_path / "progress.json"
    with open(path, "wb") as stream:
        stream.write(b'{"solved": {}, "x": "')
        stream.truncate(MAX_BYTES + 10)
    progress = Progress(path)
    assert "larger than" in progress.message and len(aside_files(path)) == 1


def test_a_fifo_in_place_of_the_progress_file_does_not_hang(tmp_path):
    path = tmp_path / "progress.json"
    os.mkfifo(path)
    progress = Progress(path)
    assert "not a regular file" in progress.message
    progress.mark_solved("a")
    assert Progress(path).solved == {"a"}


def test_a_progress_file_that_cannot_be_opened_is_left_alone(tmp_path):
    path = tmp_path / "progress.json"
    path.mkdir()  # a folder: cannot be read, nor replaced by a file
    progress = Progress(path)
    assert progress.message and "left as it is" in progress.message
    progress.mark_solved("a")
    assert "could not be saved" in progress.message and path.is_dir()


@pytest.mark.parametrize("text", ['{"solved": {}}', '{"version": 1, "solved": {"a": "x"}, "games": {}}'])
def test_well_formed_progress_parses(text):
    solved, games = parse_progress(text)
    assert isinstance(solved, dict) and games == {}


# ------------------------------------------------------------------------ file modes


def test_progress_and_its_lock_are_readable_by_this_user_only(tmp_path):
    path = tmp_path / "home" / ".tarot_teach" / "progress.json"
    Progress(path).mark_solved("a")
    for file in (path, path.with_name("progress.json.lock")):
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_saves_work_where_there_is_no_file_lock(tmp_path, monkeypatch):
    """The browser's Python (Pyodide) has a fcntl module without flock."""
    import fcntl

    monkeypatch.delattr(fcntl, "flock")
    path = tmp_path / "progress.json"
    first, second = Progress(path), Progress(path)
    first.mark_solved("a")
    second.mark_solved("b")
    assert first.message is None and Progress(path).solved == {"a", "b"}
    assert merge_into_file('{"solved": {"c": "2026-11-30"}}', path) is None
    assert Progress(path).solved == {"a", "b", "c"}
