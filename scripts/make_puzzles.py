#!/usr/bin/env python3
"""Find the open puzzles of ``exercises/puzzles/*.json`` in seeded deals (issue 29).

    python scripts/make_puzzles.py --players 4 --minutes 10   write four-players.json
    python scripts/make_puzzles.py --check                   regenerate a few stored deals
    python scripts/make_puzzles.py --refresh                 re-make the stored puzzles
    python scripts/make_puzzles.py --seat --minutes 10       add seat puzzles (seat-puzzles.json)

Each deal is dealt from its seed and played to the end by the computer players of one
level (``learner``: ComputerPlayer; ``strong``: StrongPlayer, every :data:`STRONG_EVERY`-th
seed). Every position with at most :data:`CARDS_LEFT` cards left where the seat to play has
two groups of cards or more is a candidate; :func:`tarot_teach.puzzle_maker.make_puzzle` keeps it
when one group alone keeps the best result and every other card loses 3 points or more (the
others are counted as ties, close or forced). At most :data:`PER_DEAL` puzzles come from one
deal, from different tricks. The puzzle's id names its table size, level, seed and start,
and the record keeps the seed, so ``--check`` can play the deal again.

``--seat`` finds seat puzzles (only what the seat sees) in the same deals: every position
from trick :data:`SEAT_FIRST_TRICK` to the last :data:`SEAT_LAST_TRICKS` tricks is judged
from the view of the seat to play (:func:`tarot_teach.puzzle_maker.make_seat_puzzle`); at most
:data:`PER_DEAL` a deal, from different tricks; they are added to ``seat-puzzles.json``
(one file for 3, 4 and 5 players), the candidates' outcomes and the time to
``seat-puzzles-stats.json`` beside it.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_teach import GameState, RuleSet  # noqa: E402
from tarot_teach.players import ComputerPlayer, StrongPlayer  # noqa: E402
from tarot_teach.puzzle_maker import make_puzzle, make_seat_puzzle  # noqa: E402
from tarot_teach.puzzles import PUZZLE_DIR, THEMES, load_puzzles  # noqa: E402
from tarot_teach.rules import Phase  # noqa: E402

CARDS_LEFT = {3: 24, 4: 28, 5: 30}
"""The most cards left (in the hands) at a puzzle's start, by table size."""
PER_DEAL = 2
STRONG_EVERY = 20
STRONG_SAMPLES = 2
THEME_CAP = 40
PLAIN_CAP = 12
RARITY = {"petit_au_bout": 8, "cash_king": 8, "count_trumps": 6, "keep_trump": 5, "endplay": 4,
          "feed_partner": 3, "hunt_petit": 3, "draw_trumps": 3, "save_excuse": 1}
"""How much each theme counts when a deal's puzzles are chosen (the rarest first)."""
FILES = {3: "three-players.json", 4: "four-players.json", 5: "five-players.json"}
SEAT_FILE = "seat-puzzles.json"
SEAT_STATS = "seat-puzzles-stats.json"
SEAT_FIRST_TRICK = 3
"""The first trick (0-based) of a seat puzzle: by then the play has told something."""
SEAT_LAST_TRICKS = 2
"""The last tricks hold no seat puzzle (few cards: nearly an open position)."""
SEAT_FIRST_SEED = 1000
"""Seat puzzles come from other deals than the open ones (seeds from here on)."""


def level_of(seed: int) -> str:
    """The computer level that plays the deal of ``seed``."""
    return "strong" if seed % STRONG_EVERY == 0 else "learner"


def played_deal(players: int, seed: int) -> "GameState | None":
    """The deal of ``seed`` played to the end, or None if nobody took."""
    state = GameState.new(RuleSet(players=players), seed=seed)
    learner = ComputerPlayer()
    player = StrongPlayer(samples=STRONG_SAMPLES, seed=seed) \
        if level_of(seed) == "strong" else learner
    while not state.is_over:
        acting = player if state.phase is Phase.PLAYING else learner
        state.play(acting.decide(state).action)
    return state if state.taker is not None and state.result is not None else None


def first_puzzle(record: dict, trick: int, places, make, prefix: str,
                 counts: collections.Counter) -> "dict | None":
    """The first puzzle ``make`` keeps at the ``places`` of ``trick`` (in order), named
    ``<prefix>-t<trick>c<place>``; ``counts`` adds up the outcomes."""
    for card in places:
        outcome = make(record, {"trick": trick, "card": card}, f"{prefix}-t{trick}c{card}")
        counts[outcome if isinstance(outcome, str) else "puzzle"] += 1
        if not isinstance(outcome, str):
            return outcome
    return None


