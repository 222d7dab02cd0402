"""Golden play-throughs: readable transcripts of seeded deals, pinned in tests/playthroughs/.

    .venv/bin/python scripts/golden.py            # check: regenerate in memory and compare
    .venv/bin/python scripts/golden.py --write    # rewrite the files (a deliberate change)

Each file holds, for one rule set (FFT with 3, 4 and 5 players and every variant of
RULES.md §11–§12 that plays), a few deals played by seeded random legal actions: the deal,
at every step the seat, the phase, how many legal actions there were and the one taken,
each trick and its winner, and the result with the working of the score. The file ends
with "perft" counts (as chess engines count move sequences): the number of legal action
sequences of depth 1, 2, 3 … from the deal and from the first card. A change of the
engine that changes what is legal, who wins a trick or what a deal scores changes a
file, and ``tests/engine/test_golden.py`` fails and says how to regenerate on purpose.

The actions are drawn from ``legal_actions()`` in its own order, so that order is
pinned too. Computer players are not used: their strategy may change without any
change of the rules.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot_teach.cards import DECK, TRUMP_MASK, cards_of, sort_cards  # noqa: E402
from tarot_teach.deal import has_petit_sec  # noqa: E402
from tarot_teach.game import GameState, Misere, Poignee, Slam, misere_kinds  # noqa: E402
from tarot_teach.rules import Bid, Phase, RuleSet  # noqa: E402

FOLDER = ROOT / "tests" / "playthroughs"

# name: (rule set options, seeds of the played deals, forced actions: phase -> action word).
# Seeds ("find", kind, n): the first n seeds whose deal has what ``kind`` names (see _seeds).
CONFIGS = {
    "fft-3": (dict(players=3), (1, 2, 3), {}),
    "fft-4": (dict(players=4), (1, 2, 3, 4), {}),
    "fft-4-poignee": (dict(players=4), ("find", "poignee", 3), {}),
    "fft-3-poignee": (dict(players=3), ("find", "poignee", 2), {}),
    "fft-5-poignee": (dict(players=5), ("find", "poignee", 2), {}),
    "fft-5": (dict(players=5), (1, 2, 3), {}),
    "cosmic_tribe": (dict(players=3, cosmic_tribe=True), (1, 2), {}),
    "excuse_last_trick_to_winner": (dict(players=4, excuse_last_trick_to_winner=True), (5, 6), {}),
    "excuse_always_kept": (dict(players=4, excuse_always_kept=True), (5, 6), {}),
    "petit_imprenable": (dict(players=4, petit_imprenable=True), ("find", "petit_sec", 2), {}),
    "petit_sec": (dict(players=4), ("find", "petit_sec", 1), {}),
    "misere": (dict(players=4, misere=True), ("find", "misere", 3), {}),
    "petit_chelem": (dict(players=4, petit_chelem=True), (10, 11, 12), {"slam": "petit_chelem"}),
    "pousse": (dict(players=4, pousse=True), (12, 13), {}),
    "no_take": (dict(players=4, no_take=True), (14, 15), {}),
    "alternative_scoring": (dict(players=4, alternative_scoring=True), (16, 17), {}),
    "round_tens": (dict(players=4, alternative_scoring="round_tens"), (16, 17), {}),
    "garde_contre_x8": (dict(players=4, alternative_scoring="garde_contre_x8"), (18,), {}),
    "garde_contre_x5": (dict(players=4, alternative_scoring="garde_contre_x5"), (18,), {}),
    "pousse_doubling": (dict(players=4, pousse=True, alternative_scoring="pousse_doubling"),
                        (19, 20), {}),
    "old_handful_scale": (dict(players=4, old_handful_scale=True), ("find", "poignee", 2), {}),
    "goulash": (dict(players=4, goulash=True), (22, 23),
                {"bidding": "pass"}),
    "two_players": (dict(players=2, two_players=True), (24, 25), {}),
    "clockwise": (dict(players=4, clockwise=True), (26,), {}),
    "five_no_partner": (dict(players=5, five_no_partner=True), (27, 28), {}),
}
PERFT_PLAY_DEPTH = 3  # from the deal the depth is players + 2 (through the first decision
# after the auction)
MAX_PERFT_SEEDS = 2


def _names(mask_or_cards) -> str:
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return " ".join(str(c) for c in sort_cards(cards))


def _action_text(action) -> str:
    cards = getattr(action, "cards", None)
    if cards is not None:
        return f"{action} [{' '.join(str(c) for c in cards)}]"
    return str(action)


def _wanted(rules: RuleSet, state: GameState, kind: str) -> bool:
    if kind == "petit_sec":
        return any(has_petit_sec(hand) for hand in state.hands)
    if kind == "poignee":
        return any((hand & TRUMP_MASK).bit_count() >= rules.handful_thresholds[0]
                   for hand in state.hands)
    if kind == "misere":
        return any(misere_kinds(hand) for hand in state.hands)
    raise ValueError(kind)


def _seeds(rules: RuleSet, seeds) -> tuple[int, ...]:
    """The seeds of a configuration: numbers, or ``("find", kind, n)``: the first ``n`` seeds
    from 1 whose deal has a Petit sec, a hand that may show a poignée, or one that may declare
    a misère."""
    if seeds[0] != "find":
        return seeds
    _, kind, wanted = seeds
    found = []
    seed = 1
    while len(found) < wanted:
        state = GameState.new(rules, seed=seed, dealer=seed % rules.players)
        if _wanted(rules, state, kind):
            found.append(seed)
        seed += 1
    return tuple(found)


def _forced(state: GameState, legal: list, forced: dict):
    """The action this configuration forces in the current phase, if any and legal."""
    word = forced.get(state.phase.value)
    return next((a for a in legal if str(a) == word), None)


def _choose(state: GameState, legal: list, rng: random.Random):
    """The golden players: random legal actions, but passing often in the auction (else every
    deal is a Guard against), rarely announcing a slam, and always declaring a poignée or a
    misère when one is offered."""
    phase = state.phase
    if phase is Phase.BIDDING and len(legal) > 1:
        return Bid.PASS if rng.random() < 0.6 else legal[1 + rng.randrange(len(legal) - 1)]
    if phase is Phase.SLAM:
        return Slam.DECLINE if rng.random() < 0.7 else legal[rng.randrange(len(legal))]
    declarations = [a for a in legal if isinstance(a, (Poignee, Misere))]
    if declarations:
        return declarations[rng.randrange(len(declarations))]
    return legal[rng.randrange(len(legal))]


def transcript(name: str, rules: RuleSet, seed: int, forced: dict) -> list[str]:
    """One deal, dealt from ``seed`` and played by random legal actions seeded with ``seed``."""
    dealer = seed % rules.players
    state = GameState.new(rules, seed=seed, dealer=dealer)
    rng = random.Random(f"golden:{name}:{seed}")
    lines = [f"== deal seed {seed}, dealer {dealer} =="]
    for seat, hand in enumerate(state.hands):
        lines.append(f"hand {seat}: {_names(hand)}")
    lines.append(f"dog: {_names(state.dog)}")
    if state.table is not None:
        for seat, piles in enumerate(state.table):
            lines.append(f"piles {seat}: " + " | ".join(" ".join(str(DECK[i]) for i in pile)
                                                       for pile in piles))
    step = 0
    tricks_seen = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = _forced(state, legal, forced) or _choose(state, legal, rng)
        lines.append(f"{step:3d}. seat {state.to_act} {state.phase.value:8s} "
                     f"{len(legal):2d} legal: {_action_text(action)}")
        state.play(action)
        step += 1
        while tricks_seen < len(state.tricks):
            leader, cards, winner = state.tricks[tricks_seen]
            tricks_seen += 1
            lines.append(f"     trick {tricks_seen}: led by {leader}: "
                         f"{' '.join(str(DECK[i]) for i in cards)} -> seat {winner}")
    result = state.result
    lines.append(f"result: {result.to_dict()}")
    if result.breakdown is not None:
        lines.extend("  " + line for line in result.breakdown.lines)
    lines.extend("  " + line for line in result.lines)
    events = [event[0] for event in state.events]
    lines.append("events: " + " ".join(f"{kind}x{events.count(kind)}"
                                       for kind in dict.fromkeys(events)))
    return lines


def perft(state: GameState, depth: int) -> int:
    """The number of legal action sequences of ``depth`` actions from ``state`` (a sequence
    that ends the deal earlier counts once)."""
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.copy()
        child.play(action)
        total += perft(child, depth - 1)
    return total


def _to_first_card(rules: RuleSet, seed: int, forced: dict) -> "GameState | None":
    """The deal of ``seed`` played by first legal actions (and the forced ones) until the first
    card may be played; None if the deal ends before."""
    state = GameState.new(rules, seed=seed, dealer=seed % rules.players)
    while not state.is_over and state.phase is not Phase.PLAYING:
        legal = state.legal_actions()
        action = _forced(state, legal, forced)
        if action is None and state.phase is Phase.BIDDING \
                and len(state.bids) == rules.players - 1:
            # the last seat to speak takes the lowest bid so that the deal is played
            action = next((a for a in legal if a is not Bid.PASS), legal[0])
        state.play(action if action is not None else legal[0])
    return None if state.is_over else state


def perft_lines(name: str, rules: RuleSet, seeds, forced: dict) -> list[str]:
    lines = ["== perft (legal action sequences by depth) =="]
    for seed in seeds[:MAX_PERFT_SEEDS]:
        start = GameState.new(rules, seed=seed, dealer=seed % rules.players)
        depth = 3 if rules.two_players else rules.players + 2
        counts = [perft(start, d) for d in range(1, depth + 1)]
        lines.append(f"seed {seed} from the deal: {counts}")
        play = _to_first_card(rules, seed, forced)
        if play is not None:
            counts = [perft(play, d) for d in range(1, PERFT_PLAY_DEPTH + 1)]
            lines.append(f"seed {seed} from the first card: {counts}")
    return lines


def transcripts() -> dict[str, str]:
    """Every golden file's text, by file name."""
    files = {}
    for name, (options, seeds, forced) in CONFIGS.items():
        rules = RuleSet(**options)
        seeds = _seeds(rules, seeds)
        lines = [f"# golden play-through: {name}, {rules!r}",
                 "# regenerate on purpose: .venv/bin/python scripts/golden.py --write", ""]
        for seed in seeds:
            lines.extend(transcript(name, rules, seed, forced))
            lines.append("")
        lines.extend(perft_lines(name, rules, seeds, forced))
        files[f"{name}.txt"] = "\n".join(lines) + "\n"
    return files


def differences(folder: Path = FOLDER) -> list[str]:
    """What differs between the committed files and a fresh run (empty when they agree)."""
    problems = []
    fresh = transcripts()
    for name, text in fresh.items():
        path = folder / name
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old != text:
            diff = list(difflib.unified_diff(old.splitlines(), text.splitlines(),
                                             f"committed/{name}", f"now/{name}", lineterm="", n=2))
            problems.append("\n".join(diff[:40]) + ("\n…" if len(diff) > 40 else ""))
    extra = sorted(p.name for p in folder.glob("*.txt") if p.name not in fresh)
    if extra:
        problems.append("files no configuration writes: " + ", ".join(extra))
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite tests/playthroughs/")
    args = parser.parse_args()
    if args.write:
        FOLDER.mkdir(parents=True, exist_ok=True)
        for name, text in transcripts().items():
            (FOLDER / name).write_text(text, encoding="utf-8")
        print(f"wrote {len(CONFIGS)} files to {FOLDER}")
        return 0
    problems = differences()
    for problem in problems:
        print(problem)
    print("golden play-throughs:", "differ" if problems else "unchanged")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
