"""A deal reviewed decision by decision, and three exercises in reading the table.

:class:`ReviewWidget` runs the coach (:func:`tarot_teach.coach.review`) on a finished deal
for one seat, with a progress bar while it works, and shows one row per decision — what
was chosen, the best choices, the points lost, the band (a word and a mark, never colour
alone) and why — with a chart of the points lost per trick drawn in SVG (no matplotlib,
so it draws in the browser's Python too). A review that cannot be made says so in words.

The exercises ask what a seat can tell from the table: which players have shown a void
(:func:`tarot_teach.inference.inferences`), how many trumps are still out, and which card
the open-hand solver plays (:func:`tarot_teach.solver.card_values`). Their judges are the
pure functions :func:`check_void_seats`, :func:`check_trumps_out` and
:func:`check_solver_card`.

>>> from fractions import Fraction
>>> from tarot_teach.coach import Band, ReviewEntry
>>> entry = ReviewEntry("card", 3, "KH", ("KH",), Fraction(0), Band.BEST, "Well done.", True)
>>> "Trick 3" in review_html([entry]) and 'aria-label="King of hearts"' in review_html([entry])
True
>>> band_mark(Band.BLUNDER)
'??'
>>> points_text(Fraction(5, 2))
'2.5'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import ipywidgets as widgets

from .. import coach
from ..cards import DECK, TRUMP_MASK, Card, Suit, PLAIN_SUITS, parse_card
from ..errors import IllegalAction, InvalidRecord
from ..game import GameState
from ..inference import inferences
from ..players import ComputerPlayer
from ..rules import Bid, Phase, RuleSet
from ..solver import best_line, card_values
from .base import AnswerError, CardPicker, Exercise, Feedback, read_number, section_link
from .render import PLAYER_NAMES, cards_html, escape_text

__all__ = ["ReviewWidget", "review_html", "points_lost_chart", "band_mark", "points_text",
           "BAND_MARKS", "REVIEW_SAMPLES", "VoidQuestion", "void_question", "check_void_seats",
           "VoidSeatsExercise", "TrumpsQuestion", "trumps_question", "trumps_out",
           "check_trumps_out", "TrumpsOutExercise", "SolverQuestion", "solver_question",
           "check_solver_card", "SolverCardExercise", "seat_names"]

REVIEW_SAMPLES = 8
"""Deals sampled per early decision in a review from the book (fewer than the coach's
default, so that a review in the browser finishes in reasonable time)."""

BAND_MARKS = {
    coach.Band.BEST: ("✔", "#00734d"),
    coach.Band.GOOD: ("✓", "#0072B2"),
    coach.Band.INACCURACY: ("?!", "#8a6d00"),
    coach.Band.MISTAKE: ("?", "#b34700"),
    coach.Band.BLUNDER: ("??", "#a50f15"),
}
"""Each band's mark (told apart by its shape, as chess annotations are) and a dark colour
(readable on white) that only repeats what the mark and the word say."""

_KIND_WORDS = {"bid": "Bid", "call": "Call", "discard": "Discard",
               "declaration": "Declaration"}
_DECLARATION_WORDS = {"chelem": "Announce a slam", "petit_chelem": "Announce a petit chelem",
                      "no_chelem": "No slam", "poignee:simple": "Show a single poignée",
                      "poignee:double": "Show a double poignée",
                      "poignee:triple": "Show a triple poignée"}


def band_mark(band: "coach.Band") -> str:
    """The mark of a band: ``✔`` best, ``✓`` good, ``?!`` inaccuracy, ``?`` mistake,
    ``??`` blunder."""
    return BAND_MARKS[band][0]


def points_text(value: Fraction) -> str:
    """Card points as the book writes them: ``3``, ``2.5``, or one decimal for an average."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{value.numerator // 2}.5" if value > 0 else f"{float(value):.1f}"
    return f"{float(value):.1f}"


def seat_names(players: int, learner: "int | None" = None) -> list[str]:
    """The book's names for the seats, ``You`` for the learner's seat.

    >>> seat_names(4, 2)
    ['Ada', 'Bruno', 'You', 'Dmitri']
    """
    return ["You" if seat == learner else PLAYER_NAMES[seat] for seat in range(players)]


