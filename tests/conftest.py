"""Shared test set-up: progress files go to a temporary folder, never to the user's home."""

import pytest


@pytest.fixture(autouse=True)
def _private_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_TEACH_PROGRESS", str(tmp_path / "progress.json"))
    from tarot_teach.widgets.progress import Progress

    monkeypatch.setattr(Progress, "_shared", {})
