"""Cards, points, bouts and the target (chapters 1-3): questions and judges.

Card names are read by the engine's ``parse_card``, points by ``points``, bouts by
``count_bouts``, targets by ``target_for``, the higher card by ``trick_winner`` and
made/failed by ``score``.

>>> check_target(parse_cards("T21 EX 3H"), 41).ok
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ..cards import (DECK, Card, InvalidCard, parse_card, parse_cards, points, count_bouts,
                     sort_cards)
from ..deal import deal_hands
from ..names import sentence, the
from ..rules import RuleSet
from ..scoring import explain_score, score, target_for
from ..tricks import trick_winner
from .feedback import AnswerError, Feedback, section_link
from .inputs import half_text, read_number, read_text

__all__ = ["half_text", "short_line", "check_card_name", "check_pile_points", "check_bouts_clicked",
    "check_higher_card", "check_target", "ContractQuestion", "check_contract", "random_card",
    "random_pile", "random_hand_with_bouts", "random_pair", "random_target_pile",
    "random_contract_question", "card_name_solution"]

CARDS_NOTATION = section_link("01-welcome", "how-cards-are-written", "How cards are written")
CARD_POINTS = section_link("02-cards", "card-points", "Card points")
THE_BOUTS = section_link("02-cards", "the-bouts", "The bouts")
SUITS_AND_RANKS = section_link("02-cards", "suits-and-ranks", "Suits and ranks")
THE_TARGET = section_link("03-bouts", "the-target", "The target")
MADE_OR_FAILED = section_link("03-bouts", "made-or-failed", "Made or failed")
HALF_POINT = section_link("03-bouts", "the-half-point", "The half point")


def short_line(cards) -> str:
    """Cards as text, with trumps written so they cannot be taken for plain cards.

    >>> short_line(parse_cards("KH T7 EX 10S"))
    'K♥ T7 Excuse 10♠'
    """
    words = []
    for card in parse_cards(cards):
        if card.is_trump:
            words.append(str(card))
        elif card.is_excuse:
            words.append("Excuse")
        else:
            words.append(card.label)
    return " ".join(words)


def _short(card: Card) -> str:
    return short_line([card])


def _random_hand(rng: random.Random, players: int = 4) -> list[Card]:
    hands, _dog = deal_hands(RuleSet(players=players), seed=rng.getrandbits(32))
    return hands[rng.randrange(players)]


def random_card(rng: random.Random) -> Card:
    """Any card of the pack."""
    return DECK[rng.randrange(len(DECK))]


def random_pile(rng: random.Random, min_cards: int = 4, max_cards: int = 9) -> tuple[Card, ...]:
    """A small pile of cards to count, sorted."""
    return tuple(sort_cards(rng.sample(DECK, rng.randint(min_cards, max_cards))))


def random_hand_with_bouts(rng: random.Random) -> tuple[Card, ...]:
    """A hand from a real seeded deal that holds at least one bout."""
    while True:
        hand = _random_hand(rng)
        if count_bouts(hand):
            return tuple(hand)


def random_pair(rng: random.Random) -> tuple[Card, Card]:
    """Two cards that can be compared: same suit, two trumps, or a trump and a plain card."""
    kind = rng.choice(["suit", "suit", "courts", "trumps", "trump-plain"])
    plain = [c for c in DECK if c.suit.is_plain]
    trumps = [c for c in DECK if c.is_trump]
    if kind == "trump-plain":
        pair = [rng.choice(trumps[:8]), rng.choice([c for c in plain if c.rank >= 9])]
    elif kind == "trumps":
        pair = rng.sample(trumps, 2)
    else:
        suit = rng.choice(plain).suit
        ranks = [c for c in plain if c.suit is suit and (kind == "suit" or c.rank >= 9)]
        pair = rng.sample(ranks, 2)
    rng.shuffle(pair)
    return tuple(pair)


def random_target_pile(rng: random.Random) -> tuple[Card, ...]:
    """A taker's pile with 0 to 3 bouts and 14 to 26 other cards."""
    bouts = rng.choice([0, 1, 1, 2, 2, 3])
    chosen = rng.sample([c for c in DECK if c.is_bout], bouts)
    others = rng.sample([c for c in DECK if not c.is_bout], rng.randint(14, 26))
    return tuple(sort_cards(chosen + others))


