"""Hearing of other pages: a :class:`~tarot_teach.widgets.progress.Progress` merges in what
another page saved (:meth:`~tarot_teach.widgets.progress.Progress.sync`) and tells its watchers:
plain functions of a :class:`~tarot_teach.widgets.progress.Progress`.
"""

from __future__ import annotations

import sys
import weakref

from .progress_file import _read, _signature
from .progress_record import UnreadableProgress, _joined, _reset_elsewhere, merge_records

__all__ = ["sync", "watch", "shown", "notify", "start_watching", "WATCH_SECONDS"]

WATCH_SECONDS = 1.0  # how often a kernel looks whether another page changed the file


def sync(progress) -> bool:
    """Merge in what another page saved; whether anything shown changed (see
    :meth:`Progress.sync`)."""
    signature = _signature(progress.path)
    if signature == progress._seen:
        return False
    try:
        found = _read(progress.path)
    except (OSError, UnreadableProgress):
        return False  # (the next save sets a damaged file aside and says so)
    progress._seen = signature
    mine = progress._record()
    merged = merge_records(found, mine, games=progress._changed_games)
    progress._set(merged)
    if merged["reset"] != mine["reset"]:
        progress.message = _joined(progress.message, _reset_elsewhere(merged, "newer"))
    return notify(progress)


def watch(progress, callback) -> None:
    """Call ``callback()`` whenever the progress changes (see :meth:`Progress.watch`)."""
    try:
        reference = weakref.WeakMethod(callback)
    except TypeError:
        reference = weakref.ref(callback)
    progress._watchers.append(reference)
    start_watching(progress)


def shown(progress) -> tuple:
    """What the watchers show (not the games: a card played at the table redraws
    nothing else)."""
    return (tuple(sorted(progress._solved.items())), progress._reset,
            tuple(sorted((name, len(per_time)) for name, per_time in progress._answers.items())))


def notify(progress) -> bool:
    """Tell the watchers if what they show changed since they were last told."""
    now = shown(progress)
    if now == progress._last_shown:
        return False
    progress._last_shown = now
    for reference in list(progress._watchers):
        callback = reference()
        keep = False
        if callback is not None:
            try:
                keep = callback() is not False
            except Exception:  # one broken view must not stop the others (or a save)
                keep = True
        if not keep and reference in progress._watchers:
            progress._watchers.remove(reference)
    return True


def start_watching(progress) -> None:
    """In a Jupyter kernel (a running asyncio loop, not the browser's Python, where the
    other tabs' saves come through :func:`merge_into_file`): look at the file every
    :data:`WATCH_SECONDS` on the kernel's own loop, between its messages."""
    if progress._watching or sys.platform == "emscripten":
        return
    import asyncio

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return  # (no kernel: plain Python, the tests)
    progress._watching = True
    owner = weakref.ref(progress)

    def look() -> None:  # (holding the progress weakly: ``progress`` here is the look's own)
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
