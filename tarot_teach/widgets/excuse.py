"""Exercises on the Excuse (book chapter 8).

Where the Excuse goes is decided by :func:`tarot_teach.excuse.excuse_outcome` and
explained with its own text; the cards playable after an Excuse lead come from
:func:`tarot_teach.legal_cards` (through :class:`~tarot_teach.widgets.play.PlayableCardsExercise`);
the points effect of the exchange is read from a real deal played to the end by
:class:`tarot_teach.GameState`.

>>> s = ExcuseSituation(trick=18, played_by="taker", best_other="defence", won_every_earlier=False)
>>> excuse_answer(s)
'changes'
>>> check_excuse(s, "kept").ok
False
>>> excuse_answer(ExcuseSituation(18, "taker", "defence", True))
'wins'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as widgets

from ..cards import DECK, EXCUSE, Card, points
from ..excuse import ExcuseOutcome, excuse_outcome
from ..game import GameState, random_playout
from ..rules import Phase, RuleSet
from .auction import SEAT_NAMES, ChoiceExercise, bid_name
from .base import Exercise, Feedback, read_number, section_link
from .play import PlayableCardsExercise, PlayPosition, check_playable
from .render import cards_html, escape_text

__all__ = ["ExcuseSituation", "EXCUSE_CHOICES", "excuse_answer", "check_excuse",
           "random_excuse_situation", "ExcuseExercise", "excuse_lead_position",
           "check_after_excuse_lead", "ExcuseLeadPlayableExercise", "ExchangeQuestion",
           "find_exchange_deal", "check_exchange_points", "ExchangePointsExercise"]

CHAPTER = "08-excuse"
TRICKS = RuleSet().tricks

EXCUSE_CHOICES = {
    "kept": "It stays with the side that played it (a half-point card goes the other way if the "
            "other side won the trick)",
    "changes": "It changes sides: it goes to the other side, with no card in exchange",
    "winner": "It goes, with the trick, to whoever wins the trick",
    "wins": "It wins the trick",
}
"""The answers offered, by key."""

_KEYS = {ExcuseOutcome.KEPT: "kept", ExcuseOutcome.CHANGES_SIDES: "changes",
         ExcuseOutcome.TO_TRICK_WINNER: "winner", ExcuseOutcome.WINS_TRICK: "wins"}

_ANCHORS = {
    "kept": ("the-excuse-stays-with-its-side", "The Excuse stays with its side"),
    "changes": ("the-last-trick", "The last trick"),
    "winner": ("the-last-trick", "The last trick"),
    "wins": ("the-slam-exception", "The slam exception"),
}


# ----- where does the Excuse go? -----------------------------------------------------------


@dataclass(frozen=True)
class ExcuseSituation:
    """The Excuse has just been played to a trick (four players, FFT rules).

    ``played_by`` / ``best_other``: ``"taker"`` or ``"defence"`` — the side that played the
    Excuse and the side whose card is the best of the others (who wins without the Excuse);
    with four players a taker's Excuse always meets a defender's best card.
    ``won_every_earlier``: the Excuse's side won every trick before this one.
    """

    trick: int
    played_by: str
    best_other: str
    won_every_earlier: bool

    @property
    def last(self) -> bool:
        return self.trick == TRICKS

    def outcome(self, rules: "RuleSet | None" = None) -> ExcuseOutcome:
        """The engine's ruling (:func:`excuse_outcome`)."""
        return excuse_outcome(rules or RuleSet(), last_trick=self.last,
                              won_every_earlier_trick=self.won_every_earlier)

    def describe(self) -> str:
        side = {"taker": "the taker", "defence": "a defender"}[self.played_by]
        other = {"taker": "the taker", "defence": "a defender"}[self.best_other]
        lines = [f"It is trick {self.trick} of {TRICKS}"
                 + (" — the last trick." if self.last else "."),
                 f"The Excuse was played by {side}.",
                 f"Among the other cards of the trick, the best one was played by {other}."]
        if self.trick > 1:
            team = "the taker" if self.played_by == "taker" else "the defence"
            lines.append(f"Before this trick, {team} had won every trick."
                         if self.won_every_earlier else
                         f"Before this trick, {team} had lost at least one trick.")
        return " ".join(lines)


def excuse_answer(situation: ExcuseSituation, rules: "RuleSet | None" = None) -> str:
    """The key of :data:`EXCUSE_CHOICES` that the engine's ruling matches."""
    return _KEYS[situation.outcome(rules)]


