"""The end of a deal: counting the piles, the result, and what each seat may see.

Plain functions of the state: its scoring at the end of the deal (RULES.md §8-§9, :func:`finish`)
and the seats' views (:func:`view`), which :class:`~tarot_teach.game.GameState` calls;
:class:`DealResult` and :class:`SeatView` are what they give.

>>> from tarot_teach.cards import parse_cards, mask_of
>>> half_points_of(mask_of(parse_cards("KH T21 EX 7C")))  # 4.5 + 4.5 + 4.5 + 0.5
28
>>> cosmic_thirds_of(mask_of(parse_cards("KH 2H 3H")))  # a tierce (1) and an Archon (4)
15
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .bidding import dog_destination
from .cards import DECK, Card, cards_of, mask_of
from .discard import BOUTS_MASK
from .rules import Bid, Phase
from .scoring import HANDFUL_LEVELS, ScoreBreakdown, misere_payments, score_deal
from .variants import COSMIC_THIRDS

__all__ = ["DealResult", "SeatView", "LazySeatView", "finish", "finish_without_taker", "view",
           "lazy_view", "petit_au_bout_trick", "petit_au_bout", "chelem_outcome", "half_points_of",
           "cosmic_thirds_of", "settle_exchange", "TAKER_SIDE", "DEFENCE_SIDE", "SMALL_CARDS_MASK"]

TAKER_SIDE, DEFENCE_SIDE = 0, 1
SMALL_CARDS_MASK = sum(1 << c.index for c in DECK if c.half_points == 1)
_WEIGHTED_MASKS = tuple(  # (mask, extra half points) so that halves = count + Σ extra·count(mask)
    (sum(1 << c.index for c in DECK if c.half_points == h), h - 1) for h in (3, 5, 7, 9))


def half_points_of(mask: int) -> int:
    """The half points of the cards in a mask."""
    total = mask.bit_count()
    for weighted, extra in _WEIGHTED_MASKS:
        total += extra * (mask & weighted).bit_count()
    return total


_COSMIC_WEIGHTED = tuple(
    (sum(1 << c.index for c in DECK if COSMIC_THIRDS[c.index] == t), t - 1)
    for t in sorted(set(COSMIC_THIRDS)) if t != 1)


def cosmic_thirds_of(mask: int) -> int:
    """Cosmic Tribe: the tricky points of the cards in a mask, in thirds (RULES.md §12)."""
    total = mask.bit_count()
    for weighted, extra in _COSMIC_WEIGHTED:
        total += extra * (mask & weighted).bit_count()
    return total


def settle_exchange(piles: list[int], owed: list[int]) -> None:
    """The side that kept its Excuse gives a small card to the other side when it can."""
    for side in (TAKER_SIDE, DEFENCE_SIDE):
        while owed[side]:
            small = piles[side] & SMALL_CARDS_MASK
            if not small:
                break
            low = small & -small
            piles[side] ^= low
            piles[1 - side] |= low
            owed[side] -= 1


@dataclass(frozen=True)
class DealResult:
    """What a finished (or void) deal comes to."""

    void: "str | None" = None
    taker: "int | None" = None
    partner: "int | None" = None
    bid: "Bid | None" = None
    taker_half_points: int = 0
    taker_bouts: int = 0
    breakdown: "ScoreBreakdown | None" = None
    scores: tuple[int, ...] = ()
    unit: int = 2  # taker_half_points counts halves, or thirds in Cosmic Tribe
    total_units: int = 182  # the pack in the same unit (91 × 2, 78 × 3)
    misere_scores: tuple[int, ...] = ()  # misère payments, included in scores
    kind: str = "contract"  # "contract", "goulash" (all passed) or "two_players"
    seat_units: tuple[int, ...] = ()  # goulash and two players: each seat's points in units
    seat_bouts: tuple[int, ...] = ()  # two players: each seat's bouts
    winner: "int | None" = None  # two players: the seat that reached its target
    lines: tuple[str, ...] = ()  # goulash and two players: the working of the score

    @property
    def taker_points(self) -> Fraction:
        return Fraction(self.taker_half_points, self.unit)

    @property
    def defence_points(self) -> Fraction:
        return Fraction(self.total_units - self.taker_half_points, self.unit)

    @property
    def contract_made(self) -> "bool | None":
        return None if self.breakdown is None else self.breakdown.contract_made

    def to_dict(self) -> dict:
        """The dict :func:`tarot_teach.replay` returns (HAND_RECORD.md)."""
        if self.void:
            return {"void": self.void}
        points = [float(Fraction(u, self.unit)) for u in self.seat_units]
        if self.kind == "goulash":
            return {"goulash": True, "points": points, "scores": list(self.scores)}
        if self.kind == "two_players":
            return {"winner": self.winner, "points": points, "bouts": list(self.seat_bouts),
                    "scores": list(self.scores)}
        result = {"taker": self.taker, "partner": self.partner, "bid": self.bid.value,
                  "taker_points": float(self.taker_points), "taker_bouts": self.taker_bouts,
                  "contract_made": self.breakdown.contract_made, "scores": list(self.scores)}
        if any(self.misere_scores):
            result["misere_scores"] = list(self.misere_scores)
        return result


@dataclass(frozen=True)
class SeatView:
    """What one seat may see: its own hand, and what has been shown to everybody."""

    seat: int
    players: int
    dealer: int
    phase: Phase
    to_act: "int | None"
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, Bid], ...]
    taker: "int | None"
    contract: "Bid | None"
    called: "Card | None"
    partner: "int | None"
    dog: "tuple[Card, ...] | None"
    discard: "tuple[Card, ...] | None"
    discarded_trumps: tuple[Card, ...]
    chelem_announced: bool
    poignees: dict
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    current_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    legal_actions: tuple[Any, ...]
    result: "DealResult | None" = None
    miseres: dict = field(default_factory=dict)  # seat -> kinds declared (misère variant)
    petit_chelem_announced: bool = False
    petit_imprenable: "int | None" = None  # the seat whose Petit is played like an Excuse
    table: tuple = ()  # two players: per seat, per pile (face-up card or None, cards left)
    # The table's rule set (public: the order of the pips, the variants). Not in the repr,
    # which names a position (judge.position_key: the seed of the deals drawn for it).
    rules: Any = field(default=None, repr=False)

    def replaced(self, **changes) -> "SeatView":
        """This view with ``changes`` (field name -> value), as :class:`LazySeatView` has."""
        return replace(self, **changes)


class LazySeatView:
    """A seat's view (the fields of :class:`SeatView`) whose fields are computed when first
    read, from the state as it is then: see :func:`lazy_view`."""

    def __init__(self, state, seat: int) -> None:
        self._state, self._seat = state, seat

    def replaced(self, **changes) -> "LazySeatView":
        """This view with ``changes`` (field name -> value), the other fields still read from
        the state when first asked (as :meth:`SeatView.replaced`).

        >>> from tarot_teach import GameState, RuleSet
        >>> state = GameState.new(RuleSet(players=4), seed=3)
        >>> view = state.lazy_view(1).replaced(legal_actions=())
        >>> view.legal_actions, view.hand == state.view(1).hand
        ((), True)
        """
        unknown = set(changes) - set(_VIEW_FIELDS)
        if unknown:
            raise TypeError(f"a seat's view has no field {', '.join(sorted(unknown))}")
        copy = LazySeatView(self._state, self._seat)
        copy.__dict__.update(changes)
        return copy


_VIEW_FIELDS = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state.rules.players,
    "dealer": lambda state, seat: state.dealer,
    "phase": lambda state, seat: state.phase,
    "to_act": lambda state, seat: state.to_act,
    "hand": lambda state, seat: tuple(state.hand(seat)),
    "hand_sizes": lambda state, seat: tuple(map(int.bit_count, state.hands)),
    "bids": lambda state, seat: tuple(state.bids),
    "taker": lambda state, seat: state.taker,
    "contract": lambda state, seat: state.contract,
    "called": lambda state, seat: state.called,
    "partner": lambda state, seat: known_partner(state, seat),
    "dog": lambda state, seat: shown_dog(state),
    "discard": lambda state, seat: tuple(DECK[i] for i in state.discard)
    if seat == state.taker or state.is_over else None,
    "discarded_trumps": lambda state, seat: tuple(DECK[i] for i in state.discard if 1 <= i <= 21),
    "chelem_announced": lambda state, seat: state.chelem_announced,
    "poignees": lambda state, seat: dict(state.poignees),
    "tricks": lambda state, seat: tuple((leader, tuple(map(DECK.__getitem__, cards)), winner)
                                        for leader, cards, winner in state.tricks),
    "current_trick": lambda state, seat: tuple(((state.leader + k) % state.rules.players, DECK[i])
                                               for k, i in enumerate(state.trick)),
    "tricks_won": lambda state, seat: tuple(
        sum(1 for _, _, winner in state.tricks if winner == s) for s in range(state.rules.players)),
    "legal_actions": lambda state, seat: tuple(state.legal_actions())
    if seat == state.to_act else (),
    "result": lambda state, seat: state.result if state.is_over else None,
    "miseres": lambda state, seat: {s: tuple(kinds) for s, kinds in state.miseres.items()},
    "petit_chelem_announced": lambda state, seat: state.petit_chelem_announced,
    "petit_imprenable": lambda state, seat: state.imprenable,
    "table": lambda state, seat: state._table_view(),
    "rules": lambda state, seat: state.rules,
}
"""How each field of a seat's view is computed (:func:`view` computes them all)."""


