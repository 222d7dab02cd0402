"""Which exercises a learner has solved, saved on disk so that a restart loses nothing.

The file is JSON (``{"version": 1, "solved": {"exercise-id": "2026-11-29T16:00:00"},
"games": {...}}``; ``games`` keeps the card table's deal in progress), written atomically. A corrupt file is set aside (renamed ``*.corrupt-N``) with a
message, never a crash.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
>>> progress = Progress(path)
>>> progress.mark_solved("tricks-1")
>>> Progress(path).is_solved("tricks-1")
True
>>> _ = path.write_text("{not json")
>>> again = Progress(path)
>>> again.solved, again.message.startswith("Your progress file was damaged")
(set(), True)
"""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path

__all__ = ["Progress", "default_progress_path"]

ENVIRONMENT_VARIABLE = "TAROT_TEACH_PROGRESS"


def default_progress_path() -> Path:
    """``$TAROT_TEACH_PROGRESS``, else ``~/.tarot_teach/progress.json``."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return Path(configured)
    return Path.home() / ".tarot_teach" / "progress.json"


class Progress:
    """The set of solved exercise ids, kept in a JSON file."""

    _shared: "dict[Path, Progress]" = {}

    def __init__(self, path: "Path | str | None" = None) -> None:
        self.path = Path(path) if path is not None else default_progress_path()
        self.message: "str | None" = None  # set when something had to be repaired
        self._solved: dict[str, str] = {}
        self._games: dict[str, dict] = {}  # games in progress (the card table), by key
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
        self._solved.clear()
        self._games.clear()
        self._save()

    def saved_game(self, key: str) -> "dict | None":
        """The game saved under ``key`` (a JSON object), or None."""
        return self._games.get(key)

    def save_game(self, key: str, data: dict) -> None:
        """Keep a game in progress (anything JSON can hold) and save at once."""
        self._games[key] = data
        self._save()

    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except OSError as error:
            self.message = f"Your progress could not be read ({error.strerror}); starting afresh."
            return
        try:
            data = json.loads(text)
            solved = data["solved"]
            if not isinstance(solved, dict) or not all(isinstance(k, str) for k in solved):
                raise ValueError("solved must map exercise ids to dates")
            games = data.get("games", {})
            if not isinstance(games, dict) or not all(isinstance(g, dict) for g in games.values()):
                raise ValueError("games must map keys to saved games")
            self._solved = {k: str(v) for k, v in solved.items()}
            self._games = dict(games)
        except (ValueError, KeyError, TypeError, AttributeError):
            aside = self._set_aside()
            self.message = ("Your progress file was damaged and has been set aside"
                            + (f" as {aside.name}" if aside else "") + "; starting afresh.")

    def _set_aside(self) -> "Path | None":
        for number in range(1, 1000):
            aside = self.path.with_name(f"{self.path.name}.corrupt-{number}")
            if not aside.exists():
                try:
                    self.path.rename(aside)
                except OSError:
                    return None
                return aside
        return None

    def _save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(self.path.name + ".tmp")
            content = {"version": 1, "solved": self._solved}
            if self._games:
                content["games"] = self._games
            temporary.write_text(json.dumps(content, indent=1), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            self.message = f"Your progress could not be saved ({error.strerror})."
