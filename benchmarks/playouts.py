"""Random legal deals from the deal to the score, on one core: deals per second.

    python benchmarks/playouts.py --players 4 --deals 20000 --seed 1
    python benchmarks/playouts.py --tarotsolver /tmp/TarotSolver   # and TarotSolver's figure

Every action goes through the public, checked ``GameState.play``; the actions
are drawn uniformly from ``legal_actions()``. Then the fast internal path,
``tarot_teach.playouts.random_deal`` (bit masks, the engine's rule functions, no events
or checks; no slam or poignée announced), to the taker's final card points; its first
deals are replayed through the public API and must reach the same points.

``--tarotsolver PATH`` (a checkout of https://github.com/CrudeText/TarotSolver, nothing of
it is in this repository) also times TarotSolver's random deals in a subprocess of the same
Python: its ``play_one_deal_N p`` with random bids (pass or any higher contract) and random
legal cards, as its ``play_random`` does; then prints both figures and the ratio (the
issue's goal: ours at least 5 times theirs). Times are CPU seconds of each process; the
fast path and TarotSolver are each the best of ``--repeat`` runs (a shared machine's
noise only ever slows a run down).
"""

import argparse
import random
import subprocess
import sys
import time

from tarot_teach import GameState, RuleSet


def run(players: int, deals: int, seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)
    rules = RuleSet(players=players)
    actions = played = 0
    random_fraction = rng.random
    start = time.process_time()
    for number in range(deals):
        state = GameState.new(rules, seed=rng.getrandbits(64), dealer=number % players)
        while not state.is_over:
            legal = state.legal_actions()
            state.play(legal[int(random_fraction() * len(legal))])
            actions += 1
        played += state.phase.value == "finished"
    elapsed = time.process_time() - start
    return elapsed, actions, played


def run_fast(players: int, deals: int, seed: int) -> tuple[float, int]:
    """The same with ``tarot_teach.playouts.random_deal``; its first deals replayed through
    the engine must reach the same taker points."""
    from tarot_teach.playouts import random_deal

    rng = random.Random(seed)
    rules = RuleSet(players=players)
    played = 0
    start = time.process_time()
    for number in range(deals):
        played += random_deal(rules, rng, number % players).taker_units is not None
    elapsed = time.process_time() - start
    rng = random.Random(seed)
    for number in range(20):  # the fast path agrees with the engine
        deal = random_deal(rules, rng, number % players)
        state = GameState(rules, deal.hands, deal.dog, dealer=number % players)
        for action in deal.actions:
            state.play(action)
        assert state.is_over and (deal.taker_units is None
                                  or state.result.taker_half_points == deal.taker_units)
    return elapsed, played


# TarotSolver's random deals, run with its ``src`` folder on the path (argv: path players deals seed).
TAROTSOLVER_CODE = """
import random, sys, time
sys.path.insert(0, sys.argv[1] + "/src")
from tarot.bidding import Contract
from tarot import game
players, deals, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
play_one_deal = getattr(game, f"play_one_deal_{players}p")
rng = random.Random(seed)
contracts = sorted(int(contract) for contract in Contract)
def get_bid(player, history):
    high = max((bid for _, bid in history if bid is not None), default=None)
    options = [None] + [c for c in contracts if high is None or c > high]
    return options[int(rng.random() * len(options))]
def get_play(state, player):
    legal = state.legal_cards(player)
    return legal[int(rng.random() * len(legal))]
start = time.process_time()
for number in range(deals):
    play_one_deal(get_bid=get_bid, get_play=get_play, dealer=number % players, rng=rng)
print(deals / (time.process_time() - start))
"""


def run_tarotsolver(path: str, players: int, deals: int, seed: int) -> float:
    """TarotSolver's random deals per CPU second, measured in a subprocess."""
    done = subprocess.run([sys.executable, "-c", TAROTSOLVER_CODE, path, str(players), str(deals),
                           str(seed)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"TarotSolver did not run: {done.stderr.strip().splitlines()[-1]}")
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--deals", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3,
                        help="the fast path and TarotSolver: best of this many runs each")
    parser.add_argument("--tarotsolver", metavar="PATH",
                        help="a TarotSolver checkout: time its random deals too")
    args = parser.parse_args()
    public_elapsed, actions, played = run(args.players, args.deals, args.seed)
    print(f"{args.players} players: {args.deals} deals ({played} played to the score, the rest void) "
          f"in {public_elapsed:.2f} s: {args.deals / public_elapsed:,.0f} deals/s, "
          f"{actions / public_elapsed:,.0f} actions/s")
    elapsed, played = min(run_fast(args.players, args.deals, args.seed)
                          for _ in range(args.repeat))
    print(f"{args.players} players, the fast internal path (random_deal): {args.deals} deals ({played} "
          f"played) in {elapsed:.2f} s: {args.deals / elapsed:,.0f} deals/s")
    if args.tarotsolver:
        ours = max(args.deals / public_elapsed, args.deals / elapsed)
        theirs = max(run_tarotsolver(args.tarotsolver, args.players, args.deals, args.seed)
                     for _ in range(args.repeat))
        print(f"{args.players} players, TarotSolver ({args.tarotsolver}): {theirs:,.0f} deals/s; "
              f"ours {ours:,.0f} deals/s is {ours / theirs:.1f} times that (goal: 5)")


if __name__ == "__main__":
    main()
