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

Every question is a decision of the learner's seat, and the engine says which answers
are right (:func:`judge_answer`): a bid near the hand count's range (as the final test
judges it), any legal discard, any declaration the hand allows, the message of a partner's
signal by chapter 14's conventions (asked of a defender in place of the discard, and only
where the partner's hand bears it out), the cards a rule of
:data:`CARD_RULES` accepts (worked out from the learner's view; a lead, or a card late in
the deal, judged by :func:`tarot_teach.judge.judge_cards` on deals drawn to fit that view:
the stored verdict is drawn on hundreds of deals, and such a question is kept only where
independent draws accept the same cards, :func:`stable_judged_cards`), and the score the engine computes. A refused answer carries the engine's own reason.

Cards named in a text are written in braces, ``{KH}``; :func:`check_guided_hand`
verifies every such claim against the engine: the result, each trick's winner,
that each card named in a trick's comment was played in that trick, that a comment
shown during play names no card the learner's seat has not seen and describes no hidden
hand (:func:`hidden_problems`), that each question is asked where the record takes that
decision and that the engine accepts the record's answer (:func:`question_problems`),
and the figures the comments state: the hand's points in the bid comment; the target,
the margin and what each defender pays or gains in the end comment. It also checks
the words against the engine's facts of each trick (:func:`trick_facts`): what "the
trick is worth N points" to a side, that an exchange card is owed only when the
Excuse's side lost the trick, that only a card worth half a point is called small or
low, that "throw" names only a card that neither follows suit nor trumps, and that the
discard comment names every card of the dog.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .cards import DECK, Card, Suit, parse_card, sort_cards
from .declarations import MISERE_WORDS
from .declarations import misere_kinds, misere_problem, poignee_options
from .tricks import winning_position
from .errors import IllegalAction, InvalidRecord
from .game import GameState
from .names import sentence
from .teach.signals import MEANINGS, SignalQuestion, meaning_of
from .record import replay, state_from_record
from .rules import Bid, Phase

__all__ = ["GuidedHand", "Question", "Judgement", "TrickFacts", "load_guided_hand",
           "check_guided_hand", "judge_answer", "trick_facts", "card_answers", "card_why",
           "card_rule_applies", "bid_answer", "bid_answers", "declaration_options",
           "JudgedCards", "judged_cards", "stable_judged_cards", "acceptance_undecided",
           "STABLE_DEALS", "STABLE_SEEDS", "hidden_problems", "seen_cards",
           "question_problems", "comment_shape", "score_options",
           "score_words", "gives_away", "signal_situation", "signal_problem", "CARD_MENTION", "KINDS", "CARD_RULES",
           "JUDGED_RULES"]

CARD_MENTION = re.compile(r"\{([^{}\s]+)\}")


KINDS = ("bid", "discard", "declare", "card", "score", "signal")
"""The kinds of question: the learner's bid, the taker's discard, a declaration (poignée,
slam, misère), a card to play, (after the last card) what each defender pays, and what a
partner's first lead tells a defender (a signal, before the learner's own card)."""

CARD_RULES = ("petit", "win", "feed", "duck", "sure", "judge", "lead")
"""How a card question's accepted cards are found (:func:`card_answers`): ``win`` the cards
that win the trick when you play last; ``feed`` the cards worth most when your side wins the
trick whatever you play; ``duck`` the cards worth least when nothing you hold wins; ``sure``
the cards nobody can beat, counted from what you have seen; ``petit`` the Petit when you
play last and it wins; ``lead`` (a lead) and ``judge`` (a card following in a trick, late in
the deal: :data:`JUDGE_TRICKS` tricks left at most) every card that
:func:`~tarot_teach.judge.judge_cards` finds acceptable from your view: the best, or within
a point of it or within the error of its deals ("as good as")."""

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


@dataclass(frozen=True)
class Judgement:
    """A learner's answer judged: ``legal`` False means refused (the hand does not move)."""

    right: bool
    legal: bool
    text: str


