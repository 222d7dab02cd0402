"""Deal codes: a hand record (HAND_RECORD.md) as a short text for a link (``#d=CODE``).

A code is the version character ``1``, one number written in the base64url alphabet
(``A``–``Z``, ``a``–``z``, ``0``–``9``, ``-``, ``_``: nothing to escape in a URL), and six
check characters (CRC-32 of the rest: any one changed or swapped character is caught).

The number holds, digit after digit, each choice the deal made among those the engine
allowed at that point: the players and the variants, the hands and the dog as subsets of
the cards left, the dealer, then every action as its place in ``legal_actions()`` (a
poignée also names the trumps it shows). Decoding replays the choices through the engine,
so a code always holds a legal deal, complete or cut anywhere.

>>> import random
>>> from tarot_teach.game import GameState, random_playout
>>> record = random_playout(GameState.new(seed=7), random.Random(7)).to_record()
>>> code = encode(record)
>>> code[0], len(code) <= 160, decode(code) == record
('1', True, True)
>>> decode(code[:-1])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tarot_teach.errors.InvalidRecord: The deal code is damaged: its last 6 characters do not ...
"""

from __future__ import annotations

import binascii
from math import comb

from .cards import DECK, EXCUSE, TRUMP_MASK, cards_of, mask_of
from .declarations import Poignee
from .errors import InvalidRecord, TarotError
from .game import GameState
from .variant_games import new_game
from .record import state_from_record
from .rules import RuleSet

__all__ = ["encode", "decode", "VERSION", "LIST_VERSION", "MAX_LENGTH"]

VERSION = "1"
"""The first character of every code of this format."""
MAX_LENGTH = 400
"""No code is longer (any deal of version 1 needs fewer than 220 characters)."""

LIST_VERSION = "L"
"""The first character of the code of a list of deals
(:func:`~tarot_teach.share_lists.encode_list`)."""

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {char: value for value, char in enumerate(_ALPHABET)}
_CHECK = 6  # characters of the CRC-32 (36 bits)

# Version 1 of the format: the table sizes, the variant flags and the scoring tables in the
# order they are written. A new variant means a new version (tests/engine/test_share.py checks).
_PLAYERS = (4, 3, 5, 2)
_FLAGS = ("cosmic_tribe", "excuse_last_trick_to_winner", "excuse_always_kept",
          "petit_imprenable", "misere", "petit_chelem", "pousse", "no_take",
          "old_handful_scale", "goulash", "two_players", "clockwise", "five_no_partner")
_TABLES = (False, "fixed_bases", "garde_contre_x8", "round_tens", "garde_contre_x5",
           "pousse_doubling")
_PILES, _PILE_SIZE = 6, 3  # two players: each seat's piles on the table
_MAX_STEPS = 128  # more than the actions of any deal (bids, call, discard, declarations, cards)


def encode(record: dict) -> str:
    """The deal code of a hand record (complete or cut), checked by the engine on the way.

    An illegal record raises what :func:`~tarot_teach.record.state_from_record` raises.

    >>> from tarot_teach.game import GameState
    >>> state = GameState.new(seed=1)
    >>> state.play("pass")
    >>> code = encode(state.to_record())
    >>> decode(code)["bids"], len(code)
    (['pass'], 36)
    >>> encode({"players": 4, "hands": [], "dog": []})
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: hands must list 4 hands
    """
    writer = _Writer()
    _walk(writer, state_from_record(record, complete=False))
    return _signed(VERSION + _text(writer.number()))


def decode(text: str) -> dict:
    """The hand record of a deal code, as the engine writes it (``GameState.to_record``).

    Anything else raises :class:`~tarot_teach.errors.InvalidRecord` saying what is wrong.

    >>> decode("1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: The deal code is cut short: a code has at least 7 ...
    >>> decode("2ABCDEFGH")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: This is not a deal code of version 1 (it would start ...
    >>> decode(None)
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: A deal code is text, not NoneType.
    """
    code = _checked(text)
    reader = _Reader(_number(code[1:-_CHECK]))
    try:
        state = _walk(reader, None)
    except TarotError as error:
        raise InvalidRecord(f"The deal code holds no valid deal: "
                            f"{str(error).rstrip('.')}.") from None
    if reader.rest:
        raise InvalidRecord("The deal code is longer than the deal it holds.")
    return state.to_record()


