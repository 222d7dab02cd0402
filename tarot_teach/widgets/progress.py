"""Which exercises a learner has solved, saved on disk so that a restart loses nothing.

The file is JSON (``{"version": 1, "solved": {"exercise-id": "2026-11-29T16:00:00.000000+00:00"},
"games": {...}, "answers": {...}, "reset": "..."}``; ``games`` keeps the card table's deal
in progress, ``answers`` every checked answer of each exercise by time — right, or wrong with
the reason given — and ``reset`` the time of the last reset: anything older is dropped when
files merge, so a page that has not seen the reset cannot bring old progress back). Times
are ISO 8601, written in UTC (:func:`utc_time`; a time without an offset, as older files
hold, is this computer's local time). On read, an entry whose time is not a date is left
out, and a reset that is not a date or is in the future is ignored, with a message. It is
readable by this user only.
Several pages (tabs, kernels, processes) may share it, so every save is a
read-merge-write under a lock (a lock file beside it): solves from everyone are kept and
never un-solved (but by a reset), and each writer's own games win. Each save writes a
unique temporary file and renames it over the old one, so a reader never sees half a file.
A file that cannot be read (not UTF-8, not JSON, too deep, wrong types, too large) is set
aside under a new unique name, with a message that names it; it is never overwritten,
never a crash.

A page hears of what other pages saved: every read (:meth:`Progress.is_solved`,
:meth:`~Progress.saved_game`, ...) first looks whether the file changed since this page last
read or wrote it (its size, time and inode: one ``stat``) and if so merges it in, so a
reset made in another tab is applied before "solved before" is shown again. Widgets that
show the progress :meth:`~Progress.watch` it and are redrawn when it changes: after a save
here, after another page's file was merged in (:func:`merge_into_file`, how the browser's
other tabs send theirs), and, in a Jupyter kernel, when a look at the file every
:data:`WATCH_SECONDS` finds it changed.

The puzzle trainer keeps its tries as answers too (``puzzle:<id>``: right when solved without
a miss, wrong with the line that refuted the card), and the puzzle ratings are replayed from
them (:func:`tarot_teach.teach.puzzles.puzzle_ratings`, Glicko-2): a rating is therefore
merged across tabs and files, and forgotten by a reset, exactly as the answers are, and a
file without any try is a newcomer's (rating 1500).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> progress = Progress(path)
>>> progress.mark_solved("tricks-1")
>>> Progress(path).is_solved("tricks-1")
True
>>> other = Progress(path)          # another tab, opened before the next solve
>>> progress.mark_solved("tricks-2")
>>> other.mark_solved("bids-1")     # merges: nothing the first tab solved is lost
>>> sorted(Progress(path).solved)
['bids-1', 'tricks-1', 'tricks-2']
>>> _ = path.write_text("{not json")
>>> again = Progress(path)
>>> again.solved, again.message.startswith("Your progress file was damaged")
(set(), True)
>>> len(list(path.parent.glob("progress.json.corrupt-*")))
1
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import glob
import json
import math
import os
import re
import stat
import tempfile
import sys
import threading
import time
import weakref
from pathlib import Path

__all__ = ["Progress", "UnreadableProgress", "default_progress_path", "parse_progress",
           "merge_into_file", "parse_record", "merge_records", "utc_time"]

ENVIRONMENT_VARIABLE = "TAROT_TEACH_PROGRESS"
MAX_BYTES = 8 * 1024 * 1024  # a real progress file is a few kilobytes
MAX_DEPTH = 32  # nesting of a saved game (the card table's is 5 deep)
MAX_ANSWERS = 40  # answers kept per exercise: the first wrong one and the latest ones
MAX_REASON = 500  # characters of a wrong answer's reason kept
WATCH_SECONDS = 1.0  # how often a kernel looks whether another page changed the file
# A time as the file may hold it: ISO 8601, to the minute at least, with or without an offset
# (the same pattern is in live.js). Years outside FIRST_YEAR..LAST_YEAR are not dates here.
TIME_PATTERN = re.compile(r"(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,6}))?)?"
                          r"(Z|[+-]\d\d:?\d\d)?)?", re.ASCII)
FIRST_YEAR, LAST_YEAR = 1970, 9998
WRITTEN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00", re.ASCII)  # as written


class UnreadableProgress(ValueError):
    """The progress file's content cannot be used (the message says why)."""


