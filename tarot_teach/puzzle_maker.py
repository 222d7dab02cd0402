"""Making puzzles from whole deals (:mod:`tarot_teach.puzzles` describes their stored form):
:func:`make_puzzle` (an open puzzle, proved by the solver) and :func:`make_seat_puzzle`
(judged from the seat's view), or why a position is none; :func:`rating_of`, a first rating.

>>> from tarot_teach.puzzles import PUZZLE_DIR, load_puzzles
>>> puzzle = load_puzzles(PUZZLE_DIR / "four-players.json")[0]
>>> make_puzzle(puzzle["record"], puzzle["start"], puzzle["id"]) == puzzle
True
"""

from __future__ import annotations

import math

from .cards import Card, parse_card
from .game import GameState
from .judge import Z95, CardJudgement, equivalent_cards, judge_cards
from .players import ComputerPlayer
from .puzzle_answers import _refutation
from .puzzle_themes import themes_of
from .puzzles import (_FIELDS, _OPEN_FIELDS, MIN_LOSS, SEAT_DEALS, SEAT_GAP, SEAT_SCREEN,
                      SEAT_SEED, _forced, _loss, _number, _side_best, card_groups, position,
                      seat_right)
from .solver import best_line, card_values

__all__ = ["make_puzzle", "make_seat_puzzle", "rating_of", "seat_values"]


def rating_of(failing: int, moves: int, computer_wrong: bool) -> int:
    """A puzzle's first difficulty on a 800-2200 scale (a Glicko-like rating):
    ``900 + 100 * (failing - 1) + 200 * (moves - 1) + 250 * computer_wrong``, clamped.

    ``failing``: the legal first cards that lose; ``moves``: the learner's cards in the
    solution; ``computer_wrong``: the learner-level computer player picks a losing card
    there (the position is not solved by the usual rules of thumb).

    >>> rating_of(1, 1, False), rating_of(4, 2, True), rating_of(12, 5, True)
    (900, 1650, 2200)
    """
    raw = 900 + 100 * (failing - 1) + 200 * (moves - 1) + 250 * bool(computer_wrong)
    return max(800, min(2200, raw))


def _step(state: GameState, values: dict) -> dict:
    """A later move's stored facts: each legal card's value and each losing card's
    refutation (:func:`_refutation`)."""
    best = _side_best(state, values)
    return {"values": {str(card): _number(value) for card, value in values.items()},
            "refutations": {str(card): _refutation(state, card)
                            for card, value in values.items() if value != best}}


def make_puzzle(record: dict, start: dict, puzzle_id: str):
    """The open puzzle starting at ``start`` in a whole deal's ``record``, or a string
    saying why the position is none: ``"forced"`` (every card plays alike), ``"tie"``
    (two groups of cards keep the best result) or ``"close"`` (a card loses less than
    :data:`MIN_LOSS`).

    >>> from tarot_teach.puzzles import PUZZLE_DIR, load_puzzles
    >>> puzzle = load_puzzles(PUZZLE_DIR / "five-players.json")[0]
    >>> make_puzzle(puzzle["record"], puzzle["start"], puzzle["id"]) == puzzle
    True
    """
    puzzle = {"id": puzzle_id, "kind": "open", "record": record, "start": dict(start)}
    state = position(puzzle)
    seat = state.to_act
    groups = card_groups(state)
    if len(set(groups.values())) < 2:
        return "forced"
    values = card_values(state)
    best = _side_best(state, values)
    winners = {groups[card] for card, value in values.items() if value == best}
    if len(winners) > 1:
        return "tie"
    wrong = [card for card, value in values.items() if value != best]
    if min(_loss(state, best, values[card]) for card in wrong) < MIN_LOSS:
        return "close"
    line = best_line(state)
    walk = state.copy()
    solution, steps = [], []
    for card in line:
        if walk.to_act == seat:
            if solution:
                here = card_values(walk)
                if _forced(here):
                    break
                steps.append(_step(walk, here))
            solution.append(str(card))
        walk.play(card)
    computer = ComputerPlayer().decide(state).action
    puzzle.update({
        "seat": seat,
        "values": {str(card): _number(value) for card, value in values.items()},
        "solution": solution,
        "line": [str(card) for card in line],
        "refutations": {str(card): _refutation(state, card) for card in wrong},
        "steps": steps,
    })
    puzzle["themes"] = list(themes_of(puzzle))
    puzzle["rating"] = rating_of(len(wrong), len(solution), values[computer] != best)
    return {name: puzzle[name] for name in (*_FIELDS, *_OPEN_FIELDS)}


