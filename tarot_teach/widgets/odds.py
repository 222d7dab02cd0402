"""Exercises on odds (chapter 13): cards in the dog, suit splits, the defence's trumps.

Every number comes from :mod:`tarot_teach.odds` (exact fractions). Charts are
drawn with matplotlib only when asked for, inside the functions, so this module
imports without matplotlib (in a browser kernel the chart falls back to HTML bars).

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = LikeliestSplitExercise(progress=progress, question=5)
>>> exercise.choice.value = (2, 2, 1); exercise.check().ok
True
>>> read_percent("19,2 %")
Fraction(96, 5)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as widgets

from ..cards import DECK, Card, parse_card, sort_cards
from ..deal import deal_hands
from ..odds import (DOG_SIZES, HAND_SIZES, at_least_longest, dog_at_least, likeliest_patterns,
                    longest_holding, pattern_text, patterns_text, percent, split_patterns,
                    unseen_cards)
from ..rules import RuleSet
from .charts import figure_png, png_img, pyplot
from .base import (AnswerError, Exercise, Feedback, answer_box, cards_line, parse_number,
                   read_number, section_link)
from .render import cards_html, escape_text

__all__ = ["PAGE", "TOLERANCE", "DogQuestion", "read_percent", "check_dog_chance",
           "check_likeliest_split", "likeliest_text", "check_defence_trumps", "split_chart_html",
           "DogChanceExercise", "LikeliestSplitExercise", "DefenceTrumpsExercise", "SplitExplorer"]

PAGE = "13-odds"
TOLERANCE = Fraction(2)
"""An estimate of a percentage is accepted within 2 percentage points of the exact value."""


def read_percent(text) -> Fraction:
    """Read a percentage typed by a learner: ``"10"``, ``"19.2"``, ``"19,2 %"``."""
    raw = "" if text is None else str(text).strip()
    if not raw:
        raise AnswerError("Please type your estimate, as a percentage (for example 12).")
    cleaned = raw.replace("%", "").replace(",", ".").replace(" ", "")
    try:
        value = parse_number(cleaned)  # bounded: never evaluates 1e100000000
    except AnswerError:
        raise AnswerError(f'Please type a percentage, like 12 or 12.5 — "{raw}" is not one.') from None
    if not 0 <= value <= 100:
        raise AnswerError("A chance is between 0% and 100%.")
    return value


@dataclass(frozen=True)
class DogQuestion:
    """The taker's hand and the cards he hopes to find in the dog."""

    players: int
    hand: tuple[Card, ...]
    wanted: tuple[Card, ...]


def check_dog_chance(question: DogQuestion, estimate: Fraction) -> Feedback:
    """Judge an estimate (in percent) of the chance that at least one wanted card is in the dog."""
    players, k = question.players, len(question.wanted)
    exact = dog_at_least(k, 1, players)
    unseen, dog = unseen_cards(players), DOG_SIZES[players]
    details = [f"With {players} players you see your {HAND_SIZES[players]} cards: "
               f"{unseen} are unseen and {dog} of them make the dog."]
    if k == 1:
        details.append(f"One given card is in the dog with chance {dog}/{unseen} = {percent(exact)}.")
    else:
        details.append(f"The chance that none of the {k} is in the dog is "
                       f"{percent(1 - exact)}, so at least one is there with chance "
                       f"{percent(exact)}.")
    section = section_link(PAGE, "a-card-in-the-dog", "A card in the dog")
    if abs(estimate - exact * 100) <= TOLERANCE:
        return Feedback(True, f"Good estimate: the exact chance is {percent(exact)}.", details)
    return Feedback(False, f"Not close enough: the exact chance is {percent(exact)} "
                    f"(estimates within {TOLERANCE} points are accepted).", details, section)


def _pattern_lines(n: int, model: str = "exact") -> list[str]:
    """Every split with its chance, likeliest first; splits exactly as likely as another are
    marked as tied (the chances are compared as exact fractions, not as rounded percentages)."""
    patterns = split_patterns(n, model)
    chances = list(patterns.values())
    return [f"{pattern_text(split)}: {percent(chance)}"
            + (f" (exactly tied: {chance} each)" if chances.count(chance) > 1 else "")
            for split, chance in sorted(patterns.items(), key=lambda item: -item[1])]


def likeliest_text(n: int, model: str = "exact") -> str:
    """The likeliest split in words, ties shown as ties.

    >>> likeliest_text(6)
    '3-2-1 (52.2%)'
    >>> likeliest_text(7, "independent")
    '4-2-1 and 3-2-2, exactly tied (70/243 each, 28.8%)'
    """
    best = likeliest_patterns(n, model)
    chance = split_patterns(n, model)[best[0]]
    if len(best) == 1:
        return f"{pattern_text(best[0])} ({percent(chance)})"
    return f"{patterns_text(best)}, exactly tied ({chance} each, {percent(chance)})"


