"""Computer players' decision time, per decision, on one core.

    python benchmarks/decisions.py --players 4 --deals 200 --seed 1

Prints the median and the 99th percentile of ``ComputerPlayer.decide`` (which
includes building the seat's view), over every decision of every deal.
"""

import argparse
import statistics
import time

from tarot_teach import GameState, RuleSet
from tarot_teach.players import ComputerPlayer


def measure(players: int, deals: int, seed: int) -> list[float]:
    player = ComputerPlayer()
    rules = RuleSet(players=players)
    timings = []
    for number in range(deals):
        state = GameState.new(rules, seed=f"{seed}:{number}", dealer=number % players)
        while not state.is_over:
            start = time.perf_counter()
            decision = player.decide(state)
            timings.append(time.perf_counter() - start)
            state.play(decision.action)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    timings = sorted(measure(args.players, args.deals, args.seed))
    median = statistics.median(timings) * 1000
    p99 = timings[int(len(timings) * 0.99) - 1] * 1000
    print(f"{args.players} players, {args.deals} deals, {len(timings)} decisions: "
          f"median {median:.3f} ms, 99th percentile {p99:.3f} ms, max {timings[-1] * 1000:.3f} ms")


if __name__ == "__main__":
    main()
