"""How strong are the computer players?

    python benchmarks/strength.py --players 4 --deals 500 --seed 1
    python benchmarks/strength.py --duplicate --deals 1000 --seed 1 [--minutes 30]
    python benchmarks/strength.py --duplicate --bids --deals 1000 --seed 1
    python benchmarks/strength.py --pyodide --deals 2 --seed 1

Without ``--duplicate``: seat 0 is a learner computer player and the other seats play
uniformly random legal actions (random bids included); prints seat 0's average gain per
deal and how often its contracts are made, beside the same figures when seat 0 plays
randomly too.

With ``--duplicate``: the strong level against the learner on duplicate deals. Each deal
is played twice: first the strong player holds the even seats and the learner the odd
ones, then the seats are swapped; both levels discard alike, and bid alike unless the
strong level's simulation finds a bid clearly better (``--bids`` measures that alone), so
mostly the same contract is played twice and the card play differs. Prints the strong seats' net
score per deal (both plays added; the learner's is its opposite) with a 95 % interval,
and the number of deals played (``--minutes`` stops early, keeping what was played), and
the CPU time of the strong player's card decisions (median, 95th percentile, worst).

With ``--duplicate --bids``: the strong level's bids alone (judged by simulation), with
the learner's card play, against the learner (its bids by the hand's count): does the
simulation beat the rule of thumb?

With ``--pyodide``: the first ``--deals`` duplicate deals played the same way in Pyodide
(the static site's Python, under Node.js; no native search there), and the wall-clock time
of each strong card decision (the table's wait in the static site).
"""

import argparse
import math
import random
import statistics
import time

from tarot_teach import GameState, RuleSet
from tarot_teach.players import ComputerPlayer, Decision, StrongPlayer
from tarot_teach.rules import Phase

from pyodide_run import run_in_pyodide


def play(players: int, deals: int, seed: int, computer_seat0: bool) -> tuple[float, int, int]:
    rng = random.Random(seed)
    computer = ComputerPlayer()
    total = taken = made = 0
    for number in range(deals):
        state = GameState.new(RuleSet(players=players), seed=f"{seed}:{number}",
                              dealer=number % players)
        while not state.is_over:
            if computer_seat0 and state.to_act == 0:
                action = computer.decide(state).action
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
            state.play(action)
        if state.result.void:
            continue
        total += state.result.scores[0]
        if state.result.taker == 0:
            taken += 1
            made += state.result.contract_made
    return total / deals, taken, made


class StrongBidsOnly(StrongPlayer):
    """The strong level's bids and the learner's card play: the bids measured alone."""

    def decide(self, state: GameState) -> Decision:
        if state.phase is Phase.BIDDING:
            return super().decide(state)
        return ComputerPlayer.decide(self, state)


def duplicate_deal(players: int, seed: str, dealer: int, strong: ComputerPlayer,
                   learner: ComputerPlayer) -> "int | None":
    """The strong seats' net score over the two plays of one deal (None: a void deal)."""
    net = 0
    for strong_parity in (0, 1):
        state = GameState.new(RuleSet(players=players), seed=seed, dealer=dealer)
        while not state.is_over:
            player = strong if state.to_act % 2 == strong_parity else learner
            began = time.process_time()
            action = player.decide(state).action
            if player is strong and state.phase is Phase.PLAYING:
                DECISION_TIMES.append(time.process_time() - began)
            state.play(action)
        if state.result.void:
            return None
        net += sum(score for seat, score in enumerate(state.result.scores)
                   if seat % 2 == strong_parity)
    return net


DECISION_TIMES: list[float] = []
"""CPU seconds of each strong card decision (one core)."""


