"""Puzzles: positions from real deals where one card keeps the best result, proved by the
open-hand solver (issue 29).

A puzzle is stored as a dict (``exercises/puzzles/*.json`` hold lists of them):

- ``id``; ``kind``: ``"open"`` (every hand shown, judged exactly) or ``"seat"``;
- ``record``: the hand record of the whole deal as it was played; ``start``:
  ``{"trick": n, "card": k}``, the 0-based trick and place where the puzzle begins; ``seat``:
  the seat to play there (the learner's);
- ``values``: (open) each legal first card -> the taker's side's final card points with
  perfect play of every seat from there; (seat) ``{"deals": n, "seed": s, "cards": {card:
  {"mean", "se", "loss", "loss_se"}}}``: for each legal card the seat's side's final card
  points on average over ``n`` deals drawn to fit the seat's view
  (:func:`tarot_teach.judge.judge_cards` with ``seed``), the standard error of that average,
  what it loses against the best card on average and the standard error of that loss (paired
  on the same deals);
- ``solution``: the learner's cards along the principal line, until the rest is forced (every
  legal card of the learner gives the same result); ``themes``; ``rating``;
- open puzzles also keep ``line``, the principal line from the start to the end of the deal
  (every seat's cards: :func:`tarot_teach.solver.best_line`), and ``refutations``, for each
  wrong first card the solver's line after it to the end of the next trick, so that checking
  a first card needs no search.

An open puzzle has exactly one group of equivalent cards (:func:`card_groups`) giving the best
result for the side to play, and every other legal card loses at least :data:`MIN_LOSS` card
points. :func:`tarot_teach.puzzle_maker.make_puzzle` builds one from a record, or says why the
position is no puzzle; :func:`tarot_teach.puzzle_answers.check_move` answers a learner's card;
:func:`tarot_teach.puzzle_themes.themes_of` finds the themes of its line.

A seat puzzle shows only what the seat sees, and is judged from that view alone: one group of
cards (:func:`tarot_teach.judge.equivalent_cards`) is best on average over many deals that fit
the view, and every other card loses at least :data:`SEAT_GAP` points on average with the 95 %
interval of its loss (paired on the same deals) above :data:`SEAT_LOW`
(:func:`tarot_teach.puzzle_maker.make_seat_puzzle`, :func:`seat_right`). It is one card:
"Trick 9. What do you lead?"

>>> puzzle = load_puzzles(PUZZLE_DIR / "four-players.json")[0]
>>> state = position(puzzle)
>>> state.to_act == puzzle["seat"], puzzle["kind"]
(True, 'open')
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from .cards import DECK, Card, parse_card
from .errors import InvalidCard, InvalidRecord
from .game import GameState
from .names import seat_name
from .judge import Z95
from .record import state_from_record
from .solver import Position, _expand

__all__ = ["PuzzleError", "load_puzzles", "validate", "position", "card_groups", "THEMES",
           "MIN_LOSS", "PUZZLE_DIR", "seat_interval", "seat_right", "SEAT_DEALS", "SEAT_SEED",
           "SEAT_GAP", "SEAT_LOW"]

PUZZLE_DIR = Path(__file__).resolve().parent.parent / "exercises" / "puzzles"
"""Where the stored puzzles are (one JSON list per table size)."""

MIN_LOSS = Fraction(3)
"""Every wrong first card of an open puzzle loses at least this many card points."""

THEMES = {
    "petit_au_bout": "Bring the Petit home (petit au bout)",
    "hunt_petit": "Hunt the Petit",
    "save_excuse": "Save the Excuse before the last trick",
    "feed_partner": "Feed points to a partner's trick",
    "cash_king": "Cash a King while the suit is safe",
    "draw_trumps": "Draw the trumps",
    "keep_trump": "Keep a trump to ruff",
    "endplay": "Throw the lead to the right seat (endplay)",
    "count_trumps": "Count the trumps",
}
"""Each theme's name -> its title; :func:`~tarot_teach.puzzle_themes.themes_of` finds them in
a solution's line."""

SEAT_DEALS = (48, 160)
"""A seat puzzle's deals: a first look on the first number, the verdict on the second."""

SEAT_SCREEN = 16
"""Before them, a cheap look on this many other deals (another seed) drops the positions
whose second-best card cannot be :data:`SEAT_GAP` worse (most of them): its seed is the
verdict's plus 10 000."""

