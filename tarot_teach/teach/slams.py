"""Slams (chapter 9): who announces one and when, who leads then, and what a slam is worth.

The announcement questions come from a real deal played by the engine up to the
moment the taker is asked about a slam (``Phase.SLAM``); who acts then, which phase
came just before, and who leads after ``chelem`` or ``no_chelem`` are read from the
engine's state. The values come from :func:`tarot_teach.score`: a slam's bonus is the
hand score with the slam less the hand score of the same deal without it.

>>> question = random_announce_question(random.Random(3))
>>> check_announcement(question, question.taker, question.before, question.leader).ok
True
>>> summary = {"players": 4, "bid": "guard", "taker_points": 3, "taker_bouts": 0,
...            "chelem": "announced_failed_defence"}
>>> slam_bonus(summary)
-400
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ..bidding import dog_destination
from ..cards import BOUTS, DECK, EXCUSE, PETIT, Card
from ..declarations import Poignee, Slam
from ..game import GameState
from ..names import seat_names
from ..rules import Bid, Phase, RuleSet
from ..scoring import CHELEM_WORDS, explain_score, score
from .feedback import AnswerError, Feedback, section_link
from .piles import PileFacts, draw_pile

__all__ = ["ANYONE", "WHEN", "AnnounceQuestion", "random_announce_question", "check_announcement",
           "SLAM_OUTCOMES", "TAKER_SLAMS", "random_slam_summary", "slam_bonus", "check_slam_score",
           "SLAM_SECTION"]

SLAM_SECTION = section_link("09-scoring", "slams", "Slams")

ANYONE = -1
"""The "any player" answer to "who may announce a slam?"."""

WHEN = {
    "after_discard": "After the taker has taken the dog and discarded",
    "after_auction": "As soon as the auction is over, before any card is played",
    "before_auction": "Before the auction, when the cards are dealt",
}
"""The answers offered to "when is a slam announced?" (the engine decides which is right)."""

_BIDS = (Bid.TAKE, Bid.GUARD, Bid.GUARD_WITHOUT, Bid.GUARD_AGAINST)


@dataclass(frozen=True)
class AnnounceQuestion:
    """A deal stopped when the taker must say whether a slam is announced.

    ``auction`` lists ``(seat, bid)`` in order; ``before`` is the key of :data:`WHEN`
    for the step the engine went through just before; ``leader`` is who leads the first
    trick after the taker's choice ``announced``.
    """

    players: int
    dealer: int
    auction: tuple[tuple[int, Bid], ...]
    taker: int
    bid: Bid
    announced: bool
    before: str
    leader: int

    @property
    def names(self) -> tuple[str, ...]:
        return seat_names(self.players)


def random_announce_question(rng: random.Random, players: "int | None" = None) -> AnnounceQuestion:
    """A real deal (3, 4 or 5 players) played by the engine to the taker's slam choice."""
    players = players or rng.choice((3, 4, 4, 5))
    while True:
        state = GameState.new(RuleSet(players=players), seed=rng.getrandbits(32),
                              dealer=rng.randrange(players))
        if state.is_over:
            continue
        bidder = rng.randrange(players)
        bid = rng.choice(_BIDS)
        auction = []
        while state.phase is Phase.BIDDING:
            seat = state.to_act
            action = bid if seat == bidder and bid in state.legal_actions() else Bid.PASS
            state.play(action)
            auction.append((seat, action))
        if state.phase not in (Phase.CALLING, Phase.DISCARD, Phase.SLAM):
            continue  # everybody passed, or the bid was not allowed
        before = Phase.BIDDING
        while state.phase is not Phase.SLAM:
            before = state.phase
            actions = state.legal_actions()
            state.play(actions[rng.randrange(len(actions))])
        announced = rng.random() < 0.5
        after = state.copy()
        after.play("chelem" if announced else "no_chelem")
        return AnnounceQuestion(players, state.dealer, tuple(auction), state.to_act, bid,
                                announced, "after_discard" if before is Phase.DISCARD
                                else "after_auction", after.to_act)