class _LazyField:
    """A field of :class:`LazySeatView`: computed when first read, then kept in the view's
    ``__dict__``, which later reads find first (a descriptor is cheaper than ``__getattr__``)."""

    __slots__ = ("name", "compute")

    def __init__(self, name: str, compute) -> None:
        self.name, self.compute = name, compute

    def __get__(self, view, owner=None):
        if view is None:
            return self
        value = view.__dict__[self.name] = self.compute(view._state, view._seat)
        return value


for _name, _compute in _VIEW_FIELDS.items():
    setattr(LazySeatView, _name, _LazyField(_name, _compute))
del _name, _compute


def finish(state) -> None:
    """Score a contract at the end of the deal (the games without a taker finish their own
    way): the state's result, final piles and unpaid exchange."""
    contract = state.contract
    destination = dog_destination(contract)
    aside = mask_of(DECK[i] for i in state.discard) if destination == "taken" else state.dog
    piles = list(state.piles)
    piles[DEFENCE_SIDE if destination == "defence_unseen" else TAKER_SIDE] |= aside
    # The discard (or the dog) is part of its side's pile from the start: an Excuse
    # exchange card still owed is given from it.
    owed = list(state.owed_exchange)
    settle_exchange(piles, owed)
    state.final_piles = tuple(piles)
    state.unpaid_exchange = tuple(owed)
    taker_pile = piles[TAKER_SIDE]
    # §8: an exchange card that can never be given still moves its half point (a third
    # in Cosmic Tribe): the side owed counts it.
    halves = state._units_of(taker_pile) + owed[DEFENCE_SIDE] - owed[TAKER_SIDE]
    bouts = (taker_pile & BOUTS_MASK).bit_count()
    breakdown = score_deal(state.rules, contract, halves, bouts,
                           petit_au_bout=state._petit_au_bout(), poignees=poignee_levels(state),
                           chelem=chelem_outcome(state), alone=state.partner is None)
    scores = breakdown.seat_scores(state.taker, state.partner)
    extra = {}
    if state.miseres:
        misere = misere_payments(state.players, [seat for seat in sorted(state.miseres)
                                                 for _ in state.miseres[seat]])
        scores = [a + b for a, b in zip(scores, misere)]
        extra["misere_scores"] = misere
    if state.rules.points_unit != 2:  # Cosmic Tribe counts thirds
        unit = state.rules.points_unit
        extra.update(unit=unit, total_units=unit * state.rules.total_points)
    _over(state)
    state.result = DealResult(taker=state.taker, partner=state.partner, bid=contract,
                              taker_half_points=halves, taker_bouts=bouts,
                              breakdown=breakdown, scores=tuple(scores), **extra)
    state.events.append(("scored", tuple(scores)))


