"""Reading what a learner types, with bounds: numbers and short texts.

:func:`parse_number` accepts what people type for a number (``41``, ``-54``,
``40.5``, ``40,5``, ``+94``, spaces between digit groups) and refuses anything
else with a message saying what to type. It never hands a long or exotic text to
``Fraction``/``int``/``float``: the text is checked against a short pattern
first (at most :data:`MAX_DIGITS` digits on each side of the point, at most
:data:`MAX_TEXT` characters in all), so ``1e100000000``, a 5,000-digit number,
``nan``, ``inf`` or a null byte are refused at once.

>>> parse_number(" 40,5 "), parse_number("+94"), parse_number("−54")
(Fraction(81, 2), Fraction(94, 1), Fraction(-54, 1))
>>> parse_number("1e100000000")
Traceback (most recent call last):
...
tarot_teach.teach.feedback.AnswerError: Please type the number in full, with digits only (like 43 or 40.5), not 1e100000000.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from .feedback import AnswerError

__all__ = ["MAX_TEXT", "MAX_DIGITS", "parse_number", "read_number", "read_text", "half_text"]

MAX_TEXT = 300
"""The longest text (in characters) any answer box accepts."""

MAX_DIGITS = 20
"""The most digits accepted before, and after, the decimal point."""

_SPACES = dict.fromkeys(map(ord, " \t\u00a0\u2009\u202f\u2007\u3000"), None)
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\uff0d": "-", "\uff0b": "+"})
_NUMBER = re.compile(r"([+-]?)([0-9]*)(?:[.,]([0-9]*))?", re.ASCII)
_SHOWN = 40  # at most this much of the learner's text is quoted back


def _quoted(raw: str) -> str:
    shown = "".join(c if c.isprintable() else "\ufffd" for c in raw[:_SHOWN])
    return shown if len(raw) <= _SHOWN else shown + "…"


def _too_long() -> AnswerError:
    return AnswerError(f"That number is far too long: no answer here has more than {MAX_DIGITS} "
                       "digits.")


def parse_number(text: Any, example: str = "43 or 40.5") -> Fraction:
    """The exact value of a number typed by a learner; :class:`AnswerError` if it is not one.

    Whole numbers and decimals, a comma or a point as the decimal mark, a sign in
    front, spaces anywhere (``"1 000"``). Nothing is evaluated before the text has
    passed these bounds, so the call is quick whatever is typed. ``example`` is what
    the messages suggest typing. An ``int`` or ``Fraction`` already read passes through
    (within the same bounds).

    >>> parse_number("41"), parse_number("0.25"), parse_number("1 000")
    (Fraction(41, 1), Fraction(1, 4), Fraction(1000, 1))
    >>> parse_number("forty")
    Traceback (most recent call last):
    ...
    tarot_teach.teach.feedback.AnswerError: Please type a number, like 43 or 40.5 — "forty" is not one.
    >>> parse_number("9" * 50)
    Traceback (most recent call last):
    ...
    tarot_teach.teach.feedback.AnswerError: That number is far too long: no answer here has more than 20 digits.
    """
    if isinstance(text, bool):
        raise AnswerError(f"Please type a number, like {example}.")
    if isinstance(text, (int, Fraction)):
        value = Fraction(text)
        if max(value.numerator.bit_length(), value.denominator.bit_length()) > 70:
            raise _too_long()
        return value
    raw = "" if text is None else str(text)
    if len(raw) > MAX_TEXT:
        raise AnswerError(f"That is far too long for an answer ({len(raw):,} characters): "
                          f"please type just the number, like {example}.")
    raw = raw.strip()
    if not raw:
        raise AnswerError("Please type a number in the box first.")
    cleaned = raw.translate(_SPACES).translate(_MINUS)
    match = _NUMBER.fullmatch(cleaned)
    if not match or not (match.group(2) or match.group(3)):
        if re.fullmatch(r"[+-]?[0-9.,]*[eE][+-]?[0-9]+", cleaned, re.ASCII) and len(cleaned) > 1:
            raise AnswerError(f"Please type the number in full, with digits only (like {example}), "
                              f"not {_quoted(raw)}.")
        raise AnswerError(f'Please type a number, like {example} — "{_quoted(raw)}" is not one.')
    sign, whole, decimals = match.group(1), match.group(2), match.group(3) or ""
    if len(whole.lstrip("0")) > MAX_DIGITS or len(decimals.rstrip("0")) > MAX_DIGITS:
        raise _too_long()
    whole, decimals = whole.lstrip("0") or "0", decimals.rstrip("0")
    value = Fraction(int(whole + decimals), 10 ** len(decimals))
    return -value if sign == "-" else value


def read_number(text: Any, what: str = "a number", allow_half: bool = True,
                largest: int = 100_000) -> Fraction:
    """A number typed as the answer to a tarot question: whole (or, if ``allow_half``, a half).

    >>> read_number("40,5")
    Fraction(81, 2)
    >>> read_number("", "the target")
    Traceback (most recent call last):
    ...
    tarot_teach.teach.feedback.AnswerError: Please type the target in the box first.
    >>> read_number("40.25")
    Traceback (most recent call last):
    ...
    tarot_teach.teach.feedback.AnswerError: Please type a whole number or a half: 40.25 is not one.
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        raise AnswerError(f"Please type {what} in the box first.")
    value = parse_number(text, "43 or 40.5" if allow_half else "43")
    shown = _quoted(str(text).strip())
    if abs(value) > largest:
        raise AnswerError(f"{shown} is far too large for this answer: please check the number.")
    if (value * (2 if allow_half else 1)).denominator != 1:
        raise AnswerError(f"Please type a whole number{' or a half' if allow_half else ''}: "
                          f"{shown} is not one.")
    return value


def read_text(text: Any, what: str = "your answer", limit: int = MAX_TEXT) -> str:
    """Typed text, stripped, at most ``limit`` characters (else :class:`AnswerError`).

    >>> read_text("  KH ")
    'KH'
    >>> read_text("KH " * 200, "the cards")
    Traceback (most recent call last):
    ...
    tarot_teach.teach.feedback.AnswerError: That is far too long for the cards (600 characters; at most 300).
    """
    raw = "" if text is None else str(text)
    if len(raw) > limit:
        raise AnswerError(f"That is far too long for {what} ({len(raw):,} characters; "
                          f"at most {limit}).")
    if "\x00" in raw:
        raise AnswerError(f"That text holds a character that cannot be typed: please type "
                          f"{what} again.")
    return raw.strip()


def half_text(value) -> str:
    """A number of points as written in the book: ``40``, ``40.5``.

    >>> half_text(Fraction(81, 2)), half_text(41), half_text(Fraction(0)), half_text(-0.5)
    ('40.5', '41', '0', '-0.5')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    whole, rest = divmod(abs(value.numerator), value.denominator)
    decimals = ""
    while rest and len(decimals) < 6:
        rest *= 10
        digit, rest = divmod(rest, value.denominator)
        decimals += str(digit)
    return f"{'-' if value < 0 else ''}{whole}.{decimals}"