# ----- chapter 1: name that card ---------------------------------------------------------

def check_card_name(card: Card, typed: str) -> Feedback:
    """Judge a card name typed for the card shown (read by the engine's ``parse_card``).

    >>> check_card_name(parse_card("KH"), "RH").ok   # French letters work too
    True
    >>> check_card_name(parse_card("KH"), "QH").message
    'QH is the Queen of hearts; the card shown is the King of hearts.'
    """
    text = read_text(typed, "a card's name", limit=40)
    if not text:
        raise AnswerError("Type the card's name in the box first, for example KH or T12.")
    try:
        named = parse_card(text)
    except InvalidCard as problem:
        raise AnswerError(str(problem)) from None
    if named is card:
        extra = "" if text.upper() == str(card) else f" (the book writes it {card})"
        return Feedback(True, f"Right: {text} is {the(card)}{extra}.")
    return Feedback(False, f"{text} is {the(named)}; the card shown is {the(card)}.",
                    [f"{sentence(the(card))} is written {card}."], CARDS_NOTATION)




def card_name_solution(card: Card) -> str:
    """How a card is written, as a sentence.

    >>> card_name_solution(parse_card("T1"))
    'This is the Petit (trump 1), written T1.'
    """
    return f"This is {the(card)}, written {card}."


# ----- chapter 2: counting points --------------------------------------------------------

def check_pile_points(pile, typed) -> Feedback:
    """Judge the points counted for a pile; a wrong count is explained card by card.

    >>> result = check_pile_points(parse_cards("KH 7C"), "4.5")
    >>> result.ok, result.message
    (False, 'Not quite: these cards count 5 points.')
    >>> result.details[:2]
    ['K♥ (King of hearts): 4.5', '7♣ (7 of clubs): 0.5']
    """
    pile = parse_cards(pile)
    value = read_number(typed, "the number of points")
    total = points(pile)
    if value == total:
        return Feedback(True, f"Right: {half_text(total)} points.")
    details = [f"{_short(card)} ({card.name}): {half_text(card.points)}" for card in pile]
    details.append(f"Total: {half_text(total)} points (you typed {half_text(value)}).")
    return Feedback(False, f"Not quite: these cards count {half_text(total)} points.",
                    details, CARD_POINTS)


def check_bouts_clicked(hand, chosen) -> Feedback:
    """Judge the cards clicked as the bouts of a hand.

    >>> check_bouts_clicked(parse_cards("T21 T20 KH"), ["T21"]).ok
    True
    >>> check_bouts_clicked(parse_cards("T21 T20 KH"), ["T21", "KH"]).details
    ['K♥ is not a bout: the only bouts are the 21, the Petit (trump 1) and the Excuse.']
    """
    hand = parse_cards(hand)
    chosen = set(parse_cards(chosen))
    if not chosen:
        raise AnswerError("Click every bout in the hand (there is at least one), then Check.")
    bouts = {card for card in hand if card.is_bout}
    if chosen == bouts:
        return Feedback(True, f"Right: {short_line(sort_cards(bouts))} — "
                        f"{count_bouts(hand)} bout{'s' if len(bouts) > 1 else ''}.")
    details = [f"{_short(card)} is not a bout: the only bouts are the 21, the Petit (trump 1) "
               "and the Excuse." for card in sort_cards(chosen - bouts)]
    details += [f"{_short(card)} ({card.name}) is a bout too." for card in sort_cards(bouts - chosen)]
    return Feedback(False, "Not quite.", details, THE_BOUTS)


