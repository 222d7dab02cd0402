"""Deals to view, share and edit (the deal page, issue 30): plain data, no widgets.

- :func:`read_deal` reads what a reader pastes or a link brings: a deal code, a link holding
  one (``…/23-deals.html#d=CODE``), a JSON hand record, or a deal typed as text
  (:mod:`tarot_teach.notation`); anything else is an :class:`~tarot_teach.InvalidRecord`
  saying what is wrong.
- :class:`Replay` steps through a deal: the positions a viewer stops at (each bid, the call,
  the discard as one step, each declaration and card), what happened at each, where each
  trick ends; :meth:`Replay.state` is the engine's state there.
- :class:`~tarot_teach.teach.deal_draft.DealDraft` deals cards to the seats and the dog one
  by one (or the rest at random, or from a seed) before the deal is played through the engine.
- :func:`~tarot_teach.teach.deal_handout.deal_svg` draws a deal as a printable SVG handout;
  :func:`deal_link` and :func:`lesson_link` write the links.

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
import re
from dataclasses import dataclass

from ..cards import parse_card
from ..declarations import Misere, Poignee, Slam
from ..errors import InvalidRecord, TarotError
from ..game import GameState
from ..names import SEAT_NAMES
from ..notation import parse_deal
from ..record import read_json, state_from_record
from ..rules import Bid, Phase, RuleSet
from ..share import decode, encode
from ..share_lists import decode_list, encode_list

__all__ = ["read_deal", "read_lesson", "deal_link", "lesson_link", "code_in", "Step", "Replay",
           "action_words", "DEAL_KEY", "LESSON_KEY", "record_json", "lesson_from_lines"]

DEAL_KEY = "d"
"""The address's fragment holding a deal code: ``#d=CODE``."""
LESSON_KEY = "l"
"""The address's fragment holding a list of deals: ``#l=CODE``."""

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
    >>> read_deal("https://example.org/book/23-deals.html#deal=1ABC")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: This address holds no deal: a deal's link ends with '#d=' and the deal's code (copy the whole link again).
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
    if re.match(r"https?://\S*$", text, re.IGNORECASE):
        raise InvalidRecord("This address holds no deal: a deal's link ends with '#d=' and the "
                            "deal's code (copy the whole link again).")
    if "\n" in text or ":" in text:
        return parse_deal(text)
    return decode(text)


def _from_json(text: str) -> dict:
    record = read_json(text, "This looks like a JSON hand record, but it is not valid JSON",
                       "This JSON is nested too deeply to be a hand record.", ".")
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
