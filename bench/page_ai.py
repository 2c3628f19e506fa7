"""The computer players in the page: time per move and the longest main-thread task.

    python bench/page_ai.py [GAME ...] [--moves N] [--levels A B]

For each game, a 2-player match of computers (``--levels``, default hard against medium) is
saved in localStorage and resumed in headless Chromium at the "fast" speed, and the page plays
it on while Chrome traces its main thread. Per level it prints the mean, median and worst time a
move took to think (the page's ``tapis.think.<level>`` measures: wall time of the search, its
slices and the browser's turns between them), then the longest main-thread task while a
computer thinks, in a computer's whole turn (``tapis.turn.<level>``: thinking, the card's
flight, the redraw after its move) and over the run (resuming the match included), and the
median over turns of each turn's longest task with how many turns had one of 50 ms or more. Targets
(issue 12): hard's median at most 300 ms for 2 players, no task of 50 ms or more while a
computer thinks. ``--throttle 4`` slows the page's CPU four times through the browser's dev
protocol, for an estimate of a mid-range phone (3-5x slower). Needs `make site` and the test
venv.
"""
import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from ai import think  # noqa: E402
from games import registry  # noqa: E402
from match import Match  # noqa: E402
from startup import launch_options, serve  # noqa: E402 - same server and browser flags

GAMES = tuple(game.id for game in registry.games())
READY = "html[data-ready]"
CATEGORIES = "toplevel,blink.user_timing"
TASK = "ThreadControllerImpl::RunTask"  # one per task the main thread runs
LONG_TASK = 50  # ms: the limit for a main-thread task during a computer's turn


def saved_match(game_id: str, levels, seed: str) -> str:
    seats = [{"kind": level, "name": f"{level} {seat}"} for seat, level in enumerate(levels)]
    return json.dumps(Match.new(game_id, {"players": len(levels)}, seed, seats, think=think).dump())


def traced_run(context, base: str, game_id: str, levels, moves: int, throttle: float = 1):
    """Resume a computers-only match and let it play ``moves`` moves (or to its end), the CPU
    slowed ``throttle`` times; the page's think measures and the trace's main-thread tasks."""
    page = context.new_page()
    page.goto(base + "__blank__.html")  # a 404 page of the site's origin: somewhere to write
    page.evaluate("""([save, prefs]) => { localStorage.clear();
        localStorage.setItem('tapis.save', save); localStorage.setItem('tapis.prefs', prefs); }""",
                  [saved_match(game_id, levels, "bench-1"), json.dumps({"speed": "fast"})])
    page.goto(base)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    events, done = [], []
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda e: done.append(True))
    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    page.click('[data-action="continue"]')
    while page.wait_for_function(
            """(n) => performance.getEntriesByType('measure')
                  .filter(m => m.name.startsWith('tapis.think.')).length >= n
               ? 'done' : ['over', 'round-end'].includes(document.documentElement.dataset.state)
               && document.documentElement.dataset.state""",
            arg=moves, timeout=600_000, polling=200).json_value() == "round-end":
        page.click('[data-action="round-seen"]')  # nobody at the table to read the round's end
    thinks = page.evaluate("""() => performance.getEntriesByType('measure')
        .filter(m => m.name.startsWith('tapis.think.')).map(m => [m.name.slice(12), m.duration])""")
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    page.close()
    return thinks, events


def main_thread_tasks(events):
    """(start, end) in µs of every top-level task of the page's main thread, and per kind of
    measure ("think", "turn") the windows (start, end) the page's measures span."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    busiest = {}
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if names.get(key) == "CrRendererMain" and e.get("name") == TASK:
            busiest[key] = busiest.get(key, 0) + 1
    main = max(busiest, key=busiest.get)
    tasks = [(e["ts"], e["ts"] + e["dur"]) for e in events
             if (e.get("pid"), e.get("tid")) == main and e.get("name") == TASK
             and e.get("ph") == "X"]
    opened, windows = {}, {"think": [], "turn": []}
    for e in sorted((e for e in events if e.get("name", "").startswith(("tapis.think.",
                                                                         "tapis.turn."))),
                    key=lambda e: e["ts"]):
        key = (e["name"], e.get("id2", {}).get("local", e.get("id")))
        if e.get("ph") == "b":
            opened[key] = e["ts"]
        elif e.get("ph") == "e" and key in opened:
            windows[e["name"].split(".")[1]].append((opened.pop(key), e["ts"]))
    return tasks, windows


def longest(tasks, windows) -> float:
    """The longest task (ms) that overlaps one of the windows."""
    return max((end - start for start, end in tasks
                if any(start < w_end and end > w_start for w_start, w_end in windows)),
               default=0) / 1000


def report(game_id, thinks, tasks, windows):
    for level in sorted({level for level, _ in thinks}):
        times = [ms for lv, ms in thinks if lv == level]
        print(f"{game_id:<12}{level:<8}{len(times):>6}{statistics.mean(times):>8.0f}"
              f"{statistics.median(times):>10.0f}{max(times):>9.0f}")
    print(f"{'':<12}longest main-thread task: {longest(tasks, windows['think']):.0f} ms while "
          f"a computer thinks, {longest(tasks, windows['turn']):.0f} ms in its turn (flight "
          f"and redraw too), {longest(tasks, [(0, float('inf'))]):.0f} ms over the run")
    turns = [longest(tasks, [window]) for window in windows["turn"]]
    if turns:  # one slow turn says less than how often turns are slow
        print(f"{'':<12}longest task of each turn: median {statistics.median(turns):.0f} ms, "
              f"{sum(ms >= LONG_TASK for ms in turns)} of {len(turns)} turns at {LONG_TASK} ms or more")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"any of {', '.join(GAMES)} (default: every game that has both levels)")
    parser.add_argument("--moves", type=int, default=40, help="computer moves per game")
    parser.add_argument("--levels", nargs=2, default=["hard", "medium"])
    parser.add_argument("--throttle", type=float, default=1,
                        help="CPU slowed this many times (DevTools' throttling), e.g. 4 for a phone")
    args = parser.parse_args()
    for game_id in args.games:
        if game_id not in GAMES:
            parser.error(f"unknown game {game_id!r}")
    args.games = args.games or [game.id for game in registry.games() if set(args.levels) <= set(game.levels)]
    server, base = serve(ROOT)
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            context = pw.chromium.launch_persistent_context(profile, **launch_options())
            print(f"{' v '.join(args.levels)}, 2 players, up to {args.moves} moves a game, "
                  f"CPU slowed {args.throttle:g}x")
            print(f"{'game':<12}{'level':<8}{'moves':>6}{'mean ms':>8}{'median ms':>10}"
                  f"{'worst ms':>9}")
            for game_id in args.games:
                thinks, events = traced_run(context, base, game_id, args.levels, args.moves,
                                            args.throttle)
                report(game_id, thinks, *main_thread_tasks(events))
            context.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
