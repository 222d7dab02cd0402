"""How long the progress page and a save take with a full progress file: every exercise of
the book answered MAX_ANSWERS times (the most a file keeps). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/progress_page.py
"""

from __future__ import annotations

import datetime
import json
import pathlib
import tempfile
import time

from tarot_teach.teach.course_map import CHAPTERS
from tarot_teach.widgets.path import ProgressPage
from tarot_teach.widgets.progress import Progress
from tarot_teach.widgets.progress_record import MAX_ANSWERS


def main() -> None:
    path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
    ids = [item["id"] for chapter in CHAPTERS for item in chapter["exercises"]]
    start = datetime.datetime(2026, 11, 1)
    answers = {}
    for number, ident in enumerate(ids):
        answers[ident] = {
            (start + datetime.timedelta(minutes=number * 100 + k)).isoformat(
                timespec="microseconds"): {"ok": k % 3 == 0, "reason": "A reason. " * 10}
            for k in range(MAX_ANSWERS)}
    path.write_text(json.dumps({"version": 1, "solved": {}, "answers": answers}))
    print(f"{len(ids)} exercises, file {path.stat().st_size / 1024:.0f} KiB")
    for label, action in [
        ("load", lambda: Progress(path)),
        ("record an answer (read-merge-write)",
         lambda: Progress(path).record_answer(ids[0], False, "why")),
        ("progress page (build and draw)", lambda: ProgressPage(Progress(path))),
    ]:
        times = []
        for _ in range(5):
            began = time.perf_counter()
            action()
            times.append(time.perf_counter() - began)
        print(f"{label}: best {min(times) * 1000:.0f} ms of 5")


if __name__ == "__main__":
    main()
