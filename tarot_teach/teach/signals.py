"""Defenders' signals (chapter 14): what a partner's card tells you.

Signals are conventions of the defence, not rules of the game: nothing here decides
what is legal. The conventions are the ones chapter 14 teaches (the FFT's), written
once in :func:`meaning_of`. The one question where the rules matter — a card the rules
forced, which carries no message — asks the engine's :func:`~tarot_teach.legal_cards`.

>>> check_signal(SignalQuestion("lead_plain", parse_cards("3H")), "honour").ok
True
>>> check_signal(SignalQuestion("lead_trump", parse_cards("T12")), "long_trumps").details[0]
'An even trump led (the 12) shows fewer than seven trumps; an odd one would ask for more trumps.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK, EXCUSE, PLAIN_SUITS, Card, parse_cards
from ..game import GameState
from ..tricks import legal_cards
from .feedback import AnswerError, Feedback, cards_line, section_link
from .play import random_play_position

__all__ = ["MEANINGS", "KINDS", "SignalQuestion", "meaning_of", "random_signal_question",
           "check_signal", "describe_signal", "known_allies", "signal_situation"]

MEANINGS = {
    "honour": "I hold the King or the Queen of this suit: come back to it",
    "no_honour": "I hold no big honour (King or Queen) in this suit",
    "long_trumps": "I hold at least seven trumps: keep playing trumps",
    "short_trumps": "I hold fewer than seven trumps",
    "lead_trumps": "Please lead trumps",
    "doubleton": "I held exactly two cards of this suit: lead it again and I can trump it",
    "stop_trumps": "Stop playing trumps",
    "nothing": "Nothing: the rules left no choice of card",
}
"""The answers offered: every message chapter 14 teaches, and "nothing"."""

KINDS = ("lead_plain", "lead_trump", "taker_led_high_low", "defence_led_high_low",
         "excuse_on_trumps", "forced")
"""The situations asked about, one per signal of chapter 14."""

_SECTIONS = {
    "lead_plain": section_link("14-signals", "the-first-card-you-lead", "The first card you lead"),
    "lead_trump": section_link("14-signals", "the-first-card-you-lead", "The first card you lead"),
    "taker_led_high_low": section_link("14-signals", "signals-while-following",
                                       "Signals while following"),
    "defence_led_high_low": section_link("14-signals", "signals-while-following",
                                         "Signals while following"),
    "excuse_on_trumps": section_link("14-signals", "signals-while-following",
                                     "Signals while following"),
    "forced": section_link("14-signals", "why-the-defence-needs-signals",
                           "Why the defence needs signals"),
}


@dataclass(frozen=True)
class SignalQuestion:
    """A signal situation: its ``kind`` (one of :data:`KINDS`) and the cards that matter.

    ``cards`` is the card led (``lead_*``), the two cards played in order (``*_high_low``),
    the first trump led (``excuse_on_trumps``), or the trick so far (``forced``), with
    ``hand`` the hand that must play to it.
    """

    kind: str
    cards: tuple[Card, ...]
    hand: tuple[Card, ...] = ()


def meaning_of(question: SignalQuestion) -> tuple[str, str]:
    """The message (a key of :data:`MEANINGS`) and why, by chapter 14's conventions.

    >>> meaning_of(SignalQuestion("defence_led_high_low", tuple(parse_cards("9D 2D"))))[0]
    'doubleton'
    """
    kind, cards = question.kind, question.cards
    if kind == "lead_plain":
        card = cards[0]
        if card.rank <= 5:
            return "honour", (f"A small card ({card.rank}) led in a plain suit promises the King "
                              "or the Queen of that suit.")
        return "no_honour", (f"A higher pip card ({card.rank}) led in a plain suit says there is "
                             "no big honour in that suit.")
    if kind == "lead_trump":
        rank = cards[0].rank
        if rank % 2:
            return "long_trumps", (f"An odd trump led (the {rank}) shows at least seven trumps "
                                   "and asks the partners to keep playing trumps.")
        return "short_trumps", (f"An even trump led (the {rank}) shows fewer than seven trumps; "
                                "an odd one would ask for more trumps.")
    if kind == "taker_led_high_low":
        return "lead_trumps", ("High then low in a suit the taker leads asks the partners to "
                               "lead trumps.")
    if kind == "defence_led_high_low":
        return "doubleton", ("High then low in a suit the defence leads shows exactly two cards "
                             "of it: on a third round that defender can trump.")
    if kind == "excuse_on_trumps":
        return "stop_trumps", ("The Excuse played on the first round of trumps asks the partners "
                               "to stop playing trumps.")
    if kind == "forced":
        legal = legal_cards(question.hand, question.cards)
        if len(legal) != 1:
            raise ValueError("a forced-card question needs a hand with one legal card")
        return "nothing", (f"The rules allowed only {cards_line(legal)} here, so the card "
                           "carries no message.")
    raise ValueError(f"no signal situation {kind!r}; expected one of {KINDS}")


def describe_signal(question: SignalQuestion) -> str:
    """The situation in words (the cards are shown beside it)."""
    kind, cards = question.kind, question.cards
    if kind == "lead_plain":
        return (f"Your partner in defence leads {cards_line(cards)}, the first time anyone leads "
                f"{cards[0].suit.english}.")
    if kind == "lead_trump":
        return f"Your partner in defence leads the first round of trumps with {cards_line(cards)}."
    if kind == "taker_led_high_low":
        return (f"The taker led {cards[0].suit.english} twice. Your partner followed with "
                f"{cards_line(cards[:1])} the first time, then {cards_line(cards[1:])}.")
    if kind == "defence_led_high_low":
        return (f"The defence led {cards[0].suit.english} twice. Your partner followed with "
                f"{cards_line(cards[:1])} the first time, then {cards_line(cards[1:])}.")
    if kind == "excuse_on_trumps":
        return (f"The first round of trumps is led with {cards_line(cards)}; your partner plays "
                "the Excuse to it.")
    legal = legal_cards(question.hand, question.cards)
    return (f"You defend. The trick so far: {cards_line(cards)}. With the hand shown you play "
            f"{cards_line(legal)}. What does your card tell your partners?")


def _plain(suit, rank: int) -> Card:
    return next(card for card in DECK if card.suit is suit and card.rank == rank)


def random_signal_question(rng: random.Random, kind: "str | None" = None) -> SignalQuestion:
    """A situation of ``kind`` (drawn at random if not given)."""
    kind = kind or rng.choice(KINDS)
    suit = rng.choice(PLAIN_SUITS)
    if kind == "lead_plain":
        return SignalQuestion(kind, (_plain(suit, rng.randint(1, 10)),))
    if kind == "lead_trump":
        return SignalQuestion(kind, tuple(parse_cards([f"T{rng.randint(2, 20)}"])))
    if kind in ("taker_led_high_low", "defence_led_high_low"):
        high, low = sorted(rng.sample(range(2, 11), 2), reverse=True)
        return SignalQuestion(kind, (_plain(suit, high), _plain(suit, low)))
    if kind == "excuse_on_trumps":
        return SignalQuestion(kind, tuple(parse_cards([f"T{rng.randint(2, 20)}"])))
    if kind == "forced":
        for _ in range(200):
            position = random_play_position(rng, 4)
            if len(legal_cards(position.hand, position.trick)) == 1 and EXCUSE not in position.hand:
                return SignalQuestion(kind, position.trick, position.hand)
        raise RuntimeError("no forced position found")
    raise ValueError(f"no signal situation {kind!r}; expected one of {KINDS}")


def check_signal(question: SignalQuestion, answer) -> Feedback:
    """Judge the message the learner reads in partner's card (a key of :data:`MEANINGS`)."""
    if answer not in MEANINGS:
        raise AnswerError("Choose what your partner's card tells you, then Check.")
    right, why = meaning_of(question)
    if answer == right:
        return Feedback(True, f"Right: “{MEANINGS[right]}.” {why}")
    return Feedback(False, f"Not that: the card says “{MEANINGS[right]}.”", [why],
                    _SECTIONS[question.kind])


def known_allies(state: GameState, seat: int) -> set:
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


def signal_situation(state: GameState, learner: int) -> "SignalQuestion | None":
    """The signal the learner may read before its card: the trick's first card, led by a
    seat the learner knows to be its partner in defence (not the taker's side), the first
    lead of its plain suit (``lead_plain``) or the first trump led (``lead_trump``); None if
    there is none (chapter 14's conventions speak of those leads)."""
    if not state.trick or state.players < 3:
        return None
    leader, card = state.leader, DECK[state.trick[0]]
    view = state.view(learner)
    if view.taker is None or learner in (view.taker, view.partner) or leader == learner \
            or leader not in known_allies(state, learner) or card.is_excuse:
        return None
    before = [DECK[indexes[0]] for _, indexes, _ in state.tricks]
    if card.is_trump:
        return None if any(c.is_trump for c in before) else SignalQuestion("lead_trump", (card,))
    if card.rank > 10 or any(c.suit is card.suit for c in before):
        return None  # (the conventions speak of a pip card led, the first time in its suit)
    return SignalQuestion("lead_plain", (card,))
