"""Random legal deals from the deal to the score, on one core: deals per second.

    python benchmarks/playouts.py --players 4 --deals 20000 --seed 1

Every action goes through the public, checked ``GameState.play``; the actions
are drawn uniformly from ``legal_actions()``. Then the same through the solver's
internal path (``tarot_teach.solver.Position``: bit masks, no checks or events): the
auction and the discard through the public API, the cards on the position, the final
taker points read from it (checked against the engine on the first deals).
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


def run_fast(players: int, deals: int, seed: int) -> tuple[float, int]:
    from tarot_teach.rules import Phase
    from tarot_teach.solver import Position

    rng = random.Random(seed)
    rules = RuleSet(players=players)
    played = 0
    random_fraction = rng.random
    start = time.perf_counter()
    for number in range(deals):
        state = GameState.new(rules, seed=rng.getrandbits(64), dealer=number % players)
        while not state.is_over and state.phase is not Phase.PLAYING:
            legal = state.legal_actions()
            state.play(legal[int(random_fraction() * len(legal))])
        if state.is_over:
            continue
        check = state.copy() if number < 20 else None
        position = Position(state)
        cards = []
        while position.tricks_left:
            seat = (position.leader + len(position.trick)) % position.n
            legal = position.legal(seat)
            choices = []
            while legal:
                low = legal & -legal
                choices.append(low.bit_length() - 1)
                legal ^= low
            card = choices[int(random_fraction() * len(choices))]
            cards.append(card)
            position.play(card)
        if check is not None:  # the fast path agrees with the engine
            from tarot_teach.cards import DECK
            for card in cards:
                check.play(DECK[card])
            assert check.result.taker_half_points * position.unit == position.base * check.result.unit
        played += 1
    return time.perf_counter() - start, played


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
    elapsed, played = run_fast(args.players, args.deals, args.seed)
    print(f"{args.players} players, the solver's internal path: {args.deals} deals ({played} "
          f"played) in {elapsed:.2f} s: {args.deals / elapsed:,.0f} deals/s")


if __name__ == "__main__":
    main()
