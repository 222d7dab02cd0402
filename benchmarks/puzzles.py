"""The puzzle trainer's checks: seconds per check (tarot_teach.puzzle_answers.check_move), in
CPython and in Pyodide (the static site's Python) under Node.js.

    python benchmarks/puzzles.py                 # both
    python benchmarks/puzzles.py --no-pyodide    # only CPython (native solver off: as Pyodide)
    python benchmarks/puzzles.py --every 4       # every 4th stored puzzle only

For each stored puzzle (exercises/puzzles/*.json), every check a learner can cause along the
solution is timed: each right card in turn, and before it every wrong card of that move
(of a seat puzzle, every legal card once: its stored values, no search).
Prints the number of checks, the median, the 99th percentile and the slowest (with its
puzzle), and in Pyodide also the time to read the puzzle files. The issue's limit: 1 s per
check in the browser. The Pyodide run reuses benchmarks/review.py's Node.js runner (the
site's wheel, a fresh one when tarot_teach/ changed), with exercises/ mounted where the
site's data wheel puts it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

# In Pyodide: the arguments, and exercises/ mounted where the site's data wheel puts it.
SETUP = """
import json
args = json.loads(ARGS)
"""
MOUNT = """const packages = py.runPython("import site; site.getsitepackages()[0]");
py.FS.mkdirTree(packages + "/exercises");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %s }, packages + "/exercises");
"""

MEASURE = """
import json, statistics, time
from tarot_teach.teach.puzzles import puzzle_index
started = time.perf_counter()
puzzles = list(puzzle_index().values())[::args["every"]]
read = time.perf_counter() - started
from tarot_teach.puzzle_answers import check_move
from tarot_teach.cards import parse_card
times, seat_times = [], []
for puzzle in puzzles:
    if puzzle["kind"] == "seat":  # one card: each legal card checked once
        for card in puzzle["values"]["cards"]:
            start = time.perf_counter()
            check_move(puzzle, [], parse_card(card))
            seat_times.append((time.perf_counter() - start, puzzle["id"]))
        continue
    moves = []
    steps = [puzzle, *puzzle["steps"]]
    for number, card in enumerate(puzzle["solution"]):
        for wrong in [*steps[number]["refutations"], card]:
            start = time.perf_counter()
            verdict = check_move(puzzle, moves, parse_card(wrong))
            times.append((time.perf_counter() - start, puzzle["id"]))
            assert verdict.right == (wrong == card), (puzzle["id"], wrong)
        moves.append(card)
seconds = sorted(t for t, _ in times)
result = {"puzzles": len(puzzles), "checks": len(times), "read": read,
          "median": statistics.median(seconds), "p99": seconds[int(0.99 * len(seconds))],
          "slowest": max(times), "seat_checks": len(seat_times),
          "seat_median": statistics.median(t for t, _ in seat_times) if seat_times else 0,
          "seat_slowest": max(seat_times) if seat_times else (0, "")}
json.dumps(result)
"""


def in_cpython(every: int) -> dict:
    """The measurement here, with the native solver off (as in the browser)."""
    os.environ["TAROT_TEACH_NATIVE"] = "0"  # (read when tarot_teach.solver is imported)
    namespace = {"args": {"every": every}}
    exec(MEASURE, namespace)
    return namespace["result"]


def in_pyodide(every: int) -> dict:
    """The measurement in Pyodide under Node.js (see benchmarks/pyodide_run.py)."""
    from pyodide_run import LITE, NODE_CODE, project_wheel

    node = shutil.which("node")
    if node is None or not (LITE / "pyodide" / "pyodide.mjs").is_file():
        raise RuntimeError("needs Node.js and the vendored Pyodide (scripts/setup)")
    with tempfile.TemporaryDirectory(prefix="puzzles-pyodide-") as tmp:
        script = Path(tmp) / "puzzles.mjs"
        code = NODE_CODE % {
            "mjs": (LITE / "pyodide" / "pyodide.mjs").as_posix(),
            "index": (LITE / "pyodide").as_posix() + "/",
            "wheel": project_wheel(Path(tmp)).as_posix(), "code": json.dumps([SETUP, MEASURE])}
        mount = MOUNT % json.dumps(str(ROOT / "exercises"))
        script.write_text(code.replace("const loaded =", mount + "const loaded =", 1))
        done = subprocess.run([node, str(script)], input=json.dumps({"every": every}),
                              text=True, capture_output=True)
    if done.returncode:
        raise RuntimeError(done.stderr.strip()[-2000:] or "node failed")
    return json.loads(done.stdout.strip().splitlines()[-1])


def show(where: str, result: dict) -> None:
    slowest, puzzle = result["slowest"]
    print(f"{where}: {result['checks']} checks of {result['puzzles']} puzzles; median "
          f"{result['median'] * 1000:.1f} ms, 99th percentile {result['p99'] * 1000:.1f} ms, "
          f"slowest {slowest * 1000:.1f} ms ({puzzle}); puzzle files read in "
          f"{result['read']:.2f} s", flush=True)
    if result.get("seat_checks"):
        slowest, puzzle = result["seat_slowest"]
        print(f"  seat puzzles: {result['seat_checks']} checks; median "
              f"{result['seat_median'] * 1000:.1f} ms, slowest {slowest * 1000:.1f} ms "
              f"({puzzle})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="every n-th stored puzzle")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--pyodide", action="store_true", help="only in Pyodide")
    where.add_argument("--no-pyodide", action="store_true", help="only in CPython")
    args = parser.parse_args()
    if not args.pyodide:
        show("CPython (native solver off)", in_cpython(args.every))
    if not args.no_pyodide:
        show("Pyodide (Node.js)", in_pyodide(args.every))


if __name__ == "__main__":
    main()
