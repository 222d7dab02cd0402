"""Playing a trick (chapter 7): which cards may be played, who wins, why a card is refused.

Everything comes from ``legal_cards``, ``trick_winner``, ``why_illegal`` and
``explain_refusal``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK, Card, Suit, mask_of, parse_cards
from ..game import GameState, random_playout
from ..names import sentence
from ..rules import Phase, RuleSet
from ..tricks import explain_refusal, led_suit, legal_cards, trick_winner, why_illegal
from .feedback import AnswerError, Feedback, cards_line, judge_card_set, section_link

__all__ = ["PlayPosition", "random_play_position", "random_trick", "check_playable", "check_trick_winner",
    "CardQuestion", "REASONS", "rule_for", "random_card_question", "check_card_legal", "why_legal"]

@dataclass(frozen=True)
class PlayPosition:
    """A hand and the cards already in the current trick (in play order)."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]


def random_play_position(rng: random.Random, players: int = 4, min_trick: int = 1) -> PlayPosition:
    """A position from a real random deal: some seat's hand and the trick it must play to."""
    while True:
        state = GameState.new(RuleSet(players=players), seed=rng.getrandbits(32))
        if state.is_over:
            continue
        while state.phase is not Phase.PLAYING and not state.is_over:
            actions = state.legal_actions()
            state.play(actions[rng.randrange(len(actions))])
        if state.is_over:
            continue
        stop_after = rng.randrange(players * (state.rules.tricks - 2))
        for _ in range(stop_after):
            actions = [a for a in state.legal_actions() if isinstance(a, Card)]
            state.play(actions[rng.randrange(len(actions))])
        if len(state.trick) >= min_trick:
            hand = tuple(state.hand(state.to_act))
            trick = tuple(state.view(state.to_act).current_trick[i][1] for i in range(len(state.trick)))
            return PlayPosition(hand, trick)


def random_trick(rng: random.Random, players: int = 4) -> tuple[Card, ...]:
    """A complete trick, in play order, from a real deal played out at random."""
    while True:
        state = GameState.new(RuleSet(players=players), seed=rng.getrandbits(32))
        random_playout(state, rng)
        if state.tricks:
            _, cards, _ = state.tricks[rng.randrange(len(state.tricks))]
            return tuple(DECK[i] for i in cards)


def check_playable(position: PlayPosition, chosen) -> Feedback:
    """Judge a set of cards claimed to be exactly the playable ones."""
    chosen = set(parse_cards(chosen))
    legal = set(legal_cards(position.hand, position.trick))
    if not chosen:
        raise AnswerError("Click every card you may play, then Check.")
    return judge_card_set(
        chosen, legal, "you may play", "played",
        lambda card: why_illegal(position.hand, position.trick, card),
        lambda card: ": " + why_legal(position, card),
        section_link("07-tricks", "the-rules-of-play", "The rules of play"))


def why_legal(position: PlayPosition, card) -> str:
    """Why a card the engine allows (``legal_cards``) may be played, as the end of a sentence.

    >>> position = PlayPosition(tuple(parse_cards("KS T3 T10 5C")), tuple(parse_cards("7H T15")))
    >>> why_legal(position, "T10")
    'you have no hearts (♥), so you must trump, and none of your trumps beats trump 15: any trump will do.'
    >>> why_legal(PlayPosition(tuple(parse_cards("KH 2H")), tuple(parse_cards("7H"))), "2H")
    'it follows hearts (♥), the suit led.'
    """
    card = parse_cards([card])[0]
    if why_illegal(position.hand, position.trick, card) is not None:
        raise ValueError(f"{card.short_name} may not be played here")
    suit = led_suit(position.trick)
    if card.is_excuse:
        return "the Excuse may always be played."
    if suit is None:
        return "you lead, so any card may be played."
    if card.suit is suit and suit.is_plain:
        return f"it follows {suit.english} ({suit.symbol}), the suit led."
    if not card.is_trump:
        void = "" if suit is Suit.TRUMPS else f"{suit.english} ({suit.symbol}) and no "
        return f"you have no {void}trumps, so any card will do."
    why = ("trumps were led" if suit is Suit.TRUMPS
           else f"you have no {suit.english} ({suit.symbol}), so you must trump")
    played = [c for c in position.trick if c.is_trump]
    if not played:
        return f"{why}: any trump will do."
    highest = max(played, key=lambda c: c.rank)
    if card.rank > highest.rank:
        return f"{why}, and it beats {highest.short_name}, the highest trump played."
    return f"{why}, and none of your trumps beats {highest.short_name}: any trump will do."


