"""Guided hands: a curated hand record with commentary and questions, checked by the engine.

A guided hand file (``exercises/hands/*.json``) holds::

    {"title": "...", "summary": "...", "learner": 1,
     "record": {... a hand record, HAND_RECORD.md ...},
     "expected": {... what replay(record) returns ...},
     "commentary": [{"at": "bids", "text": "..."},
                    {"at": "discard", "text": "..."},
                    {"at": "trick", "trick": 3, "winner": 2, "text": "..."},
                    {"at": "end", "text": "..."}],
     "questions": [{"kind": "bid", "expect": ["take"], "why": "..."},
                   {"kind": "discard", "expect": ["QH", "CH", ...], "why": "..."},
                   {"kind": "declare", "expect": ["poignee:simple"], "why": "..."},
                   {"kind": "signal", "trick": 1, "expect": ["honour"], "why": "..."},
                   {"kind": "card", "trick": 4, "rule": "win", "expect": ["KH"], "why": "..."},
                   {"kind": "score", "expect": ["-29"], "why": "..."}]}

Cards named in a text are written in braces, ``{KH}``. The learner's answers are judged by
:mod:`tarot_teach.teach.guided`; ``scripts/check_hands.py`` checks a hand's claims.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .cards import DECK, Card, Suit, cards_of, parse_card
from .errors import InvalidRecord
from .game import GameState
from .record import state_from_record
from .rules import Bid, Phase, RuleSet
from .teach.signals import meaning_of, signal_situation

__all__ = ["GuidedHand", "Question", "JudgedCards", "TrickFacts", "load_guided_hand",
           "trick_facts", "CARD_MENTION", "KINDS", "CARD_RULES", "JUDGED_RULES", "JUDGE_TRICKS"]

CARD_MENTION = re.compile(r"\{([^{}\s]+)\}")

KINDS = ("bid", "discard", "declare", "card", "score", "signal")
"""The kinds of question: the learner's bid, the taker's discard, a declaration (poignée,
slam, misère), a card to play, (after the last card) what each defender pays, and what a
partner's first lead tells a defender (a signal, before the learner's own card)."""

CARD_RULES = ("petit", "win", "feed", "duck", "sure", "judge", "lead")
"""How a card question's accepted cards are found
(:func:`~tarot_teach.teach.guided_cards.card_answers`): ``win`` the cards that win the trick
when you play last; ``feed`` the cards worth most when your side wins the trick whatever you
play; ``duck`` the cards worth least when nothing you hold wins; ``sure`` the cards nobody can
beat, counted from what you have seen; ``petit`` the Petit when you play last and it wins;
``lead`` (a lead) and ``judge`` (a card following in a trick, late in the deal:
:data:`JUDGE_TRICKS` tricks left at most) every card that
:func:`~tarot_teach.judge.judge_cards` finds acceptable from your view: the best, or within a
point of it or within the error of its deals ("as good as")."""

JUDGED_RULES = ("lead", "judge")
"""The rules whose verdict is the judge's, kept in the hand file (:class:`JudgedCards`)."""

JUDGE_TRICKS = 7


@dataclass(frozen=True)
class Question:
    """A decision the learner makes before the hand goes on as recorded.

    ``expect`` is the record's answer as text (a bid, a declaration, the discarded cards,
    a card); ``trick`` and ``rule`` belong to card questions (:data:`CARD_RULES`), and
    ``verdict`` to a judged one (:data:`JUDGED_RULES`).
    """

    kind: str
    expect: tuple[str, ...]
    why: str = ""
    trick: int = 0
    rule: str = ""
    verdict: "JudgedCards | None" = None

    @property
    def card(self) -> "Card | None":
        """The record's card of a card question."""
        return parse_card(self.expect[0]) if self.kind == "card" else None

    def to_json(self) -> dict:
        data = {"kind": self.kind, "expect": list(self.expect), "why": self.why}
        if self.kind == "card":
            data.update(trick=self.trick, rule=self.rule)
        elif self.kind == "signal":
            data.update(trick=self.trick)
        if self.verdict is not None:
            data["verdict"] = self.verdict.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Question":
        kind = str(data.get("kind", "card"))
        if kind not in KINDS:
            raise InvalidRecord(f"unknown question kind {kind!r}; the kinds are "
                                f"{', '.join(KINDS)}")
        expect = data.get("expect", ())
        expect = (expect,) if isinstance(expect, str) else tuple(str(e) for e in expect)
        if kind == "signal" and int(data.get("trick", 0)) < 1:
            raise InvalidRecord("a signal question needs the trick it is asked in")
        rule = str(data.get("rule", "")) if kind == "card" else ""
        if kind == "card" and rule not in CARD_RULES:
            raise InvalidRecord(f"a card question needs a rule among {', '.join(CARD_RULES)}")
        verdict = data.get("verdict")
        if rule in JUDGED_RULES and not isinstance(verdict, dict):
            raise InvalidRecord(f"a {rule!r} card question needs the judge's verdict")
        verdict = JudgedCards.from_json(verdict) if rule in JUDGED_RULES else None
        return cls(kind, expect, str(data.get("why", "")), int(data.get("trick", 0)), rule,
                   verdict)


