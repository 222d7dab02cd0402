"""Small matplotlib charts as inline PNG images, for exercises and pages.

matplotlib is imported only when a chart is drawn, so the widgets also import
where it is missing (the browser's Python): :func:`pyplot` returns None there
and callers fall back to HTML.
"""

from __future__ import annotations

import base64
import io

from .render import escape_text

__all__ = ["pyplot", "figure_png", "png_img", "running_totals_chart", "chart_lines"]


def pyplot():
    """``matplotlib.pyplot`` with the non-interactive Agg backend, or None if unavailable."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def figure_png(figure) -> bytes:
    """The figure as PNG bytes; the figure is closed."""
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png")
    pyplot().close(figure)
    return buffer.getvalue()


def png_img(png: bytes, alt: str) -> str:
    """An ``<img>`` holding the PNG, scaled to the screen, with alt text."""
    data = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{escape_text(alt)}" '
            f'style="max-width:100%;height:auto">')


def running_totals_chart(running, names, title: str = "Running totals") -> str:
    """A line per player through the running totals (a list of rows, one per deal).

    Returns ``""`` when there is nothing to draw or matplotlib is missing.
    """
    plt = pyplot()
    if plt is None or not running:
        return ""
    figure, axes = plt.subplots(figsize=(4.8, 3.0), dpi=100)
    deals = list(range(0, len(running) + 1))
    lines = chart_lines(running, names)
    for label, values, style in lines:
        axes.plot(deals, values, style, label=label)
    axes.axhline(0, color="#888888", linewidth=0.8)
    axes.set_xticks(deals)
    axes.set_xlabel("after deal")
    axes.set_ylabel("points")
    axes.set_title(title)
    axes.legend(loc="best", fontsize="small")
    totals = ", ".join(f"{names[s]} {t:+d}" for s, t in enumerate(running[-1]))
    shared = "".join(f"; {label} all along" for label, _, _ in lines if " = " in label)
    return png_img(figure_png(figure), f"{title}: a line per player{shared}; after "
                                       f"{len(running)} deals {totals}")


_STYLES = ("-o", "--s", "-.^", ":D", "-v")


def chart_lines(running, names) -> list[tuple[str, list, str]]:
    """The lines of :func:`running_totals_chart`: ``(label, values from 0, style)``, one per
    player, except that players whose totals were equal after every deal (the defenders,
    often) share one line labelled ``East = South = West``, so no line hides another.

    >>> [(label, values) for label, values, _ in chart_lines([[30, -10, -10, -10]], "NESW")]
    [('N', [0, 30]), ('E = S = W', [0, -10])]
    """
    groups: dict[tuple, list[int]] = {}
    for seat in range(len(running[0])):
        groups.setdefault(tuple(row[seat] for row in running), []).append(seat)
    return [(" = ".join(names[seat] for seat in seats), [0, *values],
             _STYLES[seats[0] % len(_STYLES)]) for values, seats in groups.items()]
