"""Deals to view, share and edit (the deal page, issue 30): plain data, no widgets.

- :func:`read_deal` reads what a reader pastes or a link brings: a deal code, a link holding
  one (``…/23-deals.html#d=CODE``), a JSON hand record, or a deal typed as text
  (:mod:`tarot_teach.notation`); anything else is an :class:`~tarot_teach.InvalidRecord`
  saying what is wrong.
- :class:`Replay` steps through a deal: the positions a viewer stops at (each bid, the call,
  the discard as one step, each declaration and card), what happened at each, where each
  trick ends; :meth:`Replay.state` is the engine's state there.
- :class:`DealDraft` deals cards to the seats and the dog one by one (or the rest at
  random, or from a seed) before the deal is played through the engine.
- :func:`deal_svg` draws a deal as a printable SVG handout; :func:`deal_link` and
  :func:`lesson_link` write the links.

>>> from tarot_teach.game import GameState
>>> state = GameState.new(seed=2)
>>> for bid in ("pass", "take", "pass", "pass"):
...     state.play(bid)
>>> replay = Replay(read_deal(deal_link(state.to_record(), "deals.html")))
>>> len(replay), replay.steps[2].text
(5, 'Chloé: Take.')
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

from ..cards import DECK, Card, parse_card, sort_cards
from ..declarations import Misere, Poignee, Slam
from ..errors import IllegalAction, InvalidRecord, TarotError
from ..game import GameState
from ..names import SEAT_NAMES
from ..notation import parse_deal
from ..record import state_from_record
from ..rules import Bid, Phase, RuleSet
from ..share import decode, encode
from ..share_lists import decode_list, encode_list
from .feedback import escape_text

__all__ = ["read_deal", "read_lesson", "deal_link", "lesson_link", "code_in", "Step", "Replay",
           "DealDraft", "DOG", "deal_svg", "action_words", "DEAL_KEY", "LESSON_KEY",
           "record_json", "lesson_from_lines"]

DEAL_KEY = "d"
"""The address's fragment holding a deal code: ``#d=CODE``."""
LESSON_KEY = "l"
"""The address's fragment holding a list of deals: ``#l=CODE``."""
DOG = "dog"
"""Where a card goes in a :class:`DealDraft` when it is not a seat's."""

_FRAGMENT = re.compile(r"(?:^|[#&?])([dl])=([^&#\s]*)")


# ----- reading what the reader brings ---------------------------------------------------------


def code_in(text: str) -> "tuple[str, str] | None":
    """``(key, code)`` when ``text`` is a link or a fragment holding a code (``#d=…`` a deal,
    ``#l=…`` a list), else None.

    >>> code_in("https://example.org/book/23-deals.html#d=1ABC"), code_in("1ABC")
    (('d', '1ABC'), None)
    """
    if not isinstance(text, str):
        return None
    found = _FRAGMENT.search(text.strip())
    return (found.group(1), found.group(2)) if found else None


def read_deal(text: str) -> dict:
    """The hand record in ``text``: a deal code, a link with one, a JSON hand record or a
    deal typed as text. The record is as the engine writes it (checked step by step); a
    deal may stop anywhere. Anything else raises :class:`InvalidRecord` in words.

    >>> read_deal("")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: There is nothing to read: paste a deal code, a link, a hand record or a deal typed as text.
    >>> read_deal("https://example.org/book/23-deals.html#d=")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: The link holds no deal code after '#d=': it was cut short.
    >>> read_deal("#l=L1234567")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: This link holds a list of deals, not one deal: open it in the list of deals.
    """
    if not isinstance(text, str):
        raise InvalidRecord(f"A deal is given as text, not {type(text).__name__}.")
    text = text.strip()
    if not text:
        raise InvalidRecord("There is nothing to read: paste a deal code, a link, a hand "
                            "record or a deal typed as text.")
    linked = code_in(text)
    if linked is not None:
        key, code = linked
        if key == LESSON_KEY:
            raise InvalidRecord("This link holds a list of deals, not one deal: open it in "
                                "the list of deals.")
        if not code:
            raise InvalidRecord("The link holds no deal code after '#d=': it was cut short.")
        return decode(code)
    if text.startswith("{"):
        return _from_json(text)
    if "\n" in text or ":" in text:
        return parse_deal(text)
    return decode(text)


