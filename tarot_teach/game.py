"""A deal from the cards to the score: one state, one ``legal_actions()``, checked moves.

>>> state = GameState.new(RuleSet(players=4), seed=3)
>>> state.phase, state.to_act
(<Phase.BIDDING: 'bidding'>, 1)
>>> state.legal_actions()
[<Bid.PASS: 'pass'>, <Bid.TAKE: 'take'>, <Bid.GUARD: 'guard'>, <Bid.GUARD_WITHOUT: 'guard_without'>, <Bid.GUARD_AGAINST: 'guard_against'>]
>>> for bid in ("pass", "pass", "guard_without", "pass"):
...     state.play(bid)
>>> state.phase, state.taker, state.contract
(<Phase.SLAM: 'slam'>, 3, <Bid.GUARD_WITHOUT: 'guard_without'>)
>>> state.play("no_chelem"); state.phase, state.to_act
(<Phase.PLAYING: 'playing'>, 1)
>>> state.play("KH")
Traceback (most recent call last):
...
tarot_teach.errors.IllegalAction: Seat 1 does not hold the King of hearts.

A whole deal played by always taking the first legal action:

>>> while not state.is_over:
...     state.play(state.legal_actions()[0])
>>> sum(state.result.scores), state.result.taker_points + state.result.defence_points
(0, Fraction(91, 1))
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .cards import DECK, EXCUSE_BIT, SUIT_MASKS, TRUMP_MASK, Card, cards_of, mask_of, parse_card, sort_cards
from .deal import deal_masks, has_petit_sec
from .discard import BOUTS_MASK, discard_refusal, discardable_mask
from .errors import IllegalAction, InvalidRecord
from .excuse import ExcuseOutcome, excuse_outcome
from .rules import Bid, Phase, RuleSet
from .scoring import HANDFUL_LEVELS, ScoreBreakdown, score_deal
from .tricks import SUIT_MASK_OF_INDEX, explain_refusal, legal_mask, winning_position

__all__ = ["GameState", "Slam", "Poignee", "DealResult", "SeatView", "parse_action"]

TAKER_SIDE, DEFENCE_SIDE = 0, 1
_PLAYING = Phase.PLAYING
SMALL_CARDS_MASK = sum(1 << c.index for c in DECK if c.half_points == 1)
_WEIGHTED_MASKS = tuple(  # (mask, extra half points) so that halves = count + Σ extra·count(mask)
    (sum(1 << c.index for c in DECK if c.half_points == h), h - 1) for h in (3, 5, 7, 9))


def half_points_of(mask: int) -> int:
    """The half points of the cards in a mask."""
    total = mask.bit_count()
    for weighted, extra in _WEIGHTED_MASKS:
        total += extra * (mask & weighted).bit_count()
    return total


class Slam(enum.Enum):
    """The taker's choice after the discard: announce a chelem or not."""

    ANNOUNCE = "chelem"
    DECLINE = "no_chelem"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Poignee:
    """A handful declared by showing trumps, just before the seat's first card."""

    cards: tuple[Card, ...]
    level: str

    def __str__(self) -> str:
        return f"poignee:{self.level}"


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

    @property
    def taker_points(self) -> Fraction:
        return Fraction(self.taker_half_points, 2)

    @property
    def defence_points(self) -> Fraction:
        return Fraction(182 - self.taker_half_points, 2)

    @property
    def contract_made(self) -> "bool | None":
        return None if self.breakdown is None else self.breakdown.contract_made

    def to_dict(self) -> dict:
        """The dict :func:`tarot_teach.replay` returns (HAND_RECORD.md)."""
        if self.void:
            return {"void": self.void}
        return {"taker": self.taker, "partner": self.partner, "bid": self.bid.value,
                "taker_points": float(self.taker_points), "taker_bouts": self.taker_bouts,
                "contract_made": self.breakdown.contract_made, "scores": list(self.scores)}


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


