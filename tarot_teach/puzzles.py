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
points. :func:`make_puzzle` builds one from a record, or says why the position is no puzzle;
:func:`check_move` answers a learner's card.

A seat puzzle shows only what the seat sees, and is judged from that view alone: one group of
cards (:func:`tarot_teach.judge.equivalent_cards`) is best on average over many deals that fit
the view, and every other card loses at least :data:`SEAT_GAP` points on average with the 95 %
interval of its loss (paired on the same deals) above :data:`SEAT_LOW`
(:func:`make_seat_puzzle`, :func:`seat_right`). It is one card: "Trick 9. What do you lead?"

>>> puzzle = load_puzzles(PUZZLE_DIR / "four-players.json")[0]
>>> state = position(puzzle)
>>> state.to_act == puzzle["seat"], puzzle["kind"]
(True, 'open')
>>> make_puzzle(puzzle["record"], puzzle["start"], puzzle["id"]) == puzzle
True
>>> check_move(puzzle, [], parse_card(puzzle["solution"][0])).right
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from .cards import DECK, SUIT_MASKS, Card, Suit, parse_card
from .errors import IllegalAction, InvalidCard, InvalidRecord
from .game import GameState
from .names import seat_name, sentence
from .players import ComputerPlayer
from .judge import Z95, CardJudgement, equivalent_cards, judge_cards
from .record import state_from_record
from .solver import Position, _expand, best_line, card_values

__all__ = ["PuzzleError", "Verdict", "load_puzzles", "validate", "position", "card_groups",
           "make_puzzle", "check_move", "themes_of", "rating_of", "THEMES", "MIN_LOSS",
           "PUZZLE_DIR", "make_seat_puzzle", "seat_values", "seat_interval", "seat_right",
           "SEAT_DEALS", "SEAT_SEED", "SEAT_GAP", "SEAT_LOW"]

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
"""Each theme's name -> its title; :func:`themes_of` finds them in a solution's line."""

SEAT_DEALS = (48, 160)
"""A seat puzzle's deals: a first look on the first number, the verdict on the second."""

SEAT_SCREEN = 16
"""Before them, a cheap look on this many other deals (another seed) drops the positions
whose second-best card cannot be :data:`SEAT_GAP` worse (most of them): its seed is the
verdict's plus 10 000."""

SEAT_SEED = 29
"""The seed of a generated seat puzzle's deals (with the seat's view: :func:`judge_cards`)."""

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


# ----- building a puzzle ---------------------------------------------------------------------


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


def _refutation(state: GameState, card: Card) -> list[str]:
    """The solver's line after ``card`` to the end of the next trick (or of the deal)."""
    after = state.copy()
    after.play(card)
    if after.is_over:
        return []
    line = best_line(after)
    stop = len(after.trick) and after.players - len(after.trick)  # the rest of this trick
    stop += after.players  # and the next one
    return [str(c) for c in line[:stop]]


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


def _seat_verdict(puzzle: dict, state: GameState, card: Card) -> "Verdict":
    """The verdict on a seat puzzle's card, from its stored values (no search)."""
    values = puzzle["values"]
    cards = _seat_cards(values)
    if str(card) not in cards:
        state.play(card)  # the engine says which rule forbids it
    facts = cards[str(card)]
    best_card = puzzle["solution"][0]
    best = cards[best_card]["mean"]
    deals = values["deals"]
    low, high = seat_interval(facts)
    right = seat_right(values, card)
    view = f"over {deals} deals that fit what you have seen"
    if right:
        rank = "best" if facts["loss"] <= 0 else "as good as the best (too close to tell apart)"
        text = (f"Right: {card.short_name} is {rank} from your view: on average {view}, your "
                f"side ends with {facts['mean']:.1f} card points (± {facts['se']:.1f}).")
        group = {c for c, f in cards.items() if f["mean"] == facts["mean"]}
        alike = [parse_card(c) for c, f in sorted(cards.items(), key=lambda i: i[1]["loss"])
                 if c not in group and seat_right(values, c)]
        worse = sorted((f["loss"], c) for c, f in cards.items() if not seat_right(values, c))
        if alike:
            text += (" As good from your view (too close to tell apart): "
                     + ", ".join(c.short_name for c in alike) + ".")
        elif worse:
            text += (f" The next best, {parse_card(worse[0][1]).short_name}, loses "
                     f"{worse[0][0]:.1f} on average.")
        return Verdict(True, card, Fraction(0), _fraction(facts["mean"]), _fraction(best),
                       (), True, text)
    text = (f"Not this one. From your view, on average {view}, {card.short_name} leaves your "
            f"side {facts['mean']:.1f} card points, {facts['loss']:.1f} fewer than the best "
            f"card (95 % interval: {max(low, 0):.1f} to {high:.1f} fewer): not an accident of "
            f"the deals drawn.")
    return Verdict(False, card, _fraction(facts["loss"]), _fraction(facts["mean"]),
                   _fraction(best), (), False, text)


