"""The progress file on disk: where it is, and every save a read-merge-write under a lock.

Several pages (tabs, kernels, processes) may share it, so every save is a
read-merge-write under a lock (a lock file beside it): solves from everyone are kept and
never un-solved (but by a reset), and each writer's own games win. Each save writes a
unique temporary file and renames it over the old one, so a reader never sees half a file.
A file that cannot be read (not UTF-8, not JSON, too deep, wrong types, too large) is set
aside under a new unique name, with a message that names it; it is never overwritten,
never a crash.
"""

from __future__ import annotations

import contextlib
import datetime
import glob
import json
import os
import stat
import tempfile
import threading
import time
from pathlib import Path

from .progress_record import MAX_BYTES, UnreadableProgress, _empty, _notes, parse_record

__all__ = ["default_progress_path", "ORPHAN_SECONDS"]

ENVIRONMENT_VARIABLE = "TAROT_TEACH_PROGRESS"


def default_progress_path() -> Path:
    """``$TAROT_TEACH_PROGRESS``, else ``~/.tarot_teach/progress.json``."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return Path(configured)
    return Path.home() / ".tarot_teach" / "progress.json"


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


def _write(path: Path, record: dict) -> str:
    """Write atomically: a unique temporary file (mode 0600) renamed over ``path``; returns
    the text written."""
    content = {"version": 1, "solved": record["solved"]}
    for key in ("games", "answers", "reset"):
        if record.get(key):
            content[key] = record[key]
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp",
                                             dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            text = json.dumps(content, indent=1, allow_nan=False)
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return text


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