def check_likeliest_split(n: int, split, model: str = "exact") -> Feedback:
    """Judge the split claimed to be the most likely for ``n`` cards among the defenders.
    When several splits are exactly tied for the top, each of them is right."""
    if split is None:
        raise AnswerError("Choose a split in the list, then Check.")
    best = likeliest_patterns(n, model)
    details = _pattern_lines(n, model)
    split = tuple(split)
    if split in best:
        if len(best) == 1:
            return Feedback(True, f"Right: {pattern_text(split)} is the most likely split.",
                            details)
        others = patterns_text([b for b in best if b != split])
        return Feedback(True, f"Right: {pattern_text(split)} is a most likely split, exactly "
                              f"tied with {others}.", details)
    verb = "is" if len(best) == 1 else "are each"
    return Feedback(False, f"No: {patterns_text(best)} {verb} more likely than "
                           f"{pattern_text(split)}.",
                    details, section_link(PAGE, "suit-splits-among-the-defenders",
                                          "Suit splits among the defenders"))


def check_defence_trumps(hand, answer: int) -> Feedback:
    """Judge the number of trumps the defenders hold, for a taker who discarded no trump."""
    mine = sum(1 for card in hand if card.is_trump)
    theirs = 21 - mine
    details = [f"You hold {mine} trump{'s' if mine != 1 else ''} (the Excuse is not a trump), "
               f"so the defenders hold 21 − {mine} = {theirs}."]
    if theirs:
        half = (theirs + 1) // 2
        details.append(f"Most likely split among them: {likeliest_text(theirs)}; "
                       f"the chance that one defender holds {half} or more is "
                       f"{percent(at_least_longest(theirs, half))}.")
    if answer == theirs:
        return Feedback(True, f"Right: the defence holds {theirs} trumps.", details)
    return Feedback(False, f"Not quite: the defence holds {theirs} trumps, not {answer}.", details,
                    section_link(PAGE, "counting-the-trumps-of-the-defence",
                                 "Counting the trumps of the defence"))


class DogChanceExercise(Exercise):
    """Estimate the chance that at least one of the cards you lack is in the dog."""

    title = "Will the dog help?"
    section = section_link(PAGE, "a-card-in-the-dog", "A card in the dog")

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.answer_box = answer_box("Chance in %:", "e.g. 12")
        return [self.hand_view, self.answer_box]

    def make_question(self, rng: random.Random) -> DogQuestion:
        while True:
            players = rng.choice((3, 4, 4, 4, 5))
            hands, _dog = deal_hands(RuleSet(players=players), rng.getrandbits(32))
            hand = tuple(sort_cards(hands[0]))
            kind = rng.choice(("King", "King", "Queen", "bout"))
            if kind == "bout":
                candidates = [c for c in parse_cards_list("T21 EX T1") if c not in hand]
            else:
                rank = 14 if kind == "King" else 13
                candidates = [c for c in DECK
                              if c.suit.is_plain and c.rank == rank and c not in hand]
            if candidates:
                return DogQuestion(players, hand, tuple(candidates))

    def show_question(self, question: DogQuestion) -> None:
        wanted = cards_html(question.wanted, size="small")
        what = "this card is" if len(question.wanted) == 1 else "at least one of these cards is"
        self.prompt.value = (f"You play with {question.players} players and hold the cards below. "
                             f"Estimate the chance (in %) that {what} in the dog. "
                             f"Answers within {TOLERANCE} points of the exact value are accepted."
                             + wanted)
        self.hand_view.value = cards_html(question.hand, size="small", caption="Your hand")
        self.answer_box.value = ""

    def read_answer(self):
        return read_percent(self.answer_box.value)

    def judge(self, question, answer) -> Feedback:
        return check_dog_chance(question, answer)

    def solution(self, question: DogQuestion) -> str:
        exact = dog_at_least(len(question.wanted), 1, question.players)
        return (f"Wanted: {cards_line(question.wanted)}. With {question.players} players "
                f"{unseen_cards(question.players)} cards are unseen and "
                f"{DOG_SIZES[question.players]} are in the dog: the chance is {percent(exact)}.")


def parse_cards_list(text: str) -> list[Card]:
    """The cards named in ``text`` (a small helper for fixed card groups)."""
    return [parse_card(word) for word in text.split()]


class LikeliestSplitExercise(Exercise):
    """Choose the most likely way a suit splits among the three defenders."""

    title = "Which split is most likely?"
    section = section_link(PAGE, "suit-splits-among-the-defenders",
                           "Suit splits among the defenders")

    def build_inputs(self) -> list:
        self.choice = widgets.Dropdown(options=[("Choose…", None)], value=None,
                                       description="Split:",
                                       layout=widgets.Layout(width="14em", max_width="100%"))
        return [self.choice]

    def make_question(self, rng: random.Random) -> int:
        return rng.randint(3, 12)

    def show_question(self, n: int) -> None:
        self.prompt.value = (f"You took the dog with 4 players. The three defenders hold "
                             f"<b>{n}</b> cards of a suit between them. Which split of those "
                             f"{n} cards is the most likely?")
        options = [("Choose…", None)] + [(pattern_text(split), split)
                                         for split in split_patterns(n)]
        self.choice.options = options
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Choose a split in the list, then Check.")
        return self.choice.value

    def judge(self, n, answer) -> Feedback:
        return check_likeliest_split(n, answer)

    def solution(self, n: int) -> str:
        return f"{likeliest_text(n)}. All splits: " + "; ".join(_pattern_lines(n)) + "."


