"""The ``tarot-teach`` command line.

    tarot-teach [--port 8000] [--no-browser]
                                          build the book if it is out of date, serve it on
                                          127.0.0.1 and open it in the browser
    tarot-teach replay FILE.json          check a hand record and print its result
    tarot-teach deal --players 4 --seed N print a dealt hand record
    tarot-teach selfplay --players P --deals N --seed S --out FILE
                                          computer players play N deals; one JSON line each:
                                          {"record": ..., "result": replay(record)}
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import IllegalAction, InvalidRecord
from .game import GameState
from .record import load_record, replay
from .rules import RuleSet


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tarot-teach", description="Learn French Tarot.")
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--no-build", action="store_true", help="serve the book as last built")
    commands = parser.add_subparsers(dest="command")
    replay_parser = commands.add_parser("replay", help="check a hand record and print its result")
    replay_parser.add_argument("file", help="a hand record (JSON)")
    deal_parser = commands.add_parser("deal", help="print a dealt hand record")
    deal_parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    deal_parser.add_argument("--seed", type=int, default=None)
    deal_parser.add_argument("--dealer", type=int, default=0)
    selfplay_parser = commands.add_parser("selfplay", help="computer players play deals")
    selfplay_parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    selfplay_parser.add_argument("--deals", type=int, default=10)
    selfplay_parser.add_argument("--seed", type=int, default=0)
    selfplay_parser.add_argument("--out", default="-", help="output file (default: stdout)")
    return parser


def main(argv: "list[str] | None" = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "deal":
        return _deal(args.players, args.seed, args.dealer)
    if args.command == "selfplay":
        return _selfplay(args.players, args.deals, args.seed, args.out)
    from .site import main_serve

    return main_serve(port=args.port, open_browser=not args.no_browser, rebuild=not args.no_build)


def _replay(path: str) -> int:
    try:
        result = replay(load_record(path))
    except InvalidRecord as error:
        print(f"{path}: not a valid hand record: {error}", file=sys.stderr)
        return 2
    except IllegalAction as error:
        print(f"{path}: refused: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


def _deal(players: int, seed, dealer: int) -> int:
    if not 0 <= dealer < players:
        print(f"--dealer must be a seat from 0 to {players - 1}", file=sys.stderr)
        return 2
    state = GameState.new(RuleSet(players=players), seed=seed, dealer=dealer)
    record = state.to_record()
    print(json.dumps(record, indent=1))
    return 0


def _selfplay(players: int, deals: int, seed: int, out: str) -> int:
    from .players import play_out

    if deals < 0:
        print("--deals must be 0 or more", file=sys.stderr)
        return 2
    rules = RuleSet(players=players)
    stream = sys.stdout if out == "-" else open(out, "w", encoding="utf-8")
    try:
        for number in range(deals):
            state = play_out(GameState.new(rules, seed=f"{seed}:{number}", dealer=number % players))
            record = state.to_record()
            stream.write(json.dumps({"record": record, "result": replay(record)}) + "\n")
    finally:
        if stream is not sys.stdout:
            stream.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