def _names(cards) -> str:
    names = [card.short_name for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _legal_cards(state: GameState) -> list[Card]:
    return [action for action in state.legal_actions() if isinstance(action, Card)]


def _refusal(state: GameState, actions) -> "str | None":
    """The engine's reason for refusing ``actions`` played in turn from ``state``, or None."""
    trial = state.copy()
    try:
        for action in actions:
            trial.play(action)
    except (IllegalAction, ValueError) as refusal:
        return str(refusal)
    return None


# ----- what the engine accepts at each kind of question -----------------------------------

def bid_answer(state: GameState) -> tuple[str, str]:
    """``(bid, reason)``: the bid the hand evaluation suggests (the computer player's, as
    the coach's review judges bids)."""
    from .players import ComputerPlayer

    decision = ComputerPlayer().decide(state)
    return str(decision.action), decision.reason


def _hand_count(state: GameState) -> int:
    """The hand count on chapter 12's scale of 18 cards (as :func:`players.hand_count`
    scales a hand of 15 or 24)."""
    from .evaluation import evaluate_hand

    hand = state.hand(state.to_act)
    return round(evaluate_hand(hand).total * 18 / len(hand))


def bid_answers(state: GameState) -> frozenset:
    """The bids a bid question accepts: the hand evaluation's (:func:`bid_answer`) and every
    bid the auction still allows that the final test calls reasonable for the hand count
    (:func:`~tarot_teach.teach.final_test.reasonable_bids`: near a limit, either side).

    >>> hand = load_guided_hand(Path(__file__).parent.parent / "exercises/hands/poignee.json")
    >>> bid = next(q for q in hand.questions if q.kind == "bid")
    >>> sorted(bid_answers(hand.state_at(hand.question_step(bid))))
    ['guard', 'take']
    """
    from .teach.final_test import reasonable_bids

    allowed = {str(a) for a in state.legal_actions() if isinstance(a, Bid)}
    fair = {str(bid) for bid in reasonable_bids(_hand_count(state))}
    return frozenset(fair & allowed | {bid_answer(state)[0]})


def _bid_words(bids) -> str:
    from .teach.auction import bid_name

    return " or ".join(bid_name(Bid(b)) for b in sorted(bids, key=list(map(str, Bid)).index))


def declaration_options(state: GameState, question: Question) -> list[str]:
    """The choices offered at a declaration: every size of the declaration (the engine says
    which are allowed) and, but for the slam, "none"."""
    from .tables import HANDFUL_LEVELS

    expect = question.expect[0]
    if expect in ("chelem", "no_chelem"):
        return ["chelem", "no_chelem"]
    if expect.startswith("misere"):
        return ["misere:trumps", "misere:honours", "none"]
    return [f"poignee:{level}" for level in HANDFUL_LEVELS] + ["none"]


def _allies(state: GameState, seat: int) -> set:
    """The seats ``seat`` knows to be on its side (itself included)."""
    view = state.view(seat)
    everybody = set(range(state.players))
    if view.taker is None:
        return {seat}
    taker_side = {view.taker} | ({view.partner} if view.partner is not None else set())
    if view.called is not None and view.called in view.hand:
        taker_side.add(seat)
    if seat in taker_side:
        return taker_side
    if state.players == 5 and view.partner is None and view.called is not None:
        return {seat}  # the partner is still a secret
    return everybody - taker_side


def _current_winner(state: GameState) -> "tuple[int, Card] | None":
    if not state.trick:
        return None
    position = winning_position(list(state.trick))
    return (state.leader + position) % state.players, DECK[state.trick[position]]


def _wins(state: GameState, card: Card) -> bool:
    trick = list(state.trick) + [card.index]
    return not card.is_excuse and winning_position(trick) == len(trick) - 1


def seen_cards(state: GameState, seat: int) -> set:
    """The cards ``seat`` has seen by now (its view): its hand, the cards played, the dog
    once shown, its own discard, a taker's discarded trumps and the poignées shown."""
    view = state.view(seat)
    seen = set(view.hand) | set(view.dog or ()) | set(view.discard or ())
    seen |= set(view.discarded_trumps) | {c for cards in view.poignees.values() for c in cards}
    seen |= {c for _, cards, _ in view.tricks for c in cards} | {c for _, c in view.current_trick}
    return seen


def _unseen(state: GameState, seat: int) -> list[Card]:
    """The cards ``seat`` does not know to be out of play: neither in its hand, nor played,
    nor laid aside where it saw them."""
    view = state.view(seat)
    gone = set(view.hand) | set(view.discarded_trumps)
    gone |= set(view.discard or ()) if view.taker == seat else set()
    gone |= {c for _, cards, _ in view.tricks for c in cards} | {c for _, c in view.current_trick}
    return [card for card in DECK if card not in gone]


def _beaters(state: GameState, seat: int, card: Card) -> list[Card]:
    """Unseen cards that could beat ``card`` in this trick (any unseen trump beats a plain
    card)."""
    unseen = _unseen(state, seat)
    if card.is_trump:
        return [c for c in unseen if c.is_trump and c.rank > card.rank]
    return [c for c in unseen if c.is_trump or (c.suit is card.suit and c.rank > card.rank)]


def card_rule_applies(state: GameState, seat: int, rule: str) -> bool:
    """Whether the situation is the one the rule speaks of: ``win`` when you play last;
    ``feed`` when your side's card is sure to win the trick (you play last, or nobody can
    beat it); ``duck`` when nothing you may play beats the trick's card and no partner of
    yours plays after you; ``lead`` when you lead; ``judge`` when you follow, late in the
    deal; ``sure`` always. Not ``feed`` nor ``duck`` while you may play the Excuse."""
    last = len(state.trick) == state.players - 1
    legal = _legal_cards(state)
    excuse = any(card.is_excuse for card in legal)
    if rule == "lead":
        return not state.trick
    if rule == "sure":
        return True
    if rule == "judge":
        return bool(state.trick) and state.rules.tricks - len(state.tricks) <= JUDGE_TRICKS
    if rule == "petit":
        return last and any(c.is_trump and c.rank == 1 and _wins(state, c) for c in legal)
    if rule not in ("win", "feed", "duck"):
        raise ValueError(f"unknown card rule {rule!r}")
    if not state.trick or (excuse and rule != "win"):
        return False
    allies = _allies(state, seat)
    holder, top = _current_winner(state)
    ally = holder in allies
    if rule == "win":
        return last and not ally
    if rule == "feed":
        return ally and (last or not _beaters(state, seat, top))
    after = {(state.leader + k) % state.players for k in range(len(state.trick) + 1,
                                                               state.players)}
    return (not ally and not any(_wins(state, card) for card in legal)
            and not after & (allies - {seat}))


def card_answers(state: GameState, seat: int, rule: str, verdict=None) -> frozenset:
    """The legal cards the engine accepts at a card question (see :data:`CARD_RULES`);
    ``verdict``: a judged rule's stored :class:`JudgedCards` (else it is judged now).

    >>> hand = load_guided_hand(Path(__file__).parent.parent / "exercises/hands/take-made.json")
    >>> question = next(q for q in hand.questions if q.rule == "sure")
    >>> state = hand.state_at(hand.question_step(question))
    >>> question.card in card_answers(state, hand.learner, "sure")
    True
    """
    if rule in JUDGED_RULES:
        return (verdict or judged_cards(state, seat)).accepted
    legal = [card for card in _legal_cards(state) if not card.is_excuse]
    if rule == "petit":
        return frozenset(card for card in legal if card.is_trump and card.rank == 1)
    if rule == "win":
        return frozenset(card for card in legal if _wins(state, card))
    if rule in ("feed", "duck"):
        pick = max if rule == "feed" else min
        best = pick(card.half_points for card in legal)
        return frozenset(card for card in legal if card.half_points == best)
    if rule == "sure":
        return frozenset(card for card in legal
                         if _wins(state, card) and not _beaters(state, seat, card))
    raise ValueError(f"unknown card rule {rule!r}")


def judged_cards(state: GameState, seat: int) -> JudgedCards:
    """``seat``'s legal cards judged from its view by :func:`tarot_teach.judge.judge_cards`
    (more deals while a card's band is uncertain)."""
    from .judge import judge_cards

    return JudgedCards.of(judge_cards(state, seat, focus=_legal_cards(state)))


STABLE_DEALS = (160, 320, 640, 1280, 2560)
"""How many deals a guided hand's judged question is drawn on (:func:`stable_judged_cards`):
the first number, then the next while a card's acceptance is in doubt
(:func:`acceptance_undecided`): a card whose loss is near a point is drawn on up to
2,560 deals (about 40 s), so that another draw does not change the answer."""

STABLE_SEEDS = (1, 2)
"""The seeds of the independent draws a stored judged question must agree on: the verdict
kept is the first draw's, and the question is kept only when every draw accepts the same
cards."""


def acceptance_undecided(verdict) -> bool:
    """Whether another draw of deals could accept other cards: some card's acceptance (the
    lower end of its loss's 95 % interval at most 1 point, :meth:`~tarot_teach.judge.
    CardJudgement.acceptable`) has that lower end within the interval's half width of 1."""
    if verdict.exact:
        return False
    for card in verdict.legal:
        if verdict.loss(card) > 0:
            low, high = verdict.interval(card)
            if abs(low - 1) <= (high - low) / 2:
                return True
    return False


def stable_judged_cards(state: GameState, seat: int, seeds=STABLE_SEEDS,
                        deals=STABLE_DEALS) -> "tuple[JudgedCards, bool]":
    """``seat``'s legal cards judged as a guided hand stores them: on ``deals`` deals (more
    while :func:`acceptance_undecided`), drawn once per seed of ``seeds``; the first draw's
    verdict, and whether it is settled: every draw accepts the same cards and no card's
    acceptance is still in doubt after the most deals (a question is kept only then:
    which cards are right must not depend on the deals drawn).

    >>> hand = load_guided_hand(Path(__file__).parent.parent / "exercises/hands/poignee.json")
    >>> question = [q for q in hand.questions if q.rule == "judge"][-1]
    >>> state = hand.state_at(hand.question_step(question))
    >>> verdict, settled = stable_judged_cards(state, hand.learner)
    >>> verdict.exact, settled, verdict == question.verdict
    (True, True, True)
    """
    from .judge import judge_cards

    legal = _legal_cards(state)
    judgements = [judge_cards(state, seat, seed=seed, deals=deals, focus=legal,
                              undecided=acceptance_undecided) for seed in seeds]
    draws = [JudgedCards.of(judgement) for judgement in judgements]
    settled = (all(draw.accepted == draws[0].accepted for draw in draws[1:])
               and not any(map(acceptance_undecided, judgements)))
    return draws[0], settled


def _points_words(verdict: JudgedCards, points: Fraction) -> str:
    """``points`` of a judged card: "52.1 points on average", or "52 points" when the view
    places every card."""
    if verdict.exact:
        return f"{_number(points)} points"
    return f"{float(points):.1f} points on average"


def _loss_words(verdict: JudgedCards, card: Card) -> str:
    """``card``'s loss against the best, with its 95 % interval."""
    _, points, _, low, high, _ = verdict.row(card)
    loss = verdict.rows[0][1] - points
    if verdict.exact:
        return f"{_number(loss)} points less"
    return f"{float(loss):.1f} points less (95 % interval {low:.1f} to {high:.1f})"


def _over_deals(verdict: JudgedCards) -> str:
    if verdict.exact:
        return "What you have seen places every card: "
    return f"Over {verdict.deals} deals that fit what you can see, "


def _judged_why(verdict: JudgedCards) -> str:
    """The reason of a judged question: the best cards, and the others accepted."""
    best = verdict.best
    others = [card for card in sort_cards(verdict.accepted) if card not in best]
    text = (f"{_over_deals(verdict)}{_names(sort_cards(best))} "
            f"{'leave' if len(best) > 1 else 'leaves'} your side the most points, "
            f"{_points_words(verdict, verdict.rows[0][1])}")
    if others:
        text += (f"; {_names(others)} {'come' if len(others) > 1 else 'comes'} within a point "
                 "of it, as far as the deals can tell")
    return text + "."


def _judged_right(verdict: JudgedCards, card: Card) -> str:
    """Why an accepted card is right: the best, or as good as the best."""
    _, points, _, _, _, _ = verdict.row(card)
    if card in verdict.best:
        return (f"{_over_deals(verdict)}{card.short_name} leaves your side "
                f"{_points_words(verdict, points)}, as much as any card.")
    best = verdict.rows[0][0]
    return (f"As good as {best.short_name}: {_over_deals(verdict).lower()}{card.short_name} "
            f"leaves your side {_points_words(verdict, points)} and {best.short_name} "
            f"{_points_words(verdict, verdict.rows[0][1]).split(' points')[0]}: "
            f"{_loss_words(verdict, card)}, a point or less as far as the deals can tell.")


def _judged_wrong(verdict: JudgedCards, card: Card) -> str:
    """Why a refused card is not the answer: its loss, with its interval."""
    _, points, band, _, _, _ = verdict.row(card)
    best = verdict.rows[0][0]
    right = sort_cards(verdict.accepted)
    answer = (_names(right) if len(right) <= 4 else
              f"{best.short_name}, or another of the {len(right)} cards within a point of it")
    return (f"{_over_deals(verdict)}{card.short_name} leaves your side "
            f"{_points_words(verdict, points)} and {best.short_name} "
            f"{_points_words(verdict, verdict.rows[0][1]).split(' points')[0]}: "
            f"{'an' if band[0] in 'AEIOU' else 'a'} {band.lower()}, "
            f"{_loss_words(verdict, card)}. Right here: {answer}.")


def card_why(state: GameState, seat: int, rule: str, accepted, verdict=None) -> str:
    """Why the accepted cards are right, in words from the engine's facts."""
    cards = sorted(accepted, key=lambda c: c.index)
    names, plural = _names(cards), len(cards) > 1
    trick_points = _number(sum((DECK[i].points for i in state.trick), Fraction(0)))
    if rule == "petit":
        return ("You play last and the Petit wins the trick: nobody can take it from you now, "
                "so bring the bout home while it is safe.")
    if rule in JUDGED_RULES:
        return _judged_why(verdict or judged_cards(state, seat))
    if rule == "win":
        return (f"You play last, so you can see that {names} "
                f"{'win' if plural else 'wins'} the trick and its {trick_points} points.")
    if rule in ("feed", "duck"):
        _, top = _current_winner(state)
        if rule == "duck":
            return (f"Nothing you may play beats {top.short_name}: give away as little as you "
                    f"can, {names}.")
        if any(_wins(state, card) for card in _legal_cards(state)):
            return (f"Your side wins this trick whatever you play: {top.short_name} holds it, "
                    f"or a card of yours that beats it. Give it the most points you may, "
                    f"{names}.")
        return (f"Your side's {top.short_name} wins this trick whatever you play: give it "
                f"the most points you may, {names}.")
    if rule == "sure":
        card = cards[0]
        what = ("every trump above it has been played or is in your hand" if card.is_trump
                else f"every higher {card.suit.english[:-1]} has been played and no trump is "
                     "left outside your hand")
        return f"{sentence(names)} cannot be beaten: {what}."
    raise ValueError(f"unknown card rule {rule!r}")


def card_wrong(state: GameState, seat: int, rule: str, card: Card, accepted,
               verdict=None) -> str:
    """Why a legal card the engine does not accept is not the answer."""
    best = sorted(accepted, key=lambda c: c.index)
    names = _names(best)
    winner = _current_winner(state)
    if card.is_excuse and rule not in JUDGED_RULES:
        return ("The Excuse never wins a trick; it is kept for a trick you cannot afford. "
                f"Here: {names}.")
    if rule == "petit":
        return (f"{sentence(card.short_name)} wins too, but the Petit is safe only now: kept, "
                "it may be caught by a higher trump later.") if _wins(state, card) else (
                f"{sentence(card.short_name)} does not win the trick; the Petit does, safely.")
    if rule in JUDGED_RULES:
        return _judged_wrong(verdict or judged_cards(state, seat), card)
    if rule == "win":
        return (f"{sentence(card.short_name)} does not win: {winner[1].short_name} stays on "
                f"top. {sentence(names)} would.")
    if rule in ("feed", "duck"):
        worth = _number(card.points)
        other = _number(best[0].points)
        if rule == "feed":
            return (f"{sentence(card.short_name)} is worth {worth} points and "
                    f"{best[0].short_name} {other}, and your side wins this trick anyway.")
        return (f"{sentence(card.short_name)} gives away {worth} points: nothing you may play "
                f"beats {winner[1].short_name}, and {names} costs only {other}.")
    if not _wins(state, card):
        return f"{sentence(card.short_name)} does not even beat {winner[1].short_name}."
    beater = max(_beaters(state, seat, card), key=lambda c: (c.is_trump, c.rank))
    return (f"{sentence(card.short_name)} could still be beaten: {beater.short_name} has "
            f"not been played yet. {sentence(names)} cannot be.")


def discard_facts(state: GameState, cards) -> str:
    """What a discard (legal, from ``state``) does: the points laid aside, the voids made."""
    trial = state.copy()
    for card in cards:
        trial.play(card)
    left = trial.hand(state.taker)
    voids = [suit.english for suit in Suit if suit.is_plain
             and not any(c.suit is suit for c in left)]
    aside = _number(sum((parse_card(c).points for c in cards), Fraction(0)))
    return (f"you lay aside {aside} points, safe in your pile"
            + (f", and you are void in {' and '.join(voids)}" if voids
               else ", but you make no void")
            + ".")


def score_options(each_defender: int) -> list[int]:
    """The choices of a score question: the engine's figure for each defender, the same
    the other way round, and the figure 10 and 20 off (sorted).

    >>> score_options(-29)
    [-49, -39, -29, 29]
    """
    wrong = [-each_defender, each_defender - 10, each_defender - 20]
    if each_defender == 0:
        wrong = [10, -10, 20]
    return sorted({each_defender, *wrong})


def score_words(each_defender: int) -> str:
    """``-29`` → "each defender pays 29"."""
    if each_defender < 0:
        return f"each defender pays {-each_defender}"
    return f"each defender gains {each_defender}" if each_defender else "nobody pays"


_DECLARATION_CLUES = {"poignee": ("poignée", "poignee", "handful"), "chelem": ("slam", "chelem"),
                      "misere": ("misère", "misere")}


def gives_away(question: Question, text: str) -> bool:
    """Whether a comment's ``text`` tells the answer of ``question`` (the replayer holds such
    a comment back until the question is answered): the score's figure, a card of the
    record's answer (``{KH}``), the bid's name, the declaration's word.

    >>> gives_away(Question("score", ("-29",)), "so each defender pays 25 + 4 = 29.")
    True
    >>> gives_away(Question("score", ("-29",)), "The trick is worth 6 points, 2.9 a card.")
    False
    >>> gives_away(Question("card", ("KS",), trick=1, rule="lead"), "You lead {KS}.")
    True
    >>> gives_away(Question("declare", ("poignee:simple",)), "ten trumps for the poignée")
    True
    """
    if question.kind == "score":
        figure = str(abs(int(question.expect[0])))
        return re.search(rf"(?<!\d)(?<!\d\.){figure}(?!\d|\.\d)", text) is not None
    if question.kind in ("card", "discard"):
        return bool({m.group(1) for m in CARD_MENTION.finditer(text)} & set(question.expect))
    lowered = text.lower()
    if question.kind == "signal":
        return MEANINGS.get(question.expect[0], "\0").lower() in lowered
    if question.kind == "bid":
        return re.search(rf"\b{re.escape(Bid(question.expect[0]).english.lower())}\b",
                         lowered) is not None
    clues = _DECLARATION_CLUES.get(question.expect[0].split(":")[0], ())
    return any(clue in lowered for clue in clues)


def signal_situation(state: GameState, learner: int) -> "SignalQuestion | None":
    """The signal the learner may read before its card: the trick's first card, led by a
    seat the learner knows to be its partner in defence (not the taker's side), the first
    lead of its plain suit (``lead_plain``) or the first trump led (``lead_trump``); None if
    there is none (chapter 14's conventions speak of those leads)."""
    from .teach.signals import SignalQuestion

    if not state.trick or state.players < 3:
        return None
    leader, card = state.leader, DECK[state.trick[0]]
    view = state.view(learner)
    if view.taker is None or learner in (view.taker, view.partner) or leader == learner \
            or leader not in _allies(state, learner) or card.is_excuse:
        return None
    before = [DECK[indexes[0]] for _, indexes, _ in state.tricks]
    if card.is_trump:
        return None if any(c.is_trump for c in before) else SignalQuestion("lead_trump", (card,))
    if card.rank > 10 or any(c.suit is card.suit for c in before):
        return None  # (the conventions speak of a pip card led, the first time in its suit)
    return SignalQuestion("lead_plain", (card,))


def signal_problem(state: GameState, learner: int) -> "str | None":
    """Why no honest signal question can be asked here, or None: there must be a signal
    (:func:`signal_situation`) and the leader's hand as dealt must bear its message out (the
    computer players do not play by the conventions; a question must not teach a lie)."""
    from .cards import cards_of

    situation = signal_situation(state, learner)
    if situation is None:
        return "no partner's first lead to read here"
    message = meaning_of(situation)[0]
    dealt = cards_of(state.dealt_hands[state.leader])
    card = situation.cards[0]
    if situation.kind == "lead_plain":
        honour = any(c.suit is card.suit and c.rank in (13, 14) for c in dealt)
        if honour != (message == "honour"):
            return (f"the lead says “{MEANINGS[message]}”, which the leader's hand does not "
                    "bear out")
    else:
        trumps = sum(1 for c in dealt if c.is_trump)
        if (trumps >= 7) != (message == "long_trumps"):
            return (f"the lead says “{MEANINGS[message]}”, which the leader's hand does not "
                    "bear out")
    return None


def judge_answer(hand: GuidedHand, question: Question, answer) -> Judgement:
    """The learner's ``answer`` at ``question`` judged by the engine: a bid or declaration
    as text (``"take"``, ``"poignee:simple"``, ``"none"``), a card, or the discard's cards.

    >>> hand = load_guided_hand(Path(__file__).parent.parent / "exercises/hands/take-made.json")
    >>> bid = next(q for q in hand.questions if q.kind == "bid")
    >>> judge_answer(hand, bid, bid.expect[0]).right, judge_answer(hand, bid, "pass").legal
    (True, True)
    """
    state = hand.state_at(hand.question_step(question))
    kind, expect = question.kind, question.expect
    if kind == "signal":
        situation = signal_situation(state, hand.learner)
        if answer not in MEANINGS or situation is None:
            return Judgement(False, False, "Choose what the card tells you.")
        right, why = meaning_of(situation)
        if answer == right:
            return Judgement(True, True, f"Right: “{MEANINGS[right]}.” {why}")
        return Judgement(False, True, f"Not that: the card says “{MEANINGS[right]}.” {why}")
    if kind == "score":
        breakdown = state.result.breakdown
        try:
            value = int(answer)
        except (TypeError, ValueError):
            return Judgement(False, False, f"{answer!r} is not one of the choices.")
        if value not in score_options(breakdown.each_defender):
            return Judgement(False, False, f"{answer!r} is not one of the choices.")
        lines = " ".join(breakdown.lines)
        if value == breakdown.each_defender:
            return Judgement(True, True, f"Right: {score_words(value)}. {lines}")
        return Judgement(False, True, f"Not {score_words(value)}: {lines}")
    if kind == "bid":
        refusal = _refusal(state, [answer])
        if refusal:
            return Judgement(False, False, f"That bid is not allowed: {refusal}")
        return _judge_bid(state, str(answer).lower())
    if kind == "discard":
        names = [answer] if isinstance(answer, (str, Card)) else list(answer)
        size = state.rules.dog_size
        try:
            cards = [parse_card(c) for c in names]
        except ValueError as error:
            return Judgement(False, False, str(error))
        if len(set(cards)) != size:
            return Judgement(False, False, f"Choose exactly {size} cards to lay aside "
                                           f"(you chose {len(set(cards))}).")
        refusal = _refusal(state, cards)
        if refusal:
            return Judgement(False, False, f"That discard is not allowed: {refusal}")
        played = [parse_card(c) for c in expect]
        same = set(cards) == set(played)
        text = f"A legal discard: {discard_facts(state, cards)}"
        if not same:
            text += (f" The deal goes on with the discard that was played "
                     f"({_names(sort_cards(played)).replace(' or ', ' and ')}): "
                     f"{discard_facts(state, played)}")
        return Judgement(True, True, text)
    if kind == "declare":
        answer = str(answer)
        if answer not in declaration_options(state, question):
            return Judgement(False, False, f"{answer!r} is not one of the choices.")
        if expect[0].startswith("misere"):
            return _judge_misere(state, answer)
        if answer == "no_chelem":
            return Judgement(False, True, _declaration_why(state, question, declined=True))
        refusal = _refusal(state, [answer]) if answer != "none" else None
        if refusal:
            return Judgement(False, False, f"Not allowed: {refusal}")
        if answer == expect[0]:
            return Judgement(True, True, f"Right: {question.why}")
        return Judgement(True, True, _smaller_poignee(state, question, answer))
    try:
        card = parse_card(answer)
    except ValueError as error:
        return Judgement(False, False, str(error))
    refusal = _refusal(state, [card])
    if refusal:
        return Judgement(False, False, f"That card may not be played: {refusal}")
    rule, verdict = question.rule, question.verdict
    accepted = card_answers(state, hand.learner, rule, verdict)
    if card in accepted and rule in JUDGED_RULES:
        return Judgement(True, True, f"Right: {_judged_right(verdict, card)}")
    if card in accepted:
        return Judgement(True, True, f"Right: {card_why(state, hand.learner, rule, accepted)}")
    return Judgement(False, True, card_wrong(state, hand.learner, rule, card, accepted,
                                             verdict))


def _judge_bid(state: GameState, answer: str) -> Judgement:
    """A legal bid judged as the final test judges one: right when the hand count makes it
    reasonable (:func:`bid_answers`), with the hand evaluation's own bid and reason."""
    best, reason = bid_answer(state)
    accepted = bid_answers(state)
    if answer == best:
        return Judgement(True, True, f"Right: {reason}")
    count = f"your hand counts {_hand_count(state)} points on the scale of 18 cards"
    if answer in accepted:
        return Judgement(True, True, f"Right: {count}, near enough a limit for "
                                     f"{_bid_words(accepted)} to be reasonable. The hand "
                                     f"evaluation says {Bid(best).english}: {reason}")
    return Judgement(False, True, f"The hand evaluation says {Bid(best).english}: {reason} "
                                  f"({sentence(count)}: {_bid_words(accepted)} would be "
                                  "reasonable.)")


def _smaller_poignee(state: GameState, question: Question, answer: str) -> str:
    """A smaller poignée, or none, where a larger may be shown: a choice the rules leave to
    the player (RULES.md §6)."""
    shown = "no poignée" if answer == "none" else f"a {answer.split(':')[1]} poignée"
    played = question.expect[0].split(":")[1]
    return (f"Allowed: you may show {shown}, to keep your trumps secret; nobody must show all "
            f"they hold. {_declaration_why(state, question, declined=True)} The deal goes on "
            f"as it was played, with the {played} poignée.")


def _judge_misere(state: GameState, answer: str) -> Judgement:
    """A misère declared (or not) judged by the variant's rule: the kinds the hand may
    declare (:func:`~tarot_teach.declarations.misere_kinds`), the cards that spoil the
    others (:func:`~tarot_teach.declarations.misere_problem`)."""
    if answer == "none":
        return Judgement(False, True, "Not declared: " + _misere_why(state))
    kind = answer.split(":", 1)[1]
    problem = misere_problem(state.hands[state.to_act], kind, "your hand")
    if problem:
        return Judgement(False, False, f"Not allowed: {problem}")
    return Judgement(True, True, "Right: " + _misere_why(state, kind))


def _misere_why(state: GameState, kind: "str | None" = None) -> str:
    """What the rule lets the hand to act declare, and what the misère earns."""
    from .scoring import misere_payments
    from .tables import MISERE_PAYMENT

    seat = state.to_act
    kind = kind or misere_kinds(state.hands[seat])[0]
    gain = misere_payments(state.players, [seat])[seat]
    name = "trump" if kind == "trumps" else kind  # (as RULES.md names them)
    return (f"your hand holds {MISERE_WORDS[kind]}, so the rules let you declare a {name} "
            f"misère: each other player pays you {MISERE_PAYMENT}, {gain} in all, whatever "
            f"becomes of the contract.")


def _declaration_why(state: GameState, question: Question, declined: bool) -> str:
    """Why the record's declaration is the one to make, from the engine's rules."""
    expect = question.expect[0]
    if expect == "chelem":
        return ("Your hand takes every trick: announced, a slam made is worth twice as much as "
                "one made by surprise, and you lead the first trick.")
    if expect.startswith("misere"):
        why = _misere_why(state, expect.split(":")[1])
        return sentence(why)
    options = poignee_options(state.hands[state.to_act], state.rules)
    best = options[-1]
    trumps = sum(1 for c in state.hand(state.to_act) if c.is_trump)
    bonus = state.rules.handful_bonuses[len(options) - 1]
    text = (f"You hold {trumps} trumps{' and the Excuse' if best.cards[-1].is_excuse else ''}: "
            f"the rules let you show a {best.level} poignée of {len(best.cards)}, a bonus of "
            f"{bonus} for the side that wins.")
    return text if declined else text + " Show the largest you may."


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
    for note in hand.commentary:
        try:
            hand.anchor_step(note)
        except (InvalidRecord, KeyError, ValueError) as error:
            problems.append(f"comment {note!r}: {error}")
            continue
        played = None
        if note.get("at") == "trick":
            number = int(note["trick"])
            _, played, winner = final.tricks[number - 1]
            if "winner" in note and note["winner"] != winner:
                problems.append(f"trick {number}: the comment says seat {note['winner']} wins, "
                                f"the engine says seat {winner}")
        for name in CARD_MENTION.findall(note.get("text", "")):
            try:
                card = parse_card(name)
            except ValueError as error:
                problems.append(f"comment at {note.get('at')}: {error}")
                continue
            if played is not None and card.index not in played:
                problems.append(f"comment at trick {number} names {name}, which is not "
                                f"played in trick {number}")
    problems += hidden_problems(hand)
    problems += _number_problems(hand, final)
    problems += _wording_problems(hand, final)
    problems += question_problems(hand)
    return problems


def question_problems(hand: GuidedHand) -> list[str]:
    """Each question checked against the engine: it is asked where the record takes that
    decision, its ``expect`` is what the record does, the engine accepts the record's answer
    (a bid :func:`bid_answers` accepts, the largest poignée, a slam that is made, a card the
    rule accepts among fewer than all the legal cards, judged on the legal cards), and its
    stated reason is the engine's."""
    problems = []
    final = hand.state_at(hand.steps)
    for question in hand.questions:
        where = f"the {question.kind} question" + (f" of trick {question.trick}"
                                                   if question.trick else "")
        try:
            step = hand.question_step(question)
        except InvalidRecord as error:
            problems.append(str(error))
            continue
        recorded = hand.recorded_answer(question)
        if recorded != question.expect:
            problems.append(f"{where}: the question expects {' '.join(question.expect)}, "
                            f"the record plays {' '.join(recorded)}")
            continue
        state = hand.state_at(step)
        if question.kind == "bid":
            if question.expect[0] not in bid_answers(state):
                problems.append(f"{where}: the record bids {question.expect[0]}, the hand "
                                f"evaluation suggests {bid_answer(state)[0]}")
        elif question.kind == "declare":
            expect = question.expect[0]
            if expect.startswith("poignee"):
                options = poignee_options(state.hands[hand.learner], state.rules)
                if not options or str(options[-1]) != expect:
                    problems.append(f"{where}: {expect} is not the largest poignée allowed")
            elif expect == "chelem" and final._chelem_outcome() != "announced_made":
                problems.append(f"{where}: the slam is announced but not made")
        elif question.kind == "signal":
            problem = signal_problem(state, hand.learner)
            if problem:
                problems.append(f"{where}: {problem}")
            elif question.why != meaning_of(signal_situation(state, hand.learner))[1]:
                problems.append(f"{where}: the reason is not chapter 14's")
        elif question.kind == "card":
            legal = set(_legal_cards(state))
            verdict = question.verdict
            if not card_rule_applies(state, hand.learner, question.rule):
                problems.append(f"{where}: the rule {question.rule!r} does not fit the trick")
                continue
            if verdict is not None and {row[0] for row in verdict.rows} != legal:
                problems.append(f"{where}: the verdict does not judge the legal cards")
                continue
            accepted = card_answers(state, hand.learner, question.rule, verdict)
            if question.card not in accepted:
                problems.append(f"{where}: the engine does not accept the record's "
                                f"{question.card} (it accepts {sorted(map(str, accepted))})")
            elif accepted >= legal:
                problems.append(f"{where}: every legal card is accepted: no choice to make")
            elif question.why != card_why(state, hand.learner, question.rule, accepted,
                                          verdict):
                problems.append(f"{where}: the reason is not the engine's")
    return problems


_PRIVATE = re.compile(
    r"\b(?:Ada|Bruno|Chloé|Dmitri|Eve)\b[^.;:]*?\b(?P<words>longest suit|nothing but trumps"
    r"|only trumps left|keeping the high|(?:his|her) (?:only|last) trump|with (?:\w+ )?trumps"
    r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+) trumps\b)")
