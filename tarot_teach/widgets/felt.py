"""The card table's HTML, as plain functions: the felt (seats, tricks, dog), the announcement,
the log, what the play has shown, the header, the result and the score sheet.

>>> _marked(("tt-tcard", "tt-next", "tt-next-0"), "tt-next-1")
('tt-tcard', 'tt-next', 'tt-next-1')
"""

from __future__ import annotations

from ..cards import Card
from ..ledger import Ledger
from ..rules import Bid, Phase
from ..teach.table_view import action_label, cards_phrase, possessive
from .charts import running_totals_chart
from .render import PLAYER_NAMES, card_html, cards_html, escape_text

__all__ = ["NEXT", "SEAT_NAMES", "score_sheet_chart", "felt_html", "live_html", "live_line",
           "log_html", "facts_html", "header_html", "seats_html", "trick_area_html",
           "result_html", "describe_action"]

NEXT = "tt-next"
"""The class of the one control the keyboard focus goes to after the learner's action: a
playable card, the first bid, the discard button once the cards are chosen, New deal once
the deal is over. A second class, ``tt-next-0`` or ``tt-next-1``, changes at each turn; the
page (scripts/assets/a11y.js) moves the focus there when the learner acted by keyboard."""

SEAT_NAMES = ("You",) + PLAYER_NAMES
"""'You' for the learner's seat, then the computer players' names."""


def score_sheet_chart(ledger: Ledger, names=SEAT_NAMES) -> str:
    """Running totals as a small line chart, or a table when matplotlib is not available
    (as in the browser's Python)."""
    rows = ledger.running_totals
    chart = running_totals_chart(rows, names, "Score sheet")
    if chart or not rows:
        return chart
    head = "".join(f"<th>{escape_text(n)}</th>" for n in names[:ledger.players])
    body = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _marked(classes, mark: str = "") -> tuple:
    """``classes`` without the focus mark (:data:`NEXT`), and with ``mark`` if given."""
    return tuple(c for c in classes if not c.startswith(NEXT)) + ((NEXT, mark) if mark else ())


def _sentence(text: str) -> str:
    """``text`` ending with a full stop (once)."""
    return text if text.endswith((".", "!", "?")) else text + "."


def _action_tooltip(action, rules) -> str:
    if isinstance(action, Bid) and action is not Bid.PASS:
        return f"{action.english} ({action.french}): the score is multiplied by {rules.multiplier(action)}"
    if isinstance(action, Card):
        return f"Call {action.display_name(rules)}"
    return action_label(action, rules)


def _seat_html(seat: dict, where: str, rules=None) -> str:
    roles = "".join(
        f'<span class="tt-badge {"tt-taker" if r.startswith("Taker") else "tt-partner" if r == "Partner" else ""}">'
        f"{escape_text(r)}</span>" for r in seat["roles"])
    count = cards_phrase(seat["in_hand"]) + " in hand"
    if seat["face_up"] or seat["face_down"]:
        count += f", {seat['face_up']} face up and {seat['face_down']} face down on the piles"
    facts = [count, f"{seat['tricks']} trick{'' if seat['tricks'] == 1 else 's'}"]
    if seat["bid"]:
        facts.append(f"bid: {seat['bid']}")
    facts += seat["notes"]
    turn = '<span class="tt-turn">▶ to play</span>' if seat["to_act"] else ""
    shown = ""
    if seat.get("poignee"):
        shown += cards_html(seat["poignee"], size="small", rules=rules,
                            caption="Poignée, shown to everybody:")
    if seat.get("aside"):
        shown += cards_html(seat["aside"], size="small", rules=rules,
                            caption="Trumps laid aside, shown to everybody:")
    return (f'<div class="tt-seat tt-area-{where}{" tt-acting" if seat["to_act"] else ""}">'
            f'<div><span class="tt-name">{escape_text(seat["name"])}</span>{turn}</div>'
            f"<div>{roles}</div><div>{escape_text(' · '.join(facts))}</div>{shown}</div>")


def _played_html(pairs, rules, winner: "str | None" = None) -> str:
    figures = "".join(
        f'<figure class="{"tt-won" if name == winner else ""}">{card_html(card, size="small", rules=rules)}'
        f"<figcaption>{escape_text(name)}{' (won)' if name == winner else ''}</figcaption></figure>"
        for name, card in pairs)
    return f'<div class="tt-played">{figures}</div>'


