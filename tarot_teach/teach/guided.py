"""The judge of a guided hand: the learner's answer at a question, judged by the engine.

:func:`judge_answer` returns a :class:`Judgement`, the words shown to the learner: a bid
near the hand count's range (as the final test judges it), any legal discard, any
declaration the hand allows, the message of a partner's signal by chapter 14's conventions
(asked of a defender in place of the discard, and only where the partner's hand bears it
out: :func:`signal_problem`), the cards a card question's rule accepts
(:mod:`tarot_teach.teach.guided_cards`), and the score the engine computes. A refused
answer carries the engine's own reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..cards import DECK, Card, Suit, cards_of, parse_card, sort_cards
from ..declarations import MISERE_WORDS, misere_kinds, misere_problem, poignee_options
from ..errors import IllegalAction
from ..game import GameState
from ..guided import CARD_MENTION, JUDGED_RULES, GuidedHand, Question
from ..names import sentence
from ..rules import Bid
from .guided_cards import card_answers, card_why, card_wrong, judged_right, names_or, points_text
from .signals import MEANINGS, SignalQuestion, known_allies, meaning_of, signal_situation

__all__ = ["Judgement", "judge_answer", "bid_answer", "bid_answers", "declaration_options",
           "declaration_why", "discard_facts", "score_options", "score_words", "gives_away",
           "signal_situation", "signal_problem"]


@dataclass(frozen=True)
class Judgement:
    """A learner's answer judged: ``legal`` False means refused (the hand does not move)."""

    right: bool
    legal: bool
    text: str


def _refusal(state: GameState, actions) -> "str | None":
    """The engine's reason for refusing ``actions`` played in turn from ``state``, or None."""
    trial = state.copy()
    try:
        for action in actions:
            trial.play(action)
    except (IllegalAction, ValueError) as refusal:
        return str(refusal)
    return None


# ----- what the engine accepts at each kind of question -----------------------------------

def bid_answer(state: GameState) -> tuple[str, str]:
    """``(bid, reason)``: the bid the hand evaluation suggests (the computer player's, as
    the coach's review judges bids)."""
    from ..players import ComputerPlayer

    decision = ComputerPlayer().decide(state)
    return str(decision.action), decision.reason


def _hand_count(state: GameState) -> int:
    """The hand count on chapter 12's scale of 18 cards (as :func:`players.hand_count`
    scales a hand of 15 or 24)."""
    from ..evaluation import evaluate_hand

    hand = state.hand(state.to_act)
    return round(evaluate_hand(hand).total * 18 / len(hand))


def bid_answers(state: GameState) -> frozenset:
    """The bids a bid question accepts: the hand evaluation's (:func:`bid_answer`) and every
    bid the auction still allows that the final test calls reasonable for the hand count
    (:func:`~tarot_teach.teach.final_test.reasonable_bids`: near a limit, either side).

    >>> from pathlib import Path
    >>> from tarot_teach.guided import load_guided_hand
    >>> hand = load_guided_hand(Path(__file__).parents[2] / "exercises/hands/poignee.json")
    >>> bid = next(q for q in hand.questions if q.kind == "bid")
    >>> sorted(bid_answers(hand.state_at(hand.question_step(bid))))
    ['guard', 'take']
    """
    from .final_test import reasonable_bids

    allowed = {str(a) for a in state.legal_actions() if isinstance(a, Bid)}
    fair = {str(bid) for bid in reasonable_bids(_hand_count(state))}
    return frozenset(fair & allowed | {bid_answer(state)[0]})


def _bid_words(bids) -> str:
    from .auction import bid_name

    return " or ".join(bid_name(Bid(b)) for b in sorted(bids, key=list(map(str, Bid)).index))


def declaration_options(state: GameState, question: Question) -> list[str]:
    """The choices offered at a declaration: every size of the declaration (the engine says
    which are allowed) and, but for the slam, "none"."""
    from ..tables import HANDFUL_LEVELS

    expect = question.expect[0]
    if expect in ("chelem", "no_chelem"):
        return ["chelem", "no_chelem"]
    if expect.startswith("misere"):
        return ["misere:trumps", "misere:honours", "none"]
    return [f"poignee:{level}" for level in HANDFUL_LEVELS] + ["none"]


