"""The code of a teacher's list of deals (a lesson, ``#l=CODE``): deal codes
(:mod:`tarot_teach.share`) with a comment each and a title, in the same alphabet with the same
check characters."""

from __future__ import annotations

import json
import zlib

from .errors import InvalidRecord
from .share import _CHECK, LIST_VERSION, VERSION, _characters, _number, _signed, _text

__all__ = ["encode_list", "decode_list", "MAX_LIST_LENGTH", "MAX_ITEMS", "MAX_COMMENT"]

MAX_LIST_LENGTH = 12000
"""No list code is longer."""
MAX_ITEMS = 40
"""A list holds at most this many deals."""
MAX_COMMENT = 600
"""A comment (and a list's title) has at most this many characters."""


def encode_list(items, title: str = "") -> str:
    """The code of a teacher's list of deals: ``items`` are ``(deal code, comment)`` pairs,
    with a ``title`` for the list. The code is ``L``, the list as compressed JSON in the same
    alphabet, and six check characters. The deal codes are kept as given (each is checked
    when the list is read, so one bad deal does not lose the others).

    >>> code = encode_list([("1ABC", "Look at trick 3.")], "Tuesday")
    >>> code[0], decode_list(code)
    ('L', {'title': 'Tuesday', 'items': [('1ABC', 'Look at trick 3.')]})
    >>> encode_list([("1ABC", "x" * 601)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: Comment 1 has 601 characters; a comment has at most 600.
    """
    title = _words(title, "The title")
    items = list(items)
    if len(items) > MAX_ITEMS:
        raise InvalidRecord(f"A list holds at most {MAX_ITEMS} deals, not {len(items)}.")
    pairs = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise InvalidRecord(f"Item {number} of the list is not a deal code and a comment.")
        code, comment = item
        if not isinstance(code, str) or not code.strip():
            raise InvalidRecord(f"Item {number} of the list has no deal code.")
        pairs.append([code.strip(), _words(comment, f"Comment {number}")])
    payload = json.dumps({"t": title, "d": pairs}, ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(payload.encode("utf-8"), 9)
    code = _signed(LIST_VERSION + _text(int.from_bytes(b"\x01" + packed, "big")))
    if len(code) > MAX_LIST_LENGTH:
        raise InvalidRecord(f"The list is too long for a link ({len(code)} characters, at most "
                            f"{MAX_LIST_LENGTH}): make two lists, or shorten the comments.")
    return code


def decode_list(text: str) -> dict:
    """``{"title": ..., "items": [(deal code, comment), ...]}`` from the code of a list;
    anything else raises :class:`~tarot_teach.errors.InvalidRecord` in words.

    >>> decode_list("1ABCDEFGH")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: This is the code of one deal, not of a list of deals.
    """
    if not isinstance(text, str):
        raise InvalidRecord(f"A list code is text, not {type(text).__name__}.")
    code = text.strip()
    if code[:1] == VERSION:
        raise InvalidRecord("This is the code of one deal, not of a list of deals.")
    if code[:1] != LIST_VERSION:
        raise InvalidRecord("This is not the code of a list of deals (it would start with "
                            f"{LIST_VERSION!r}).")
    _characters(code, "list code", MAX_LIST_LENGTH)
    if len(code) < 2 + _CHECK or _signed(code[:-_CHECK]) != code:
        raise InvalidRecord("The list code is damaged: a character was changed, lost or added "
                            "(or the link was cut short).")
    number = _number(code[1:-_CHECK])
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    try:
        if raw[:1] != b"\x01":
            raise ValueError("no marker")
        unpack = zlib.decompressobj()
        payload = unpack.decompress(raw[1:], 4 * MAX_LIST_LENGTH)
        if unpack.unconsumed_tail or not unpack.eof:
            raise ValueError("too long")
        data = json.loads(payload.decode("utf-8"))
        title = _words(data["t"], "The title")
        items = [(str(code), _words(comment, f"Comment {n}"))
                 for n, (code, comment) in enumerate(data["d"], start=1)
                 if isinstance(code, str)]
        if len(items) != len(data["d"]) or len(items) > MAX_ITEMS:
            raise ValueError("bad items")
    except Exception:  # (zlib.error, ValueError, KeyError, TypeError, InvalidRecord...)
        raise InvalidRecord("The list code holds no list of deals.") from None
    return {"title": title, "items": items}


def _words(text, what: str) -> str:
    """A comment or a title: text of at most :data:`MAX_COMMENT` characters, trimmed."""
    if text is None:
        return ""
    if not isinstance(text, str):
        raise InvalidRecord(f"{what} is not text.")
    text = text.strip()
    if len(text) > MAX_COMMENT:
        raise InvalidRecord(f"{what} has {len(text)} characters; "
                            f"{'a comment' if what.startswith('Comment') else 'it'} has at most "
                            f"{MAX_COMMENT}.")
    return text
