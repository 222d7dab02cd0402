"""The words and HTML of a guided hand's replayer (:mod:`tarot_teach.widgets.guided`): the
questions' prompts and choices, each action as the learner's seat may know it, the comments
with their card mentions, and the review of the learner's answers. No widget here.
"""

from __future__ import annotations

from typing import Any

from ..bidding import legal_bids
from ..cards import Card, parse_card
from ..declarations import Poignee
from ..guided import CARD_MENTION, GuidedHand, Question
from ..rules import Bid, Phase
from ..teach.guided import (declaration_options, judge_answer, score_options, score_words,
                            signal_situation)
from ..teach.signals import MEANINGS
from ..teach.table_view import cards_phrase, secret_discard_line
from .render import escape_text
from .table import describe_action

__all__ = ["PROMPTS", "SPOKEN", "DECLARATION_WORDS", "action_line", "action_lines",
           "commentary_html", "comments_html", "prompt_html", "choice_options", "hand_entries",
           "hand_head_html", "title_html", "review_html", "plain_text", "stored_answer"]

PROMPTS = {
    "bid": "Your turn to bid: what do you say?",
    "discard": "Your turn to discard: click the cards to lay aside, then press the button.",
    "declare": "Before your first card: what do you declare?",
    "card": "Your turn: which card would you play? Click it.",
    "score": "The deal is over: what does each defender pay or gain?",
    "signal": "Before your card: by the conventions of the signals chapter, what does your "
              "partner's lead tell you?",
}

SPOKEN = {
    "bid": "Your turn to bid", "discard": "Your turn to discard",
    "declare": "Your turn to declare", "card": "Your turn to play a card",
    "score": "The deal is over: the score",
    "signal": "Your turn to read your partner's lead",
}
"""The live region's short form of each question (the prompt itself is shown in the page)."""

_SECRET = ", face down."  # the end of the line for another seat's discard


DECLARATION_WORDS = {
    "poignee:simple": "Simple poignée", "poignee:double": "Double poignée",
    "poignee:triple": "Triple poignée", "none": "Nothing", "chelem": "Announce the slam",
    "no_chelem": "No slam", "misere:trumps": "Trump misère", "misere:honours": "Honours misère",
}


def action_line(name: str, action, before, learner: int, rules=None) -> str:
    """One action in words, as the learner's seat may know it: another seat's discard
    is a secret (only the taker knows which cards were laid aside) but for a trump, shown
    to everybody, as are a poignée's trumps.

    >>> from tarot_teach import GameState, RuleSet
    >>> state = GameState.new(RuleSet(players=4), seed=1)
    >>> action_line("Ada", state.legal_actions()[0], state, 0)
    'Ada: Pass.'
    """
    if before.phase is Phase.DISCARD:
        if before.to_act == learner:
            return f"{name} lay {action.display_name(rules)} aside."
        if action.is_trump:
            return f"{name} lays {action.display_name(rules)} aside, shown to everybody."
        return f"{name} lays a card aside{_SECRET}"
    if before.phase is Phase.PLAYING and isinstance(action, Card):
        return f"{name} played {action.display_name(rules)}."
    if isinstance(action, Poignee):
        shown = "showed" if name != "You" else "show"
        return (f"{name} {shown} a {action.level} poignée: "
                + ", ".join(c.display_name(rules) for c in action.cards) + ".")
    return f"{name}: {describe_action(action)}."


def action_lines(hand: GuidedHand, names: list, rules, start: int, stop: int) -> list[str]:
    """The actions from step ``start`` to ``stop`` in words; a discard is one line, and
    another seat's discard names only its trumps (shown to all); the dog once turned
    face up."""
    state = hand.state_at(start)
    lines, laid = [], []
    for action in hand.actions[start:stop]:
        before = state.copy()
        state.play(action)
        name = names[before.to_act]
        line = action_line(name, action, before, hand.learner, rules)
        laid = laid + [action] if before.phase is Phase.DISCARD else []
        if len(laid) < 2:
            lines.append(line)
        elif before.to_act != hand.learner:
            trumps = [c.display_name(rules) for c in laid if c.is_trump]
            lines[-1] = secret_discard_line(name, len(laid), trumps)
        else:
            lines[-1] = (f"{name} lay "
                         + ", ".join(c.display_name(rules) for c in laid) + " aside.")
        dog = state.view(hand.learner).dog
        if dog is not None and before.view(hand.learner).dog is None and not state.is_over:
            lines.append("The dog is turned face up: "
                         + ", ".join(c.display_name(rules) for c in dog) + ".")
    return lines


def commentary_html(text: str) -> str:
    """Commentary text, escaped, with ``{KH}`` card mentions shown as card labels."""
    def label(match) -> str:
        try:
            card = parse_card(match.group(1))
        except ValueError:
            return escape_text(match.group(0))
        return (f'<b style="white-space:nowrap" title="{escape_text(card.name)}">'
                f"{escape_text(card.label)}</b>")
    parts, last = [], 0
    for match in CARD_MENTION.finditer(text):
        parts.append(escape_text(text[last:match.start()]))
        parts.append(label(match))
        last = match.end()
    parts.append(escape_text(text[last:]))
    return "".join(parts)


def comments_html(last: list, notes: list) -> str:
    """The last action (``last``: its line, if any) and the comments ``notes`` (the six
    latest), their cards shown as labels."""
    html = "".join(f"<div><i>{escape_text(line)}</i></div>" for line in last)
    boxes = "".join(f'<div style="background:#f4f4f8;padding:0.4em;margin:0.2em 0">'
                    f"{commentary_html(text)}</div>" for text in notes[-6:])
    return html + boxes


