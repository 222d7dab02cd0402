"""Which exercises a learner has solved, saved on disk so that a restart loses nothing.

The file is JSON (``{"version": 1, "solved": {"exercise-id": "2026-11-29T16:00:00"},
"games": {...}}``; ``games`` keeps the card table's deal in progress), readable by this
user only. Several pages (tabs, kernels, processes) may share it, so every save is a
read-merge-write under a lock (a lock file beside it): solves from everyone are kept and
never un-solved, and each writer's own games win. Each save writes a unique temporary file
and renames it over the old one, so a reader never sees half a file. A file that cannot be
read (not UTF-8, not JSON, too deep, wrong types, too large) is set aside under a new
unique name, with a message that names it; it is never overwritten, never a crash.

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
           "merge_into_file"]

ENVIRONMENT_VARIABLE = "TAROT_TEACH_PROGRESS"
MAX_BYTES = 8 * 1024 * 1024  # a real progress file is a few kilobytes
MAX_DEPTH = 32  # nesting of a saved game (the card table's is 5 deep)


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


def _write(path: Path, solved: dict, games: dict) -> None:
    """Write atomically: a unique temporary file (mode 0600) renamed over ``path``."""
    content = {"version": 1, "solved": solved}
    if games:
        content["games"] = games
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


def _read(path: Path) -> "tuple[dict[str, str], dict[str, dict]]":
    """The file's content (empty when there is none); raises UnreadableProgress or OSError."""
    try:  # non-blocking: a FIFO put there must not hang the page
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return {}, {}
    with os.fdopen(descriptor, "rb") as stream:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise UnreadableProgress("it is not a regular file")
        content = stream.read(MAX_BYTES + 1)
    return parse_progress(content)


def _set_aside(path: Path) -> Path:
    """Move an unreadable file to a new unique name beside it (never over another file)."""
    stamp = datetime.datetime.now().strftime("%Y%m%dT%H%M%S")
    descriptor, aside = tempfile.mkstemp(prefix=f"{path.name}.corrupt-{stamp}-",
                                         dir=path.parent)
    os.close(descriptor)
    os.replace(path, aside)  # replaces only the empty file mkstemp just made for it
    return Path(aside)


def _read_or_set_aside(path: Path) -> "tuple[dict, dict, str | None]":
    """Under the lock: the file's content, or nothing and a message once it is set aside."""
    try:
        solved, games = _read(path)
        return solved, games, None
    except UnreadableProgress as problem:
        aside = _set_aside(path)
        return {}, {}, (f"Your progress file was damaged ({problem}); it has been kept "
                        f"as {aside.name} and a new one started.")


def merge_into_file(content: "str | bytes", path: "Path | str | None" = None) -> "str | None":
    """Merge a progress file's content (another tab's, from the browser) into ``path``:
    solves are added, the incoming games win. Returns a message if something went wrong.

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
        solved, games = parse_progress(content)
    except UnreadableProgress as problem:
        return f"Progress from another page was ignored: {problem}."
    try:
        with _locked(path):
            old_solved, old_games, message = _read_or_set_aside(path)
            _write(path, _merge_solved(old_solved, solved), {**old_games, **games})
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

    def mark_solved(self, exercise_id: str) -> None:
        """Record a solved exercise and save at once (a failure to save is reported, not raised)."""
        if exercise_id in self._solved:
            return
        self._solved[exercise_id] = datetime.datetime.now().isoformat(timespec="seconds")
        self._save()

    def reset(self) -> None:
        """Forget every solve and game, in the file too (the one save that removes)."""
        self._solved.clear()
        self._games.clear()
        self._changed_games.clear()
        try:
            with _locked(self.path):
                _write(self.path, {}, {})
        except OSError as error:
            self.message = f"Your progress could not be saved ({error.strerror or error})."

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
            self._solved, self._games = _read(self.path)
            return
        except OSError as error:
            self.message = (f"Your progress could not be read ({error.strerror or error}); "
                            "it is left as it is.")
            return
        except UnreadableProgress:
            pass
        try:  # set it aside under the lock, unless another page mended it meanwhile
            with _locked(self.path):
                self._solved, self._games, self.message = _read_or_set_aside(self.path)
        except OSError as error:
            self.message = (f"Your progress file could not be read or set aside "
                            f"({error.strerror or error}); it is left as it is.")

    def _save(self) -> None:
        try:
            with _locked(self.path):
                old_solved, old_games, message = _read_or_set_aside(self.path)
                solved = _merge_solved(old_solved, self._solved)
                games = {**old_games, **{k: self._games[k] for k in self._changed_games}}
                _write(self.path, solved, games)
        except OSError as error:
            self.message = f"Your progress could not be saved ({error.strerror or error})."
            return
        self._solved, self._games = solved, games
        self._changed_games.clear()
        if message:
            self.message = message
