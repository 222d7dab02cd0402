"""How long a deal link takes to open in the static site (issue 30).

    .venv/bin/python benchmarks/deal_page.py                 # 3 runs, _build/html
    .venv/bin/python benchmarks/deal_page.py --runs 5 --html /tmp/book/_build/html

The built folder is served by the project's plain static server on 127.0.0.1 (no
compression, no cache headers). Each run opens ``book/23-deals.html#d=CODE`` (a four-player
deal played to the end) in Chromium and reports, in seconds from the start of the
navigation:
  shown   the page is on screen (DOMContentLoaded),
  python  the exercises are live (Pyodide has run the page's cells),
  deal    the viewer shows the deal of the link (its step line is there),
  next    one more click on Next is answered,
first in a fresh browser profile (first visit: Pyodide and the wheels are downloaded), then
again in a new tab of the same profile (second visit: the service worker's copies).
Figures depend on the machine's load: say so with them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path[:0] = [str(ROOT / "tests"), *(str(layer) for layer in sorted((ROOT / "tests").glob("*/")))]  # (by layer)

from conftest import serving  # noqa: E402
from tarot_teach import GameState, RuleSet  # noqa: E402
from tarot_teach.players import ComputerPlayer  # noqa: E402
from tarot_teach.share import encode  # noqa: E402
from test_live_local import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SHOWN = "() => document.readyState !== 'loading'"
LIVE = "() => document.documentElement.dataset.ttLive === 'ready'"
DEAL = ("() => { const s = document.querySelector('.tt-live .tt-deal-viewer .tt-deal-step');"
        " return s && /Step \\d+ of/.test(s.textContent); }")


def the_code() -> str:
    state = GameState.new(RuleSet(players=4), seed=2)
    player = ComputerPlayer()
    while not state.is_over:
        state.play(player.decide(state).action)
    return encode(state.to_record())


def open_once(context, url: str) -> dict:
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="commit")
    times = {}
    for name, condition in (("shown", SHOWN), ("python", LIVE), ("deal", DEAL)):
        page.wait_for_function(condition, timeout=600_000, polling=50)
        times[name] = time.perf_counter() - started
    clicked = time.perf_counter()
    page.locator(".tt-live .tt-deal-next").click()
    page.wait_for_function("() => /Step 1 of/.test(document.querySelector("
                           "'.tt-live .tt-deal-step').textContent)", timeout=60_000, polling=20)
    times["next"] = time.perf_counter() - clicked
    page.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url_path = f"book/23-deals.html#d={the_code()}"
    rows = {"first": [], "second": []}
    with serving(args.html) as base, sync_playwright() as pw:
        for run in range(args.runs):
            with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
                context = pw.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                    viewport={"width": 1280, "height": 900})
                rows["first"].append(open_once(context, base + url_path))
                rows["second"].append(open_once(context, base + url_path))
                context.close()
            print(f"run {run + 1}: " + "; ".join(
                f"{visit} " + ", ".join(f"{k} {v:.1f} s" for k, v in rows[visit][-1].items())
                for visit in rows), flush=True)
    for visit, runs in rows.items():
        print(f"{visit} visit, median of {len(runs)}: " + ", ".join(
            f"{key} {statistics.median(r[key] for r in runs):.1f} s" for key in runs[0]))


if __name__ == "__main__":
    main()
