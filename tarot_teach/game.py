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
from functools import partial
from typing import Any

from . import actions, bidding, hand_record, results
from .actions import parse_action
from .bidding import callable_cards, first_to_act, legal_bids
from .cards import SUIT_MASKS, Card, cards_of, sorted_hand
from .deal import deal_masks, deal_two_players, has_petit_sec
from .declarations import (MISERE_KINDS, Misere, Poignee, Slam, misere_kinds, misere_problem,
                           poignee_options)
from .discard import discardable_mask
from .errors import IllegalAction, Rule
from .results import (DEFENCE_SIDE, TAKER_SIDE, DealResult, LazySeatView, SeatView,
                      cosmic_thirds_of, half_points_of)
from .rules import Bid, Phase, RuleSet
from .trick_play import file_trick, place_excuse
from .tricks import legal_mask, plain_order, winning_position_ranked

__all__ = ["GameState", "Slam", "Poignee", "Misere", "DealResult", "SeatView", "parse_action",
           "MISERE_KINDS", "misere_kinds", "misere_problem", "half_points_of", "cosmic_thirds_of",
           "random_playout", "set_variant_chooser"]

_PLAYING = Phase.PLAYING

_variant_chooser = None  # rules -> the class playing them; set by tarot_teach.variant_games


def set_variant_chooser(choose) -> None:
    """The one hook between the FFT game and its structural variants: ``choose(rules)`` gives
    the class that plays a rule set's deals, for :meth:`GameState.new` and
    :meth:`GameState.from_hands` called on ``GameState``. :mod:`tarot_teach.variant_games`
    (imported by the package, so always there) sets it; this module knows no variant."""
    global _variant_chooser
    _variant_chooser = choose