def discard_facts(state: GameState, cards) -> str:
    """What a discard (legal, from ``state``) does: the points laid aside, the voids made."""
    trial = state.copy()
    for card in cards:
        trial.play(card)
    left = trial.hand(state.taker)
    voids = [suit.english for suit in Suit if suit.is_plain
             and not any(c.suit is suit for c in left)]
    aside = points_text(sum((parse_card(c).points for c in cards), Fraction(0)))
    return (f"you lay aside {aside} points, safe in your pile"
            + (f", and you are void in {' and '.join(voids)}" if voids
               else ", but you make no void")
            + ".")


def score_options(each_defender: int) -> list[int]:
    """The choices of a score question: the engine's figure for each defender, the same
    the other way round, and the figure 10 and 20 off (sorted).

    >>> score_options(-29)
    [-49, -39, -29, 29]
    """
    wrong = [-each_defender, each_defender - 10, each_defender - 20]
    if each_defender == 0:
        wrong = [10, -10, 20]
    return sorted({each_defender, *wrong})


def score_words(each_defender: int) -> str:
    """``-29`` → "each defender pays 29"."""
    if each_defender < 0:
        return f"each defender pays {-each_defender}"
    return f"each defender gains {each_defender}" if each_defender else "nobody pays"


_DECLARATION_CLUES = {"poignee": ("poignée", "poignee", "handful"), "chelem": ("slam", "chelem"),
                      "misere": ("misère", "misere")}


def gives_away(question: Question, text: str) -> bool:
    """Whether a comment's ``text`` tells the answer of ``question`` (the replayer holds such
    a comment back until the question is answered): the score's figure, a card of the
    record's answer (``{KH}``), the bid's name, the declaration's word.

    >>> gives_away(Question("score", ("-29",)), "so each defender pays 25 + 4 = 29.")
    True
    >>> gives_away(Question("score", ("-29",)), "The trick is worth 6 points, 2.9 a card.")
    False
    >>> gives_away(Question("card", ("KS",), trick=1, rule="lead"), "You lead {KS}.")
    True
    >>> gives_away(Question("declare", ("poignee:simple",)), "ten trumps for the poignée")
    True
    """
    if question.kind == "score":
        figure = str(abs(int(question.expect[0])))
        return re.search(rf"(?<!\d)(?<!\d\.){figure}(?!\d|\.\d)", text) is not None
    if question.kind in ("card", "discard"):
        return bool({m.group(1) for m in CARD_MENTION.finditer(text)} & set(question.expect))
    lowered = text.lower()
    if question.kind == "signal":
        return MEANINGS.get(question.expect[0], "\0").lower() in lowered
    if question.kind == "bid":
        return re.search(rf"\b{re.escape(Bid(question.expect[0]).english.lower())}\b",
                         lowered) is not None
    clues = _DECLARATION_CLUES.get(question.expect[0].split(":")[0], ())
    return any(clue in lowered for clue in clues)


def signal_problem(state: GameState, learner: int) -> "str | None":
    """Why no honest signal question can be asked here, or None: there must be a signal
    (:func:`signal_situation`) and the leader's hand as dealt must bear its message out (the
    computer players do not play by the conventions; a question must not teach a lie)."""
    situation = signal_situation(state, learner)
    if situation is None:
        return "no partner's first lead to read here"
    message = meaning_of(situation)[0]
    dealt = cards_of(state.dealt_hands[state.leader])
    card = situation.cards[0]
    if situation.kind == "lead_plain":
        honour = any(c.suit is card.suit and c.rank in (13, 14) for c in dealt)
        if honour != (message == "honour"):
            return (f"the lead says “{MEANINGS[message]}”, which the leader's hand does not "
                    "bear out")
    else:
        trumps = sum(1 for c in dealt if c.is_trump)
        if (trumps >= 7) != (message == "long_trumps"):
            return (f"the lead says “{MEANINGS[message]}”, which the leader's hand does not "
                    "bear out")
    return None


