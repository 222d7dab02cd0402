"""How strong are the computer players? One computer seat against random players.

    python benchmarks/strength.py --players 4 --deals 500 --seed 1

Seat 0 is a computer player; the other seats play uniformly random legal actions
(random bids included). Prints seat 0's average gain per deal and how often its
contracts are made, beside the same figures when seat 0 plays randomly too.
"""

import argparse
import random

from tarot_teach import GameState, RuleSet
from tarot_teach.players import ComputerPlayer


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for label, computer in (("computer", True), ("random", False)):
        average, taken, made = play(args.players, args.deals, args.seed, computer)
        rate = f"{made}/{taken} made" if taken else "never took"
        print(f"seat 0 {label:8}: {average:+8.1f} points per deal; contracts taken: {rate}")


if __name__ == "__main__":
    main()
