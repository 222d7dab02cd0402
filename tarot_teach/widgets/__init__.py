"""Exercise widgets for the book (ipywidgets). Each exercise checks answers with the engine.

>>> from tarot_teach.widgets import EXERCISES
>>> all(issubclass(cls, Exercise) for cls in EXERCISES)
True
"""

from .auction import AuctionExercise, DogFateExercise, MultiplierExercise
from .base import AnswerError, Exercise, Feedback
from .card_picker import CardPicker
from .dealing import DealingOrderExercise, HandSizesExercise, PetitSecExercise, WhoDealsExercise
from .discard import DiscardExercise, DogPointsExercise, ForbiddenDiscardExercise
from .evaluation import BidAdvisor, BidAdvisorExercise, HonourPointsExercise, TrumpPointsExercise
from .excuse import ExchangePointsExercise, ExcuseExercise, ExcuseLeadPlayableExercise
from .guided import GuidedHandWidget
from .odds import DefenceTrumpsExercise, DogChanceExercise, LikeliestSplitExercise, SplitExplorer
from .play import LegalCardExercise, PlayableCardsExercise, TrickWinnerExercise
from .poignee import PoigneeExercise
from .points import (ClickBoutsExercise, ContractExercise, CountPointsExercise, HalfPointExercise,
                     HigherCardExercise, NameThatCardExercise, TargetExercise)
from .progress import Progress
from .render import card_html, cards_html
from .review_exercises import SolverCardExercise, TrumpsOutExercise, VoidSeatsExercise
from .scoring import ScoreDealExercise, ScoreSheetExercise
from .signals import SignalExercise
from .slams import SlamAnnounceExercise, SlamValueExercise
from .table import TableWidget
from .tables import CallExercise, HandfulExercise, OpeningLeadExercise, SplitScoreExercise
from .vocabulary import VocabularyExercise
from .variants import (CosmicPointsExercise, CosmicTrickExercise, GoulashExercise, MisereExercise,
                       VariantScoreExercise)

EXERCISES = (
    NameThatCardExercise, CountPointsExercise, ClickBoutsExercise, HigherCardExercise,
    TargetExercise, ContractExercise, HalfPointExercise, DealingOrderExercise, PetitSecExercise,
    HandSizesExercise, WhoDealsExercise, AuctionExercise, MultiplierExercise, DogFateExercise,
    DiscardExercise, ForbiddenDiscardExercise, DogPointsExercise, PlayableCardsExercise,
    TrickWinnerExercise, LegalCardExercise, ExcuseExercise, ExcuseLeadPlayableExercise,
    ExchangePointsExercise, ScoreDealExercise, ScoreSheetExercise, PoigneeExercise,
    SplitScoreExercise, HandfulExercise, CallExercise, OpeningLeadExercise, TrumpPointsExercise,
    HonourPointsExercise, BidAdvisorExercise, DogChanceExercise, LikeliestSplitExercise,
    DefenceTrumpsExercise, VariantScoreExercise, CosmicPointsExercise, CosmicTrickExercise,
    MisereExercise, GoulashExercise,
    VoidSeatsExercise, TrumpsOutExercise, SolverCardExercise,
    SlamAnnounceExercise, SlamValueExercise, SignalExercise, VocabularyExercise,
)
"""Every exercise class of the book, for tests that treat them all alike."""

__all__ = [cls.__name__ for cls in EXERCISES] + [
    "EXERCISES", "AnswerError", "CardPicker", "Exercise", "Feedback", "Progress", "card_html",
    "cards_html", "GuidedHandWidget", "TableWidget", "BidAdvisor", "SplitExplorer",
]
