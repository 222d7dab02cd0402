"""Where a test run's time goes, per worker and per file, from the timeline that
``TAROT_TEACH_TIMELINE=FILE`` makes tests/conftest.py write::

    TAROT_TEACH_TIMELINE=/tmp/timeline.tsv scripts/test
    python benchmarks/ci_timeline.py /tmp/timeline.tsv

For each worker: when it started and ended, how long it ran tests, and the gaps between
files (waiting for the book's build, a fixture set up between tests is counted as running).
Then the files that took longest, with their worker and start time from the run's start.
"""

from __future__ import annotations

import argparse
import collections


def read(path: str) -> list[tuple[str, float, float, str]]:
    rows = []
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            worker, start, end, nodeid = line.rstrip("\n").split("\t", 3)
            rows.append((worker, float(start), float(end), nodeid))
    if any(worker != "main" for worker, *_ in rows):  # (the controller of the workers
        rows = [row for row in rows if row[0] != "main"]  # writes each test again)
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("timeline")
    parser.add_argument("--files", type=int, default=25, help="how many files to list")
    args = parser.parse_args(argv)
    rows = read(args.timeline)
    t0 = min(start for _, start, _, _ in rows)
    end = max(stop for _, _, stop, _ in rows)
    print(f"run: {end - t0:.0f} s from the first test's start to the last test's end")
    by_worker = collections.defaultdict(list)
    by_file = {}
    for worker, start, stop, nodeid in rows:
        by_worker[worker].append((start, stop))
        name = nodeid.split("::")[0]
        first, last, total, seen_by = by_file.get(name, (start, stop, 0.0, worker))
        by_file[name] = (min(first, start), max(last, stop), total + stop - start, seen_by)
    for worker, spans in sorted(by_worker.items()):
        spans.sort()
        busy = sum(stop - start for start, stop in spans)
        idle = sum(max(0.0, b[0] - a[1]) for a, b in zip(spans, spans[1:]))
        print(f"{worker}: {spans[0][0] - t0:6.0f} s to {spans[-1][1] - t0:6.0f} s, "
              f"in tests {busy:6.0f} s, between tests {idle:5.0f} s")
    print(f"\nthe {args.files} longest files (seconds in tests; worker; from .. to, from the start):")
    ranked = sorted(by_file.items(), key=lambda item: -item[1][2])
    for name, (first, last, total, worker) in ranked[:args.files]:
        print(f"  {total:6.1f}  {worker:5s} {first - t0:6.0f} .. {last - t0:6.0f}  {name}")


if __name__ == "__main__":
    main()
