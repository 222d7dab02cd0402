"""Reading the lines of a deal typed in the notation (:mod:`tarot_teach.notation`): its
keywords and words, each line as ``keyword [seat]: value``, and the errors naming the line."""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from .cards import Card, parse_card
from .errors import InvalidRecord


# Keyword (accents and case removed, ``_``/``-`` as spaces) -> the field it fills.
_KEYWORDS = {
    "players": "players", "player": "players", "joueurs": "players", "seats": "players",
    "variant": "variant", "variants": "variant", "variante": "variant", "rules": "variant",
    "dealer": "dealer", "donneur": "dealer", "hand": "hand", "seat": "hand", "main": "hand",
    "dog": "dog", "chien": "dog", "kitty": "dog", "talon": "dog",
    "bids": "bids", "bid": "bids", "auction": "bids", "encheres": "bids", "enchere": "bids",
    "call": "called", "called": "called", "appel": "called", "called card": "called",
    "discard": "discard", "ecart": "discard",
    "poignee": "poignee", "handful": "poignee", "misere": "misere",
    "chelem": "chelem", "slam": "chelem", "grand chelem": "chelem",
    "petit chelem": "petit_chelem", "small slam": "petit_chelem",
    "trick": "trick", "pli": "trick", "": "trick",
}


_SEATED = {"hand", "poignee", "misere", "trick"}  # need a number: ``hand 2``, ``3:``


_YES = {"", "yes", "y", "true", "oui", "announced", "annonce"}


_NO = {"no", "n", "false", "non", "none"}


_MISERE_WORDS = {"trumps": "trumps", "trump": "trumps", "atouts": "trumps",
                 "honours": "honours", "honors": "honours", "honneurs": "honours"}


_PLAYERS_BY_SIZE = {24: 3, 18: 4, 15: 5, 3: 3, 4: 4, 5: 5}  # a hand, a trick


_SPLIT = re.compile(r"[\s,;|]+")


_KEYS_TEXT = ("players, variant, dealer, hand N, dog, bids, call, discard, poignee N, "
              "misere N, chelem, petit chelem, or N (trick N)")


class _Line(NamedTuple):
    number: int  # 1-based line of the text
    field: str
    seat: "int | None"
    value: str

    def words(self) -> list[str]:
        return [word for word in _SPLIT.split(self.value) if word]

    def cards(self) -> list[Card]:
        cards = []
        for place, word in enumerate(self.words(), start=1):
            try:
                cards.append(parse_card(word))
            except ValueError as error:
                raise _error(f"Line {self.number}, card {place}", error) from None
        return cards


def _read_lines(text: str) -> dict:
    """The lines by field: one line for most, ``{seat: line}`` for hands, poignées and
    misères, and the trick lines in order."""
    fields: dict = {"hand": {}, "poignee": {}, "misere": {}, "trick": []}
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        line = _line(number, content, len(fields["trick"]) + 1)
        if line.field == "trick":
            expected = len(fields["trick"]) + 1
            if line.seat != expected:
                raise InvalidRecord(f"Line {number}: trick {line.seat} comes where trick "
                                    f"{expected} is expected (tricks are numbered 1, 2, 3…).")
            fields["trick"].append(line)
            continue
        group = fields[line.field] if line.field in _SEATED else fields
        key = line.seat if line.field in _SEATED else line.field
        if key in group:
            what = line.field if key == line.field else f"{line.field} {key}"
            raise InvalidRecord(f"Line {number}: a second '{what}' line (the first is line "
                                f"{group[key].number}).")
        group[key] = line
    return fields


def _line(number: int, content: str, next_trick: int) -> _Line:
    """One line read as ``keyword [seat]: value``; the colon may be left out after a single
    keyword (``dealer 2``); a line of cards alone is the next trick."""
    key, colon, value = content.partition(":")
    if not colon:
        first, rest = (content.split(None, 1) + [""])[:2]
        if _is_card(first):
            return _Line(number, "trick", next_trick, content)
        key, value = first, rest.strip().lstrip("=")
        if _KEYWORDS.get(_plain(key)) in _SEATED:
            seat, value = (value.split(None, 1) + [""])[:2]
            key, value = key + " " + seat, value.strip().lstrip("=")
    words = _plain(key).split()
    seat = None
    if words and re.fullmatch(r"[a-z]*[0-9]{1,6}", words[-1]):
        last = words.pop()
        letters = last.rstrip("0123456789")
        seat = int(last[len(letters):])
        words += [letters] if letters else []
    field = _KEYWORDS.get(" ".join(words))
    if field is None:
        raise InvalidRecord(f"Line {number}: {key.strip()!r} is not a keyword; the keywords "
                            f"are {_KEYS_TEXT}.")
    if (seat is None) == (field in _SEATED):
        shape = "needs a number" if seat is None else "takes no number"
        raise InvalidRecord(f"Line {number}: {key.strip()!r}: '{field}' {shape} "
                            "(like 'hand 2:', '3:' for trick 3, 'dealer: 1').")
    return _Line(number, field, seat, value.strip())


def _plain(text: str) -> str:
    """Lower case, without accents, ``_`` and ``-`` as spaces, spaces collapsed."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(text.replace("_", " ").replace("-", " ").split())


def _is_card(word: str) -> bool:
    try:
        parse_card(word.rstrip(","))
    except ValueError:
        return False
    return True


def _error(where: str, error) -> InvalidRecord:
    return InvalidRecord(f"{where}: {str(error).rstrip('.')}.")


def _number(line: _Line, what: str) -> int:
    words = [word for word in line.words() if word.lower() != "seat"]
    if len(words) != 1 or not re.fullmatch(r"[0-9]{1,6}", words[0]):
        raise InvalidRecord(f"Line {line.number}: {what} is a number, not {line.value!r}.")
    return int(words[0])
