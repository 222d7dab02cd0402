"""The two errors of the public API, both ``ValueError``s.

>>> issubclass(IllegalAction, ValueError), issubclass(InvalidRecord, ValueError)
(True, True)
"""

__all__ = ["IllegalAction", "InvalidRecord"]


class IllegalAction(ValueError):
    """An action the rules forbid. The message names the rule in plain words.

    ``rule`` is a short stable key (``"follow_suit"``, ``"discard_king"``, …) that
    widgets and tests can rely on; the message is for people.
    """

    def __init__(self, message: str, rule: str = "illegal", seat: "int | None" = None):
        super().__init__(message)
        self.rule = rule
        self.seat = seat

    @property
    def reason(self) -> str:
        return str(self)


class InvalidRecord(ValueError):
    """A malformed hand record or deal summary: unknown card, wrong sizes, duplicates, bad field."""