"""A hidden hand described: another seat's name, then (in the same clause) its longest suit,
its trumps counted, its only or last trump: the computer players' private reasons."""


def hidden_problems(hand: GuidedHand) -> list[str]:
    """Comments shown during play (all but the end comment) that name a card the learner's
    seat has not seen by then (:func:`seen_cards`), or describe another seat's hidden hand
    (:data:`_PRIVATE`)."""
    problems = []
    for note in hand.commentary:
        if note.get("at") == "end":
            continue
        try:
            step = hand.anchor_step(note)
        except (InvalidRecord, KeyError, ValueError):
            continue  # reported by check_guided_hand
        place = f"trick {note['trick']}" if note.get("at") == "trick" else f"the {note['at']}"
        text = note.get("text", "")
        seen = seen_cards(hand.state_at(step), hand.learner)
        for name in CARD_MENTION.findall(text):
            card = _card_or_none(name)
            if card is not None and card not in seen:
                problems.append(f"the comment at {place} names {name}, which the learner has "
                                "not seen by then")
        for match in _PRIVATE.finditer(text):
            problems.append(f"the comment at {place} describes a hidden hand: "
                            f"{match.group(0)!r}")
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


_WORTH = re.compile(r"trick is worth (\d+(?:\.\d+)?) points? to "
                    r"(the taker|the partner|the defence)")