def check_excuse(situation: ExcuseSituation, answer: str) -> Feedback:
    """Judge the learner's choice with :func:`excuse_outcome` and its explanation."""
    outcome = situation.outcome()
    right = _KEYS[outcome]
    details = [outcome.explanation]
    if outcome is ExcuseOutcome.KEPT:
        if situation.best_other == situation.played_by:
            details.append("Here its own side wins the trick anyway, so no card changes hands.")
        else:
            giver = "the taker" if situation.played_by == "taker" else "the defence"
            details.append(f"Here the other side wins the trick, so {giver} gives it a "
                           "half-point card in exchange.")
    if answer == right:
        return Feedback(True, "Right: " + EXCUSE_CHOICES[right].lower() + ".", details)
    anchor, title = _ANCHORS[right]
    return Feedback(False, "No: " + EXCUSE_CHOICES[right].lower() + ".", details,
                    section_link(CHAPTER, anchor, title))


def random_excuse_situation(rng: random.Random) -> ExcuseSituation:
    """A situation, the last trick being asked about more often than the others."""
    last = rng.random() < 0.6
    trick = TRICKS if last else rng.randrange(1, TRICKS)
    played_by = rng.choice(["taker", "defence"])
    # With four players the taker plays alone: a taker's Excuse meets only defenders' cards.
    best_other = "defence" if played_by == "taker" else rng.choice(["taker", "defence"])
    won_every = trick == 1 or rng.random() < (0.4 if last else 0.2)
    return ExcuseSituation(trick, played_by, best_other, won_every)


class ExcuseExercise(ChoiceExercise):
    """Where does the Excuse go?"""

    title = "Where does the Excuse go?"
    section = section_link(CHAPTER, "the-excuse-stays-with-its-side",
                           "The Excuse stays with its side")

    def make_question(self, rng: random.Random) -> ExcuseSituation:
        return random_excuse_situation(rng)

    def show_question(self, question: ExcuseSituation) -> None:
        self.prompt.value = "Four players, FFT rules. Where does the Excuse go?"
        self.question_view.value = f"<p>{escape_text(question.describe())}</p>"
        self.set_options([(text, key) for key, text in EXCUSE_CHOICES.items()])

    def judge(self, question: ExcuseSituation, answer) -> Feedback:
        return check_excuse(question, answer)

    def solution(self, question: ExcuseSituation) -> str:
        return question.outcome().explanation


# ----- which cards may follow an Excuse lead? ------------------------------------------------


def excuse_lead_position(rng: random.Random) -> PlayPosition:
    """A position from a real deal: the Excuse was led, 0–2 cards followed, and the next
    player's hand."""
    while True:
        state = GameState.new(RuleSet(), seed=rng.getrandbits(32))
        while not state.is_over and state.phase is not Phase.PLAYING:
            actions = state.legal_actions()
            state.play(actions[rng.randrange(len(actions))])
        if state.is_over:
            continue
        stop = rng.randrange(0, 10)
        while len(state.tricks) < TRICKS - 3:
            if not state.trick and len(state.tricks) >= stop \
                    and EXCUSE in state.hand(state.to_act):
                state.play(EXCUSE)
                for _ in range(rng.choice([0, 1, 1, 2])):
                    cards = [a for a in state.legal_actions() if isinstance(a, Card)]
                    state.play(cards[rng.randrange(len(cards))])
                trick = tuple(card for _, card in state.view(state.to_act).current_trick)
                return PlayPosition(tuple(state.hand(state.to_act)), trick)
            cards = [a for a in state.legal_actions() if isinstance(a, Card)]
            if EXCUSE in cards and len(cards) > 1:
                cards.remove(EXCUSE)  # keep the Excuse for a lead
            state.play(cards[rng.randrange(len(cards))])


def check_after_excuse_lead(position: PlayPosition, chosen) -> Feedback:
    """:func:`check_playable`, pointing to this chapter when the answer is wrong."""
    result = check_playable(position, chosen)
    if not result.ok:
        result.section = section_link(CHAPTER, "when-the-excuse-is-led", "When the Excuse is led")
    return result


class ExcuseLeadPlayableExercise(PlayableCardsExercise):
    """The trick began with the Excuse: click every card you may play."""

    title = "After an Excuse lead"
    section = section_link(CHAPTER, "when-the-excuse-is-led", "When the Excuse is led")

    def make_question(self, rng: random.Random) -> PlayPosition:
        return excuse_lead_position(rng)

    def judge(self, question: PlayPosition, answer) -> Feedback:
        return check_after_excuse_lead(question, answer)


# ----- the points effect of the exchange ------------------------------------------------------