def check_announcement(question: AnnounceQuestion, who, when, leader) -> Feedback:
    """Judge who may announce (a seat or :data:`ANYONE`), when (a key of :data:`WHEN`), and who
    leads the first trick (a seat).

    >>> question = random_announce_question(random.Random(3))
    >>> feedback = check_announcement(question, ANYONE, question.before, question.leader)
    >>> feedback.ok, feedback.details[0].startswith("Only the taker")
    (False, True)
    """
    if who is None or when is None or leader is None:
        raise AnswerError("Answer all three questions (who, when, who leads), then Check.")
    if when not in WHEN:
        raise AnswerError("Choose one of the moments offered for the announcement.")
    names = question.names
    taker = names[question.taker]
    details = []
    if who != question.taker:
        details.append(f"Only the taker may announce a slam: here {taker}, who bid "
                       f"{question.bid.english}. Nobody else is asked.")
    if when != question.before:
        if question.before == "after_discard":
            details.append(f"With {question.bid.english} the taker first takes the dog and "
                           "discards; the slam is announced after the discard.")
        else:
            details.append(f"With {question.bid.english} nobody takes the dog, so the taker "
                           "announces the slam (or not) as soon as the auction is over.")
    if leader != question.leader:
        if question.announced:
            details.append(f"{taker} announced a slam, and the one who announces a slam leads "
                           f"the first trick: {names[question.leader]}, not {names[leader]}.")
        else:
            details.append(f"No slam was announced, so the first trick is led as usual by the "
                           f"player who spoke first in the auction: {names[question.leader]}, "
                           f"not {names[leader]}.")
    if not details:
        lead = "as the announcer" if question.announced else "having spoken first"
        return Feedback(True, f"Right: only {taker} may announce, "
                        f"{WHEN[question.before].lower()}, and {names[question.leader]} "
                        f"leads the first trick, {lead}.")
    right = 3 - len(details)
    return Feedback(False, f"{right} of your 3 answers {'is' if right == 1 else 'are'} right.",
                    details, SLAM_SECTION)


# ----- what a slam is worth ----------------------------------------------------------------

SLAM_OUTCOMES = ("announced_made", "made", "announced_failed", "defence",
                 "announced_failed_defence")
"""The slam items (and the one combined case) the value questions draw from."""


TAKER_SLAMS = ("announced_made", "made")
"""The slam outcomes in which the taker took every trick."""


def random_slam_summary(rng: random.Random, outcome: "str | None" = None) -> dict:
    """A four-player deal summary with a slam, its facts a deal that can happen.

    A slam by one side is a real deal played by the engine (:func:`_slam_deal`), so its
    points and bouts are what the taker's pile holds then: every card (91 points, 3 bouts),
    all but the Excuse a defender kept (87, 2 bouts), less the dog under Guard against,
    which counts for the defence; after a defence slam, the discard alone. A slam announced
    and missed states points the taker can hold when the defence won a trick
    (:func:`_most_points`).

    >>> summary = random_slam_summary(random.Random(2), "made")
    >>> summary["chelem"], summary["taker_points"] <= 91 and summary["taker_bouts"] >= 2
    ('made', True)
    """
    outcome = outcome or rng.choice(SLAM_OUTCOMES)
    if outcome not in SLAM_OUTCOMES:
        raise ValueError(f"no slam outcome {outcome!r}; expected one of {SLAM_OUTCOMES}")
    if outcome != "announced_failed":
        bids = _BIDS if outcome in TAKER_SLAMS else (Bid.TAKE, Bid.GUARD)
        while True:  # a deal that went otherwise (a Petit sec, a trick lost) is drawn again
            summary = _slam_deal(rng, outcome, rng.choice(bids))
            if summary is not None:
                return summary
    bid = rng.choice(_BIDS)
    pile = draw_pile(rng, rng.choice((1, 2, 2, 3)), petit_chance=0.2)
    points = max(pile.lowest + 3, min(_most_points(bid, pile), rng.randint(38, 80)))
    summary = {"players": 4, "bid": bid.value, "taker_points": _number(points),
               "taker_bouts": pile.bouts, "petit_au_bout": pile.petit_au_bout, "poignees": [],
               "chelem": outcome}
    score(summary)  # the engine checks the summary
    return summary


def _number(points: Fraction) -> "int | float":
    """Card points as a deal summary writes them (43, 40.5)."""
    return int(points) if points.denominator == 1 else float(points)


def _most_points(bid: Bid, pile: PileFacts, rules: "RuleSet | None" = None) -> Fraction:
    """The most the taker's pile can hold when the defence won a trick: the defence's pile
    then holds that trick's cards (and the dog under Guard against), among them the bouts
    the taker lacks, every other card worth at least the smallest card's points.

    >>> _most_points(Bid.GUARD_AGAINST, draw_pile(random.Random(1), 3))
    Fraction(86, 1)
    """
    rules = rules or RuleSet(players=4)
    cards = rules.players + (rules.dog_size if dog_destination(bid) == "defence_unseen" else 0)
    smallest = min(card.points for card in DECK)
    return pile.highest - smallest * (cards - (len(BOUTS) - pile.bouts))


def _strength(card: Card) -> tuple:
    """How a side that takes every trick orders its cards: trumps, highest first, then plain
    cards, highest first; the Petit and then the Excuse kept for the last tricks."""
    return (not card.is_excuse, card is not PETIT, card.is_trump, card.rank)


