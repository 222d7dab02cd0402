"""Small matplotlib charts as inline PNG images, for exercises and pages.

matplotlib is imported only when a chart is drawn, so the widgets also import
where it is missing (the browser's Python): :func:`pyplot` returns None there
and callers fall back to HTML.
"""

from __future__ import annotations

import base64
import io

from .render import escape_text

__all__ = ["pyplot", "figure_png", "png_img", "running_totals_chart"]


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
    styles = ("-o", "--s", "-.^", ":D", "-v")
    for seat in range(len(running[0])):
        values = [0] + [row[seat] for row in running]
        axes.plot(deals, values, styles[seat % len(styles)], label=names[seat])
    axes.axhline(0, color="#888888", linewidth=0.8)
    axes.set_xticks(deals)
    axes.set_xlabel("after deal")
    axes.set_ylabel("points")
    axes.set_title(title)
    axes.legend(loc="best", fontsize="small")
    totals = ", ".join(f"{names[s]} {t:+d}" for s, t in enumerate(running[-1]))
    return png_img(figure_png(figure), f"{title}: a line per player; after {len(running)} "
                                       f"deals {totals}")
