"""Two players (seed 001, RULES.md §11): 21 cards in hand and six piles of three on the table.

>>> from tarot_teach.rules import RuleSet
>>> state = TwoPlayersGame.new(RuleSet(players=2, two_players=True), seed=1)
>>> state.phase.value, len(state.view(0).table[0]), state.side_of(1)
('playing', 6, 1)
"""

from __future__ import annotations

from ..cards import DECK, Card
from ..discard import BOUTS_MASK
from ..errors import InvalidRecord
from ..game import GameState
from ..results import finish_without_taker, half_points_of, petit_au_bout_trick
from ..rules import Phase
from ..scoring import score_two_players
from ..tricks import legal_mask

__all__ = ["TwoPlayersGame"]


class TwoPlayersGame(GameState):
    """Two players (seed 001): 21 cards in hand and six piles of three on the table, the top
    card face up and playable; no bidding, each player his own side."""

    _held_where = " (in the hand or face up on a pile)"

    def _start(self, table) -> None:
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

    def copy(self):
        other = super().copy()
        other.table = [[list(pile) for pile in piles] for piles in self.table]
        other.faceup = list(self.faceup)
        other.to_turn = list(self.to_turn)
        return other

    def playable(self, seat: int) -> int:
        """The hand and the face-up cards of the seat's piles."""
        return self.hands[seat] | self.faceup[seat]

    def _legal_play_mask(self) -> int:
        if self._legal_cache is None:
            self._legal_cache = legal_mask(self.playable(self.to_act), self.trick)
        return self._legal_cache

    def _called_suit_applies(self) -> bool:
        return False

    def _play_card(self, card: Card) -> None:
        if self.faceup[self.to_act] >> card.index & 1:
            self._play_from_pile(self.to_act, card)
        super()._play_card(card)

    def _play_from_pile(self, seat: int, card: Card) -> None:
        """Two players: a face-up card leaves its pile; the next card turns up after the trick."""
        self.faceup[seat] &= ~(1 << card.index)
        for number, pile in enumerate(self.table[seat]):
            if pile and pile[-1] == card.index:
                pile.pop()
                if pile:
                    self.to_turn.append((seat, number))
                return

    def _after_trick(self) -> None:
        self._turn_piles()

    def _turn_piles(self) -> None:
        for seat, number in self.to_turn:
            self.faceup[seat] |= 1 << self.table[seat][number][-1]
            self.events.append(("turned", seat, number, DECK[self.table[seat][number][-1]]))
        self.to_turn = []

    def _finish(self) -> None:
        self._finish_two_players()

    def _finish_two_players(self) -> None:
        self.final_piles = tuple(self.piles)
        units = tuple(half_points_of(pile) for pile in self.piles)
        bouts = tuple((pile & BOUTS_MASK).bit_count() for pile in self.piles)
        owed = self.owed_exchange  # §8: an exchange card never given still moves its point
        units = tuple(u + owed[1 - seat] - owed[seat] for seat, u in enumerate(units))
        self.unpaid_exchange = tuple(owed)
        petit = petit_au_bout_trick(self)
        petit = None if petit is None else petit[1]
        winner, scores, lines = score_two_players(units, bouts, petit)
        finish_without_taker(self, "two_players", units, scores, lines, bouts, winner)

    def _table_view(self) -> tuple:
        """For each seat and pile, its face-up card (None if the top card is still face down
        or the pile is empty) and how many cards it holds."""
        return tuple(
            tuple((DECK[pile[-1]] if pile and self.faceup[seat] >> pile[-1] & 1 else None,
                   len(pile)) for pile in self.table[seat])
            for seat in range(2))
