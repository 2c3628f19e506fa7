"""The computer players in the page: what a hard move costs the main thread, in its worker and
on the page itself.

    python bench/page_ai.py [GAME ...] [--moves N] [--levels A B] [--throttle R]

For each game, a 2-player match of computers (``--levels``, default hard against medium) is
saved in localStorage and resumed in headless Chromium at the "fast" speed, twice: as a player's
page does (a hard computer thinks in its worker, js/think.mjs, once that is up) and with
``?think=main`` (every computer thinks on the main thread, in slices). The page plays on while
Chrome traces its main thread. Per move of each level, as median and worst, it prints:
- wait: wall time from the computer's turn (its thinking begins) to its card's flight (the
  page's ``tapis.wait.<level>`` measure; at least the speed's 60 ms pause);
- main: the main thread's work meanwhile, the time of its tasks between the thinking's start
  and the answer (``tapis.think.<level>``), clipped to that window: the search's slices, or
  the save's dump, its message and the answer, and in both runs alike the page's rendering
  (the thinking sign's animation, the last card's glide settling), garbage collection, timers
  and the bench's look at the page every second;
- ends: of it, the two tasks in which the thinking begins and its answer is taken (in a worker
  run, all that the worker costs the main thread: the dump and its message, the answer; in a
  page run, the first and last slices);
- task: the longest main-thread task overlapping that window (50 ms or more makes a page feel
  stuck).
A row per level and run ("thought in" says where: worker or page); a worker run counts only
the moves whose thinking began once the worker was up (the first ones are thought on the page
while it starts: how many is printed). Then the worker's start (``tapis.thinker.<boot>``: from
its creation to Python ready with py.zip, and whether from the snapshot) and the memory of the
page's renderer process (which holds the worker's thread and its wasm memory) at the end of each
run: its private memory (USS: Private_Clean + Private_Dirty of /proc/<pid>/smaps_rollup,
anonymous pages such as a wasm memory included), the process being the traced main thread's.

``--throttle 4`` slows the CPU four times through the browser's dev protocol, for an estimate of
a mid-range phone (3-5x slower). Chromium applies Emulation.setCPUThrottlingRate to a page's
renderer, workers included but less, and refuses it on a worker's own target ("only supported
for pages"): the run first measures the slow-down a fixed loop sees on the main thread and in a
worker, and prints both. Before the runs, one page load installs the service worker, so that
every run starts as a return visit (the page and its worker from the snapshot) and no precache
competes with it. Needs `make site` and the test venv; Linux (/proc).
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
from cpu import calibrate  # noqa: E402
from startup import launch_options, serve  # noqa: E402 - same server and browser flags

GAMES = tuple(game.id for game in registry.games())
READY = "html[data-ready]"
CATEGORIES = "toplevel,blink.user_timing"
TASK = "ThreadControllerImpl::RunTask"  # one per task the main thread runs
MODES = (("worker", ""), ("page", "?think=main"))  # where hard thinks, and the link that says so


def saved_match(game_id: str, levels, seed: str) -> str:
    seats = [{"kind": level, "name": f"{level} {seat}"} for seat, level in enumerate(levels)]
    return json.dumps(Match.new(game_id, {"players": len(levels)}, seed, seats, think=think).dump())


def settle(context, base: str):
    """A first load: the service worker installed and in control (the snapshot in its cache)."""
    page = context.new_page()
    page.goto(base)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.close()


def private_mb(pid: int) -> float | None:
    """The process's private memory (USS), or None if it is gone or not a renderer."""
    try:
        if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
            return None
        fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:])
    except OSError:
        return None
    return sum(int(fields[name].split()[0]) for name in ("Private_Clean", "Private_Dirty")) / 1024


def traced_run(context, base: str, game_id: str, levels, moves: int, throttle: float, query: str):
    """Resume a computers-only match and let it play ``moves`` moves (or to its end), the CPU
    slowed ``throttle`` times; the page's measures, the trace's events and the renderer's
    private memory at the end."""
    page = context.new_page()
    page.goto(base + "__blank__.html")  # somewhere of the site's origin to write
    page.evaluate("""([save, prefs]) => { localStorage.clear();
        localStorage.setItem('tapis.save', save); localStorage.setItem('tapis.prefs', prefs); }""",
                  [saved_match(game_id, levels, "bench-1"), json.dumps({"speed": "fast"})])
    page.goto(base + query)
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
            arg=moves, timeout=600_000, polling=1000).json_value() == "round-end":
        page.click('[data-action="round-seen"]')  # nobody at the table to read the round's end
    measures = page.evaluate("""() => performance.getEntriesByType('measure')
        .filter(m => m.name.startsWith('tapis.'))
        .map(m => ({name: m.name, start: m.startTime, ms: m.duration, where: m.detail}))""")
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    tasks, windows, pid = main_thread(events)
    memory = private_mb(pid)
    page.close()
    return measures, tasks, windows, memory


