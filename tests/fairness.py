"""What a seat may not see, and what a widget sends the page: for the tests that a table or
a puzzle shows every public card and nothing private (tests/teach/test_table_fairness.py,
tests/widgets/test_widgets_puzzles.py)."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from tarot_teach.cards import DECK, cards_of


def played(view) -> set:
    """The cards played so far, as ``view`` (a seat's view) shows them."""
    return {c for _, cards, _ in view.tricks for c in cards} | {c for _, c in view.current_trick}


def hidden_cards(state, seat: int) -> set:
    """The cards ``seat`` may not see named now: the other hands, the discard and the dog,
    except what was shown to everybody (none once the deal is over)."""
    if state.is_over:
        return set()
    view = state.view(seat)
    public = set(view.hand) | set(view.dog or ()) | set(view.discard or ()) | played(view)
    public |= set(view.discarded_trumps) | {c for cs in view.poignees.values() for c in cs}
    if view.called is not None:
        public.add(view.called)
    secret = {c for other in range(state.rules.players) if other != seat
              for c in state.hand(other)}
    secret |= {DECK[i] for i in state.discard} | set(cards_of(state.dealt_dog))
    return secret - public


def named(card, text: str) -> bool:
    """True when ``text`` names ``card`` (its name or short name, as a whole word)."""
    # (the plain substring test first: the regular expression only where the name is there)
    return any(name in text and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
               for name in (card.name, card.short_name))


def sent_text(widget, left_out=()) -> str:
    """Every text ``widget`` and the widgets it holds send the page (values, descriptions,
    tooltips, options...: their synced traits), HTML entities read, but those of the widgets
    in ``left_out``."""
    skip = {id(w) for w in left_out}
    seen: set = set()

    def texts(node) -> list:
        if id(node) in seen or id(node) in skip:
            return []
        seen.add(id(node))
        found = []
        for name in node.keys:  # (the synced traits: what the page gets)
            value = getattr(node, name)
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, widgets.Widget):
                    found += texts(item)
                elif isinstance(item, str) and not name.startswith("_"):
                    found.append(item)
        return found

    return html.unescape(" ".join(texts(widget)))