@dataclass(frozen=True)
class ExchangeQuestion:
    """A finished real deal in which the Excuse was kept by its side and exchanged.

    ``won_points``: the points of the cards in the tricks the taker's side won plus its
    discard (or the dog, after a Guard without), counted as they lie on the table.
    ``answer``: the taker's points according to the engine (``DealResult.taker_points``).
    """

    contract_name: str
    taker: int
    excuse_trick: tuple[Card, ...]
    excuse_trick_number: int
    taker_played_excuse: bool
    taker_won_trick: bool
    won_points: Fraction
    answer: Fraction

    def explanation(self) -> str:
        excuse = points([EXCUSE])
        half = Fraction(1, 2)
        if self.taker_played_excuse:
            return (f"{_num(self.won_points)} + {_num(excuse)} (the Excuse comes back to the "
                    f"taker) − {_num(half)} (the card given in exchange) = {_num(self.answer)}")
        return (f"{_num(self.won_points)} − {_num(excuse)} (the Excuse goes back to the "
                f"defence) + {_num(half)} (the card received in exchange) = {_num(self.answer)}")


def _num(value: Fraction) -> str:
    return f"{float(value):g}"


def find_exchange_deal(rng: random.Random) -> ExchangeQuestion:
    """Play real random deals until one has the Excuse kept and exchanged before the last trick."""
    while True:
        state = GameState.new(RuleSet(), seed=rng.getrandbits(32))
        random_playout(state, rng)
        if state.result is None or state.result.void:
            continue
        for number, (leader, cards, winner) in enumerate(state.tricks, start=1):
            if 0 not in cards or number == TRICKS:
                continue
            excuse_seat = (leader + cards.index(0)) % 4
            taker_side = state.side_of(state.taker)
            taker_played = state.side_of(excuse_seat) == taker_side
            taker_won = state.side_of(winner) == taker_side
            if taker_played == taker_won:
                break  # no exchange in this deal
            won = [DECK[i] for _, trick, w in state.tricks if state.side_of(w) == taker_side
                   for i in trick]
            contract = state.contract
            if contract.takes_dog:
                won += [DECK[i] for i in state.discard]
            elif contract.name == "GUARD_WITHOUT":
                won += [DECK[i] for i in range(len(DECK)) if state.dealt_dog >> i & 1]
            won_points = points(won)
            question = ExchangeQuestion(bid_name(contract), state.taker,
                                        tuple(DECK[i] for i in cards), number, taker_played,
                                        taker_won, won_points, state.result.taker_points)
            shift = Fraction(4) if taker_played else Fraction(-4)
            if won_points + shift == question.answer:  # the exchange card was really given
                return question
            break


def check_exchange_points(question: ExchangeQuestion, typed) -> Feedback:
    """Judge the taker's final points against the engine's ``taker_points``."""
    value = read_number(typed, "the taker's points")
    if value == question.answer:
        return Feedback(True, f"Right: the taker counts {_num(question.answer)}.",
                        [question.explanation()])
    return Feedback(False, f"No: the taker counts {_num(question.answer)}, not {_num(value)}.",
                    [question.explanation()],
                    section_link(CHAPTER, "the-excuse-stays-with-its-side",
                                 "The Excuse stays with its side"))


class ExchangePointsExercise(Exercise):
    """Count the taker's points when the Excuse was kept by its side."""

    title = "The Excuse and the points"
    section = section_link(CHAPTER, "the-excuse-stays-with-its-side",
                           "The Excuse stays with its side")

    def build_inputs(self) -> list:
        self.trick_view = widgets.HTML()
        self.answer_box = widgets.Text(placeholder="points, e.g. 43.5",
                                       layout=widgets.Layout(width="12em"))
        return [self.trick_view, self.answer_box]

    def make_question(self, rng: random.Random) -> ExchangeQuestion:
        return find_exchange_deal(rng)

    def show_question(self, question: ExchangeQuestion) -> None:
        who = "the taker" if question.taker_played_excuse else "a defender"
        winner = "the taker" if question.taker_won_trick else "the defence"
        self.prompt.value = (
            f"A real deal, four players: {SEAT_NAMES[question.taker]} played a "
            f"{escape_text(question.contract_name)}. The cards of the tricks the taker won, "
            f"together with the discard (or the dog), add up to "
            f"<b>{_num(question.won_points)}</b> points as they lie — the Excuse counted "
            f"wherever it lies. In trick {question.excuse_trick_number}, shown below, {who} "
            f"played the Excuse and {winner} won the trick. How many points does the taker "
            f"count at the end?")
        self.trick_view.value = cards_html(question.excuse_trick,
                                           caption=f"Trick {question.excuse_trick_number}")
        self.answer_box.value = ""

    def read_answer(self):
        return self.answer_box.value

    def judge(self, question: ExchangeQuestion, answer) -> Feedback:
        return check_exchange_points(question, answer)

    def solution(self, question: ExchangeQuestion) -> str:
        return f"The taker counts {_num(question.answer)}: {question.explanation()}."
