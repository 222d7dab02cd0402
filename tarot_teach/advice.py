"""The coach's advice at the table: the best action for a seat from its own view, with a
true reason (:func:`advise`), the strong computer's card (:func:`strong_choice`) and the
discard hint; and the words the coach's sentences share.

>>> from tarot_teach import GameState, RuleSet
>>> state = GameState.new(RuleSet(players=4), seed=3)
>>> action, reason = advise(state, state.to_act)
>>> action in state.legal_actions() and reason.endswith(".")
True
>>> points_text(Fraction(81, 2)), points_text(Fraction(43))
('40.5', '43')
"""

from __future__ import annotations

from fractions import Fraction

from .cards import Card
from .game import GameState
from .judge import DEALS, CardJudgement, judge_cards
from .learner import ComputerPlayer, learner_discard
from .names import sentence
from .rules import Phase
from .tricks import winning_position, wins_if_played

__all__ = ["advise", "strong_choice", "discard_hint", "points_text", "cards_words", "cards_only",
           "tricks_left", "cards_left"]


def points_text(value: Fraction) -> str:
    """``43``, ``40.5``: card points as the book writes them."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{value.numerator / 2:.1f}"
    return f"{float(value):.1f}"


def cards_only(actions) -> list[Card]:
    """The cards among ``actions``."""
    return [a for a in actions if isinstance(a, Card)]


def tricks_left(state) -> int:
    """Tricks still to play in the deal."""
    return state.rules.tricks - len(state.tricks)


def cards_left(state) -> int:
    """Cards still in the hands."""
    return sum(hand.bit_count() for hand in state.hands)


def cards_words(cards) -> str:
    """Cards in a sentence, by their symbols: ``Q♠, C♠ and 6♠``.

    >>> from tarot_teach.cards import parse_cards
    >>> cards_words(parse_cards("QS CS 6S")), cards_words(parse_cards("KH"))
    ('Q♠, C♠ and 6♠', 'K♥')
    """
    names = [card.short_name for card in cards]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]


def discard_hint(state: GameState) -> str:
    """The hint for the taker about to discard: the whole discard the learner player makes
    (:func:`tarot_teach.learner.learner_discard`), every card of it, with the first one's reason.

    >>> from tarot_teach import RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=3)
    >>> while state.phase is not Phase.DISCARD:
    ...     state.play(ComputerPlayer().decide(state).action)
    >>> print(discard_hint(state))
    discard Q♦, 3♦, 9♦, Q♠, C♠ and 1♠ — Discard Q♦ to empty a short suit (3 diamonds, no King).
    """
    if state.phase is not Phase.DISCARD:
        raise ValueError("The taker is not discarding now.")
    plan = learner_discard(state)
    return (f"discard {cards_words(plan)} — "
            f"{ComputerPlayer().decide(state).reason}")


def _known_side(view) -> set:
    """The seats a seat knows to be on its side (itself included)."""
    seat = view.seat
    taker_side = {view.taker} | ({view.partner} if view.partner is not None else set())
    if seat in taker_side:
        return taker_side
    if view.players == 5 and view.partner is None and view.called is not None:
        return {seat}  # the partner is still secret
    return set(range(view.players)) - taker_side


def advise(state, seat, *, samples=None, seed=0):
    """``(action, reason)``: the best action for ``seat`` (to act) judged from its view only.

    Cards: the legal cards compared by :func:`tarot_teach.judge.judge_cards` on ``samples``
    deals (default: the judge's first number, as the review uses) that fit the seat's view;
    the reason states what the card does to the trick (checked with the engine) and the
    average it gives. Other decisions: the learner computer's choice and reason.
    """
    if state.is_over or state.to_act != seat:
        raise ValueError(f"It is not seat {seat}'s turn to act.")
    if state.phase is not Phase.PLAYING:
        decision = ComputerPlayer().decide(state)
        return decision.action, decision.reason
    legal = cards_only(state.legal_actions())
    if len(legal) == 1:
        return legal[0], sentence(f"{legal[0].short_name} is the only card you may play.")
    return _best_card(state, seat, samples, seed, _YOU)


_YOU = {"your side": "your side", "Your side": "Your side", "you": "you",
        "you may": "you may", "your": "your"}
_I = {"your side": "my side", "Your side": "My side", "you": "I", "you may": "I may",
      "your": "my"}


def _best_card(state, seat, samples, seed, voice) -> tuple[Card, str]:
    deals = (samples,) if samples else DEALS[:1]
    verdict = judge_cards(state, seat, seed=seed, deals=deals)
    card = verdict.ranked[0]
    return card, _advice_reason(state, seat, card, verdict, voice)


def strong_choice(state, seat, *, samples=None, seed=0) -> tuple[Card, str]:
    """The strong computer's card (first-person reason): :func:`advise` for the table's
    "strong" level, from its own view; the seat must be to play a card."""
    legal = cards_only(state.legal_actions())
    if len(legal) == 1:
        return legal[0], sentence(f"{legal[0].short_name} is the only card I may play.")
    return _best_card(state, seat, samples, seed, _I)


def _advice_reason(state, seat, card, verdict: CardJudgement, voice=_YOU) -> str:
    legal, ranked = verdict.legal, verdict.ranked
    view = state.view(seat)
    trick = [c for _, c in view.current_trick]
    seats = [s for s, _ in view.current_trick]

    def wins(candidate: Card) -> bool:
        return wins_if_played(trick, candidate, state.rules)

    if not trick:
        what = f"Lead {card.short_name}"
    elif card.is_excuse:
        what = "Play the Excuse" + (f": it stays with {voice['your side']}"
                                    if tricks_left(state) > 1 else "")
    elif wins(card):
        what = sentence(f"{card.short_name} takes the trick for now")
    else:
        leading = trick[winning_position([c.index for c in trick], state.rules)] \
            if any(not c.is_excuse for c in trick) else None
        holder = seats[[c.index for c in trick].index(leading.index)] if leading else None
        known_friends = _known_side(view)
        if holder is not None and holder in known_friends:
            what = f"{voice['Your side']} is winning the trick: {card.short_name} adds its points"
        elif not any(wins(c) for c in legal if not c.is_excuse):
            what = f"Play {card.short_name}: no card {voice['you may']} play takes this trick"
        else:
            what = (f"Play {card.short_name}: it does not take the trick, though "
                    f"{voice['you']} could")
    text = (f"{what}. Over {verdict.deals} deals that fit what {voice['you']} have seen it "
            f"leaves {voice['your side']} {points_text(verdict.mean(card))} points on average")
    if len(ranked) > 1:
        text += f" ({ranked[1].short_name}: {points_text(verdict.mean(ranked[1]))})"
    return text + "."
