"""Text worked out by the engine, shown on a page as prose that wraps.

A page's ``print`` lands in a grey box of monospace text that does not wrap: a long
rule sentence is cut off, worse on a phone. :func:`say` shows the same text as HTML
paragraphs instead, one per line of the text, escaped (never interpreted).

>>> prose_html("Target: 41 points.\\nMade by 2 <so> +27.")
'<div class="tt-prose"><p style="margin:0.2em 0">Target: 41 points.</p><p style="margin:0.2em 0">Made by 2 &lt;so&gt; +27.</p></div>'
"""

from __future__ import annotations

from ..teach.feedback import escape_text

__all__ = ["prose_html", "say"]


def prose_html(*parts, sep: str = " ") -> str:
    """``parts`` joined as ``print`` would join them, each line as a wrapping paragraph."""
    text = sep.join(str(part) for part in parts)
    paragraphs = "".join(f'<p style="margin:0.2em 0">{escape_text(line)}</p>'
                         for line in text.split("\n") if line.strip())
    return f'<div class="tt-prose">{paragraphs}</div>'


def say(*parts, sep: str = " ") -> None:
    """Show text on the page as prose (a drop-in for ``print`` in a page's cells)."""
    from IPython.display import HTML, display
    display(HTML(prose_html(*parts, sep=sep)))
