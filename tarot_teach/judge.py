"""One evaluator for every card verdict: the legal cards compared on the same deals, drawn
from what the seat could see.

The hint at the table, the review after a deal, the guided hands' lead questions and the
strong computer level all ask :func:`judge_cards`. The hidden cards are dealt again and
again to fit the seat's view (:func:`tarot_teach.deal_sampling.sample_deals`); on each deal
every legal card is valued in card points for the seat's side at the end of the deal:
exactly (the open-hand solver) once few cards are left (:data:`SOLVE_CARDS`), else played
out by the learner computer players and finished exactly. Because every card is valued on
the same deals, the difference between two cards is known with its own error (paired),
much smaller than each card's.

A card is banded by the points it loses against the best card, but worse than Good only
when the 95 % interval of that loss is above the band's threshold: a card the sample
cannot tell from the best is *close*, and its verdict says so. When a band is uncertain
more deals are drawn (:data:`DEALS`). The deals depend only on the seat's view (and a
seed), never on a hidden card, so one position always gets one verdict.

>>> from tarot_teach import GameState, RuleSet
>>> from tarot_teach.players import play_out
>>> state = GameState.new(RuleSet(players=4), seed=8)
>>> while not (state.phase.name == "PLAYING" and len(state.tricks) == 15):
...     state.play(ComputerPlayer().decide(state).action)
>>> verdict = judge_cards(state, state.to_act)
>>> verdict.best[0] in verdict.legal, all(verdict.loss(c) >= 0 for c in verdict.legal)
(True, True)
>>> verdict.band(verdict.best[0]).label
'Best'
"""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass, replace
from functools import cached_property
from fractions import Fraction

from .cards import Card
from .game import GameState
from .deal_sampling import sample_deals
from .learner import ComputerPlayer, play_out
from .rules import Bid
from .solver import card_values, native_available, position_value

__all__ = ["CardJudgement", "judge_cards", "DEALS", "SOLVE_CARDS", "Band", "band_for",
           "BAND_THRESHOLDS", "position_key", "equivalent_cards", "judge_bids",
           "ChoiceJudgement", "judge_choices", "BID_DEALS"]


class Band(enum.Enum):
    """How good a decision was, by the card points it lost."""

    BEST = "Best"
    GOOD = "Good"
    INACCURACY = "Inaccuracy"
    MISTAKE = "Mistake"
    BLUNDER = "Blunder"

    @property
    def label(self) -> str:
        """The word the book shows: ``Best``, ``Good``, ``Inaccuracy``, ``Mistake``, ``Blunder``."""
        return self.value


BAND_THRESHOLDS: tuple[tuple[Fraction, Band], ...] = (
    (Fraction(0), Band.BEST),
    (Fraction(1), Band.GOOD),
    (Fraction(3), Band.INACCURACY),
    (Fraction(7), Band.MISTAKE),
)
"""Card points lost → band: at most 0 Best, at most 1 Good, at most 3 Inaccuracy, at most 7
Mistake, more than 7 Blunder."""

_BAND_ORDER = {band: rank for rank, band in enumerate(Band)}


def band_for(points_lost) -> Band:
    """The band of a decision that lost ``points_lost`` card points (BAND_THRESHOLDS).

    >>> [band_for(Fraction(n, 2)).label for n in (0, 2, 3, 14, 15)]
    ['Best', 'Good', 'Inaccuracy', 'Mistake', 'Blunder']
    """
    for limit, band in BAND_THRESHOLDS:
        if points_lost <= limit:
            return band
    return Band.BLUNDER


DEALS = (16, 40)
"""How many deals are drawn: the first number, then more while a band is uncertain."""

SOLVE_CARDS = 20 if native_available() else 16
"""With at most this many cards still to play, a deal is solved exactly (the native search
is fast there; pure Python, as in the browser, is given fewer cards)."""

Z95 = 1.96
"""The 95 % two-sided normal quantile, for the interval of a mean difference."""


