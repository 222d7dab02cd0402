"""Which exercises a learner has solved, saved on disk so that a restart loses nothing.

The file is JSON (``{"version": 1, "solved": {"exercise-id": "2026-11-29T16:00:00"},
"games": {...}, "answers": {...}, "reset": "..."}``; ``games`` keeps the card table's deal
in progress, ``answers`` every checked answer of each exercise by time — right, or wrong with
the reason given — and ``reset`` the time of the last reset: anything older is dropped when
files merge, so a page that has not seen the reset cannot bring old progress back). Files
with only ``solved`` (and ``games``) load unchanged. It is readable by this user only.
Several pages (tabs, kernels, processes) may share it, so every save is a
read-merge-write under a lock (a lock file beside it): solves from everyone are kept and
never un-solved (but by a reset), and each writer's own games win. Each save writes a
unique temporary file and renames it over the old one, so a reader never sees half a file.
A file that cannot be read (not UTF-8, not JSON, too deep, wrong types, too large) is set
aside under a new unique name, with a message that names it; it is never overwritten,
never a crash.

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
import json
import os
import stat
import tempfile
import threading
from pathlib import Path

__all__ = ["Progress", "UnreadableProgress", "default_progress_path", "parse_progress",
           "merge_into_file", "parse_record", "merge_records"]

ENVIRONMENT_VARIABLE = "TAROT_TEACH_PROGRESS"
MAX_BYTES = 8 * 1024 * 1024  # a real progress file is a few kilobytes
MAX_DEPTH = 32  # nesting of a saved game (the card table's is 5 deep)
MAX_ANSWERS = 40  # answers kept per exercise: the first wrong one and the latest ones
MAX_REASON = 500  # characters of a wrong answer's reason kept


class UnreadableProgress(ValueError):
    """The progress file's content cannot be used (the message says why)."""


