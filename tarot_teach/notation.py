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

import re
import unicodedata
from typing import NamedTuple

from .bidding import first_to_act
from .cards import DECK, Card, parse_card, sort_cards
from .declarations import Misere, Poignee, Slam
from .errors import IllegalAction, InvalidRecord, Rule
from .game import GameState
from .variant_games import new_game
from .record import _read_poignees, state_from_record
from .rules import Bid, Phase, RuleSet

__all__ = ["parse_deal", "format_deal"]

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
_MAX_TEXT = 50_000  # a whole deal typed with comments is a few thousand characters
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


# ----- reading the lines ---------------------------------------------------------------------


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


# ----- the rules, the dealer, the cards dealt --------------------------------------------


def _rules(fields: dict, players: "int | None") -> RuleSet:
    line = fields.get("players")
    if line is not None:
        players = _number(line, "the number of players")
    if players is None:  # the size of a hand, else the first trick
        sizes = [len(line.words()) for line in fields["hand"].values()]
        sizes += [len(line.words()) for line in fields["trick"][:1]]
        players = next((_PLAYERS_BY_SIZE[size] for size in sizes if size in _PLAYERS_BY_SIZE),
                       None)
    variant = {}
    if "variant" in fields:
        for word in fields["variant"].words():
            name, _, value = word.partition("=")
            name = _plain(name).replace(" ", "_")
            if name not in ("none", "fft"):
                variant[name] = value or True
    try:
        rules = RuleSet.from_variant(variant, players)
    except ValueError as error:
        where = fields.get("variant") or line
        raise _error(f"Line {where.number}" if where else "The players", error) from None
    if rules.two_players:
        raise InvalidRecord("A two-player deal (piles on the table) has no text notation.")
    return rules


def _dealer(fields: dict, rules: RuleSet) -> int:
    line = fields.get("dealer")
    if line is None:
        return 0
    dealer = _number(line, "the dealer")
    if dealer >= rules.players:
        raise InvalidRecord(f"Line {line.number}: there is no seat {dealer}; with "
                            f"{rules.players} players the seats are 0 to {rules.players - 1}.")
    return dealer


def _hands_and_dog(fields: dict, rules: RuleSet, dealer: int) -> tuple[list, list]:
    """The hands and the dog, each card read once (a line and place for every error); one
    of them left out is the cards left, the hands left out are read from the tricks."""
    seen: dict[Card, str] = {}
    pieces: dict = {}
    for seat, line in sorted(fields["hand"].items()):
        if seat >= rules.players:
            raise InvalidRecord(f"Line {line.number}: there is no seat {seat}; with "
                                f"{rules.players} players the seats are 0 to "
                                f"{rules.players - 1}.")
        pieces[seat] = _piece(line, f"hand {seat}", rules.hand_size, seen)
    if "dog" in fields:
        pieces["dog"] = _piece(fields["dog"], "the dog", rules.dog_size, seen)
    missing = [seat for seat in range(rules.players) if seat not in pieces]
    missing += [] if "dog" in pieces else ["dog"]
    if len(missing) == 1:
        pieces[missing[0]] = [card for card in DECK if card not in seen]
    elif missing:
        if "dog" in missing:
            raise InvalidRecord("Give the dog ('dog: …') with the hands left out, or every "
                                "hand ('hand 0: …').")
        played = _played(fields, rules, dealer, pieces["dog"])
        for seat in missing:
            pieces[seat] = played[seat]
            if len(played[seat]) != rules.hand_size:
                raise InvalidRecord(f"Hand {seat}, read from the tricks (and the discard), "
                                    f"has {len(played[seat])} cards, not {rules.hand_size}.")
        everything = [card for piece in pieces.values() for card in piece]
        if len(set(everything)) != len(DECK):
            raise InvalidRecord("The hands given and the cards played do not add up to the "
                                "78 cards: give every hand ('hand 0: …').")
    return [pieces[seat] for seat in range(rules.players)], pieces["dog"]


