"""A whole deal reviewed for one seat: CPU seconds per review (one core), in CPython and Pyodide.

    python benchmarks/review.py --deals 3 --samples 20 --seed 1
    python benchmarks/review.py --pyodide            # only the Pyodide run
    python benchmarks/review.py --no-pyodide         # only CPython

Each deal is seeded and played to the end by the learner computer players; the taker's
seat (18 cards with 4 players) is reviewed with ``coach.review``. Prints each review's
CPU time (the process's, so that other programs on a shared machine do not count),
the median, and how many entries were exact.

When Node.js is on the machine, the first of these deals is then reviewed again in
Pyodide (the static site's Python, ``vendor/site/.../lite/pyodide``, vendored by
``scripts/setup``) with the site's ``tarot_teach`` wheel (a fresh one is built in a
temporary folder when ``tarot_teach/`` changed since), and that time is printed too:
the Node.js process's CPU seconds during the review, and the wall-clock seconds inside
Pyodide (the issue's goal: 60 s).
"""

import argparse
import shutil
import statistics
import time

from tarot_teach import GameState, RuleSet
from tarot_teach.coach import review
from tarot_teach.players import play_out

from pyodide_run import run_in_pyodide

# Run in Pyodide: the same deal and review as in CPython (arguments as JSON on stdin).
REVIEW_CODE = ("""
import json, time
from tarot_teach import GameState, RuleSet
from tarot_teach.coach import review
from tarot_teach.players import play_out
args = json.loads(ARGS)
state = play_out(GameState.new(RuleSet(players=args["players"]), seed=args["seed"],
                               dealer=args["dealer"]))
""", """
start = time.perf_counter()
entries = review(state.to_record(), state.taker, samples=args["samples"], seed=args["number"])
json.dumps({"seconds": time.perf_counter() - start, "entries": len(entries),
            "exact": sum(entry.exact for entry in entries)})
""")

def review_in_pyodide(deal: dict) -> dict:
    """Review ``deal`` (players, seed, dealer, samples, number) in Pyodide under Node.js."""
    return run_in_pyodide(*REVIEW_CODE, deal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", action="store_true", help="print the entries of each review")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--pyodide", action="store_true", help="only the review in Pyodide")
    where.add_argument("--no-pyodide", action="store_true", help="only the review in CPython")
    args = parser.parse_args()
    timings, deals = [], []
    number = 0
    while len(deals) < args.deals:
        deal = {"players": args.players, "seed": f"{args.seed}:{number}",
                "dealer": number % args.players, "samples": args.samples, "number": number + 1}
        state = play_out(GameState.new(RuleSet(players=args.players), seed=deal["seed"],
                                       dealer=deal["dealer"]))
        number += 1
        if state.result.void:
            continue
        deals.append(deal)
        if args.pyodide:
            continue
        start = time.process_time()
        entries = review(state.to_record(), state.taker, samples=args.samples, seed=number)
        timings.append(time.process_time() - start)
        exact = sum(entry.exact for entry in entries)
        print(f"deal {number - 1}: {len(entries)} entries ({exact} exact) in {timings[-1]:.2f} s",
              flush=True)
        if args.show:
            for entry in entries:
                print(f"  {entry.kind:11} {entry.trick or '':>2} {entry.chosen:18} "
                      f"best {' '.join(entry.best):18} lost {float(entry.points_lost):5.1f} "
                      f"{entry.band.label:10} {entry.why}")
    if timings:
        print(f"{args.players} players, {len(timings)} reviews, {args.samples} samples: "
              f"median {statistics.median(timings):.2f} s, worst {max(timings):.2f} s", flush=True)
    if args.no_pyodide or (not args.pyodide and shutil.which("node") is None):
        return
    try:
        result = review_in_pyodide(deals[0])
    except RuntimeError as error:
        print(f"Pyodide: not run ({error})")
        return
    print(f"Pyodide (Node.js): deal {deals[0]['number'] - 1}: {result['entries']} entries "
          f"({result['exact']} exact) in {result['cpu']:.2f} s of CPU ({result['seconds']:.2f} s "
          f"wall; Pyodide and the wheel loaded in {result['loaded']:.1f} s)")


if __name__ == "__main__":
    main()