def judge_answer(hand: GuidedHand, question: Question, answer) -> Judgement:
    """The learner's ``answer`` at ``question`` judged by the engine: a bid or declaration
    as text (``"take"``, ``"poignee:simple"``, ``"none"``), a card, or the discard's cards.

    >>> from pathlib import Path
    >>> from tarot_teach.guided import load_guided_hand
    >>> hand = load_guided_hand(Path(__file__).parents[2] / "exercises/hands/take-made.json")
    >>> bid = next(q for q in hand.questions if q.kind == "bid")
    >>> judge_answer(hand, bid, bid.expect[0]).right, judge_answer(hand, bid, "pass").legal
    (True, True)
    """
    state = hand.state_at(hand.question_step(question))
    kind, expect = question.kind, question.expect
    if kind == "signal":
        situation = signal_situation(state, hand.learner)
        if answer not in MEANINGS or situation is None:
            return Judgement(False, False, "Choose what the card tells you.")
        right, why = meaning_of(situation)
        if answer == right:
            return Judgement(True, True, f"Right: “{MEANINGS[right]}.” {why}")
        return Judgement(False, True, f"Not that: the card says “{MEANINGS[right]}.” {why}")
    if kind == "score":
        breakdown = state.result.breakdown
        try:
            value = int(answer)
        except (TypeError, ValueError):
            return Judgement(False, False, f"{answer!r} is not one of the choices.")
        if value not in score_options(breakdown.each_defender):
            return Judgement(False, False, f"{answer!r} is not one of the choices.")
        lines = " ".join(breakdown.lines)
        if value == breakdown.each_defender:
            return Judgement(True, True, f"Right: {score_words(value)}. {lines}")
        return Judgement(False, True, f"Not {score_words(value)}: {lines}")
    if kind == "bid":
        refusal = _refusal(state, [answer])
        if refusal:
            return Judgement(False, False, f"That bid is not allowed: {refusal}")
        return _judge_bid(state, str(answer).lower())
    if kind == "discard":
        names = [answer] if isinstance(answer, (str, Card)) else list(answer)
        size = state.rules.dog_size
        try:
            cards = [parse_card(c) for c in names]
        except ValueError as error:
            return Judgement(False, False, str(error))
        if len(set(cards)) != size:
            return Judgement(False, False, f"Choose exactly {size} cards to lay aside "
                                           f"(you chose {len(set(cards))}).")
        refusal = _refusal(state, cards)
        if refusal:
            return Judgement(False, False, f"That discard is not allowed: {refusal}")
        played = [parse_card(c) for c in expect]
        same = set(cards) == set(played)
        text = f"A legal discard: {discard_facts(state, cards)}"
        if not same:
            text += (f" The deal goes on with the discard that was played "
                     f"({names_or(sort_cards(played)).replace(' or ', ' and ')}): "
                     f"{discard_facts(state, played)}")
        return Judgement(True, True, text)
    if kind == "declare":
        answer = str(answer)
        if answer not in declaration_options(state, question):
            return Judgement(False, False, f"{answer!r} is not one of the choices.")
        if expect[0].startswith("misere"):
            return _judge_misere(state, answer)
        if answer == "no_chelem":
            return Judgement(False, True, declaration_why(state, question, declined=True))
        refusal = _refusal(state, [answer]) if answer != "none" else None
        if refusal:
            return Judgement(False, False, f"Not allowed: {refusal}")
        if answer == expect[0]:
            return Judgement(True, True, f"Right: {question.why}")
        return Judgement(True, True, _smaller_poignee(state, question, answer))
    try:
        card = parse_card(answer)
    except ValueError as error:
        return Judgement(False, False, str(error))
    refusal = _refusal(state, [card])
    if refusal:
        return Judgement(False, False, f"That card may not be played: {refusal}")
    rule, verdict = question.rule, question.verdict
    accepted = card_answers(state, hand.learner, rule, verdict)
    if card in accepted and rule in JUDGED_RULES:
        return Judgement(True, True, f"Right: {judged_right(verdict, card)}")
    if card in accepted:
        return Judgement(True, True, f"Right: {card_why(state, hand.learner, rule, accepted)}")
    return Judgement(False, True, card_wrong(state, hand.learner, rule, card, accepted,
                                             verdict))