def finish_without_taker(state, kind, units, scores, lines, bouts=(), winner=None) -> None:
    """End a deal played with no taker (goulash, two players) with its scores."""
    _over(state)
    unit = state.rules.points_unit
    state.result = DealResult(scores=tuple(scores), kind=kind, seat_units=tuple(units),
                              seat_bouts=tuple(bouts), winner=winner, lines=tuple(lines),
                              unit=unit, total_units=unit * state.rules.total_points)
    state.events.append(("scored", tuple(scores)))


def _over(state) -> None:
    state.phase = Phase.FINISHED
    state.is_over = True
    state.to_act = None


def petit_au_bout_trick(state) -> "tuple[int, int] | None":
    """``(trick number, winner)`` of the trick that makes the Petit count "au bout": the
    last trick; or, after a slam completed by the Excuse on the last trick, the
    second-to-last one too (§8 adds that case and removes none). None if neither."""
    for number in (-1, -2) if state.excuse_slam else (-1,):
        if len(state.tricks) >= -number:
            _, cards, winner = state.tricks[number]
            if 1 in cards:
                return len(state.tricks) + number, winner
    return None


def petit_au_bout(state) -> "str | None":
    """The side paid the petit au bout: ``"taker"``, ``"defence"`` or None."""
    found = petit_au_bout_trick(state)
    if found is None:
        return None
    return "taker" if state.side_of(found[1]) == TAKER_SIDE else "defence"


