"""The learner's own puzzles (the puzzle trainer, :mod:`tarot_teach.teach.puzzles`): the
finished deals the card tables kept, and a seat puzzle at each card of the learner's that the
coach's review calls a mistake. Plain data, no widgets."""

from __future__ import annotations

import hashlib
import json

from ..cards import parse_card
from ..errors import IllegalAction, InvalidRecord
from ..judge import Band, judge_cards
from ..puzzle_maker import _seat_fields, seat_values
from ..puzzles import PuzzleError, position, validate
from ..record import state_from_record

__all__ = ["TABLE_SEAT", "MINE_KEY", "MINE_KEEP", "deal_key", "finished_deals",
           "mistake_puzzles", "saved_mistakes"]


TABLE_SEAT = 0
"""The learner's seat at the book's card tables."""


MINE_KEY = "puzzle-mistakes"
"""Where the progress file keeps the learner's own puzzles: ``{"reviewed": [deal keys],
"puzzles": [seat puzzles]}`` (in its games)."""


MINE_KEEP = 40
"""The most own puzzles kept (the newest)."""


def deal_key(record: dict) -> str:
    """A short name of a deal's record (the same deal, the same name).

    >>> deal_key({"players": 4}) == deal_key({"players": 4}), len(deal_key({"players": 4}))
    (True, 10)
    """
    text = json.dumps(record, sort_keys=True, ensure_ascii=False)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def finished_deals(games: dict) -> "list[dict]":
    """The finished deals the card tables kept in the progress file's ``games`` (a table
    keeps its last deal: a ``record`` with its ``dealer`` and score sheet), each once: the
    records of deals with a taker, played to the end."""
    records, seen = [], set()
    for _key, saved in sorted(games.items()):
        if not isinstance(saved, dict) or not {"record", "dealer", "deals"} <= set(saved):
            continue
        try:
            state = state_from_record(saved["record"], complete=False)
        except (InvalidRecord, IllegalAction, KeyError, TypeError, ValueError, AttributeError):
            continue
        if state.is_over and state.taker is not None and not state.rules.two_players \
                and deal_key(saved["record"]) not in seen:
            seen.add(deal_key(saved["record"]))
            records.append(saved["record"])
    return records


def mistake_puzzles(record: dict, seat: int = TABLE_SEAT, *, samples: int = 8, seed: int = 0,
                    progress=None) -> "list[dict]":
    """Seat puzzles from the learner's own deal: each card of ``seat`` that the coach's
    review (:func:`tarot_teach.coach.review`, judged from the seat's view) bands a Mistake
    or a Blunder becomes a seat puzzle at that position, with the review's judgement as its
    values (the same deals: :func:`tarot_teach.judge.judge_cards` keeps them), the best
    card as its solution. ``progress(done, total)`` as for the review."""
    from ..coach import review  # (the coach is needed only here)

    key = deal_key(record)
    puzzles = []
    for entry in review(record, seat, samples=samples, seed=seed, progress=progress):
        if entry.kind != "card" or entry.band not in (Band.MISTAKE, Band.BLUNDER):
            continue
        trick = entry.trick - 1
        chosen = parse_card(entry.chosen)
        card = [parse_card(c) for c in record["tricks"][trick]].index(chosen)
        puzzle = {"id": f"mine-{key}-t{trick}c{card}", "kind": "seat", "record": record,
                  "start": {"trick": trick, "card": card}, "seat": seat}
        state = position(puzzle)
        verdict = judge_cards(state, seat, seed=seed, focus=[chosen])
        puzzle["values"] = seat_values(verdict, seed)
        puzzle.update(_seat_fields(state, puzzle["values"]))
        puzzle["played"] = str(chosen)
        try:
            validate(puzzle)
        except PuzzleError:
            continue  # (the stored numbers, rounded, no longer call it a mistake)
        puzzles.append(puzzle)
    return puzzles


def saved_mistakes(saved) -> "tuple[list[dict], list[str]]":
    """The learner's own puzzles and the deals already reviewed, from the progress file's
    :data:`MINE_KEY` entry (anything malformed left out)."""
    if not isinstance(saved, dict):
        return [], []
    puzzles = [p for p in saved.get("puzzles", []) if isinstance(p, dict)
               and isinstance(p.get("id"), str) and p.get("kind") == "seat"]
    reviewed = [k for k in saved.get("reviewed", []) if isinstance(k, str)]
    return puzzles, reviewed
