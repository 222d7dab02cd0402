"""Guided hands: a curated hand record with commentary and questions, checked by the engine.

A guided hand file (``exercises/hands/*.json``) holds::

    {"title": "...", "summary": "...", "learner": 1,
     "record": {... a hand record, HAND_RECORD.md ...},
     "expected": {... what replay(record) returns ...},
     "commentary": [{"at": "bids", "text": "..."},
                    {"at": "discard", "text": "..."},
                    {"at": "trick", "trick": 3, "winner": 2, "text": "..."},
                    {"at": "end", "text": "..."}],
     "questions": [{"trick": 4, "expect": "KH", "why": "..."}]}

Cards named in a text are written in braces, ``{KH}``; :func:`check_guided_hand`
verifies every such claim against the engine: the result, each trick's winner,
that each card named in a trick's comment was played in that trick (or, before
the play, is in the hands), that each question's expected card is legal and is
the one the record plays, and the figures the comments state: the hand's points
in the bid comment; the target, the margin and what each defender pays or gains
in the end comment. It also checks the words against the engine's facts of each
trick (:func:`trick_facts`): what "the trick is worth N points" to a side, that
an exchange card is owed only when the Excuse's side lost the trick, that only a
card worth half a point is called small or low, that "throw" names only a card
that neither follows suit nor trumps, and that the discard comment names every
card of the dog.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .cards import DECK, Card, Suit, parse_card
from .errors import IllegalAction, InvalidRecord
from .game import GameState
from .record import replay, state_from_record
from .rules import Phase

__all__ = ["GuidedHand", "Question", "TrickFacts", "load_guided_hand", "check_guided_hand",
           "judge_answer", "trick_facts", "CARD_MENTION"]

CARD_MENTION = re.compile(r"\{([^{}\s]+)\}")


@dataclass(frozen=True)
class Question:
    """At trick ``trick`` the learner must find the card ``expect``; ``why`` explains it."""

    trick: int
    expect: Card
    why: str


@dataclass
class GuidedHand:
    """A loaded guided hand: its record, the list of actions, commentary and questions."""

    title: str
    summary: str
    learner: int
    record: dict
    expected: dict
    commentary: list[dict]
    questions: list[Question]
    actions: list[Any] = field(default_factory=list)
    path: "str | None" = None

    def state_at(self, step: int) -> GameState:
        """The deal after the first ``step`` actions."""
        state = GameState.from_hands(_rules(self.record), self.record["hands"], self.record["dog"],
                                     self.record.get("dealer", 0), self.record.get("piles"))
        for action in self.actions[:step]:
            state.play(action)
        return state

    @property
    def steps(self) -> int:
        return len(self.actions)

    def anchor_step(self, note: dict) -> int:
        """The step after which a comment is shown."""
        final = self.state_at(self.steps)
        history = final.history
        where = note.get("at")
        if where == "bids":
            return self.record_phase_end(lambda s: s.phase is not Phase.BIDDING)
        if where == "discard":
            return self.record_phase_end(lambda s: s.phase not in (Phase.BIDDING, Phase.CALLING,
                                                                   Phase.DISCARD))
        if where == "trick":
            return self.trick_end_step(int(note["trick"]))
        if where == "end":
            return len(history)
        raise InvalidRecord(f"unknown commentary anchor {where!r}")

    def record_phase_end(self, done) -> int:
        state = self.state_at(0)
        for step, action in enumerate(self.actions):
            if done(state):
                return step
            state.play(action)
        return len(self.actions)

    def trick_end_step(self, trick: int) -> int:
        state = self.state_at(0)
        for step, action in enumerate(self.actions):
            if len(state.tricks) >= trick:
                return step
            state.play(action)
        if len(state.tricks) >= trick:
            return len(self.actions)
        raise InvalidRecord(f"the deal has no trick {trick}")

    def question_step(self, question: Question) -> int:
        """The step at which the learner's card of the question's trick is about to be played."""
        state = self.state_at(0)
        for step, action in enumerate(self.actions):
            if (state.phase is Phase.PLAYING and len(state.tricks) == question.trick - 1
                    and state.to_act == self.learner and isinstance(action, Card)):
                return step
            state.play(action)
        raise InvalidRecord(f"the learner (seat {self.learner}) plays no card in trick "
                            f"{question.trick}")

    def comments_until(self, step: int) -> list[str]:
        """The comments whose moment has come by ``step``, in order."""
        return [note["text"] for note in self.commentary if self.anchor_step(note) <= step]


@dataclass(frozen=True)
class TrickFacts:
    """What the engine did with one trick: the source of every sentence about it.

    ``plays`` lists ``(seat, card)`` in the order played. ``excuse_to_side`` is the
    side (0 the taker's, 1 the defence) whose pile the engine put the Excuse in;
    ``exchange_owed`` is True when that trick left the Excuse's side owing the
    winners a half-point card; ``worth`` is what the trick brought the winner's
    side: the trick's cards the engine put in its pile, plus that owed card.
    """

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    winner_side: int
    excuse_seat: "int | None"
    excuse_to_side: "int | None"
    exchange_owed: bool
    worth: Fraction
    last: bool

    @property
    def led_suit(self) -> "Suit | None":
        """The suit of the first card that is not the Excuse."""
        return next((card.suit for _, card in self.plays if not card.is_excuse), None)

    def card_of(self, seat: int) -> Card:
        return next(card for who, card in self.plays if who == seat)

    def discarded(self, card: Card) -> bool:
        """True when ``card`` neither follows the led suit nor trumps (a card thrown away)."""
        led = self.led_suit
        return (card.suit.is_plain and led is not None and card.suit is not led
                and card is not self.plays[0][1])


def trick_facts(hand: GuidedHand) -> list[TrickFacts]:
    """Replay the hand through the engine and read, for each trick, who won it, where the
    Excuse went, whether a card is owed for it, and what the trick was worth to the winners
    (from the change in the engine's piles). Empty for deals without two sides.

    In trick 14 of this hand a defender plays the Excuse and the taker wins: the
    trick's 8.5 points less the Excuse (4.5), plus the half-point card owed for it:

    >>> hand = load_guided_hand(Path(__file__).parent.parent / "exercises/hands/five-players.json")
    >>> [(f.number, f.worth) for f in trick_facts(hand) if f.exchange_owed]
    [(14, Fraction(9, 2))]
    """
    from .cards import cards_of

    state = hand.state_at(0)
    if state.seat_sides:
        return []
    facts = []
    for action in hand.actions:
        closing = (state.phase is Phase.PLAYING and isinstance(action, Card)
                   and len(state.trick) == state.players - 1)
        if closing:
            piles, owed = list(state.piles), list(state.owed_exchange)
        state.play(action)
        if not closing:
            continue
        leader, indexes, winner = state.tricks[-1]
        plays = tuple(((leader + k) % state.players, DECK[i]) for k, i in enumerate(indexes))
        in_trick = sum(1 << i for i in indexes)
        new = [state.piles[side] & ~piles[side] for side in (0, 1)]
        side = state.side_of(winner)
        halves = sum(card.half_points for card in cards_of(new[side] & in_trick))
        excuse_seat = next((seat for seat, card in plays if card.is_excuse), None)
        excuse_to, owes = None, False
        if excuse_seat is not None:
            excuse_to = next(s for s in (0, 1) if new[s] & 1)
            debtor = state.side_of(excuse_seat)
            given = (new[1 - debtor] & ~in_trick).bit_count()  # exchange cards handed over now
            owes = state.owed_exchange[debtor] - owed[debtor] + given > 0
            halves += owes
        facts.append(TrickFacts(len(state.tricks), leader, plays, winner, side, excuse_seat,
                                excuse_to, owes, Fraction(halves, 2),
                                len(state.tricks) == state.rules.tricks))
    return facts


def _rules(record):
    from .rules import RuleSet

    return RuleSet.from_record(record.get("players", 4), record.get("variant"))


def load_guided_hand(source) -> GuidedHand:
    """Read a guided hand from a path or a dict; a malformed file raises InvalidRecord."""
    path = None
    if isinstance(source, (str, Path)):
        path = str(source)
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except OSError as error:
            raise InvalidRecord(f"cannot read {source}: {error}") from None
        except json.JSONDecodeError as error:
            raise InvalidRecord(f"{source} is not valid JSON: {error.msg} at line {error.lineno}") from None
    else:
        data = source
    if not isinstance(data, dict):
        raise InvalidRecord("a guided hand must be a JSON object")
    for key in ("title", "learner", "record", "expected"):
        if key not in data:
            raise InvalidRecord(f"a guided hand needs {key!r}")
    record = data["record"]
    state = state_from_record(record)
    questions = [Question(int(q["trick"]), parse_card(q["expect"]), str(q.get("why", "")))
                 for q in data.get("questions", [])]
    return GuidedHand(title=str(data["title"]), summary=str(data.get("summary", "")),
                      learner=int(data["learner"]), record=record, expected=data["expected"],
                      commentary=list(data.get("commentary", [])), questions=questions,
                      actions=list(state.history), path=path)


def judge_answer(hand: GuidedHand, question: Question, card) -> tuple[bool, str]:
    """``(right, explanation)`` for the card a learner picks at a question."""
    state = hand.state_at(hand.question_step(question))
    try:
        card = parse_card(card)
        state.copy().play(card)
    except (IllegalAction, ValueError) as refusal:
        return False, f"That card may not be played: {refusal}"
    if card is question.expect:
        return True, f"Right: {question.expect.short_name}. {question.why}"
    return False, (f"{card.short_name} is legal, but the commentary plays {question.expect.short_name}: "
                   f"{question.why}")


def check_guided_hand(source) -> list[str]:
    """Everything in a guided hand that the engine contradicts (empty when all is right)."""
    try:
        hand = load_guided_hand(source)
    except (InvalidRecord, IllegalAction) as error:
        return [f"the hand does not load: {error}"]
    problems = []
    result = replay(hand.record)
    if result != hand.expected:
        problems.append(f"expected {hand.expected}, the engine gives {result}")
    final = hand.state_at(hand.steps)
    taker = final.taker
    for note in hand.commentary:
        try:
            hand.anchor_step(note)
        except (InvalidRecord, KeyError, ValueError) as error:
            problems.append(f"comment {note!r}: {error}")
            continue
        where = note.get("at")
        if where == "trick":
            number = int(note["trick"])
            _, cards, winner = final.tricks[number - 1]
            if "winner" in note and note["winner"] != winner:
                problems.append(f"trick {number}: the comment says seat {note['winner']} wins, "
                                f"the engine says seat {winner}")
            allowed, what = set(cards), f"played in trick {number}"
        elif where == "bids":
            seats = {hand.learner} | ({taker} if taker is not None else set())
            allowed = {c.index for s in seats for c in _parse_all(hand.record["hands"][s])}
            allowed |= {c.index for c in _parse_all(hand.record["dog"])}
            what = "in the taker's or the learner's hand or the dog"
        elif where == "discard":
            allowed = {c.index for c in _parse_all(hand.record["hands"][taker])}
            allowed |= {c.index for c in _parse_all(hand.record["dog"])}
            what = "in the taker's hand or the dog"
        else:
            continue
        for name in CARD_MENTION.findall(note.get("text", "")):
            try:
                card = parse_card(name)
            except ValueError as error:
                problems.append(f"comment at {where}: {error}")
                continue
            if card.index not in allowed:
                problems.append(f"comment at {where}"
                                + (f" {note['trick']}" if where == "trick" else "")
                                + f" names {name}, which is not {what}")
    problems += _number_problems(hand, final)
    problems += _wording_problems(hand, final)
    for question in hand.questions:
        try:
            step = hand.question_step(question)
        except InvalidRecord as error:
            problems.append(str(error))
            continue
        if hand.actions[step] is not question.expect:
            problems.append(f"trick {question.trick}: the question expects {question.expect}, "
                            f"the record plays {hand.actions[step]}")
    return problems


_HAND_POINTS = re.compile(r"(?:counts|worth) (\d+) points|(\d+) points on the scale")
_TARGET = re.compile(r"(?<!\()target (?:is |was )?(?:only )?(\d+)")  # "(target 36)": an aside
_MARGIN = re.compile(r"\b(made|fails?|failed) by (\d+)")
_EACH_DEFENDER = re.compile(
    r"each defender (pays|gains) ([^.;,]*)|(\d+) (from|to) each (?:of the two )?defenders?", re.I)


def _number_problems(hand: GuidedHand, final: GameState) -> list[str]:
    """Check the figures the comments state: the bid comment's hand points, and the end
    comment's target, margin and what each defender pays or gains."""
    from .evaluation import evaluate_hand

    problems = []
    result = final.result
    for note in hand.commentary:
        text = note.get("text", "")
        if note.get("at") == "bids" and final.taker is not None:
            stated = [int(a or b) for a, b in _HAND_POINTS.findall(text)]
            seats = {final.taker, hand.learner}
            worth = {evaluate_hand(_parse_all(hand.record["hands"][s])).total for s in seats}
            problems += [f"the bid comment says the hand counts {n} points; the evaluation "
                         f"gives {sorted(worth)}" for n in stated if n not in worth]
        if note.get("at") != "end" or result is None or result.breakdown is None:
            continue
        breakdown = result.breakdown
        for target in map(int, _TARGET.findall(text)):
            if target != breakdown.target:
                problems.append(f"the end comment says target {target}; the engine: "
                                f"{breakdown.target}")
        for verdict, margin in _MARGIN.findall(text):
            made = verdict == "made"
            if made != breakdown.contract_made or int(margin) != breakdown.margin:
                problems.append(f"the end comment says {verdict} by {margin}; the engine: "
                                f"{'made' if breakdown.contract_made else 'failed'} by "
                                f"{breakdown.margin}")
        for verb, words, amount, direction in _EACH_DEFENDER.findall(text):
            numbers = re.findall(r"\d+", words) if verb else [amount]
            if not numbers:
                continue
            paid = int(numbers[-1])  # "pays 25 + 4 = 29": the result
            pays = verb.lower() == "pays" or direction == "from"
            if paid != abs(breakdown.each_defender) or pays != (breakdown.each_defender < 0):
                problems.append(f"the end comment says each defender "
                                f"{'pays' if pays else 'gains'} {paid}; the engine: "
                                f"{breakdown.each_defender:+d}")
    return problems


_WORTH = re.compile(r"trick is worth (\d+(?:\.\d+)?) points? to (the taker|the partner|the defence)")
_SMALL = re.compile(r"\{([^{}\s]+)\}[,:]? (?:a |the |your |her |his |their )?(?:small|low)\b"
                    r"|\b(?:small|low) (?:card|trump|one)s?,? \{([^{}\s]+)\}")
_THROW = re.compile(r"\b(?:throws?|threw|throwing) (?:away )?\{([^{}\s]+)\}")
_OWED = re.compile(r"\bowes?\b[^.]*\bcard|\bcard in exchange")
_SIDE_WORDS = {"the taker": 0, "the partner": 0, "the defence": 1}


def _wording_problems(hand: GuidedHand, final: GameState) -> list[str]:
    """Check the words of the comments against the engine's facts of each trick."""
    problems = []
    facts = {f.number: f for f in trick_facts(hand)}
    for note in hand.commentary:
        text, where = note.get("text", ""), note.get("at")
        place = f"trick {note.get('trick')}" if where == "trick" else f"the {where} comment"
        for first, second in _SMALL.findall(text):
            card = _card_or_none(first or second)
            if card is not None and card.half_points != 1:
                problems.append(f"{place}: {card} is called small or low, but it is worth "
                                f"{_number(card.points)} points")
        if where == "discard" and hand.record.get("discard"):
            named = {_card_or_none(name) for name in CARD_MENTION.findall(text)}
            missing = [name for name in hand.record["dog"] if parse_card(name) not in named]
            if missing:
                problems.append(f"the discard comment does not name the dog's {', '.join(missing)}")
        if where != "trick" or int(note.get("trick", 0)) not in facts:
            continue
        trick = facts[int(note["trick"])]
        for amount, side in _WORTH.findall(text):
            if Fraction(amount) != trick.worth or _SIDE_WORDS[side] != trick.winner_side:
                problems.append(f"trick {trick.number}: the comment says the trick is worth "
                                f"{amount} points to {side}; the engine gives {_number(trick.worth)} to "
                                f"the {('taker', 'defence')[trick.winner_side]}'s side")
        for name in _THROW.findall(text):
            card = _card_or_none(name)
            if card is not None and not trick.discarded(card):
                problems.append(f"trick {trick.number}: {card} is said to be thrown, but it "
                                "follows the suit led (or trumps)")
        if _OWED.search(text) and not trick.exchange_owed:
            problems.append(f"trick {trick.number}: the comment says a card is owed for the "
                            "Excuse, but its side won the trick or it changed sides")
    return problems


def _number(value: Fraction) -> str:
    from .variants import format_points

    return format_points(int(value * 2), 2)


def _card_or_none(name: str) -> "Card | None":
    try:
        return parse_card(name)
    except ValueError:
        return None


def _parse_all(names) -> list[Card]:
    return [parse_card(name) for name in names]
