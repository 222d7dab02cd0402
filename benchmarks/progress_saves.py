"""Concurrent saves of one progress file: time per save and entries lost.

    python benchmarks/progress_saves.py --writers 2 --saves 1500

Each writer is a process that, ``--saves`` times, loads the file (as a page does) and
marks one new exercise solved (a locked read-merge-write). Prints the saves per second,
the median and 99th percentile of one save, how many solves are missing at the end
(issue 13 measured 1,218 of 3,000 lost before the merge) and how many files were set aside.
"""

import argparse
import multiprocessing
import statistics
import tempfile
import time
from pathlib import Path

from tarot_teach.widgets.progress import Progress


def writer(path: str, number: int, saves: int, start, results) -> None:
    timings, failures = [], 0
    start.wait()
    for step in range(saves):
        began = time.perf_counter()
        progress = Progress(path)
        progress.mark_solved(f"w{number}-{step}")
        timings.append(time.perf_counter() - began)
        failures += progress.message is not None
    results.put((timings, failures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=2)
    parser.add_argument("--saves", type=int, default=1500)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    path = str(folder / "progress.json")
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(args.writers), context.Queue()
    processes = [context.Process(target=writer, args=(path, n, args.saves, start, results))
                 for n in range(args.writers)]
    began = time.perf_counter()
    for process in processes:
        process.start()
    collected = [results.get() for _ in processes]
    for process in processes:
        process.join()
    elapsed = time.perf_counter() - began
    timings = sorted(t for times, _ in collected for t in times)
    total = args.writers * args.saves
    lost = total - len(Progress(path).solved)
    aside = len(list(folder.glob("progress.json.corrupt-*")))
    print(f"{args.writers} writers x {args.saves} saves: {total / elapsed:,.0f} saves/s; one save "
          f"median {statistics.median(timings) * 1000:.2f} ms, 99th percentile "
          f"{timings[int(len(timings) * 0.99)] * 1000:.2f} ms")
    print(f"solves lost: {lost} of {total}; saves reporting a problem: "
          f"{sum(f for _, f in collected)}; files set aside: {aside}")


if __name__ == "__main__":
    main()
