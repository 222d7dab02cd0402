"""Exercises on the deal (chapter 4): petit sec, hand and dog sizes, the dog's place
in the deal, who deals next and who speaks first.

The engine decides every answer: :func:`~tarot_teach.has_petit_sec`,
:class:`~tarot_teach.RuleSet` (hand and dog sizes),
:class:`~tarot_teach.GameState` (who bids and leads first),
:class:`~tarot_teach.Ledger` (who deals next). The engine deals legally
(:func:`tarot_teach.deal.dealing_order`) and checks a dealing order
(:func:`tarot_teach.deal.dog_position_problems`).

>>> dog_position_problems(RuleSet(players=4), [3, 7, 11, 15, 19, 23])
[]
>>> dog_position_problems(RuleSet(players=4), [0, 7, 11, 15, 19, 23])
['Card 1 goes to the dog: the first card of the pack never goes to the dog.']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import ipywidgets as widgets

from ..cards import DECK, Card, parse_cards, sort_cards
from ..deal import deal_hands, dealing_order, dog_position_problems, has_petit_sec
from ..game import GameState
from ..ledger import Ledger
from ..rules import RuleSet
from .base import AnswerError, Exercise, Feedback, read_number, section_link
from .render import PLAYER_NAMES, cards_html, escape_text

__all__ = [
    "dog_position_problems", "DealSequence", "steps_to_positions", "legal_deal_steps", "check_dealing_order",
    "DealingOrderExercise", "random_deal_sequence", "random_petit_sec_hand", "deal_strip_html", "check_petit_sec", "PetitSecExercise", "check_hand_sizes",
    "HandSizesExercise", "TableQuestion", "PLAYER_NAMES", "first_to_speak", "next_dealer",
    "check_table_answer", "table_svg", "WhoDealsExercise",
]

PAGE = "04-dealing"
THE_DOG = section_link(PAGE, "the-dog", "The dog")
HOW_MANY = section_link(PAGE, "how-many-cards", "How many cards")
PETIT_SEC = section_link(PAGE, "petit-sec", "Petit sec")
WHO_DEALS = section_link(PAGE, "who-deals-next-and-who-speaks-first",
                         "Who deals next and who speaks first")

"""Seat names in the order of play: each one plays after the one before (to their right)."""


# ----- the dog's place in the deal ---------------------------------------------------------

def steps_to_positions(steps, packet_size: int = 3) -> list[int]:
    """The 0-based dog positions of a deal written as steps: ``"P"`` a packet, ``"D"`` a dog card.

    >>> steps_to_positions("PDPPD")
    [3, 10]
    """
    positions, position = [], 0
    for step in steps:
        if step == "D":
            positions.append(position)
            position += 1
        else:
            position += packet_size
    return positions


@dataclass(frozen=True)
class DealSequence:
    """A deal written as steps (``"P"`` packet of three, ``"D"`` one card to the dog)."""

    players: int
    steps: str

    @property
    def rules(self) -> RuleSet:
        return RuleSet(players=self.players)

    @property
    def positions(self) -> list[int]:
        return steps_to_positions(self.steps, self.rules.packet_size)


def legal_deal_steps(rules: RuleSet, rng: random.Random) -> str:
    """A legal deal as steps, laid out by the engine's own ``dealing_order``.

    >>> steps = legal_deal_steps(RuleSet(players=4), random.Random(3))
    >>> len(steps), steps.count("D"), dog_position_problems(RuleSet(players=4), steps_to_positions(steps))
    (30, 6, [])
    """
    _pack, positions = dealing_order(rules, rng)  # the engine's own legal deal
    packets = rules.players * rules.hand_size // rules.packet_size
    steps, position, dog = [], 0, set(positions)
    while len(steps) < packets + rules.dog_size:
        if position in dog:
            steps.append("D")
            position += 1
        else:
            steps.append("P")
            position += rules.packet_size
    return "".join(steps)


def random_deal_sequence(rng: random.Random) -> DealSequence:
    """A deal order drawn with ``rng``: legal about half the time, else broken in one way."""
    players = rng.choice([4, 4, 3, 5])
    rules = RuleSet(players=players)
    steps = list(legal_deal_steps(rules, rng))
    fault = rng.choice(["none", "none", "first", "last", "row"])
    if fault != "none":
        dog_indices = [i for i, s in enumerate(steps) if s == "D"]
        moved = dog_indices[rng.randrange(len(dog_indices))]
        del steps[moved]
        if fault == "first":
            steps.insert(0, "D")
        elif fault == "last":
            steps.append("D")
        else:
            others = [i for i, s in enumerate(steps) if s == "D"]
            steps.insert(others[rng.randrange(len(others))], "D")
    return DealSequence(players, "".join(steps))


def check_dealing_order(question: DealSequence, verdict) -> Feedback:
    """Judge "legal" / "illegal" for a dealing order; the reasons come from :func:`dog_position_problems`.

    >>> check_dealing_order(DealSequence(5, "D" + "P" * 25 + "DD"), "illegal").ok
    True
    """
    if verdict not in ("legal", "illegal"):
        raise AnswerError("Choose legal or illegal first.")
    problems = dog_position_problems(question.rules, question.positions)
    right = "illegal" if problems else "legal"
    if verdict == right:
        message = "Right: this deal breaks the rules." if problems else "Right: this deal is legal."
        return Feedback(True, message, problems)
    if problems:
        return Feedback(False, "No: this deal breaks the rules.", problems, THE_DOG)
    return Feedback(False, "No: this deal is legal.",
                    ["The dog gets single cards between packets, never the first card, never the "
                     "last, never two in a row — and this deal does all that."], THE_DOG)


def deal_strip_html(question: DealSequence) -> str:
    """The deal as a wrapping row of chips: grey "3" for a packet, a yellow "dog" for a dog card."""
    chips = []
    for number, step in enumerate(question.steps, start=1):
        if step == "D":
            chips.append('<span title="one card to the dog" style="display:inline-block;'
                         'min-width:2.4em;text-align:center;margin:2px;padding:2px 3px;'
                         'border:2px solid #8a6d00;background:#FFE9A8;border-radius:4px;'
                         'font-weight:bold">dog</span>')
        else:
            chips.append('<span title="a packet of three cards to a player" '
                         'style="display:inline-block;min-width:1.6em;text-align:center;'
                         'margin:2px;padding:2px 3px;border:1px solid #777;background:#EEE;'
                         'border-radius:4px">3</span>')
    return ('<div style="display:flex;flex-wrap:wrap;align-items:center" '
            'aria-label="the deal, step by step">' + "".join(chips) + "</div>")


class DealingOrderExercise(Exercise):
    """A deal shown step by step (packets and dog cards): is it legal?"""

    title = "Is this deal legal?"
    section = THE_DOG

    def build_inputs(self) -> list:
        self.strip = widgets.HTML()
        self.verdict = widgets.RadioButtons(options=["legal", "illegal"], value=None)
        return [self.strip, self.verdict]

    def make_question(self, rng: random.Random) -> DealSequence:
        return random_deal_sequence(rng)

    def show_question(self, question: DealSequence) -> None:
        rules = question.rules
        self.prompt.value = (f"{question.players} players. The dealer deals the 78 cards from the "
                             f"start, reading left to right: each grey <b>3</b> is a packet of three "
                             f"cards to the next player, each yellow <b>dog</b> one card put into "
                             f"the dog ({rules.dog_size} in all). Is this deal legal?")
        self.strip.value = deal_strip_html(question)
        self.verdict.value = None

    def read_answer(self):
        return self.verdict.value

    def judge(self, question, answer) -> Feedback:
        return check_dealing_order(question, answer)

    def solution(self, question) -> str:
        problems = dog_position_problems(question.rules, question.positions)
        if not problems:
            return "Legal: every dog card falls between packets, not first, not last, never two in a row."
        return "Illegal. " + " ".join(problems)


# ----- petit sec ---------------------------------------------------------------------------

def check_petit_sec(hand, verdict) -> Feedback:
    """Judge yes/no to "is this hand petit sec?" (the engine's ``has_petit_sec`` decides).

    >>> check_petit_sec(parse_cards("T1 KH 3S"), "yes").ok
    True
    >>> check_petit_sec(parse_cards("T1 EX 3S"), "yes").details
    ['The hand holds the Excuse: with the Excuse, the Petit is not sec.']
    """
    if verdict not in ("yes", "no"):
        raise AnswerError("Choose yes or no first.")
    hand = parse_cards(hand)
    sec = has_petit_sec(hand)
    trumps = [card for card in hand if card.is_trump]
    if sec:
        reasons = ["The Petit is the only trump and there is no Excuse: petit sec. "
                   "The player shows it and the deal is void."]
    else:
        reasons = []
        if not any(card.rank == 1 for card in trumps):
            reasons.append("There is no Petit (trump 1) in this hand.")
        else:
            others = [str(card) for card in sort_cards(trumps) if card.rank != 1]
            if others:
                reasons.append(f"The Petit is not alone: the hand also holds {', '.join(others)}.")
            if any(card.is_excuse for card in hand):
                reasons.append("The hand holds the Excuse: with the Excuse, the Petit is not sec.")
    right = "yes" if sec else "no"
    if verdict == right:
        return Feedback(True, "Right: petit sec." if sec else "Right: not petit sec.", reasons)
    return Feedback(False, "No: this hand is petit sec." if sec else "No: this hand is not petit sec.",
                    reasons, PETIT_SEC)


def random_petit_sec_hand(rng: random.Random) -> tuple[Card, ...]:
    """A hand of 18: petit sec, or close to it (Petit with the Excuse or one more trump), or dealt."""
    kind = rng.choice(["sec", "sec", "excuse", "one_more", "no_trump", "dealt"])
    if kind == "dealt":
        hands, _ = deal_hands(RuleSet(players=4), seed=rng.getrandbits(32))
        return tuple(sort_cards(hands[rng.randrange(4)]))
    plain = [card for card in DECK if card.suit.is_plain]
    special = {"sec": ["T1"], "excuse": ["T1", "EX"], "no_trump": [],
               "one_more": ["T1", f"T{rng.randint(2, 21)}"]}[kind]
    hand = parse_cards(special) + rng.sample(plain, 18 - len(special))
    return tuple(sort_cards(hand))


class PetitSecExercise(Exercise):
    """A hand of 18 cards: is it petit sec?"""

    title = "Petit sec?"
    section = PETIT_SEC

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.verdict = widgets.RadioButtons(options=["yes", "no"], value=None)
        return [self.hand_view, self.verdict]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        return random_petit_sec_hand(rng)

    def show_question(self, question) -> None:
        self.prompt.value = "You have just picked up this hand. Is it petit sec?"
        self.hand_view.value = cards_html(question, size="small")
        self.verdict.value = None

    def read_answer(self):
        return self.verdict.value

    def judge(self, question, answer) -> Feedback:
        return check_petit_sec(question, answer)

    def solution(self, question) -> str:
        verdict = "yes" if has_petit_sec(question) else "no"
        return ("Yes: " if verdict == "yes" else "No. ") + " ".join(
            check_petit_sec(question, verdict).details)


# ----- hand and dog sizes ------------------------------------------------------------------

def check_hand_sizes(players: int, typed_hand, typed_dog) -> Feedback:
    """Judge the hand size and dog size named for a table (the engine's ``RuleSet`` decides).

    >>> check_hand_sizes(5, "15", "3").ok
    True
    >>> check_hand_sizes(3, "18", "6").message
    'No: with 3 players each hand has 24 cards and the dog 6.'
    """
    hand = read_number(typed_hand, "the number of cards in a hand", allow_half=False)
    dog = read_number(typed_dog, "the number of cards in the dog", allow_half=False)
    rules = RuleSet(players=players)
    details = [f"{players} × {rules.hand_size} + {rules.dog_size} = "
               f"{players * rules.hand_size + rules.dog_size} cards."]
    if hand == rules.hand_size and dog == rules.dog_size:
        return Feedback(True, f"Right: {rules.hand_size} cards each and a dog of {rules.dog_size}.",
                        details)
    return Feedback(False, f"No: with {players} players each hand has {rules.hand_size} cards "
                    f"and the dog {rules.dog_size}.", details, HOW_MANY)


class HandSizesExercise(Exercise):
    """How many cards in each hand, and in the dog, for 3, 4 or 5 players?"""

    title = "How many cards?"
    section = HOW_MANY

    def build_inputs(self) -> list:
        layout = widgets.Layout(width="7em", max_width="100%")
        self.hand = widgets.Text(placeholder="hand", layout=layout)
        self.dog = widgets.Text(placeholder="dog", layout=layout)
        return [widgets.HBox([widgets.HTML("Cards in each hand:&nbsp;"), self.hand],
                             layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([widgets.HTML("Cards in the dog:&nbsp;"), self.dog],
                             layout=widgets.Layout(flex_flow="row wrap"))]

    def make_question(self, rng: random.Random) -> int:
        return rng.choice([3, 4, 5])

    def show_question(self, question: int) -> None:
        self.prompt.value = f"A game with <b>{question} players</b>. How many cards does each player get, and how many go to the dog?"
        self.hand.value = ""
        self.dog.value = ""

    def read_answer(self):
        return self.hand.value, self.dog.value

    def judge(self, question, answer) -> Feedback:
        return check_hand_sizes(question, *answer)

    def solution(self, question) -> str:
        rules = RuleSet(players=question)
        return (f"With {question} players: {rules.hand_size} cards each and a dog of "
                f"{rules.dog_size} ({question} × {rules.hand_size} + {rules.dog_size} = 78).")


# ----- who deals next, who speaks first --------------------------------------------------

@dataclass(frozen=True)
class TableQuestion:
    """A table of ``players`` seated in the order of play; ``dealer`` is a seat; ``ask`` is
    ``"first"`` (who bids and leads first) or ``"next_dealer"``."""

    players: int
    dealer: int
    ask: str

    @property
    def names(self) -> tuple[str, ...]:
        return PLAYER_NAMES[:self.players]


def first_to_speak(players: int, dealer: int) -> int:
    """The seat that bids first and leads the first trick, from the engine's ``GameState``.

    >>> first_to_speak(4, 3)
    0
    """
    rules = RuleSet(players=players)
    for seed in range(100):
        state = GameState.new(rules, seed=seed, dealer=dealer)
        if state.to_act is not None:  # a void deal (petit sec) has nobody to act
            return state.to_act
    raise RuntimeError("no playable deal found")  # pragma: no cover


def next_dealer(players: int, dealer: int) -> int:
    """The seat that deals the next deal, from the engine's score sheet (``Ledger``).

    >>> next_dealer(5, 2)
    3
    """
    sheet = Ledger(players=players, dealer=dealer)
    sheet.add(None, void=True)  # any deal, played or void, passes the deal on
    return sheet.dealer


def _answer_seat(question: TableQuestion) -> int:
    if question.ask == "first":
        return first_to_speak(question.players, question.dealer)
    return next_dealer(question.players, question.dealer)


def check_table_answer(question: TableQuestion, chosen) -> Feedback:
    """Judge the player named as first to speak / next dealer.

    >>> check_table_answer(TableQuestion(4, 0, "first"), "Bruno").ok
    True
    """
    if chosen not in question.names:
        raise AnswerError("Choose a player first.")
    seat = _answer_seat(question)
    right = question.names[seat]
    dealer = question.names[question.dealer]
    if question.ask == "first":
        reason = (f"{dealer} deals, so the player to {dealer}'s right, {right}, speaks first "
                  "and leads the first trick.")
    else:
        reason = (f"The deal passes to the right: after {dealer} comes {right}, whether the deal "
                  "was played or void.")
    if chosen == right:
        return Feedback(True, f"Right: {right}.", [reason])
    extra = []
    if chosen == dealer:
        extra.append("The dealer is always the last to speak.")
    elif question.players > 2 and question.names.index(chosen) == (question.dealer - 1) % question.players:
        extra.append(f"{chosen} is on {dealer}'s left: that is the player who cuts.")
    return Feedback(False, f"No: {right}.", [reason] + extra, WHO_DEALS)


def table_svg(question: TableQuestion) -> str:
    """The table seen from above: names in the order of play, counter-clockwise, the dealer marked."""
    import math

    size, radius = 260, 92
    centre = size / 2
    parts = [f'<svg role="img" aria-label="A table of {question.players} players; '
             f'{escape_text(question.names[question.dealer])} deals" viewBox="0 0 {size} {size}" '
             f'width="{size}" style="max-width:100%;height:auto" xmlns="http://www.w3.org/2000/svg">',
             f'<circle cx="{centre}" cy="{centre}" r="55" fill="#2E7D4F" stroke="#1B4D30"/>',
             f'<text x="{centre}" y="{centre - 4}" text-anchor="middle" font-size="13" '
             f'font-family="sans-serif" fill="#FFF">play goes</text>',
             f'<text x="{centre}" y="{centre + 14}" text-anchor="middle" font-size="13" '
             f'font-family="sans-serif" fill="#FFF">↺ anticlockwise</text>']
    for seat, name in enumerate(question.names):
        angle = math.radians(270 + 360 * seat / question.players)
        x = centre + radius * math.cos(angle)
        y = centre - radius * math.sin(angle)
        dealer = seat == question.dealer
        parts.append(f'<rect x="{x - 34:.1f}" y="{y - 13:.1f}" width="68" height="26" rx="6" '
                     f'fill="{"#FFE9A8" if dealer else "#FFF"}" '
                     f'stroke="{"#8a6d00" if dealer else "#555"}" '
                     f'stroke-width="{2.5 if dealer else 1}"/>')
        parts.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="13" '
                     f'font-family="sans-serif" font-weight="{"bold" if dealer else "normal"}">'
                     f'{escape_text(name)}</text>')
        if dealer:
            parts.append(f'<text x="{x:.1f}" y="{y + 26:.1f}" text-anchor="middle" font-size="11" '
                         f'font-family="sans-serif" fill="#8a6d00">dealer</text>')
    parts.append("</svg>")
    return "".join(parts)


class WhoDealsExercise(Exercise):
    """A table with its dealer: who speaks first, or who deals next?"""

    title = "Who speaks first? Who deals next?"
    section = WHO_DEALS

    def build_inputs(self) -> list:
        self.table = widgets.HTML()
        self.choice = widgets.RadioButtons(options=list(PLAYER_NAMES[:4]), value=None)
        return [self.table, self.choice]

    def make_question(self, rng: random.Random) -> TableQuestion:
        players = rng.choice([4, 4, 3, 5])
        return TableQuestion(players, rng.randrange(players), rng.choice(["first", "next_dealer"]))

    def show_question(self, question: TableQuestion) -> None:
        dealer = question.names[question.dealer]
        if question.ask == "first":
            ask = f"{dealer} has just dealt. Who speaks first in the bidding?"
        else:
            ask = f"{dealer} dealt this deal. Who deals the next one?"
        self.prompt.value = f"A table of {question.players}, seen from above. {escape_text(ask)}"
        self.table.value = table_svg(question)
        self.choice.options = list(question.names)
        self.choice.value = None

    def read_answer(self):
        return self.choice.value

    def judge(self, question, answer) -> Feedback:
        return check_table_answer(question, answer)

    def solution(self, question) -> str:
        right = question.names[_answer_seat(question)]
        return f"{right}. " + " ".join(check_table_answer(question, right).details)
