"""The Excuse (chapter 8): where it goes, what may follow its lead, the exchange's points.

Rulings come from ``excuse_outcome``; the points from real deals played to the end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ..cards import DECK, EXCUSE, Card, points
from ..excuse import ExcuseOutcome, excuse_outcome
from ..game import GameState, random_playout
from ..rules import Phase, RuleSet
from .auction import bid_name
from .feedback import Feedback, section_link
from .inputs import half_text, read_number
from .play import PlayPosition, check_playable

__all__ = ["ExcuseSituation", "EXCUSE_CHOICES", "excuse_answer", "check_excuse",
    "random_excuse_situation", "excuse_lead_position", "check_after_excuse_lead",
    "ExchangeQuestion", "find_exchange_deal", "check_exchange_points"]

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
            return (f"{half_text(self.won_points)} + {half_text(excuse)} (the Excuse comes back to the "
                    f"taker) − {half_text(half)} (the card given in exchange) = {half_text(self.answer)}")
        return (f"{half_text(self.won_points)} − {half_text(excuse)} (the Excuse goes back to the "
                f"defence) + {half_text(half)} (the card received in exchange) = {half_text(self.answer)}")


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
        return Feedback(True, f"Right: the taker counts {half_text(question.answer)}.",
                        [question.explanation()])
    return Feedback(False, f"No: the taker counts {half_text(question.answer)}, not {half_text(value)}.",
                    [question.explanation()],
                    section_link(CHAPTER, "the-excuse-stays-with-its-side",
                                 "The Excuse stays with its side"))