def check_higher_card(pair, chosen) -> Feedback:
    """Judge the card clicked as the higher of two (the engine's ``trick_winner`` decides).

    >>> check_higher_card(parse_cards("10S JS"), ["JS"]).ok
    True
    >>> check_higher_card(parse_cards("KH T1"), ["KH"]).message
    'No: T1 ranks higher.'
    """
    pair = parse_cards(pair)
    chosen = parse_cards(chosen)
    if len(chosen) != 1:
        raise AnswerError("Click the one card that ranks higher, then Check.")
    higher = trick_winner(pair)
    card = chosen[0]
    if card is higher:
        return Feedback(True, f"Right: {_short(higher)} ({higher.name}) ranks higher.")
    if higher.is_trump and not card.is_trump:
        reason = "Every trump, even the Petit, beats every card of a plain suit."
    elif higher.is_trump:
        reason = f"Among trumps, the higher number wins: {higher.rank} beats {card.rank}."
    elif card.rank == 1:
        reason = "The 1 is the lowest card of its suit."
    else:
        reason = ("High to low, a suit runs King, Queen, Knight, Jack, then 10 down to 1: "
                  f"{the(higher)} beats {the(card)}.")
    return Feedback(False, f"No: {_short(higher)} ranks higher.", [reason], SUITS_AND_RANKS)


# ----- chapter 3: the target and the contract ------------------------------------------

def check_target(pile, typed) -> Feedback:
    """Judge the target named for a taker's pile (``count_bouts`` then ``target_for``).

    >>> check_target(parse_cards("T1 KH"), "41").message
    'No: this pile holds 1 bout, so the taker needs 51 points.'
    """
    pile = parse_cards(pile)
    value = read_number(typed, "the target", allow_half=False)
    bouts = count_bouts(pile)
    target = target_for(bouts)
    if value == target:
        return Feedback(True, f"Right: {bouts} bout{'s' if bouts != 1 else ''}, target {target}.")
    found = [card for card in sort_cards(pile) if card.is_bout]
    detail = (f"Bouts in the pile: {short_line(found)}." if found
              else "There is no bout in the pile (no 21, no Petit, no Excuse).")
    return Feedback(False, f"No: this pile holds {bouts} bout{'s' if bouts != 1 else ''}, "
                    f"so the taker needs {target} points.",
                    [detail, "Targets: 3 bouts 36, 2 bouts 41, 1 bout 51, no bout 56."],
                    THE_TARGET)


@dataclass(frozen=True)
class ContractQuestion:
    """The taker's card points (as half points), bouts, and the number of players."""

    taker_half_points: int
    bouts: int
    players: int = 4

    @property
    def taker_points(self) -> Fraction:
        return Fraction(self.taker_half_points, 2)

    def summary(self) -> dict:
        """The deal summary the engine scores (a Take, nothing else)."""
        return {"players": self.players, "bid": "take", "taker_points": half_text(self.taker_points),
                "taker_bouts": self.bouts}


def random_contract_question(rng: random.Random, half_points: bool = False) -> "ContractQuestion":
    """Points near the target: whole points with four players, or (``half_points``) a half
    point with three or five."""
    bouts = rng.choice([0, 1, 1, 2, 2, 3])
    target = target_for(bouts)
    if half_points:
        halves = 2 * (target + rng.randint(-4, 3)) + 1
        return ContractQuestion(halves, bouts, rng.choice([3, 5]))
    return ContractQuestion(2 * (target + rng.randint(-12, 12)), bouts, 4)


def check_contract(question: ContractQuestion, verdict, typed_margin) -> Feedback:
    """Judge "made or failed, and by how much" against the engine's ``score``.

    >>> check_contract(ContractQuestion(96, 1), "made", "3").message
    'No: with 48 points and 1 bout the contract is failed by 3.'
    """
    if verdict not in ("made", "failed"):
        raise AnswerError("Choose made or failed first.")
    margin = read_number(typed_margin, "by how many points", allow_half=False)
    result = score(question.summary())
    lines = explain_score(question.summary())[:2]
    right_verdict = "made" if result["contract_made"] else "failed"
    plural = "s" if question.bouts != 1 else ""
    facts = f"{half_text(question.taker_points)} points and {question.bouts} bout{plural}"
    if verdict == right_verdict and margin == result["margin"]:
        return Feedback(True, f"Right: {right_verdict} by {result['margin']}.", lines)
    section = HALF_POINT if question.taker_half_points % 2 else MADE_OR_FAILED
    return Feedback(False, f"No: with {facts} the contract is {right_verdict} by {result['margin']}.",
                    lines, section)
