"""Hearing of other pages: a :class:`~tarot_teach.widgets.progress.Progress` merges in what
another page saved (:meth:`~ProgressWatching.sync`) and tells its watchers.
:class:`ProgressWatching` is a part of :class:`~tarot_teach.widgets.progress.Progress`.
"""

from __future__ import annotations

import sys
import weakref

from .progress_file import _read, _signature
from .progress_record import UnreadableProgress, _joined, _reset_elsewhere, merge_records

__all__ = ["ProgressWatching", "WATCH_SECONDS"]

WATCH_SECONDS = 1.0  # how often a kernel looks whether another page changed the file


class ProgressWatching:
    """Hearing of other pages (a part of :class:`Progress`)."""

    # ----- hearing of other pages ---------------------------------------------------------

    def sync(self) -> bool:
        """Merge in what another page saved since this one last read or wrote the file (one
        ``stat`` when nothing changed; the file is not written). Returns whether anything
        shown changed; the watchers are told.

        >>> import tempfile, pathlib
        >>> from tarot_teach.widgets.progress import Progress
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
        >>> from tarot_teach.widgets.progress import Progress
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