def _from_json(text: str) -> dict:
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecord(f"This looks like a JSON hand record, but it is not valid JSON: "
                            f"{error.msg} at line {error.lineno}, column {error.colno}.") from None
    except RecursionError:
        raise InvalidRecord("This JSON is nested too deeply to be a hand record.") from None
    try:
        return state_from_record(record, complete=False).to_record()
    except TarotError as error:
        raise InvalidRecord(f"This hand record is not a deal the rules allow: "
                            f"{str(error).rstrip('.')}.") from None


def read_lesson(text: str) -> dict:
    """A list of deals from its code or its link (``#l=CODE``): ``{"title", "items"}``,
    each item ``{"code", "comment", "record"}`` with ``record`` None and ``problem`` in words
    when that deal cannot be read (the others are kept).

    >>> read_lesson("#d=1ABC")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: This link holds one deal, not a list of deals: open it in the deal viewer.
    """
    if not isinstance(text, str):
        raise InvalidRecord(f"A list of deals is given as text, not {type(text).__name__}.")
    linked = code_in(text)
    code = text.strip()
    if linked is not None:
        if linked[0] == DEAL_KEY:
            raise InvalidRecord("This link holds one deal, not a list of deals: open it in "
                                "the deal viewer.")
        code = linked[1]
    if not code:
        raise InvalidRecord("There is no list code to read.")
    lesson = decode_list(code)
    items = []
    for deal, comment in lesson["items"]:
        try:
            items.append({"code": deal, "comment": comment, "record": read_deal(deal),
                          "problem": ""})
        except InvalidRecord as problem:
            items.append({"code": deal, "comment": comment, "record": None,
                          "problem": str(problem)})
    return {"title": lesson["title"], "items": items}


def deal_link(record: dict, page: str = "") -> str:
    """The link to a deal: ``page`` (an address, or "" for the page itself) and ``#d=CODE``.

    >>> from tarot_teach.game import GameState
    >>> deal_link(GameState.new(seed=1).to_record(), "23-deals.html")[:17]
    '23-deals.html#d=1'
    """
    return f"{page}#{DEAL_KEY}={encode(record)}"


def lesson_link(items, title: str = "", page: str = "") -> str:
    """The link to a list of deals (``(deal code or link, comment)`` pairs): ``#l=CODE``.

    >>> lesson_link([("https://x.org/d.html#d=1ABC", "Trick 3.")], "Tuesday")[:4]
    '#l=L'
    """
    pairs = []
    for item in items:
        deal, comment = item
        linked = code_in(deal) if isinstance(deal, str) else None
        pairs.append((linked[1] if linked else deal, comment))
    return f"{page}#{LESSON_KEY}={encode_list(pairs, title)}"


