"""The coach: a deal reviewed decision by decision, and hints with true reasons."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Band", "BAND_THRESHOLDS", "ReviewEntry", "review", "advise"]


class Band(enum.Enum):
    """How good a decision was, by the card points it lost."""

    BEST = "Best"
    GOOD = "Good"
    INACCURACY = "Inaccuracy"
    MISTAKE = "Mistake"
    BLUNDER = "Blunder"

    @property
    def label(self) -> str:
        return self.value


BAND_THRESHOLDS = ()


@dataclass(frozen=True)
class ReviewEntry:
    """One decision of the reviewed seat."""

    kind: str
    trick: "int | None"
    chosen: str
    best: tuple[str, ...]
    points_lost: Fraction
    band: Band
    why: str
    exact: bool


def review(record, seat, *, samples=20, seed=0, progress=None) -> list[ReviewEntry]:
    """One entry per decision ``seat`` made in the deal ``record``."""
    raise NotImplementedError


def advise(state, seat, *, samples=20, seed=0):
    """``(action, reason)``: the best action for ``seat`` from its view only."""
    raise NotImplementedError