def default_progress_path() -> Path:
    """``$TAROT_TEACH_PROGRESS``, else ``~/.tarot_teach/progress.json``."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return Path(configured)
    return Path.home() / ".tarot_teach" / "progress.json"


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
            # JavaScript's Date reads it (live.js): the offset before the change, the earlier
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
    tarot_teach.widgets.progress.UnreadableProgress: it is not UTF-8 text
    >>> parse_progress("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    tarot_teach.widgets.progress.UnreadableProgress: it is nested too deeply
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
    tarot_teach.widgets.progress.UnreadableProgress: its answers are not times with right or wrong
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


def _reset_elsewhere(merged: dict, side: str) -> "str | None":
    """What ``side`` of a merge lost to a reset made in another page, in words (or None)."""
    lost = _entries(*merged["dropped"][side])
    if not lost:
        return None
    return (f"Your progress was reset in another page ({_local_words(merged['reset'])}): "
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


_THREAD_LOCKS: "dict[Path, threading.Lock]" = {}
_THREAD_LOCKS_GUARD = threading.Lock()


@contextlib.contextmanager
def _locked(path: Path):
    """Hold the progress file's lock: ``flock`` on ``<file>.lock`` (across processes) and a
    lock per file within this process (where ``flock`` is missing, e.g. in the browser)."""
    with _THREAD_LOCKS_GUARD:
        in_process = _THREAD_LOCKS.setdefault(path, threading.Lock())
    with in_process:
        descriptor = None
        try:
            import fcntl

            flock = fcntl.flock  # missing in the browser's Python (Pyodide)
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            descriptor = os.open(path.with_name(path.name + ".lock"),
                                 os.O_RDWR | os.O_CREAT, 0o600)
            flock(descriptor, fcntl.LOCK_EX)
        except (ImportError, AttributeError, OSError):
            pass  # no file locks here: the in-process lock is all there is
        try:
            yield
        finally:
            if descriptor is not None:
                os.close(descriptor)  # releases the flock


def _write(path: Path, record: dict) -> None:
    """Write atomically: a unique temporary file (mode 0600) renamed over ``path``."""
    content = {"version": 1, "solved": record["solved"]}
    for key in ("games", "answers", "reset"):
        if record.get(key):
            content[key] = record[key]
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp",
                                             dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(json.dumps(content, indent=1, allow_nan=False))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


ORPHAN_SECONDS = 600  # a temporary file this old is no write in progress (a killed one's)


def _remove_orphans(path: Path) -> None:
    """Delete the temporary files of writes killed half-way (``<file>.*.tmp``, see _write)
    that are older than :data:`ORPHAN_SECONDS`."""
    limit = time.time() - ORPHAN_SECONDS
    with contextlib.suppress(OSError):
        for orphan in path.parent.glob(glob.escape(path.name) + ".*.tmp"):
            with contextlib.suppress(OSError):
                if orphan.lstat().st_mtime < limit and stat.S_ISREG(orphan.lstat().st_mode):
                    orphan.unlink()


def _signature(path: Path) -> "tuple | None":
    """What changes whenever the file is written (each save is a new file renamed over it)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_ino, found.st_size, found.st_mtime_ns


def _read(path: Path) -> dict:
    """The file's record (empty when there is none); raises UnreadableProgress or OSError."""
    try:  # non-blocking: a FIFO put there must not hang the page
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return _empty()
    with os.fdopen(descriptor, "rb") as stream:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise UnreadableProgress("it is not a regular file")
        content = stream.read(MAX_BYTES + 1)
    return parse_record(content)


def _set_aside(path: Path) -> Path:
    """Move an unreadable file to a new unique name beside it (never over another file)."""
    stamp = datetime.datetime.now().strftime("%Y%m%dT%H%M%S")
    descriptor, aside = tempfile.mkstemp(prefix=f"{path.name}.corrupt-{stamp}-",
                                         dir=path.parent)
    os.close(descriptor)
    os.replace(path, aside)  # replaces only the empty file mkstemp just made for it
    return Path(aside)


def _read_or_set_aside(path: Path) -> "tuple[dict, str | None]":
    """Under the lock: the file's record, or an empty one and a message once it is set aside."""
    try:
        record = _read(path)
        return record, _notes(record, "your progress file")
    except UnreadableProgress as problem:
        aside = _set_aside(path)
        return _empty(), (f"Your progress file was damaged ({problem}); it has been kept "
                        f"as {aside.name} and a new one started.")


