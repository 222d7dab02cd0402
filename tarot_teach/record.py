"""Hand records (HAND_RECORD.md): replay a whole deal, checking every step.

Variants add a few fields to the record (HAND_RECORD.md is shared; they are written
down here):

- ``variant``: each option by name, ``true``/``false``; ``alternative_scoring`` may also
  name a scoring table (``"round_tens"`` ...). An unknown name is refused with the list.
- ``declarations.miseres`` (variant ``misere``): seat → ``"trumps"`` or ``"honours"`` (a
  list when a seat declares both). Each is declared just before the seat's first card,
  after its poignée if it shows one.
- ``declarations.petit_chelem`` (variant ``petit_chelem``): ``true`` when the taker
  announced a petit chelem (all tricks but one) instead of a chelem; he then leads.
- Goulash (variant ``goulash``): the bids are all ``pass``, then the tricks follow as usual
  (no discard, no declarations); the result is ``{"goulash": true, "points": [...],
  "scores": [...]}`` with each seat's points.
- Two players (variant ``two_players``, ``players`` 2): ``hands`` holds the 21 cards of each
  hand, ``piles`` each seat's six piles of three cards from bottom to top (the last card
  is the one dealt face up), ``dog`` is ``[]`` and ``bids`` is absent or ``[]``; the
  tricks (two cards each, 39 of them) list the cards as played, from the hand or from a
  pile. The result is ``{"winner": seat or null, "points": [...], "bouts": [...],
  "scores": [...]}``.
- Petit imprenable needs no field: the hand shows who holds a Petit sec.
- A contract result may carry ``misere_scores``, the misère payments already included in
  ``scores``.

>>> from tarot_teach.game import GameState, random_playout
>>> import random
>>> played = random_playout(GameState.new(seed=11), random.Random(11))
>>> result = replay(played.to_record())
>>> result == played.result.to_dict(), sum(result.get("scores", [0]))
(True, 0)
>>> replay({"players": 4, "hands": [], "dog": []})
Traceback (most recent call last):
...
tarot_teach.errors.InvalidRecord: hands must list 4 hands
"""

from __future__ import annotations

import json
from pathlib import Path

from .cards import parse_card
from .errors import IllegalAction, InvalidRecord, Rule
from .game import MISERE_KINDS, GameState, Misere, Poignee, Slam
from .rules import Bid, Phase, RuleSet
from .scoring import HANDFUL_LEVELS

__all__ = ["replay", "state_from_record", "load_record"]

_RECORD_KEYS = {"players", "variant", "dealer", "hands", "dog", "bids", "called", "discard",
                "declarations", "tricks", "commentary", "title", "notes", "seed", "result",
                "piles"}


def load_record(path) -> dict:
    """Read a hand record from a JSON file; a corrupt file raises :class:`InvalidRecord`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidRecord(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise InvalidRecord(f"{path} is not a text file in UTF-8 (byte {error.start}): "
                            f"a hand record is JSON text") from None
    record = read_json(text, f"{path} is not valid JSON",
                       f"{path} is not a hand record: its JSON is nested too deeply")
    if not isinstance(record, dict):
        raise InvalidRecord(f"{path} must hold one JSON object (a hand record)")
    return record


def read_json(text: str, invalid: str, nested: str, end: str = ""):
    """``json.loads(text)``; text that is not JSON raises :class:`InvalidRecord`: ``invalid``,
    then where the JSON breaks, then ``end``; JSON nested too deeply, ``nested``.

    >>> read_json("[1", "Not JSON", "Too deep", ".")
    Traceback (most recent call last):
    ...
    tarot_teach.errors.InvalidRecord: Not JSON: Expecting ',' delimiter at line 1, column 3.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecord(f"{invalid}: {error.msg} at line {error.lineno}, column "
                            f"{error.colno}{end}") from None
    except RecursionError:
        raise InvalidRecord(nested) from None