def main_thread(events):
    """(start, end) in µs of every top-level task of the page's main thread, the windows
    (start, end) of each of the page's measures by name, in order, and the renderer's pid."""
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
    opened, windows = {}, {}
    for e in sorted((e for e in events if e.get("name", "").startswith("tapis.")), key=lambda e: e["ts"]):
        key = (e["name"], e.get("id2", {}).get("local", e.get("id")))
        if e.get("ph") == "b":
            opened[key] = e["ts"]
        elif e.get("ph") == "e" and key in opened:
            windows.setdefault(e["name"], []).append((opened.pop(key), e["ts"]))
    return tasks, windows, main[0]


def work(tasks, window) -> float:
    """Main-thread task time (ms) inside the window."""
    start, end = window
    return sum(max(0, min(end, t_end) - max(start, t_start)) for t_start, t_end in tasks) / 1000


def ends(tasks, window) -> float:
    """The time (ms) of the tasks that hold the window's start and its end."""
    held = {(t_start, t_end) for t_start, t_end in tasks for ts in window if t_start <= ts <= t_end}
    return sum(t_end - t_start for t_start, t_end in held) / 1000


def longest(tasks, window) -> float:
    """The longest task (ms) that overlaps the window."""
    start, end = window
    return max((t_end - t_start for t_start, t_end in tasks if t_start < end and t_end > start),
               default=0) / 1000


def per_move(level: str, measures, tasks, windows, since: float) -> dict:
    """Wait, main-thread work and longest task of each of ``level``'s moves whose thinking began
    at ``since`` or later (page time, ms), and where they were thought."""
    thinks = [m for m in measures if m["name"] == f"tapis.think.{level}"]
    waits = {round(m["start"], 3): m["ms"] for m in measures if m["name"] == f"tapis.wait.{level}"}
    traced = windows.get(f"tapis.think.{level}", [])
    # The same measures, in order; the trace may hold one more, ended after the page was read.
    assert len(traced) >= len(thinks), (len(traced), len(thinks))
    moves = [(m, window) for m, window in zip(thinks, traced) if m["start"] >= since]
    return {"wait": [waits[round(m["start"], 3)] for m, _ in moves if round(m["start"], 3) in waits],
            "main": [work(tasks, window) for _, window in moves],
            "ends": [ends(tasks, window) for _, window in moves],
            "task": [longest(tasks, window) for _, window in moves],
            "where": sorted({m["where"] for m, _ in moves}), "before": len(thinks) - len(moves)}


def spread(values) -> str:
    return f"{statistics.median(values):>7.0f} {max(values):>6.0f}" if values else f"{'-':>7} {'-':>6}"


def spread_fine(values) -> str:
    return f"{statistics.median(values):>7.1f} {max(values):>6.1f}" if values else f"{'-':>7} {'-':>6}"


def report(game_id: str, mode: str, levels, measures, tasks, windows, memory):
    """A row per level; in a worker run, of the moves thought once the worker was up."""
    started = [m for m in measures if m["name"].startswith("tapis.thinker.")]
    since = started[0]["start"] + started[0]["ms"] if started else 0
    if mode == "worker" and not started:
        print(f"{game_id:<12}{mode:<8}  the worker was never up")
        return
    for level in dict.fromkeys(levels):
        figures = per_move(level, measures, tasks, windows, since)
        memory_text = f"{memory:>7.0f}" if memory is not None else f"{'?':>7}"
        print(f"{game_id:<12}{mode:<8}{level:<8}{'/'.join(figures['where']):<12}{len(figures['wait']):>6}"
              f" {spread(figures['wait'])} {spread_fine(figures['main'])} {spread_fine(figures['ends'])}"
              f" {spread_fine(figures['task'])}"
              f" {memory_text}")
    if started:
        print(f"{'':<12}worker up {started[0]['ms']:.0f} ms after it was made "
              f"({started[0]['name'].split('.')[-1]} start); moves thought before: "
              + ", ".join(f"{level} {per_move(level, measures, tasks, windows, since)['before']}"
                          for level in dict.fromkeys(levels)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"any of {', '.join(GAMES)} (default: every game that has both levels)")
    parser.add_argument("--moves", type=int, default=40, help="computer moves per game and run")
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
            settle(context, base)
            slowed = ""
            if args.throttle != 1:
                factors = calibrate(context, base + "__blank__.html", args.throttle)  # a 404 page of the site's origin
                slowed = (f" (a fixed loop: {factors['main']:.1f}x on the main thread, "
                          f"{factors['worker']:.1f}x in a worker)")
            print(f"{' v '.join(args.levels)}, 2 players, up to {args.moves} moves a game and run, "
                  f"CPU slowed {args.throttle:g}x{slowed}")
            print("per move, ms (median, worst); memory: the renderer's private MB at the end of the run")
            print(f"{'game':<12}{'run':<8}{'level':<8}{'thought in':<12}{'moves':>6} {'wait':>7} {'':>6}"
                  f" {'main':>7} {'':>6} {'ends':>7} {'':>6} {'task':>7} {'':>6} {'memory':>7}")
            for game_id in args.games:
                for mode, query in MODES:
                    measures, tasks, windows, memory = traced_run(
                        context, base, game_id, args.levels, args.moves, args.throttle, query)
                    report(game_id, mode, args.levels, measures, tasks, windows, memory)
            context.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
