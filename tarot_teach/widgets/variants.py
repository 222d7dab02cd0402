"""Exercises for chapter 30, variants and house rules (RULES.md §11–§12).

Every figure comes from the engine: :func:`tarot_teach.score` with the deal summary's
``variant`` for the scoring tables and Cosmic Tribe, :func:`tarot_teach.scoring.score_goulash`
for a goulash, :func:`tarot_teach.game.misere_kinds` for the misères and
:func:`tarot_teach.trick_winner` with a rule set for Cosmic Tribe's order of the pips.

>>> from tarot_teach.widgets.progress import Progress
>>> import tempfile, pathlib
>>> progress = Progress(pathlib.Path(tempfile.mkdtemp()) / "p.json")
>>> exercise = VariantScoreExercise(progress=progress, seed=1)
>>> exercise.box.value = str(score(exercise.question)["hand_score"])
>>> exercise.check().ok
True
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..cards import DECK, parse_card, sort_cards
from ..game import misere_kinds, misere_problem
from ..rules import Bid, RuleSet
from ..scoring import explain_score, score, score_goulash
from ..tricks import trick_winner
from ..variants import COSMIC_THIRDS, SCORING_TABLES, cosmic_name, format_points
from .base import AnswerError, Exercise, Feedback, read_number, section_link
from .render import cards_html, escape_text

__all__ = ["VARIANT_SCORINGS", "side_by_side", "side_by_side_html", "random_variant_summary",
           "check_variant_score", "VariantScoreExercise", "check_cosmic_points",
           "CosmicPointsExercise", "check_cosmic_trick", "CosmicTrickExercise",
           "check_misere", "MisereExercise", "check_goulash", "GoulashExercise"]

PAGE = "30-variants"

VARIANT_SCORINGS = (
    ("FFT", {}),
    ("Pousse bid in use", {"pousse": True}),
    ("Old poignée scale", {"old_handful_scale": True}),
    ("Petit chelem", {"petit_chelem": True}),
    ("Fixed bases (Norwegian article)", {"alternative_scoring": "fixed_bases"}),
    ("Guard against ×8 (Norwegian article)", {"alternative_scoring": "garde_contre_x8"}),
    ("Round tens (German rules text)", {"alternative_scoring": "round_tens"}),
    ("Guard against ×5 (German rules text)", {"alternative_scoring": "garde_contre_x5"}),
    ("Pousse doubling (German rules text)", {"alternative_scoring": "pousse_doubling", "pousse": True}),
)
"""The four-player scoring variants, by a short title, as ``variant`` objects."""


def side_by_side(summary: dict) -> list[tuple[str, dict, list[str]]]:
    """One deal summary scored under FFT and each scoring variant: ``(title, result, working)``.

    >>> rows = side_by_side({"bid": "guard", "taker_points": 49, "taker_bouts": 2,
    ...                      "petit_au_bout": "taker", "poignees": ["simple"]})
    >>> [(title, result["hand_score"]) for title, result, _ in rows][:3]
    [('FFT', 106), ('Pousse bid in use', 106), ('Old poignée scale', 106)]
    """
    rows = []
    for title, variant in VARIANT_SCORINGS:
        facts = dict(summary, variant=dict(summary.get("variant") or {}, **variant))
        rows.append((title, score(facts), explain_score(facts)))
    return rows


def side_by_side_html(summary: dict) -> str:
    """:func:`side_by_side` as boxes that wrap on a phone (no wide table)."""
    boxes = []
    for title, result, lines in side_by_side(summary):
        working = "".join(f"<li>{escape_text(line)}</li>" for line in lines)
        boxes.append(
            '<div style="border:1px solid #ccc;border-radius:6px;padding:0.4em 0.6em;'
            'margin:0.3em;flex:1 1 16em;max-width:100%">'
            f"<b>{escape_text(title)}</b>: s = {result['hand_score']}, taker "
            f"{result['taker']:+d}, each defender {result['each_defender']:+d}"
            f'<details><summary>working</summary><ul style="margin:0.2em 0;padding-left:1.2em">'
            f"{working}</ul></details></div>")
    return '<div style="display:flex;flex-wrap:wrap">' + "".join(boxes) + "</div>"


# ----- scoring under another table ------------------------------------------------------------

_TABLE_CHOICES = ("fixed_bases", "garde_contre_x8", "round_tens", "garde_contre_x5",
                  "pousse_doubling")


def random_variant_summary(rng: random.Random) -> dict:
    """A four-player deal summary with one of the alternative scoring tables.

    >>> summary = random_variant_summary(random.Random(3))
    >>> summary["variant"]["alternative_scoring"] in SCORING_TABLES
    True
    """
    name = rng.choice(_TABLE_CHOICES)
    variant = {"alternative_scoring": name}
    bids = ["take", "guard", "guard_without", "guard_against"]
    if name in ("pousse_doubling", "fixed_bases", "garde_contre_x5") and rng.random() < 0.4:
        variant["pousse"] = True
        bids.append("pousse")
    bouts = rng.choice([0, 1, 1, 2, 2, 3])
    target = RuleSet().targets[bouts]
    points = max(int(4.5 * bouts) + 3, min(88, target + rng.randint(-15, 18)))
    petit = rng.choice([None, None, None, "taker", "defence"]) if 0 < bouts < 3 else None
    poignees = ["simple"] if rng.random() < 0.25 else []
    summary = {"players": 4, "bid": rng.choice(bids), "taker_points": points,
               "taker_bouts": bouts, "petit_au_bout": petit, "poignees": poignees,
               "variant": variant}
    score(summary)  # checked by the engine
    return summary


def describe_variant_summary(summary: dict) -> list[str]:
    """The facts of the deal and the table in force, in words."""
    table = SCORING_TABLES[summary["variant"]["alternative_scoring"]]
    bouts = summary["taker_bouts"]
    lines = [f"Scoring table: {table.summary} ({table.source})",
             f"Contract: {Bid.parse(summary['bid']).english}.",
             f"The taker's pile: {summary['taker_points']} points with {bouts} "
             f"bout{'s' if bouts != 1 else ''}."]
    if summary.get("petit_au_bout"):
        lines.append(f"Petit au bout: won by the {summary['petit_au_bout']}.")
    if summary.get("poignees"):
        lines.append("Handful (poignée) declared: " + ", ".join(summary["poignees"]) + ".")
    return lines


def check_variant_score(summary: dict, hand_score: int) -> Feedback:
    """Judge a hand score ``s`` under the summary's scoring table.

    >>> summary = {"bid": "guard", "taker_points": 56, "taker_bouts": 2,
    ...            "variant": {"alternative_scoring": "round_tens"}}
    >>> check_variant_score(summary, 100).ok
    True
    >>> feedback = check_variant_score(summary, 95); feedback.ok, feedback.details[2]
    (False, 'This table rounds the margin to the nearest 10: 20.')
    """
    result = score(summary)
    if hand_score == result["hand_score"]:
        return Feedback(True, f"Right: s = {result['hand_score']} under this table; the taker "
                        f"gets {result['taker']:+d} in all.")
    return Feedback(False, f"Not quite: under this table s = {result['hand_score']}, not "
                    f"{hand_score}. The working:", explain_score(summary),
                    section_link(PAGE, "other-scoring-tables", "Other scoring tables"))


class VariantScoreExercise(Exercise):
    """Score a deal under one of the alternative tables (seed 001, seed 003)."""

    title = "Score it under another table"
    section = section_link(PAGE, "other-scoring-tables", "Other scoring tables")

    def build_inputs(self) -> list:
        self.facts = widgets.HTML()
        self.box = widgets.Text(placeholder="e.g. 100", description="s =",
                                layout=widgets.Layout(width="12em"))
        return [self.facts, self.box]

    def make_question(self, rng: random.Random) -> dict:
        return random_variant_summary(rng)

    def show_question(self, question: dict) -> None:
        self.prompt.value = ("Four players. What is the hand score <i>s</i> from the taker's "
                             "side (with its sign) under this scoring table?")
        items = "".join(f"<li>{escape_text(line)}</li>"
                        for line in describe_variant_summary(question))
        self.facts.value = f'<ul style="margin:0.3em 0">{items}</ul>'
        self.box.value = ""

    def read_answer(self) -> int:
        return int(read_number(self.box.value, "the hand score s", allow_half=False))

    def judge(self, question: dict, answer: int) -> Feedback:
        return check_variant_score(question, answer)

    def solution(self, question: dict) -> str:
        return "\n".join(explain_score(question))


# ----- Cosmic Tribe: tricky points ------------------------------------------------------------


def check_cosmic_points(cards, answer) -> Feedback:
    """Judge the tricky points of a pile in Cosmic Tribe (1 per three cards, courts 1-4, keys 4).

    >>> check_cosmic_points(["KH", "2H", "3H"], 5).ok
    True
    >>> check_cosmic_points(["KH", "2H", "3H"], 4).details[0]
    'Three cards make one tierce: 1 point.'
    """
    cards = [parse_card(c) for c in cards]
    thirds = sum(COSMIC_THIRDS[c.index] for c in cards)
    right = format_points(thirds, 3)
    details = [f"{_number(len(cards))} cards make {_tierces(len(cards))}."]
    for card in cards:
        extra = (COSMIC_THIRDS[card.index] - 1) // 3
        if extra:
            details.append(f"{cosmic_name(card)}: +{extra}.")
    details.append(f"In all: {right} tricky points.")
    if answer == sum(COSMIC_THIRDS[c.index] for c in cards) / 3 or str(answer) == right:
        return Feedback(True, f"Right: {right} tricky points.", details[-1:])
    return Feedback(False, f"Not quite: the pile is worth {right} tricky points, not {answer}.",
                    details, section_link(PAGE, "cosmic-tribe", "Cosmic Tribe"))


def _number(count: int) -> str:
    words = {3: "Three", 6: "Six", 9: "Nine", 12: "Twelve"}
    return words.get(count, str(count))


def _tierces(count: int) -> str:
    whole = count // 3
    return f"{'one tierce' if whole == 1 else f'{whole} tierces'}: {whole} point{'s' if whole != 1 else ''}"


class CosmicPointsExercise(Exercise):
    """Count a Cosmic Tribe pile in tricky points."""

    title = "Count the tricky points"
    section = section_link(PAGE, "cosmic-tribe", "Cosmic Tribe")

    def build_inputs(self) -> list:
        self.cards_view = widgets.HTML()
        self.box = widgets.Text(placeholder="e.g. 7", description="points:",
                                layout=widgets.Layout(width="12em"))
        return [self.cards_view, self.box]

    def make_question(self, rng: random.Random) -> tuple:
        count = rng.choice([3, 6, 6, 9])
        return tuple(str(c) for c in rng.sample(DECK, count))

    def show_question(self, question) -> None:
        self.prompt.value = ("Cosmic Tribe counting: how many tricky points is this pile worth? "
                             "(1 point for every three cards, Archon 4, Shaman 3, Marvel 2, "
                             "Practician 1, each key 4.)")
        names = ", ".join(cosmic_name(c) for c in question)
        self.cards_view.value = cards_html(question, caption="In Cosmic Tribe names: " + names)
        self.box.value = ""

    def read_answer(self):
        return read_number(self.box.value, "the tricky points", allow_half=False)

    def judge(self, question, answer) -> Feedback:
        return check_cosmic_points(question, answer)

    def solution(self, question) -> str:
        return "\n".join(check_cosmic_points(question, None).details)


# ----- Cosmic Tribe: who wins the trick --------------------------------------------------------

_COSMIC = RuleSet(players=3, cosmic_tribe=True)


def check_cosmic_trick(trick, chosen) -> Feedback:
    """Judge which card wins a three-card trick in Cosmic Tribe.

    >>> check_cosmic_trick(["9S", "2S", "4S"], "2S").ok
    True
    >>> check_cosmic_trick(["9S", "2S", "4S"], "9S").message
    'Not quite: 2 of Air wins. In Fire and Air the pips run from 10 (lowest) up to 1 (highest), below the courts.'
    """
    winner = trick_winner(trick, _COSMIC)
    chosen = parse_card(chosen)
    if chosen is winner:
        return Feedback(True, f"Right: {cosmic_name(winner)} wins the trick.")
    why = ("In Fire and Air the pips run from 10 (lowest) up to 1 (highest), below the courts."
           if winner.suit.value in "CS" and not winner.is_court else
           "Earth and Water keep the usual order, 1 lowest up to 10; the courts are above the "
           "pips, and any trump beats a plain card.")
    return Feedback(False, f"Not quite: {cosmic_name(winner)} wins. {why}", [],
                    section_link(PAGE, "cosmic-tribe", "Cosmic Tribe"))


class CosmicTrickExercise(Exercise):
    """Which card wins this Cosmic Tribe trick? (Pips in Fire and Air run the other way.)"""

    title = "Who wins in Cosmic Tribe?"
    section = section_link(PAGE, "cosmic-tribe", "Cosmic Tribe")

    def build_inputs(self) -> list:
        self.trick_view = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[], description="")
        return [self.trick_view, self.choice]

    def make_question(self, rng: random.Random) -> tuple:
        suit = rng.choice("CSCSHD")
        pips = rng.sample(range(1, 11), 3)
        cards = [f"{rank}{suit}" for rank in pips]
        if rng.random() < 0.25:  # a court or another suit now and then
            cards[rng.randrange(1, 3)] = rng.choice([f"J{suit}", f"{rng.randint(1, 10)}"
                                                     f"{'H' if suit != 'H' else 'D'}"])
        return tuple(cards)

    def show_question(self, question) -> None:
        self.prompt.value = ("Cosmic Tribe, three players. The first card was led; "
                             "which card wins the trick?")
        self.trick_view.value = cards_html(question, caption="In play order: " + ", ".join(
            cosmic_name(c) for c in question))
        self.choice.options = [(cosmic_name(c), c) for c in question]
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Please choose the card that wins the trick.")
        return self.choice.value

    def judge(self, question, answer) -> Feedback:
        return check_cosmic_trick(question, answer)

    def solution(self, question) -> str:
        return f"{cosmic_name(trick_winner(question, _COSMIC))} wins the trick."


# ----- misère ---------------------------------------------------------------------------------

_MISERE_CHOICES = (("No misère", ()), ("Trump misère", ("trumps",)),
                   ("Honours misère", ("honours",)), ("Both misères", ("trumps", "honours")))


def check_misere(hand, kinds) -> Feedback:
    """Judge which misères a hand may declare.

    >>> check_misere(["KH", "2S", "3C"], ("trumps",)).ok
    True
    >>> check_misere(["KH", "T2", "3C"], ("trumps",)).details
    ['A trumps misère needs a hand with no trump and no Excuse; this hand holds trump 2.', 'An honours misère needs a hand with no face card and no bout; this hand holds K♥.']
    """
    right = tuple(misere_kinds(hand))
    if tuple(sorted(kinds)) == tuple(sorted(right)):
        names = " and ".join(right) if right else "none"
        return Feedback(True, f"Right: misère allowed — {names}.")
    details = [problem for kind in ("trumps", "honours")
               if (problem := misere_problem(hand, kind))]
    message = ("Not quite: this hand may declare " + (" and ".join(
        f"the {kind} misère" for kind in right) if right else "no misère") + ".")
    return Feedback(False, message, details,
                    section_link(PAGE, "a-bonus-for-a-poor-hand", "A bonus for a poor hand"))


class MisereExercise(Exercise):
    """May this hand declare a misère, and which?"""

    title = "Misère or not?"
    section = section_link(PAGE, "a-bonus-for-a-poor-hand", "A bonus for a poor hand")

    def build_inputs(self) -> list:
        self.hand_view = widgets.HTML()
        self.choice = widgets.RadioButtons(options=[title for title, _ in _MISERE_CHOICES],
                                           value=None)
        return [self.hand_view, self.choice]

    def make_question(self, rng: random.Random) -> tuple:
        kind = rng.choice(["trumps", "honours", "none", "none"])
        pool = [c for c in DECK if kind == "none"
                or (kind == "trumps" and not (c.is_trump or c.is_excuse))
                or (kind == "honours" and not (c.is_court or c.is_bout))]
        hand = rng.sample(pool, 18)
        if kind == "none" and rng.random() < 0.5:
            # nearly a misère: one spoiling card
            clean = [c for c in DECK if not (c.is_trump or c.is_excuse)]
            hand = rng.sample(clean, 17) + [rng.choice([c for c in DECK if c.is_trump])]
        return tuple(str(c) for c in hand)

    def show_question(self, question) -> None:
        self.prompt.value = ("Misère variant, four players. Just before your first card: "
                             "which misère may you declare with this hand?")
        self.hand_view.value = cards_html(sort_cards(question))
        self.choice.value = None

    def read_answer(self):
        if self.choice.value is None:
            raise AnswerError("Please choose one of the answers.")
        return dict(_MISERE_CHOICES)[self.choice.value]

    def judge(self, question, answer) -> Feedback:
        return check_misere(question, answer)

    def solution(self, question) -> str:
        kinds = misere_kinds(question)
        lines = [f"Allowed: {' and '.join(kinds) if kinds else 'no misère'}."]
        lines += [p for kind in ("trumps", "honours") if (p := misere_problem(question, kind))]
        return "\n".join(lines)


# ----- goulash --------------------------------------------------------------------------------


def check_goulash(half_points, seat: int, answer: int) -> Feedback:
    """Judge a seat's score in a goulash, from each seat's points (in half points).

    >>> check_goulash([20, 61, 40, 41], 0, 40).ok
    True
    """
    scores, lines = score_goulash(half_points)
    if answer == scores[seat]:
        return Feedback(True, f"Right: {scores[seat]:+d}.", [lines[len(half_points) + seat]])
    return Feedback(False, f"Not quite: seat {seat} scores {scores[seat]:+d}, not {answer}.",
                    list(lines), section_link(PAGE, "goulash", "Goulash"))


class GoulashExercise(Exercise):
    """Everybody passed, the deal was played as a goulash: what does one player score?"""

    title = "Settle a goulash"
    section = section_link(PAGE, "goulash", "Goulash")

    def build_inputs(self) -> list:
        self.facts = widgets.HTML()
        self.box = widgets.Text(placeholder="e.g. -12", description="score:",
                                layout=widgets.Layout(width="12em"))
        return [self.facts, self.box]

    def make_question(self, rng: random.Random) -> tuple:
        dog = rng.randint(3, 14)  # the dog's half points stay aside
        cuts = sorted(rng.sample(range(1, 182 - dog), 3))
        halves = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 182 - dog - cuts[2]]
        return tuple(halves), rng.randrange(4)

    def show_question(self, question) -> None:
        halves, seat = question
        self.prompt.value = (f"Goulash, four players: everybody passed and the deal was played "
                             f"out. The points each seat took are below. What does seat {seat} "
                             "score (with its sign)?")
        items = "".join(f"<li>Seat {s}: {format_points(h, 2)} points</li>"
                        for s, h in enumerate(halves))
        self.facts.value = f'<ul style="margin:0.3em 0">{items}</ul>'
        self.box.value = ""

    def read_answer(self) -> int:
        return int(read_number(self.box.value, "the score", allow_half=False))

    def judge(self, question, answer) -> Feedback:
        halves, seat = question
        return check_goulash(halves, seat, answer)

    def solution(self, question) -> str:
        halves, seat = question
        return "\n".join(score_goulash(halves)[1])