def _interval(differences, mean: float) -> tuple[float, float]:
    """The 95 % normal interval of the mean of paired ``differences`` (``mean``: their mean)."""
    if len(differences) < 2:
        return mean, mean
    spread = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
    half = Z95 * math.sqrt(spread / len(differences))
    return mean - half, mean + half


def position_key(state: GameState, seat: int) -> str:
    """A text naming the position as ``seat`` sees it (its view, not the hidden cards): the
    seed of the deals drawn for it, so a position seen alike is judged alike."""
    view = replace(state.view(seat), legal_actions=(), result=None)
    return repr(view)


@dataclass(frozen=True)
class CardJudgement:
    """The legal cards of one seat, valued on the same deals.

    ``values[card]``: per deal, the seat's side's card points at the end of the deal after
    that card; ``exact``: the seat's view fixed every hidden card (one deal, no sampling
    error).
    """

    seat: int
    legal: tuple[Card, ...]
    values: dict
    exact: bool

    @property
    def deals(self) -> int:
        """How many deals the cards were compared on."""
        return len(next(iter(self.values.values())))

    @cached_property
    def _means(self) -> dict:  # (ranked, loss and band ask again and again: summed once)
        return {card: sum(points, Fraction(0)) / self.deals
                for card, points in self.values.items()}

    def mean(self, card: Card) -> Fraction:
        """The seat's side's points after ``card``, on average over the deals."""
        return self._means[card]

    @cached_property
    def ranked(self) -> tuple[Card, ...]:
        """The legal cards, best average first (ties by card order)."""
        return tuple(sorted(self.legal, key=lambda c: (-self.mean(c), c.index)))

    @property
    def best(self) -> tuple[Card, ...]:
        """Every card with the best average."""
        top = self.mean(self.ranked[0])
        return tuple(c for c in self.ranked if self.mean(c) == top)

    def loss(self, card: Card) -> Fraction:
        """Card points ``card`` loses against the best card, on average (0 for a best card)."""
        return self.mean(self.ranked[0]) - self.mean(card)

    def interval(self, card: Card) -> tuple[float, float]:
        """The 95 % interval of :meth:`loss` (paired on the same deals)."""
        top = self.values[self.ranked[0]]
        differences = [float(a - b) for a, b in zip(top, self.values[card])]
        mean = float(self.loss(card))
        return (mean, mean) if self.exact else _interval(differences, mean)

    def band(self, card: Card) -> Band:
        """Best for a best card; else worse than Good only when the whole interval of the loss
        is above the threshold of the better band."""
        loss = self.loss(card)
        if loss <= 0:
            return Band.BEST
        if self.exact:
            return band_for(loss)
        low = self.interval(card)[0]
        band = band_for(max(Fraction(0), Fraction(low)))
        return Band.GOOD if band is Band.BEST else band

    def close(self, card: Card) -> bool:
        """The sample cannot tell ``card`` from the best (not a best card itself)."""
        return self.loss(card) > 0 and not self.exact and self.interval(card)[0] <= 0

    def acceptable(self, card: Card) -> bool:
        """Best or Good: what a guided question accepts ("as good as …")."""
        return self.band(card) in (Band.BEST, Band.GOOD)

    def uncertain(self, card: Card) -> bool:
        """More deals could change the band of ``card``: the band of its average loss is worse
        than the band its interval allows."""
        if self.exact or self.loss(card) <= 0:
            return False
        return _BAND_ORDER[band_for(self.loss(card))] > _BAND_ORDER[self.band(card)]


def _cards_left(state: GameState) -> int:
    return sum(map(int.bit_count, state.hands))


def _side_points(state: GameState, taker_points: Fraction, side: int) -> Fraction:
    return taker_points if side == 0 else state.rules.total_points - taker_points


