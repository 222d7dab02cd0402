"""The final test (chapter 40): one fresh four-player deal, played step by step by the learner.

Nine steps, each judged by the engine: who speaks first, the bid (a range of reasonable bids
from the hand count of chapter 12), where the dog goes, a legal discard, the play of the whole
deal (every card of the learner's hand; the computer players play only the other seats), the
points and the bouts of the taker's pile, the hand score, and each seat's line on the score
sheet.

A wrong answer gives the engine's reason and the learner tries again; the score counts the
steps right first time, and :meth:`FinalTest.missed` names the others. :meth:`FinalTest.record` is a JSON object from which
:meth:`FinalTest.from_record` rebuilds the same attempt (the seed and the right answers).

>>> test = FinalTest.new(seed=1)
>>> test.step
'first'
>>> test.answer(test.dealer).ok          # the dealer does not speak first
False
>>> test.answer(test.right_answer()).ok
True
>>> while not test.done:
...     _ = test.answer(test.right_answer())
>>> test.score_line(), test.missed()
('8 of 9 steps right first time.', ['Who speaks first?'])
>>> FinalTest.from_record(test.record()).score_line()
'8 of 9 steps right first time.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..bidding import DOG_DESTINATIONS, dog_destination, first_to_act
from ..cards import Card, cards_of, sort_cards
from ..declarations import Slam
from ..errors import IllegalAction
from ..evaluation import BID_RANGES, bid_for_points, evaluate_hand
from ..game import GameState
from ..names import seat_name
from ..players import ComputerPlayer
from ..scoring import CHELEM_WORDS
from ..rules import Bid, Phase, RuleSet
from .auction import bid_name, check_dog_fate
from .discard import check_discard, discard_question_from_state, sample_discard
from .feedback import AnswerError, Feedback, cards_line, section_link
from .final_answers import PLAYERS, _cards, _jsonable, _seat
from .inputs import half_text, read_number, read_text

__all__ = ["STEPS", "STEP_TITLES", "CARDS_TO_PLAY", "PLAYERS", "FinalTest", "reasonable_bids",
           "BadRecord", "fresh_seed"]

CARDS_TO_PLAY = RuleSet(players=PLAYERS).tricks
"""How many cards the learner plays: the whole deal, one card to each trick."""

STEPS = ("first", "bid", "dog", "discard", "play", "points", "bouts", "score", "sheet")
STEP_TITLES = {
    "first": "Who speaks first?", "bid": "Your bid", "dog": "The dog",
    "discard": "Your discard", "play": "Play the deal", "points": "Count your pile: points",
    "bouts": "Count your pile: bouts", "score": "Score the deal",
    "sheet": "The score sheet",
}
HAND_RANGE = (45, 65)
"""The learner's hand counts this many points (chapter 12): a Take or a Guard, whatever the
reasonable choice near the limits."""
MARGIN = 5
"""A bid is reasonable when the hand's count is within this many points of its range."""


def fresh_seed(reset: "str | None", finished: "list[str] | tuple[str, ...]") -> int:
    """The seed of the learner's next fresh test, from their progress alone: the time of
    their last reset (or None) and the times of their finished tests. Every tab of the
    learner draws the same test, until one is finished or the progress is reset, even tabs
    that have not heard of each other yet.

    >>> fresh_seed(None, []) == fresh_seed(None, [])
    True
    >>> len({fresh_seed(None, []), fresh_seed("2026-12-01T10:00:00.000000+00:00", []),
    ...      fresh_seed(None, ["2026-12-02T10:00:00.000000+00:00"])})
    3
    """
    return random.Random(f"fresh-final-test:{reset or ''}:{len(finished)}:"
                         f"{max(finished, default='')}").getrandbits(32)


class BadRecord(ValueError):
    """A saved attempt that cannot be replayed (the message says why)."""


def reasonable_bids(total: int) -> list[Bid]:
    """The bids suggested for a hand count within :data:`MARGIN` points of ``total``.

    >>> [str(b) for b in reasonable_bids(57)], [str(b) for b in reasonable_bids(48)]
    (['take', 'guard'], ['take'])
    """
    bids = {bid_for_points(points) for points in range(total - MARGIN, total + MARGIN + 1)}
    return sorted(bids - {Bid.PASS})


