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
    not). A saved game holding NaN, Infinity or 1e400, in the file or in an import, is left
    out and said; a game holding one is not saved; every write and export is strict JSON."""
    import json

    from tarot_teach.widgets.progress import Progress
    from tarot_teach.widgets.progress_record import parse_record

    for constant in ("NaN", "Infinity", "-Infinity", "1e400"):
        content = '{"solved": {"a": "2026-11-30T10:00:00Z"}, "games": {"t": {"x": %s}}}' % constant
        record = parse_record(content)
        assert record["games"] == {} and "out of range" in " ".join(record["notes"])
        progress = Progress(tmp_path / f"{constant}.json")
        progress.record_answer("ch03-target", True)
        assert "out of range" in progress.merge(content)
        assert progress.is_solved("ch03-target") and progress.is_solved("a")
        json.loads(progress.export(), parse_constant=lambda name: pytest.fail(name))
        on_disk = tmp_path / f"disk-{constant}.json"
        on_disk.write_text(content)
        here = Progress(on_disk)
        assert here.is_solved("a") and here.saved_game("t") is None
        here.record_answer("b", True)  # written again: strict JSON, the solve kept
        json.loads(on_disk.read_text(), parse_constant=lambda name: pytest.fail(name))
    progress = Progress(tmp_path / "progress.json")
    progress.save_game("t", {"score": float("nan")})
    assert progress.saved_game("t") is None and "not finite" in progress.message


def test_a_saved_place_or_setting_out_of_range_starts_again_in_words(tmp_path):
    """Issue 27 item 8: 1e400 in a saved guided-hand place or a table's dealer raised
    OverflowError (the exercise broken for good); a setting that is not a boolean broke the
    progress page on every visit."""
    from pathlib import Path

    from tarot_teach.widgets.guided import GuidedHandWidget
    from tarot_teach.widgets.path import SETTINGS_KEY, ProgressPage
    from tarot_teach.widgets.table import TableWidget

    hand = Path(__file__).resolve().parents[2] / "exercises" / "hands" / "take-made.json"

    def out_of_range(name: str, key: str, field: str) -> Progress:
        saved = dict(Progress(tmp_path / name).saved_game(key))
        saved[field] = "OUT"
        content = json.dumps({"solved": {}, "games": {key: saved}}).replace('"OUT"', "1e400")
        (tmp_path / name).write_text(content)
        return Progress(tmp_path / name)

    guided = GuidedHandWidget(hand, progress=Progress(tmp_path / "g.json"))
    guided._save()
    progress = out_of_range("g.json", guided.save_key, "step")
    assert GuidedHandWidget(hand, progress=progress).step == 0
    assert "out of range" in progress.message
    TableWidget(players=4, seed=1, save_key="t", progress=Progress(tmp_path / "t.json"))
    table = TableWidget(players=4, seed=1, save_key="t",
                        progress=out_of_range("t.json", "t", "dealer"))
    assert table.state.view(0).hand and not table.state.is_over
    (tmp_path / "s.json").write_text(json.dumps({"solved": {}, "games": {
        SETTINGS_KEY: {"practise": "yes"}}}))
    page = ProgressPage(Progress(tmp_path / "s.json"))
    assert page.practise_box.value is False