def parse_action(text, phase: Phase):
    """Read an action written as text for a phase (``"guard"``, ``"KH"``, ``"chelem"``)."""
    if isinstance(text, Bid) and phase is not Phase.BIDDING:
        raise ValueError(f"{text.value!r} is a bid")
    if isinstance(text, Poignee):
        # The shown cards may be card names; anything else is refused, not a TypeError later.
        if isinstance(text.cards, str) or not isinstance(text.cards, (list, tuple)):
            raise ValueError(f"a poignée shows a list of trumps, not {text.cards!r}")
        return Poignee(tuple(parse_card(card) for card in text.cards), text.level)
    if not isinstance(text, str):
        return text
    if phase is Phase.BIDDING:
        return Bid.parse(text)
    if phase is Phase.SLAM:
        word = text.strip().lower()
        for choice in Slam:
            if word == choice.value:
                return choice
        raise IllegalAction(f"{text!r}: say 'chelem' to announce a slam or 'no_chelem'.", "bad_input")
    return parse_card(text)


class GameState:
    """One deal in progress. Seats are numbered in the order of play (HAND_RECORD.md).

    Build it with :meth:`new` (a seeded deal) or :meth:`from_hands`; then
    ``legal_actions()`` lists what the seat ``to_act`` may do and ``play(action)``
    does it, or raises :class:`IllegalAction` naming the rule and changes nothing.
    """

    def __init__(self, rules: RuleSet, hands: list[int], dog: int, dealer: int = 0) -> None:
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.dealt_hands = tuple(hands)
        self.dealt_dog = dog
        self.hands = list(hands)
        self.dog = dog
        self.phase = Phase.BIDDING
        self.is_over = False  # True once the deal is finished or void
        self.to_act: "int | None" = (dealer + 1) % rules.players
        self.bids: list[tuple[int, Bid]] = []
        self.taker: "int | None" = None
        self.contract: "Bid | None" = None
        self.called: "Card | None" = None
        self.partner: "int | None" = None
        self.partner_revealed = False
        self.discard: list[int] = []
        self.chelem_announced = False
        self.poignees: dict[int, tuple[Card, ...]] = {}
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []  # (leader, cards, winner)
        self.trick: list[int] = []
        self.leader = self.to_act
        self.piles = [0, 0]  # taker's side, defence: masks of cards won
        self.owed_exchange = [0, 0]
        self.side_tricks = [0, 0]
        self.excuse_slam = False
        self.history: list[Any] = []
        self.events: list[tuple] = [("deal", dealer)]
        self.result: "DealResult | None" = None
        self._legal_cache: "int | None" = None
        petit_sec = [seat for seat, hand in enumerate(hands) if has_petit_sec(hand)]
        if petit_sec and not rules.petit_imprenable:
            self.events.append(("petit_sec", petit_sec[0]))
            self._void("petit_sec")

    # ----- construction -------------------------------------------------

    @classmethod
    def new(cls, rules: "RuleSet | None" = None, seed=None, dealer: int = 0) -> "GameState":
        """A fresh deal, reproducible from ``seed``."""
        rules = rules or RuleSet()
        hands, dog = deal_masks(rules, seed, dealer)
        return cls(rules, hands, dog, dealer)

    @classmethod
    def from_hands(cls, rules: RuleSet, hands, dog, dealer: int = 0) -> "GameState":
        """A deal from given hands and dog (lists of cards or names), checked for completeness."""
        if not isinstance(hands, (list, tuple)) or len(hands) != rules.players:
            raise InvalidRecord(f"hands must list {rules.players} hands")
        masks = []
        seen = 0
        for seat, hand in enumerate(hands):
            cards = _read_cards(hand, f"hand of seat {seat}")
            if len(cards) != rules.hand_size:
                raise InvalidRecord(f"seat {seat} holds {len(cards)} cards; "
                                    f"with {rules.players} players a hand holds {rules.hand_size}")
            masks.append(_unique_mask(cards, seen, f"hand of seat {seat}"))
            seen |= masks[-1]
        dog_cards = _read_cards(dog, "dog")
        if len(dog_cards) != rules.dog_size:
            raise InvalidRecord(f"the dog holds {len(dog_cards)} cards; "
                                f"with {rules.players} players it holds {rules.dog_size}")
        dog_mask = _unique_mask(dog_cards, seen, "dog")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise InvalidRecord(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
        return cls(rules, masks, dog_mask, dealer)

    def copy(self) -> "GameState":
        """An independent copy (for hints, undo and look-ahead)."""
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        for name in ("hands", "bids", "discard", "tricks", "trick", "piles", "owed_exchange",
                     "side_tricks", "history", "events"):
            setattr(other, name, list(getattr(self, name)))
        other.poignees = dict(self.poignees)
        return other

    def undo(self) -> "GameState":
        """The state before the last action (a new object; this one is unchanged)."""
        if not self.history:
            raise IllegalAction("There is nothing to undo.", "nothing_to_undo")
        earlier = GameState(self.rules, list(self.dealt_hands), self.dealt_dog, self.dealer)
        for action in self.history[:-1]:
            earlier.play(action)
        return earlier

    # ----- queries --------------------------------------------------------

    def hand(self, seat: int) -> list[Card]:
        """The cards seat ``seat`` holds now, sorted for display."""
        return sort_cards(cards_of(self.hands[seat]))

    def side_of(self, seat: int) -> int:
        return TAKER_SIDE if seat == self.taker or seat == self.partner else DEFENCE_SIDE

    def legal_actions(self) -> list:
        """Everything the seat ``to_act`` may do now (empty once the deal is over)."""
        phase = self.phase
        if phase is _PLAYING:
            actions = cards_of(self._legal_play_mask())
            if not self.tricks and self.to_act not in self.poignees:
                actions += self._poignee_options(self.to_act)
            return actions
        if phase is Phase.BIDDING:
            highest = max((bid for _, bid in self.bids), default=Bid.PASS)
            return [Bid.PASS] + [bid for bid in self.rules.bids if highest < bid]
        if phase is Phase.DISCARD:
            return cards_of(discardable_mask(self.hands[self.taker], self._still_to_discard()))
        if phase is Phase.SLAM:
            return [Slam.ANNOUNCE, Slam.DECLINE]
        if phase is Phase.CALLING:
            return self._callable_cards()
        return []

    def is_legal(self, action) -> bool:
        try:
            self._refusal(self._read(action))
        except IllegalAction:
            return False
        return True

    def _legal_play_mask(self) -> int:
        if self._legal_cache is None:
            seat = self.to_act
            mask = legal_mask(self.hands[seat], self.trick)
            if self.called is not None and not self.tricks and not self.trick:
                mask = self._opening_lead_mask(mask)
            self._legal_cache = mask
        return self._legal_cache

    def _opening_lead_mask(self, mask: int) -> int:
        """Five players: the first lead may not be in the called suit, but the called card."""
        if not self.called.suit.is_plain:
            return mask
        forbidden = SUIT_MASKS[self.called.suit] & ~(1 << self.called.index)
        allowed = mask & ~forbidden
        return allowed or mask

    def _still_to_discard(self) -> int:
        return self.rules.dog_size - len(self.discard)

    def _callable_cards(self) -> list[Card]:
        hand = self.hands[self.taker]
        for rank in (14, 13, 12, 11):
            cards = [DECK[22 + 14 * n + rank - 1] for n in range(4)]
            if not all(hand >> c.index & 1 for c in cards):
                return cards
        return []

    def _poignee_options(self, seat: int) -> list[Poignee]:
        hand = self.hands[seat]
        trumps = cards_of(hand & TRUMP_MASK)
        has_excuse = bool(hand & EXCUSE_BIT)
        options = []
        for level, needed in zip(HANDFUL_LEVELS, self.rules.handful_thresholds):
            if len(trumps) >= needed:
                shown = tuple(trumps[:needed])
            elif has_excuse and len(trumps) == needed - 1:
                shown = tuple(trumps) + (DECK[0],)
            else:
                break
            options.append(Poignee(shown, level))
        return options

    # ----- acting -------------------------------------------------------------

    def play(self, action) -> None:
        """Do ``action`` for the seat ``to_act``: a bid, a called card, a discarded card,
        a slam choice, a :class:`Poignee` or a card to the trick. Text is accepted.

        Raises :class:`IllegalAction` (and changes nothing) when the rules forbid it.
        """
        if type(action) is Card and self.phase is _PLAYING \
                and (1 << action.index) & self._legal_play_mask():
            self.history.append(action)  # the common case, already checked
            self._legal_cache = None
            self._play_card(action)
            return
        action = self._read(action)
        self._refusal(action)
        self.history.append(action)
        self._legal_cache = None
        phase = self.phase
        if phase is Phase.PLAYING:
            if isinstance(action, Poignee):
                self.poignees[self.to_act] = action.cards
                self.events.append(("poignee", self.to_act, action.level, action.cards))
            else:
                self._play_card(action)
        elif phase is Phase.BIDDING:
            self._bid(action)
        elif phase is Phase.DISCARD:
            self._discard(action)
        elif phase is Phase.SLAM:
            self._slam(action)
        elif phase is Phase.CALLING:
            self._call(action)

    def _read(self, action):
        if self.is_over:
            raise IllegalAction("The deal is over: no more actions.", "deal_over")
        try:
            return parse_action(action, self.phase)
        except ValueError as error:
            if self.phase is not Phase.BIDDING and _is_bid_word(action):
                raise IllegalAction(f"The auction is over: every seat has spoken once. "
                                    f"Now: {_PHASE_WORDS[self.phase]}.", "auction_over",
                                    self.to_act) from None
            if isinstance(error, IllegalAction):
                raise
            raise IllegalAction(str(error), "bad_input", self.to_act) from None

    def _refuse(self, message: str, rule: str):
        raise IllegalAction(message, rule, self.to_act)

    def _refusal(self, action) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not allowed now; change nothing."""
        phase = self.phase
        seat = self.to_act
        if phase is Phase.PLAYING:
            if isinstance(action, Poignee):
                return self._poignee_refusal(seat, action)
            if not isinstance(action, Card):
                self._refuse(f"Now seat {seat} plays a card to the trick.", "wrong_phase")
            bit = 1 << action.index
            if bit & self._legal_play_mask():
                return None
            if not bit & self.hands[seat]:
                self._refuse(f"Seat {seat} does not hold {_the(action)}.", "not_in_hand")
            if legal_mask(self.hands[seat], self.trick) & bit:
                self._refuse(f"The first lead may not be in the called suit "
                             f"({self.called.suit.english}), except the called card itself.",
                             "called_suit_lead")
            message, rule = explain_refusal(self.hands[seat], self.trick, action)
            self._refuse(message, rule)
        elif phase is Phase.BIDDING:
            if not isinstance(action, Bid):
                self._refuse("Now it is the auction: pass or bid.", "wrong_phase")
            if action is Bid.PASS:
                return None
            if action not in self.rules.bids:
                self._refuse(f"{action.english} is not a bid in these rules.", "unknown_bid")
            highest = max((bid for _, bid in self.bids), default=Bid.PASS)
            if not highest < action:
                self._refuse(f"{action.english} does not beat the {highest.english} already bid: "
                             f"bid higher or pass.", "bid_too_low")
        elif phase is Phase.DISCARD:
            if not isinstance(action, Card):
                self._refuse("Now the taker lays cards aside: choose a card to discard.",
                             "wrong_phase")
            refusal = discard_refusal(self.hands[seat], action.index, self._still_to_discard())
            if refusal:
                self._refuse(*refusal)
        elif phase is Phase.SLAM:
            if not isinstance(action, Slam):
                self._refuse("Now the taker says 'chelem' or 'no_chelem'.", "wrong_phase")
        elif phase is Phase.CALLING:
            if not isinstance(action, Card) or action not in self._callable_cards():
                allowed = self._callable_cards()
                rank = allowed[0].name.split(" of ")[0] if allowed else "King"
                self._refuse(f"The taker calls a {rank}: one of "
                             + ", ".join(str(c) for c in allowed) + ".", "call")
        return None

    def _poignee_refusal(self, seat: int, poignee: Poignee) -> None:
        if self.tricks or seat in self.poignees or self._has_played(seat):
            self._refuse("A poignée is shown just before your first card, once.", "poignee_timing")
        cards = poignee.cards
        hand = self.hands[seat]
        if len(set(cards)) != len(cards) or any(not hand >> c.index & 1 for c in cards):
            self._refuse("A poignée shows trumps from your own hand, each once.", "poignee_cards")
        if any(not (c.is_trump or c.is_excuse) for c in cards):
            self._refuse("A poignée shows only trumps (and the Excuse).", "poignee_cards")
        thresholds = dict(zip(HANDFUL_LEVELS, self.rules.handful_thresholds))
        if poignee.level not in thresholds or thresholds[poignee.level] != len(cards):
            self._refuse(f"A {poignee.level} poignée shows exactly "
                         f"{thresholds.get(poignee.level, '?')} trumps.", "poignee_count")
        if any(c.is_excuse for c in cards) and (hand & TRUMP_MASK).bit_count() != len(cards) - 1:
            self._refuse("The Excuse may be shown in a poignée only by a player who has no other "
                         "trump left to show.", "poignee_excuse")

    def _has_played(self, seat: int) -> bool:
        return any(seat == (self.leader + k) % self.rules.players for k in range(len(self.trick)))

    # ----- phase by phase ---------------------------------------------------

    def _bid(self, bid: Bid) -> None:
        seat = self.to_act
        self.bids.append((seat, bid))
        self.events.append(("bid", seat, bid))
        players = self.rules.players
        if len(self.bids) < players:
            self.to_act = (seat + 1) % players
            return
        best_seat, best = max(self.bids, key=lambda item: item[1])
        if best is Bid.PASS:
            self._void("all_passed")
            return
        self.taker, self.contract = best_seat, best
        self.events.append(("taker", best_seat, best))
        self.to_act = best_seat
        if players == 5:
            self.phase = Phase.CALLING
        else:
            self._after_call()

    def _call(self, card: Card) -> None:
        self.called = card
        self.events.append(("call", self.taker, card))
        self._after_call()

    def _after_call(self) -> None:
        if self.contract.takes_dog:
            self.events.append(("dog_shown", tuple(cards_of(self.dog))))
            self.hands[self.taker] |= self.dog
            self.phase = Phase.DISCARD
        else:
            self.events.append(("dog_set_aside",))
            self._to_slam_phase()

    def _discard(self, card: Card) -> None:
        self.hands[self.taker] &= ~(1 << card.index)
        self.discard.append(card.index)
        if card.is_trump:
            self.events.append(("discarded_trump", self.taker, card))
        if len(self.discard) == self.rules.dog_size:
            self.events.append(("discard_done", self.taker))
            self._to_slam_phase()

    def _to_slam_phase(self) -> None:
        if self.called is not None:
            holder = next(seat for seat in range(self.rules.players)
                          if self.hands[seat] >> self.called.index & 1) \
                if any(h >> self.called.index & 1 for h in self.hands) else None
            self.partner = holder if holder != self.taker else None
        self.phase = Phase.SLAM
        self.to_act = self.taker

    def _slam(self, choice: Slam) -> None:
        self.chelem_announced = choice is Slam.ANNOUNCE
        if self.chelem_announced:
            self.events.append(("chelem_announced", self.taker))
        self.phase = Phase.PLAYING
        self.leader = self.taker if self.chelem_announced else (self.dealer + 1) % self.rules.players
        self.to_act = self.leader

    def _play_card(self, card: Card) -> None:
        seat = self.to_act
        self.hands[seat] &= ~(1 << card.index)
        self.trick.append(card.index)
        self.events.append(("play", seat, card))
        if card is self.called:
            self.partner_revealed = True
        players = self.players
        if len(self.trick) < players:
            self.to_act = (seat + 1) % players
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        rules = self.rules
        trick = self.trick
        players = rules.players
        position = winning_position(trick)
        winner = (self.leader + position) % players
        winner_side = self.side_of(winner)
        cards = 0
        for index in trick:
            cards |= 1 << index
        is_last = len(self.tricks) + 1 == rules.tricks
        if 0 in trick:
            excuse_seat = (self.leader + trick.index(0)) % players
            excuse_side = self.side_of(excuse_seat)
            outcome = excuse_outcome(rules, is_last,
                                     self.side_tricks[excuse_side] == len(self.tricks))
            if outcome is ExcuseOutcome.WINS_TRICK:
                winner, winner_side = excuse_seat, excuse_side
                self.excuse_slam = True
            elif outcome is ExcuseOutcome.CHANGES_SIDES:
                cards &= ~EXCUSE_BIT
                self.piles[1 - excuse_side] |= EXCUSE_BIT
            elif outcome is ExcuseOutcome.KEPT and excuse_side != winner_side:
                cards &= ~EXCUSE_BIT
                self.piles[excuse_side] |= EXCUSE_BIT
                self.owed_exchange[excuse_side] += 1
        self.piles[winner_side] |= cards
        self.side_tricks[winner_side] += 1
        _settle_exchange(self.piles, self.owed_exchange)
        self.tricks.append((self.leader, tuple(trick), winner))
        self.events.append(("trick", winner, tuple(DECK[i] for i in trick)))
        self.trick = []
        self.leader = self.to_act = winner
        if is_last:
            self._finish()

    def _void(self, reason: str) -> None:
        self.phase = Phase.VOID
        self.is_over = True
        self.to_act = None
        self.result = DealResult(void=reason)
        self.events.append(("void", reason))

    # ----- the end ------------------------------------------------------------------

    def _finish(self) -> None:
        contract = self.contract
        aside = mask_of(DECK[i] for i in self.discard) if contract.takes_dog else self.dog
        piles = list(self.piles)
        piles[DEFENCE_SIDE if contract is Bid.GUARD_AGAINST else TAKER_SIDE] |= aside
        # The discard (or the dog) is part of its side's pile from the start: an Excuse
        # exchange card still owed is given from it.
        _settle_exchange(piles, list(self.owed_exchange))
        taker_pile, defence_pile = self.final_piles = tuple(piles)
        halves = half_points_of(taker_pile)
        bouts = (taker_pile & BOUTS_MASK).bit_count()
        breakdown = score_deal(self.rules, contract, halves, bouts,
                               petit_au_bout=self._petit_au_bout(), poignees=self._poignee_levels(),
                               chelem=self._chelem_outcome(), alone=self.partner is None)
        scores = breakdown.seat_scores(self.taker, self.partner)
        self.phase = Phase.FINISHED
        self.is_over = True
        self.to_act = None
        self.result = DealResult(taker=self.taker, partner=self.partner, bid=contract,
                                 taker_half_points=halves, taker_bouts=bouts,
                                 breakdown=breakdown, scores=tuple(scores))
        self.events.append(("scored", tuple(scores)))

    def _petit_au_bout(self) -> "str | None":
        trick_number = -2 if self.excuse_slam else -1
        if len(self.tricks) < -trick_number:
            return None
        _, cards, winner = self.tricks[trick_number]
        if 1 not in cards:
            return None
        return "taker" if self.side_of(winner) == TAKER_SIDE else "defence"

    def _chelem_outcome(self) -> "str | None":
        every = len(self.tricks)
        if self.chelem_announced:
            return "announced_made" if self.side_tricks[TAKER_SIDE] == every else "announced_failed"
        if self.side_tricks[TAKER_SIDE] == every:
            return "made"
        if self.side_tricks[DEFENCE_SIDE] == every:
            return "defence"
        return None

    def _poignee_levels(self) -> tuple[str, ...]:
        return tuple(level for seat in sorted(self.poignees)
                     for level, needed in zip(HANDFUL_LEVELS, self.rules.handful_thresholds)
                     if len(self.poignees[seat]) == needed)

    # ----- what a seat sees, and the record ------------------------------------------

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now: never another seat's hand, the dog only once shown,
        the discard only to the taker (its trumps to all), the partner once revealed."""
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"seat must be between 0 and {self.rules.players - 1}")
        # Five players: the King is called before the dog is turned over (§10).
        shown_dog = self.contract is not None and self.contract.takes_dog \
            and self.phase is not Phase.CALLING
        over = self.is_over
        knows_partner = self.partner_revealed or over or (seat == self.partner)
        winners = [winner for _, _, winner in self.tricks]
        return SeatView(
            seat=seat, players=self.rules.players, dealer=self.dealer, phase=self.phase,
            to_act=self.to_act, hand=tuple(self.hand(seat)),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            bids=tuple(self.bids), taker=self.taker, contract=self.contract, called=self.called,
            partner=self.partner if knows_partner else None,
            dog=tuple(cards_of(self.dealt_dog)) if (shown_dog or over) and self.taker is not None
            or self.phase is Phase.FINISHED else None,
            discard=tuple(DECK[i] for i in self.discard) if seat == self.taker or over else None,
            discarded_trumps=tuple(DECK[i] for i in self.discard if 1 <= i <= 21),
            chelem_announced=self.chelem_announced, poignees=dict(self.poignees),
            tricks=tuple((leader, tuple(DECK[i] for i in cards), winner)
                         for leader, cards, winner in self.tricks),
            current_trick=tuple(((self.leader + k) % self.rules.players, DECK[i])
                                for k, i in enumerate(self.trick)),
            tricks_won=tuple(winners.count(s) for s in range(self.rules.players)),
            legal_actions=tuple(self.legal_actions()) if seat == self.to_act else (),
            result=self.result if over else None)

    def to_record(self) -> dict:
        """This deal as a hand record (HAND_RECORD.md), as far as it has gone."""
        record = {
            "players": self.rules.players,
            "variant": self.rules.to_record(),
            "dealer": self.dealer,
            "hands": [[str(c) for c in cards_of(h)] for h in self.dealt_hands],
            "dog": [str(c) for c in cards_of(self.dealt_dog)],
            "bids": [bid.value for _, bid in self.bids],
        }
        if self.called is not None:
            record["called"] = str(self.called)
        if self.discard:
            record["discard"] = [str(DECK[i]) for i in self.discard]
        if self.chelem_announced or self.poignees:
            record["declarations"] = {
                "chelem": self.chelem_announced,
                "poignees": {str(seat): [str(c) for c in cards]
                             for seat, cards in sorted(self.poignees.items())}}
        tricks = [[str(DECK[i]) for i in cards] for _, cards, _ in self.tricks]
        if self.trick:
            tricks.append([str(DECK[i]) for i in self.trick])
        record["tricks"] = tricks
        return record


