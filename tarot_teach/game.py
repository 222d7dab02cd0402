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

import random
from typing import Any

from .actions import ActionsMixin, parse_action
from .bidding import BiddingMixin, callable_cards, first_to_act, legal_bids
from .cards import DECK, EXCUSE_BIT, SUIT_MASKS, Card, cards_of, sort_cards, sorted_hand
from .deal import deal_masks, deal_two_players, has_petit_sec
from .declarations import (MISERE_KINDS, Misere, Poignee, Slam, misere_kinds, misere_problem,
                           poignee_options)
from .discard import discardable_mask
from .errors import IllegalAction, Rule
from .excuse import ExcuseOutcome, excuse_outcome
from .hand_record import HandRecordMixin
from .results import (DEFENCE_SIDE, TAKER_SIDE, DealResult, ResultsMixin, SeatView,
                      cosmic_thirds_of, half_points_of, settle_exchange)
from .rules import Bid, Phase, RuleSet
from .tricks import legal_mask, winning_position, winning_position_ranked
from .variant_games import GoulashMixin, PetitImprenableMixin, TwoPlayersMixin
from .variants import COSMIC_RANK_VALUES

__all__ = ["GameState", "Slam", "Poignee", "Misere", "DealResult", "SeatView", "parse_action",
           "MISERE_KINDS", "misere_kinds", "misere_problem", "half_points_of", "cosmic_thirds_of",
           "random_playout", "game_class", "TwoPlayersGame", "GoulashGame",
           "PetitImprenableGame", "GoulashImprenableGame"]

_PLAYING = Phase.PLAYING


