"""The progress file's content: its JSON read and checked (:func:`parse_record`), its times
(:func:`utc_time`) and two records merged (:func:`merge_records`). Plain functions, no file.

The file is JSON (``{"version": 1, "solved": {"exercise-id": "2026-11-29T16:00:00.000000+00:00"},
"games": {...}, "answers": {...}, "reset": "..."}``; ``games`` keeps the card table's deal
in progress, ``answers`` every checked answer of each exercise by time — right, or wrong with
the reason given — and ``reset`` the time of the last reset: anything older is dropped when
files merge, so a page that has not seen the reset cannot bring old progress back). Times
are ISO 8601, written in UTC (:func:`utc_time`; a time without an offset, as older files
hold, is this computer's local time). On read, an entry whose time is not a date is left
out, and a reset that is not a date or is in the future is ignored, with a message. It is
readable by this user only.

>>> utc_time("2026-11-29T16:00Z")
'2026-11-29T16:00:00.000000+00:00'
"""

from __future__ import annotations

import datetime
import functools
import json
import math
import re

__all__ = ["UnreadableProgress", "parse_progress", "parse_record", "merge_records", "utc_time",
           "MAX_BYTES", "MAX_DEPTH", "MAX_ANSWERS", "MAX_REASON"]

MAX_BYTES = 8 * 1024 * 1024  # a real progress file is a few kilobytes
MAX_DEPTH = 32  # nesting of a saved game (the card table's is 5 deep)
MAX_ANSWERS = 40  # answers kept per exercise: the first wrong one and the latest ones
MAX_REASON = 500  # characters of a wrong answer's reason kept
# A time as the file may hold it: ISO 8601, to the minute at least, with or without an offset.
# Years outside FIRST_YEAR..LAST_YEAR are not dates here.
TIME_PATTERN = re.compile(r"(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,6}))?)?"
                          r"(Z|[+-]\d\d:?\d\d)?)?", re.ASCII)
FIRST_YEAR, LAST_YEAR = 1970, 9998
WRITTEN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00", re.ASCII)  # as written


class UnreadableProgress(ValueError):
    """The progress file's content cannot be used (the message says why)."""


