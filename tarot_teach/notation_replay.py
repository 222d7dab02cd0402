"""A deal typed in the notation (:mod:`tarot_teach.notation`), its lines read
(:mod:`tarot_teach.notation_lines`): the rules, the dealer and the cards dealt, then every step
played through the engine, each refusal naming its line."""

from __future__ import annotations

from .bidding import first_to_act
from .cards import DECK, Card
from .declarations import Misere, Poignee, Slam
from .errors import IllegalAction, InvalidRecord, Rule
from .game import GameState
from .notation_lines import (_MISERE_WORDS, _NO, _PLAYERS_BY_SIZE, _YES, _error, _Line, _number,
                             _plain)
from .record import _read_poignees
from .rules import Bid, Phase, RuleSet
from .variant_games import new_game


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