def _piece(line: _Line, what: str, size: int, seen: dict) -> list[Card]:
    cards = line.cards()
    for place, card in enumerate(cards, start=1):
        if card in seen:
            raise InvalidRecord(f"Line {line.number}, card {place}: {card} is already in "
                                f"{seen[card]}.")
        seen[card] = f"{what} (line {line.number})"
    if len(cards) != size:
        raise InvalidRecord(f"Line {line.number}: {what} has {len(cards)} cards; it has "
                            f"{size} in this game.")
    return cards


def _played(fields: dict, rules: RuleSet, dealer: int, dog: list) -> list[list[Card]]:
    """Each seat's hand read from a deal's tricks, all given: the cards it played; the
    taker's also the discard, less the dog."""
    tricks = [(line, line.cards()) for line in fields["trick"]]
    if len(tricks) != rules.tricks or any(len(cards) != rules.players for _, cards in tricks):
        raise InvalidRecord(f"Give every hand ('hand 0: …'), or the dog and all "
                            f"{rules.tricks} tricks, complete.")
    bids = _bids(fields["bids"]) if "bids" in fields else []
    first = first_to_act(dealer, rules.players)
    takers = [(first + n) % rules.players for n, bid in enumerate(bids) if bid is not Bid.PASS]
    taker = takers[-1] if takers else None
    slam = [key for key in ("chelem", "petit_chelem")
            if key in fields and _plain(fields[key].value) in _YES]
    leader = taker if slam and taker is not None else first
    winner_of = new_game(rules, [0] * rules.players, 0, dealer)._winner_of  # the engine's
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    seen: dict[Card, int] = {}
    for line, cards in tricks:
        for place, card in enumerate(cards, start=1):
            if card in seen:
                raise InvalidRecord(f"Line {line.number}, card {place}: {card} was already "
                                    f"played (line {seen[card]}).")
            seen[card] = line.number
            hands[(leader + place - 1) % rules.players].append(card)
        leader = (leader + winner_of([card.index for card in cards])) % rules.players
    if taker is not None and "discard" in fields:
        kept = hands[taker] + fields["discard"].cards()
        hands[taker] = [card for card in kept if card not in dog]
    return hands


# ----- replaying the deal through the engine ---------------------------------------------


def _bids(line: _Line) -> list[Bid]:
    """The bids of a line; a bid of several words (``garde sans``) is read whole."""
    words, bids = line.words(), []
    while words:
        for size in (4, 3, 2, 1):
            try:
                bids.append(Bid.parse(" ".join(words[:size])))
                break
            except InvalidRecord as error:
                if size == 1:
                    raise _error(f"Line {line.number}, bid {len(bids) + 1}", error) from None
        del words[:size]
    return bids


_NOW = {Phase.BIDDING: "the auction is not over", Phase.CALLING: "the taker calls a card",
        Phase.DISCARD: "the taker lays cards aside", Phase.SLAM: "the taker may announce a slam",
        Phase.PLAYING: "the cards are being played"}
_ORDER = list(_NOW)


def _replay(state: GameState, fields: dict) -> None:
    """Every step of the text played through the engine, in the order of the deal."""
    for number, bid in enumerate(_bids(fields["bids"]) if "bids" in fields else [], 1):
        line = fields["bids"]
        _play(state, bid, f"Line {line.number}, bid {number}", f"say {bid}")
    if "called" in fields:
        line = fields["called"]
        if not state.rules.has_partner_call:
            raise InvalidRecord(f"Line {line.number}: only five players call a card.")
        _expect(state, Phase.CALLING, line, "call")
        card, *more = line.cards() or [None]
        if card is None or more:
            raise InvalidRecord(f"Line {line.number}: the taker calls one card.")
        _play(state, card, f"Line {line.number}", f"call {card}")
    if "discard" in fields:
        line = fields["discard"]
        if state.contract is not None and not state.contract.takes_dog:
            raise InvalidRecord(f"Line {line.number}: there is no discard after "
                                f"{state.contract.english}.")
        _expect(state, Phase.DISCARD, line, "discard")
        for place, card in enumerate(line.cards(), start=1):
            _play(state, card, f"Line {line.number}, card {place}", f"lay {card} aside")
    slam = next((fields[key] for key in ("chelem", "petit_chelem") if key in fields), None)
    if slam is not None and _plain(slam.value) not in _YES | _NO:
        raise InvalidRecord(f"Line {slam.number}: say 'yes' or 'no', not {slam.value!r}.")
    if slam is not None and _plain(slam.value) in _YES:
        _expect(state, Phase.SLAM, slam, "slam announced")
        choice = Slam.ANNOUNCE if slam.field == "chelem" else Slam.ANNOUNCE_PETIT
        _play(state, choice, f"Line {slam.number}", f"announce a {slam.field.replace('_', ' ')}")
    elif state.phase is Phase.SLAM:
        state.play(Slam.DECLINE)
    _play_tricks(state, fields)


