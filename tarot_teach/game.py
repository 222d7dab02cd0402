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
from .deal import deal_masks, deal_two_players, has_petit_sec
from .bidding import callable_cards, dog_destination, first_to_act, legal_bids
from .declarations import (MISERE_KINDS, Misere, Poignee, Slam, misere_kinds, misere_problem,
                           poignee_options, poignee_problem)
from .discard import BOUTS_MASK, discard_refusal, discardable_mask
from .errors import IllegalAction, InvalidRecord
from .names import the
from .excuse import ExcuseOutcome, excuse_outcome
from .rules import Bid, Phase, RuleSet
from .scoring import (HANDFUL_LEVELS, ScoreBreakdown, misere_payments, score_deal, score_goulash,
                      score_two_players)
from .tricks import (explain_refusal, legal_mask, winning_position,
                     winning_position_ranked)
from .variants import COSMIC_RANK_VALUES, COSMIC_THIRDS

__all__ = ["GameState", "Slam", "Poignee", "Misere", "DealResult", "SeatView", "parse_action",
           "MISERE_KINDS", "misere_kinds", "misere_problem"]

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


_COSMIC_WEIGHTED = tuple(
    (sum(1 << c.index for c in DECK if COSMIC_THIRDS[c.index] == t), t - 1)
    for t in sorted(set(COSMIC_THIRDS)) if t != 1)


def cosmic_thirds_of(mask: int) -> int:
    """Cosmic Tribe: the tricky points of the cards in a mask, in thirds (RULES.md §12)."""
    total = mask.bit_count()
    for weighted, extra in _COSMIC_WEIGHTED:
        total += extra * (mask & weighted).bit_count()
    return total


PETIT_BIT = 1 << 1


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


def parse_action(text, phase: Phase):
    """Read an action written as text for a phase (``"guard"``, ``"KH"``, ``"chelem"``)."""
    if isinstance(text, Bid) and phase is not Phase.BIDDING:
        raise ValueError(f"{text.value!r} is a bid")
    if isinstance(text, Misere):
        if text.kind not in MISERE_KINDS:
            raise ValueError(f"a misère is 'trumps' or 'honours', not {text.kind!r}")
        return text
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
    word = text.strip().lower()
    if word.startswith("poignee") or word.startswith("poignée"):
        level = word.replace("poignée", "poignee")[7:].strip(" :_-")
        if level not in HANDFUL_LEVELS:
            raise ValueError(f"{text!r}: a poignée is 'poignee:simple', 'poignee:double' "
                             "or 'poignee:triple'")
        return Poignee((), level)  # the state chooses the trumps to show (see GameState._read)
    if word.startswith("misere") or word.startswith("misère"):
        kind = word.replace("misère", "misere")[6:].strip(" :_-")
        if kind not in MISERE_KINDS:
            raise ValueError(f"{text!r}: a misère is 'misere:trumps' or 'misere:honours'")
        return Misere(kind)
    return parse_card(text)