def seat_values(verdict: CardJudgement, seed: int) -> dict:
    """A judgement in the stored form of a seat puzzle's ``values`` (2 decimals): each card's
    average, its standard error, its loss against the best card and that loss's standard
    error (from the judge's paired 95 % interval)."""
    count = verdict.deals
    cards = {}
    for card in sorted(verdict.legal, key=lambda c: c.index):
        points = [float(v) for v in verdict.values[card]]
        mean = sum(points) / count
        spread = sum((p - mean) ** 2 for p in points) / (count - 1) if count > 1 else 0.0
        low, high = verdict.interval(card)
        cards[str(card)] = {"mean": round(mean, 2), "se": round(math.sqrt(spread / count), 2),
                            "loss": round(float(verdict.loss(card)), 2),
                            "loss_se": round((high - low) / (2 * Z95), 2)}
    return {"deals": count, "seed": seed, "cards": cards}


def _seat_fields(state: GameState, values: dict) -> dict:
    """The solution (the best card), themes (none: no line to find them in) and rating of a
    seat puzzle with these stored ``values``."""
    cards = values["cards"]
    best = min(cards, key=lambda c: (cards[c]["loss"], parse_card(c).index))
    wrong = [c for c in cards if not seat_right(values, c)]
    computer = ComputerPlayer().decide(state).action
    return {"solution": [best], "themes": [],  # (read as a two-move one: the hidden hands too)
            "rating": rating_of(len(wrong), 2, not seat_right(values, computer))}


def make_seat_puzzle(record: dict, start: dict, puzzle_id: str, seed: int = SEAT_SEED,
                     deals=SEAT_DEALS):
    """The seat puzzle starting at ``start`` in ``record``, judged from the view of the seat
    to play there, or why the position is none: ``"forced"`` (one group of cards),
    ``"exact"`` (the view fixes every hidden card: an open position), ``"tie"`` (another
    group as good on average) or ``"close"`` (a card loses less than :data:`SEAT_GAP` on
    average, or its interval reaches down to :data:`SEAT_LOW`). A first look on
    :data:`SEAT_SCREEN` deals of another seed, then on ``deals[0]``, drops the positions
    whose second-best card cannot be :data:`SEAT_GAP` worse; the verdict is on
    ``deals[-1]`` deals."""
    puzzle = {"id": puzzle_id, "kind": "seat", "record": record, "start": dict(start)}
    state = position(puzzle)
    seat = state.to_act
    legal = [a for a in state.legal_actions() if isinstance(a, Card)]
    classes = equivalent_cards(state, seat, legal)
    if len(set(classes.values())) < 2:
        return "forced"
    verdict = None
    for count, draw in ((SEAT_SCREEN, seed + 10_000), *((n, seed) for n in deals)):
        verdict = judge_cards(state, seat, seed=draw, deals=(count,))
        if verdict.exact:
            return "exact"
        top = classes[verdict.ranked[0]]
        second = next(c for c in verdict.ranked if classes[c] != top)
        if verdict.loss(second) == 0:
            return "tie"
        if verdict.interval(second)[1] < SEAT_GAP:
            return "close"
    values = seat_values(verdict, seed)
    cards = values["cards"]
    others = [c for c in legal if classes[c] != top]
    if any(cards[str(c)]["loss"] < SEAT_GAP or seat_right(values, c) for c in others):
        return "close"
    puzzle.update({"seat": seat, "values": values, **_seat_fields(state, values)})
    return {name: puzzle[name] for name in _FIELDS}