class DefenceTrumpsExercise(Exercise):
    """Count the trumps the defence holds from the taker's hand."""

    title = "How many trumps does the defence hold?"
    section = section_link(PAGE, "counting-the-trumps-of-the-defence",
                           "Counting the trumps of the defence")

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.answer_box = answer_box("Trumps the defence holds:", "e.g. 9")
        return [self.hand_view, self.answer_box]

    def make_question(self, rng: random.Random) -> tuple[Card, ...]:
        hands, _dog = deal_hands(RuleSet(players=4), rng.getrandbits(32))
        return tuple(sort_cards(hands[rng.randrange(4)]))

    def show_question(self, hand) -> None:
        self.prompt.value = ("You are the taker (4 players). These are your 18 cards after the "
                             "discard, and you discarded no trump. How many trumps do the three "
                             "defenders hold between them?")
        self.hand_view.value = cards_html(hand, size="small", caption="Your hand")
        self.answer_box.value = ""

    def read_answer(self):
        value = read_number(self.answer_box.value, "a number of trumps", allow_half=False)
        if not 0 <= value <= 21:
            raise AnswerError("There are 21 trumps: type a number from 0 to 21.")
        return int(value)

    def judge(self, hand, answer) -> Feedback:
        return check_defence_trumps(hand, answer)

    def solution(self, hand) -> str:
        mine = sum(1 for card in hand if card.is_trump)
        return f"You hold {mine} trumps, so the defence holds 21 − {mine} = {21 - mine}."


def split_chart_png(n: int) -> bytes:
    """A small bar chart (PNG) of the longest defender's holding of ``n`` cards, both models."""
    plt = pyplot()
    if plt is None:
        raise ImportError("matplotlib is not available")

    exact = longest_holding(n, "exact")
    independent = longest_holding(n, "independent")
    sizes = sorted(set(exact) | set(independent))
    fig, ax = plt.subplots(figsize=(4.2, 2.8), dpi=100)
    positions = range(len(sizes))
    ax.bar([p - 0.2 for p in positions], [float(exact.get(s, 0)) * 100 for s in sizes], 0.4,
           label="exact (hands of 18)", color="#0072B2")
    ax.bar([p + 0.2 for p in positions], [float(independent.get(s, 0)) * 100 for s in sizes], 0.4,
           label="each card 1/3 to each", color="#E69F00")
    ax.set_xticks(list(positions), [str(s) for s in sizes])
    ax.set_xlabel("cards in the longest defender's hand")
    ax.set_ylabel("chance (%)")
    ax.set_title(f"The defenders hold {n} cards of a suit")
    ax.legend(fontsize=8)
    return figure_png(fig)


def split_chart_html(n: int) -> str:
    """The chart as an ``<img>`` (base64 PNG), or HTML bars when matplotlib is missing."""
    exact = longest_holding(n, "exact")
    alt = (f"Chance of the longest holding when the defenders hold {n} cards: "
           + ", ".join(f"{size} cards {percent(chance)}" for size, chance in sorted(exact.items())))
    try:
        png = split_chart_png(n)
    except ImportError:
        rows = "".join(
            f'<div style="display:flex;align-items:center;gap:0.4em"><span style="width:2em">'
            f'{size}</span><span style="background:#0072B2;height:0.9em;width:'
            f'{float(chance) * 200:.0f}px"></span><span>{percent(chance)}</span></div>'
            for size, chance in sorted(exact.items()))
        return f'<div role="img" aria-label="{escape_text(alt)}">{rows}</div>'
    return png_img(png, alt)


class SplitExplorer:
    """Change the number of cards: how the defenders' cards of a suit split, exact and simple
    model. (A number box with its label, not a slider: the slider's handle cannot be given a
    name that screen readers read.)"""

    def __init__(self, n: int = 6) -> None:
        self.count = widgets.BoundedIntText(value=n, min=1, max=16,
                                            description="Cards the defence holds:",
                                            style={"description_width": "initial"},
                                            layout=widgets.Layout(width="16em", max_width="100%"))
        self.chart = widgets.HTML()
        self.text = widgets.HTML()
        self.count.observe(lambda _change: self.update(), names="value")
        self.widget = widgets.VBox([self.count, self.chart, self.text],
                                   layout=widgets.Layout(max_width="100%"))
        self.update()

    def update(self) -> None:
        n = self.count.value
        self.chart.value = split_chart_html(n)
        self.text.value = (f"Most likely split: <b>{likeliest_text(n)}</b>; "
                           f"in the simple model: {likeliest_text(n, 'independent')}.")

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display(self.widget)
