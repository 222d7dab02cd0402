"""The progress file as the page's upload sends it: :class:`ProgressUpload` and
:func:`file_content`."""

from __future__ import annotations

import ipywidgets as widgets
import traitlets

__all__ = ["ProgressUpload", "file_content"]


def _files_as_sent(value, _widget) -> tuple:
    """An upload's value as the page sent it (dicts; a file's ``content`` may be missing)."""
    return tuple(dict(f) for f in value if isinstance(f, dict)) if isinstance(
        value, (list, tuple)) else ()


class ProgressUpload(widgets.FileUpload):
    """ipywidgets' FileUpload whose value is never refused: its own reading raised
    ``KeyError: 'content'`` in the kernel when a file's content did not come with it."""

    value = traitlets.Tuple(help="The chosen files, as the page sent them").tag(
        sync=True, echo_update=False, from_json=_files_as_sent,
        to_json=lambda value, _widget: [dict(f) for f in value])


def file_content(entry) -> "bytes | str | None":
    """The content of one file of an upload's value, or None if there is none.

    >>> file_content({"content": memoryview(b"{}")}), file_content({"name": "a.json"})
    (b'{}', None)
    """
    content = entry.get("content") if isinstance(entry, dict) else None
    if isinstance(content, (bytes, bytearray, memoryview)):  # (a memoryview in Pyodide too)
        return bytes(content)
    return content if isinstance(content, str) else None