_SMALL = re.compile(r"\{([^{}\s]+)\}[,:]? (?:a |the |your |her |his |their )?(?:small|low)\b"
                    r"|\b(?:small|low) (?:card|trump|one)s?,? \{([^{}\s]+)\}")
_THROW = re.compile(r"\b(?:throws?|threw|throwing) (?:away )?\{([^{}\s]+)\}")
_OWED = re.compile(r"\bowes?\b[^.]*\bcard|\bcard in exchange")
_TRUMPS_OUT = re.compile(r"(\d+) trumps have still to be played")
_SO_FAR = re.compile(r"taker's side has (\d+(?:\.\d+)?) points in its tricks so far")


def _trumps_out(hand: GuidedHand, final: GameState, number: int) -> int:
    """Trumps not yet played after trick ``number`` that will still be: the 21 less those
    played, discarded, or left in a dog nobody plays from."""
    gone = {i for _, cards, _ in final.tricks[:number] for i in cards if DECK[i].is_trump}
    gone |= {i for i in final.discard if DECK[i].is_trump}
    if final.contract is not None and final.contract.value in ("guard_without", "guard_against"):
        gone |= {c.index for c in _parse_all(hand.record["dog"]) if c.is_trump}
    return 21 - len(gone)


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
                problems.append(f"the discard comment does not name the dog's "
                                f"{', '.join(missing)}")
        if where != "trick" or int(note.get("trick", 0)) not in facts:
            continue
        trick = facts[int(note["trick"])]
        for amount, side in _WORTH.findall(text):
            if Fraction(amount) != trick.worth or _SIDE_WORDS[side] != trick.winner_side:
                problems.append(f"trick {trick.number}: the comment says the trick is worth "
                                f"{amount} points to {side}; the engine gives "
                                f"{_number(trick.worth)} to "
                                f"the {('taker', 'defence')[trick.winner_side]}'s side")
        for amount in _TRUMPS_OUT.findall(text):
            if int(amount) != _trumps_out(hand, final, trick.number):
                problems.append(f"trick {trick.number}: the comment says {amount} trumps are "
                                f"still to be played; the engine counts "
                                f"{_trumps_out(hand, final, trick.number)}")
        for amount in _SO_FAR.findall(text):
            won = sum((f.worth for f in facts.values()
                       if f.number <= trick.number and f.winner_side == 0), Fraction(0))
            if Fraction(amount) != won:
                problems.append(f"trick {trick.number}: the comment says the taker's side has "
                                f"{amount} points in its tricks; the engine: {_number(won)}")
        for name in _THROW.findall(text):
            card = _card_or_none(name)
            if card is not None and not trick.discarded(card):
                problems.append(f"trick {trick.number}: {card} is said to be thrown, but it "
                                "follows the suit led (or trumps)")
        if _OWED.search(text) and not trick.exchange_owed:
            problems.append(f"trick {trick.number}: the comment says a card is owed for the "
                            "Excuse, but its side won the trick or it changed sides")
    return problems


_SHAPE_WORDS = re.compile(
    r"\b(?:you|your|yours|ada|bruno|chloé|dmitri|eve|her|his|she|he|hearts?|spades?|diamonds?"
    r"|clubs?|king|queen|knight|jack|petit|excuse)\b", re.I)


def comment_shape(text: str) -> str:
    """A comment with the names, cards, suits and numbers taken out (and the ``-s`` of
    verbs): two comments with the same shape are one template with different names.

    >>> comment_shape("Ada leads {KH}: it wins.") == comment_shape("You lead {QS}: it wins.")
    True
    """
    text = re.sub(r"(?:trump )?\{[^{}]*\}|the Excuse", "C", text)
    text = _SHAPE_WORDS.sub("N", text)
    text = re.sub(r"\d+(?:\.\d+)?", "#", text)
    return re.sub(r"(\w)s\b", r"\1", text.lower())


def _decimal(value: Fraction) -> str:
    """A mean over deals as text: a decimal when it is exact (16 or 40 deals), else n/d."""
    text = repr(float(value))
    return text if Fraction(text) == value else str(value)


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
