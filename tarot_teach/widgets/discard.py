"""Exercises on the dog and the discard (book chapter 6).

Hands come from real seeded deals played through :class:`tarot_teach.GameState` up to
the discard; a discard is judged by :func:`tarot_teach.discard_problems`, and a single
card by the engine's own refusal (:class:`tarot_teach.IllegalAction`) when the taker
tries to lay it aside.

>>> question = forced_trump_example()
>>> [str(c) for c in question.forbidden()]
['T21', 'T1', 'EX', 'KS', 'KH', 'KC', 'KD']
>>> check_discard(question, ["2S", "3S", "4H", "T2", "T3", "T4"]).ok
True
>>> print(check_discard(question, ["2S", "3S", "4H", "T2", "T3", "KH"]).details[0])
A King may not go to the discard (King of hearts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import ipywidgets as widgets

from ..cards import DECK, Card, parse_cards, points
from ..discard import discard_problems, discardable_cards
from ..errors import IllegalAction
from ..game import GameState
from ..rules import Bid, Phase, RuleSet
from .auction import SEAT_NAMES, bid_name, dog_fate
from .base import AnswerError, CardPicker, Exercise, Feedback, cards_line, read_number, section_link
from .render import cards_html, escape_text

__all__ = ["DiscardQuestion", "discard_question_from_state", "random_discard_question",
           "forced_trump_example", "check_discard", "sample_discard", "refusal_of",
           "check_forbidden", "check_dog_points", "DogPointsQuestion", "DiscardExercise",
           "ForbiddenDiscardExercise", "DogPointsExercise"]

CHAPTER = "06-dog-discard"


@dataclass(frozen=True)
class DiscardQuestion:
    """The taker's hand just after taking the dog in, in the discard phase of a real deal."""

    hand: tuple[Card, ...]
    dog: tuple[Card, ...]
    contract: Bid
    taker: int
    state: GameState = field(compare=False, repr=False)

    @property
    def dog_size(self) -> int:
        return len(self.dog)

    def forbidden(self) -> list[Card]:
        """The cards that may not be the first card laid aside (engine: ``discardable_cards``)."""
        allowed = set(discardable_cards(self.hand, self.dog_size))
        return [card for card in self.hand if card not in allowed]


def discard_question_from_state(state: GameState) -> DiscardQuestion:
    """A question from a deal that has reached the discard phase."""
    if state.phase is not Phase.DISCARD:
        raise ValueError("the deal is not at the discard")
    taker = state.taker
    return DiscardQuestion(tuple(state.hand(taker)), tuple(state.view(taker).dog),
                           state.contract, taker, state)


def random_discard_question(rng: random.Random) -> DiscardQuestion:
    """A real seeded deal where the first speaker takes or guards and the others pass."""
    while True:
        state = GameState.new(RuleSet(), seed=rng.getrandbits(32), dealer=rng.randrange(4))
        if state.is_over:
            continue
        state.play(rng.choice([Bid.TAKE, Bid.GUARD]))
        for _ in range(3):
            state.play(Bid.PASS)
        return discard_question_from_state(state)


FORCED_TRUMP_TAKER = ("KS KH KD KC EX T21 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12")
FORCED_TRUMP_DOG = "T13 T14 T15 2S 3S 4H"


def forced_trump_example() -> DiscardQuestion:
    """A deal where the taker (West, after a Take) has only 3 plain cards that may be discarded,
    so three trumps must go to the discard too."""
    taker_cards = parse_cards(FORCED_TRUMP_TAKER)
    dog = parse_cards(FORCED_TRUMP_DOG)
    used = set(taker_cards) | set(dog)
    rest = [card for card in DECK if card not in used]
    others = [rest[k::3] for k in range(3)]
    hands = [others[0], taker_cards, others[1], others[2]]
    state = GameState.from_hands(RuleSet(), hands, dog, dealer=0)
    state.play(Bid.TAKE)
    for _ in range(3):
        state.play(Bid.PASS)
    return discard_question_from_state(state)


def sample_discard(question: DiscardQuestion) -> list[Card]:
    """One legal discard, chosen card by card among the engine's legal actions
    (plain cards before trumps, fewest points first)."""
    state = question.state.copy()
    chosen = []
    for _ in range(question.dog_size):
        card = min(state.legal_actions(), key=lambda c: (c.is_trump, c.points, c.index))
        state.play(card)
        chosen.append(card)
    return chosen