def _play_tricks(state: GameState, fields: dict) -> None:
    """The tricks, each seat's poignée and misères just before its first card (as
    :func:`~tarot_teach.record.state_from_record` places them)."""
    declared: dict = {}
    for seat, line in fields["poignee"].items():
        declared[seat] = [(_poignee(line, state.rules), line)]
    for seat, line in fields["misere"].items():
        declared.setdefault(seat, []).extend((misere, line) for misere in _miseres(line))
    for number, line in enumerate(fields["trick"], start=1):
        cards = line.cards()
        if len(cards) > state.players or len(cards) < state.players \
                and number < len(fields["trick"]):
            raise InvalidRecord(f"Line {line.number}: trick {number} has {len(cards)} cards; "
                                f"with {state.players} players a trick has {state.players}.")
        for place, card in enumerate(cards, start=1):
            where = f"Line {line.number}, trick {number}, card {place}"
            if place == 1:
                _expect(state, Phase.PLAYING, line, "card is played")
            _declare(state, declared)
            _play(state, card, where, f"play {card}")
    if not state.tricks and not state.is_over and state.phase is Phase.PLAYING:
        _declare(state, declared)  # the text may stop just after a declaration
    for seat, [(_, line), *_] in declared.items():
        raise InvalidRecord(f"Line {line.number}: seat {seat} declares before its "
                            "first card, and it never plays in the first trick.")


def _declare(state: GameState, declared: dict) -> None:
    seat = state.to_act
    if state.tricks or seat not in declared:
        return
    for action, line in declared.pop(seat):
        what = "show this poignée" if isinstance(action, Poignee) else f"declare {action}"
        _play(state, action, f"Line {line.number}", what)


def _poignee(line: _Line, rules: RuleSet) -> Poignee:
    try:
        return _read_poignees({line.seat: line.cards()}, rules)[line.seat]
    except InvalidRecord as error:
        raise _error(f"Line {line.number}", error) from None


def _miseres(line: _Line) -> list[Misere]:
    kinds = [_MISERE_WORDS.get(_plain(word)) for word in line.words()]
    if not kinds or None in kinds:
        raise InvalidRecord(f"Line {line.number}: a misère is 'trumps' or 'honours' (or "
                            f"both), not {line.value!r}.")
    return [Misere(kind) for kind in kinds]


def _expect(state: GameState, phase: Phase, line: _Line, what: str) -> None:
    if state.phase is not phase:
        now = "the deal is over" if state.is_over else _NOW[state.phase]
        early = not state.is_over and _ORDER.index(state.phase) < _ORDER.index(phase)
        raise InvalidRecord(f"Line {line.number}: no {what} {'yet' if early else 'here'}: "
                            f"{now}.")


def _play(state: GameState, action, where: str, what: str) -> None:
    """``state.play(action)``; a refusal becomes an :class:`InvalidRecord` naming the line
    (the engine's :class:`IllegalAction` is its ``__cause__``)."""
    seat = state.to_act
    try:
        state.play(action)
    except IllegalAction as error:
        if error.rule == Rule.NOT_IN_HAND and isinstance(action, Card):
            raise InvalidRecord(f"{where}: seat {seat} does not hold {action}.") from error
        raise _error(f"{where}: seat {seat} may not {what}", error) from error


def _cards_text(cards) -> str:
    return " ".join(str(card) for card in cards)
