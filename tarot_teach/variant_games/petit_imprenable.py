"""Petit imprenable (seeds 001, 003, RULES.md §11): a Petit sec is played like an Excuse.

>>> from tarot_teach.rules import RuleSet
>>> state = PetitImprenableGame.new(RuleSet(players=5, petit_imprenable=True), seed=43)
>>> state.imprenable, state.events, state.is_over
(3, [('deal', 0), ('petit_imprenable', 3)], False)
"""

from __future__ import annotations

from ..game import GameState
from ..trick_play import file_trick, place_excuse
from ..tricks import legal_mask

__all__ = ["PetitImprenableGame", "PETIT_BIT"]

PETIT_BIT = 1 << 1


class PetitImprenableGame(GameState):
    """Petit imprenable (seeds 001, 003): a Petit sec does not void the deal; its holder
    announces it at once (our choice of the moments the seeds allow) and plays the Petit like
    an Excuse for the whole deal. It never wins and no petit au bout is paid for it."""

    def _petit_sec(self, seat: int) -> None:
        self.imprenable = seat
        self.events.append(("petit_imprenable", seat))

    def _legal_play_mask(self) -> int:
        if self.imprenable is None:
            return super()._legal_play_mask()
        if self._legal_cache is None:
            seat = self.to_act
            hand = self.playable(seat)
            trick = self._rules_trick()
            if seat == self.imprenable and hand & PETIT_BIT:
                # Played like an Excuse: at any moment, and it does not count as a trump held.
                mask = legal_mask(hand & ~PETIT_BIT, trick) | PETIT_BIT
            else:
                mask = legal_mask(hand, trick)
            if self.called is not None and not self.tricks and not self.trick:
                mask = self._opening_lead_mask(mask)
            self._legal_cache = mask
        return self._legal_cache

    def _rules_trick(self) -> list[int]:
        """The trick as the rules of play see it: the imprenable Petit counts as an Excuse."""
        if self.imprenable is not None and 1 in self.trick:
            return [0 if index == 1 else index for index in self.trick]
        return self.trick

    def _rules_hand(self, seat: int) -> int:
        hand = super()._rules_hand(seat)
        return hand & ~PETIT_BIT if seat == self.imprenable else hand

    def _called_suit_applies(self) -> bool:
        return self.imprenable is None

    def _close_trick(self) -> None:
        if self.imprenable is not None and 1 in self.trick:
            return self._close_imprenable_trick()
        return super()._close_trick()

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
        winner, cards = place_excuse(self, trick, cards, winner, is_last)
        if holder_side != self.side_of(winner):
            cards &= ~PETIT_BIT
            self.piles[holder_side] |= PETIT_BIT
            self.owed_exchange[holder_side] += 1
        file_trick(self, winner, cards, is_last)

    def _petit_au_bout(self) -> "str | None":
        if self.imprenable is not None:
            return None  # an imprenable Petit is never won: no petit au bout (our choice)
        return super()._petit_au_bout()
