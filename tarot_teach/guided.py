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
in the end comment.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import Card, parse_card
from .errors import IllegalAction, InvalidRecord
from .game import GameState
from .record import replay, state_from_record
from .rules import Phase

__all__ = ["GuidedHand", "Question", "load_guided_hand", "check_guided_hand", "judge_answer",
           "CARD_MENTION"]

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


def _parse_all(names) -> list[Card]:
    return [parse_card(name) for name in names]