class GameState(ActionsMixin, BiddingMixin, ResultsMixin, HandRecordMixin):
    """One deal in progress. Seats are numbered in the order of play (HAND_RECORD.md).

    Build it with :meth:`new` (a seeded deal) or :meth:`from_hands`; then
    ``legal_actions()`` lists what the seat ``to_act`` may do and ``play(action)``
    does it, or raises :class:`IllegalAction` naming the rule and changes nothing.

    This class plays the FFT game; ``GameState(rules, ...)`` gives an instance of the
    variant class the rule set needs (:func:`game_class`).
    """

    def __new__(cls, rules: "RuleSet | None" = None, *args, **kwargs):
        if cls is GameState and rules is not None:  # (copy and pickle give no rules)
            cls = game_class(rules)
        return object.__new__(cls)

    def __init__(self, rules: RuleSet, hands: list[int], dog: int, dealer: int = 0,
                 table: "list[list[list[int]]] | None" = None) -> None:
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.dealt_hands = tuple(hands)
        self.dealt_dog = dog
        self.hands = list(hands)
        self.dog = dog
        self.phase = Phase.BIDDING
        self.is_over = False  # True once the deal is finished or void
        self.to_act: "int | None" = first_to_act(dealer, rules.players)
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
        # Variants (RULES.md §11). The FFT game leaves all of these at their defaults.
        self._winner_of = winning_position
        self._units_of = half_points_of
        self._tricks_in_deal = rules.tricks
        if rules.cosmic_tribe:
            self._winner_of = lambda trick: winning_position_ranked(trick, COSMIC_RANK_VALUES)
            self._units_of = cosmic_thirds_of
        self.miseres: dict[int, list[str]] = {}
        self.petit_chelem_announced = False
        self.imprenable: "int | None" = None  # seat holding an imprenable Petit
        self.goulash = False  # all passed and the goulash variant: everyone for himself
        self.seat_sides = False  # goulash and two players: each seat is its own side
        self.dealt_table = None  # two players: the piles as dealt
        self.table = None  # two players: the piles now
        self._start(table)

    def _start(self, table) -> None:
        """The deal as dealt: a Petit sec stops it (the variants start their own way)."""
        petit_sec = [seat for seat, hand in enumerate(self.hands) if has_petit_sec(hand)]
        if petit_sec:
            self._petit_sec(petit_sec[0])

    def _petit_sec(self, seat: int) -> None:
        self.events.append(("petit_sec", seat))
        self._void("petit_sec")

    # ----- construction -------------------------------------------------

    @classmethod
    def new(cls, rules: "RuleSet | None" = None, seed=None, dealer: int = 0) -> "GameState":
        """A fresh deal, reproducible from ``seed``."""
        rules = rules or RuleSet()
        if rules.two_players:
            hands, table = deal_two_players(seed if seed is not None else random.random(), dealer)
            return cls(rules, hands, 0, dealer, table)
        hands, dog = deal_masks(rules, seed, dealer)
        return cls(rules, hands, dog, dealer)

    def copy(self) -> "GameState":
        """An independent copy (for hints, undo and look-ahead)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        for name in ("hands", "bids", "discard", "tricks", "trick", "piles", "owed_exchange",
                     "side_tricks", "history", "events"):
            setattr(other, name, list(getattr(self, name)))
        other.poignees = dict(self.poignees)
        other.miseres = {seat: list(kinds) for seat, kinds in self.miseres.items()}
        return other

    def undo(self) -> "GameState":
        """The state before the last action (a new object; this one is unchanged)."""
        if not self.history:
            raise IllegalAction("There is nothing to undo.", Rule.NOTHING_TO_UNDO)
        earlier = type(self)(self.rules, list(self.dealt_hands), self.dealt_dog, self.dealer,
                             self.dealt_table)
        for action in self.history[:-1]:
            earlier.play(action)
        return earlier

    # ----- queries --------------------------------------------------------

    def hand(self, seat: int) -> list[Card]:
        """The cards seat ``seat`` holds now, sorted for display."""
        return sorted_hand(self.hands[seat])

    def side_of(self, seat: int) -> int:
        """The side of a seat: the taker's (0) or the defence (1); with two players and in a
        goulash every seat is its own side (the seat number)."""
        if self.seat_sides:
            return seat
        return TAKER_SIDE if seat == self.taker or seat == self.partner else DEFENCE_SIDE

    def playable(self, seat: int) -> int:
        """The mask of the cards a seat may play from: its hand (and with two players the
        face-up cards of its piles)."""
        return self.hands[seat]

    def legal_actions(self) -> list:
        """Everything the seat ``to_act`` may do now (empty once the deal is over)."""
        phase = self.phase
        if phase is _PLAYING:
            actions = cards_of(self._legal_play_mask())
            if not self.tricks and not self.seat_sides:
                if self.to_act not in self.poignees:
                    actions += self._poignee_options(self.to_act)
                if self.rules.misere and not self._has_played(self.to_act):
                    actions += self._misere_options(self.to_act)
            return actions
        if phase is Phase.BIDDING:
            return legal_bids((bid for _, bid in self.bids), self.rules)
        if phase is Phase.DISCARD:
            return cards_of(discardable_mask(self.hands[self.taker], self._still_to_discard()))
        if phase is Phase.SLAM:
            if self.rules.petit_chelem:
                return [Slam.ANNOUNCE, Slam.DECLINE, Slam.ANNOUNCE_PETIT]
            return [Slam.ANNOUNCE, Slam.DECLINE]
        if phase is Phase.CALLING:
            return self._callable_cards()
        return []

    def _legal_play_mask(self) -> int:
        if self._legal_cache is None:
            mask = legal_mask(self.hands[self.to_act], self.trick)
            if self.called is not None and not self.tricks and not self.trick:
                mask = self._opening_lead_mask(mask)
            self._legal_cache = mask
        return self._legal_cache

    def _rules_trick(self) -> list[int]:
        """The trick as the rules of play see it."""
        return self.trick

    def _misere_options(self, seat: int) -> list[Misere]:
        return [Misere(kind) for kind in misere_kinds(self.hands[seat])
                if kind not in self.miseres.get(seat, ())]

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
        return callable_cards(self.hands[self.taker])

    def _poignee_options(self, seat: int) -> list[Poignee]:
        return poignee_options(self.hands[seat], self.rules)

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
            elif isinstance(action, Misere):
                self.miseres.setdefault(self.to_act, []).append(action.kind)
                self.events.append(("misere", self.to_act, action.kind))
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
        trick = self.trick
        winner = (self.leader + self._winner_of(trick)) % self.players
        cards = 0
        for index in trick:
            cards |= 1 << index
        is_last = len(self.tricks) + 1 == self._tricks_in_deal
        winner, cards = self._place_excuse(trick, cards, winner, is_last)
        self._file_trick(winner, cards, is_last)

    def _place_excuse(self, trick, cards: int, winner: int, is_last: bool):
        """Apply §8 to an Excuse in the trick: ``(winner, cards going to the winner)``."""
        if 0 not in trick:
            return winner, cards
        excuse_seat = (self.leader + trick.index(0)) % self.players
        excuse_side = self.side_of(excuse_seat)
        outcome = excuse_outcome(self.rules, is_last,
                                 self.side_tricks[excuse_side] == len(self.tricks))
        if outcome is ExcuseOutcome.WINS_TRICK:
            self.excuse_slam = True
            return excuse_seat, cards
        if outcome is ExcuseOutcome.CHANGES_SIDES:
            self.piles[1 - excuse_side] |= EXCUSE_BIT
            return winner, cards & ~EXCUSE_BIT
        if outcome is ExcuseOutcome.KEPT and excuse_side != self.side_of(winner):
            self.piles[excuse_side] |= EXCUSE_BIT
            self.owed_exchange[excuse_side] += 1
            return winner, cards & ~EXCUSE_BIT
        return winner, cards

    def _file_trick(self, winner: int, cards: int, is_last: bool) -> None:
        """The trick's cards go to the winner's side; the winner leads next."""
        winner_side = self.side_of(winner)
        self.piles[winner_side] |= cards
        self.side_tricks[winner_side] += 1
        if self.owed_exchange[0] or self.owed_exchange[1]:
            settle_exchange(self.piles, self.owed_exchange)
        trick = self.trick
        self.tricks.append((self.leader, tuple(trick), winner))
        self.events.append(("trick", winner, tuple(map(DECK.__getitem__, trick))))
        self.trick = []
        self.leader = self.to_act = winner
        self._after_trick()
        if is_last:
            self._finish()

    def _after_trick(self) -> None:
        """After each trick (two players turn up the cards their piles uncovered)."""

    def _void(self, reason: str) -> None:
        self.phase = Phase.VOID
        self.is_over = True
        self.to_act = None
        self.result = DealResult(void=reason)
        self.events.append(("void", reason))


class TwoPlayersGame(TwoPlayersMixin, GameState):
    """Two players (variant ``two_players``)."""


class GoulashGame(GoulashMixin, GameState):
    """The variant ``goulash``: a deal everybody passed is played with no taker."""


class PetitImprenableGame(PetitImprenableMixin, GameState):
    """The variant ``petit_imprenable``: a Petit sec is played like an Excuse."""


class GoulashImprenableGame(GoulashMixin, PetitImprenableMixin, GameState):
    """The variants ``goulash`` and ``petit_imprenable`` together."""


def game_class(rules: RuleSet) -> type:
    """The class that plays a rule set's deals: the FFT game or a structural variant's.

    >>> game_class(RuleSet(players=5)).__name__, game_class(RuleSet(goulash=True)).__name__
    ('GameState', 'GoulashGame')
    """
    if rules.two_players:
        return TwoPlayersGame
    if rules.goulash:
        return GoulashImprenableGame if rules.petit_imprenable else GoulashGame
    return PetitImprenableGame if rules.petit_imprenable else GameState


def random_playout(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to the end with uniformly random legal actions (for tests and benchmarks)."""
    while not state.is_over:
        actions = state.legal_actions()
        state.play(actions[rng.randrange(len(actions))])
    return state