def felt_html(shown: dict, rules=None) -> str:
    """The table itself: the seats around it (you at the bottom, the others in the order of
    play), and in the middle the last trick and who won it (in view until the learner has
    played to the next one), the trick in progress with who played what, the dog once face
    up and the taker's own discard (shown to the taker only); by a seat, the poignée it
    showed and, by the taker, its discarded trumps."""
    seats = shown["seats"]
    others = seats[1:]
    if len(others) == 1:
        top, left, right = others, [], []
    else:
        right, left, top = [others[0]], [others[-1]], others[1:-1][::-1]
    middle = []
    last = shown["last_trick"]
    if last:  # (a computer's lead does not hide it before the learner has seen it)
        middle.append(f'<div class="tt-lasttrick"><div class="tt-caption">Last trick, won by '
                      f'{escape_text(last["winner"])}</div>'
                      f'{_played_html(last["cards"], rules, last["winner"])}</div>')
    if shown["trick"]:
        middle.append('<div class="tt-caption">This trick</div>' + _played_html(shown["trick"], rules))
    elif not last:
        middle.append('<div class="tt-caption">No card played yet</div>')
    if shown["dog"] is not None:
        middle.append('<div class="tt-caption">The dog, face up</div>'
                      + cards_html(shown["dog"], size="small", rules=rules))
    if shown["discard"]:
        middle.append('<div class="tt-caption">Your discard (only you see it)</div>'
                      + cards_html(shown["discard"], size="small", rules=rules))
    parts = ['<div class="tt-felt" role="group" aria-label="The card table">',
             '<div class="tt-area-top">' + "".join(_seat_html(s, "t", rules) for s in top)
             + "</div>"]
    parts += [_seat_html(s, "left", rules) for s in left]
    parts += [_seat_html(s, "right", rules) for s in right]
    parts.append(f'<div class="tt-mid">{"".join(middle)}</div>')
    parts.append('<div class="tt-area-you">' + _seat_html(seats[0], "me", rules)
                 + "</div></div>")
    return "".join(parts)


def live_html(news: list, shown: dict, region: bool = True) -> str:
    """The announcement: what happened since your last action, then whose turn it is.

    ``region``: the markup carries ``role="status" aria-live="polite"`` itself; the table
    passes False, its widget being the live region (see :func:`_live_text`)."""
    return _live_text(live_line(news, shown), region)


def live_line(news: list, shown: dict) -> str:
    """The announcement's words (see :func:`live_html`).

    >>> live_line(["Ada: Pass — a weak hand", "Bruno: Take"], {"my_turn": True, "to_act": None})
    'Ada: Pass. Bruno: Take. Your turn.'
    """
    lines = [line.split(" — ")[0].rstrip(".") + "." for line in news[-8:]]
    if shown["my_turn"]:
        lines.append("Your turn.")
    elif shown["to_act"]:
        lines.append(f"{shown['to_act']} to play: wait.")
    return " ".join(lines)


def _live_text(text: str, region: bool = False, spoken: "str | None" = None) -> str:
    """The announcement's markup around ``text``. At the table the widget around it (class
    ``tt-announcer``) is the ARIA live region, made live before it ever changes
    (scripts/assets/a11y.js), since ipywidgets replaces this markup at each update; with
    ``region`` the markup is a live region itself (no live region nested in another).
    ``spoken``: what a screen reader is told instead; ``text`` stays on screen as it was
    (e.g. the discard's counter, which the heading above the hand shows already).

    >>> _live_text("Your turn.", spoken="2 of 6 chosen.")
    '<div class="tt-announce"><span aria-hidden="true">Your turn.</span><span class="tt-sr">2 of 6 chosen.</span></div>'
    """
    live = ' role="status" aria-live="polite"' if region else ""
    if spoken is not None:
        text_html = (f'<span aria-hidden="true">{escape_text(text)}</span>'
                     f'<span class="tt-sr">{escape_text(spoken)}</span>')
    else:
        text_html = escape_text(text)
    return f'<div class="tt-announce"{live}>{text_html}</div>'


def _log_entry(line) -> dict:
    """A log entry ``{"text", "reason"}`` from a saved one; a line saved before reasons were
    kept apart had its reason after " — "."""
    if isinstance(line, dict):
        return {"text": str(line.get("text", "")), "reason": str(line.get("reason") or "")}
    text, dash, reason = str(line).partition(" — ")
    return {"text": _sentence(text.rstrip(".")) if dash else text, "reason": reason}


def log_html(log: list, recent: int = 5, over: bool = False) -> str:
    """A short log: the last few lines in view, everything under "What happened"; the
    computer players' reasons only once the deal is ``over``."""
    if not log:
        return ""
    entries = [_log_entry(line) for line in log]
    last = "".join(f"<li>{escape_text(e['text'])}</li>" for e in entries[-recent:])
    every = "".join(
        f"<li>{escape_text(e['text'])}"
        + (f' <span class="tt-why">(Why: {escape_text(e["reason"])})</span>'
           if over and e["reason"] else "") + "</li>" for e in entries)
    summary = ("What happened (the whole deal, with the computer players' reasons)" if over
               else "What happened (so far: the computer players' reasons are shown once the "
                    "deal is over)")
    return (f'<div class="tt-log"><b>Recently</b><ol start="{max(1, len(log) - recent + 1)}">'
            f"{last}</ol><details><summary>{summary}</summary><ol>{every}"
            "</ol></details></div>")


