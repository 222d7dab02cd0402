"""Goulash (seed 004, RULES.md §11): a deal everybody passed is played with no taker.

>>> from tarot_teach.rules import RuleSet
>>> state = GoulashGame.new(RuleSet(players=4, goulash=True), seed=3)
>>> for _ in range(4):
...     state.play("pass")
>>> state.goulash, state.phase.value, state.taker
(True, 'playing', None)
"""

from __future__ import annotations

from ..bidding import first_to_act
from ..cards import DECK, EXCUSE_BIT
from ..game import GameState
from ..results import SMALL_CARDS_MASK, finish_without_taker
from ..rules import Phase
from ..scoring import score_goulash

__all__ = ["GoulashGame"]


class GoulashGame(GameState):
    """Goulash (seed 004): when everybody passes the deal is played with no taker, no bonuses,
    every seat for himself; the dog stays aside."""

    def _all_passed(self) -> None:
        self._start_goulash()

    def _start_goulash(self) -> None:
        """Goulash (seed 004): all passed, so the deal is played with no taker, no bonuses;
        the dog stays aside, nobody's."""
        self.goulash = True
        self.seat_sides = True
        self.goulash_debts: list[tuple[int, int]] = []  # (Excuse player, trick winner) owed
        self.piles = [0] * self.players
        self.owed_exchange = [0] * self.players
        self.side_tricks = [0] * self.players
        self.events.append(("goulash",))
        self.phase = Phase.PLAYING
        self.leader = self.to_act = first_to_act(self.dealer, self.players)

    def _close_trick(self) -> None:
        if self.goulash:
            return self._close_goulash_trick()
        return super()._close_trick()

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

    def _finish(self) -> None:
        if self.goulash:
            return self._finish_goulash()
        return super()._finish()

    def _finish_goulash(self) -> None:
        self.final_piles = tuple(self.piles)
        units = [self._units_of(pile) for pile in self.piles]
        for debtor, creditor in self.goulash_debts:  # §8: never given, it moves all the same
            units[debtor] -= 1
            units[creditor] += 1
        self.unpaid_debts = tuple(self.goulash_debts)  # (Excuse player, trick winner)
        scores, lines = score_goulash(units, self.rules.points_unit)
        finish_without_taker(self, "goulash", units, scores, lines)
