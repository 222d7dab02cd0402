"""Names for seats in the exercises (until the engine's own list replaces them)."""

__all__ = ["PLAYER_NAMES"]

PLAYER_NAMES = ("Ada", "Bruno", "Chloé", "Dmitri", "Eve")
"""The players' names wherever the book needs names for seats 0, 1, 2… in the order of play:
each one plays after the one before (to their right)."""
