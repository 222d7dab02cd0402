"""The exercises' judges, apart from their widgets: question generators and
question → verdict functions, pure Python with no ipywidgets import.

Each judge asks the engine (legality, scores, points) and returns a
:class:`Feedback`; input that cannot be read raises :class:`AnswerError` (a
``ValueError``) with a message for the learner. One module per topic
(``points``, ``dealing``, ``auction``, ``discard``, ``play``, ``excuse``,
``scoring``, ``tables``, ``poignee``, ``evaluation``, ``variants``); the widgets
in ``tarot_teach.widgets`` are thin shells around them.

>>> from tarot_teach.teach import parse_number, points
>>> points.check_target(["T21", "EX", "3H"], parse_number("41")).ok
True
"""

from . import (auction, dealing, discard, evaluation, excuse, play, poignee, points, scoring,
               tables, variants)
from .feedback import AnswerError, Feedback, cards_line, escape_text, judge_card_set, section_link
from .inputs import MAX_DIGITS, MAX_TEXT, half_text, parse_number, read_number, read_text

__all__ = ["AnswerError", "Feedback", "cards_line", "escape_text", "judge_card_set",
           "section_link", "MAX_DIGITS", "MAX_TEXT", "half_text", "parse_number", "read_number",
           "read_text", "auction", "dealing", "discard", "evaluation", "excuse", "play", "poignee",
           "points", "scoring", "tables", "variants"]
