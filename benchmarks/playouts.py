"""Random legal deals from the deal to the score, on one core: deals per second.

    python benchmarks/playouts.py --players 4 --deals 20000 --seed 1

Every action goes through the public, checked ``GameState.play``; the actions
are drawn uniformly from ``legal_actions()``.
"""

import argparse
import random
import time

from tarot_teach import GameState, RuleSet


def run(players: int, deals: int, seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)
    rules = RuleSet(players=players)
    actions = played = 0
    random_fraction = rng.random
    start = time.perf_counter()
    for number in range(deals):
        state = GameState.new(rules, seed=rng.getrandbits(64), dealer=number % players)
        while not state.is_over:
            legal = state.legal_actions()
            state.play(legal[int(random_fraction() * len(legal))])
            actions += 1
        played += state.phase.value == "finished"
    elapsed = time.perf_counter() - start
    return elapsed, actions, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--deals", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    elapsed, actions, played = run(args.players, args.deals, args.seed)
    print(f"{args.players} players: {args.deals} deals ({played} played to the score, the rest void) "
          f"in {elapsed:.2f} s: {args.deals / elapsed:,.0f} deals/s, "
          f"{actions / elapsed:,.0f} actions/s")


if __name__ == "__main__":
    main()
