"""French ↔ English terms (the glossary): which word translates which.

The names of suits, court cards and bids come from the engine (``Suit.french``,
``Card.french_name``, ``Bid.french`` and their English twins); the other words of the
table are listed once in :data:`WORDS`, each as the glossary gives it.

>>> question = TermQuestion("chien", "fr", ("the dog", "the trick", "the taker", "the discard"))
>>> check_term(question, "the dog").ok
True
>>> check_term(question, "the trick").details
['“the trick” is the English for “pli”.']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK, PLAIN_SUITS
from ..rules import Bid
from .feedback import AnswerError, Feedback, section_link

__all__ = ["WORDS", "terms", "TermQuestion", "random_term_question", "check_term", "translate"]

WORDS = (
    ("chien", "the dog"), ("écart", "the discard"), ("preneur", "the taker"),
    ("défense", "the defence"), ("donneur", "the dealer"), ("enchères", "the auction"),
    ("contrat", "the contract"), ("pli", "the trick"), ("entame", "the opening lead"),
    ("fournir", "to follow suit"), ("surcouper", "to overtrump"),
    ("se défausser", "to throw off"), ("chelem", "a slam"), ("poignée", "a handful"),
    ("petit au bout", "the Petit at the end (in the last trick)"), ("atout", "a trump"),
    ("monde", "the 21 of trumps"), ("demi-point", "a half point"), ("marque", "the score sheet"),
    ("appel", "the call (of a King)"), ("seul", "alone"), ("main", "a hand"),
    ("honneur", "an honour (a court card)"), ("petit sec", "a lone Petit"),
)
"""The glossary's words that are not card or bid names: ``(French, English)``."""

SECTION = section_link("appendix-glossary", "french-to-english", "French to English")


def terms() -> tuple[tuple[str, str], ...]:
    """Every ``(French, English)`` pair asked: the engine's names, then :data:`WORDS`.

    >>> ("Garde contre", "Guard against the dog") in terms(), ("carreau", "diamonds") in terms()
    (True, True)
    """
    pairs = [(suit.french, suit.english) for suit in PLAIN_SUITS]
    pairs += [(card.french_name, card.name) for card in DECK
              if card.suit in PLAIN_SUITS and card.rank > 10 and card.suit is PLAIN_SUITS[1]]
    pairs += [(bid.french, bid.english) for bid in Bid
              if bid.french != bid.english and bid is not Bid.PASS]
    return tuple(pairs) + WORDS


def translate(word: str) -> "list[str]":
    """Every translation of ``word`` (French or English) in the table."""
    return ([en for fr, en in terms() if fr == word] + [fr for fr, en in terms() if en == word])


@dataclass(frozen=True)
class TermQuestion:
    """A word to translate, its language (``"fr"`` or ``"en"``), and the choices offered."""

    word: str
    language: str
    choices: tuple[str, ...]


def random_term_question(rng: random.Random, size: int = 4) -> TermQuestion:
    """A term in one language and ``size`` choices in the other, one of them right."""
    pairs = terms()
    french, english = rng.choice(pairs)
    language = rng.choice(("fr", "en"))
    word, right = (french, english) if language == "fr" else (english, french)
    side = 1 if language == "fr" else 0
    others = sorted({pair[side] for pair in pairs} - set(translate(word)))
    choices = [right] + rng.sample(others, size - 1)
    rng.shuffle(choices)
    return TermQuestion(word, language, tuple(choices))


def check_term(question: TermQuestion, answer) -> Feedback:
    """Judge the translation chosen for ``question.word``."""
    if answer not in question.choices:
        raise AnswerError("Choose one of the translations offered, then Check.")
    right = translate(question.word)
    if answer in right:
        return Feedback(True, f"Right: “{question.word}” is “{answer}”.")
    back = translate(answer)
    other = "French" if question.language == "en" else "English"
    details = [f"“{answer}” is the {other} for “{back[0]}”."] if back else []
    return Feedback(False, f"No: “{question.word}” is “{right[0]}”.", details, SECTION)