def check_discard(question: DiscardQuestion, chosen) -> Feedback:
    """Judge a whole discard with :func:`discard_problems`."""
    chosen = parse_cards(chosen)
    if len(chosen) != question.dog_size:
        count_problem = discard_problems(question.hand, chosen, question.dog_size)[0]
        raise AnswerError(f"{count_problem} Click {question.dog_size} cards of your hand.")
    problems = discard_problems(question.hand, chosen, question.dog_size)
    if not problems:
        trumps = [card for card in chosen if card.is_trump]
        message = f"Right: {cards_line(chosen)} is a legal discard."
        if trumps:
            message += (f" The trumps in it ({cards_line(trumps)}) must be shown to the other "
                        "players.")
        return Feedback(True, message)
    return Feedback(False, "This discard is not allowed.", problems,
                    section_link(CHAPTER, "what-may-go-to-the-discard",
                                 "What may go to the discard"))


def refusal_of(question: DiscardQuestion, card: "Card | str") -> "str | None":
    """The engine's reason why ``card`` may not be the first card laid aside (None if it may)."""
    state = question.state.copy()
    try:
        state.play(parse_cards([card])[0])
    except IllegalAction as refusal:
        return str(refusal)
    return None


def check_forbidden(question: DiscardQuestion, chosen) -> Feedback:
    """Judge a set of cards claimed to be exactly those that may not go to the discard."""
    chosen = set(parse_cards(chosen))
    if not chosen:
        raise AnswerError("Click every card that may NOT go to the discard, then Check.")
    forbidden = set(question.forbidden())
    if chosen == forbidden:
        return Feedback(True, f"Right: {cards_line(sorted(forbidden))} may not go to the discard.")
    details = []
    for card in sorted(chosen - forbidden):
        details.append(f"{card.short_name} may go to the discard"
                       + (": you do not have enough other cards to lay aside." if card.is_trump
                          else "."))
    for card in sorted(forbidden - chosen):
        details.append(f"{card.short_name} may not: {refusal_of(question, card)}")
    return Feedback(False, "Not quite.", details,
                    section_link(CHAPTER, "what-may-go-to-the-discard",
                                 "What may go to the discard"))


def _hand_header(question: DiscardQuestion) -> str:
    return (f"{SEAT_NAMES[question.taker]} bid a <b>{escape_text(bid_name(question.contract))}</b>"
            f" and took the dog in:" + cards_html(question.dog, size="small", caption="The dog"))


class DiscardExercise(Exercise):
    """Choose a legal discard from the taker's 24 cards."""

    title = "Make the discard"
    section = section_link(CHAPTER, "what-may-go-to-the-discard", "What may go to the discard")

    def build_inputs(self) -> list:
        self.dog_view = widgets.HTML()
        self.count = widgets.HTML()
        self.picker = CardPicker(on_change=self._count_changed)
        return [self.dog_view, widgets.HTML("<div>Your hand — click the cards to lay aside:</div>"),
                self.picker.box, self.count]

    def _count_changed(self, selected) -> None:
        self.count.value = f"<div>{len(selected)} of {self.question.dog_size} chosen</div>"

    def make_question(self, rng: random.Random) -> DiscardQuestion:
        return random_discard_question(rng)

    def show_question(self, question: DiscardQuestion) -> None:
        self.prompt.value = (f"You are the taker. Lay aside {question.dog_size} cards, "
                             "following the rules of the discard.")
        self.dog_view.value = _hand_header(question)
        self.picker.set_cards(question.hand)
        self.count.value = f"<div>0 of {question.dog_size} chosen</div>"

    def read_answer(self):
        chosen = self.picker.selected
        if not chosen:
            raise AnswerError(f"Click the {self.question.dog_size} cards you lay aside, then Check.")
        return chosen

    def judge(self, question: DiscardQuestion, answer) -> Feedback:
        return check_discard(question, answer)

    def solution(self, question: DiscardQuestion) -> str:
        allowed = discardable_cards(question.hand, question.dog_size)
        return (f"One legal discard: {cards_line(sample_discard(question))}. "
                f"The cards that may go to the discard: {cards_line(allowed)}.")