SEAT_SEED = 29
"""The seed of a generated seat puzzle's deals (with the seat's view:
:func:`~tarot_teach.judge.judge_cards`)."""

SEAT_GAP = 3.0
"""A seat puzzle's best card beats every other card by at least this many points on average."""

SEAT_LOW = 1.0
"""... with the 95 % interval of each other card's loss above this (a card whose interval
reaches down to it is as good as the best, as the review's Good band says)."""

_FIELDS = ("id", "kind", "record", "start", "seat", "values", "solution", "themes", "rating")
_OPEN_FIELDS = ("line", "refutations", "steps")


class PuzzleError(ValueError):
    """A puzzle or puzzle file that is malformed: the message names the puzzle and the field."""


# ----- loading and checking the stored form ---------------------------------------------


def load_puzzles(path) -> list[dict]:
    """The puzzles of a JSON file (a list), each checked with :func:`validate`.

    >>> load_puzzles("/nonexistent.json")
    Traceback (most recent call last):
    ...
    tarot_teach.puzzles.PuzzleError: cannot read /nonexistent.json: No such file or directory
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise PuzzleError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PuzzleError(f"{path} is not a JSON puzzle file: {error}") from None
    if not isinstance(data, list):
        raise PuzzleError(f"{path} must hold a JSON list of puzzles")
    for number, puzzle in enumerate(data):
        validate(puzzle, f"{path}, puzzle {number}")
    return data


def validate(puzzle, where: str = "the puzzle") -> dict:
    """Check a puzzle's fields and that its record reaches the start with its seat to play
    (the values name exactly the legal cards there); return it, or raise :class:`PuzzleError`.

    >>> validate({"id": "x"})
    Traceback (most recent call last):
    ...
    tarot_teach.puzzles.PuzzleError: the puzzle: missing field 'kind'
    """
    if not isinstance(puzzle, dict):
        raise PuzzleError(f"{where}: a puzzle is a JSON object")
    missing = [name for name in _FIELDS if name not in puzzle]
    if missing:
        raise PuzzleError(f"{where}: missing field {missing[0]!r}")
    where = f"{where} ({puzzle['id']!r})"
    kind = puzzle["kind"]
    if kind not in ("open", "seat"):
        raise PuzzleError(f"{where}: kind must be 'open' or 'seat', not {kind!r}")
    start = puzzle["start"]
    if not isinstance(start, dict) or sorted(start) != ["card", "trick"] \
            or not all(type(v) is int and v >= 0 for v in start.values()):
        raise PuzzleError(f"{where}: start must be {{'trick': n, 'card': k}} (numbers >= 0)")
    if not isinstance(puzzle["solution"], list) or not puzzle["solution"]:
        raise PuzzleError(f"{where}: the solution must list at least one card")
    unknown = [t for t in puzzle["themes"] if t not in THEMES] \
        if isinstance(puzzle["themes"], list) else ["(not a list)"]
    if unknown:
        raise PuzzleError(f"{where}: unknown theme {unknown[0]!r}")
    if type(puzzle["rating"]) is not int:
        raise PuzzleError(f"{where}: the rating must be a whole number")
    try:
        state = position(puzzle)
        cards = [parse_card(c) for c in puzzle["solution"]]
        if kind == "open":
            legal = sorted(card_groups(state), key=lambda c: c.index)
            named = [parse_card(c) for c in puzzle["values"]]
        else:
            legal = sorted((a for a in state.legal_actions() if isinstance(a, Card)),
                           key=lambda c: c.index)
            named = [parse_card(c) for c in _seat_cards(puzzle["values"])]
    except (InvalidRecord, InvalidCard, ValueError, TypeError, AttributeError,
            KeyError) as error:
        raise PuzzleError(f"{where}: {error}") from None
    if state.to_act != puzzle["seat"]:
        raise PuzzleError(f"{where}: seat {puzzle['seat']!r} is not to play at the start "
                          f"(seat {state.to_act} is)")
    if sorted(named, key=lambda c: c.index) != legal:
        raise PuzzleError(f"{where}: the values must name every legal card at the start")
    if cards[0] not in legal:
        raise PuzzleError(f"{where}: the solution's first card {cards[0]} is not legal")
    if kind == "seat":
        if len(cards) != 1 or not seat_right(puzzle["values"], cards[0]):
            raise PuzzleError(f"{where}: a seat puzzle's solution is one card judged best")
    if kind == "open":
        missing = [name for name in _OPEN_FIELDS if name not in puzzle]
        if missing:
            raise PuzzleError(f"{where}: missing field {missing[0]!r}")
    return puzzle


def position(puzzle: dict) -> GameState:
    """The deal at the puzzle's start: the record's steps up to ``start``, replayed.

    >>> puzzle = load_puzzles(PUZZLE_DIR / "three-players.json")[0]
    >>> len(position(puzzle).tricks) == puzzle["start"]["trick"]
    True
    """
    record = puzzle["record"]
    start = puzzle["start"]
    tricks = record["tricks"]
    if start["trick"] >= len(tricks) or start["card"] >= len(tricks[start["trick"]]):
        raise PuzzleError(f"the start {start} is past the record's last card")
    cut = tricks[:start["trick"]]
    if start["card"]:
        cut = cut + [tricks[start["trick"]][:start["card"]]]
    return state_from_record(dict(record, tricks=cut), complete=False)


# ----- the solver's facts ------------------------------------------------------------------


def card_groups(state: GameState) -> dict[Card, Card]:
    """Each legal card of the seat to play -> the first card of its group: the cards the
    solver merges because they play alike (same suit and value, no card of another hand
    between them).

    >>> state = position(load_puzzles(PUZZLE_DIR / "four-players.json")[0])
    >>> from tarot_teach.solver import card_values
    >>> set(card_groups(state)) == set(card_values(state))
    True
    """
    solver_position = Position(state)
    seat = state.to_act
    moves = solver_position.moves(seat)
    groups = _expand(solver_position, seat, {move: move for move in moves})
    return {DECK[index]: DECK[rep] for index, rep in groups.items()}


def _side_best(state: GameState, values: dict) -> Fraction:
    """The best of ``values`` for the side of the seat to play."""
    pick = max if state.side_of(state.to_act) == 0 else min
    return pick(values.values())


def _loss(state: GameState, best, value) -> Fraction:
    """The card points a value gives away, for the side of the seat to play."""
    return Fraction(best) - value if state.side_of(state.to_act) == 0 else value - Fraction(best)


def _forced(values: dict) -> bool:
    return len(set(values.values())) == 1


def _number(value: Fraction):
    """A card-point value as JSON writes it: an int, or a float for a half."""
    return int(value) if value.denominator == 1 else float(value)


def _play_line(state: GameState, cards) -> list[tuple[int, Card]]:
    """Play ``cards`` on ``state`` (in place); each as (seat, card)."""
    played = []
    for card in cards:
        played.append((state.to_act, card))
        state.play(card)
    return played


# ----- seat puzzles: judged from the seat's view ------------------------------------------


def _seat_cards(values) -> dict:
    """A seat puzzle's per-card facts, checked for their form (``ValueError`` in words)."""
    if not isinstance(values, dict) or type(values.get("deals")) is not int \
            or values["deals"] < 1 or not isinstance(values.get("cards"), dict):
        raise ValueError("a seat puzzle's values are {'deals': n, 'seed': s, 'cards': {...}}")
    for card, facts in values["cards"].items():
        if not isinstance(facts, dict) or not all(
                type(facts.get(k)) in (int, float) for k in ("mean", "se", "loss", "loss_se")):
            raise ValueError(f"the values of {card} need a mean, se, loss and loss_se")
    return values["cards"]


def seat_interval(facts: dict) -> tuple[float, float]:
    """The 95 % interval of a card's stored loss (``facts``: one card's stored values)."""
    half = Z95 * facts["loss_se"]
    return facts["loss"] - half, facts["loss"] + half


def seat_right(values: dict, card) -> bool:
    """Is ``card`` right in a seat puzzle (``values`` as stored): best on average, or not
    clearly worse than the best (its loss's interval reaches down to :data:`SEAT_LOW`: the
    review's Best or Good).

    >>> values = {"deals": 9, "cards": {"KC": {"mean": 50, "se": 1, "loss": 0, "loss_se": 0},
    ...           "6H": {"mean": 45, "se": 1, "loss": 5, "loss_se": 1}}}
    >>> seat_right(values, "KC"), seat_right(values, "6H")
    (True, False)
    """
    facts = _seat_cards(values)[str(parse_card(card))]
    return facts["loss"] <= 0 or seat_interval(facts)[0] <= SEAT_LOW


def _name(seat: int, learner: int) -> str:
    """A seat's name inside a sentence: "you" for the learner (:func:`sentence` makes the
    first word a capital)."""
    return "you" if seat == learner else seat_name(seat, learner=learner)
