"""Exercise widgets for the book (ipywidgets). Each exercise checks answers with the engine.

Import the exercise classes from here::

    from tarot_teach.widgets import PlayableCardsExercise
    PlayableCardsExercise(seed=1)
"""

from .base import AnswerError, CardPicker, Exercise, Feedback
from .play import PlayableCardsExercise, TrickWinnerExercise
from .progress import Progress
from .render import card_html, cards_html

__all__ = ["AnswerError", "CardPicker", "Exercise", "Feedback", "PlayableCardsExercise",
           "TrickWinnerExercise", "Progress", "card_html", "cards_html"]
