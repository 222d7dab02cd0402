"""The structural variants of RULES.md §11 as their own game classes: two players (piles on
the table), goulash (everyone for himself when all pass) and Petit imprenable (a Petit sec
played like an Excuse). Each mixin overrides only what its variant changes; the FFT game
(:class:`~tarot_teach.game.GameState`) has no trace of them, and
``GameState(...)``, :meth:`~tarot_teach.game.GameState.new` and
:meth:`~tarot_teach.game.GameState.from_hands` choose the class from the
:class:`~tarot_teach.rules.RuleSet`.

>>> from tarot_teach.game import GameState
>>> from tarot_teach.rules import RuleSet
>>> type(GameState.new(RuleSet(players=2, two_players=True), seed=1)).__name__
'TwoPlayersGame'
>>> type(GameState.new(RuleSet(goulash=True, petit_imprenable=True), seed=1)).__name__
'GoulashImprenableGame'
>>> type(GameState.new(RuleSet(), seed=1)).__name__
'GameState'
"""

from __future__ import annotations

from .bidding import first_to_act
from .cards import DECK, EXCUSE_BIT, Card
from .discard import BOUTS_MASK
from .errors import InvalidRecord
from .results import SMALL_CARDS_MASK, half_points_of
from .rules import Phase
from .scoring import score_goulash, score_two_players
from .tricks import legal_mask

__all__ = ["TwoPlayersMixin", "GoulashMixin", "PetitImprenableMixin"]

PETIT_BIT = 1 << 1


class TwoPlayersMixin:
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
        petit = self._petit_au_bout_trick()
        petit = None if petit is None else petit[1]
        winner, scores, lines = score_two_players(units, bouts, petit)
        self._finish_without_taker("two_players", units, scores, lines, bouts, winner)

    def _table_view(self) -> tuple:
        """For each seat and pile, its face-up card (None if the top card is still face down
        or the pile is empty) and how many cards it holds."""
        return tuple(
            tuple((DECK[pile[-1]] if pile and self.faceup[seat] >> pile[-1] & 1 else None,
                   len(pile)) for pile in self.table[seat])
            for seat in range(2))


class GoulashMixin:
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
        self._finish_without_taker("goulash", units, scores, lines)


class PetitImprenableMixin:
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
        winner, cards = self._place_excuse(trick, cards, winner, is_last)
        if holder_side != self.side_of(winner):
            cards &= ~PETIT_BIT
            self.piles[holder_side] |= PETIT_BIT
            self.owed_exchange[holder_side] += 1
        self._file_trick(winner, cards, is_last)

    def _petit_au_bout(self) -> "str | None":
        if self.imprenable is not None:
            return None  # an imprenable Petit is never won: no petit au bout (our choice)
        return super()._petit_au_bout()