@dataclass(frozen=True)
class JudgedCards:
    """The verdict of :func:`~tarot_teach.judge.judge_cards` on the learner's legal cards, as
    it was when the hand was made (kept in the file: nothing is drawn in the browser).

    ``rows`` lists ``(card, points, band, low, high, acceptable)``, best first: the learner's
    side's points on average over ``deals`` deals, the band, the 95 % interval of the loss
    against the best card (to a tenth), and whether a question accepts the card.
    """

    deals: int
    exact: bool
    rows: tuple

    @classmethod
    def of(cls, verdict) -> "JudgedCards":
        """The stored form of a :class:`~tarot_teach.judge.CardJudgement`."""
        def tenth(value: float) -> float:
            return round(value, 1) + 0.0  # never -0.0
        rows = tuple((card, verdict.mean(card), verdict.band(card).label,
                      *map(tenth, verdict.interval(card)), verdict.acceptable(card))
                     for card in verdict.ranked)
        return cls(verdict.deals, verdict.exact, rows)

    def to_json(self) -> dict:
        return {"deals": self.deals, "exact": self.exact,
                "cards": {str(card): [_decimal(points), band, low, high, ok]
                          for card, points, band, low, high, ok in self.rows}}

    @classmethod
    def from_json(cls, data: dict) -> "JudgedCards":
        try:
            rows = tuple(sorted(((parse_card(card), Fraction(points), str(band), float(low),
                                  float(high), bool(ok))
                                 for card, (points, band, low, high, ok)
                                 in data["cards"].items()),
                                key=lambda row: (-row[1], row[0].index)))  # best first
            return cls(int(data["deals"]), bool(data.get("exact")), rows)
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidRecord(f"a judged question's verdict does not read: {error}") from None

    @property
    def accepted(self) -> frozenset:
        return frozenset(row[0] for row in self.rows if row[5])

    @property
    def best(self) -> tuple:
        """The cards with the best average."""
        return tuple(row[0] for row in self.rows if row[1] == self.rows[0][1])

    def row(self, card: Card) -> tuple:
        return next(row for row in self.rows if row[0] == card)


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
        rules = RuleSet.from_record(self.record.get("players", 4), self.record.get("variant"))
        state = GameState.from_hands(rules, self.record["hands"], self.record["dog"],
                                     self.record.get("dealer", 0), self.record.get("piles"))
        for action in self.actions[:step]:
            state.play(action)
        return state

    @property
    def steps(self) -> int:
        return len(self.actions)

    def anchor_step(self, note: dict) -> int:
        """The step after which a comment is shown."""
        where = note.get("at")
        if where == "bids":
            return self.record_phase_end(lambda s: s.phase is not Phase.BIDDING)
        if where == "discard":
            return self.record_phase_end(lambda s: s.phase not in (Phase.BIDDING, Phase.CALLING,
                                                                   Phase.DISCARD))
        if where == "trick":
            return self.trick_end_step(int(note["trick"]))
        if where == "end":
            return len(self.state_at(self.steps).history)
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
        """The step at which the learner is about to take the question's decision (the
        score question: after the last action)."""
        if question.kind == "score":
            return self.steps
        state = self.state_at(0)
        for step, action in enumerate(self.actions):
            if state.to_act == self.learner and _asks(state, action, question, self.learner):
                return step
            state.play(action)
        raise InvalidRecord(f"the learner (seat {self.learner}) takes no {question.kind} "
                            "decision" + (f" in trick {question.trick}" if question.trick else ""))

    def recorded_answer(self, question: Question) -> tuple[str, ...]:
        """What the record does at the question: the bid, the declaration, the card, or the
        whole discard."""
        step = self.question_step(question)
        if question.kind == "score":
            breakdown = self.state_at(self.steps).result.breakdown
            return (str(breakdown.each_defender),) if breakdown is not None else ()
        if question.kind == "discard":
            size = self.state_at(0).rules.dog_size
            return tuple(str(a) for a in self.actions[step:step + size])
        if question.kind == "signal":
            situation = signal_situation(self.state_at(step), self.learner)
            return (meaning_of(situation)[0],) if situation is not None else ()
        return (str(self.actions[step]),)

    def after_question(self, question: Question) -> int:
        """The first step after the question's decision (a discard is several actions)."""
        if question.kind == "score":
            return self.steps
        if question.kind == "signal":  # read before the learner's card: no action of its own
            return self.question_step(question)
        return self.question_step(question) + len(self.recorded_answer(question))

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
    trick's 13.5 points less the Excuse (4.5), plus the half-point card owed for it:

    >>> hand = load_guided_hand(Path(__file__).parent.parent / "exercises/hands/five-players.json")
    >>> [(f.number, f.worth) for f in trick_facts(hand) if f.exchange_owed]
    [(14, Fraction(19, 2))]
    """
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
            raise InvalidRecord(f"{source} is not valid JSON: {error.msg} at line "
                                f"{error.lineno}") from None
    else:
        data = source
    if not isinstance(data, dict):
        raise InvalidRecord("a guided hand must be a JSON object")
    for key in ("title", "learner", "record", "expected"):
        if key not in data:
            raise InvalidRecord(f"a guided hand needs {key!r}")
    record = data["record"]
    state = state_from_record(record)
    questions = [Question.from_json(q) for q in data.get("questions", [])]
    return GuidedHand(title=str(data["title"]), summary=str(data.get("summary", "")),
                      learner=int(data["learner"]), record=record, expected=data["expected"],
                      commentary=list(data.get("commentary", [])), questions=questions,
                      actions=list(state.history), path=path)


def _asks(state: GameState, action, question: Question, learner: int) -> bool:
    """Whether the learner's ``action`` from ``state`` is the question's decision."""
    kind = question.kind
    if kind == "bid":
        return state.phase is Phase.BIDDING
    if kind == "discard":
        return state.phase is Phase.DISCARD
    if kind == "declare":
        return not isinstance(action, (Card, Bid)) and str(action) == question.expect[0]
    return (state.phase is Phase.PLAYING and isinstance(action, Card)
            and len(state.tricks) == question.trick - 1)


def _decimal(value: Fraction) -> str:
    """A mean over deals as text: a decimal when it is exact (16 or 40 deals), else n/d."""
    text = repr(float(value))
    return text if Fraction(text) == value else str(value)