def _settle_exchange(piles: list[int], owed: list[int]) -> None:
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


def _the(card: Card) -> str:
    return card.name if card.name.startswith("the ") else f"the {card.name}"


_PHASE_WORDS = {
    Phase.CALLING: "the taker calls a King",
    Phase.DISCARD: "the taker lays cards aside",
    Phase.SLAM: "the taker says whether he announces a slam",
    Phase.PLAYING: "the cards are played",
}


def _is_bid_word(action) -> bool:
    if isinstance(action, Bid):
        return True
    try:
        Bid.parse(action)
    except ValueError:
        return False
    return True


def _read_cards(cards, what: str) -> list[Card]:
    if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
        raise InvalidRecord(f"the {what} must be a list of card names, not {cards!r}")
    try:
        return [parse_card(c) for c in cards]
    except ValueError as error:
        raise InvalidRecord(f"in the {what}: {error}") from None


def _unique_mask(cards: list[Card], seen: int, what: str) -> int:
    mask = 0
    for card in cards:
        bit = 1 << card.index
        if (mask | seen) & bit:
            raise InvalidRecord(f"{card} appears twice (again in the {what})")
        mask |= bit
    return mask


def random_playout(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to the end with uniformly random legal actions (for tests and benchmarks)."""
    while not state.is_over:
        actions = state.legal_actions()
        state.play(actions[rng.randrange(len(actions))])
    return state