def _fraction(number) -> Fraction:
    return Fraction(str(number))


# ----- themes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Trick:
    number: int  # 1-based trick of the deal
    plays: tuple  # (seat, card) in order of play
    winner: int
    before: tuple  # each seat's hand (a mask) before the trick's first card
    after: tuple  # and after its last
    solution: frozenset  # the learner's solution cards played in this trick


def _line_tricks(puzzle: dict) -> tuple[GameState, list[_Trick]]:
    """The tricks the puzzle's line completes, with who won each."""
    state = position(puzzle)
    walk = state.copy()
    hands = list(walk.hands)  # (the first trick may have started before the puzzle)
    for seat, index in zip(_trick_seats(walk), walk.trick):
        hands[seat] |= 1 << index
    solution = [parse_card(c) for c in puzzle["solution"]]
    learner_moves = 0
    tricks = []
    mine = set()
    for text in puzzle["line"]:
        card = parse_card(text)
        if walk.to_act == puzzle["seat"]:
            if learner_moves < len(solution):
                mine.add(card)
            learner_moves += 1
        done = len(walk.tricks)
        walk.play(card)
        if len(walk.tricks) > done:
            leader, cards, winner = walk.tricks[-1]
            seats = [(leader + k) % walk.players for k in range(len(cards))]
            plays = tuple((s, DECK[i]) for s, i in zip(seats, cards))
            tricks.append(_Trick(done + 1, plays, winner, tuple(hands), tuple(walk.hands),
                                 frozenset(c for _, c in plays if c in mine)))
            hands = list(walk.hands)
    return state, tricks


def _trick_seats(state: GameState) -> list[int]:
    return [(state.leader + k) % state.players for k in range(len(state.trick))]


def _cards(mask: int) -> list[Card]:
    return [DECK[i] for i in range(78) if mask >> i & 1]


def _trumps(mask: int) -> int:
    """The trumps (not the Excuse) of a hand mask."""
    return mask & ((1 << 22) - 2)


def _suit_of(plays) -> "Suit | None":
    """The suit led in a trick (after an Excuse lead, the next card's)."""
    return next((card.suit for _, card in plays if not card.is_excuse), None)


