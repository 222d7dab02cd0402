"""Hand records (HAND_RECORD.md): replay a whole deal, checking every step.

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
from .errors import IllegalAction, InvalidRecord
from .game import GameState, Poignee, Slam
from .rules import Bid, Phase, RuleSet
from .scoring import HANDFUL_LEVELS

__all__ = ["replay", "state_from_record", "load_record"]

_RECORD_KEYS = {"players", "variant", "dealer", "hands", "dog", "bids", "called", "discard",
                "declarations", "tricks", "commentary", "title", "notes", "seed", "result"}


def load_record(path) -> dict:
    """Read a hand record from a JSON file; a corrupt file raises :class:`InvalidRecord`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidRecord(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise InvalidRecord(f"{path} is not a text file in UTF-8 (byte {error.start}): "
                            f"a hand record is JSON text") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecord(f"{path} is not valid JSON: {error.msg} at line {error.lineno}, "
                            f"column {error.colno}") from None
    except RecursionError:
        raise InvalidRecord(f"{path} is not a hand record: its JSON is nested too deeply") from None
    if not isinstance(record, dict):
        raise InvalidRecord(f"{path} must hold one JSON object (a hand record)")
    return record


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
                                 record.get("dealer", 0))
    bids = _list(record, "bids")
    tricks = _list(record, "tricks")
    discard = _list(record, "discard")
    declarations = record.get("declarations") or {}
    if not isinstance(declarations, dict):
        raise InvalidRecord("declarations must be an object")
    poignees = _read_poignees(declarations.get("poignees") or {}, rules)
    if state.is_over:  # petit sec
        return state
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
        raise InvalidRecord(f"there is no discard after {state.contract.english}")
    chelem = declarations.get("chelem", False)
    if not isinstance(chelem, bool):
        raise InvalidRecord("declarations.chelem must be true or false")
    _step(state, Slam.ANNOUNCE if chelem else Slam.DECLINE, "the slam announcement")
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
            _step(state, _card(card, f"trick {number}"), f"trick {number}")
    if poignees:
        seat = next(iter(poignees))
        raise IllegalAction(f"the poignée of seat {seat}: a poignée is shown before the first "
                            f"card, and seat {seat} never played in the first trick", "poignee_timing", seat)
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