def _judge_bid(state: GameState, answer: str) -> Judgement:
    """A legal bid judged as the final test judges one: right when the hand count makes it
    reasonable (:func:`bid_answers`), with the hand evaluation's own bid and reason."""
    best, reason = bid_answer(state)
    accepted = bid_answers(state)
    if answer == best:
        return Judgement(True, True, f"Right: {reason}")
    count = f"your hand counts {_hand_count(state)} points on the scale of 18 cards"
    if answer in accepted:
        return Judgement(True, True, f"Right: {count}, near enough a limit for "
                                     f"{_bid_words(accepted)} to be reasonable. The hand "
                                     f"evaluation says {Bid(best).english}: {reason}")
    return Judgement(False, True, f"The hand evaluation says {Bid(best).english}: {reason} "
                                  f"({sentence(count)}: {_bid_words(accepted)} would be "
                                  "reasonable.)")


def _smaller_poignee(state: GameState, question: Question, answer: str) -> str:
    """A smaller poignée, or none, where a larger may be shown: a choice the rules leave to
    the player (RULES.md §6)."""
    shown = "no poignée" if answer == "none" else f"a {answer.split(':')[1]} poignée"
    played = question.expect[0].split(":")[1]
    return (f"Allowed: you may show {shown}, to keep your trumps secret; nobody must show all "
            f"they hold. {declaration_why(state, question, declined=True)} The deal goes on "
            f"as it was played, with the {played} poignée.")


def _judge_misere(state: GameState, answer: str) -> Judgement:
    """A misère declared (or not) judged by the variant's rule: the kinds the hand may
    declare (:func:`~tarot_teach.declarations.misere_kinds`), the cards that spoil the
    others (:func:`~tarot_teach.declarations.misere_problem`)."""
    if answer == "none":
        return Judgement(False, True, "Not declared: " + _misere_why(state))
    kind = answer.split(":", 1)[1]
    problem = misere_problem(state.hands[state.to_act], kind, "your hand")
    if problem:
        return Judgement(False, False, f"Not allowed: {problem}")
    return Judgement(True, True, "Right: " + _misere_why(state, kind))


def _misere_why(state: GameState, kind: "str | None" = None) -> str:
    """What the rule lets the hand to act declare, and what the misère earns."""
    from ..scoring import misere_payments
    from ..tables import MISERE_PAYMENT

    seat = state.to_act
    kind = kind or misere_kinds(state.hands[seat])[0]
    gain = misere_payments(state.players, [seat])[seat]
    name = "trump" if kind == "trumps" else kind  # (as RULES.md names them)
    return (f"your hand holds {MISERE_WORDS[kind]}, so the rules let you declare a {name} "
            f"misère: each other player pays you {MISERE_PAYMENT}, {gain} in all, whatever "
            f"becomes of the contract.")


def declaration_why(state: GameState, question: Question, declined: bool) -> str:
    """Why the record's declaration is the one to make, from the engine's rules."""
    expect = question.expect[0]
    if expect == "chelem":
        return ("Your hand takes every trick: announced, a slam made is worth twice as much as "
                "one made by surprise, and you lead the first trick.")
    if expect.startswith("misere"):
        why = _misere_why(state, expect.split(":")[1])
        return sentence(why)
    options = poignee_options(state.hands[state.to_act], state.rules)
    best = options[-1]
    trumps = sum(1 for c in state.hand(state.to_act) if c.is_trump)
    bonus = state.rules.handful_bonuses[len(options) - 1]
    text = (f"You hold {trumps} trumps{' and the Excuse' if best.cards[-1].is_excuse else ''}: "
            f"the rules let you show a {best.level} poignée of {len(best.cards)}, a bonus of "
            f"{bonus} for the side that wins.")
    return text if declined else text + " Show the largest you may."

