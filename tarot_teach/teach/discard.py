"""The dog and the discard (chapter 6): questions from real deals and their judges.

A discard is judged by ``discard_problems``; a single card by the engine's refusal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import DECK, Card, parse_cards, points
from ..discard import discard_problems, discardable_cards
from ..errors import IllegalAction
from ..game import GameState
from ..names import sentence
from ..rules import Bid, Phase, RuleSet
from .auction import bid_name, dog_fate
from .feedback import AnswerError, Feedback, cards_line, section_link
from .inputs import half_text, read_number

__all__ = ["DiscardQuestion", "discard_question_from_state", "random_discard_question",
    "forced_trump_example", "check_discard", "sample_discard", "refusal_of", "check_forbidden",
    "check_dog_points", "DogPointsQuestion", "random_dog_points_question", "dog_points_solution"]

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
        details.append(sentence(f"{card.short_name} may go to the discard")
                       + (": you do not have enough other cards to lay aside." if card.is_trump
                          else "."))
    for card in sorted(forbidden - chosen):
        details.append(sentence(f"{card.short_name} may not: {refusal_of(question, card)}"))
    return Feedback(False, "Not quite.", details,
                    section_link(CHAPTER, "what-may-go-to-the-discard",
                                 "What may go to the discard"))


# ----- who gets the dog's points ------------------------------------------------------------------


@dataclass(frozen=True)
class DogPointsQuestion:
    """A Guard without or against, the dog turned over at the end, and the side asked about."""

    contract: Bid
    dog: tuple[Card, ...]
    side: str  # "taker" or "defence"


def random_dog_points_question(rng: random.Random) -> DogPointsQuestion:
    """The dog of a real seeded deal, a Guard without or against, and a side to ask about."""
    while True:
        state = GameState.new(RuleSet(), seed=rng.getrandbits(32))
        if not state.is_over:
            break
    contract = rng.choice([Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST])
    dog = tuple(DECK[i] for i in range(len(DECK)) if state.dealt_dog >> i & 1)
    return DogPointsQuestion(contract, dog, rng.choice(["taker", "defence"]))


def _dog_owner(question: DogPointsQuestion) -> str:
    fate = dog_fate(question.contract)
    owner = {"taker_unseen": "taker", "defence_unseen": "defence"}.get(fate)
    if owner is None:
        raise ValueError("ask this only about Guard without or Guard against")
    return owner


def check_dog_points(question: DogPointsQuestion, typed) -> Feedback:
    """Judge the points the dog adds to one side (engine: :func:`dog_fate` and :func:`points`).

    >>> q = DogPointsQuestion(Bid.GUARD_AGAINST, tuple(parse_cards("KH 2S 3S 4S 5S 6S")), "taker")
    >>> check_dog_points(q, "0").ok, check_dog_points(q, "7").message
    (True, 'No: the dog adds 0 points to the taker. It goes to the defence, which counts 7 points from it.')
    """
    value = read_number(typed, "a number of points")
    owner = _dog_owner(question)
    dog_points = points(question.dog)
    right = dog_points if owner == question.side else 0
    shown = half_text(right)
    where = f"It goes to the {owner}, which counts {half_text(dog_points)} points from it."
    if value == right:
        return Feedback(True, f"Right: the dog adds {shown} points to the {question.side}. {where}")
    return Feedback(False, f"No: the dog adds {shown} points to the {question.side}. {where}",
                    [f"The dog: {cards_line(question.dog)}."],
                    section_link(CHAPTER, "guard-without-and-guard-against",
                                 "Guard without and Guard against"))


def dog_points_solution(question: DogPointsQuestion) -> str:
    """The answer to a :class:`DogPointsQuestion`, worked out."""
    owner = _dog_owner(question)
    dog_points = points(question.dog)
    right = dog_points if owner == question.side else 0
    return (f"{half_text(right)} points. With a {bid_name(question.contract)} the dog "
            f"({cards_line(question.dog)}, {half_text(dog_points)} points) counts for the "
            f"{owner}.")