def lesson_from_lines(text: str) -> "tuple[list[tuple[str, str]], list[str]]":
    """A teacher's list from lines ``LINK-OR-CODE comment``: ``(items, problems)``; each
    deal is read (a problem names its line), empty lines and lines starting with ``#`` are
    skipped.

    >>> lesson_from_lines("1ABC Look at trick 3.")[1]  # doctest: +ELLIPSIS
    ['Line 1: The deal code is cut short: ...']
    >>> lesson_from_lines("")[1]
    ['Write one deal a line: its link or code, a space, then your comment.']
    """
    items, problems = [], []
    for number, line in enumerate(str(text or "").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#") and not line.startswith("#d="):
            continue
        deal, _, comment = line.partition(" ")
        try:
            read_deal(deal)
        except InvalidRecord as problem:
            problems.append(f"Line {number}: {problem}")
            continue
        linked = code_in(deal)
        items.append((linked[1] if linked else deal, comment.strip()))
    if not items and not problems:
        problems.append("Write one deal a line: its link or code, a space, then your comment.")
    return items, problems


def record_json(record: dict) -> str:
    """A hand record as JSON text, one line per field (to save or to paste elsewhere)."""
    lines = [f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
             for key, value in record.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


# ----- stepping through a deal --------------------------------------------------------------


def action_words(state: GameState, action, names=SEAT_NAMES) -> str:
    """What the seat to act in ``state`` does with ``action``, in words (before it is done).

    >>> action_words(GameState.new(seed=1), Bid.GUARD)
    'Bruno: Guard.'
    """
    seat = state.to_act
    name = names[seat]
    rules = state.rules
    if state.phase is Phase.BIDDING:
        return f"{name}: {Bid.parse(action).english}."
    if state.phase is Phase.CALLING:
        return f"{name} calls {parse_card(action).display_name(rules)}."
    if state.phase is Phase.DISCARD:
        return f"{name} lays {parse_card(action).display_name(rules)} aside."
    if isinstance(action, Slam):
        return {Slam.ANNOUNCE: f"{name} announces a slam.",
                Slam.DECLINE: f"{name} announces no slam.",
                Slam.ANNOUNCE_PETIT: f"{name} announces a petit chelem."}[action]
    if isinstance(action, Poignee):
        return (f"{name} shows a {action.level} poignée: "
                + ", ".join(card.display_name(rules) for card in action.cards) + ".")
    if isinstance(action, Misere):
        return f"{name} declares a {action.kind} misère."
    card = parse_card(action)
    trick = len(state.tricks) + 1
    return f"Trick {trick}: {name} plays {card.display_name(rules)}."


@dataclass(frozen=True)
class Step:
    """One position of a deal: ``actions`` done from the start, what the last step did
    (``text``: several lines for a discard), and the trick being played (0 in the auction)."""

    actions: int
    text: str
    trick: int


class Replay:
    """A deal to step through: ``steps[0]`` is the deal as dealt, each later step one bid,
    call, declaration or card (the discard is one step). ``state(n)`` is the engine's state
    at step ``n``; ``trick_end(t)`` the step where trick ``t`` is complete.

    >>> replay = Replay(GameState.new(seed=1).to_record())
    >>> len(replay), replay.steps[0].text
    (1, 'The cards are dealt.')
    """

    def __init__(self, record: dict, names=SEAT_NAMES) -> None:
        self.final = state_from_record(record, complete=False)
        self.record = self.final.to_record()
        self.rules: RuleSet = self.final.rules
        self.names = tuple(names)
        start = self._start()
        steps = [Step(0, "The cards are dealt." if not start.is_over else
                      "The cards are dealt: a player holds the Petit alone (petit sec), the "
                      "deal is void.", 0)]
        discard: list[str] = []
        state = start
        for number, action in enumerate(self.final.history, start=1):
            words = action_words(state, action, self.names)
            discarding = state.phase is Phase.DISCARD
            trick = len(state.tricks) + 1 if state.phase is Phase.PLAYING else 0
            state.play(action)
            if discarding:
                discard.append(str(parse_card(action).display_name(self.rules)))
                if state.phase is Phase.DISCARD:
                    continue  # the discard is one step
                words = (f"{self.names[state.taker]} lays aside: " + ", ".join(discard) + ".")
                discard = []
            if state.tricks and state.phase in (Phase.PLAYING, Phase.FINISHED) \
                    and not state.trick and trick == len(state.tricks):
                winner = state.tricks[-1][2]
                words += f" {self.names[winner]} wins the trick."
            steps.append(Step(number, words, trick))
        if discard:  # cut in the middle of the discard
            steps.append(Step(len(self.final.history),
                              f"{self.names[self.final.taker]} lays aside: "
                              + ", ".join(discard) + " (not finished).", 0))
        self.steps = steps

    def __len__(self) -> int:
        return len(self.steps)

    def _start(self) -> GameState:
        final = self.final
        return type(final)(final.rules, list(final.dealt_hands), final.dealt_dog, final.dealer,
                           final.dealt_table)

    def state(self, step: int) -> GameState:
        """The deal at step ``step`` (0 … len-1), replayed through the engine."""
        step = max(0, min(int(step), len(self.steps) - 1))
        state = self._start()
        for action in self.final.history[:self.steps[step].actions]:
            state.play(action)
        return state

    @property
    def tricks(self) -> int:
        """How many tricks were played (the last one perhaps unfinished)."""
        return max((step.trick for step in self.steps), default=0)

    def trick_end(self, trick: int) -> int:
        """The last step of trick ``trick`` (1 …), or of the deal's last step before it."""
        ends = [n for n, step in enumerate(self.steps) if step.trick and step.trick <= trick]
        return ends[-1] if ends else 0

    def trick_start(self, trick: int) -> int:
        """The step just before trick ``trick``'s first card."""
        firsts = [n for n, step in enumerate(self.steps) if step.trick == trick]
        return firsts[0] - 1 if firsts else len(self.steps) - 1


# ----- the editor's dealing -----------------------------------------------------------------


class DealDraft:
    """Cards dealt one by one to the seats and the dog, before a deal is played.

    >>> draft = DealDraft(players=3)
    >>> draft.give("KH", 0); draft.give("T21", DOG)
    >>> draft.count(0), draft.count(DOG), draft.place_of("KH")
    (1, 1, 0)
    >>> for card in ("KS", "QS", "CS", "JS", "10S"):
    ...     draft.give(card, DOG)
    >>> draft.give("9S", DOG)
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: The dog is full: it holds 6 cards with 3 players. Take a card out of it first.
    >>> draft.missing()[0]
    'Ada has 1 card of 24.'
    >>> draft.deal_rest(seed=1); draft.missing(), draft.start().players
    ([], 3)
    """

    def __init__(self, players: int = 4, variant: "dict | None" = None, dealer: int = 0,
                 names=SEAT_NAMES) -> None:
        self.rules = RuleSet.from_record(players, variant or {})
        if self.rules.two_players:
            raise InvalidRecord("The deal editor deals for 3, 4 or 5 players; a two-player "
                                "deal is dealt by seed.")
        if not isinstance(dealer, int) or not 0 <= dealer < self.rules.players:
            raise InvalidRecord(f"The dealer is a seat from 0 to {self.rules.players - 1}.")
        self.dealer = dealer
        self.names = tuple(names)
        self.places: dict[Card, Any] = {}

    @property
    def players(self) -> int:
        return self.rules.players

    def size(self, place) -> int:
        """How many cards ``place`` (a seat or :data:`DOG`) holds once dealt."""
        return self.rules.dog_size if place == DOG else self.rules.hand_size

    def place_name(self, place) -> str:
        return "The dog" if place == DOG else self.names[place]

    def count(self, place) -> int:
        return sum(1 for where in self.places.values() if where == place)

    def cards(self, place) -> list[Card]:
        """The cards given to ``place``, sorted."""
        return sort_cards([card for card, where in self.places.items() if where == place])

    def place_of(self, card) -> Any:
        """The seat (or :data:`DOG`) holding ``card``, or None."""
        return self.places.get(parse_card(card))

    def _check_place(self, place) -> None:
        if place != DOG and (isinstance(place, bool) or not isinstance(place, int)
                             or not 0 <= place < self.players):
            raise InvalidRecord(f"A card goes to a seat from 0 to {self.players - 1} or to "
                                "the dog.")

    def give(self, card, place) -> None:
        """Give ``card`` to ``place`` (taken from where it was); refused when ``place`` is full."""
        card = parse_card(card)
        self._check_place(place)
        if self.places.get(card) == place:
            return
        if self.count(place) >= self.size(place):
            what = (f"The dog is full: it holds {self.size(place)} cards" if place == DOG else
                    f"{self.names[place]}'s hand is full: it holds {self.size(place)} cards")
            raise InvalidRecord(f"{what} with {self.players} players. Take a card out of it "
                                "first.")
        self.places[card] = place

    def take_back(self, card) -> None:
        """Put ``card`` back among the cards not dealt."""
        self.places.pop(parse_card(card), None)

    def undealt(self) -> list[Card]:
        return [card for card in DECK if card not in self.places]

    def deal_rest(self, seed=None) -> None:
        """Deal the cards not yet given, at random (``seed`` for the same deal again), to
        fill every seat and the dog."""
        rng = random.Random(seed)
        rest = self.undealt()
        rng.shuffle(rest)
        for place in [*range(self.players), DOG]:
            while self.count(place) < self.size(place):
                self.places[rest.pop()] = place

    def deal_seed(self, seed) -> None:
        """A whole deal as ``GameState.new`` deals it from ``seed`` (the dealer kept)."""
        state = GameState.new(self.rules, seed=seed, dealer=self.dealer)
        self.load(state)

    def load(self, state: GameState) -> None:
        """The cards as ``state`` dealt them."""
        self.rules = state.rules
        self.dealer = state.dealer
        self.places = {}
        record = state.to_record()
        for seat, hand in enumerate(record["hands"]):
            for card in hand:
                self.places[parse_card(card)] = seat
        for card in record["dog"]:
            self.places[parse_card(card)] = DOG

    def clear(self) -> None:
        self.places = {}

    def missing(self) -> list[str]:
        """What is still to deal, one sentence a place; empty when the deal is complete."""
        return [f"{self.place_name(place)} has {self.count(place)} card"
                f"{'' if self.count(place) == 1 else 's'} of {self.size(place)}."
                for place in [*range(self.players), DOG] if self.count(place) < self.size(place)]

    def start(self) -> GameState:
        """The deal to play, checked by the engine; :class:`InvalidRecord` while cards are
        missing (saying where)."""
        missing = self.missing()
        if missing:
            raise InvalidRecord("Deal every card first: " + " ".join(missing))
        return GameState.from_hands(self.rules, [self.cards(s) for s in range(self.players)],
                                    self.cards(DOG), self.dealer)


# ----- the handout ------------------------------------------------------------------------

_SUIT_COLOURS = {"S": "#000000", "H": "#AD4A00", "D": "#005A8F", "C": "#006B4F"}
_TRUMP_COLOUR = "#6A3D9A"


def _card_text(card: Card, rules=None) -> tuple[str, str]:
    """A card's short label and colour for the handout."""
    if card.is_excuse or card.is_trump:
        return card.label, _TRUMP_COLOUR
    return card.label, _SUIT_COLOURS.get(str(card)[-1], "#000000")


def _hand_lines(cards: list[Card], rules=None) -> list[list[Card]]:
    """A hand in rows: trumps, then each suit (the handout writes one row each)."""
    rows: dict[str, list[Card]] = {}
    for card in sort_cards(cards):
        key = "T" if (card.is_trump or card.is_excuse) else str(card)[-1]
        rows.setdefault(key, []).append(card)
    return [rows[key] for key in ("T", "S", "H", "D", "C") if key in rows]


def deal_svg(record: dict, names=SEAT_NAMES, title: str = "") -> str:
    """The deal as a printable SVG handout: each hand as dealt (trumps and each suit on a row
    of its own), the dog, the auction, the call and the discard, and each trick with the
    leader and the winner marked; the result at the end when the deal is over.

    >>> svg = deal_svg(GameState.new(seed=3).to_record(), title="Tuesday")
    >>> svg.startswith("<svg") and "Tuesday" in svg and "Dog" in svg
    True
    """
    state = state_from_record(record, complete=False)
    rules = state.rules
    record = state.to_record()
    width, line = 720, 17
    parts: list[str] = []
    y = 28

    def text(x, y, words, size=13, weight="normal", colour="#1b1b1b"):
        parts.append(f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
                     f'fill="{colour}">{escape_text(words)}</text>')

    def cards_row(x, y, cards, bold=()):
        spans = []
        for card in cards:
            label, colour = _card_text(card, rules)
            weight = ' font-weight="bold" text-decoration="underline"' if card in bold else ""
            spans.append(f'<tspan fill="{colour}"{weight}>{escape_text(label)}</tspan>')
        parts.append(f'<text x="{x}" y="{y}" font-size="13">{" ".join(spans)}</text>')

    heading = title or f"A deal for {rules.players} players"
    text(12, y, heading, 18, "bold")
    y += line + 4
    dealer = names[state.dealer]
    variants = ", ".join(rules.variant_names) if rules.variant_names else "FFT rules"
    text(12, y, f"Dealer: {dealer} · {variants} · a number alone is a trump, ★ the Excuse",
         12, colour="#444")
    y += line + 6
    column = (width - 24) // 2
    for seat, hand in enumerate(record["hands"]):
        x = 12 + (seat % 2) * column
        if seat % 2 == 0 and seat:
            y = block_end
        top = y
        role = ""
        if state.taker == seat:
            role = f" — taker, {state.contract.english}"
        elif state.partner is not None and state.partner == seat:
            role = " — partner"
        text(x, top, f"{names[seat]} (seat {seat}){role}", 13, "bold")
        row_y = top
        for row in _hand_lines([parse_card(c) for c in hand], rules):
            row_y += line
            cards_row(x + 8, row_y, row)
        if seat % 2 == 0:
            block_end = row_y + line + 4
        else:
            block_end = max(block_end, row_y + line + 4)
    y = block_end
    if record["dog"]:
        text(12, y, "Dog:", 13, "bold")
        cards_row(52, y, [parse_card(c) for c in record["dog"]])
        y += line + 4
    if record["bids"]:
        first = (state.dealer + 1) % rules.players
        said = [f"{names[(first + n) % rules.players]} {Bid.parse(b).english}"
                for n, b in enumerate(record["bids"])]
        text(12, y, "Auction: " + ", ".join(said), 13)
        y += line
    if record.get("called"):
        text(12, y, f"Called: {parse_card(record['called']).display_name(rules)}", 13)
        y += line
    if record.get("discard"):
        text(12, y, "Discard:", 13)
        cards_row(80, y, [parse_card(c) for c in record["discard"]])
        y += line
    shown = state.view(0)
    for seat, cards in sorted(shown.poignees.items()):
        text(12, y, f"{names[seat]} shows a poignée:", 13)
        cards_row(200, y, list(cards))
        y += line
    if state.chelem_announced:
        text(12, y, f"{names[state.taker]} announces a slam.", 13)
        y += line
    tricks = list(state.tricks)
    if state.trick:
        tricks.append((state.leader, tuple(state.trick), None))
    if tricks:
        y += 6
        text(12, y, "Tricks (leader first; the winner's card underlined)", 13, "bold")
        for number, (leader, cards, winner) in enumerate(tricks, start=1):
            y += line
            played = [DECK[i] for i in cards]
            won = ()
            if winner is not None:
                won = (played[(winner - leader) % rules.players],)
            who = names[leader] + (f", won by {names[winner]}" if winner is not None
                                   else " (not finished)")
            text(12, y, f"{number}.", 13)
            cards_row(40, y, played, won)
            text(40 + 44 * rules.players, y, who, 12, colour="#444")
    if state.is_over and state.result is not None:
        y += line + 6
        result = state.result
        if result.void:
            words = "The deal is void."
        elif result.kind == "contract":
            made = "made" if result.contract_made else "failed"
            words = (f"{names[result.taker]}'s contract {made}: "
                     f"{float(result.taker_points):g} points, {result.taker_bouts} bout"
                     f"{'' if result.taker_bouts == 1 else 's'}. Scores: "
                     + ", ".join(f"{names[s]} {g:+d}" for s, g in enumerate(result.scores)))
        else:
            words = "Scores: " + ", ".join(f"{names[s]} {g:+d}"
                                           for s, g in enumerate(result.scores))
        text(12, y, words, 13, "bold")
    height = y + 20
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" font-family="sans-serif" role="img" '
            f'aria-label="{escape_text(heading)}"><rect width="100%" height="100%" '
            f'fill="#ffffff"/>{"".join(parts)}</svg>')
