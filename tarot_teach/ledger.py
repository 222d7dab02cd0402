"""The score sheet of a game: running totals over deals, and who deals next.

>>> sheet = Ledger(players=4)
>>> sheet.add([240, -80, -80, -80])
>>> sheet.add([-96, 288, -96, -96])
>>> sheet.totals, sheet.dealer
([144, 208, -176, -176], 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import InvalidRecord

__all__ = ["Ledger", "MAX_DEALS"]

MAX_DEALS = 100
"""Deals listed on a score sheet: an older deal is added into the sheet's first row (the
totals stay exact; a game saved with 10,000 deals took minutes to open)."""


@dataclass
class Ledger:
    """Running totals, deal by deal. Every deal's scores must sum to zero.

    The next dealer is the next seat in the order of play (the player to the
    dealer's right at a real table); a void deal passes the deal on too. At most
    :data:`MAX_DEALS` rows are kept: the first row then holds ``folded`` earlier deals
    besides its own.

    >>> sheet = Ledger(players=3)
    >>> for n in range(MAX_DEALS + 50):
    ...     sheet.add([2, -1, -1])
    >>> len(sheet.deals), sheet.folded, sheet.totals
    (100, 50, [300, -150, -150])
    """

    players: int = 4
    dealer: int = 0
    deals: list[list[int]] = field(default_factory=list)
    folded: int = 0

    def add(self, scores, void: bool = False) -> None:
        """Write one deal's gains (one number per seat) and pass the deal on."""
        if not void:
            if not isinstance(scores, (list, tuple)) or len(scores) != self.players:
                raise InvalidRecord(f"a deal's scores list one number per seat ({self.players})")
            if any(isinstance(s, bool) or not isinstance(s, int) for s in scores):
                raise InvalidRecord("scores must be whole numbers")
            if sum(scores) != 0:
                raise InvalidRecord(f"a deal's scores must sum to zero, these sum to {sum(scores)}")
            self.deals.append(list(scores))
            if len(self.deals) > MAX_DEALS:
                second = self.deals.pop(1)
                self.deals[0] = [a + b for a, b in zip(self.deals[0], second)]
                self.folded += 1
        self.dealer = (self.dealer + 1) % self.players

    @property
    def totals(self) -> list[int]:
        """Each seat's running total."""
        return self.running_totals[-1] if self.deals else [0] * self.players

    @property
    def running_totals(self) -> list[list[int]]:
        """The totals after each deal, as on a score sheet."""
        rows, total = [], [0] * self.players
        for deal in self.deals:
            total = [a + b for a, b in zip(total, deal)]
            rows.append(total)
        return rows