def _nodes(value):
    """Every value inside a JSON value (itself included) with its nesting level,
    iteratively: no recursion limit to hit."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        yield item, level
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)


def _depth(value) -> int:
    """The nesting depth of a JSON value (counted only until it is over MAX_DEPTH)."""
    deepest = 0
    for _item, level in _nodes(value):
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
    return deepest


def utc_time(text) -> "str | None":
    """A progress file's time as UTC, written one way (so that texts sort as the times do),
    or None if it is not a date. Without an offset it is this computer's local time.

    >>> utc_time("2026-11-30T10:00:00+01:00"), utc_time("2026-11-30T09:00Z")
    ('2026-11-30T09:00:00.000000+00:00', '2026-11-30T09:00:00.000000+00:00')
    >>> utc_time("tomorrow"), utc_time("2026-02-30T10:00"), utc_time(20261130)
    (None, None, None)
    """
    if isinstance(text, str) and _as_written(text):  # (most times: quick)
        return text
    found = TIME_PATTERN.fullmatch(text) if isinstance(text, str) else None
    if not found:
        return None
    *numbers, fraction, zone = found.groups()
    year, month, day, hour, minute, second = (int(n or 0) for n in numbers)
    if not FIRST_YEAR <= year <= LAST_YEAR:
        return None
    try:
        moment = datetime.datetime(year, month, day, hour, minute, second,
                                   int((fraction or "").ljust(6, "0")))
        if zone is None:  # local time; one the clock skipped or showed twice read as
            # JavaScript's Date reads it: the offset before the change, the earlier
            candidates = [moment.replace(fold=fold).astimezone() for fold in (0, 1)]
            shown = [c for c in candidates if c.replace(tzinfo=None) == moment]
            moment = min(shown) if shown else max(candidates)
        elif zone == "Z":
            moment = moment.replace(tzinfo=datetime.timezone.utc)
        else:
            hours, minutes = int(zone[1:3]), int(zone[-2:])
            if hours > 23 or minutes > 59:
                return None
            offset = datetime.timedelta(hours=hours, minutes=minutes)
            moment = moment.replace(tzinfo=datetime.timezone(-offset if zone[0] == "-"
                                                             else offset))
    except (ValueError, OverflowError, OSError):
        return None
    return moment.astimezone(datetime.timezone.utc).isoformat(timespec="microseconds")


@functools.lru_cache(maxsize=1 << 16)
def _as_written(text: str) -> bool:
    """Whether ``text`` is a UTC time as written here, of a real day in the years allowed."""
    try:
        return bool(WRITTEN.fullmatch(text)) and (
            FIRST_YEAR <= datetime.datetime.fromisoformat(text).year <= LAST_YEAR)
    except ValueError:
        return False


def _utc_now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="microseconds")


def _local_words(moment: str) -> str:
    """A UTC time of :func:`utc_time` in words, in local time ("30 November 2026 at 10:00")."""
    local = datetime.datetime.fromisoformat(moment).astimezone()
    return f"{local.day} {local:%B %Y at %H:%M}"


def parse_progress(content: "bytes | str") -> "tuple[dict[str, str], dict[str, dict]]":
    """The solved exercises and saved games of a progress file's content.

    >>> parse_progress(b'{"version": 1, "solved": {"a": "2026-11-30T10:00:00"}}')
    ({'a': '2026-11-30T10:00:00'}, {})
    >>> parse_progress(b"\\xff")
    Traceback (most recent call last):
    ...
    tarot_teach.widgets.progress_record.UnreadableProgress: it is not UTF-8 text
    >>> parse_progress("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    tarot_teach.widgets.progress_record.UnreadableProgress: it is nested too deeply
    """
    data = _checked_json(content)
    return dict(data["solved"]), dict(data.get("games", {}))


def _checked_json(content: "bytes | str") -> dict:
    """A progress file's JSON object, its solves and games checked (see parse_progress)."""
    if len(content) > MAX_BYTES:
        raise UnreadableProgress(f"it is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    if isinstance(content, bytes):
        try:  # (-sig: a byte order mark, as some editors write, is no damage)
            content = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UnreadableProgress("it is not UTF-8 text") from None
    try:
        data = json.loads(content.removeprefix("\ufeff"))
    except RecursionError:
        raise UnreadableProgress("it is nested too deeply") from None
    except ValueError as error:
        raise UnreadableProgress(f"it is not JSON ({error})") from None
    if _depth(data) > MAX_DEPTH:
        raise UnreadableProgress("it is nested too deeply")
    if not isinstance(data, dict) or not isinstance(data.get("solved"), dict):
        raise UnreadableProgress("it has no list of solved exercises")
    solved = data["solved"]
    if not all(isinstance(key, str) and isinstance(value, str) for key, value in solved.items()):
        raise UnreadableProgress("its solved exercises are not names with dates")
    games = data.get("games", {})
    if not isinstance(games, dict) or not all(isinstance(g, dict) for g in games.values()):
        raise UnreadableProgress("its saved games are not JSON objects")
    # NaN, Infinity or 1e400 (Python's JSON reads them; JSON does not allow them, and no
    # game of ours holds one): that game is left out, never written again
    data["games"] = {key: game for key, game in games.items() if _finite(game)}
    data["games left out"] = len(games) - len(data["games"])
    return data


def _finite(value) -> bool:
    """Whether every number in a JSON value is finite."""
    return not any(isinstance(item, float) and not math.isfinite(item)
                   for item, _level in _nodes(value))


def parse_record(content: "bytes | str") -> dict:
    """Everything a progress file's content holds: ``solved`` and ``games`` (as
    :func:`parse_progress`), ``answers`` (exercise id → answer time → ``{"ok": bool,
    "reason": str}``), ``reset`` (when everything before was forgotten, or None) and
    ``notes`` (what was left out, in words). Times are made UTC (:func:`utc_time`): an entry
    whose time is not a date is left out, a reset not a date or in the future is ignored.

    >>> record = parse_record('{"solved": {"a": "2026-11-30T10:00:00Z"}, "answers": {"a": '
    ...     '{"2026-11-30T09:59:00.000001Z": {"ok": false, "reason": "Too low."}}}}')
    >>> record["answers"]["a"]["2026-11-30T09:59:00.000001+00:00"]["reason"], record["reset"]
    ('Too low.', None)
    >>> parse_record('{"solved": {"a": "soon"}, "reset": "later"}')["notes"]
    ['1 solved exercise whose time is not a date was left out', \
'the reset time is not a date: it was ignored']
    >>> parse_record('{"solved": {}, "answers": {"a": {"x": {"ok": "yes"}}}}')
    Traceback (most recent call last):
    ...
    tarot_teach.widgets.progress_record.UnreadableProgress: its answers are not times with right or wrong
    """
    data = _checked_json(content)
    solved, games = data["solved"], dict(data.get("games", {}))
    answers = data.get("answers", {})
    problem = UnreadableProgress("its answers are not times with right or wrong")
    if not isinstance(answers, dict):
        raise problem
    for per_time in answers.values():
        if not isinstance(per_time, dict):
            raise problem
        for answer in per_time.values():
            if (not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool)
                    or not isinstance(answer.get("reason", ""), str)):
                raise problem
    times = {name: utc_time(date) for name, date in solved.items()}
    record = {"solved": {name: time for name, time in times.items() if time},
              "games": games, "answers": {}, "reset": None, "notes": []}
    answers_left_out = 0
    for name, per_time in answers.items():
        kept = {utc_time(time): answer for time, answer in per_time.items()}
        answers_left_out += len(per_time) - len(kept) + (None in kept)
        kept.pop(None, None)
        if kept:
            record["answers"][name] = dict(sorted(kept.items()))
    left_out = _entries(len(solved) - len(record["solved"]), answers_left_out)
    if left_out:
        record["notes"].append(f"{left_out} whose time is not a date {_were(left_out)} left out")
    not_finite = _entries(games=data["games left out"])
    if not_finite:
        record["notes"].append(f"{not_finite} holding a number out of range "
                               f"{_were(not_finite)} left out")
    if data.get("reset") is not None:
        reset = utc_time(data["reset"])
        if reset is None:
            record["notes"].append("the reset time is not a date: it was ignored")
        elif reset > _utc_now():
            record["notes"].append(f"the reset time ({_local_words(reset)}) is in the future: "
                                   "it was ignored")
        else:
            record["reset"] = reset
    return record


def _empty() -> dict:
    return {"solved": {}, "games": {}, "answers": {}, "reset": None, "notes": []}


def _entries(solves: int = 0, answers: int = 0, games: int = 0) -> str:
    """How many entries, in words ("2 solved exercises and 1 answer"; "" for none)."""
    parts = [f"{count} {word}{'' if count == 1 else 's'}" for count, word in
             ((solves, "solved exercise"), (answers, "answer"), (games, "saved game")) if count]
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


def _trim(per_time: dict) -> dict:
    """At most MAX_ANSWERS answers: the first wrong one (it decides "solved first time")
    and the latest ones."""
    if len(per_time) <= MAX_ANSWERS:
        return per_time
    times = sorted(per_time)
    keep = set(times[-(MAX_ANSWERS - 1):])
    keep.add(next((t for t in times if not per_time[t]["ok"]), times[0]))
    return {t: per_time[t] for t in times if t in keep}


def merge_records(older: dict, newer: dict, games: "set[str] | None" = None) -> dict:
    """Two records merged: every solve (its earliest date) and every answer of both, minus
    what the later reset forgot; ``newer``'s games win (only those named in ``games``, if
    given). ``dropped`` counts what each side lost to the reset: (solves, answers, games).

    >>> a = {"solved": {"x": "2026-11-30T10:00:00"}, "answers": {"x": {
    ...     "2026-11-30T09:00:00.000000": {"ok": False}}}, "games": {}, "reset": None}
    >>> b = {"solved": {"y": "2026-11-30T12:00:00"}, "answers": {"y": {
    ...     "2026-11-30T12:00:00.000000": {"ok": True}}}, "games": {},
    ...     "reset": "2026-11-30T11:00:00.000000"}
    >>> merged = merge_records(a, b)
    >>> merged["solved"], sorted(merged["answers"]), merged["reset"], merged["dropped"]
    ({'y': '2026-11-30T12:00:00'}, ['y'], '2026-11-30T11:00:00.000000', \
{'older': (1, 1, 0), 'newer': (0, 0, 0)})
    """
    reset = max((r for r in (older.get("reset"), newer.get("reset")) if r), default=None)
    kept, dropped = [], {}
    for side, record in (("older", older), ("newer", newer)):
        solved = {n: date for n, date in record["solved"].items() if not reset or date >= reset}
        answers = {name: {t: a for t, a in per_time.items() if not reset or t >= reset}
                   for name, per_time in record.get("answers", {}).items()}
        kept.append((solved, answers))
        dropped[side] = [len(record["solved"]) - len(solved),
                         sum(map(len, record.get("answers", {}).values()))
                         - sum(map(len, answers.values())), 0]
    answers: dict[str, dict] = {}
    for _solved, source in kept:
        for name, per_time in source.items():
            if per_time:
                answers.setdefault(name, {}).update(per_time)
    answers = {name: _trim(dict(sorted(per_time.items()))) for name, per_time in answers.items()}
    incoming = newer["games"] if games is None else {k: newer["games"][k] for k in games
                                                      if k in newer["games"]}
    # a reset that only the newer side has seen forgets the older side's games too
    forgotten = newer.get("reset") and newer.get("reset") == reset != older.get("reset")
    if forgotten:
        dropped["older"][2] = len(set(older["games"]) - set(incoming))
    return {"solved": _merge_solved(kept[0][0], kept[1][0]),
            "games": {**({} if forgotten else older["games"]), **incoming},
            "answers": answers, "reset": reset,
            "dropped": {side: tuple(counts) for side, counts in dropped.items()}}


def _reset_elsewhere(merged: dict, side: str, where: str = "page") -> "str | None":
    """What ``side`` of a merge lost to a reset made in another page, in words (or None)."""
    lost = _entries(*merged["dropped"][side])
    if not lost:
        return None
    return (f"Your progress was reset in another {where} ({_local_words(merged['reset'])}): "
            f"{lost} from before then {_were(lost)} removed here too.")


def _were(entries: str) -> str:
    return "was" if entries.startswith("1 ") and " and " not in entries else "were"


def _notes(record: dict, where: str) -> "str | None":
    """The notes of a parsed record (what was left out), as a sentence (or None)."""
    return f"In {where}, {'; '.join(record['notes'])}." if record["notes"] else None


def _joined(*messages: "str | None") -> "str | None":
    return " ".join(m for m in messages if m) or None


def _merge_solved(*sources: "dict[str, str]") -> "dict[str, str]":
    """Every solved exercise of every source, each with its earliest date."""
    merged: dict[str, str] = {}
    for source in sources:
        for name, date in source.items():
            merged[name] = min(date, merged.get(name, date))
    return merged
