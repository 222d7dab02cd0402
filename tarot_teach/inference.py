"""What the table has shown: facts about the hidden hands that the rules of play reveal."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Inference", "inferences", "sample_deals"]


@dataclass(frozen=True)
class Inference:
    """One fact about a seat's hand, learnt from the play (or the auction, the dog ...)."""

    seat: int
    kind: str  # "void" (no card of ``suit``), "no_trump", "trumps_below" (no trump above ``limit``), "holds"
    suit: "object | None" = None
    limit: "int | None" = None
    since_trick: int = 0
    text: str = ""


def inferences(view) -> list[Inference]:
    """What ``view`` (``state.view(seat)``) lets that seat infer about the others' hands."""
    raise NotImplementedError


def sample_deals(view, n, rng) -> list:
    """``n`` full open states consistent with the view and every inference."""
    raise NotImplementedError