def deal_puzzles(players: int, seed: int, counts: collections.Counter) -> list[dict]:
    """The puzzles of one seeded deal, at most :data:`PER_DEAL` (the rarest themes first,
    then the earliest), each from its own trick; ``counts`` adds up the candidates' outcomes."""
    state = played_deal(players, seed)
    if state is None:
        return []
    record = dict(state.to_record(), seed=seed)
    found = []
    size = len(record["tricks"][0])  # cards per trick
    for trick, cards in enumerate(record["tricks"]):
        places = [card for card in range(len(cards))
                  if (len(record["tricks"]) - trick) * size - card <= CARDS_LEFT[players]]
        puzzle = first_puzzle(record, trick, places, make_puzzle,
                              f"{players}p-{level_of(seed)}-s{seed}", counts)
        if puzzle is not None:
            found.append(puzzle)
    found.sort(key=lambda p: -sum(RARITY[t] for t in p["themes"]))
    return sorted(found[:PER_DEAL], key=lambda p: p["start"]["trick"])


def generate(players: int, wanted: int, minutes: float, first_seed: int) -> tuple:
    """Puzzles from seeds ``first_seed``, ... until ``wanted`` or the time is up. A puzzle is
    kept while one of its themes has fewer than :data:`THEME_CAP` (or, with no theme, while
    fewer than :data:`PLAIN_CAP` have none)."""
    counts = collections.Counter()
    themes = collections.Counter()
    puzzles = []
    seed = first_seed
    began = time.perf_counter()
    while len(puzzles) < wanted and time.perf_counter() - began < minutes * 60:
        for puzzle in deal_puzzles(players, seed, counts):
            if any(themes[t] < THEME_CAP for t in puzzle["themes"]) \
                    or (not puzzle["themes"] and themes[None] < PLAIN_CAP):
                puzzles.append(puzzle)
                themes.update(puzzle["themes"] or [None])
            else:
                counts["capped"] += 1
        seed += 1
    counts["deals"] = seed - first_seed
    return puzzles, counts, time.perf_counter() - began


def seat_deal_puzzles(players: int, seed: int, counts: collections.Counter) -> list[dict]:
    """The seat puzzles of one seeded deal, at most :data:`PER_DEAL`, each from its own trick
    (the earliest first); ``counts`` adds up the candidates' outcomes."""
    state = played_deal(players, seed)
    if state is None:
        return []
    record = dict(state.to_record(), seed=seed)
    found = []
    for trick in range(SEAT_FIRST_TRICK, len(record["tricks"]) - SEAT_LAST_TRICKS):
        puzzle = first_puzzle(record, trick, range(len(record["tricks"][trick])),
                              make_seat_puzzle, f"{players}p-seat-{level_of(seed)}-s{seed}",
                              counts)
        if puzzle is not None:
            found.append(puzzle)
        if len(found) >= PER_DEAL:
            break
    return found


def generate_seat(players: int, minutes: float, first_seed: int) -> tuple:
    """Seat puzzles from seeds ``first_seed``, ... until the time is up: (puzzles, the
    candidates' outcomes, seconds, the next seed)."""
    counts = collections.Counter()
    puzzles = []
    seed = first_seed
    began = time.perf_counter()
    while time.perf_counter() - began < minutes * 60:
        puzzles += seat_deal_puzzles(players, seed, counts)
        seed += 1
    counts["deals"] = seed - first_seed
    return puzzles, counts, time.perf_counter() - began, seed


def seat_report(puzzles: list[dict], counts, seconds: float, players: int) -> str:
    """One table size's seat-puzzle numbers: puzzles, the candidates' outcomes, the time."""
    choice = sum(counts[k] for k in ("puzzle", "tie", "close"))
    rejected = counts["tie"] + counts["close"]
    return (f"{players} players: {len(puzzles)} seat puzzles from {counts['deals']} deals in "
            f"{seconds:.0f} s; positions with a choice {choice}, not clearly best "
            f"{rejected} ({rejected / max(choice, 1):.0%}: ties {counts['tie']}, close "
            f"{counts['close']}), forced {counts['forced']}, open (view fixes all) "
            f"{counts['exact']}")


