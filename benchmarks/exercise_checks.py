"""How long one Check takes when a learner types something hostile, per exercise.

    python benchmarks/exercise_checks.py --repeat 3

For every exercise with a text box (and the bid advisor), every text of the hostile-input
test's fixed list goes into every box, then Check; prints the slowest and the median call
per exercise, in milliseconds. (The test bounds each call at 1 s; this shows the margin.)
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("TAROT_TEACH_PROGRESS", os.path.join(tempfile.mkdtemp(), "p.json"))
TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path[:0] = [str(TESTS), *(str(layer) for layer in sorted(TESTS.glob("*/")))]  # (by layer)

from test_hostile_inputs import FIXED, WITH_TEXT, _text_boxes  # noqa: E402

from tarot_teach.widgets import BidAdvisor  # noqa: E402


def measure(repeat: int) -> dict[str, list[float]]:
    timings = {}
    for cls in WITH_TEXT:
        exercise = cls(seed=21)
        boxes = _text_boxes(exercise.widget)
        calls = []
        for _ in range(repeat):
            for text in FIXED:
                for box in boxes:
                    box.value = text
                start = time.perf_counter()
                exercise.check()
                calls.append(time.perf_counter() - start)
        timings[cls.__name__] = calls
    advisor = BidAdvisor(seed=3)
    calls = []
    for _ in range(repeat):
        for text in FIXED:
            advisor.text_box.value = text
            start = time.perf_counter()
            advisor.evaluate()
            calls.append(time.perf_counter() - start)
    timings["BidAdvisor"] = calls
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    timings = measure(args.repeat)
    print(f"{'exercise':32} {'median ms':>10} {'max ms':>8}   ({len(FIXED)} texts × {args.repeat})")
    for name, calls in sorted(timings.items(), key=lambda item: -max(item[1])):
        print(f"{name:32} {1000 * statistics.median(calls):10.2f} {1000 * max(calls):8.2f}")


if __name__ == "__main__":
    main()
