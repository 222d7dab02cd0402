"""Which exercises a learner has solved, saved on disk so that a restart loses nothing.

The file's content is read and merged in :mod:`.progress_record`, and shared with other pages
under a lock in :mod:`.progress_file`.

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

import datetime
import json
from pathlib import Path

from .progress_file import (ORPHAN_SECONDS, _locked, _read, _read_or_set_aside,  # noqa: F401
                            _remove_orphans, _signature, _write, default_progress_path)
from .progress_record import (MAX_ANSWERS, MAX_BYTES, MAX_REASON, UnreadableProgress,  # noqa: F401
                              _empty, _entries, _joined, _local_words, _notes, _reset_elsewhere,
                              _utc_now, _were, merge_records, parse_progress, parse_record,
                              utc_time)
from . import progress_watch
from .progress_watch import WATCH_SECONDS  # noqa: F401

__all__ = ["Progress", "UnreadableProgress", "default_progress_path", "parse_progress",
           "merge_into_file", "merge_stored", "parse_record", "merge_records", "utc_time"]

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
    merging = _merge_under_lock(path, lambda old: merge_records(old, incoming))
    if isinstance(merging, str):
        return merging
    _old, merged, _text, message = merging
    return _joined(message, _notes(incoming, "progress from another page"),
                   _reset_elsewhere(merged, "older"))


def _merge_under_lock(path: Path, merge, skip_if_absent: bool = False):
    """``merge(old)`` of the file ``path`` written in its place, under its lock (a damaged
    file set aside first); the page's exercises told. Returns (old, merged, text written,
    the set-aside message) — merged and text None when ``skip_if_absent`` and there is no
    file (nothing written) — or the sentence saying it could not be saved."""
    try:
        with _locked(path):
            old, message = _read_or_set_aside(path)
            if skip_if_absent and not path.exists():
                return old, None, None, message
            merged = merge(old)
            text = _write(path, merged)
    except OSError as error:
        return f"Your progress could not be saved ({error.strerror or error})."
    shared = Progress._shared.get(path)
    if shared is not None:  # this page's exercises hear of it at once
        shared.sync()
    return old, merged, text, message


def merge_stored(stored: "str | None", path: "Path | str | None" = None) -> dict:
    """The progress the browser keeps for the site (static mode: in ``localStorage``, where
    every tab saves) merged into this page's file ``path``, under its lock: the solves and
    answers of both kept, this page's games winning, the later reset forgetting what came
    before it. Returns ``{"text": the file's content after (None if there is none),
    "notice": what to tell the learner (or None), "damaged": why ``stored`` cannot be read
    (or None)}``; the page stores ``text`` in place of ``stored`` (setting a damaged one aside).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
    >>> Progress(path).mark_solved("a")
    >>> result = merge_stored('{"solved": {"b": "2026-11-30T10:00:00Z"}}', path)
    >>> sorted(json.loads(result["text"])["solved"]), result["notice"], result["damaged"]
    (['a', 'b'], None, None)
    >>> result = merge_stored("{not json", path)
    >>> result["damaged"], sorted(json.loads(result["text"])["solved"])
    ('it is not JSON (Expecting property name enclosed in double quotes: line 1 column 2 \
(char 1))', ['a', 'b'])
    """
    path = Path(path) if path is not None else default_progress_path()
    result: dict = {"text": None, "notice": None, "damaged": None}
    record = None
    if stored:
        try:
            record = parse_record(stored)
        except UnreadableProgress as problem:
            result["damaged"] = str(problem)
    merging = _merge_under_lock(path, lambda old: merge_records(record or _empty(), old),
                                skip_if_absent=record is None)
    if isinstance(merging, str):
        return {**result, "notice": merging}
    old, merged, result["text"], message = merging
    if merged is None:  # (nothing stored that Python could read, and no file)
        return {**result, "notice": message}
    result["notice"] = _joined(
        message, record and _notes(record, "the progress saved in this browser"),
        merged["reset"] != old["reset"] and _reset_elsewhere(merged, "newer", "tab"))
    return result


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
        self._last_shown = progress_watch.shown(self)  # what the watchers were last told of

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
        progress_watch.notify(self)

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
        progress_watch.notify(self)

    # ----- hearing of other pages (progress_watch.py) ----------------------------------------

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
        return progress_watch.sync(self)

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
        progress_watch.watch(self, callback)