# ----- the text ---------------------------------------------------------------------------


def _checked(text) -> str:
    """The code without surrounding spaces, once its characters, version and check are right."""
    if not isinstance(text, str):
        raise InvalidRecord(f"A deal code is text, not {type(text).__name__}.")
    code = text.strip()
    if not code:
        raise InvalidRecord("The deal code is empty.")
    _characters(code, "deal code", MAX_LENGTH)
    if code[0] == LIST_VERSION:
        raise InvalidRecord("This is the code of a list of deals (a lesson), not of one deal.")
    if code[0] != VERSION:
        if code[0].isdigit():
            raise InvalidRecord(f"This is not a deal code of version {VERSION} (it would "
                                f"start with {VERSION!r}, not {code[0]!r}): perhaps a newer "
                                "version of the site made it.")
        raise InvalidRecord(f"This is not a deal code: a deal code starts with {VERSION!r}. "
                            "Paste the code or the link the deal viewer gives.")
    if len(code) < 1 + _CHECK:
        raise InvalidRecord(f"The deal code is cut short: a code has at least {1 + _CHECK} "
                            f"characters, this one {len(code)}.")
    if _signed(code[:-_CHECK]) != code:
        raise InvalidRecord(f"The deal code is damaged: its last {_CHECK} characters do not "
                            "match the others (a character was changed, lost or added).")
    return code


def _characters(code: str, what: str, longest: int) -> None:
    """Refuse ``code`` (a ``what``) longer than ``longest`` or with a character not in the
    alphabet."""
    if len(code) > longest:
        raise InvalidRecord(f"This is not a {what}: it has {len(code)} characters, "
                            f"and a {what} has at most {longest}.")
    bad = next((n for n, char in enumerate(code) if char not in _VALUE), None)
    if bad is not None:
        raise InvalidRecord(f"Character {bad + 1} ({code[bad]!r}) cannot be in a {what}, "
                            "which has only letters, digits, '-' and '_'.")


def _signed(text: str) -> str:
    """``text`` followed by its check characters."""
    return text + _text(binascii.crc32(text.encode("ascii")), _CHECK)


def _text(number: int, width: int = 0) -> str:
    """A number in base 64, most significant digit first (at least ``width`` digits)."""
    digits = []
    while number or len(digits) < width:
        number, digit = divmod(number, 64)
        digits.append(_ALPHABET[digit])
    return "".join(reversed(digits))


def _number(text: str) -> int:
    number = 0
    for char in text:
        number = number * 64 + _VALUE[char]
    return number


# ----- the number: one digit per choice, each in its own base -------------------------------


class _Writer:
    """Collects ``(digit, base)`` pairs; ``number()`` puts them together, the first lowest."""

    def __init__(self) -> None:
        self.digits: list[tuple[int, int]] = []

    def code(self, digit: int, base: int) -> int:
        if not 0 <= digit < base:
            raise ValueError(f"digit {digit} out of base {base}")  # a bug, never a record
        self.digits.append((int(digit), base))
        return int(digit)

    def number(self) -> int:
        number = 0
        for digit, base in reversed(self.digits):
            number = number * base + digit
        return number


class _Reader:
    """Takes the digits back in the order they were written (the value it is given is unused)."""

    def __init__(self, number: int) -> None:
        self.rest = number

    def code(self, _unused, base: int) -> int:
        self.rest, digit = divmod(self.rest, base)
        return digit