def add_seat_puzzles(sizes, minutes: float) -> None:
    """Add seat puzzles of each table size in ``sizes`` (``minutes`` each) to
    :data:`SEAT_FILE`, from the seeds after those already used; the numbers to
    :data:`SEAT_STATS`."""
    path, stats_path = PUZZLE_DIR / SEAT_FILE, PUZZLE_DIR / SEAT_STATS
    stored = load_puzzles(path) if path.exists() else []
    stats = json.loads(stats_path.read_text(encoding="utf-8")) if stats_path.exists() else {}
    for players in sizes:
        mine = stats.setdefault(str(players), {"next_seed": SEAT_FIRST_SEED, "seconds": 0.0,
                                               "counts": {}})
        puzzles, counts, seconds, seed = generate_seat(players, minutes, mine["next_seed"])
        known = {p["id"] for p in stored}
        stored += [p for p in puzzles if p["id"] not in known]
        mine["next_seed"] = seed
        mine["seconds"] = round(mine["seconds"] + seconds, 1)
        mine["counts"] = dict(collections.Counter(mine["counts"]) + counts)
        mine["puzzles"] = sum(1 for p in stored if p["record"]["players"] == players)
        path.write_text(json.dumps(stored, ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
        stats_path.write_text(json.dumps(stats, indent=1) + "\n", encoding="utf-8")
        load_puzzles(path)
        print(seat_report(puzzles, counts, seconds, players), flush=True)


def report(puzzles: list[dict], counts, seconds: float, players: int) -> str:
    """One table size's numbers: puzzles per theme, the candidates' outcomes, the time."""
    themes = collections.Counter(t for p in puzzles for t in p["themes"])
    candidates = sum(counts[k] for k in ("puzzle", "tie", "close"))
    lines = [f"{players} players: {len(puzzles)} puzzles from {counts['deals']} deals "
             f"in {seconds:.0f} s",
             f"  candidates with a choice {candidates}: puzzles {counts['puzzle']}, "
             f"ties {counts['tie']} ({counts['tie'] / max(candidates, 1):.0%}), "
             f"close (< 3 points) {counts['close']} "
             f"({counts['close'] / max(candidates, 1):.0%})"]
    lines += [f"  {name}: {themes[name]}" for name in THEMES]
    ratings = sorted(p["rating"] for p in puzzles)
    if ratings:
        lines.append(f"  ratings {ratings[0]}..{ratings[-1]}, "
                     f"median {ratings[len(ratings) // 2]}")
    return "\n".join(lines)


def check(per_file: int) -> int:
    """Play the first learner-level deals of each stored file again; 0 if each stored
    puzzle of theirs comes out again the same."""
    failures = 0
    for players, name in FILES.items():
        stored = load_puzzles(PUZZLE_DIR / name)
        seeds = []
        for puzzle in stored:
            seed = puzzle["record"]["seed"]
            if level_of(seed) == "learner" and seed not in seeds:
                seeds.append(seed)
        for seed in seeds[:per_file]:
            again = deal_puzzles(players, seed, collections.Counter())
            mine = [p for p in stored if p["record"]["seed"] == seed]
            same = all(p in again for p in mine)
            failures += not same
            print(f"{name} seed {seed}: {'same' if same else 'DIFFERENT'}")
    return 1 if failures else 0


def refresh() -> int:
    """Make every stored puzzle again from its record and start (the solver's facts and the
    stored fields as :func:`make_puzzle` writes them now) and write the files back."""
    for name in FILES.values():
        path = PUZZLE_DIR / name
        began = time.perf_counter()
        again = [make_puzzle(p["record"], p["start"], p["id"])
                 for p in json.loads(path.read_text(encoding="utf-8"))]
        lost = [p for p in again if isinstance(p, str)]
        if lost:
            print(f"{name}: {len(lost)} puzzles are no longer puzzles", file=sys.stderr)
            return 1
        path.write_text(json.dumps(again, ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
        print(f"{name}: {len(again)} puzzles made again in "
              f"{time.perf_counter() - began:.0f} s", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=sorted(FILES), action="append")
    parser.add_argument("--wanted", type=int, default=120, help="puzzles per table size")
    parser.add_argument("--minutes", type=float, default=10, help="time per table size")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="regenerate stored deals")
    parser.add_argument("--check-deals", type=int, default=2)
    parser.add_argument("--refresh", action="store_true", help="re-make the stored puzzles")
    parser.add_argument("--seat", action="store_true", help="add seat puzzles")
    args = parser.parse_args()
    if args.refresh:
        return refresh()
    if args.seat:
        add_seat_puzzles(args.players or sorted(FILES), args.minutes)
        return 0
    if args.check:
        return check(args.check_deals)
    PUZZLE_DIR.mkdir(parents=True, exist_ok=True)
    for players in args.players or sorted(FILES):
        puzzles, counts, seconds = generate(players, args.wanted, args.minutes,
                                            args.first_seed)
        path = PUZZLE_DIR / FILES[players]
        path.write_text(json.dumps(puzzles, ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
        load_puzzles(path)
        print(report(puzzles, counts, seconds, players), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