def default_progress_path() -> Path:
    """``$TAROT_TEACH_PROGRESS``, else ``~/.tarot_teach/progress.json``."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return Path(configured)
    return Path.home() / ".tarot_teach" / "progress.json"


def _depth(value) -> int:
    """The nesting depth of a JSON value (iteratively: no recursion limit to hit)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return deepest


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
    if len(content) > MAX_BYTES:
        raise UnreadableProgress(f"it is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    if isinstance(content, bytes):
        try:
            content = content.decode("utf-8")
        except UnicodeDecodeError:
            raise UnreadableProgress("it is not UTF-8 text") from None
    try:
        data = json.loads(content)
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
    return dict(solved), dict(games)


def parse_record(content: "bytes | str") -> dict:
    """Everything a progress file's content holds: ``solved`` and ``games`` (as
    :func:`parse_progress`), ``answers`` (exercise id → answer time → ``{"ok": bool,
    "reason": str}``) and ``reset`` (when everything before was forgotten, or None). Files
    written before answers were kept have neither and load unchanged.

    >>> record = parse_record('{"solved": {"a": "2026-11-30T10:00:00"}, "answers": {"a": '
    ...     '{"2026-11-30T09:59:00.000001": {"ok": false, "reason": "Too low."}}}}')
    >>> record["answers"]["a"]["2026-11-30T09:59:00.000001"]["reason"], record["reset"]
    ('Too low.', None)
    >>> parse_record('{"solved": {}, "answers": {"a": {"x": {"ok": "yes"}}}}')
    Traceback (most recent call last):
    ...
    tarot_teach.widgets.progress.UnreadableProgress: its answers are not times with right or wrong
    """
    solved, games = parse_progress(content)
    data = json.loads(content)  # parse_progress has checked it
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
    reset = data.get("reset")
    if reset is not None and not isinstance(reset, str):
        raise UnreadableProgress("its reset date is not a date")
    return {"solved": solved, "games": games,
            "answers": {name: dict(per_time) for name, per_time in answers.items()},
            "reset": reset}


def _empty() -> dict:
    return {"solved": {}, "games": {}, "answers": {}, "reset": None}


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
    given).

    >>> a = {"solved": {"x": "2026-11-30T10:00:00"}, "answers": {"x": {
    ...     "2026-11-30T09:00:00.000000": {"ok": False}}}, "games": {}, "reset": None}
    >>> b = {"solved": {"y": "2026-11-30T12:00:00"}, "answers": {"y": {
    ...     "2026-11-30T12:00:00.000000": {"ok": True}}}, "games": {},
    ...     "reset": "2026-11-30T11:00:00.000000"}
    >>> merged = merge_records(a, b)
    >>> merged["solved"], sorted(merged["answers"]), merged["reset"]
    ({'y': '2026-11-30T12:00:00'}, ['y'], '2026-11-30T11:00:00.000000')
    """
    reset = max((r for r in (older.get("reset"), newer.get("reset")) if r), default=None)
    solved = {name: date for name, date in _merge_solved(older["solved"], newer["solved"]).items()
              if reset is None or date >= reset}
    answers: dict[str, dict] = {}
    for source in (older.get("answers", {}), newer.get("answers", {})):
        for name, per_time in source.items():
            kept = {t: a for t, a in per_time.items() if reset is None or t >= reset}
            if kept:
                answers.setdefault(name, {}).update(kept)
    answers = {name: _trim(dict(sorted(per_time.items()))) for name, per_time in answers.items()}
    incoming = newer["games"] if games is None else {k: newer["games"][k] for k in games
                                                      if k in newer["games"]}
    # a reset that only the newer side has seen forgets the older side's games too
    forgotten = newer.get("reset") and newer.get("reset") == reset != older.get("reset")
    return {"solved": solved, "games": {**({} if forgotten else older["games"]), **incoming},
            "answers": answers, "reset": reset}


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
            stream.write(json.dumps(content, indent=1))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
        return _read(path), None
    except UnreadableProgress as problem:
        aside = _set_aside(path)
        return _empty(), (f"Your progress file was damaged ({problem}); it has been kept "
                        f"as {aside.name} and a new one started.")


def merge_into_file(content: "str | bytes", path: "Path | str | None" = None) -> "str | None":
    """Merge a progress file's content (another tab's, from the browser, or an imported
    file) into ``path``: solves and answers are added, the incoming games win, a later reset
    forgets what came before it. Returns a message if something went wrong.

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
            _write(path, merge_records(old, incoming))
    except OSError as error:
        return f"Your progress could not be saved ({error.strerror or error})."
    return message


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
        self._load()

    @classmethod
    def default(cls) -> "Progress":
        """One shared object per progress file, so that every exercise of a page sees the same."""
        path = default_progress_path()
        if path not in cls._shared:
            cls._shared[path] = cls(path)
        return cls._shared[path]

    @property
    def solved(self) -> set[str]:
        return set(self._solved)

    def is_solved(self, exercise_id: str) -> bool:
        return exercise_id in self._solved

    @property
    def solved_dates(self) -> "dict[str, str]":
        """Each solved exercise with the date it was first solved."""
        return dict(self._solved)

    @property
    def answers(self) -> "dict[str, dict[str, dict]]":
        """Each exercise's recorded answers: time → ``{"ok": bool, "reason": str}``."""
        return {name: dict(per_time) for name, per_time in self._answers.items()}

    def mark_solved(self, exercise_id: str) -> None:
        """Record a solved exercise and save at once (a failure to save is reported, not raised)."""
        if exercise_id in self._solved:
            return
        self._solved[exercise_id] = datetime.datetime.now().isoformat(timespec="microseconds")
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
        when = when or datetime.datetime.now()
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

    def merge(self, content: "str | bytes") -> None:
        """Merge another progress file's content (an import) into this one and save;
        raises :class:`UnreadableProgress` (changing nothing) if it cannot be read."""
        incoming = parse_record(content)
        mine = merge_records(self._record(), incoming)
        self._solved, self._answers, self._reset = mine["solved"], mine["answers"], mine["reset"]
        for key, game in incoming["games"].items():
            if key not in self._games:  # a game in progress here is never replaced
                self._games[key] = game
                self._changed_games.add(key)
        self._save()

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
        return json.dumps(content, indent=1, sort_keys=True)

    def reset(self) -> None:
        """Forget every solve, answer and game, in the file and in every page that merges
        with it (a reset date is kept: whatever is older is dropped when merged)."""
        self._solved.clear()
        self._games.clear()
        self._answers.clear()
        self._changed_games.clear()
        self._reset = datetime.datetime.now().isoformat(timespec="microseconds")
        try:
            with _locked(self.path):
                old, _message = _read_or_set_aside(self.path)
                merged = merge_records(old, self._record())
                merged["games"] = {}
                _write(self.path, merged)
        except OSError as error:
            self.message = f"Your progress could not be saved ({error.strerror or error})."
            return
        self._solved, self._answers = merged["solved"], merged["answers"]

    def _record(self) -> dict:
        return {"solved": dict(self._solved), "games": dict(self._games),
                "answers": {k: dict(v) for k, v in self._answers.items()}, "reset": self._reset}

    def saved_game(self, key: str) -> "dict | None":
        """The game saved under ``key`` (a JSON object), or None."""
        return self._games.get(key)

    def save_game(self, key: str, data: dict) -> None:
        """Keep a game in progress (anything JSON can hold) and save at once."""
        self._games[key] = data
        self._changed_games.add(key)
        self._save()

    def _load(self) -> None:
        try:
            self._set(_read(self.path))
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
                merged = merge_records(old, self._record(), games=self._changed_games)
                _write(self.path, merged)
        except OSError as error:
            self.message = f"Your progress could not be saved ({error.strerror or error})."
            return
        self._set(merged)
        self._changed_games.clear()
        if message:
            self.message = message