def _walk(coder, source: "GameState | None") -> GameState:
    """Write the deal ``source`` (a :class:`_Writer`) or read one (a :class:`_Reader` and
    None), choice after choice; returns the deal replayed from those choices."""
    known = source is not None
    rules = _rules(coder, known and source.rules)
    pool = list(range(len(DECK)))
    hands = [_subset(coder, known and source.dealt_hands[seat], pool, rules.hand_size)
             for seat in range(rules.players)]
    dog = _subset(coder, known and source.dealt_dog, pool, rules.dog_size)
    table = None
    if rules.two_players:
        order = known and [i for piles in source.dealt_table for pile in piles for i in pile]
        cards = iter(_sequence(coder, pool, order, len(pool)))
        table = [[[next(cards) for _ in range(_PILE_SIZE)] for _ in range(_PILES)]
                 for _ in range(rules.players)]
    dealer = coder.code(known and source.dealer, rules.players)
    state = new_game(rules, hands, dog, dealer, table)
    history = known and source.history
    if coder.code(known and not source.is_over, 2):  # cut before the end
        steps = coder.code(known and len(history), _MAX_STEPS)
    else:
        steps = None
    step = 0
    while step != steps and not (steps is None and state.is_over):
        options = state.legal_actions()
        if not options:
            raise InvalidRecord(f"the deal is over after {step} actions, and more follow")
        action = known and history[step]
        choice = options[coder.code(known and _place(options, action), len(options))]
        if isinstance(choice, Poignee):
            choice = _poignee(coder, action, choice, state.hands[state.to_act])
        state.play(choice)
        step += 1
    return state


def _rules(coder, rules: "RuleSet | bool") -> RuleSet:
    """The number of players and the variants."""
    known = rules is not False
    players = _PLAYERS[coder.code(known and _PLAYERS.index(rules.players), len(_PLAYERS))]
    variant = {}
    if coder.code(known and bool(rules.variant_names), 2):
        for name in _FLAGS:
            if coder.code(known and getattr(rules, name), 2):
                variant[name] = True
        table = _TABLES[coder.code(known and _TABLES.index(rules.alternative_scoring),
                                   len(_TABLES))]
        if table:
            variant["alternative_scoring"] = table
    return RuleSet.from_record(players, variant)


def _subset(coder, chosen: "int | bool", pool: list[int], size: int) -> int:
    """``size`` cards of ``pool`` (card indices, ascending; the chosen ones leave it) as one
    digit, their rank among all such choices (the combinatorial number system)."""
    if chosen is not False:
        positions = [n for n, index in enumerate(pool) if chosen >> index & 1]
        chosen = sum(comb(position, k) for k, position in enumerate(positions, start=1))
    rank = coder.code(chosen, comb(len(pool), size))
    mask = 0
    position = len(pool)
    for k in range(size, 0, -1):
        position -= 1
        while comb(position, k) > rank:
            position -= 1
        rank -= comb(position, k)
        mask |= 1 << pool.pop(position)
    return mask


def _sequence(coder, pool: list, wanted: "list | bool", count: int) -> list:
    """``count`` items of ``pool`` in the order of ``wanted``, each by its place among the
    items left (they leave ``pool``)."""
    return [pool.pop(coder.code(wanted is not False and pool.index(wanted[n]), len(pool)))
            for n in range(count)]


def _place(options: list, action) -> int:
    """Where ``action`` is among the legal actions (a poignée: the option of its level)."""
    for number, option in enumerate(options):
        if option == action or isinstance(action, Poignee) and isinstance(option, Poignee) \
                and option.level == action.level:
            return number
    raise ValueError(f"{action} is not a legal action")  # the engine played it: a bug


def _poignee(coder, shown: "Poignee | bool", offered: Poignee, hand: int) -> Poignee:
    """The trumps a poignée of ``offered``'s level shows, in the order shown: which of the
    hand's trumps (the Excuse only as ``offered`` shows it), and whether not in rank order."""
    if EXCUSE in offered.cards:  # every trump and the Excuse: nothing to choose
        pool = [card.index for card in offered.cards]
    else:
        pool = [card.index for card in cards_of(hand & TRUMP_MASK)]
    known = shown is not False
    mask = _subset(coder, known and mask_of(shown.cards), sorted(pool), len(offered.cards))
    cards = cards_of(mask)
    if coder.code(known and list(shown.cards) != cards, 2):
        cards = _sequence(coder, cards, known and list(shown.cards), len(cards))
    return Poignee(tuple(cards), offered.level)