def _band_html(band: "coach.Band") -> str:
    mark, colour = BAND_MARKS[band]
    return (f'<span style="white-space:nowrap;font-weight:bold;color:{colour}">'
            f'<span aria-hidden="true">{escape_text(mark)}</span> {escape_text(band.label)}</span>')


def _action_html(kind: str, text: str, rules=None) -> str:
    """One action as the book shows it: cards as pictures, a bid or a declaration in words."""
    if kind in ("card", "call", "discard"):
        try:
            cards = [parse_card(token) for token in text.split()]
        except ValueError:
            cards = []
        if cards:
            return cards_html(cards, size="small", rules=rules)
    if kind == "bid":
        try:
            return escape_text(Bid.parse(text).english)
        except ValueError:
            pass
    return escape_text(_DECLARATION_WORDS.get(text, text))


def _decision_words(entry) -> str:
    return f"Trick {entry.trick}" if entry.kind == "card" and entry.trick else \
        _KIND_WORDS.get(entry.kind, entry.kind)


def review_summary(entries) -> str:
    """One line: how many decisions fell in each band, and the card points lost in all.

    >>> review_summary([])
    'No decision to review.'
    """
    if not entries:
        return "No decision to review."
    counts = {band: sum(1 for e in entries if e.band is band) for band in coach.Band}
    parts = [f"{count} {band.label.lower()}" for band, count in counts.items() if count]
    lost = sum((e.points_lost for e in entries), Fraction(0))
    return (f"{len(entries)} decisions: " + ", ".join(parts)
            + f". Card points lost in all: {points_text(lost)}.")


def review_html(entries, rules=None) -> str:
    """The review: a summary line, the chart of points lost per trick, and one row per
    decision (class ``tt-review-row``) that wraps on a narrow screen."""
    rows = []
    for entry in entries:
        best = "".join(f'<span style="display:inline-block">{_action_html(entry.kind, b, rules)}'
                       f"</span>" for b in entry.best)
        lost = points_text(entry.points_lost)
        if not entry.exact and entry.points_lost:
            lost = f"about {lost}"
        how = "exact, every hand open" if entry.exact else "estimated over sampled deals"
        rows.append(
            f'<div class="tt-review-row" role="listitem" style="border-top:1px solid #ddd;'
            f'padding:0.3em 0;display:flex;flex-wrap:wrap;align-items:center;gap:0.2em 1em">'
            f'<div style="min-width:5.5em"><b>{escape_text(_decision_words(entry))}</b></div>'
            f'<div style="display:flex;align-items:center;gap:0.3em;min-width:7em">Chosen '
            f"{_action_html(entry.kind, entry.chosen, rules)}</div>"
            f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:0.3em;min-width:13em">Best '
            f"{best}</div>"
            f'<div style="min-width:11em">{_band_html(entry.band)} · '
            f'<span title="{how}">{escape_text(lost)} point'
            f"{'' if entry.points_lost == 1 else 's'} lost</span></div>"
            f'<div style="flex:1 1 16em">{escape_text(entry.why)}</div></div>')
    return (f'<div class="tt-review"><p><b>{escape_text(review_summary(entries))}</b></p>'
            f'{points_lost_chart(entries)}<div role="list" style="font-size:0.92em">'
            f"{''.join(rows)}</div></div>")


