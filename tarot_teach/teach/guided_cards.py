"""The card questions of a guided hand: which cards the engine accepts, and why.

A card question names a rule (:data:`~tarot_teach.guided.CARD_RULES`): the cards it accepts
are worked out from the learner's view (:func:`card_answers`), or, for a lead or a card late
in the deal, judged by :func:`tarot_teach.judge.judge_cards` on deals drawn to fit that view
and kept in the hand file (:func:`stable_judged_cards`). :func:`card_why` and
:func:`card_wrong` say, from the engine's facts, why a card is right or not.
"""

from __future__ import annotations

from fractions import Fraction

from ..cards import DECK, Card, sort_cards
from ..game import GameState
from ..guided import JUDGE_TRICKS, JUDGED_RULES, JudgedCards
from ..names import sentence
from ..tricks import beats, plain_order, winning_position
from .signals import known_allies

__all__ = ["card_rule_applies", "card_answers", "card_why", "card_wrong", "judged_cards",
           "stable_judged_cards", "acceptance_undecided", "STABLE_DEALS", "STABLE_SEEDS",
           "judged_right", "playable_cards", "names_or", "points_text"]


def names_or(cards) -> str:
    """Cards' short names as a choice: "K♥", "K♥ or Q♥", "K♥, Q♥ or J♥"."""
    names = [card.short_name for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def points_text(value: Fraction) -> str:
    """Card points as the book writes them (``Fraction(9, 2)`` → "4.5")."""
    from ..variants import format_points

    return format_points(int(value * 2), 2)


def playable_cards(state: GameState) -> list[Card]:
    """The cards the seat to act may play now."""
    return [action for action in state.legal_actions() if isinstance(action, Card)]


def _current_winner(state: GameState) -> "tuple[int, Card] | None":
    if not state.trick:
        return None
    position = winning_position(list(state.trick), state.rules)
    return (state.leader + position) % state.players, DECK[state.trick[position]]


def _wins(state: GameState, card: Card) -> bool:
    trick = list(state.trick) + [card.index]
    return not card.is_excuse and winning_position(trick, state.rules) == len(trick) - 1


def _unseen(state: GameState, seat: int) -> list[Card]:
    """The cards ``seat`` does not know to be out of play: neither in its hand, nor played,
    nor laid aside where it saw them."""
    view = state.view(seat)
    gone = set(view.hand) | set(view.discarded_trumps)
    gone |= set(view.discard or ()) if view.taker == seat else set()
    gone |= {c for _, cards, _ in view.tricks for c in cards} | {c for _, c in view.current_trick}
    return [card for card in DECK if card not in gone]


def _beaters(state: GameState, seat: int, card: Card) -> list[Card]:
    """Unseen cards that could beat ``card`` in this trick (any unseen trump beats a plain
    card)."""
    values = plain_order(state.rules)
    return [c for c in _unseen(state, seat) if beats(c.index, card.index, values)]


def card_rule_applies(state: GameState, seat: int, rule: str) -> bool:
    """Whether the situation is the one the rule speaks of: ``win`` when you play last;
    ``feed`` when your side's card is sure to win the trick (you play last, or nobody can
    beat it); ``duck`` when nothing you may play beats the trick's card and no partner of
    yours plays after you; ``lead`` when you lead; ``judge`` when you follow, late in the
    deal; ``sure`` always. Not ``feed`` nor ``duck`` while you may play the Excuse."""
    last = len(state.trick) == state.players - 1
    legal = playable_cards(state)
    excuse = any(card.is_excuse for card in legal)
    if rule == "lead":
        return not state.trick
    if rule == "sure":
        return True
    if rule == "judge":
        return bool(state.trick) and state.rules.tricks - len(state.tricks) <= JUDGE_TRICKS
    if rule == "petit":
        return last and any(c.is_trump and c.rank == 1 and _wins(state, c) for c in legal)
    if rule not in ("win", "feed", "duck"):
        raise ValueError(f"unknown card rule {rule!r}")
    if not state.trick or (excuse and rule != "win"):
        return False
    allies = known_allies(state, seat)
    holder, top = _current_winner(state)
    ally = holder in allies
    if rule == "win":
        return last and not ally
    if rule == "feed":
        return ally and (last or not _beaters(state, seat, top))
    after = {(state.leader + k) % state.players for k in range(len(state.trick) + 1,
                                                               state.players)}
    return (not ally and not any(_wins(state, card) for card in legal)
            and not after & (allies - {seat}))


def card_answers(state: GameState, seat: int, rule: str, verdict=None) -> frozenset:
    """The legal cards the engine accepts at a card question (see
    :data:`~tarot_teach.guided.CARD_RULES`); ``verdict``: a judged rule's stored
    :class:`~tarot_teach.guided.JudgedCards` (else it is judged now).

    >>> from pathlib import Path
    >>> from tarot_teach.guided import load_guided_hand
    >>> hand = load_guided_hand(Path(__file__).parents[2] / "exercises/hands/take-made.json")
    >>> question = next(q for q in hand.questions if q.rule == "sure")
    >>> state = hand.state_at(hand.question_step(question))
    >>> question.card in card_answers(state, hand.learner, "sure")
    True
    """
    if rule in JUDGED_RULES:
        return (verdict or judged_cards(state, seat)).accepted
    legal = [card for card in playable_cards(state) if not card.is_excuse]
    if rule == "petit":
        return frozenset(card for card in legal if card.is_trump and card.rank == 1)
    if rule == "win":
        return frozenset(card for card in legal if _wins(state, card))
    if rule in ("feed", "duck"):
        pick = max if rule == "feed" else min
        best = pick(card.half_points for card in legal)
        return frozenset(card for card in legal if card.half_points == best)
    if rule == "sure":
        return frozenset(card for card in legal
                         if _wins(state, card) and not _beaters(state, seat, card))
    raise ValueError(f"unknown card rule {rule!r}")


def judged_cards(state: GameState, seat: int) -> JudgedCards:
    """``seat``'s legal cards judged from its view by :func:`tarot_teach.judge.judge_cards`
    (more deals while a card's band is uncertain)."""
    from ..judge import judge_cards

    return JudgedCards.of(judge_cards(state, seat, focus=playable_cards(state)))


STABLE_DEALS = (160, 320, 640, 1280, 2560)
"""How many deals a guided hand's judged question is drawn on (:func:`stable_judged_cards`):
the first number, then the next while a card's acceptance is in doubt
(:func:`acceptance_undecided`): a card whose loss is near a point is drawn on up to
2,560 deals (about 40 s), so that another draw does not change the answer."""

STABLE_SEEDS = (1, 2)
"""The seeds of the independent draws a stored judged question must agree on: the verdict
kept is the first draw's, and the question is kept only when every draw accepts the same
cards."""


def acceptance_undecided(verdict) -> bool:
    """Whether another draw of deals could accept other cards: some card's acceptance (the
    lower end of its loss's 95 % interval at most 1 point, :meth:`~tarot_teach.judge.
    CardJudgement.acceptable`) has that lower end within the interval's half width of 1."""
    if verdict.exact:
        return False
    for card in verdict.legal:
        if verdict.loss(card) > 0:
            low, high = verdict.interval(card)
            if abs(low - 1) <= (high - low) / 2:
                return True
    return False


def stable_judged_cards(state: GameState, seat: int, seeds=STABLE_SEEDS,
                        deals=STABLE_DEALS) -> "tuple[JudgedCards, bool]":
    """``seat``'s legal cards judged as a guided hand stores them: on ``deals`` deals (more
    while :func:`acceptance_undecided`), drawn once per seed of ``seeds``; the first draw's
    verdict, and whether it is settled: every draw accepts the same cards and no card's
    acceptance is still in doubt after the most deals (a question is kept only then:
    which cards are right must not depend on the deals drawn).

    >>> from pathlib import Path
    >>> from tarot_teach.guided import load_guided_hand
    >>> hand = load_guided_hand(Path(__file__).parents[2] / "exercises/hands/poignee.json")
    >>> question = [q for q in hand.questions if q.rule == "judge"][-1]
    >>> state = hand.state_at(hand.question_step(question))
    >>> verdict, settled = stable_judged_cards(state, hand.learner)
    >>> verdict.exact, settled, verdict == question.verdict
    (True, True, True)
    """
    from ..judge import judge_cards

    legal = playable_cards(state)
    judgements = [judge_cards(state, seat, seed=seed, deals=deals, focus=legal,
                              undecided=acceptance_undecided) for seed in seeds]
    draws = [JudgedCards.of(judgement) for judgement in judgements]
    settled = (all(draw.accepted == draws[0].accepted for draw in draws[1:])
               and not any(map(acceptance_undecided, judgements)))
    return draws[0], settled


def _points_words(verdict: JudgedCards, points: Fraction) -> str:
    """``points`` of a judged card: "52.1 points on average", or "52 points" when the view
    places every card."""
    if verdict.exact:
        return f"{points_text(points)} points"
    return f"{float(points):.1f} points on average"


def _loss_words(verdict: JudgedCards, card: Card) -> str:
    """``card``'s loss against the best, with its 95 % interval."""
    _, points, _, low, high, _ = verdict.row(card)
    loss = verdict.rows[0][1] - points
    if verdict.exact:
        return f"{points_text(loss)} points less"
    return f"{float(loss):.1f} points less (95 % interval {low:.1f} to {high:.1f})"


def _over_deals(verdict: JudgedCards) -> str:
    if verdict.exact:
        return "What you have seen places every card: "
    return f"Over {verdict.deals} deals that fit what you can see, "


def _judged_why(verdict: JudgedCards) -> str:
    """The reason of a judged question: the best cards, and the others accepted."""
    best = verdict.best
    others = [card for card in sort_cards(verdict.accepted) if card not in best]
    text = (f"{_over_deals(verdict)}{names_or(sort_cards(best))} "
            f"{'leave' if len(best) > 1 else 'leaves'} your side the most points, "
            f"{_points_words(verdict, verdict.rows[0][1])}")
    if others:
        text += (f"; {names_or(others)} {'come' if len(others) > 1 else 'comes'} within a point "
                 "of it, as far as the deals can tell")
    return text + "."


def judged_right(verdict: JudgedCards, card: Card) -> str:
    """Why an accepted card is right: the best, or as good as the best."""
    _, points, _, _, _, _ = verdict.row(card)
    if card in verdict.best:
        return (f"{_over_deals(verdict)}{card.short_name} leaves your side "
                f"{_points_words(verdict, points)}, as much as any card.")
    best = verdict.rows[0][0]
    return (f"As good as {best.short_name}: {_over_deals(verdict).lower()}{card.short_name} "
            f"leaves your side {_points_words(verdict, points)} and {best.short_name} "
            f"{_points_words(verdict, verdict.rows[0][1]).split(' points')[0]}: "
            f"{_loss_words(verdict, card)}, a point or less as far as the deals can tell.")


def _judged_wrong(verdict: JudgedCards, card: Card) -> str:
    """Why a refused card is not the answer: its loss, with its interval."""
    _, points, band, _, _, _ = verdict.row(card)
    best = verdict.rows[0][0]
    right = sort_cards(verdict.accepted)
    answer = (names_or(right) if len(right) <= 4 else
              f"{best.short_name}, or another of the {len(right)} cards within a point of it")
    return (f"{_over_deals(verdict)}{card.short_name} leaves your side "
            f"{_points_words(verdict, points)} and {best.short_name} "
            f"{_points_words(verdict, verdict.rows[0][1]).split(' points')[0]}: "
            f"{'an' if band[0] in 'AEIOU' else 'a'} {band.lower()}, "
            f"{_loss_words(verdict, card)}. Right here: {answer}.")


def card_why(state: GameState, seat: int, rule: str, accepted, verdict=None) -> str:
    """Why the accepted cards are right, in words from the engine's facts."""
    cards = sorted(accepted, key=lambda c: c.index)
    names, plural = names_or(cards), len(cards) > 1
    trick_points = points_text(sum((DECK[i].points for i in state.trick), Fraction(0)))
    if rule == "petit":
        return ("You play last and the Petit wins the trick: nobody can take it from you now, "
                "so bring the bout home while it is safe.")
    if rule in JUDGED_RULES:
        return _judged_why(verdict or judged_cards(state, seat))
    if rule == "win":
        return (f"You play last, so you can see that {names} "
                f"{'win' if plural else 'wins'} the trick and its {trick_points} points.")
    if rule in ("feed", "duck"):
        _, top = _current_winner(state)
        if rule == "duck":
            return (f"Nothing you may play beats {top.short_name}: give away as little as you "
                    f"can, {names}.")
        if any(_wins(state, card) for card in playable_cards(state)):
            return (f"Your side wins this trick whatever you play: {top.short_name} holds it, "
                    f"or a card of yours that beats it. Give it the most points you may, "
                    f"{names}.")
        return (f"Your side's {top.short_name} wins this trick whatever you play: give it "
                f"the most points you may, {names}.")
    if rule == "sure":
        card = cards[0]
        what = ("every trump above it has been played or is in your hand" if card.is_trump
                else f"every higher {card.suit.english[:-1]} has been played and no trump is "
                     "left outside your hand")
        return f"{sentence(names)} cannot be beaten: {what}."
    raise ValueError(f"unknown card rule {rule!r}")


def card_wrong(state: GameState, seat: int, rule: str, card: Card, accepted,
               verdict=None) -> str:
    """Why a legal card the engine does not accept is not the answer."""
    best = sorted(accepted, key=lambda c: c.index)
    names = names_or(best)
    winner = _current_winner(state)
    if card.is_excuse and rule not in JUDGED_RULES:
        return ("The Excuse never wins a trick; it is kept for a trick you cannot afford. "
                f"Here: {names}.")
    if rule == "petit":
        return (f"{sentence(card.short_name)} wins too, but the Petit is safe only now: kept, "
                "it may be caught by a higher trump later.") if _wins(state, card) else (
                f"{sentence(card.short_name)} does not win the trick; the Petit does, safely.")
    if rule in JUDGED_RULES:
        return _judged_wrong(verdict or judged_cards(state, seat), card)
    if rule == "win":
        return (f"{sentence(card.short_name)} does not win: {winner[1].short_name} stays on "
                f"top. {sentence(names)} would.")
    if rule in ("feed", "duck"):
        worth = points_text(card.points)
        other = points_text(best[0].points)
        if rule == "feed":
            return (f"{sentence(card.short_name)} is worth {worth} points and "
                    f"{best[0].short_name} {other}, and your side wins this trick anyway.")
        return (f"{sentence(card.short_name)} gives away {worth} points: nothing you may play "
                f"beats {winner[1].short_name}, and {names} costs only {other}.")
    if not _wins(state, card):
        return f"{sentence(card.short_name)} does not even beat {winner[1].short_name}."
    beater = max(_beaters(state, seat, card), key=lambda c: (c.is_trump, c.rank))
    return (f"{sentence(card.short_name)} could still be beaten: {beater.short_name} has "
            f"not been played yet. {sentence(names)} cannot be.")