def merge_into_file(content: "str | bytes", path: "Path | str | None" = None) -> "str | None":
    """Merge a progress file's content (another tab's, or from the browser) into ``path``:
    solves and answers are added, the incoming games win, a later reset forgets what came
    before it. Returns a message if something went wrong or was left out.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
    >>> Progress(path).mark_solved("a")
    >>> merge_into_file('{"solved": {"b": "2026-11-30T10:00:00"}}', path)
    >>> sorted(Progress(path).solved)
    ['a', 'b']
    >>> merge_into_file("nonsense", path)
    'Progress from another page was ignored: it is not JSON (Expecting value: line 1 column 1 (char 0)).'
    """
    path = Path(path) if path is not None else default_progress_path()
    try:
        incoming = parse_record(content)
    except UnreadableProgress as problem:
        return f"Progress from another page was ignored: {problem}."
    try:
        with _locked(path):
            old, message = _read_or_set_aside(path)
            merged = merge_records(old, incoming)
            _write(path, merged)
    except OSError as error:
        return f"Your progress could not be saved ({error.strerror or error})."
    shared = Progress._shared.get(path)
    if shared is not None:  # this page's exercises hear of it at once
        shared.sync()
    return _joined(message, _notes(incoming, "progress from another page"),
                   _reset_elsewhere(merged, "older"))