def points_lost_chart(entries, tricks: "int | None" = None) -> str:
    """Card points lost per trick as an SVG bar chart (scaled to the screen), with a text
    summary for screen readers. ``""`` when no card was reviewed.

    >>> from tarot_teach.coach import Band, ReviewEntry
    >>> chart = points_lost_chart([ReviewEntry("card", 2, "KH", ("QH",), Fraction(4),
    ...                                        Band.MISTAKE, "", True)], tricks=3)
    >>> "trick 2: 4 points" in chart, chart.count("<rect") - 1
    (True, 3)
    """
    cards = [e for e in entries if e.kind == "card" and e.trick]
    if not cards:
        return ""
    count = max(tricks or 0, max(e.trick for e in cards))
    lost = [Fraction(0)] * (count + 1)
    for entry in cards:
        lost[entry.trick] += entry.points_lost
    top = max(max(lost), Fraction(1))
    step, left, bottom, height = 22, 34, 20, 120
    width = left + step * count + 8
    scale = Fraction(height - 14, 1) / top
    parts = [f'<rect x="0" y="0" width="{width}" height="{height + bottom}" fill="#ffffff"/>']
    for tick in sorted({Fraction(0), top / 2, top}):
        y = float(height - tick * scale)
        parts.append(f'<line x1="{left - 3}" x2="{width - 4}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'stroke="#dddddd"/><text x="{left - 5}" y="{y + 4:.1f}" '
                     f'text-anchor="end" font-size="10" fill="#444">{points_text(tick)}</text>')
    described = []
    for number in range(1, count + 1):
        value = lost[number]
        x = left + step * (number - 1) + 3
        bar = float(value * scale)
        words = f"trick {number}: {points_text(value)} point{'' if value == 1 else 's'} lost"
        described.append(words)
        parts.append(f'<rect x="{x}" y="{height - bar:.1f}" width="{step - 6}" '
                     f'height="{bar:.1f}" fill="#0072B2"><title>{escape_text(words)}</title>'
                     f"</rect>")
        if value:
            parts.append(f'<text x="{x + (step - 6) / 2}" y="{height - bar - 2:.1f}" '
                         f'text-anchor="middle" font-size="9" fill="#222">'
                         f"{points_text(value)}</text>")
        if count <= 12 or number % 2 == 1 or number == count:
            parts.append(f'<text x="{x + (step - 6) / 2}" y="{height + 13}" text-anchor="middle" '
                         f'font-size="10" fill="#444">{number}</text>')
    parts.append(f'<line x1="{left - 3}" x2="{width - 4}" y1="{height}" y2="{height}" '
                 f'stroke="#444"/>')
    label = "Card points lost per trick: " + "; ".join(
        w for w in described if not w.split(": ")[1].startswith("0 ")) if any(lost) \
        else "Card points lost per trick: none."
    if label.endswith(": "):
        label += "none."
    return (f'<figure style="margin:0.4em 0"><figcaption style="font-size:0.9em">Card points '
            f"lost per trick</figcaption>"
            f'<svg class="tt-review-chart" role="img" aria-label="{escape_text(label)}" '
            f'viewBox="0 0 {width} {height + bottom}" width="{width}" '
            f'style="max-width:100%;height:auto" xmlns="http://www.w3.org/2000/svg">'
            f"{''.join(parts)}</svg></figure>")