def duplicate(players: int, deals: int, seed: int, minutes: float, samples: int,
              bids_only: bool = False) -> None:
    strong = (StrongBidsOnly if bids_only else StrongPlayer)(samples=samples, seed=seed)
    learner = ComputerPlayer()
    results = []
    start = time.perf_counter()
    number = 0
    while len(results) < deals and time.perf_counter() - start < minutes * 60:
        net = duplicate_deal(players, f"{seed}:{number}", number % players, strong, learner)
        number += 1
        if net is not None:
            results.append(net)
            if len(results) % 5 == 0:
                report(results, players, time.perf_counter() - start)
    report(results, players, time.perf_counter() - start)


def report(results: list[int], players: int, elapsed: float) -> None:
    mean = statistics.fmean(results)
    half = 1.96 * statistics.stdev(results) / math.sqrt(len(results)) if len(results) > 1 else 0
    print(f"{players} players, {len(results)} duplicate deals in {elapsed:.0f} s: strong - learner "
          f"{mean:+.1f} points per deal (both plays), 95 % interval "
          f"[{mean - half:+.1f}, {mean + half:+.1f}]", flush=True)
    if DECISION_TIMES:
        times = sorted(DECISION_TIMES)
        print(f"  strong card decisions: {len(times)}, CPU median {statistics.median(times):.2f} s,"
              f" 95th percentile {times[int(0.95 * (len(times) - 1))]:.2f} s, worst {times[-1]:.2f} s",
              flush=True)


# The same duplicate deals in Pyodide: each strong card decision's wall-clock seconds.
PYODIDE_CODE = ("""
import json, time
from tarot_teach import GameState, RuleSet
from tarot_teach.players import ComputerPlayer, StrongPlayer
args = json.loads(ARGS)
""", """
times, bid_times, played, number = [], [], 0, 0
strong, learner = StrongPlayer(samples=args["samples"], seed=args["seed"]), ComputerPlayer()
while played < args["deals"]:  # void deals (everybody passed) do not count
    number += 1
    for parity in (0, 1):
        state = GameState.new(RuleSet(players=args["players"]),
                              seed=f"{args['seed']}:{number - 1}",
                              dealer=(number - 1) % args["players"])
        while not state.is_over:
            player = strong if state.to_act % 2 == parity else learner
            began = time.perf_counter()
            action = player.decide(state).action
            if player is strong and state.phase.value in ("playing", "bidding"):
                (times if state.phase.value == "playing" else bid_times).append(
                    time.perf_counter() - began)
            state.play(action)
    played += not state.result.void
json.dumps({"times": times, "bid_times": bid_times})
""")


def in_pyodide(players: int, deals: int, seed: int, samples: int) -> None:
    result = run_in_pyodide(*PYODIDE_CODE, {"players": players, "deals": deals, "seed": seed,
                                            "samples": samples})
    times = sorted(result["times"])
    print(f"Pyodide (Node.js), {players} players, {deals} duplicate deals: strong card "
          f"decisions {len(times)}, wall median {statistics.median(times):.2f} s, 95th percentile "
          f"{times[int(0.95 * (len(times) - 1))]:.2f} s, worst {times[-1]:.2f} s "
          f"({result['cpu']:.0f} s of CPU in all)", flush=True)
    bids = sorted(result["bid_times"])
    print(f"  strong bids (by simulation): {len(bids)}, wall median {statistics.median(bids):.2f} s,"
          f" worst {bids[-1]:.2f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--duplicate", action="store_true")
    parser.add_argument("--minutes", type=float, default=float("inf"))
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--pyodide", action="store_true")
    parser.add_argument("--bids", action="store_true",
                        help="with --duplicate: the strong bids alone, learner card play")
    args = parser.parse_args()
    if args.pyodide:
        in_pyodide(args.players, args.deals, args.seed, args.samples)
        return
    if args.duplicate:
        duplicate(args.players, args.deals, args.seed, args.minutes, args.samples, args.bids)
        return
    for label, computer in (("computer", True), ("random", False)):
        average, taken, made = play(args.players, args.deals, args.seed, computer)
        rate = f"{made}/{taken} made" if taken else "never took"
        print(f"seat 0 {label:8}: {average:+8.1f} points per deal; contracts taken: {rate}")


if __name__ == "__main__":
    main()
