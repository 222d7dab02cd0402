"""A deal typed in as text: a short notation for a deal played at a real table.

One line per item, ``keyword: value``; keywords and cards in any case, accents optional,
cards as :func:`~tarot_teach.cards.parse_card` reads them (``KH``, ``10s``, ``T21`` or
``21``, ``EX``, ``R♥``), separated by spaces or commas; ``#`` starts a comment. Seats are
numbered from 0 in the order of play (HAND_RECORD.md). A whole four-player deal::

    # Tuesday, table 2
    players: 4
    dealer: 3
    hand 0: T21 T13 T8 T7 T5 T4 T2 T1 EX 10S 7S 6S JH JC 6C 8D 7D 5D
    hand 1: T19 T15 KS QS CS JS 1S CH 10H 9H 1H KC QC 7C 3C QD 10D 3D
    hand 2: T18 T17 T12 T11 T10 T9 T3 8S 2S KH QH 8H 6H 2H 8C 4C 1C JD
    hand 3: T20 T16 T14 9S 5S 4S 7H 5H 3H 10C 5C 2C KD CD 9D 4D 2D 1D
    dog: T6 3S 4H CC 9C 6D
    bids: take pass pass pass
    discard: JH 4H CC JC 6C 9C
    poignee 0: T1 T2 T4 T5 T6 T7 T8 T13 T21 EX
     1: 3S JS 2S 4S
     2: KC 1C 2C T1
     3: 5D 10D JD KD
     4: 1D 6D QD T3
     5: KH 3H T2 1H
     6: 6S CS 8S 5S
     7: 1S T9 9S 7S
     8: 2H 5H T4 9H
     9: 7D 3D T10 CD
    10: 6H 7H T5 10H
    11: 10S QS T11 T14
    12: 2D 8D T15 T17
    13: 8H T16 EX CH
    14: 4D T6 T19 T12
    15: 3C 4C 5C T7
    16: T8 7C T18 T20
    17: 9D T13 QC 8C
    18: T21 KS QH 10C

- ``players: 3|4|5`` (else ``parse_deal``'s ``players``, the size of a hand, the
  first trick's cards, or 4); ``variant: misere petit_chelem alternative_scoring=…``;
- ``dealer: N`` (0 if absent); ``hand N: cards`` (also ``seat N``); ``dog: cards``;
- ``bids: pass take guard guard_without guard_against`` (French names too: ``garde sans``);
- ``call: KS`` (five players); ``discard: cards`` (also ``écart``);
- ``poignee N: trumps shown``; ``misere N: trumps honours``; ``chelem: yes`` or
  ``petit chelem: yes`` (announced by the taker);
- ``N: cards`` (also ``trick N:``, or a line of cards alone): trick N in the order played,
  led by the seat the rules say. The last trick given may be unfinished, and the deal may
  stop anywhere (a saved game).

One hand (or the dog) may be left out: it is the cards left. All the hands may be left
out when every trick is given: each seat then held the cards it played (the taker also
the discard, less the dog), and the dog must be given.

Every step is played through the engine. Any error is an :class:`~tarot_teach.InvalidRecord`
naming the line, e.g. ``Line 15, trick 4, card 3: seat 2 may not play 9H: <the engine's
reason>`` (its ``__cause__`` is then the engine's :class:`~tarot_teach.IllegalAction`).
The coach reviews a typed deal: ``tarot_teach.coach.review(parse_deal(text), seat)``.
"""

from __future__ import annotations

from .cards import sort_cards
from .errors import InvalidRecord
from .game import GameState
from .notation_lines import _error, _read_lines
from .notation_replay import _dealer, _hands_and_dog, _replay, _rules
from .record import state_from_record

__all__ = ["parse_deal", "format_deal"]

_MAX_TEXT = 50_000  # a whole deal typed with comments is a few thousand characters


def parse_deal(text: str, players: "int | None" = None) -> dict:
    """The hand record (HAND_RECORD.md) of a deal written in this notation, as the engine
    writes it; ``players`` counts the seats when the text does not say.

    >>> text = format_deal(GameState.new(seed=1).to_record()) + "bids: pass guard\\n"
    >>> parse_deal(text)["bids"]
    ['pass', 'guard']
    >>> parse_deal(text.replace("dog:", "chien:") + "1: KH")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: Line 9: no card is played yet: the auction is not over.
    >>> parse_deal(text.replace("hand 0: ", "hand 0: K "))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: Line 3, card 1: 'K' is not a card: expected a plain ...
    """
    if not isinstance(text, str):
        raise InvalidRecord(f"A deal in the notation is text, not {type(text).__name__}.")
    if len(text) > _MAX_TEXT:
        raise InvalidRecord(f"This text has {len(text)} characters; a deal has fewer than "
                            f"{_MAX_TEXT}.")
    fields = _read_lines(text)
    rules = _rules(fields, players)
    dealer = _dealer(fields, rules)
    hands, dog = _hands_and_dog(fields, rules, dealer)
    try:
        state = GameState.from_hands(rules, hands, dog, dealer)
    except InvalidRecord as error:  # the checks above leave nothing for this; kept safe
        raise _error("The hands", error) from None
    _replay(state, fields)
    return state.to_record()


def format_deal(record: dict) -> str:
    """A hand record in this notation (checked by the engine on the way): every hand and
    the dog, then what the deal did, one trick a line.

    >>> print(format_deal(GameState.new(seed=1).to_record()))  # doctest: +ELLIPSIS
    players: 4
    dealer: 0
    hand 0: T17 T14 T7 T5 EX QS CS QH 8H 7H 5H KC CC JC 9D 6D 2D 1D
    ...
    dog: T9 T3 9H 4C 1C KD
    <BLANKLINE>
    """
    state = state_from_record(record, complete=False)
    if state.rules.two_players:
        raise InvalidRecord("A two-player deal (piles on the table) has no text notation.")
    record = state.to_record()
    lines = [f"players: {record['players']}"]
    if record["variant"]:
        lines.append("variant: " + " ".join(name if value is True else f"{name}={value}"
                                            for name, value in record["variant"].items()))
    lines.append(f"dealer: {record['dealer']}")
    lines += [f"hand {seat}: {_cards_text(sort_cards(hand))}"
              for seat, hand in enumerate(record["hands"])]
    lines.append(f"dog: {_cards_text(sort_cards(record['dog']))}")
    if record["bids"]:
        lines.append("bids: " + " ".join(record["bids"]))
    if "called" in record:
        lines.append(f"call: {record['called']}")
    if record.get("discard"):
        lines.append(f"discard: {_cards_text(record['discard'])}")
    declarations = record.get("declarations", {})
    lines += [f"poignee {seat}: {_cards_text(cards)}"
              for seat, cards in declarations.get("poignees", {}).items()]
    lines += [f"misere {seat}: " + (kinds if isinstance(kinds, str) else " ".join(kinds))
              for seat, kinds in declarations.get("miseres", {}).items()]
    if declarations.get("chelem"):
        lines.append("chelem: yes")
    if declarations.get("petit_chelem"):
        lines.append("petit chelem: yes")
    lines += [f"{number:>2}: {_cards_text(cards)}"
              for number, cards in enumerate(record["tricks"], start=1)]
    return "\n".join(lines) + "\n"


def _cards_text(cards) -> str:
    return " ".join(str(card) for card in cards)