class ReviewWidget:
    """A "Review this deal" button for one seat of a finished deal, and the review it shows.

    ``record``: a hand record (:meth:`GameState.to_record`), or None until a deal is given
    with :meth:`set_deal`. ``reviewer`` stands in for :func:`tarot_teach.coach.review`
    (same arguments); by default the coach itself.
    """

    def __init__(self, record: "dict | None" = None, seat: int = 0, names=None,
                 samples: int = REVIEW_SAMPLES, seed: int = 0, rules=None,
                 reviewer: "Callable | None" = None) -> None:
        self.samples = samples
        self.seed = seed
        self.rules = rules
        self.reviewer = reviewer
        self.entries: "list | None" = None
        self.button = widgets.Button(description="Review this deal",
                                     tooltip="How good was each of my decisions?")
        self.button.add_class("tt-review-button")
        self.button.on_click(lambda _: self.run())
        self.bar = widgets.IntProgress(value=0, min=0, max=1, description="",
                                       layout=widgets.Layout(display="none", width="16em"))
        self.status = widgets.HTML()
        self.status.add_class("tt-feedback")
        self.output = widgets.HTML()
        self.widget = widgets.VBox(
            [widgets.HBox([self.button, self.bar, self.status],
                          layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
             self.output], layout=widgets.Layout(max_width="100%"))
        self.widget.add_class("tt-review-widget")
        self.set_deal(record, seat, names)

    def set_deal(self, record: "dict | None", seat: int = 0, names=None) -> None:
        """Review this deal next (the old review is cleared)."""
        self.record = record
        self.seat = seat
        self.names = names
        self.entries = None
        self.output.value = ""
        self.status.value = ""
        self.bar.layout.display = "none"
        self.button.disabled = record is None

    def _progress(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = min(done, self.bar.max)
        self.status.value = f"Decision {done} of {total} analysed…"

    def run(self) -> "list | None":
        """Review the deal; the entries, or None if the review could not be made (then the
        reason is shown in words and the deal is kept)."""
        if self.record is None:
            self.status.value = Feedback(False, "There is no deal to review yet.",
                                         invalid_input=True).html()
            return None
        reviewer = self.reviewer or coach.review
        self.button.disabled = True
        self.output.value = ""
        self.bar.value, self.bar.max = 0, 1
        self.bar.layout.display = None
        self.status.value = "Reviewing the deal…"
        try:
            entries = reviewer(self.record, self.seat, samples=self.samples, seed=self.seed,
                               progress=self._progress, names=self.names)
        except (InvalidRecord, IllegalAction, ValueError) as problem:
            return self._failed(f"This deal cannot be reviewed: {problem}")
        except Exception as error:  # never a traceback in front of a learner
            return self._failed(f"Sorry, the review could not finish ({type(error).__name__}). "
                                "Your deal is kept: try again, or play on.")
        finally:
            self.button.disabled = False
        self.entries = entries
        self.bar.value = self.bar.max
        self.status.value = Feedback(True, "Review ready.").html()
        self.output.value = review_html(entries, self.rules)
        return entries

    def _failed(self, message: str) -> None:
        self.bar.layout.display = "none"
        self.entries = None
        self.status.value = Feedback(False, message, invalid_input=True).html()
        return None

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


# ----- exercises: reading the table ----------------------------------------------------------

_PAGE = "21-coach"


def _deal_in_play(rng: random.Random, players: int, tricks: int) -> GameState:
    """A real deal, played by the computer players until ``tricks`` tricks are done."""
    player = ComputerPlayer()
    while True:
        state = GameState.new(RuleSet(players=players), seed=rng.getrandbits(32))
        while not state.is_over and (state.phase is not Phase.PLAYING
                                     or len(state.tricks) < tricks):
            state.play(player.decide(state).action)
        if not state.is_over and state.taker is not None:
            return state


def _deal_key(state: GameState) -> str:
    """A short name for a deal at one moment (the hands dealt and the actions so far)."""
    record = state.to_record()
    return f"{record['hands'][0][:3]}…, {len(state.history)} actions"


def _tricks_html(view, names) -> str:
    """Every trick played so far, in order, each card with the seat that played it."""
    parts = []
    for number, (leader, cards, winner) in enumerate(view.tricks, start=1):
        order = ", ".join(names[(leader + k) % view.players] for k in range(len(cards)))
        parts.append(cards_html(cards, size="small", caption=f"Trick {number} ({order}); "
                                                             f"won by {names[winner]}"))
    if view.current_trick:
        order = ", ".join(names[seat] for seat, _ in view.current_trick)
        parts.append(cards_html([c for _, c in view.current_trick], size="small",
                                caption=f"This trick so far ({order})"))
    return "".join(parts)


def _contract_words(view, names) -> str:
    return (f"{names[view.taker]} took with a {view.contract.english}"
            + (f" and called the {view.called.name}" if view.called is not None else "") + ".")


@dataclass(frozen=True)
class VoidQuestion:
    """After some tricks: which other seats have shown a void in ``suit`` (seen from ``seat``)."""

    state: GameState
    seat: int
    suit: Suit

    def __repr__(self) -> str:
        return f"VoidQuestion({_deal_key(self.state)}, {self.seat}, {self.suit})"


def _shown_voids(question: VoidQuestion) -> dict[int, str]:
    """Seat -> the inference's words, for every other seat known to be void in the suit."""
    names = seat_names(question.state.players, question.seat)
    return {fact.seat: fact.text for fact in inferences(question.state.view(question.seat), names)
            if fact.kind == "void" and fact.suit is question.suit}


def void_question(rng: random.Random, players: int = 4) -> VoidQuestion:
    """A deal after several tricks where someone has shown a void in a suit still in play."""
    while True:
        state = _deal_in_play(rng, players, rng.randint(4, 9))
        seat = rng.randrange(players)
        suits = list(PLAIN_SUITS)
        rng.shuffle(suits)
        for suit in suits:
            question = VoidQuestion(state, seat, suit)
            voids = _shown_voids(question)
            if voids and len(voids) < players - 1:
                return question


def check_void_seats(question: VoidQuestion, seats) -> Feedback:
    """Judge the set of seats said to have shown a void (the inferences' facts)."""
    chosen = set(seats)
    if not chosen:
        raise AnswerError("Click every player who has shown a void, then Check.")
    if question.seat in chosen:
        raise AnswerError("The question is about the other players: you know your own hand.")
    voids = _shown_voids(question)
    names = seat_names(question.state.players, question.seat)
    section = section_link(_PAGE, "spotting-voids", "Spotting voids")
    suit = question.suit.english
    if chosen == set(voids):
        return Feedback(True, "Right: " + " ".join(voids[s] for s in sorted(voids)))
    details = [voids[s] for s in sorted(set(voids) - chosen)]
    details += [f"{names[s]} has not shown a void in {suit}: whenever {suit} were led, "
                f"{names[s]} followed suit (or had not played yet)." for s in sorted(chosen - set(voids))]
    return Feedback(False, "Not quite.", details, section)


class VoidSeatsExercise(Exercise):
    """After some tricks of a real deal: which players have shown a void in a suit?"""

    title = "Spot the voids"
    section = section_link(_PAGE, "spotting-voids", "Spotting voids")

    def build_inputs(self) -> list:
        self.table_view = widgets.HTML()
        self.choices = widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap"))
        self.toggles: dict[int, widgets.ToggleButton] = {}
        return [self.table_view, self.choices]

    def make_question(self, rng: random.Random) -> VoidQuestion:
        return void_question(rng)

    def show_question(self, question: VoidQuestion) -> None:
        view = question.state.view(question.seat)
        names = seat_names(view.players, question.seat)
        self.prompt.value = (
            f"{escape_text(_contract_words(view, names))} You sit at the table as "
            f"<b>You</b>. Here are the tricks so far. Click every player who has shown that "
            f"they have <b>no {escape_text(question.suit.english)}</b> left.")
        self.table_view.value = _tricks_html(view, names) + cards_html(
            view.hand, size="small", caption="Your hand")
        self.toggles = {}
        for seat in range(view.players):
            if seat == question.seat:
                continue
            toggle = widgets.ToggleButton(value=False, description=names[seat],
                                          layout=widgets.Layout(width="auto", margin="2px"))
            toggle.add_class("tt-seat")
            self.toggles[seat] = toggle
        self.choices.children = tuple(self.toggles.values())

    def read_answer(self) -> set[int]:
        return {seat for seat, toggle in self.toggles.items() if toggle.value}

    def judge(self, question: VoidQuestion, answer) -> Feedback:
        return check_void_seats(question, answer)

    def solution(self, question: VoidQuestion) -> str:
        voids = _shown_voids(question)
        return " ".join(voids[s] for s in sorted(voids))


@dataclass(frozen=True)
class TrumpsQuestion:
    """After some tricks: how many trumps are still out, seen from ``seat``."""

    state: GameState
    seat: int

    def __repr__(self) -> str:
        return f"TrumpsQuestion({_deal_key(self.state)}, {self.seat})"


def trumps_out(question: TrumpsQuestion) -> dict:
    """The count from the seat's view, and the truth from the whole deal.

    ``mine``, ``played``, ``shown`` (in a discard the seat has seen), ``out`` (what is left:
    21 less those), and ``hidden``: the trumps really in the other hands or an unseen dog.
    """
    state, seat = question.state, question.seat
    view = state.view(seat)
    mine = sum(1 for c in view.hand if c.is_trump)
    played = sum(1 for _, cards, _ in view.tricks for c in cards if c.is_trump) \
        + sum(1 for _, c in view.current_trick if c.is_trump)
    seen_discard = view.discard if view.discard is not None else view.discarded_trumps
    shown = sum(1 for c in seen_discard or () if c.is_trump)
    hidden = sum((state.hands[other] & TRUMP_MASK).bit_count()
                 for other in range(state.players) if other != seat)
    if view.dog is None:
        hidden += (state.dog & TRUMP_MASK).bit_count()
    return {"mine": mine, "played": played, "shown": shown, "out": 21 - mine - played - shown,
            "hidden": hidden}


def trumps_question(rng: random.Random, players: int = 4) -> TrumpsQuestion:
    """A deal after several tricks, seen from one seat."""
    state = _deal_in_play(rng, players, rng.randint(3, 10))
    return TrumpsQuestion(state, rng.randrange(players))


def _trumps_working(count: dict) -> str:
    """The count in words.

    >>> _trumps_working({"mine": 5, "played": 7, "shown": 0, "out": 9})
    '21 trumps, less the 5 in your hand and the 7 played: 9 are still out.'
    """
    parts = [f"the {count['mine']} in your hand", f"the {count['played']} played"]
    if count["shown"]:
        parts.append(f"the {count['shown']} shown in a discard")
    return (f"21 trumps, less {', '.join(parts[:-1])} and {parts[-1]}: "
            f"{count['out']} {'is' if count['out'] == 1 else 'are'} still out.")


def check_trumps_out(question: TrumpsQuestion, answer) -> Feedback:
    """Judge the number of trumps (the Excuse not counted) said to be still out."""
    count = trumps_out(question)
    if count["out"] != count["hidden"]:  # the count must agree with the deal itself
        raise ValueError("the count of trumps does not match the deal")
    if answer == count["out"]:
        return Feedback(True, "Right: " + _trumps_working(count))
    details = [_trumps_working(count)]
    if answer < count["out"]:
        details.append("Count every trump you have seen played, the small ones too.")
    return Feedback(False, f"Not quite: {count['out']}, not {answer}.", details,
                    section_link(_PAGE, "counting-trumps", "Counting trumps"))


class TrumpsOutExercise(Exercise):
    """After some tricks of a real deal: how many trumps are still in the other hands?"""

    title = "Count the trumps"
    section = section_link(_PAGE, "counting-trumps", "Counting trumps")

    def build_inputs(self) -> list:
        self.table_view = widgets.HTML()
        self.box = widgets.Text(placeholder="a number", layout=widgets.Layout(width="8em"))
        return [self.table_view, widgets.HBox([widgets.HTML("Trumps still out:&nbsp;"),
                                               self.box])]

    def make_question(self, rng: random.Random) -> TrumpsQuestion:
        return trumps_question(rng)

    def show_question(self, question: TrumpsQuestion) -> None:
        view = question.state.view(question.seat)
        names = seat_names(view.players, question.seat)
        seen = ""
        if view.discard is not None:
            seen = cards_html(view.discard, size="small", caption="Your discard")
        elif view.discarded_trumps:
            seen = cards_html(view.discarded_trumps, size="small",
                              caption="Trumps shown in the taker's discard")
        self.prompt.value = (
            f"{escape_text(_contract_words(view, names))} You sit as <b>You</b>. How many of "
            f"the 21 trumps (not the Excuse) are still out: in the other players' hands, or in "
            f"a dog nobody has seen?")
        self.table_view.value = _tricks_html(view, names) + seen + cards_html(
            view.hand, size="small", caption="Your hand")
        self.box.value = ""

    def read_answer(self) -> int:
        return int(read_number(self.box.value, "the number of trumps", allow_half=False))

    def judge(self, question: TrumpsQuestion, answer) -> Feedback:
        return check_trumps_out(question, answer)

    def solution(self, question: TrumpsQuestion) -> str:
        return _trumps_working(trumps_out(question))


@dataclass(frozen=True)
class SolverQuestion:
    """An open endgame (every hand shown): the best card for the seat to play."""

    state: GameState

    def __repr__(self) -> str:
        return f"SolverQuestion({_deal_key(self.state)})"


def _side_points(state: GameState, seat: int, taker_points: Fraction) -> Fraction:
    side_is_taker = state.side_of(seat) == state.side_of(state.taker)
    return taker_points if side_is_taker else state.rules.total_points - taker_points


def solver_question(rng: random.Random, players: int = 4, tricks_left: int = 3) -> SolverQuestion:
    """A deal with ``tricks_left`` tricks to go (sometimes in the middle of a trick) where
    the legal cards of the seat to play are not all worth the same."""
    while True:
        state = _deal_in_play(rng, players, RuleSet(players=players).tricks - tricks_left)
        player = ComputerPlayer()
        for _ in range(rng.randrange(players)):
            state.play(player.decide(state).action)
        if state.is_over or state.phase is not Phase.PLAYING:
            continue
        try:
            values = card_values(state)
        except ValueError:
            continue
        if len(set(values.values())) > 1:
            return SolverQuestion(state)


def _best_cards(state: GameState) -> tuple[dict, list[Card]]:
    values = card_values(state)
    side_is_taker = state.side_of(state.to_act) == state.side_of(state.taker)
    target = max(values.values()) if side_is_taker else min(values.values())
    return values, [card for card in values if values[card] == target]


def _line_words(state: GameState, first: Card) -> str:
    after = state.copy()
    after.play(first)
    line = [first] + (best_line(after) if not after.is_over else [])
    return ", ".join(card.short_name for card in line)


def check_solver_card(question: SolverQuestion, card) -> Feedback:
    """Judge the card said to be the solver's: right if no card gives the side more."""
    state = question.state
    card = parse_card(card)
    seat = state.to_act
    names = seat_names(state.players)
    if card not in state.hand(seat):
        raise AnswerError(f"{card.short_name} is not in {names[seat]}'s hand.")
    try:
        state.copy().play(card)
    except IllegalAction as refusal:
        return Feedback(False, f"{card.short_name} may not be played: {refusal}",
                        section=section_link("07-tricks", "", "Tricks"))
    values, best = _best_cards(state)
    mine = _side_points(state, seat, values[card])
    top = _side_points(state, seat, values[best[0]])
    if card in best:
        return Feedback(True, f"Right: {card.short_name} is best. With the best play by "
                              f"everyone {names[seat]}'s side ends with {points_text(top)} "
                              f"points (the play: {_line_words(state, card)}).")
    return Feedback(False, f"Not the best: {card.short_name} leaves {names[seat]}'s side "
                           f"{points_text(mine)} points, {best[0].short_name} "
                           f"{points_text(top)}.",
                    [f"The best play after {best[0].short_name}: {_line_words(state, best[0])}.",
                     f"After {card.short_name}: {_line_words(state, card)}."],
                    section_link(_PAGE, "what-would-the-solver-play", "What would the solver play?"))


class SolverCardExercise(Exercise):
    """The last tricks with every hand shown: find the card the solver plays."""

    title = "What would the solver play?"
    section = section_link(_PAGE, "what-would-the-solver-play", "What would the solver play?")

    def build_inputs(self) -> list:
        self.table_view = widgets.HTML()
        self.picker = CardPicker(single=True)
        return [self.table_view, self.picker.box]

    def make_question(self, rng: random.Random) -> SolverQuestion:
        return solver_question(rng)

    def show_question(self, question: SolverQuestion) -> None:
        state = question.state
        view = state.view(state.to_act)
        names = seat_names(state.players)
        seat = state.to_act
        side = "the taker's side" if state.side_of(seat) == state.side_of(state.taker) \
            else "the defence"
        self.prompt.value = (
            f"{escape_text(_contract_words(view, names))} Every hand is shown. It is "
            f"<b>{escape_text(names[seat])}</b>'s turn, playing for {side}. Which card gives "
            f"{side} the most card points at the end of the deal, if everyone then plays "
            f"perfectly? Click it in {escape_text(names[seat])}'s hand.")
        hands = "".join(cards_html(state.hand(other), size="small",
                                   caption=f"{names[other]}" + (" (taker)" if other == state.taker
                                                                else ""))
                        for other in range(state.players) if other != seat)
        trick = cards_html([DECK[i] for i in state.trick], size="small",
                           caption="This trick so far") if state.trick else \
            "<div>" + escape_text(names[seat]) + " leads to the trick.</div>"
        self.table_view.value = hands + trick + f"<div><b>{escape_text(names[seat])}'s hand</b></div>"
        self.picker.set_cards(state.hand(seat))

    def read_answer(self) -> Card:
        chosen = self.picker.selected
        if not chosen:
            raise AnswerError("Click a card, then Check.")
        return chosen[0]

    def judge(self, question: SolverQuestion, answer) -> Feedback:
        return check_solver_card(question, answer)

    def solution(self, question: SolverQuestion) -> str:
        state = question.state
        values, best = _best_cards(state)
        names = seat_names(state.players)
        top = _side_points(state, state.to_act, values[best[0]])
        return (f"{' or '.join(c.short_name for c in best)}: {names[state.to_act]}'s side then "
                f"ends with {points_text(top)} points (the play: "
                f"{_line_words(state, best[0])}).")
