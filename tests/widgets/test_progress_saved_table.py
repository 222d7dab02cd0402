"""A saved card-table game with a wrongly typed field starts a new deal with a message
(issue 13: "a saved card-table game with a wrongly typed seed or log breaks the chapter")."""

import pytest

from tarot_teach.widgets.progress import Progress
from tarot_teach.widgets.table import TableWidget


@pytest.mark.parametrize("field, value", [
    ("seed", {"not": "a number"}), ("seed", "12"), ("seed", [1]), ("seed", 1.5), ("seed", None),
    ("log", 5), ("log", {"a": 1}), ("log", None), ("folded", -1), ("folded", "9"),
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


@pytest.mark.parametrize("saved", [
    ["not", "a", "game"], "a string", 42,
    {"record": 7, "dealer": 0, "deals": []},
    {"record": {"players": 4, "hands": "nonsense"}, "dealer": 0, "deals": []},
    {"dealer": 0, "deals": []},
    {"record": None, "dealer": "x", "deals": "y"},
], ids=["list", "string", "number", "record-number", "record-nonsense", "no-record", "junk"])
def test_a_saved_table_that_cannot_be_read_gives_a_new_deal_with_a_message(tmp_path, saved):
    path = tmp_path / "progress.json"
    Progress(path).save_game("t", saved)
    table = TableWidget(players=4, seed=1, save_key="t", progress=Progress(path))
    said = table.feedback.value
    assert ("could not be resumed" in said or "damaged" in said) and "new deal" in said.lower()
    assert table.state.view(0).hand and not table.state.is_over  # a playable new deal
    assert Progress(path).saved_game("t")["seed"] == 1  # and the new deal is kept instead


def test_a_saved_deal_of_another_table_size_is_not_resumed(tmp_path):
    path = tmp_path / "progress.json"
    TableWidget(players=3, seed=2, save_key="t", progress=Progress(path))
    table = TableWidget(players=4, seed=1, save_key="t", progress=Progress(path))
    assert "other rules" in table.feedback.value and table.players == 4


def test_a_game_saved_with_ten_thousand_deals_opens_with_its_totals(tmp_path):
    """Issue 27 (Low): 10,000 saved deals made the table take 143 s to open. The score sheet
    keeps MAX_DEALS rows (older deals added into its first row), the totals stay exact, and
    what is saved again is that short sheet."""
    from tarot_teach.ledger import MAX_DEALS

    path = tmp_path / "progress.json"
    TableWidget(players=4, seed=7, save_key="t", progress=Progress(path))
    saved = dict(Progress(path).saved_game("t"))
    saved["deals"] = [[3, -1, -1, -1]] * 10_000
    Progress(path).save_game("t", saved)
    again = TableWidget(players=4, seed=1, save_key="t", progress=Progress(path))
    assert "could not be resumed" not in again.feedback.value
    assert again.ledger.totals == [30_000, -10_000, -10_000, -10_000]
    assert len(again.ledger.deals) == MAX_DEALS and again.ledger.folded == 10_000 - MAX_DEALS
    again._save()
    kept = Progress(path).saved_game("t")
    assert len(kept["deals"]) == MAX_DEALS and kept["folded"] == 10_000 - MAX_DEALS
    third = TableWidget(players=4, seed=1, save_key="t", progress=Progress(path))
    assert third.ledger.totals == again.ledger.totals and third.ledger.folded == again.ledger.folded