class GameState:
    """One deal in progress. Seats are numbered in the order of play (HAND_RECORD.md).

    Build it with :meth:`new` (a seeded deal) or :meth:`from_hands`; then
    ``legal_actions()`` lists what the seat ``to_act`` may do and ``play(action)``
    does it, or raises :class:`IllegalAction` naming the rule and changes nothing.

    This class plays the FFT game. ``GameState.new`` and ``GameState.from_hands`` build the
    class of a structural variant when the rule set needs one (see
    :func:`set_variant_chooser`); ``GameState(rules, ...)`` itself refuses such a rule set:
    use :func:`tarot_teach.variant_games.new_game`.
    """

    _held_where = ""  # after "does not hold the ...": where else a seat's cards may be

    def __init__(self, rules: RuleSet, hands: list[int], dog: int, dealer: int = 0,
                 table: "list[list[list[int]]] | None" = None) -> None:
        if type(self) is GameState and GameState._class_for(rules) is not GameState:
            raise TypeError(f"GameState plays the FFT game; these rules need "
                            f"{GameState._class_for(rules).__name__}: build the deal with "
                            f"GameState.new, GameState.from_hands or variant_games.new_game")
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
        self._winner_of = partial(winning_position_ranked, values=plain_order(rules))
        self._units_of = half_points_of
        self._tricks_in_deal = rules.tricks
        if rules.cosmic_tribe:
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

    def _all_passed(self) -> None:
        """Everybody passed: the deal is void (the goulash variant plays it instead)."""
        self._void("all_passed")

    # ----- construction -------------------------------------------------

    @classmethod
    def _class_for(cls, rules: RuleSet) -> type:
        """The class to build for ``rules``: ``cls``, or on ``GameState`` the variant's."""
        if cls is GameState and _variant_chooser is not None:
            return _variant_chooser(rules)
        return cls

    @classmethod
    def new(cls, rules: "RuleSet | None" = None, seed=None, dealer: int = 0) -> "GameState":
        """A fresh deal, reproducible from ``seed``."""
        rules = rules or RuleSet()
        cls = cls._class_for(rules)
        if rules.two_players:
            hands, table = deal_two_players(seed if seed is not None else random.random(), dealer)
            return cls(rules, hands, 0, dealer, table)
        hands, dog = deal_masks(rules, seed, dealer)
        return cls(rules, hands, dog, dealer)

    @classmethod
    def from_hands(cls, rules: RuleSet, hands, dog, dealer: int = 0, piles=None) -> "GameState":
        """A deal from given hands and dog (lists of cards or names), checked for completeness
        (:func:`~tarot_teach.hand_record.read_deal`; two players: ``piles``, the six piles of
        three cards of each seat, bottom first)."""
        return cls._class_for(rules)(rules, *hand_record.read_deal(rules, hands, dog, dealer,
                                                                     piles))

    def to_record(self) -> dict:
        """This deal as a hand record (HAND_RECORD.md), as far as it has gone."""
        return hand_record.to_record(self)

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
            options = cards_of(self._legal_play_mask())
            if not self.tricks and not self.seat_sides:
                if self.to_act not in self.poignees:
                    options += self._poignee_options(self.to_act)
                if self.rules.misere and not actions.has_played(self, self.to_act):
                    options += [Misere(kind) for kind in misere_kinds(self.hands[self.to_act])
                                if kind not in self.miseres.get(self.to_act, ())]
            return options
        if phase is Phase.BIDDING:
            return legal_bids((bid for _, bid in self.bids), self.rules)
        if phase is Phase.DISCARD:
            return cards_of(discardable_mask(self.hands[self.taker],
                                             actions.still_to_discard(self)))
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
        """The trick as the rules of play see it (a variant's Petit may count as an Excuse)."""
        return self.trick

    def _rules_hand(self, seat: int) -> int:
        """The cards the rules of play judge a refused card against."""
        return self.playable(seat)

    def _called_suit_applies(self) -> bool:
        """Whether the five-player opening-lead rule may refuse a card the rules of play
        allow (the variants with their own play say no)."""
        return True

    def _opening_lead_mask(self, mask: int) -> int:
        """Five players: the first lead may not be in the called suit, but the called card."""
        if not self.called.suit.is_plain:
            return mask
        forbidden = SUIT_MASKS[self.called.suit] & ~(1 << self.called.index)
        allowed = mask & ~forbidden
        return allowed or mask

    def _callable_cards(self) -> list[Card]:
        return callable_cards(self.hands[self.taker])

    def _poignee_options(self, seat: int) -> list[Poignee]:
        return poignee_options(self.hands[seat], self.rules)

    def is_legal(self, action) -> bool:
        """Whether the seat ``to_act`` may do ``action`` now (text accepted)."""
        return actions.is_legal(self, action)

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
        action = actions.read(self, action)
        actions.refusal(self, action)
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
            bidding.bid(self, action)
        elif phase is Phase.DISCARD:
            bidding.discard(self, action)
        elif phase is Phase.SLAM:
            bidding.announce(self, action)
        elif phase is Phase.CALLING:
            bidding.call(self, action)

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
        winner, cards = place_excuse(self, trick, cards, winner, is_last)
        file_trick(self, winner, cards, is_last)

    def _after_trick(self) -> None:
        """After each trick (two players turn up the cards their piles uncovered)."""

    def _void(self, reason: str) -> None:
        self.phase = Phase.VOID
        self.is_over = True
        self.to_act = None
        self.result = DealResult(void=reason)
        self.events.append(("void", reason))

    # ----- the end of the deal and the seats' views (tarot_teach.results) -----

    def _finish(self) -> None:
        """Score the deal at its last trick (the games without a taker score their own way)."""
        results.finish(self)

    def _petit_au_bout(self) -> "str | None":
        return results.petit_au_bout(self)

    def _chelem_outcome(self) -> "str | None":
        return results.chelem_outcome(self)

    def _table_view(self) -> tuple:
        """The cards on the table outside the hands (two players' piles); none here."""
        return ()

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now: never another seat's hand, the dog only once shown,
        the discard only to the taker (its trumps to all), the partner once revealed."""
        return results.view(self, seat)

    def lazy_view(self, seat: int) -> LazySeatView:
        """The same view as :meth:`view`, each field computed when first read: for a
        computer player's decision, which reads a few of them (valid until the next action)."""
        return results.lazy_view(self, seat)


def random_playout(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to the end with uniformly random legal actions (for tests and benchmarks)."""
    while not state.is_over:
        actions = state.legal_actions()
        state.play(actions[rng.randrange(len(actions))])
    return state