def _slam_deal(rng: random.Random, outcome: str, bid: Bid) -> "dict | None":
    """The summary of a four-player deal the engine plays to ``outcome``, a slam by one side;
    None when the cards went otherwise.

    For a taker's slam the taker holds the highest trumps and, as drawn, the Excuse and the
    Petit; for a defence slam, the lowest plain cards. The side taking every trick plays its
    strongest card (:func:`_strength`), the other side at random; the taker lays aside the
    cards of the dog it took, and may show a simple poignée.
    """
    rules = RuleSet(players=4)
    taker_slam = outcome in TAKER_SLAMS
    if taker_slam:
        extras = [card for card in (EXCUSE, PETIT) if rng.random() < 0.5]
        trumps = sorted((c for c in DECK if c.is_trump and c is not PETIT), key=_strength)
        hand = extras + trumps[-(rules.hand_size - len(extras)):]
    else:
        hand = sorted((c for c in DECK if c.suit.is_plain), key=_strength)[:rules.hand_size]
    rest = [card for card in DECK if card not in hand]
    destination = dog_destination(bid)
    if destination == "taken":  # cards the taker may lay aside again
        rest_for_dog = [card for card in rest if card.suit.is_plain and not card.is_king]
    elif destination == "defence_unseen":  # no bout in it, so that every bout is played
        rest_for_dog = [card for card in rest if not card.is_bout]
    else:
        rest_for_dog = rest
    dog = rng.sample(rest_for_dog, rules.dog_size)
    others = [card for card in rest if card not in dog]
    rng.shuffle(others)
    taker = rng.randrange(rules.players)
    size = rules.hand_size
    hands = [others[n * size:(n + 1) * size] for n in range(rules.players - 1)]
    hands.insert(taker, hand)
    state = GameState.from_hands(rules, hands, dog, dealer=rng.randrange(rules.players))
    poignee = taker_slam and rng.random() < 0.4
    while not state.is_over:  # a Petit sec voids the deal at once
        seat, actions = state.to_act, state.legal_actions()
        if state.phase is Phase.BIDDING:
            action = bid if seat == taker else Bid.PASS
        elif state.phase is Phase.DISCARD:
            action = next(card for card in actions if card in dog)
        elif state.phase is Phase.SLAM:
            action = Slam.ANNOUNCE if outcome.startswith("announced") else Slam.DECLINE
        else:
            shown = [action for action in actions if isinstance(action, Poignee)]
            cards = [action for action in actions if isinstance(action, Card)]
            if seat == taker and poignee and shown:
                action = shown[0]
            elif (seat == taker) == taker_slam:
                action = max(cards, key=_strength)
            else:
                action = rng.choice(cards)
        state.play(action)
    breakdown = state.result.breakdown
    if breakdown is None or breakdown.chelem != outcome:
        return None
    return {"players": rules.players, "bid": bid.value,
            "taker_points": _number(breakdown.taker_points), "taker_bouts": breakdown.taker_bouts,
            "petit_au_bout": breakdown.petit_au_bout, "poignees": list(breakdown.poignees),
            "chelem": outcome}


def slam_bonus(summary: dict) -> int:
    """What the slam items add to the hand score: the engine's score with them less without.

    >>> slam_bonus({"bid": "take", "taker_points": 91, "taker_bouts": 3, "chelem": "made"})
    200
    """
    without = dict(summary, chelem=None)
    return score(summary)["hand_score"] - score(without)["hand_score"]


def check_slam_score(summary: dict, bonus, hand_score) -> Feedback:
    """Judge the slam bonus and the hand score ``s`` typed for a slam deal.

    >>> summary = {"bid": "guard", "taker_points": 5, "taker_bouts": 0,
    ...            "chelem": "announced_failed_defence"}
    >>> check_slam_score(summary, -400, -552).ok
    True
    >>> check_slam_score(summary, -200, -352).details[0]
    'The slam counts -400, not -200: slam announced and missed (-200), and the defence took every trick (-200).'
    """
    right_bonus = slam_bonus(summary)
    right_score = score(summary)["hand_score"]
    if bonus == right_bonus and hand_score == right_score:
        return Feedback(True, f"Right: the slam counts {right_bonus:+d}, not multiplied, and "
                        f"s = {right_score}.")
    details = []
    if bonus != right_bonus:
        words = CHELEM_WORDS[summary["chelem"]]
        details.append(f"The slam counts {right_bonus:+d}, not {bonus:+d}: "
                       f"{words[0].lower()}{words[1:]}.")
    if hand_score != right_score:
        details.append(f"The hand score is {right_score}, not {hand_score}. The working:")
        details += explain_score(summary)
    return Feedback(False, "Not quite.", details, SLAM_SECTION)
