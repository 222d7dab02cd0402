"""The deal editor's draft (the deal page, :mod:`tarot_teach.teach.deals`; its widget is
:class:`tarot_teach.widgets.deal_editor.DealEditor`): :class:`DealDraft` deals cards to the
seats and the dog one by one (or the rest at random, or from a seed) before the deal is
played through the engine. Plain data, no widgets."""

from __future__ import annotations

import random
from typing import Any

from ..cards import DECK, Card, parse_card, sort_cards
from ..errors import InvalidRecord
from ..game import GameState
from ..names import SEAT_NAMES
from ..rules import RuleSet

__all__ = ["DealDraft", "DOG"]


DOG = "dog"
"""Where a card goes in a :class:`DealDraft` when it is not a seat's."""


class DealDraft:
    """Cards dealt one by one to the seats and the dog, before a deal is played.

    >>> draft = DealDraft(players=3)
    >>> draft.give("KH", 0); draft.give("T21", DOG)
    >>> draft.count(0), draft.count(DOG), draft.place_of("KH")
    (1, 1, 0)
    >>> for card in ("KS", "QS", "CS", "JS", "10S"):
    ...     draft.give(card, DOG)
    >>> draft.give("9S", DOG)
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: The dog is full: it holds 6 cards with 3 players. Take a card out of it first.
    >>> draft.missing()[0]
    'Ada has 1 card of 24.'
    >>> draft.deal_rest(seed=1); draft.missing(), draft.start().players
    ([], 3)
    """

    def __init__(self, players: int = 4, variant: "dict | None" = None, dealer: int = 0,
                 names=SEAT_NAMES) -> None:
        self.rules = RuleSet.from_record(players, variant or {})
        if self.rules.two_players:
            raise InvalidRecord("The deal editor deals for 3, 4 or 5 players; a two-player "
                                "deal is dealt by seed.")
        if not isinstance(dealer, int) or not 0 <= dealer < self.rules.players:
            raise InvalidRecord(f"The dealer is a seat from 0 to {self.rules.players - 1}.")
        self.dealer = dealer
        self.names = tuple(names)
        self.places: dict[Card, Any] = {}

    @property
    def players(self) -> int:
        return self.rules.players

    def size(self, place) -> int:
        """How many cards ``place`` (a seat or :data:`DOG`) holds once dealt."""
        return self.rules.dog_size if place == DOG else self.rules.hand_size

    def place_name(self, place) -> str:
        return "The dog" if place == DOG else self.names[place]

    def count(self, place) -> int:
        return sum(1 for where in self.places.values() if where == place)

    def cards(self, place) -> list[Card]:
        """The cards given to ``place``, sorted."""
        return sort_cards([card for card, where in self.places.items() if where == place])

    def place_of(self, card) -> Any:
        """The seat (or :data:`DOG`) holding ``card``, or None."""
        return self.places.get(parse_card(card))

    def _check_place(self, place) -> None:
        if place != DOG and (isinstance(place, bool) or not isinstance(place, int)
                             or not 0 <= place < self.players):
            raise InvalidRecord(f"A card goes to a seat from 0 to {self.players - 1} or to "
                                "the dog.")

    def give(self, card, place) -> None:
        """Give ``card`` to ``place`` (taken from where it was); refused when ``place`` is full."""
        card = parse_card(card)
        self._check_place(place)
        if self.places.get(card) == place:
            return
        if self.count(place) >= self.size(place):
            what = (f"The dog is full: it holds {self.size(place)} cards" if place == DOG else
                    f"{self.names[place]}'s hand is full: it holds {self.size(place)} cards")
            raise InvalidRecord(f"{what} with {self.players} players. Take a card out of it "
                                "first.")
        self.places[card] = place

    def take_back(self, card) -> None:
        """Put ``card`` back among the cards not dealt."""
        self.places.pop(parse_card(card), None)

    def undealt(self) -> list[Card]:
        return [card for card in DECK if card not in self.places]

    def deal_rest(self, seed=None) -> None:
        """Deal the cards not yet given, at random (``seed`` for the same deal again), to
        fill every seat and the dog."""
        rng = random.Random(seed)
        rest = self.undealt()
        rng.shuffle(rest)
        for place in [*range(self.players), DOG]:
            while self.count(place) < self.size(place):
                self.places[rest.pop()] = place

    def deal_seed(self, seed) -> None:
        """A whole deal as ``GameState.new`` deals it from ``seed`` (the dealer kept)."""
        state = GameState.new(self.rules, seed=seed, dealer=self.dealer)
        self.load(state)

    def load(self, state: GameState) -> None:
        """The cards as ``state`` dealt them."""
        self.rules = state.rules
        self.dealer = state.dealer
        self.places = {}
        record = state.to_record()
        for seat, hand in enumerate(record["hands"]):
            for card in hand:
                self.places[parse_card(card)] = seat
        for card in record["dog"]:
            self.places[parse_card(card)] = DOG

    def clear(self) -> None:
        self.places = {}

    def missing(self) -> list[str]:
        """What is still to deal, one sentence a place; empty when the deal is complete."""
        return [f"{self.place_name(place)} has {self.count(place)} card"
                f"{'' if self.count(place) == 1 else 's'} of {self.size(place)}."
                for place in [*range(self.players), DOG] if self.count(place) < self.size(place)]

    def start(self) -> GameState:
        """The deal to play, checked by the engine; :class:`InvalidRecord` while cards are
        missing (saying where)."""
        missing = self.missing()
        if missing:
            raise InvalidRecord("Deal every card first: " + " ".join(missing))
        return GameState.from_hands(self.rules, [self.cards(s) for s in range(self.players)],
                                    self.cards(DOG), self.dealer)
