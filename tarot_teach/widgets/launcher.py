"""A heavy exercise built on first use (:class:`Launcher`): the card table's and the guided
hands' place on a page until the learner opens them."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

__all__ = ["Launcher"]


class Launcher:
    """A heavy exercise built on first use: a summary line and one button in its place;
    :meth:`open` builds it (``build()``, once) and shows it instead.

    A card table is about a hundred widget models, a guided hand more: built only when
    opened, a page of many comes alive quickly. Subclasses give ``build`` (it returns an
    object with a ``.widget``) and say whether to open at once (a saved game, say).

    >>> from types import SimpleNamespace
    >>> class Note(Launcher):
    ...     def build(self):
    ...         return SimpleNamespace(widget=widgets.HTML("the note"))
    >>> note = Note("<b>A note</b>", "Read it")
    >>> note.built is None, note.open_button.description
    (True, 'Read it')
    >>> note.open_button.click(); note.widget.children == (note.built.widget,)
    True
    >>> note.widget._dom_classes  # (no longer "closed")
    ()

    A build that fails says so in place (the button tries again), never a silent button:

    >>> class Broken(Launcher):
    ...     def build(self):
    ...         raise ValueError("a bug")
    >>> broken = Broken("<b>A note</b>", "Read it"); broken.open_button.click()
    >>> "could not be set up (ValueError)" in broken.summary.value, broken.built is None
    (True, True)
    """

    def __init__(self, summary_html: str, button_text: str, *, tooltip: str = "",
                 button_class: str = "tt-open", closed_class: str = "tt-closed",
                 opened: bool = False) -> None:
        self.built: Any = None
        self.summary_html = summary_html
        self.summary = widgets.HTML(summary_html)
        self.open_button = widgets.Button(description=button_text, button_style="primary",
                                          tooltip=tooltip or button_text,
                                          layout=widgets.Layout(width="auto"))
        self.open_button.add_class(button_class)
        self.open_button.on_click(lambda _button: self.open())
        self.widget = widgets.VBox([self.summary, self.open_button],
                                   layout=widgets.Layout(border="1px solid #ccc",
                                                         padding="0.5em", max_width="100%"))
        self.closed_class = closed_class
        self.widget.add_class(closed_class)
        if opened:
            self.open()

    def build(self) -> Any:
        """The exercise itself (with a ``.widget``), made when first opened."""
        raise NotImplementedError

    def open(self) -> None:
        """Build the exercise (once) and show it in place of the summary."""
        if self.built is None:
            try:
                self.built = self.build()
            except Exception as error:  # a bug must not show a traceback to a learner
                self.summary.value = (
                    f"{self.summary_html}<br><b>Sorry, this could not be set up "
                    f"({type(error).__name__}).</b> Press the button to try again, or "
                    "reload the page.")
                return
        self.widget.children = (self.built.widget,)
        self.widget.layout = widgets.Layout()
        self.widget.remove_class(self.closed_class)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
