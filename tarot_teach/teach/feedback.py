"""What a judge returns: a :class:`Feedback` (right or wrong, and why), or an
:class:`AnswerError` when the learner's input cannot be read as an answer.

Pure Python: no ipywidgets here, so judges run (and are tested) anywhere.

>>> Feedback(True, "Right: 41.").html().startswith('<div role="status"')
True
>>> escape_text("<b>") == "&lt;b&gt;"
True
"""

from __future__ import annotations

import html as _html
from dataclasses import dataclass, field
from typing import Iterable

from ..cards import Card, parse_card, parse_cards, sort_cards
from ..names import sentence

__all__ = ["AnswerError", "Feedback", "section_link", "escape_text", "cards_line", "clip_words",
           "judge_card_set"]


class AnswerError(ValueError):
    """The learner's input cannot be read as an answer; the message says what to enter."""


def escape_text(text) -> str:
    """Text made safe for HTML: whatever a learner types is shown, never interpreted."""
    return _html.escape(str(text), quote=True)


def section_link(page: str, anchor: str = "", title: str = "") -> tuple[str, str]:
    """A link to the part of the book that teaches a rule: ``(title, href)``.

    >>> section_link("03-bouts", "the-target", "The target")
    ('The target', '03-bouts.html#the-target')
    """
    href = f"{page}.html" + (f"#{anchor}" if anchor else "")
    return (title or page, href)


@dataclass
class Feedback:
    """What the learner is told after Check."""

    ok: bool
    message: str
    details: list[str] = field(default_factory=list)
    section: "tuple[str, str] | None" = None
    invalid_input: bool = False

    def html(self) -> str:
        if self.invalid_input:
            colour, mark = "#8a6d00", "⚠"
        elif self.ok:
            colour, mark = "#00734d", "✔"
        else:
            colour, mark = "#b34700", "✘"
        parts = [f'<div role="status" style="color:{colour};font-weight:bold">{mark} '
                 f"{escape_text(self.message)}</div>"]
        if self.details:
            items = "".join(f"<li>{escape_text(line)}</li>" for line in self.details)
            parts.append(f'<ul style="margin:0.3em 0">{items}</ul>')
        if self.section:
            title, href = self.section
            parts.append(f'<div>See <a href="{escape_text(href)}">{escape_text(title)}</a>.</div>')
        return "".join(parts)


def clip_words(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, cut between words with "…" when too long
    (a quoted reason is never cut mid-word).

    >>> clip_words("You hold hearts: you must follow hearts.", 24)
    'You hold hearts: you…'
    >>> clip_words("Short enough.", 24)
    'Short enough.'
    """
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]  # room for "…"
    if not text[limit - 1].isspace() and len(cut.split()) > 1:
        cut = cut.rsplit(None, 1)[0]
    return cut.rstrip(" ,;:—-") + "…"


def cards_line(cards: Iterable["Card | str"]) -> str:
    """Cards as text for feedback lines, trumps named as such.

    >>> cards_line(["KH", "10S", "T21", "EX"])
    'K♥, 10♠, trump 21, the Excuse'
    """
    return ", ".join(parse_card(c).short_name for c in cards)


def judge_card_set(chosen, right, praise: str, participle: str, why_not, why_too,
                   section: "tuple[str, str] | None" = None) -> Feedback:
    """Judge cards claimed to be exactly ``right`` (every card that may be ``participle``).

    A card chosen wrongly is explained by ``why_not(card)`` (the engine's refusal); a card
    missed gets ``why_too(card)``, a short note or ``""``.

    >>> judge_card_set(["KH"], ["KH", "2H"], "you may play", "played", str, lambda c: "").details
    ['2♥ may be played too.']
    """
    chosen, right = set(parse_cards(chosen)), set(parse_cards(right))
    if chosen == right:
        return Feedback(True, f"Right: {praise} {cards_line(sort_cards(right))}.")
    details = [sentence(f"{card.short_name} may not be {participle}: {why_not(card)}")
               for card in sort_cards(chosen - right)]
    details += [sentence(f"{card.short_name} may be {participle} too{why_too(card) or '.'}")
                for card in sort_cards(right - chosen)]
    return Feedback(False, "Not quite.", details, section)