class GameState:
    """One deal in progress. Seats are numbered in the order of play (HAND_RECORD.md).

    Build it with :meth:`new` (a seeded deal) or :meth:`from_hands`; then
    ``legal_actions()`` lists what the seat ``to_act`` may do and ``play(action)``
    does it, or raises :class:`IllegalAction` naming the rule and changes nothing.
    """

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
        self.dealt_table = None
        self.table = None
        # True when the play of the cards needs the slower, general code: two players'
        # piles, an imprenable Petit, a goulash. The FFT game never sets it.
        self._special = False
        if rules.two_players:
            self._special = True
            if table is None:
                raise InvalidRecord("two players need their six piles on the table")
            self.dealt_table = tuple(tuple(tuple(pile) for pile in piles) for piles in table)
            self.table = [[list(pile) for pile in piles] for piles in table]
            self.faceup = [sum(1 << pile[-1] for pile in piles if pile) for piles in table]
            self.to_turn: list[tuple[int, int]] = []
            self.seat_sides = True
            self.phase = Phase.PLAYING
            self.leader = self.to_act
            self.events.append(("two_players",))
            return
        petit_sec = [seat for seat, hand in enumerate(hands) if has_petit_sec(hand)]
        if petit_sec and not rules.petit_imprenable:
            self.events.append(("petit_sec", petit_sec[0]))
            self._void("petit_sec")
        elif petit_sec:
            # Petit imprenable: the holder announces it at once (our choice of the moments the
            # seeds allow) and plays the Petit like an Excuse for the whole deal.
            self.imprenable = petit_sec[0]
            self._special = True
            self.events.append(("petit_imprenable", petit_sec[0]))

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

    @classmethod
    def from_hands(cls, rules: RuleSet, hands, dog, dealer: int = 0, piles=None) -> "GameState":
        """A deal from given hands and dog (lists of cards or names), checked for completeness.

        Two players: ``piles`` gives each seat's six piles of three cards, bottom first."""
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
        seen |= dog_mask
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise InvalidRecord(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
        table = None
        if rules.two_players:
            table = []
            if not isinstance(piles, (list, tuple)) or len(piles) != 2:
                raise InvalidRecord("two players: piles must list each seat's six piles")
            for seat, seat_piles in enumerate(piles):
                if not isinstance(seat_piles, (list, tuple)) or len(seat_piles) != 6:
                    raise InvalidRecord(f"seat {seat} must have six piles on the table")
                table.append([])
                for number, pile in enumerate(seat_piles):
                    cards = _read_cards(pile, f"pile {number} of seat {seat}")
                    if len(cards) != 3:
                        raise InvalidRecord(f"pile {number} of seat {seat} holds {len(cards)} "
                                            "cards, not 3")
                    mask = _unique_mask(cards, seen, f"pile {number} of seat {seat}")
                    seen |= mask
                    table[-1].append([c.index for c in cards])
        elif piles is not None:
            raise InvalidRecord("only a two-player deal has piles on the table")
        return cls(rules, masks, dog_mask, dealer, table)

    def copy(self) -> "GameState":
        """An independent copy (for hints, undo and look-ahead)."""
        other = object.__new__(GameState)
        other.__dict__.update(self.__dict__)
        for name in ("hands", "bids", "discard", "tricks", "trick", "piles", "owed_exchange",
                     "side_tricks", "history", "events"):
            setattr(other, name, list(getattr(self, name)))
        other.poignees = dict(self.poignees)
        other.miseres = {seat: list(kinds) for seat, kinds in self.miseres.items()}
        if self.table is not None:
            other.table = [[list(pile) for pile in piles] for piles in self.table]
            other.faceup = list(self.faceup)
            other.to_turn = list(self.to_turn)
        return other

    def undo(self) -> "GameState":
        """The state before the last action (a new object; this one is unchanged)."""
        if not self.history:
            raise IllegalAction("There is nothing to undo.", "nothing_to_undo")
        earlier = GameState(self.rules, list(self.dealt_hands), self.dealt_dog, self.dealer,
                            self.dealt_table)
        for action in self.history[:-1]:
            earlier.play(action)
        return earlier

    # ----- queries --------------------------------------------------------

    def hand(self, seat: int) -> list[Card]:
        """The cards seat ``seat`` holds now, sorted for display."""
        return sort_cards(cards_of(self.hands[seat]))

    def side_of(self, seat: int) -> int:
        """The side of a seat: the taker's (0) or the defence (1); with two players and in a
        goulash every seat is its own side (the seat number)."""
        if self.seat_sides:
            return seat
        return TAKER_SIDE if seat == self.taker or seat == self.partner else DEFENCE_SIDE

    def playable(self, seat: int) -> int:
        """The mask of the cards a seat may play from: its hand, and with two players the
        face-up cards of its piles."""
        if self.table is not None:
            return self.hands[seat] | self.faceup[seat]
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

    def is_legal(self, action) -> bool:
        try:
            self._refusal(self._read(action))
        except IllegalAction:
            return False
        return True

    def _legal_play_mask(self) -> int:
        if self._legal_cache is None:
            seat = self.to_act
            if self._special:
                mask = self._variant_legal_mask(seat)
            else:
                mask = legal_mask(self.hands[seat], self.trick)
            if self.called is not None and not self.tricks and not self.trick:
                mask = self._opening_lead_mask(mask)
            self._legal_cache = mask
        return self._legal_cache

    def _rules_trick(self) -> list[int]:
        """The trick as the rules of play see it: an imprenable Petit counts as an Excuse."""
        if self.imprenable is not None and 1 in self.trick:
            return [0 if index == 1 else index for index in self.trick]
        return self.trick

    def _variant_legal_mask(self, seat: int) -> int:
        hand = self.playable(seat)
        trick = self._rules_trick()
        if seat == self.imprenable and hand & PETIT_BIT:
            # Played like an Excuse: at any moment, and it does not count as a trump held.
            return legal_mask(hand & ~PETIT_BIT, trick) | PETIT_BIT
        return legal_mask(hand, trick)

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

    def _read(self, action):
        if self.is_over:
            raise IllegalAction("The deal is over: no more actions.", "deal_over")
        try:
            parsed = parse_action(action, self.phase)
        except ValueError as error:
            if self.phase is not Phase.BIDDING and _is_bid_word(action):
                raise IllegalAction(f"The auction is over: every seat has spoken once. "
                                    f"Now: {_PHASE_WORDS[self.phase]}.", "auction_over",
                                    self.to_act) from None
            if isinstance(error, IllegalAction):
                raise
            raise IllegalAction(str(error), "bad_input", self.to_act) from None
        if isinstance(parsed, Poignee) and not parsed.cards:  # "poignee:simple": the trumps
            offered = {p.level: p for p in self.legal_actions() if isinstance(p, Poignee)}
            if parsed.level not in offered:
                self._refuse(f"You may not show a {parsed.level} poignée now: it is shown just "
                             f"before your first card, with enough trumps.", "poignee_count")
            return offered[parsed.level]
        return parsed

    def _refuse(self, message: str, rule: str):
        raise IllegalAction(message, rule, self.to_act)

    def _refusal(self, action) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not allowed now; change nothing."""
        phase = self.phase
        seat = self.to_act
        if phase is Phase.PLAYING:
            if isinstance(action, Poignee):
                if self.seat_sides:
                    self._refuse("No poignée is shown in this game.", "no_poignee")
                return self._poignee_refusal(seat, action)
            if isinstance(action, Misere):
                return self._misere_refusal(seat, action)
            if not isinstance(action, Card):
                self._refuse(f"Now seat {seat} plays a card to the trick.", "wrong_phase")
            bit = 1 << action.index
            if bit & self._legal_play_mask():
                return None
            playable = self.playable(seat)
            if not bit & playable:
                where = " (in the hand or face up on a pile)" if self.table is not None else ""
                self._refuse(f"Seat {seat} does not hold {the(action)}{where}.", "not_in_hand")
            if self.imprenable is None and self.table is None \
                    and legal_mask(self.hands[seat], self.trick) & bit:
                self._refuse(f"The first lead may not be in the called suit "
                             f"({self.called.suit.english}), except the called card itself.",
                             "called_suit_lead")
            if seat == self.imprenable:
                playable &= ~PETIT_BIT
            message, rule = explain_refusal(playable, self._rules_trick(), action)
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
            if action is Slam.ANNOUNCE_PETIT and not self.rules.petit_chelem:
                self._refuse("A petit chelem is announced only with the variant petit_chelem.",
                             "no_petit_chelem")
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
        problem = poignee_problem(self.hands[seat], poignee.cards, poignee.level, self.rules)
        if problem:
            self._refuse(*problem)

    def _misere_refusal(self, seat: int, misere: Misere) -> None:
        if not self.rules.misere:
            self._refuse("Misère is declared only with the variant misere.", "no_misere")
        if self.seat_sides:
            self._refuse("No misère is declared in this game.", "no_misere")
        if self.tricks or self._has_played(seat):
            self._refuse("A misère is declared just before your first card.", "misere_timing")
        if misere.kind in self.miseres.get(seat, ()):
            self._refuse(f"Seat {seat} has already declared the {misere.kind} misère.",
                         "misere_timing")
        problem = misere_problem(self.hands[seat], misere.kind, f"seat {seat}")
        if problem:
            self._refuse(problem, "misere_hand")

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
            if self.rules.goulash:
                self._start_goulash()
                return
            self._void("all_passed")
            return
        self.taker, self.contract = best_seat, best
        self.events.append(("taker", best_seat, best))
        self.to_act = best_seat
        if self.rules.has_partner_call:
            self.phase = Phase.CALLING
        else:
            self._after_call()

    def _call(self, card: Card) -> None:
        self.called = card
        self.events.append(("call", self.taker, card))
        self._after_call()

    def _after_call(self) -> None:
        if dog_destination(self.contract) == "taken":
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
        self.petit_chelem_announced = choice is Slam.ANNOUNCE_PETIT
        if self.petit_chelem_announced:  # our choice: like a slam, the announcer leads
            self.events.append(("petit_chelem_announced", self.taker))
        self.phase = Phase.PLAYING
        self.leader = self.taker if self.chelem_announced or self.petit_chelem_announced \
            else first_to_act(self.dealer, self.rules.players)
        self.to_act = self.leader

    def _start_goulash(self) -> None:
        """Goulash (seed 004): all passed, so the deal is played with no taker, no bonuses;
        the dog stays aside, nobody's."""
        self.goulash = True
        self.seat_sides = True
        self._special = True
        self.goulash_debts: list[tuple[int, int]] = []  # (Excuse player, trick winner) owed
        self.piles = [0] * self.players
        self.owed_exchange = [0] * self.players
        self.side_tricks = [0] * self.players
        self.events.append(("goulash",))
        self.phase = Phase.PLAYING
        self.leader = self.to_act = first_to_act(self.dealer, self.players)

    def _play_card(self, card: Card) -> None:
        seat = self.to_act
        if self._special and self.table is not None and self.faceup[seat] >> card.index & 1:
            self._play_from_pile(seat, card)
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

    def _play_from_pile(self, seat: int, card: Card) -> None:
        """Two players: a face-up card leaves its pile; the next card turns up after the trick."""
        self.faceup[seat] &= ~(1 << card.index)
        for number, pile in enumerate(self.table[seat]):
            if pile and pile[-1] == card.index:
                pile.pop()
                if pile:
                    self.to_turn.append((seat, number))
                return

    def _close_trick(self) -> None:
        if self._special:
            if self.goulash:
                return self._close_goulash_trick()
            if self.imprenable is not None and 1 in self.trick:
                return self._close_imprenable_trick()
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
            _settle_exchange(self.piles, self.owed_exchange)
        trick = self.trick
        self.tricks.append((self.leader, tuple(trick), winner))
        self.events.append(("trick", winner, tuple(map(DECK.__getitem__, trick))))
        self.trick = []
        self.leader = self.to_act = winner
        if self._special and self.table is not None:
            self._turn_piles()
        if is_last:
            self._finish()

    def _turn_piles(self) -> None:
        for seat, number in self.to_turn:
            self.faceup[seat] |= 1 << self.table[seat][number][-1]
            self.events.append(("turned", seat, number, DECK[self.table[seat][number][-1]]))
        self.to_turn = []

    def _close_imprenable_trick(self) -> None:
        """A trick holding an imprenable Petit: the Petit never wins, and it stays with its
        holder's side, which gives a small card in exchange (even on the last trick: the seeds
        say nothing of a change of sides for it). An Excuse in the same trick follows §8."""
        trick = self.trick
        winner = (self.leader + self._winner_of(self._rules_trick())) % self.players
        holder_side = self.side_of(self.imprenable)
        cards = 0
        for index in trick:
            cards |= 1 << index
        is_last = len(self.tricks) + 1 == self._tricks_in_deal
        winner, cards = self._place_excuse(trick, cards, winner, is_last)
        if holder_side != self.side_of(winner):
            cards &= ~PETIT_BIT
            self.piles[holder_side] |= PETIT_BIT
            self.owed_exchange[holder_side] += 1
        self._file_trick(winner, cards, is_last)

    def _close_goulash_trick(self) -> None:
        """Goulash: every seat for himself. The Excuse stays with its player, who owes the
        trick's winner a small card; on the last trick it wins the trick (seed 004)."""
        rules = self.rules
        players = rules.players
        trick = self.trick
        position = self._winner_of(trick)
        winner = (self.leader + position) % players
        cards = 0
        for index in trick:
            cards |= 1 << index
        is_last = len(self.tricks) + 1 == rules.tricks
        if 0 in trick:
            excuse_seat = (self.leader + trick.index(0)) % players
            if is_last:
                winner = excuse_seat
            elif excuse_seat != winner:
                cards &= ~EXCUSE_BIT
                self.piles[excuse_seat] |= EXCUSE_BIT
                self.goulash_debts = self.goulash_debts + [(excuse_seat, winner)]
        self.piles[winner] |= cards
        self.side_tricks[winner] += 1
        debts = []
        for debtor, creditor in self.goulash_debts:
            small = self.piles[debtor] & SMALL_CARDS_MASK
            if small:
                low = small & -small
                self.piles[debtor] ^= low
                self.piles[creditor] |= low
            else:
                debts.append((debtor, creditor))
        self.goulash_debts = debts
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
        if self.goulash:
            return self._finish_goulash()
        if self.table is not None:
            return self._finish_two_players()
        contract = self.contract
        destination = dog_destination(contract)
        aside = mask_of(DECK[i] for i in self.discard) if destination == "taken" else self.dog
        piles = list(self.piles)
        piles[DEFENCE_SIDE if destination == "defence_unseen" else TAKER_SIDE] |= aside
        # The discard (or the dog) is part of its side's pile from the start: an Excuse
        # exchange card still owed is given from it.
        owed = list(self.owed_exchange)
        _settle_exchange(piles, owed)
        self.final_piles = tuple(piles)
        self.unpaid_exchange = tuple(owed)
        taker_pile = piles[TAKER_SIDE]
        # §8: an exchange card that can never be given still moves its half point (a third
        # in Cosmic Tribe): the side owed counts it.
        halves = self._units_of(taker_pile) + owed[DEFENCE_SIDE] - owed[TAKER_SIDE]
        bouts = (taker_pile & BOUTS_MASK).bit_count()
        breakdown = score_deal(self.rules, contract, halves, bouts,
                               petit_au_bout=self._petit_au_bout(), poignees=self._poignee_levels(),
                               chelem=self._chelem_outcome(), alone=self.partner is None)
        scores = breakdown.seat_scores(self.taker, self.partner)
        extra = {}
        if self.miseres:
            misere = misere_payments(self.players, [seat for seat in sorted(self.miseres)
                                                    for _ in self.miseres[seat]])
            scores = [a + b for a, b in zip(scores, misere)]
            extra["misere_scores"] = misere
        if self.rules.cosmic_tribe:
            extra.update(unit=3, total_units=234)
        self.phase = Phase.FINISHED
        self.is_over = True
        self.to_act = None
        self.result = DealResult(taker=self.taker, partner=self.partner, bid=contract,
                                 taker_half_points=halves, taker_bouts=bouts,
                                 breakdown=breakdown, scores=tuple(scores), **extra)
        self.events.append(("scored", tuple(scores)))

    def _finish_goulash(self) -> None:
        self.final_piles = tuple(self.piles)
        units = tuple(self._units_of(pile) for pile in self.piles)
        scores, lines = score_goulash(units, self.rules.points_unit)
        self._finish_without_taker("goulash", units, scores, lines)

    def _finish_two_players(self) -> None:
        self.final_piles = tuple(self.piles)
        units = tuple(half_points_of(pile) for pile in self.piles)
        bouts = tuple((pile & BOUTS_MASK).bit_count() for pile in self.piles)
        owed = self.owed_exchange  # §8: an exchange card never given still moves its point
        units = tuple(u + owed[1 - seat] - owed[seat] for seat, u in enumerate(units))
        self.unpaid_exchange = tuple(owed)
        petit = self._petit_au_bout_trick()
        petit = None if petit is None else petit[1]
        winner, scores, lines = score_two_players(units, bouts, petit)
        self._finish_without_taker("two_players", units, scores, lines, bouts, winner)

    def _finish_without_taker(self, kind, units, scores, lines, bouts=(), winner=None) -> None:
        self.phase = Phase.FINISHED
        self.is_over = True
        self.to_act = None
        unit = self.rules.points_unit
        self.result = DealResult(scores=tuple(scores), kind=kind, seat_units=tuple(units),
                                 seat_bouts=tuple(bouts), winner=winner, lines=tuple(lines),
                                 unit=unit, total_units=unit * self.rules.total_points)
        self.events.append(("scored", tuple(scores)))

    def _petit_au_bout_trick(self) -> "tuple[int, int] | None":
        """``(trick number, winner)`` of the trick that makes the Petit count "au bout": the
        last trick; or, after a slam completed by the Excuse on the last trick, the
        second-to-last one too (§8 adds that case and removes none). None if neither."""
        for number in (-1, -2) if self.excuse_slam else (-1,):
            if len(self.tricks) >= -number:
                _, cards, winner = self.tricks[number]
                if 1 in cards:
                    return len(self.tricks) + number, winner
        return None

    def _petit_au_bout(self) -> "str | None":
        if self.imprenable is not None:
            return None  # an imprenable Petit is never won: no petit au bout (our choice)
        found = self._petit_au_bout_trick()
        if found is None:
            return None
        return "taker" if self.side_of(found[1]) == TAKER_SIDE else "defence"

    def _chelem_outcome(self) -> "str | None":
        every = len(self.tricks)
        if self.chelem_announced:
            if self.side_tricks[TAKER_SIDE] == every:
                return "announced_made"
            # §9: missed, and a slam by the defence on top: both -200 items apply
            return "announced_failed_defence" if self.side_tricks[DEFENCE_SIDE] == every \
                else "announced_failed"
        if self.petit_chelem_announced:  # all tricks but one (all of them also fulfils it)
            return "petit_announced_made" if self.side_tricks[TAKER_SIDE] >= every - 1 \
                else "petit_announced_failed"
        if self.side_tricks[TAKER_SIDE] == every:
            return "made"
        if self.side_tricks[DEFENCE_SIDE] == every:
            return "defence"
        if self.rules.petit_chelem and self.side_tricks[TAKER_SIDE] == every - 1:
            return "petit_made"
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
            result=self.result if over else None,
            miseres={s: tuple(kinds) for s, kinds in self.miseres.items()},
            petit_chelem_announced=self.petit_chelem_announced,
            petit_imprenable=self.imprenable,
            table=self._table_view())

    def _table_view(self) -> tuple:
        """Two players: for each seat and pile, its face-up card (None if the top card is
        still face down or the pile is empty) and how many cards it holds."""
        if self.table is None:
            return ()
        return tuple(
            tuple((DECK[pile[-1]] if pile and self.faceup[seat] >> pile[-1] & 1 else None,
                   len(pile)) for pile in self.table[seat])
            for seat in range(2))

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
        if self.dealt_table is not None:
            record["piles"] = [[[str(DECK[i]) for i in pile] for pile in piles]
                               for piles in self.dealt_table]
        if self.called is not None:
            record["called"] = str(self.called)
        if self.discard:
            record["discard"] = [str(DECK[i]) for i in self.discard]
        if self.chelem_announced or self.poignees:
            record["declarations"] = {
                "chelem": self.chelem_announced,
                "poignees": {str(seat): [str(c) for c in cards]
                             for seat, cards in sorted(self.poignees.items())}}
        if self.petit_chelem_announced or self.miseres:
            declarations = record.setdefault("declarations", {"chelem": False, "poignees": {}})
            if self.petit_chelem_announced:
                declarations["petit_chelem"] = True
            if self.miseres:
                declarations["miseres"] = {
                    str(seat): kinds[0] if len(kinds) == 1 else list(kinds)
                    for seat, kinds in sorted(self.miseres.items())}
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
