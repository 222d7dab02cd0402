"""Issue 27 (Low), a progress file at load: a UTF-8 byte order mark is no damage, and the
temporary files of writes killed half-way (kill -9 during a save) are cleaned up."""

from __future__ import annotations

import json
import os
import time

import pytest

from tarot_teach.widgets import progress as progress_module
from tarot_teach.widgets.progress import Progress

SOLVED = {"version": 1, "solved": {"cards-1": "2026-01-02T03:04:05+00:00"}}


def test_a_progress_file_with_a_byte_order_mark_is_read_not_set_aside(tmp_path):
    path = tmp_path / "progress.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(SOLVED).encode())
    progress = Progress(path)
    assert progress.solved == {"cards-1"}
    assert not (progress.message or "").startswith("Your progress file was damaged")
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]  # nothing set aside


def test_old_temporary_files_of_killed_writes_are_removed_at_load(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(SOLVED))
    old = tmp_path / "progress.json.abc123.tmp"  # a write killed by kill -9 long ago
    old.write_text("{half")
    then = time.time() - progress_module.ORPHAN_SECONDS - 60
    os.utime(old, (then, then))
    recent = tmp_path / "progress.json.def456.tmp"  # maybe another page writing right now
    recent.write_text("{")
    other = tmp_path / "notes.json.xyz.tmp"  # not the progress file's
    other.write_text("x")
    os.utime(other, (then, then))
    progress = Progress(path)
    progress.mark_solved("cards-2")
    assert not old.exists() and recent.exists() and other.exists()
    assert Progress(path).solved == {"cards-1", "cards-2"}


def test_no_progress_file_or_export_ever_holds_nan(tmp_path):
    """Issue 27 (Low): Export could write NaN (Python's JSON reads and writes it, JSON does
    not). A file or an import holding NaN or Infinity is refused in words; a game holding one
    is not saved; every export is strict JSON."""
    import json

    from tarot_teach.widgets.progress import Progress, UnreadableProgress, parse_record

    for constant in ("NaN", "Infinity", "-Infinity"):
        content = '{"solved": {}, "games": {"t": {"score": %s}}}' % constant
        with pytest.raises(UnreadableProgress, match=constant):
            parse_record(content)
        progress = Progress(tmp_path / f"{constant}.json")
        progress.record_answer("ch03-target", True)
        with pytest.raises(UnreadableProgress):
            progress.merge(content)
        assert progress.is_solved("ch03-target")  # nothing lost
    progress = Progress(tmp_path / "progress.json")
    progress.save_game("t", {"score": float("nan")})
    assert progress.saved_game("t") is None and "not finite" in progress.message
    json.loads(progress.export(), parse_constant=lambda name: pytest.fail(name))
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"solved": {"a": "2026-11-30T10:00:00Z"}, "games": {"t": {"x": NaN}}}')
    assert "NaN" in Progress(damaged).message  # set aside, kept beside it, and said