class Progress:
    """The set of solved exercise ids, kept in a JSON file shared with other pages."""

    _shared: "dict[Path, Progress]" = {}

    def __init__(self, path: "Path | str | None" = None) -> None:
        self.path = Path(path) if path is not None else default_progress_path()
        self.message: "str | None" = None  # set when something had to be repaired
        self._solved: dict[str, str] = {}
        self._games: dict[str, dict] = {}  # games in progress (the card table), by key
        self._answers: dict[str, dict] = {}  # exercise id → answer time → {"ok", "reason"}
        self._reset: "str | None" = None  # when everything before was forgotten
        self._changed_games: set[str] = set()  # saved here since the last merge
        self._seen: "tuple | None" = None  # the file as this page last read or wrote it
        self._watchers: list = []  # weak references to the callbacks of watch()
        self._watching = False  # a kernel's timer looks at the file
        self._load()
        self._last_shown = self._shown()  # what the watchers were last told of

    @classmethod
    def default(cls) -> "Progress":
        """One shared object per progress file, so that every exercise of a page sees the same."""
        path = default_progress_path()
        if path not in cls._shared:
            cls._shared[path] = cls(path)
        return cls._shared[path]

    @property
    def solved(self) -> set[str]:
        self.sync()
        return set(self._solved)

    def is_solved(self, exercise_id: str) -> bool:
        """Whether the exercise is solved, as the file says now (another page's reset
        included)."""
        self.sync()
        return exercise_id in self._solved

    @property
    def solved_dates(self) -> "dict[str, str]":
        """Each solved exercise with the date it was first solved."""
        self.sync()
        return dict(self._solved)

    @property
    def answers(self) -> "dict[str, dict[str, dict]]":
        """Each exercise's recorded answers: time → ``{"ok": bool, "reason": str}``."""
        self.sync()
        return {name: dict(per_time) for name, per_time in self._answers.items()}

    @property
    def reset_time(self) -> "str | None":
        """When the progress was last reset (UTC, as :func:`utc_time` writes it), or None."""
        self.sync()
        return self._reset

    # ----- hearing of other pages ---------------------------------------------------------

    def sync(self) -> bool:
        """Merge in what another page saved since this one last read or wrote the file (one
        ``stat`` when nothing changed; the file is not written). Returns whether anything
        shown changed; the watchers are told.

        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
        >>> here, there = Progress(path), Progress(path)
        >>> here.mark_solved("a")
        >>> there.is_solved("a")          # solved in another tab: seen here at once
        True
        >>> there.reset()
        >>> here.is_solved("a"), here.message.startswith("Your progress was reset in another")
        (False, True)
        """
        signature = _signature(self.path)
        if signature == self._seen:
            return False
        try:
            found = _read(self.path)
        except (OSError, UnreadableProgress):
            return False  # (the next save sets a damaged file aside and says so)
        self._seen = signature
        mine = self._record()
        merged = merge_records(found, mine, games=self._changed_games)
        self._set(merged)
        if merged["reset"] != mine["reset"]:
            self.message = _joined(self.message, _reset_elsewhere(merged, "newer"))
        return self._notify()

    def watch(self, callback) -> None:
        """Call ``callback()`` whenever the progress changes (here or in another page); it
        is held weakly (a bound method lives as long as its object) and dropped when it
        returns False. In a Jupyter kernel the file is looked at every
        :data:`WATCH_SECONDS` while anything watches it.

        >>> import tempfile, pathlib
        >>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
        >>> heard = []
        >>> def listener(): heard.append(progress.is_solved("a"))
        >>> progress.watch(listener)
        >>> progress.mark_solved("a"); heard
        [True]
        """
        try:
            reference = weakref.WeakMethod(callback)
        except TypeError:
            reference = weakref.ref(callback)
        self._watchers.append(reference)
        self._start_watching()

    def _shown(self) -> tuple:
        """What the watchers show (not the games: a card played at the table redraws
        nothing else)."""
        return (tuple(sorted(self._solved.items())), self._reset,
                tuple(sorted((name, len(per_time)) for name, per_time in self._answers.items())))

    def _notify(self) -> bool:
        """Tell the watchers if what they show changed since they were last told."""
        shown = self._shown()
        if shown == self._last_shown:
            return False
        self._last_shown = shown
        for reference in list(self._watchers):
            callback = reference()
            keep = False
            if callback is not None:
                try:
                    keep = callback() is not False
                except Exception:  # one broken view must not stop the others (or a save)
                    keep = True
            if not keep and reference in self._watchers:
                self._watchers.remove(reference)
        return True

    def _start_watching(self) -> None:
        """In a Jupyter kernel (a running asyncio loop, not the browser's Python, where the
        other tabs' saves come through :func:`merge_into_file`): look at the file every
        :data:`WATCH_SECONDS` on the kernel's own loop, between its messages."""
        if self._watching or sys.platform == "emscripten":
            return
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # (no kernel: plain Python, the tests)
        self._watching = True
        owner = weakref.ref(self)

        def look() -> None:
            progress = owner()
            if progress is None:
                return
            try:
                progress.sync()
            except Exception:  # never a traceback in the kernel's log for a look
                pass
            progress._watchers = [r for r in progress._watchers if r() is not None]
            if progress._watchers:
                loop.call_later(WATCH_SECONDS, look)
            else:
                progress._watching = False

        loop.call_later(WATCH_SECONDS, look)

    def mark_solved(self, exercise_id: str) -> None:
        """Record a solved exercise and save at once (a failure to save is reported, not raised)."""
        if exercise_id in self._solved:
            return
        self._solved[exercise_id] = _utc_now()
        self._save()

    def record_answer(self, exercise_id: str, ok: bool, reason: str = "",
                      when: "datetime.datetime | None" = None) -> None:
        """Record a checked answer (right, or wrong with the engine's reason) and save; a
        right one also marks the exercise solved.

        >>> import tempfile, pathlib
        >>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
        >>> progress.record_answer("ch07-winner", False, "The trump wins.")
        >>> progress.record_answer("ch07-winner", True)
        >>> [a["ok"] for a in progress.answers["ch07-winner"].values()], progress.solved
        ([False, True], {'ch07-winner'})
        """
        when = (when or datetime.datetime.now()).astimezone(datetime.timezone.utc)
        answer: dict = {"ok": bool(ok)}
        if reason and not ok:
            answer["reason"] = reason[:MAX_REASON]
        moment = when.isoformat(timespec="microseconds")
        per_time = self._answers.setdefault(exercise_id, {})
        while moment in per_time:  # two answers in one microsecond: keep both
            when += datetime.timedelta(microseconds=1)
            moment = when.isoformat(timespec="microseconds")
        per_time[moment] = answer
        if ok and exercise_id not in self._solved:
            self._solved[exercise_id] = moment
        self._save()

    def merge(self, content: "str | bytes") -> "str | None":
        """Merge an imported progress file's content into this one and save; returns what
        was left out, in words, or None. Its reset forgets nothing of this progress (only
        what it holds itself). Raises :class:`UnreadableProgress` (changing nothing) if it
        cannot be read."""
        incoming = parse_record(content)
        own = merge_records(_empty(), incoming)  # its reset applied to its own entries only
        mine = merge_records(self._record(), {**own, "reset": None})
        self._solved, self._answers, self._reset = mine["solved"], mine["answers"], mine["reset"]
        for key, game in incoming["games"].items():
            if key not in self._games:  # a game in progress here is never replaced
                self._games[key] = game
                self._changed_games.add(key)
        self._save()
        lost = _entries(*mine["dropped"]["newer"])
        return _joined(_notes(incoming, "that file"), lost and (
            f"{lost} from before your reset ({_local_words(mine['reset'])}) {_were(lost)} left "
            "out: a reset forgets everything before it."))

    def refresh(self) -> None:
        """Bring in what other pages (tabs, the browser's store) saved meanwhile."""
        self._save()

    def export(self) -> str:
        """This progress as the JSON text of a progress file (what :meth:`merge` reads)."""
        record = self._record()
        content = {"version": 1, "solved": record["solved"]}
        for key in ("games", "answers", "reset"):
            if record[key]:
                content[key] = record[key]
        return json.dumps(content, indent=1, sort_keys=True, allow_nan=False)

    def reset(self) -> None:
        """Forget every solve, answer and game, in the file and in every page that merges
        with it (a reset date is kept: whatever is older is dropped when merged)."""
        self._solved.clear()
        self._games.clear()
        self._answers.clear()
        self._changed_games.clear()
        self._reset = _utc_now()
        try:
            with _locked(self.path):
                old, _message = _read_or_set_aside(self.path)
                merged = merge_records(old, self._record())
                merged["games"] = {}
                _write(self.path, merged)
                self._seen = _signature(self.path)
        except OSError as error:
            self.message = f"Your progress could not be saved ({error.strerror or error})."
            return
        self._solved, self._answers = merged["solved"], merged["answers"]
        self._notify()

    def _record(self) -> dict:
        """What this page holds (its reset only while it is not in the future: a clock put
        back after a reset must not drop the next solves)."""
        reset = self._reset if self._reset and self._reset <= _utc_now() else None
        return {"solved": dict(self._solved), "games": dict(self._games),
                "answers": {k: dict(v) for k, v in self._answers.items()}, "reset": reset}

    def saved_game(self, key: str) -> "dict | None":
        """The game saved under ``key`` (a JSON object), or None; another page's save of
        it counts (a tab opened later resumes it)."""
        self.sync()
        return self._games.get(key)

    def save_game(self, key: str, data: dict) -> None:
        """Keep a game in progress (anything JSON can hold) and save at once; a game that
        JSON cannot hold (a number that is not finite, say) is not kept, and ``message``
        says so.

        >>> import tempfile, pathlib
        >>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
        >>> progress.save_game("table", {"score": float("nan")})
        >>> progress.saved_game("table"), progress.message
        (None, 'This game could not be saved: it holds a number that is not finite.')
        """
        try:
            json.dumps(data, allow_nan=False)
        except (TypeError, ValueError) as problem:
            what = ("a number that is not finite" if isinstance(problem, ValueError)
                    else "something that is not JSON")
            self.message = f"This game could not be saved: it holds {what}."
            return
        self._games[key] = data
        self._changed_games.add(key)
        self._save()

    def _load(self) -> None:
        _remove_orphans(self.path)
        self._seen = _signature(self.path)  # (before the read: a later write is seen later)
        try:
            record = _read(self.path)
            self._set(record)
            self.message = _notes(record, "your progress file")
            return
        except OSError as error:
            self.message = (f"Your progress could not be read ({error.strerror or error}); "
                            "it is left as it is.")
            return
        except UnreadableProgress:
            pass
        try:  # set it aside under the lock, unless another page mended it meanwhile
            with _locked(self.path):
                record, self.message = _read_or_set_aside(self.path)
                self._set(record)
        except OSError as error:
            self.message = (f"Your progress file could not be read or set aside "
                            f"({error.strerror or error}); it is left as it is.")

    def _set(self, record: dict) -> None:
        self._solved, self._games = record["solved"], record["games"]
        self._answers, self._reset = record["answers"], record["reset"]

    def _save(self) -> None:
        try:
            with _locked(self.path):
                old, message = _read_or_set_aside(self.path)
                mine = self._record()
                merged = merge_records(old, mine, games=self._changed_games)
                _write(self.path, merged)
                self._seen = _signature(self.path)
        except OSError as error:
            self.message = f"Your progress could not be saved ({error.strerror or error})."
            return
        self._set(merged)
        self._changed_games.clear()
        if merged["reset"] != mine["reset"]:
            message = _joined(message, _reset_elsewhere(merged, "newer"))
        if message:
            self.message = message
        self._notify()