def facts_html(lines: list) -> str:
    """The panel of what the play has shown about the other hands (from
    :func:`~tarot_teach.teach.table_view.shown_facts`)."""
    if not lines:
        return ""
    items = "".join(f"<li>{escape_text(line)}</li>" for line in lines)
    return ('<div class="tt-shown" role="group" aria-label="What the play has shown">'
            "<b>What the play has shown</b> (from what you have seen)"
            f'<ul style="margin:0.2em 0">{items}</ul></div>')


def header_html(view, names, learner: int) -> str:
    """The contract, the call and whose turn it is, as the learner's seat sees them."""
    contract = (f"{names[view.taker]} took: {view.contract.english} ({view.contract.french})"
                if view.taker is not None else "Bidding")
    if view.called is not None:
        partner = (f"; partner: {names[view.partner]}" if view.partner is not None
                   else "; partner: secret until the called card is played")
        contract += f"; called {view.called.name}{partner}"
    if view.table:
        contract = "Two players: no bidding, the dealer's opponent leads"
    elif view.taker is None and view.phase is Phase.PLAYING:
        contract = "Everybody passed: a goulash, everyone for himself — take few points"
    if view.petit_imprenable is not None:
        contract += f"; {names[view.petit_imprenable]} holds the Petit imprenable"
    turn = ("your turn" if view.to_act == learner else
            "" if view.to_act is None else f"{names[view.to_act]} to play")
    return (f"<div><b>{escape_text(contract)}</b> · dealer {escape_text(names[view.dealer])}"
            f"{' · ' + turn if turn else ''}</div>")


def seats_html(view, names) -> str:
    """Each seat's cards left, tricks won, bid and poignée: public facts only."""
    rows = []
    for seat in range(view.players):
        bids = [b.english for s, b in view.bids if s == seat]
        rows.append(f"<li>{escape_text(names[seat])}: {view.hand_sizes[seat]} cards, "
                    f"{view.tricks_won[seat]} trick{'' if view.tricks_won[seat] == 1 else 's'}"
                    + (f", bid {escape_text(bids[0])}" if bids else "")
                    + (" — poignée shown" if seat in view.poignees else "")
                    + "".join(f" — {kind} misère" for kind in view.miseres.get(seat, ()))
                    + "</li>")
    return f'<ul style="margin:0.2em 0">{"".join(rows)}</ul>'


def trick_area_html(view, names, rules=None) -> str:
    """The dog (once shown), the last trick and the trick in progress."""
    parts = []
    if view.dog is not None and view.phase in (Phase.DISCARD, Phase.FINISHED):
        parts.append(cards_html(view.dog, size="small", rules=rules, caption="The dog"))
    if view.tricks:
        leader, cards, winner = view.tricks[-1]
        parts.append(cards_html(cards, size="small", rules=rules,
                                caption=f"Last trick, led by {names[leader]}, won by {names[winner]}"))
    if view.current_trick:
        parts.append(cards_html([c for _, c in view.current_trick], rules=rules,
                                caption="This trick: " + ", ".join(names[s] for s, _ in view.current_trick)))
    for seat, piles in enumerate(view.table):
        shown = [card for card, _ in piles if card is not None]
        left = sum(size for _, size in piles)
        parts.append(cards_html(shown, size="small", rules=rules,
                                caption=f"{possessive(names[seat])} piles: {left} cards, face up:"))
    return "".join(parts)


def result_html(view, names, ledger: "Ledger | None" = None) -> str:
    """The score worked out line by line (and the score sheet), once the deal is over."""
    result = view.result
    if result is None:
        return ""
    if result.void:
        why = ("everybody passed" if result.void == "all_passed"
               else "a player held the Petit alone (petit sec)")
        return f"<p><b>The deal is void: {why}.</b> Press New deal.</p>"
    working = result.breakdown.lines if result.breakdown is not None else result.lines
    if any(result.misere_scores):
        working = tuple(working) + ("Misère: " + ", ".join(
            f"{names[s]} {g:+d}" for s, g in enumerate(result.misere_scores)) + ".",)
    lines = "".join(f"<li>{escape_text(line)}</li>" for line in working)
    gains = ", ".join(f"{names[s]} {g:+d}" for s, g in enumerate(result.scores))
    chart = score_sheet_chart(ledger, names) if ledger is not None else ""
    return f"<div><b>Score</b><ol>{lines}</ol><p>{escape_text(gains)}</p>{chart}</div>"


def describe_action(action) -> str:
    """An action in words for buttons and the log."""
    return _describe(action)


def _describe(action) -> str:
    """Bids by their name alone (the log, a hint); anything else as its button says it."""
    if isinstance(action, Bid):
        return action.english
    return action_label(action)
