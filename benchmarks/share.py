"""Deal codes (tarot_teach/share.py): their length and the time to encode and decode them.

    python benchmarks/share.py                  # 1,000 deals at 3, 4 and 5 players
    python benchmarks/share.py --deals 200 --seed 3

Each deal is dealt from a seed and played to the end by the learner-level computer
(``tarot_teach.players.play_out``); a deal everybody passed is void and has only its
auction. For each table size: the median and the longest code over all the deals and
over the deals played to the last trick, and the CPU time per deal of ``encode`` (it
replays the record through the engine to check it) and of ``decode``. Every code is decoded
back and compared.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot_teach import GameState, RuleSet  # noqa: E402
from tarot_teach.players import play_out  # noqa: E402
from tarot_teach.share import decode, encode  # noqa: E402


def measure(players: int, deals: int, seed: int) -> dict:
    rng = random.Random(seed)
    rules = RuleSet(players=players)
    records = [play_out(GameState.new(rules, seed=rng.getrandbits(64),
                                      dealer=number % players)).to_record()
               for number in range(deals)]
    start = time.process_time()
    codes = [encode(record) for record in records]
    encoding = time.process_time() - start
    start = time.process_time()
    back = [decode(code) for code in codes]
    decoding = time.process_time() - start
    if back != records:
        raise SystemExit(f"{players} players: a deal came back different")
    played = [len(code) for code, record in zip(codes, records) if record["tricks"]]
    void = [len(code) for code, record in zip(codes, records) if not record["tricks"]]
    return {"played": played, "void": void, "encode": encoding / deals,
            "decode": decoding / deals}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.deals} self-played deals per table size (seed {args.seed})")
    print("                all deals        played to the end        encode  decode")
    print("players  median longest   deals median longest  void   ms/deal ms/deal")
    for players in (3, 4, 5):
        result = measure(players, args.deals, args.seed)
        played, every = result["played"], result["played"] + result["void"]
        print(f"{players:7d}  {statistics.median(every):6.0f} {max(every):7d}   "
              f"{len(played):5d} {statistics.median(played):6.0f} {max(played):7d}  "
              f"{len(result['void']):4d}   {result['encode'] * 1000:7.2f} "
              f"{result['decode'] * 1000:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
