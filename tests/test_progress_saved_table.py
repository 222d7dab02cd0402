"""A saved card-table game with a wrongly typed field starts a new deal with a message
(issue 13: "a saved card-table game with a wrongly typed seed or log breaks the chapter")."""

import pytest

from tarot_teach.widgets.progress import Progress
from tarot_teach.widgets.table import TableWidget


@pytest.mark.parametrize("field, value", [
    ("seed", {"not": "a number"}), ("seed", "12"), ("seed", [1]), ("seed", 1.5), ("seed", None),
    ("log", 5), ("log", {"a": 1}), ("log", None),
])
def test_a_saved_table_with_a_wrongly_typed_seed_or_log_gives_a_new_deal(tmp_path, field, value):
    path = tmp_path / "progress.json"
    table = TableWidget(players=4, seed=1, save_key="t", progress=Progress(path))
    saved = dict(Progress(path).saved_game("t"))
    saved[field] = value
    Progress(path).save_game("t", saved)
    again = TableWidget(players=4, seed=1, save_key="t", progress=Progress(path))
    assert "could not be resumed" in again.feedback.value
    assert again.state.view(0).hand and isinstance(again.seed, int)
    assert again.state.to_record()["hands"] == table.state.to_record()["hands"]  # same seed 1


def test_a_saved_table_with_good_fields_resumes(tmp_path):
    path = tmp_path / "progress.json"
    table = TableWidget(players=4, seed=7, save_key="t", progress=Progress(path))
    again = TableWidget(players=4, seed=1, save_key="t", progress=Progress(path))
    assert again.seed == 7 and "could not be resumed" not in again.feedback.value
    assert again.state.to_record() == table.state.to_record()
