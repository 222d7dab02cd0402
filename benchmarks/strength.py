"""How strong are the computer players?

    python benchmarks/strength.py --players 4 --deals 500 --seed 1
    python benchmarks/strength.py --duplicate --deals 1000 --seed 1 [--minutes 30]
        [--save benchmarks/results/strength-4p-seed1.jsonl]   (resumes a run of the same code)
        [--first 500 --save …-from500.jsonl]   (a second process: deals from number 500 on)
    python benchmarks/strength.py --duplicate --only bids --deals 1000 --seed 1
    python benchmarks/strength.py --duplicate --only discards --deals 500 --seed 5
    python benchmarks/strength.py --pyodide --deals 2 --seed 1

Without ``--duplicate``: seat 0 is a learner computer player and the other seats play
uniformly random legal actions (random bids included); prints seat 0's average gain per
deal and how often its contracts are made, beside the same figures when seat 0 plays
randomly too.

With ``--duplicate``: the strong level against the learner on duplicate deals. Each deal
is played twice: first the strong player holds the even seats and the learner the odd
ones, then the seats are swapped; both levels bid, call and discard alike unless the
strong level's simulation finds a choice clearly better (``--only`` measures that alone), so
mostly the same contract is played twice and the card play differs. Prints the strong seats' net
score per deal (both plays added; the learner's is its opposite) with a 95 % interval
(a play where everybody passed counts 0; a deal where both plays did is left out), and the
number of deals played (``--minutes`` stops early, keeping what was played), and
the CPU time of the strong player's card decisions (median, 95th percentile, worst).

With ``--duplicate --only bids`` (or ``calls``, ``discards``, several at once): the strong
level's bids (calls, discards) alone, judged by simulation, with the learner's card play
and other choices, against the learner (bids by the hand's count, the usual call and
discard): does the simulation beat the rule of thumb? Calls need ``--players 5``.

With ``--pyodide``: the first ``--deals`` duplicate deals played the same way in Pyodide
(the static site's Python, under Node.js; no native search there), and the wall-clock time
of each strong card decision (the table's wait in the static site).
"""

import argparse
import hashlib
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

import tarot_teach
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


class StrongChoicesOnly(StrongPlayer):
    """The strong level's choices in ``phases`` (bids, call, discard: by simulation) and the
    learner's everywhere else: those choices measured alone."""

    def __init__(self, phases: frozenset, **options) -> None:
        super().__init__(**options)
        self.phases = phases

    def decide(self, state: GameState) -> Decision:
        if state.phase in self.phases:
            return super().decide(state)
        return ComputerPlayer.decide(self, state)


CHOICES = {"bids": Phase.BIDDING, "calls": Phase.CALLING, "discards": Phase.DISCARD}
"""``--only``'s words: the phases of the strong level's choices by simulation."""


def duplicate_deal(players: int, seed: str, dealer: int, strong: ComputerPlayer,
                   learner: ComputerPlayer) -> "int | None":
    """The strong seats' net score over the two plays of one deal; None when both plays are
    void (everybody passed: neither level's choices mattered). A play that is void while the
    other is not counts 0 for it: the strong level passing a hand the learner takes (or
    the other way round) is part of what is measured."""
    net, voids = 0, 0
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
            voids += 1
            continue
        net += sum(score for seat, score in enumerate(state.result.scores)
                   if seat % 2 == strong_parity)
    return None if voids == 2 else net


DECISION_TIMES: list[float] = []
"""CPU seconds of each strong card decision (one core)."""


def duplicate(players: int, deals: int, seed: int, minutes: float, samples: int,
              only: "list[str] | None" = None, save: "str | None" = None,
              first: int = 0) -> None:
    if only:
        strong = StrongChoicesOnly(frozenset(CHOICES[word] for word in only), samples=samples,
                                   seed=seed)
    else:
        strong = StrongPlayer(samples=samples, seed=seed)
    learner = ComputerPlayer()
    settings = {"players": players, "seed": seed, "samples": samples, "only": only or [],
                "code": code_fingerprint(), "void_play": 0}  # (earlier files dropped such deals)
    kept = kept_results(save, settings) if save else {}
    if kept:
        print(f"{sum(net is not None for net in kept.values())} deals kept from {save} "
              "(same settings and code)", flush=True)
    results = [net for net in kept.values() if net is not None]
    start = time.perf_counter()
    number = first
    while len(results) < deals and time.perf_counter() - start < minutes * 60:
        if number in kept:
            number += 1
            continue
        net = duplicate_deal(players, f"{seed}:{number}", number % players, strong, learner)
        if save:
            with open(save, "a") as out:
                out.write(json.dumps({**settings, "number": number, "net": net}) + "\n")
        number += 1
        if net is not None:
            results.append(net)
            if len(results) % 5 == 0:
                report(results, players, time.perf_counter() - start)
    report(results, players, time.perf_counter() - start)


def code_fingerprint() -> str:
    """A digest of the engine's sources that the strong and learner players run (and the
    C search), so that saved deals are kept only for the code that played them."""
    import tarot_teach.coach  # noqa: F401 — loaded by the strong level's first card
    import tarot_teach.judge  # noqa: F401

    files = sorted({module.__file__ for name, module in sys.modules.items()
                    if name.startswith("tarot_teach") and getattr(module, "__file__", None)
                    and module.__file__.endswith(".py")})
    digest = hashlib.sha256()
    for path in files + [str(Path(tarot_teach.coach.__file__).with_name("_solver.c"))]:
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()[:16]


def kept_results(save: str, settings: dict) -> dict:
    """The duplicate deals already played with ``settings`` in the file ``save`` (one JSON
    object a line): deal number → net score (None: void). Lines of other settings or code,
    or damaged lines, are skipped."""
    kept: dict = {}
    if not Path(save).exists():
        return kept
    for line in Path(save).read_text().splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and all(entry.get(k) == v for k, v in settings.items()):
            kept[entry["number"]] = entry["net"]
    return kept


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
    parser.add_argument("--first", type=int, default=0,
                        help="with --duplicate: the first deal number to play (a second process "
                        "on another core plays from here, into a file of its own)")
    parser.add_argument("--save", help="with --duplicate: a file where each deal's result is "
                        "added, and from which a run with the same settings and code resumes")
    parser.add_argument("--only", nargs="+", choices=sorted(CHOICES),
                        help="with --duplicate: only these strong choices (by simulation), "
                             "the learner's card play and other choices")
    args = parser.parse_args()
    if args.pyodide:
        in_pyodide(args.players, args.deals, args.seed, args.samples)
        return
    if args.duplicate:
        duplicate(args.players, args.deals, args.seed, args.minutes, args.samples, args.only,
                  args.save, args.first)
        return
    for label, computer in (("computer", True), ("random", False)):
        average, taken, made = play(args.players, args.deals, args.seed, computer)
        rate = f"{made}/{taken} made" if taken else "never took"
        print(f"seat 0 {label:8}: {average:+8.1f} points per deal; contracts taken: {rate}")


if __name__ == "__main__":
    main()
