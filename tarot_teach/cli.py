"""The ``tarot-teach`` command line.

    tarot-teach [--port 8276] [--no-browser] [--no-build] [--verbose]
                                          build the book if it is out of date, serve it on
                                          127.0.0.1 and open it in the browser (the build's
                                          and the server's output go to log files)
    tarot-teach replay FILE.json          check a hand record and print its result
    tarot-teach deal --players 4 --seed N print a dealt hand record
    tarot-teach selfplay --players P --deals N --seed S --out FILE
                                          computer players play N deals; one JSON line each:
                                          {"record": ..., "result": replay(record)}
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys

from .errors import IllegalAction, InvalidRecord
from .game import GameState
from .record import load_record, replay
from .rules import RuleSet


MAX_RECORD_BYTES = 16 * 1024 * 1024  # a hand record is a few kilobytes


def _port(text: str) -> int:
    """A TCP port number for --port (argparse turns the ValueError into a usage error)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1-65535)") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number: use 1 to 65535")
    return port


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tarot-teach", description="Learn French Tarot.")
    from .app.build import DEFAULT_PORT

    parser.add_argument("--port", type=_port, default=None,
                        help=f"port on 127.0.0.1, 1 to 65535 (default {DEFAULT_PORT}, or the "
                        "next free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--no-build", action="store_true", help="serve the book as last built")
    parser.add_argument("--verbose", action="store_true",
                        help="show the build's and the server's whole output here, not in "
                        "log files")
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
    """Run one command; its exit code (2: a bad argument or file, with a message)."""
    if sys.stdout is None:  # started with its output closed (``tarot-teach deal >&-``)
        print("tarot-teach: there is no output to write to (stdout is closed)", file=sys.stderr)
        return 2
    try:
        code = _main(argv)
        sys.stdout.flush()  # a reader gone away shows here, not at interpreter exit
        return code
    except BrokenPipeError:
        # The reader went away (``tarot-teach deal | head``): stop quietly, as Unix tools do.
        _drop_stdout()
        return 1
    except OSError as error:  # a full disk, a closed descriptor: what went wrong, in words
        _drop_stdout()
        print(f"tarot-teach: writing the output failed ({error.strerror or error})",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _drop_stdout() -> None:
    """Send what is left of stdout to nowhere (its flush at exit would fail again)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _main(argv: "list[str] | None") -> int:
    args = _parser().parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "deal":
        return _deal(args.players, args.seed, args.dealer)
    if args.command == "selfplay":
        return _selfplay(args.players, args.deals, args.seed, args.out)
    from .app.server import main_serve

    return main_serve(port=args.port, open_browser=not args.no_browser, rebuild=not args.no_build,
                      verbose=args.verbose)


def _check_readable(path: str) -> "str | None":
    """Why ``path`` cannot be a hand record file (None if it may be read): only regular
    files of a sane size are read, so a FIFO or a device never hangs the command."""
    try:
        # O_NONBLOCK: opening a FIFO without a writer must not wait for one.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        return f"cannot read {path}: {error.strerror or error}"
    try:
        info = os.fstat(descriptor)
    finally:
        os.close(descriptor)
    if stat.S_ISDIR(info.st_mode):
        return f"cannot read {path}: it is a directory"
    if not stat.S_ISREG(info.st_mode):
        return f"cannot read {path}: it is not a regular file (a hand record is a JSON file)"
    if info.st_size > MAX_RECORD_BYTES:
        return (f"{path} is {info.st_size:,} bytes: too large for a hand record "
                f"(at most {MAX_RECORD_BYTES // (1024 * 1024)} MiB)")
    return None


def _replay(path: str) -> int:
    problem = _check_readable(path)
    if problem:
        print(f"{path}: not a valid hand record: {problem}", file=sys.stderr)
        return 2
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
    try:
        stream = sys.stdout if out == "-" else open(out, "w", encoding="utf-8")
    except OSError as error:
        print(f"--out {out}: cannot write there ({error.strerror or error})", file=sys.stderr)
        return 2
    try:
        for number in range(deals):
            state = play_out(GameState.new(rules, seed=f"{seed}:{number}", dealer=number % players))
            record = state.to_record()
            stream.write(json.dumps({"record": record, "result": replay(record)}) + "\n")
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        print(f"--out {out}: writing failed ({error.strerror or error})", file=sys.stderr)
        return 2
    finally:
        if stream is not sys.stdout:
            try:
                stream.close()
            except OSError:
                pass  # already reported by the flush above
    return 0


if __name__ == "__main__":
    sys.exit(main())