class ForbiddenDiscardExercise(Exercise):
    """Click every card of the taker's hand that may not go to the discard."""

    title = "Which cards may not go to the discard?"
    section = section_link(CHAPTER, "what-may-go-to-the-discard", "What may go to the discard")

    def build_inputs(self) -> list:
        self.dog_view = widgets.HTML()
        self.picker = CardPicker()
        return [self.dog_view,
                widgets.HTML("<div>Your hand — click every card that may <b>not</b> go to the "
                             "discard:</div>"),
                self.picker.box]

    def make_question(self, rng: random.Random) -> DiscardQuestion:
        while True:
            question = random_discard_question(rng)
            if question.forbidden():
                return question

    def show_question(self, question: DiscardQuestion) -> None:
        self.prompt.value = f"You are the taker and must lay aside {question.dog_size} cards."
        self.dog_view.value = _hand_header(question)
        self.picker.set_cards(question.hand)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question: DiscardQuestion, answer) -> Feedback:
        return check_forbidden(question, answer)

    def solution(self, question: DiscardQuestion) -> str:
        return (f"These may not go to the discard: {cards_line(question.forbidden())}. "
                "Every other card may.")


# ----- who gets the dog's points ------------------------------------------------------------------


@dataclass(frozen=True)
class DogPointsQuestion:
    """A Guard without or against, the dog turned over at the end, and the side asked about."""

    contract: Bid
    dog: tuple[Card, ...]
    side: str  # "taker" or "defence"


def check_dog_points(question: DogPointsQuestion, typed) -> Feedback:
    """Judge the points the dog adds to one side (engine: :func:`dog_fate` and :func:`points`).

    >>> q = DogPointsQuestion(Bid.GUARD_AGAINST, tuple(parse_cards("KH 2S 3S 4S 5S 6S")), "taker")
    >>> check_dog_points(q, "0").ok, check_dog_points(q, "7").message
    (True, 'No: the dog adds 0 points to the taker. It goes to the defence, which counts 7 points from it.')
    """
    value = read_number(typed, "a number of points")
    fate = dog_fate(question.contract)
    owner = {"taker_unseen": "taker", "defence_unseen": "defence"}.get(fate)
    if owner is None:
        raise ValueError("ask this only about Guard without or Guard against")
    dog_points = points(question.dog)
    right = dog_points if owner == question.side else 0
    shown = f"{float(right):g}"
    where = (f"It goes to the {owner}, which counts {float(dog_points):g} points from it.")
    if value == right:
        return Feedback(True, f"Right: the dog adds {shown} points to the {question.side}. {where}")
    return Feedback(False, f"No: the dog adds {shown} points to the {question.side}. {where}",
                    [f"The dog: {cards_line(question.dog)}."],
                    section_link(CHAPTER, "guard-without-and-guard-against",
                                 "Guard without and Guard against"))


class DogPointsExercise(Exercise):
    """How many points does the dog add to this side under this contract?"""

    title = "Whose are the dog's points?"
    section = section_link(CHAPTER, "guard-without-and-guard-against",
                           "Guard without and Guard against")

    def build_inputs(self) -> list:
        self.dog_view = widgets.HTML()
        self.answer_box = widgets.Text(placeholder="points, e.g. 7.5",
                                       layout=widgets.Layout(width="12em"))
        return [self.dog_view, self.answer_box]

    def make_question(self, rng: random.Random) -> DogPointsQuestion:
        while True:
            state = GameState.new(RuleSet(), seed=rng.getrandbits(32))
            if not state.is_over:
                break
        contract = rng.choice([Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST])
        dog = tuple(DECK[i] for i in range(len(DECK)) if state.dealt_dog >> i & 1)
        return DogPointsQuestion(contract, dog, rng.choice(["taker", "defence"]))

    def show_question(self, question: DogPointsQuestion) -> None:
        self.prompt.value = (f"The contract is a <b>{escape_text(bid_name(question.contract))}"
                             f"</b>. After the last trick the dog is turned over. How many card "
                             f"points does it add to the <b>{question.side}</b>'s pile?")
        self.dog_view.value = cards_html(question.dog, caption="The dog")
        self.answer_box.value = ""

    def read_answer(self):
        return self.answer_box.value

    def judge(self, question: DogPointsQuestion, answer) -> Feedback:
        return check_dog_points(question, answer)

    def solution(self, question: DogPointsQuestion) -> str:
        fate = dog_fate(question.contract)
        owner = "taker" if fate == "taker_unseen" else "defence"
        dog_points = points(question.dog)
        right = dog_points if owner == question.side else 0
        return (f"{float(right):g} points. With a {bid_name(question.contract)} the dog "
                f"({cards_line(question.dog)}, {float(dog_points):g} points) counts for the "
                f"{owner}.")
