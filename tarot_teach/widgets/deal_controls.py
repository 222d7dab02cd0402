"""The small widgets the deal page's viewer, editor and lesson list are made of."""

from __future__ import annotations


import ipywidgets as widgets

from ..names import seat_names
from ..teach.feedback import Feedback
from .table import TableWidget


def _say(area: widgets.HTML, ok: bool, message: str, details=(), invalid: bool = False) -> None:
    area.value = Feedback(ok, message, list(details), invalid_input=invalid).html()


def _box(children=(), classes=()) -> widgets.Box:
    box = widgets.Box(list(children), layout=widgets.Layout(display="flex",
                                                            flex_flow="row wrap",
                                                            max_width="100%"))
    for name in classes:
        box.add_class(name)
    return box


def _button(text: str, tooltip: str = "", classes=(), handler=None) -> widgets.Button:
    button = widgets.Button(description=text, tooltip=tooltip or text,
                            layout=widgets.Layout(width="auto"))
    for name in classes:
        button.add_class(name)
    if handler is not None:
        button.on_click(lambda _b: handler())
    return button


def _message() -> widgets.HTML:
    """Where a widget says what happened (a polite live region on the page: a11y.js)."""
    message = widgets.HTML()
    message.add_class("tt-feedback")
    return message


def _opening(box, opener, text: str, classname: str) -> widgets.Button:
    """``box`` opens what is typed or pasted in it (``opener(text)``) once changed, and by
    the button returned."""
    box.observe(lambda change: opener(change["new"]), names="value")
    return _button(text, text, (classname,), lambda: opener(box.value))


class _Shown:
    """Shown in a notebook as its ``widget``."""

    widget: widgets.Widget

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class _SeatTable(TableWidget):
    """The card table from any seat: the learner's seat is "You", the others keep the
    engine's names (TableWidget names seat 0 "You" whatever the learner's seat)."""

    @property
    def names(self):
        return seat_names(self.players, self.learner)

    @names.setter
    def names(self, value) -> None:  # (TableWidget sets its own list: the seats' are kept)
        pass