def _finish(state: GameState, player: ComputerPlayer) -> Fraction:
    """``state`` (changed) played by the learner players until :data:`SOLVE_CARDS` cards are
    left, then perfectly: the taker's side's final points."""
    while not state.is_over and _cards_left(state) > SOLVE_CARDS:
        state.play(player.decide(state).action)
    if state.is_over:
        return state.result.taker_points
    return position_value(state)


def _deal_values(deal: GameState, classes: dict, player) -> dict:
    """Each representative card -> the taker's side's final points on ``deal``."""
    if _cards_left(deal) <= SOLVE_CARDS:
        values = card_values(deal)
        return {card: values[card] for card in set(classes.values())}
    results = {}
    for card in set(classes.values()):
        after = deal.copy()
        after.play(card)
        results[card] = _finish(after, player)
    return results


def equivalent_cards(state: GameState, seat: int, legal) -> dict:
    """Each legal card -> the card standing for it: cards of one suit (or trumps) and the
    same value, with no card the seat has not seen between them, play the same in every
    deal that fits its view."""
    seen = state.hands[seat]
    for _, cards, _ in state.tricks:
        for index in cards:
            seen |= 1 << index
    for index in state.trick:
        seen |= 1 << index
    if seat == state.taker:
        for index in state.discard:
            seen |= 1 << index
    classes = {}
    previous = None
    for card in sorted(legal, key=lambda c: c.index):
        if previous is not None and card.suit is previous.suit and not card.is_excuse \
                and card.half_points == previous.half_points \
                and not ~seen & ((1 << card.index) - (2 << previous.index)):
            classes[card] = classes[previous]
        else:
            classes[card] = card
        previous = card
    return classes


class _Draws:
    """The deals drawn so far for one position, and each card class's values on them."""

    def __init__(self, state: GameState, seat: int, key: str, seed: int) -> None:
        self.state, self.seat = state.copy(), seat
        self.legal = tuple(a for a in state.legal_actions() if isinstance(a, Card))
        self.classes = equivalent_cards(state, seat, self.legal)
        self.rng = random.Random(f"{seed}|{key}")
        self.values: dict = {card: [] for card in set(self.classes.values())}
        self.hidden: set = set()

    def extend_to(self, count: int) -> None:
        """Draw deals until ``count`` are valued (one is enough once all are alike)."""
        have = len(next(iter(self.values.values())))
        if have >= count or self._fixed:
            return
        side = self.state.side_of(self.seat)
        player = ComputerPlayer()
        for deal in sample_deals(self.state.view(self.seat), count - have, self.rng,
                                 rules=self.state.rules):
            self.hidden.add(tuple(deal.hands))
            for card, value in _deal_values(deal, self.classes, player).items():
                self.values[card].append(_side_points(deal, value, side))

    @property
    def _fixed(self) -> bool:
        """Every hidden card is known: no two deals drawn differ."""
        return len(next(iter(self.values.values()))) >= 2 and len(self.hidden) == 1

    def judgement(self, count: int) -> CardJudgement:
        """The judgement on the first ``count`` deals (on one when all are alike)."""
        exact = self._fixed
        count = 1 if exact else count
        return CardJudgement(self.seat, self.legal,
                             {card: tuple(self.values[self.classes[card]][:count])
                              for card in self.legal}, exact)


_CACHE: dict = {}
_CACHE_SIZE = 64


def judge_cards(state: GameState, seat: int, *, seed: int = 0, deals=DEALS,
                focus=None, undecided=None) -> CardJudgement:
    """The legal cards of ``seat`` (to play a card in ``state``) judged from its view.

    The first ``deals`` number of deals is drawn; the larger numbers only while a card of
    ``focus`` (cards; None: none) has an uncertain band (:meth:`CardJudgement.uncertain`),
    or, when ``undecided`` is given (a test of a :class:`CardJudgement`), while it is true.
    The deals are seeded by the seat's view and ``seed`` only, and kept for the position: a
    later call extends them, so the hint and the review of one position agree. A view no
    deal fits raises ``ValueError`` in words.
    """
    if state.is_over or state.to_act != seat:
        raise ValueError(f"It is not seat {seat}'s turn to play a card.")
    if not any(isinstance(a, Card) for a in state.legal_actions()):
        raise ValueError(f"Seat {seat} has no card to play now.")
    key = position_key(state, seat)
    draws = _CACHE.get((key, seed))
    if draws is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        draws = _CACHE[(key, seed)] = _Draws(state, seat, key, seed)
    focus = tuple(focus or ())
    if undecided is None:
        def undecided(verdict):
            return any(verdict.uncertain(card) for card in focus)
    for count in deals:
        draws.extend_to(count)
        verdict = draws.judgement(count)
        if verdict.exact or not undecided(verdict):
            break
    return verdict