def check_trick_winner(trick, chosen) -> Feedback:
    """Judge the card claimed to win a complete trick."""
    chosen = parse_cards(chosen)
    if len(chosen) != 1:
        raise AnswerError("Click the one card that wins the trick, then Check.")
    winner = trick_winner(trick)
    card = chosen[0]
    if card is winner:
        return Feedback(True, f"Right: {winner.short_name} wins the trick.")
    if card.is_excuse:
        reason = "The Excuse never wins a trick (except at the end of a slam)."
    elif winner.is_trump and not card.is_trump:
        reason = "A trump was played: the highest trump wins, whatever the plain cards."
    elif winner.is_trump:
        reason = f"The {winner.rank} is a higher trump than the {card.rank}."
    elif card.suit is not winner.suit:
        reason = sentence(f"{card.short_name} is not of the suit led "
                          f"({winner.suit.english}): a card of another suit never wins.")
    else:
        reason = sentence(f"{winner.short_name} ranks higher than {card.short_name}.")
    return Feedback(False, f"No: {winner.short_name} wins.", [reason],
                    section_link("07-tricks", "who-wins-the-trick", "Who wins the trick"))

LEGAL = "legal"
REASONS = {
    LEGAL: "Yes, it may be played",
    "follow_suit": "No: you must follow the suit led",
    "must_trump": "No: you must play a trump",
    "overtrump": "No: you must play a higher trump",
}
"""The answers offered, keyed by the engine's rule name (``follow_trumps`` counts as ``must_trump``)."""

_REASON_SECTIONS = {
    "follow_suit": section_link("07-tricks", "following-suit", "Following suit"),
    "must_trump": section_link("07-tricks", "trumping-when-you-are-void", "Trumping when you are void"),
    "overtrump": section_link("07-tricks", "overtrumping", "Overtrumping"),
    LEGAL: section_link("07-tricks", "the-rules-of-play", "The rules of play"),
}


@dataclass(frozen=True)
class CardQuestion:
    """A position and one card of the hand: may it be played?"""

    position: PlayPosition
    card: Card


def rule_for(position: PlayPosition, card) -> str:
    """The engine's verdict as one of the keys of :data:`REASONS`.

    >>> position = PlayPosition(tuple(parse_cards("KS T3 T12 5H")), tuple(parse_cards("7H T8")))
    >>> rule_for(position, "T3"), rule_for(position, "5H")
    ('follow_suit', 'legal')
    """
    card = parse_cards([card])[0]
    if why_illegal(position.hand, position.trick, card) is None:
        return LEGAL
    _, rule = explain_refusal(mask_of(position.hand), [c.index for c in position.trick], card)
    return "must_trump" if rule == "follow_trumps" else rule


def _trumps_led(position: PlayPosition, card: Card) -> bool:
    """True when the engine refuses ``card`` because trumps were led and the hand holds some.

    >>> _trumps_led(PlayPosition(tuple(parse_cards("KS T3")), tuple(parse_cards("T8"))),
    ...             parse_cards(["KS"])[0])
    True
    """
    if why_illegal(position.hand, position.trick, card) is None:
        return False
    _, rule = explain_refusal(mask_of(position.hand), [c.index for c in position.trick], card)
    return rule == "follow_trumps"


def random_card_question(rng: random.Random, players: int = 4) -> CardQuestion:
    """A position from a real deal and a card to judge: about half the time an illegal one."""
    while True:
        position = random_play_position(rng, players)
        legal = set(legal_cards(position.hand, position.trick))
        illegal = [c for c in position.hand if c not in legal]
        if rng.random() < 0.55 and illegal:
            return CardQuestion(position, illegal[rng.randrange(len(illegal))])
        if len(legal) < len(position.hand) or rng.random() < 0.3:
            choices = sorted(legal)
            return CardQuestion(position, choices[rng.randrange(len(choices))])


def check_card_legal(question: CardQuestion, answer: "str | None") -> Feedback:
    """Judge the learner's verdict on one card (a key of :data:`REASONS`)."""
    if answer not in REASONS:
        raise AnswerError("Choose an answer first: may the card be played, and if not, why?")
    position, card = question.position, question.card
    right = rule_for(position, card)
    reason = why_illegal(position.hand, position.trick, card)
    if answer == "follow_suit" and _trumps_led(position, card):
        # chapter 2 calls the trumps a fifth suit: "follow the suit led" is a fair answer too
        return Feedback(True, f"Right: {card.short_name} may not be played. {reason} Trumps "
                        "were led, and the trumps are a suit of their own: following it means "
                        "playing a trump.")
    if answer == right:
        if right == LEGAL:
            return Feedback(True, f"Right: {card.short_name} may be played: "
                            f"{why_legal(position, card)}")
        return Feedback(True, f"Right: {card.short_name} may not be played. {reason}")
    if right == LEGAL:
        others = cards_line(legal_cards(position.hand, position.trick))
        return Feedback(False, f"No: {card.short_name} may be played here.",
                        [sentence(why_legal(position, card)),
                         f"The cards you may play: {others}."], _REASON_SECTIONS[LEGAL])
    if answer == LEGAL:
        return Feedback(False, f"No: {card.short_name} may not be played here.", [reason],
                        _REASON_SECTIONS[right])
    return Feedback(False, sentence(f"{card.short_name} may indeed not be played, but for "
                                    "another reason."),
                    [reason], _REASON_SECTIONS[right])