def state_from_record(record: dict, complete: bool = True) -> GameState:
    """Rebuild the :class:`GameState` of a record by playing every step through the engine.

    With ``complete=False`` a record of a deal still in progress (a saved game) is accepted.
    A malformed record raises :class:`InvalidRecord`, a step the rules forbid
    :class:`IllegalAction` naming the step, the seat and the rule.
    """
    if not isinstance(record, dict):
        raise InvalidRecord("a hand record must be a JSON object (dict)")
    unknown = sorted(set(record) - _RECORD_KEYS)
    if unknown:
        raise InvalidRecord(f"unknown field {', '.join(map(repr, unknown))} in the hand record")
    rules = RuleSet.from_record(record.get("players", 4), record.get("variant"))
    state = GameState.from_hands(rules, record.get("hands"), record.get("dog"),
                                 record.get("dealer", 0), record.get("piles"))
    bids = _list(record, "bids")
    tricks = _list(record, "tricks")
    discard = _list(record, "discard")
    declarations = record.get("declarations") or {}
    if not isinstance(declarations, dict):
        raise InvalidRecord("declarations must be an object")
    poignees = _read_poignees(declarations.get("poignees") or {}, rules)
    miseres = _read_miseres(declarations.get("miseres") or {}, rules)
    if state.is_over:  # petit sec: the deal stops before anybody speaks
        if bids or tricks or discard:
            raise InvalidRecord("the deal is void (petit sec): it has no bids, no discard "
                                "and no tricks")
        return state
    if rules.two_players:
        if bids:
            raise InvalidRecord("two players do not bid: the record has no bids")
        return _play_tricks(state, record, tricks, poignees, miseres, complete)
    if len(bids) > rules.players:
        raise InvalidRecord(f"the record has {len(bids)} bids; each of the {rules.players} "
                            "seats speaks once")
    for number, bid in enumerate(bids):
        _step(state, Bid.parse(bid), f"bid {number + 1}")
    if state.is_over:
        return _finished(state, complete, record, "bids")
    if len(bids) < rules.players:
        return _incomplete(state, complete, f"the record has {len(bids)} bids, one per seat is needed")
    if state.phase is Phase.CALLING:
        if "called" not in record:
            return _incomplete(state, complete, "five players: the record needs the called card")
        _step(state, _card(record["called"], "called"), "the call")
    elif "called" in record and record["called"] is not None:
        raise InvalidRecord("only a five-player deal has a called card")
    if state.phase is Phase.DISCARD:
        if len(discard) > rules.dog_size:
            raise InvalidRecord(f"the discard holds {len(discard)} cards, the dog {rules.dog_size}")
        for card in discard:
            _step(state, _card(card, "discard"), "the discard")
        if state.phase is Phase.DISCARD:
            return _incomplete(state, complete, f"the discard must hold {rules.dog_size} cards")
    elif discard:
        if state.contract is None:
            raise InvalidRecord("there is no discard in a goulash (everybody passed)")
        raise InvalidRecord(f"there is no discard after {state.contract.english}")
    chelem = declarations.get("chelem", False)
    if not isinstance(chelem, bool):
        raise InvalidRecord("declarations.chelem must be true or false")
    petit_chelem = declarations.get("petit_chelem", False)
    if not isinstance(petit_chelem, bool):
        raise InvalidRecord("declarations.petit_chelem must be true or false")
    if chelem and petit_chelem:
        raise InvalidRecord("a taker announces a chelem or a petit chelem, not both")
    if state.phase is Phase.SLAM:
        _step(state, Slam.ANNOUNCE if chelem else Slam.ANNOUNCE_PETIT if petit_chelem
              else Slam.DECLINE, "the slam announcement")
    elif chelem or petit_chelem:
        raise InvalidRecord("nobody took: there is no slam to announce in a goulash")
    return _play_tricks(state, record, tricks, poignees, miseres, complete)