def _range_text(bid: Bid) -> str:
    for low, high, ranged in BID_RANGES:
        if ranged is bid:
            return f"{low} points or more" if high is None else f"{low} to {high} points"
    return ""


@dataclass
class FinalTest:
    """One attempt: the deal, the step reached, and which steps were answered wrong."""

    seed: int
    dealer: int
    learner: int
    state: GameState
    step_index: int = 0
    wrong: set = field(default_factory=set)
    answers: list = field(default_factory=list)  # the right answers given, in order
    cards_played: int = 0

    # ----- the deal ---------------------------------------------------------------------

    @classmethod
    def new(cls, seed: int) -> "FinalTest":
        """A fresh deal for attempt ``seed``: the learner's hand counts 45 to 65 points
        and every other hand counts under 40 (they pass)."""
        rng = random.Random(f"final-test:{seed}")
        while True:
            dealer, learner = rng.randrange(PLAYERS), rng.randrange(PLAYERS)
            state = GameState.new(RuleSet(players=PLAYERS), seed=rng.getrandbits(32),
                                  dealer=dealer)
            if state.is_over:  # a Petit sec: dealt again
                continue
            total = evaluate_hand(state.hand(learner)).total
            if not HAND_RANGE[0] <= total <= HAND_RANGE[1]:
                continue
            if any(evaluate_hand(state.hand(seat)).bid is not Bid.PASS
                   for seat in range(PLAYERS) if seat != learner):
                continue
            test = cls(seed, dealer, learner, state)
            test._others_act()
            return test

    @classmethod
    def from_record(cls, record) -> "FinalTest":
        """The attempt saved by :meth:`record`, replayed from its seed; :class:`BadRecord`
        if the record is not one."""
        if not isinstance(record, dict) or not isinstance(record.get("seed"), int) \
                or isinstance(record.get("seed"), bool) or not 0 <= record["seed"] < 2 ** 63:
            raise BadRecord("the saved test has no seed")
        answers, wrong = record.get("answers", []), record.get("wrong", [])
        if not isinstance(answers, list) or not isinstance(wrong, list) \
                or not set(map(str, wrong)) <= set(STEPS) or len(answers) > 40:
            raise BadRecord("the saved test is not a list of answers")
        test = cls.new(record["seed"])
        for given in answers:
            try:
                feedback = test.answer(given)
            except (AnswerError, ValueError, TypeError):
                raise BadRecord("a saved answer cannot be read") from None
            if not feedback.ok:
                raise BadRecord("a saved answer is not right for this deal")
        test.wrong = set(map(str, wrong))
        return test

    def record(self) -> dict:
        """What to save to resume this attempt (JSON)."""
        return {"seed": self.seed, "answers": list(self.answers), "wrong": sorted(self.wrong)}

    # ----- where we are -----------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.step_index >= len(STEPS)

    @property
    def step(self) -> "str | None":
        return None if self.done else STEPS[self.step_index]

    @property
    def hand(self) -> list[Card]:
        return self.state.hand(self.learner)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.learner)

    def right_first_time(self) -> int:
        return sum(1 for step in STEPS[:self.step_index] if step not in self.wrong)

    def score_line(self) -> str:
        return f"{self.right_first_time()} of {len(STEPS)} steps right first time."

    def missed(self) -> list[str]:
        """The titles of the steps answered wrong at least once, in the order of the test."""
        return [STEP_TITLES[step] for step in STEPS if step in self.wrong]

    def evaluation(self):
        """Chapter 12's count of the learner's hand as dealt."""
        return evaluate_hand(cards_of(self.state.dealt_hands[self.learner]))

    def pile(self) -> list[Card]:
        """The taker's pile at the end (the cards won and the discard)."""
        return sort_cards(cards_of(self.state.final_piles[0]))

    def facts(self) -> list[str]:
        """The finished deal as short sentences: what the score is worked out from."""
        breakdown = self.state.result.breakdown
        bouts = breakdown.taker_bouts
        lines = [f"Contract: {bid_name(breakdown.bid)}, and you are the taker.",
                 f"Your pile: {half_text(breakdown.taker_points)} points with {bouts} "
                 f"bout{'s' if bouts != 1 else ''} (target {breakdown.target}).",
                 "Contract made." if breakdown.contract_made else "Contract failed."]
        if breakdown.petit_au_bout:
            lines.append("Petit au bout: won by "
                         + ("you." if breakdown.petit_au_bout == "taker" else "the defence."))
        for seat, cards in sorted(self.state.poignees.items()):
            lines.append(f"{self.name(seat)} showed a handful (poignée) of {len(cards)} trumps.")
        if breakdown.chelem:
            lines.append(CHELEM_WORDS.get(breakdown.chelem, "Slam") + ".")
        return lines

    # ----- the computer players -----------------------------------------------------------

    def _others_act(self) -> None:
        """The other seats act until it is the learner's turn (or the play step is over)."""
        state, player = self.state, ComputerPlayer()
        while not state.is_over:
            if state.phase is Phase.BIDDING and state.to_act != self.learner:
                state.play(Bid.PASS)
            elif state.phase is Phase.SLAM:
                state.play(Slam.DECLINE)  # the learner announces no slam
            elif state.phase is Phase.PLAYING and (
                    state.to_act != self.learner or self.cards_played >= CARDS_TO_PLAY):
                state.play(player.decide(state).action)
            else:
                return

    # ----- the right answers (the engine's) ---------------------------------------------------

    def right_answer(self):
        """A right answer to the current step, worked out by the engine (for tests and the
        solution)."""
        step, state = self.step, self.state
        if step == "first":
            return first_to_act(self.dealer, PLAYERS)
        if step == "bid":
            return reasonable_bids(self.evaluation().total)[0].value
        if step == "dog":
            return dog_destination(state.contract)
        if step == "discard":
            return [str(card) for card in sample_discard(discard_question_from_state(state))]
        if step == "play":
            return str([c for c in state.legal_actions() if isinstance(c, Card)][0])
        result = state.result
        if step == "points":
            return half_text(result.taker_points)
        if step == "bouts":
            return str(result.taker_bouts)
        if step == "score":
            return str(result.breakdown.hand_score)
        if step == "sheet":
            return [str(gain) for gain in result.scores]
        raise ValueError("the test is over")

    # ----- judging -------------------------------------------------------------------

    def answer(self, given) -> Feedback:
        """Judge an answer to the current step; a right one moves on. Raises
        :class:`AnswerError` for input that cannot be read (nothing changes)."""
        if self.done:
            raise AnswerError("The test is over: start a new test.")
        step = self.step
        feedback = getattr(self, f"_judge_{step}")(given)
        if feedback.ok:
            self.answers.append(_jsonable(given))
            if step != "play" or self.cards_played >= CARDS_TO_PLAY:
                self.step_index += 1
            self._others_act()
        else:
            self.wrong.add(step)
        return feedback

    def _judge_first(self, given) -> Feedback:
        seat = _seat(given)
        right = first_to_act(self.dealer, PLAYERS)
        why = (f"{self.name(self.dealer)} dealt, and the player after the dealer in the order "
               f"of play speaks first: {self.name(right)}.")
        if seat == right:
            return Feedback(True, "Right: " + why)
        return Feedback(False, "No: " + why, [], section_link("05-bidding", "", "Bidding"))

    def _judge_bid(self, given) -> Feedback:
        try:
            bid = Bid.parse(read_text(given, "your bid"))
        except ValueError:
            raise AnswerError("Choose a bid first.") from None
        evaluation = self.evaluation()
        fair = reasonable_bids(evaluation.total)
        count = f"Your hand counts {evaluation.total} points"
        names = " or ".join(bid_name(b) for b in fair)
        if bid in fair:
            self.state.play(bid)
            return Feedback(True, f"Right: {count}, so {names} is reasonable; you bid "
                            f"{bid_name(bid)}.")
        details = evaluation.explanation() + [f"{bid_name(b)}: {_range_text(b)}." for b in fair]
        return Feedback(False, f"No: {count}; a reasonable bid is {names}, not {bid.english}.",
                        details, section_link("12-hand-evaluation", "from-points-to-a-bid",
                                              "From points to a bid"))

    def _judge_dog(self, given) -> Feedback:
        key = read_text(given, "where the dog goes")
        if key not in DOG_DESTINATIONS:
            raise AnswerError("Choose what happens to the dog first.")
        return check_dog_fate(self.state.contract, key)

    def _judge_discard(self, given) -> Feedback:
        chosen = _cards(given, "your discard")
        feedback = check_discard(discard_question_from_state(self.state), chosen)
        if feedback.ok:
            for card in chosen:
                self.state.play(card)
        return feedback

    def _judge_play(self, given) -> Feedback:
        chosen = _cards(given, "your card")
        if len(chosen) != 1:
            raise AnswerError("Choose one card of your hand to play.")
        card = chosen[0]
        try:
            self.state.play(card)
        except IllegalAction as refusal:
            return Feedback(False, f"No: {card.short_name} may not be played here.",
                            [str(refusal)], section_link("07-tricks", "", "Playing tricks"))
        self.cards_played += 1
        left = CARDS_TO_PLAY - self.cards_played
        more = (f" {left} more card{'s' if left != 1 else ''} to play." if left
                else " That was your last card: the deal is over.")
        return Feedback(True, f"Right: {card.short_name} may be played.{more}")

    def _judge_points(self, given) -> Feedback:
        value = read_number(given, "the points of your pile", allow_half=True, largest=1000)
        right = self.state.result.taker_points
        if value == right:
            return Feedback(True, f"Right: your pile holds {half_text(right)} points.")
        return Feedback(False, f"No: your pile holds {half_text(right)} points, not "
                        f"{half_text(value)}.", ["Count the cards in pairs: a high card with "
                                                 "a small one, or two small cards make 1 point."],
                        section_link("02-cards", "card-points", "Card points"))

    def _judge_bouts(self, given) -> Feedback:
        value = read_number(given, "the number of bouts", allow_half=False, largest=1000)
        right = self.state.result.taker_bouts
        if value == right:
            return Feedback(True, f"Right: your pile holds {right} bout{'s' if right != 1 else ''}"
                            f", so your target was {self.state.result.breakdown.target}.")
        bouts = [c for c in self.pile() if c.is_bout]
        return Feedback(False, f"No: your pile holds {right} bout{'s' if right != 1 else ''}.",
                        [f"The bouts in it: {cards_line(bouts)}." if bouts else
                         "It holds none of the three bouts (the 21, the Petit, the Excuse)."],
                        section_link("03-bouts", "the-three-bouts", "The three bouts"))

    def _judge_score(self, given) -> Feedback:
        value = read_number(given, "the hand score", allow_half=False, largest=10_000)
        breakdown = self.state.result.breakdown
        if value == breakdown.hand_score:
            return Feedback(True, f"Right: the hand score is {breakdown.hand_score}.")
        return Feedback(False, f"No: the hand score is {breakdown.hand_score}, not {value}. "
                        "The working:", list(breakdown.lines),
                        section_link("09-scoring", "the-formula", "The formula"))

    def _judge_sheet(self, given) -> Feedback:
        if not isinstance(given, (list, tuple)) or len(given) != PLAYERS:
            raise AnswerError("Type a number for each player.")
        values = []
        for seat, text in enumerate(given):
            try:
                values.append(read_number(text, f"{self.name(seat)}'s score", allow_half=False,
                                          largest=100_000))
            except AnswerError as problem:
                raise AnswerError(f"{self.name(seat)}: {problem}") from None
        scores = self.state.result.scores
        if all(v == s for v, s in zip(values, scores)):
            return Feedback(True, "Right: " + ", ".join(
                f"{self.name(seat)} {score:+d}" for seat, score in enumerate(scores))
                + "; the line sums to zero.")
        details = [f"{self.name(seat)}: you wrote {v}, the score is {s:+d}."
                   for seat, (v, s) in enumerate(zip(values, scores)) if v != s]
        details.append(f"The taker gets 3 × {self.state.result.breakdown.hand_score}; each "
                       "defender pays the hand score.")
        return Feedback(False, "Not quite.", details,
                        section_link("09-scoring", "sharing-out-the-score",
                                     "Sharing out the score"))
