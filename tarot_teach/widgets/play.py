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
from .base import AnswerError, CardPicker, Exercise, Feedback, cards_line, section_link
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
    if chosen == legal:
        return Feedback(True, f"Right: you may play {cards_line(sorted(legal))}.")
    details = []
    for card in sorted(chosen - legal):
        details.append(f"{card.label} may not be played: {why_illegal(position.hand, position.trick, card)}")
    for card in sorted(legal - chosen):
        details.append(f"{card.label} may be played too"
                       + (" — the Excuse may always be played." if card.is_excuse else "."))
    return Feedback(False, "Not quite.", details,
                    section_link("07-tricks", "the-rules-of-play", "Playing a trick"))


def check_trick_winner(trick, chosen) -> Feedback:
    """Judge the card claimed to win a complete trick."""
    chosen = parse_cards(chosen)
    if len(chosen) != 1:
        raise AnswerError("Click the one card that wins the trick, then Check.")
    winner = trick_winner(trick)
    card = chosen[0]
    if card is winner:
        return Feedback(True, f"Right: {winner.label} wins the trick.")
    if card.is_excuse:
        reason = "The Excuse never wins a trick (except at the end of a slam)."
    elif winner.is_trump and not card.is_trump:
        reason = "A trump was played: the highest trump wins, whatever the plain cards."
    elif winner.is_trump:
        reason = f"The {winner.rank} is a higher trump than the {card.rank}."
    elif card.suit is not winner.suit:
        reason = (f"{card.label} is not of the suit led ({winner.suit.english}): "
                  "a card of another suit never wins.")
    else:
        reason = f"{winner.label} ranks higher than {card.label}."
    return Feedback(False, f"No: {winner.label} wins.", [reason],
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
        return f"{trick_winner(question).label} wins the trick."