def themes_of(puzzle: dict) -> dict[str, str]:
    """The themes of an open puzzle's line, each with the sentence that shows it (from the
    engine's facts: the cards played, who won each trick, the hands before and after it).

    A decision theme needs one of the learner's solution cards: save the Excuse (played
    before the last trick), feed a partner (a face card into a trick the partner wins), draw
    the trumps (a trump lead after which the other side has none), endplay (a lead that loses
    the trick though a higher card of the winning suit was held, the next trick then won).
    A result theme may come anywhere in the line: cash a King (the learner leads it and it
    wins), keep a trump to ruff (the learner trumps a plain lead and wins, after the first
    trick), count the trumps (the learner's plain lead wins though an opponent is void: the
    other side has no trump), petit au bout (the Petit of the learner's side wins the last
    trick), hunt the Petit (the other side's Petit falls to the learner's side).

    >>> puzzle = load_puzzles(PUZZLE_DIR / "four-players.json")[0]
    >>> list(themes_of(puzzle)) == puzzle["themes"]
    True
    """
    if puzzle.get("kind") == "seat":
        return {}
    state, tricks = _line_tricks(puzzle)
    learner = puzzle["seat"]
    side = state.side_of(learner)
    ours = {s for s in range(state.players) if state.side_of(s) == side}
    theirs = [s for s in range(state.players) if s not in ours]

    def who(seat):
        return _name(seat, learner)

    found = {}
    last = state.rules.tricks
    for trick in tricks:
        mine = {card for seat, card in trick.plays if seat == learner}
        leader, lead = trick.plays[0]
        led = _suit_of(trick.plays)
        winning = dict(trick.plays)[trick.winner]
        theirs_before = [trick.before[s] for s in theirs]
        for seat, card in trick.plays:
            if card.rank == 1 and card.suit is Suit.TRUMPS:
                if trick.number == last and seat in ours and trick.winner in ours:
                    found.setdefault("petit_au_bout", sentence(
                        f"{who(seat)} bring{'s' * (seat != learner)} the Petit home in the "
                        f"last trick: petit au bout for your side."))
                if seat not in ours and trick.winner in ours:
                    found.setdefault("hunt_petit", sentence(
                        f"the Petit of {who(seat)} falls in trick {trick.number}: "
                        f"{who(trick.winner)} win{'s' * (trick.winner != learner)} it with "
                        f"{winning.short_name}."))
            if card.is_excuse and seat in ours and trick.number < last and card in trick.solution:
                found.setdefault("save_excuse", sentence(
                    f"you play the Excuse in trick {trick.number}: kept to the last trick, "
                    f"it would go to the other side."))
            if card in trick.solution and card.suit.is_plain and card.half_points >= 3 \
                    and trick.winner in ours and trick.winner != seat:
                found.setdefault("feed_partner", sentence(
                    f"you give {card.short_name} to the trick {who(trick.winner)} wins "
                    f"(trick {trick.number}): {_number(card.points)} points for your side."))
        if lead in mine and lead.suit.is_plain and lead.rank == 14 and trick.winner == leader:
            found.setdefault("cash_king", sentence(
                f"you cash {lead.short_name} in trick {trick.number} while nobody "
                f"can trump it."))
        if lead in trick.solution:
            if lead.is_trump and any(_trumps(h) for h in theirs_before) \
                    and not any(_trumps(trick.after[s]) for s in theirs):
                found.setdefault("draw_trumps", sentence(
                    f"you lead {lead.short_name} in trick {trick.number} and draw the "
                    f"other side's last trump."))
        voids = [s for s in range(state.players)
                 if s not in ours and not trick.before[s] & SUIT_MASKS.get(led, 0)]
        if lead in mine and lead.suit.is_plain and trick.winner == leader and voids \
                and not any(_trumps(h) for h in theirs_before):
            void = voids[0]
            found.setdefault("count_trumps", sentence(
                f"the other side has no trump left and {who(void)} no "
                f"{led.english}: your {lead.short_name} wins trick {trick.number}."))
        ruff = [(s, c) for s, c in trick.plays if c.is_trump and c in mine]
        if led is not None and led.is_plain and ruff and trick.winner == learner \
                and trick.number > tricks[0].number:
            found.setdefault("keep_trump", sentence(
                f"you kept {ruff[0][1].short_name} and trump the {led.english} lead in "
                f"trick {trick.number}."))
    for first, second in zip(tricks, tricks[1:]):
        leader, lead = first.plays[0]
        top = dict(first.plays)[first.winner]
        higher = [c for c in _cards(first.before[learner]) if c.suit is top.suit
                  and c.rank > top.rank and c is not lead]
        if lead in first.solution and first.winner not in ours and higher \
                and second.winner in ours and second.number < last:
            found.setdefault("endplay", sentence(
                f"you lose trick {first.number} to {who(first.winner)} on purpose (you held "
                f"{higher[0].short_name}): "
                f"{who(first.winner)} must lead next, and your side wins trick "
                f"{second.number}."))
    return {name: found[name] for name in THEMES if name in found}


