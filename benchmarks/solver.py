"""The open-hand solver's speed, on one core: open 4-player positions with 6 and 9 tricks left.

    python benchmarks/solver.py --positions 20 --seed 1

Each position comes from a seeded deal (the first speaker takes, the others pass; no slam)
played by the learner computer players until that many tricks are left; the solver then
values every legal card of the seat to lead (``card_values``). Prints the median and the
worst CPU time per position (the process's, so that other programs on a shared machine
do not count), the nodes searched per CPU second, and the median nodes per position (the
figure that does not depend on the machine's load: compare it when trying a pruning), and
the load average at the end of each line (CPU times taken beside other work run slower).
Each line says which search ran: the native one (tarot_teach/_solver.c) when it was built,
else pure Python; ``--python`` forces pure Python (as TAROT_TEACH_NATIVE=0 does).
"""

import argparse
import os
import statistics
import time

from tarot_teach import GameState, RuleSet
from tarot_teach.players import ComputerPlayer
from tarot_teach import solver


def positions(tricks_left: int, count: int, seed: int, players: int = 4) -> list[GameState]:
    rules = RuleSet(players=players)
    player = ComputerPlayer()
    found = []
    number = 0
    while len(found) < count:
        state = GameState.new(rules, seed=f"{seed}:{number}", dealer=number % players)
        number += 1
        while not state.is_over and (state.phase.value != "playing"
                                     or len(state.tricks) < rules.tricks - tricks_left
                                     or state.trick):
            state.play(player.decide(state).action)
        if not state.is_over:
            found.append(state)
    return found


def measure(states) -> tuple[list[float], list[int]]:
    """CPU seconds and nodes searched for each position."""
    timings, nodes = [], []
    for state in states:
        start = time.process_time()
        position = solver.Position(state)  # what card_values does, keeping the node count
        solver._move_values(position)
        timings.append(time.process_time() - start)
        nodes.append(position.nodes)
    return timings, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--tricks", type=int, nargs="*", default=[6, 9])
    parser.add_argument("--python", action="store_true",
                        help="the pure Python search even if the native one was built")
    args = parser.parse_args()
    if args.python:
        solver._native = None
    search = "python" if solver._native is None else "native"
    for tricks_left in args.tricks:
        states = positions(tricks_left, args.positions, args.seed, args.players)
        timings, nodes = measure(states)
        print(f"{search}: {args.players} players, {tricks_left} tricks left, {len(states)} positions: "
              f"median {statistics.median(timings) * 1000:.1f} ms, "
              f"worst {max(timings) * 1000:.1f} ms, "
              f"{sum(nodes) / sum(timings):,.0f} nodes/s, "
              f"median {statistics.median(nodes):,.0f} nodes "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()
