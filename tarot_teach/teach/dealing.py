"""The deal (chapter 4): dealing order, petit sec, hand sizes, who deals and speaks first.

The engine decides: ``dog_position_problems``, ``has_petit_sec``, ``RuleSet``,
``first_to_act`` and ``next_dealer``.

>>> check_hand_sizes(5, 15, 3).ok
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK, Card, parse_cards, sort_cards
from ..deal import deal_hands, dealing_order, dog_position_problems, has_petit_sec
from ..bidding import first_to_act, next_dealer as engine_next_dealer
from ..names import seat_names
from ..rules import RuleSet
from .feedback import AnswerError, Feedback, section_link
from .inputs import read_number

__all__ = ["DealSequence", "steps_to_positions", "legal_deal_steps", "check_dealing_order",
    "random_deal_sequence", "random_petit_sec_hand", "check_petit_sec", "check_hand_sizes",
    "TableQuestion", "first_to_speak", "next_dealer", "check_table_answer"]

PAGE = "04-dealing"
THE_DOG = section_link(PAGE, "the-dog", "The dog")
HOW_MANY = section_link(PAGE, "how-many-cards", "How many cards")
PETIT_SEC = section_link(PAGE, "petit-sec", "Petit sec")
WHO_DEALS = section_link(PAGE, "who-deals-next-and-who-speaks-first",
                         "Who deals next and who speaks first")



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
        return seat_names(self.players)


def first_to_speak(players: int, dealer: int) -> int:
    """The seat that bids first and leads the first trick: the engine's
    :func:`tarot_teach.first_to_act` (arguments in this module's order: players, dealer).

    >>> first_to_speak(4, 3)
    0
    """
    return first_to_act(dealer, players)


def next_dealer(players: int, dealer: int) -> int:
    """The seat that deals the next deal: the engine's :func:`tarot_teach.next_dealer`
    (arguments in this module's order: players, dealer).

    >>> next_dealer(5, 2)
    3
    """
    return engine_next_dealer(dealer, players)


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
