"""The card table's cost per learner action (headless, no browser).

    python benchmarks/table.py --deals 5

Plays ``--deals`` whole deals per table size at the card table by its buttons (as
tests/widgets/test_widgets_table.py clicks), and prints the CPU milliseconds per learner action
(the computer players' moves and the redraw included) and per :func:`table_view` call.
CPU time, so the figures hold on a loaded machine; state the load beside them anyway.
"""

import argparse
import os
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path[:0] = [str(TESTS), *(str(layer) for layer in sorted(TESTS.glob("*/")))]  # (by layer)

from tarot_teach import GameState, RuleSet  # noqa: E402
from tarot_teach.players import ComputerPlayer  # noqa: E402
from tarot_teach.teach.table_view import table_view  # noqa: E402
from tarot_teach.widgets.table import TableWidget  # noqa: E402
from test_widgets_table import _click_through  # noqa: E402


def _following(players: int) -> GameState:
    """A deal where the seat to act must follow a card led (its other cards are refused)."""
    for seed in range(100):
        state = GameState.new(RuleSet(players=players), seed=seed)
        while not state.is_over and not (state.phase.value == "playing" and state.trick):
            state.play(ComputerPlayer().decide(state).action)
        if not state.is_over:
            return state
    raise RuntimeError("no deal was played")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.1f}")
    for players in (3, 4, 5):
        began, clicks = time.process_time(), 0
        for seed in range(args.deals):
            clicks += _click_through(TableWidget(players=players, seed=seed), check_refusals=False)
        spent = time.process_time() - began
        state = _following(players)
        names = ("You", "Ada", "Bruno", "Chloé", "Dmitri")[:players]
        began = time.process_time()
        for _ in range(100):
            table_view(state, state.to_act, names)
        view_ms = 10 * (time.process_time() - began)
        print(f"{players} players: {clicks} actions, {1000 * spent / clicks:.1f} ms CPU per action; "
              f"table_view {view_ms:.2f} ms CPU")


if __name__ == "__main__":
    main()
