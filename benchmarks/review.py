"""A whole deal reviewed for one seat: CPU seconds per review (one core).

    python benchmarks/review.py --deals 3 --samples 20 --seed 1

Each deal is seeded and played to the end by the learner computer players; the taker's
seat (18 cards with 4 players) is reviewed with ``coach.review``. Prints each review's
CPU time (the process's, so that other programs on a shared machine do not count),
the median, and how many entries were exact.
"""

import argparse
import statistics
import time

from tarot_teach import GameState, RuleSet
from tarot_teach.coach import review
from tarot_teach.players import play_out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", action="store_true", help="print the entries of each review")
    args = parser.parse_args()
    timings = []
    number = 0
    while len(timings) < args.deals:
        state = play_out(GameState.new(RuleSet(players=args.players), seed=f"{args.seed}:{number}",
                                       dealer=number % args.players))
        number += 1
        if state.result.void:
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
    print(f"{args.players} players, {len(timings)} reviews, {args.samples} samples: "
          f"median {statistics.median(timings):.2f} s, worst {max(timings):.2f} s")


if __name__ == "__main__":
    main()