def chelem_outcome(state) -> "str | None":
    """The slam item of the deal's score (a key of the scoring table's ``chelem``)."""
    every = len(state.tricks)
    taker_tricks, defence_tricks = state.side_tricks[TAKER_SIDE], state.side_tricks[DEFENCE_SIDE]
    if state.chelem_announced:
        if taker_tricks == every:
            return "announced_made"
        # §9: missed, and a slam by the defence on top: both -200 items apply
        return "announced_failed_defence" if defence_tricks == every else "announced_failed"
    if state.petit_chelem_announced:  # all tricks but one (all of them also fulfils it)
        return "petit_announced_made" if taker_tricks >= every - 1 else "petit_announced_failed"
    if taker_tricks == every:
        return "made"
    if defence_tricks == every:
        return "defence"
    if state.rules.petit_chelem and taker_tricks == every - 1:
        return "petit_made"
    return None


def poignee_levels(state) -> tuple[str, ...]:
    """The levels of the poignées shown, by seat."""
    return tuple(level for seat in sorted(state.poignees)
                 for level, needed in zip(HANDFUL_LEVELS, state.rules.handful_thresholds)
                 if len(state.poignees[seat]) == needed)


def view(state, seat: int) -> SeatView:
    """What ``seat`` may see now (:meth:`GameState.view`)."""
    check_seat(state, seat)
    return SeatView(**{name: field_of(state, seat) for name, field_of in _VIEW_FIELDS.items()})


def lazy_view(state, seat: int) -> LazySeatView:
    """The same view as :func:`view`, each field computed when first read.

    >>> from tarot_teach import GameState, RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=3)
    >>> all(getattr(lazy_view(state, 1), name) == getattr(state.view(1), name)
    ...     for name in _VIEW_FIELDS)
    True
    """
    check_seat(state, seat)
    return LazySeatView(state, seat)


def check_seat(state, seat: int) -> None:
    """A ``ValueError`` unless ``seat`` is a seat of the deal."""
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"seat must be between 0 and {state.rules.players - 1}")


def shown_dog(state) -> "tuple[Card, ...] | None":
    """The dog once turned face up (or the deal over), else None."""
    # Five players: the King is called before the dog is turned over (§10).
    shown = state.contract is not None and state.contract.takes_dog \
        and state.phase is not Phase.CALLING
    if (shown or state.is_over) and state.taker is not None or state.phase is Phase.FINISHED:
        return tuple(cards_of(state.dealt_dog))
    return None


def known_partner(state, seat: int) -> "int | None":
    """The partner as ``seat`` knows it: once revealed, at the end, or by the partner."""
    knows = state.partner_revealed or state.is_over or seat == state.partner
    return state.partner if knows else None
