"""Issue 28 item 1, the kernel's side of Import: the upload's value reaches the progress page
as the page's widget manager sends it (a comm message whose file content is a binary buffer),
and no value, however odd, raises: the learner is told in words."""

from __future__ import annotations

import pytest

from tarot_teach.widgets.path import ProgressPage
from tarot_teach.widgets.progress import Progress


@pytest.fixture
def page(tmp_path, caplog):
    """The progress page; the test fails if a widget method raised (ipywidgets logs it
    outside a kernel; in one, the page got a traceback)."""
    yield ProgressPage(Progress(tmp_path / "progress.json"))
    raised = [r.getMessage() for r in caplog.get_records("call")
              if "Exception in widget" in r.getMessage()]
    assert not raised, raised


def exported_elsewhere(tmp_path) -> bytes:
    other = Progress(tmp_path / "other.json")
    other.record_answer("ch07-winner", True)
    other.record_answer("ch03-target", False, "too high")
    return other.export().encode("utf-8")


def upload_message(files: list, buffers: list) -> dict:
    """A comm message as @jupyter-widgets sends a FileUpload's new value: each file's
    content taken out into a binary buffer, its place named in ``buffer_paths``."""
    state = {"value": [{"name": "tarot-progress.json", "type": "application/json",
                        "size": len(b), "last_modified": 1_764_000_000_000} for b in files]}
    return {"content": {"comm_id": "c", "data": {
        "method": "update", "state": state,
        "buffer_paths": [["value", i, "content"] for i in range(len(files))]}},
        "buffers": buffers, "metadata": {}}


def test_an_upload_as_the_page_sends_it_is_imported(page, tmp_path):
    content = exported_elsewhere(tmp_path)
    page.upload._handle_msg(upload_message([content], [memoryview(content)]))
    page.import_button.click()
    assert "✔ Imported" in page.keep_message.value
    assert page.progress.solved == {"ch07-winner"} and set(page.progress.answers) == {
        "ch07-winner", "ch03-target"}
    assert page.upload.value == ()  # ready for the next file


def test_an_upload_whose_content_did_not_come_is_said_in_words(page, tmp_path):
    """What the page sent while live.js dropped binary buffers: ipywidgets' own FileUpload
    raised KeyError: 'content' in the kernel, and Import said "Choose a file first"."""
    content = exported_elsewhere(tmp_path)
    page.upload._handle_msg(upload_message([content], []))
    page.import_button.click()
    said = page.keep_message.value
    assert "did not reach the exercises" in said and "Nothing was changed" in said
    assert page.progress.solved == set()


@pytest.mark.parametrize("value, said", [
    ("nonsense", "Choose a progress file first"), (None, "Choose a progress file first"),
    (5, "Choose a progress file first"), ([1, "x"], "Choose a progress file first"),
    ({"0": {}}, "Choose a progress file first"), ([{"name": "a.json"}], "did not reach"),
    ([{"content": 12}], "did not reach"), ([{"content": None}], "did not reach")])
def test_odd_upload_values_never_raise(page, value, said):
    page.upload._handle_msg({"content": {"data": {"method": "update",
                                                  "state": {"value": value}}},
                             "buffers": []})
    assert page.import_upload() is False
    assert said in page.keep_message.value


def test_an_upload_of_text_content_is_imported_too(page, tmp_path):
    content = exported_elsewhere(tmp_path).decode("utf-8")
    page.upload.value = ({"name": "tarot-progress.json", "content": content},)
    assert page.import_upload() and page.progress.solved == {"ch07-winner"}


def test_an_upload_of_a_file_that_is_not_progress_says_why(page):
    content = b"\x89PNG not a progress file"
    page.upload._handle_msg(upload_message([content], [memoryview(content)]))
    page.import_button.click()
    said = page.keep_message.value
    assert "could not be imported" in said and "Nothing was changed" in said