# ----- answering the learner ---------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The answer to a learner's card: ``right`` (it keeps the best result) or not, what it
    costs (``loss``, card points for the learner's side), the other seats' cards that follow
    (``replies``: after a right card their answers up to the learner's next turn, after a
    wrong one the solver's line that refutes it), whether the puzzle is ``solved`` and a
    ``text`` worded from those facts."""

    right: bool
    card: Card
    loss: Fraction
    value: Fraction
    best: Fraction
    replies: tuple
    solved: bool
    text: str


def check_move(puzzle: dict, moves_so_far, card) -> Verdict:
    """The verdict on the learner playing ``card`` after their cards ``moves_so_far`` (each
    answered by the other seats' best cards). An illegal card raises the engine's
    :class:`~tarot_teach.errors.IllegalAction`.

    >>> puzzle = load_puzzles(PUZZLE_DIR / "four-players.json")[0]
    >>> wrong = next(c for c in puzzle["values"] if c != puzzle["solution"][0])
    >>> verdict = check_move(puzzle, [], parse_card(wrong))
    >>> verdict.right, verdict.loss >= 3, len(verdict.replies) > 0
    (False, True, True)
    """
    learner = puzzle["seat"]
    state = position(puzzle)
    if puzzle["kind"] == "seat":
        if moves_so_far:
            raise IllegalAction("A seat puzzle is one card: it is already answered.")
        return _seat_verdict(puzzle, state, parse_card(card))
    line = [parse_card(c) for c in puzzle.get("line", [])]
    played = []  # the cards played since the start

    def answer():  # the other seats' best cards, up to the learner's turn
        replies = []
        while not state.is_over and state.to_act != learner:
            if played == line[:len(played)] and len(played) < len(line):
                reply = line[len(played)]
            else:
                reply = best_line(state)[0]
            replies.append((state.to_act, reply))
            state.play(reply)
            played.append(reply)
        return tuple(replies)

    for move in moves_so_far:
        state.play(parse_card(move))
        played.append(parse_card(move))
        answer()
    card = parse_card(card)
    on_line = played == line[:len(played)]
    stored = None  # the values and refutations kept with the puzzle for this move
    if puzzle["kind"] == "open" and on_line:
        steps = [puzzle, *puzzle.get("steps", ())]  # the first move's, then the later ones'
        if len(moves_so_far) < len(steps):
            stored = steps[len(moves_so_far)]
    if stored is not None:
        values = {parse_card(c): Fraction(v) for c, v in stored["values"].items()}
    else:
        values = card_values(state)
    if card not in values:
        state.play(card)  # the engine says which rule forbids it
    best = _side_best(state, values)
    loss = _loss(state, best, values[card])
    taking = state.side_of(learner) == 0
    side = "your side" if taking else "the taker's side"
    if loss:
        kept = stored.get("refutations", {}).get(str(card)) if stored is not None else None
        refutation = kept if kept is not None else _refutation(state, card)
        after = state.copy()
        after.play(card)
        replies = tuple(_play_line(after, [parse_card(c) for c in refutation]))
        text = (f"Not this one. {_describe(state, ((learner, card),) + replies, learner)} "
                f"With the best play from there {side} ends with {_number(values[card])} "
                f"points instead of {_number(best)}: {_number(loss)} lost.")
        return Verdict(False, card, loss, values[card], best, replies, False, text)
    before = state.copy()
    at = len(played)  # the card's place in the line
    state.play(card)
    played.append(card)
    replies = answer()
    if state.is_over:
        solved = True
    elif on_line and at < len(line) and card == line[at]:  # the stored line says
        solved = len(moves_so_far) + 1 >= len(puzzle["solution"])
    else:
        solved = _forced(card_values(state))
    text = (f"Right: {card.short_name} keeps {_number(best)} points for your side." if taking
            else f"Right: {card.short_name} holds the taker's side to {_number(best)} points.")
    text += " " + _describe(before, ((learner, card),) + replies, learner)
    if solved:
        text += " Solved: the rest plays itself."
    return Verdict(True, card, Fraction(0), best, best, replies, solved, text)


def _name(seat: int, learner: int) -> str:
    """A seat's name inside a sentence: "you" for the learner (:func:`sentence` makes the
    first word a capital)."""
    return "you" if seat == learner else seat_name(seat, learner=learner)


def _describe(state: GameState, plays, learner: int) -> str:
    """Sentences for ``plays`` ((seat, card) pairs) played from ``state`` (not changed): who
    plays what, and who wins each trick with the points (and bouts) in it."""
    walk = state.copy()
    sentences, words = [], []
    for seat, card in plays:
        done = len(walk.tricks)
        walk.play(card)
        words.append(f"{_name(seat, learner)} "
                     f"play{'s' * (seat != learner)} {card.short_name}")
        if len(walk.tricks) > done:
            _, cards, winner = walk.tricks[-1]
            won = [DECK[i] for i in cards]
            bouts = [c.name for c in won if c.is_bout]
            with_bouts = f", {' and '.join(bouts)} among them" if bouts else ""
            sentences.append(f"{', '.join(words)}: {_name(winner, learner)} "
                             f"win{'s' * (winner != learner)} the trick "
                             f"({_number(sum(c.points for c in won))} points{with_bouts})")
            words = []
    if words:
        sentences.append(", ".join(words))
    return " ".join(sentence(text) + "." for text in sentences)
