"""Exercises on playing a trick: which cards may be played, who wins the trick.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = PlayableCardsExercise(seed=1, progress=progress,
...     question=PlayPosition(hand=tuple(parse_cards("KH 2H T5 EX 9C")), trick=tuple(parse_cards("7H"))))
>>> exercise.picker.select(["KH", "2H"])
>>> exercise.check_button.click()
>>> "EX" in exercise.feedback.value or "Excuse" in exercise.feedback.value
True
>>> exercise.picker.select(["KH", "2H", "EX"]); exercise.check().ok
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import ipywidgets as widgets

from ..cards import Card, parse_cards
from ..game import GameState, random_playout
from ..rules import Phase, RuleSet
from ..tricks import legal_cards, trick_winner, why_illegal
from .base import AnswerError, CardPicker, Exercise, Feedback, cards_line, judge_card_set, section_link
from .render import cards_html

__all__ = ["PlayPosition", "random_play_position", "check_playable", "check_trick_winner",
           "PlayableCardsExercise", "TrickWinnerExercise"]


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


def check_playable(position: PlayPosition, chosen) -> Feedback:
    """Judge a set of cards claimed to be exactly the playable ones."""
    chosen = set(parse_cards(chosen))
    legal = set(legal_cards(position.hand, position.trick))
    if not chosen:
        raise AnswerError("Click every card you may play, then Check.")
    return judge_card_set(
        chosen, legal, "you may play", "played",
        lambda card: why_illegal(position.hand, position.trick, card),
        lambda card: " — the Excuse may always be played." if card.is_excuse else "",
        section_link("07-tricks", "the-rules-of-play", "Playing a trick"))


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
        reason = (f"{card.short_name} is not of the suit led ({winner.suit.english}): "
                  "a card of another suit never wins.")
    else:
        reason = f"{winner.short_name} ranks higher than {card.short_name}."
    return Feedback(False, f"No: {winner.short_name} wins.", [reason],
                    section_link("07-tricks", "who-wins-the-trick", "Who wins the trick"))


class PlayableCardsExercise(Exercise):
    """Click every card you may play to this trick."""

    title = "Which cards may you play?"
    section = section_link("07-tricks", "the-rules-of-play", "Playing a trick")

    def __init__(self, players: int = 4, **kwargs) -> None:
        self.players = players
        super().__init__(**kwargs)

    def build_inputs(self) -> list:
        self.trick_view = widgets.HTML()
        self.picker = CardPicker()
        return [self.trick_view, widgets.HTML("<div>Your hand — click every card you may play:</div>"),
                self.picker.box]

    def make_question(self, rng: random.Random) -> PlayPosition:
        return random_play_position(rng, self.players)

    def show_question(self, question: PlayPosition) -> None:
        self.prompt.value = "The trick so far (in the order played):"
        self.trick_view.value = cards_html(question.trick)
        self.picker.set_cards(question.hand)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question: PlayPosition, answer) -> Feedback:
        return check_playable(question, answer)

    def solution(self, question: PlayPosition) -> str:
        return "You may play " + cards_line(legal_cards(question.hand, question.trick)) + "."


class TrickWinnerExercise(Exercise):
    """Click the card that wins this trick."""

    title = "Who wins the trick?"
    section = section_link("07-tricks", "who-wins-the-trick", "Who wins the trick")

    def __init__(self, players: int = 4, **kwargs) -> None:
        self.players = players
        super().__init__(**kwargs)

    def build_inputs(self) -> list:
        self.picker = CardPicker(single=True, sort=False)
        return [self.picker.box]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        state = GameState.new(RuleSet(players=self.players), seed=rng.getrandbits(32))
        random_playout(state, rng)
        if not state.tricks:
            return self.make_question(rng)
        _, cards, _ = state.tricks[rng.randrange(len(state.tricks))]
        from ..cards import DECK
        return tuple(DECK[i] for i in cards)

    def show_question(self, question) -> None:
        self.prompt.value = ("A complete trick, in the order played (the first card was led). "
                             "Click the card that wins it:")
        self.picker.set_cards(question)

    def read_answer(self):
        return self.picker.selected

    def judge(self, question, answer) -> Feedback:
        return check_trick_winner(question, answer)

    def solution(self, question) -> str:
        winner = trick_winner(question)
        name = winner.name if winner.is_trump else winner.label
        return f"{name[0].upper()}{name[1:]} wins the trick."


# ----- is this card legal here? ---------------------------------------------------------

from ..cards import mask_of  # noqa: E402
from ..tricks import explain_refusal  # noqa: E402

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
    LEGAL: section_link("07-tricks", "the-rules-of-play", "Playing a trick"),
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
    if answer == right:
        if right == LEGAL:
            why = ("the Excuse may always be played." if card.is_excuse
                   else "it breaks no rule here.")
            return Feedback(True, f"Right: {card.short_name} may be played — {why}")
        return Feedback(True, f"Right: {card.short_name} may not be played. {reason}")
    if right == LEGAL:
        others = cards_line(legal_cards(position.hand, position.trick))
        return Feedback(False, f"No: {card.short_name} may be played here.",
                        [f"The cards you may play: {others}."]
                        + (["The Excuse may be played at any time."] if card.is_excuse else []),
                        _REASON_SECTIONS[LEGAL])
    if answer == LEGAL:
        return Feedback(False, f"No: {card.short_name} may not be played here.", [reason],
                        _REASON_SECTIONS[right])
    return Feedback(False, f"{card.short_name} may indeed not be played, but for another reason.",
                    [reason], _REASON_SECTIONS[right])


class LegalCardExercise(Exercise):
    """Is the highlighted card allowed here? If not, which rule forbids it?"""

    title = "May you play this card?"
    section = section_link("07-tricks", "the-rules-of-play", "Playing a trick")

    def __init__(self, players: int = 4, **kwargs) -> None:
        self.players = players
        super().__init__(**kwargs)

    def build_inputs(self) -> list:
        self.trick_view = widgets.HTML()
        self.hand_view = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[(text, key) for key, text in REASONS.items()],
                                           value=None, layout=widgets.Layout(width="auto"))
        return [self.trick_view, self.hand_view, self.choice]

    def make_question(self, rng: random.Random) -> CardQuestion:
        return random_card_question(rng, self.players)

    def show_question(self, question: CardQuestion) -> None:
        self.prompt.value = ("The trick so far, then your hand. You would like to play the "
                             f"framed card, <b>{question.card.short_name}</b>. May you?")
        self.trick_view.value = cards_html(question.position.trick, caption="The trick so far:")
        self.hand_view.value = cards_html(question.position.hand, size="small",
                                          highlight=[question.card], caption="Your hand:")
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Choose an answer first: may the card be played, and if not, why?")
        return self.choice.value

    def judge(self, question: CardQuestion, answer) -> Feedback:
        return check_card_legal(question, answer)

    def solution(self, question: CardQuestion) -> str:
        reason = why_illegal(question.position.hand, question.position.trick, question.card)
        if reason is None:
            return f"Yes: {question.card.short_name} may be played."
        return f"No: {question.card.short_name} may not be played. {reason}"


__all__ += ["CardQuestion", "REASONS", "rule_for", "random_card_question", "check_card_legal",
            "LegalCardExercise"]