BID_DEALS = 24
"""How many deals a bid, a call or a discard is judged on (:func:`judge_choices`)."""


@dataclass(frozen=True)
class ChoiceJudgement:
    """Choices of one seat valued on the same deals: ``values[choice]``, per deal, the seat's
    score at the end of the deal after that choice's actions (the rest of the deal played by
    the learner computer players). A choice is a bid, a called card or a whole discard."""

    seat: int
    choices: tuple
    values: dict

    @property
    def deals(self) -> int:
        """How many deals the choices were compared on."""
        return len(next(iter(self.values.values())))

    def mean(self, choice) -> Fraction:
        """The seat's score after ``choice``, on average over the deals."""
        return Fraction(sum(self.values[choice]), self.deals)

    def gain_interval(self, choice, than) -> tuple[float, float]:
        """The 95 % interval of what ``choice`` scores more than ``than`` (paired deals)."""
        differences = [a - b for a, b in zip(self.values[choice], self.values[than])]
        return _interval(differences, sum(differences) / len(differences))

    def clearly_better(self, choice, than) -> bool:
        """``choice`` scores more than ``than`` with the whole 95 % interval above 0."""
        return choice != than and self.gain_interval(choice, than)[0] > 0


def judge_choices(state: GameState, seat: int, choices: dict, *, seed: int = 0,
                  deals: int = BID_DEALS, label: str = "choice") -> ChoiceJudgement:
    """``choices`` (each a name mapped to the actions ``seat`` would take from ``state``,
    in order) valued from the seat's view: on ``deals`` deals drawn to fit it, each choice's
    actions are made and the deal is played to the end by the learner computer players; the
    seat's score. ``label`` keeps the draws of different kinds of choice apart.

    >>> from tarot_teach import GameState, RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=5)
    >>> verdict = judge_choices(state, state.to_act, {"pass": [Bid.PASS], "take": [Bid.TAKE]},
    ...                         deals=4)
    >>> verdict.choices, verdict.deals
    (('pass', 'take'), 4)
    """
    rng = random.Random(f"{seed}|{label}|{position_key(state, seat)}")
    player = ComputerPlayer()
    values: dict = {choice: [] for choice in choices}
    for deal in sample_deals(state.view(seat), deals, rng, rules=state.rules):
        for choice, actions in choices.items():
            after = deal.copy()
            for action in actions:
                after.play(action)
            result = play_out(after, player).result
            values[choice].append(result.scores[seat] if result.scores else 0)
    return ChoiceJudgement(seat, tuple(choices), values)


def judge_bids(state: GameState, seat: int, bids, *, seed: int = 0,
               deals: int = BID_DEALS) -> ChoiceJudgement:
    """``bids`` (legal bids of ``seat`` in ``state``) valued as :func:`judge_choices` values
    choices: each bid made on deals drawn to fit the seat's view, then played out.

    >>> from tarot_teach import GameState, RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=5)
    >>> verdict = judge_bids(state, state.to_act, [Bid.PASS, Bid.TAKE], deals=4)
    >>> verdict.deals, len(verdict.values[Bid.TAKE])
    (4, 4)
    """
    return judge_choices(state, seat, {bid: (bid,) for bid in bids}, seed=seed, deals=deals,
                         label="bid")