def _play_tricks(state, record, tricks, poignees, miseres, complete) -> GameState:
    rules = state.rules
    if len(tricks) > rules.tricks:
        raise InvalidRecord(f"the record has {len(tricks)} tricks; a deal has {rules.tricks}")
    for number, trick in enumerate(tricks, start=1):
        cards = trick if isinstance(trick, list) else None
        if cards is None or (len(cards) != rules.players and number != len(tricks)) \
                or len(cards) > rules.players:
            raise InvalidRecord(f"trick {number} must list {rules.players} cards")
        for card in cards:
            seat = state.to_act
            if seat in poignees and not state.tricks:
                _step(state, poignees.pop(seat), f"trick {number}, the poignée")
            if seat in miseres and not state.tricks:
                for misere in miseres.pop(seat):
                    _step(state, misere, f"trick {number}, the misère")
            _step(state, _card(card, f"trick {number}"), f"trick {number}")
    seat = state.to_act
    if not complete and not state.tricks and not state.is_over:
        # A saved game may stop just after the seat to play declared, before its card.
        if seat in poignees:
            _step(state, poignees.pop(seat), "the first trick, the poignée")
        for misere in miseres.pop(seat, []):
            _step(state, misere, "the first trick, the misère")
    if miseres:
        seat = next(iter(miseres))
        raise IllegalAction(f"the misère of seat {seat}: a misère is declared before the first "
                            f"card, and seat {seat} never played in the first trick",
                            Rule.MISERE_TIMING, seat)
    if poignees:
        seat = next(iter(poignees))
        raise IllegalAction(f"the poignée of seat {seat}: a poignée is shown before the first "
                            f"card, and seat {seat} never played in the first trick", Rule.POIGNEE_TIMING, seat)
    if not state.is_over:
        return _incomplete(state, complete, f"the record has {len(tricks)} tricks; a deal has {rules.tricks}")
    return state


def _finished(state, complete, record, after):
    if record.get("tricks") or record.get("discard"):
        raise InvalidRecord(f"the deal is void after the {after}: it has no discard and no tricks")
    return state


def _incomplete(state: GameState, complete: bool, why: str) -> GameState:
    if complete:
        raise InvalidRecord(f"incomplete deal: {why}")
    return state


def _list(record: dict, key: str) -> list:
    value = record.get(key) or []
    if not isinstance(value, list):
        raise InvalidRecord(f"{key} must be a list")
    return value


def _card(text, where: str):
    try:
        return parse_card(text)
    except ValueError as error:
        raise InvalidRecord(f"in {where}: {error}") from None


def _read_poignees(raw, rules: RuleSet) -> dict:
    if not isinstance(raw, dict):
        raise InvalidRecord("declarations.poignees must map seats to shown trumps")
    levels = dict(zip(rules.handful_thresholds, HANDFUL_LEVELS))
    result = {}
    for seat_text, cards in raw.items():
        try:
            seat = int(seat_text)
        except (TypeError, ValueError):
            raise InvalidRecord(f"poignée seat {seat_text!r} is not a seat number") from None
        if not 0 <= seat < rules.players:
            raise InvalidRecord(f"poignée seat {seat} does not exist")
        if not isinstance(cards, list):
            raise InvalidRecord(f"the poignée of seat {seat} must list the trumps shown")
        shown = tuple(_card(c, f"the poignée of seat {seat}") for c in cards)
        if len(shown) not in levels:
            raise InvalidRecord(
                f"the poignée of seat {seat} shows {len(shown)} cards; with {rules.players} players "
                f"a poignée shows exactly {', '.join(map(str, rules.handful_thresholds))}")
        result[seat] = Poignee(shown, levels[len(shown)])
    return result


def _read_miseres(raw, rules: RuleSet) -> dict:
    if not isinstance(raw, dict):
        raise InvalidRecord("declarations.miseres must map seats to 'trumps' or 'honours'")
    if raw and not rules.misere:
        raise InvalidRecord("declarations.miseres needs the variant misere")
    result = {}
    for seat_text, kinds in raw.items():
        try:
            seat = int(seat_text)
        except (TypeError, ValueError):
            raise InvalidRecord(f"misère seat {seat_text!r} is not a seat number") from None
        if not 0 <= seat < rules.players:
            raise InvalidRecord(f"misère seat {seat} does not exist")
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not isinstance(kinds, list) or not kinds \
                or any(kind not in MISERE_KINDS for kind in kinds) or len(set(kinds)) != len(kinds):
            raise InvalidRecord(f"the misère of seat {seat} must be 'trumps', 'honours' or a list "
                                f"of both, not {kinds!r}")
        result[seat] = [Misere(kind) for kind in kinds]
    return result


def _step(state: GameState, action, where: str) -> None:
    seat = state.to_act
    try:
        state.play(action)
    except IllegalAction as error:
        raise IllegalAction(f"{where}, seat {seat}: {error}", error.rule, seat) from None


def replay(record: dict) -> dict:
    """Check a whole hand record against the rules and score it (HAND_RECORD.md).

    Returns ``{"taker", "partner", "bid", "taker_points", "taker_bouts",
    "contract_made", "scores"}``, or ``{"void": "petit_sec" | "all_passed"}``.
    """
    return state_from_record(record).result.to_dict()