def prompt_html(question: "Question | None", state, learner: int, names: list, rules) -> str:
    """The waiting question in words ("" if none): a signal names the lead to read."""
    if question is None:
        return ""
    text = PROMPTS[question.kind]
    if question.kind == "signal":
        situation = signal_situation(state, learner)
        card = situation.cards[0].display_name(rules)
        first = ("the first trump led" if situation.kind == "lead_trump"
                 else f"the first {situation.cards[0].suit.english[:-1]} led")
        text = escape_text(f"{names[state.leader]}, your partner in defence, leads {card}, "
                           f"{first}. ") + PROMPTS["signal"]
    return f'<div style="color:#0072B2"><b>{text}</b></div>'


def choice_options(question: Question, state, rules) -> "list[tuple[str, str]]":
    """``(answer, label)`` of each button of a bid, declaration, signal or score question."""
    if question.kind == "bid":
        return [(str(bid), bid.english if bid is Bid.PASS
                 else f"{bid.english} ×{rules.multiplier(bid)}")
                for bid in legal_bids((), rules)]
    if question.kind == "declare":
        return [(o, DECLARATION_WORDS.get(o, o)) for o in declaration_options(state, question)]
    if question.kind == "signal":
        return [(key, text) for key, text in MEANINGS.items() if key != "nothing"]
    each = state.result.breakdown.each_defender
    return [(str(v), score_words(v).capitalize()) for v in score_options(each)]


def hand_entries(entries: list, question) -> list:
    """The table's hand entries; between questions (a replay) no card is to be clicked,
    so every card is shown at rest."""
    if question is not None and question.kind in ("card", "discard"):
        return entries
    why = ("First answer with the buttons above your hand." if question is not None
           else "Press Play on or Next to go on.")
    return [dict(entry, playable=False, idle=True, reason=why) for entry in entries]


def hand_head_html(count: int, question, rules) -> str:
    """The heading above the hand: what to do with it now."""
    what = f"Your hand ({cards_phrase(count)})"
    if question is not None and question.kind == "discard":
        what += f" — click {cards_phrase(rules.dog_size)} to lay aside"
    elif question is not None and question.kind == "card":
        what += " — raised cards may be played: click one"
    return f'<div class="tt-handhead">{escape_text(what)}</div>'


def title_html(hand: GuidedHand, solved: bool, questions: int, done: int, note: str) -> str:
    """The hand's title (✔ when solved), its summary, how many of its ``questions`` are
    answered right so far, and ``note`` (a saved place dropped)."""
    mark = ('<span class="tt-solved" style="color:#1a7f37">✔ solved</span> '
            if solved else "")
    # h3: the hand stands in an h2 section of its page (the size of the former h4)
    return (f"<h3 style='margin:0.2em 0;font-size:1.25rem'>{escape_text(hand.title)} "
            f"{mark}</h3>"
            f"<div>{commentary_html(hand.summary)}</div>"
            f"<div style='color:#555'>{questions} questions, {done} answered "
            f"right so far.</div>"
            + (f"<div style='color:#8a6d00'>{escape_text(note)}</div>" if note else ""))


def review_html(hand: GuidedHand, questions: dict, given: dict, right: set, rules) -> str:
    """Each question (``questions``: step → question) with the learner's own answer (its
    last legal one, ``given``) and the engine's verdict on it; a question passed without an
    answer says so."""
    rows = []
    for step, question in sorted(questions.items()):
        head = escape_text(_question_title(question))
        if step not in given:
            rows.append(f'<li class="tt-review-row"><b>{head}</b>: not answered.</li>')
            continue
        answer = given[step]
        verdict = judge_answer(hand, question, answer)
        mark = ('<span style="color:#1a7f37">✔</span>' if verdict.right
                else '<span style="color:#b3261e">✘</span>')
        rows.append(f'<li class="tt-review-row">{mark} <b>{head}</b>: you answered '
                    f"{escape_text(_answer_words(question, answer, rules))}. "
                    f"{commentary_html(verdict.text)}</li>")
    count = sum(step in right for step in questions)
    return (f"<p><b>Your answers: {count} of {len(questions)} "
            "right</b> (the deal itself went on as it was played)</p>"
            f'<ul style="padding-left:1.2em">{"".join(rows)}</ul>')


def plain_text(text: str) -> str:
    """A judgement's text with its ``{KH}`` card mentions as card names (for the store).

    >>> plain_text("Not {KH}: it loses.")
    'Not K♥: it loses.'
    """
    return CARD_MENTION.sub(lambda m: _mention(m.group(1)), text)


def _mention(name: str) -> str:
    try:
        return parse_card(name).short_name
    except ValueError:
        return name


def stored_answer(value) -> Any:
    """An answer as kept in the progress store: a card or a bid as text, a discard as a
    list of card names."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return str(value)


def _question_title(question: Question) -> str:
    if question.kind == "card":
        return f"Trick {question.trick}, your card"
    if question.kind == "signal":
        return f"Trick {question.trick}, your partner's lead"
    return {"bid": "Your bid", "discard": "Your discard", "declare": "Your declaration",
            "score": "The score"}[question.kind]


def _answer_words(question: Question, answer, rules) -> str:
    """The learner's answer in words."""
    if question.kind == "card":
        return parse_card(answer).display_name(rules)
    if question.kind == "discard":
        return ", ".join(parse_card(c).display_name(rules) for c in answer)
    if question.kind == "bid":
        return Bid(answer).english
    if question.kind == "declare":
        return DECLARATION_WORDS.get(answer, answer)
    if question.kind == "signal":
        return f"“{MEANINGS.get(answer, answer)}”"
    return score_words(int(answer))
