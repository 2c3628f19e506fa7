"""A player's first visit over a phone's link: time to ready, bytes on the wire before and after, and
the main thread's longest task meanwhile.

    python bench/first_visit.py [--cpu R] [--runs N] [--pages home,punto,tap] [--root DIR]
                                [--after SECONDS] [--trace DIR]

Serves the built site (--root, default the repo root) through bench/throttle.py on 127.0.0.1:
one link shared by every connection, 4 Mbit/s down, 1 Mbit/s up, 150 ms round trip, two more
round trips for each new connection (TCP + TLS), gzip on the wire as GitHub Pages sends it.
Each run loads each page in a fresh Chromium profile (nothing cached, no service worker), the
tests' browser and flags (bench/startup.py), emulating a phone (390 x 844, touch, 3x).
- home (`./`): ready = `html[data-ready]`, whose value is performance.now() when it was set.
- punto (`./?game=punto&seed=1&start=1`): ready likewise, and "pickable": when the card the player
  holds (`#hand [data-drag]`, as tests/browser/helpers.py) was first attached and enabled, stamped
  in the page by a MutationObserver. After the timing a tap must pick it up (`.held`, legal cells
  lit, what tests/browser/test_touch.py checks).
- tap (`./`): the home page with the Punttu tile tapped (touch, through the dev protocol) every
  half second from its first paint until ready: how long each tap waited for the main thread (from
  the touch to the page's first pointer listener), and whether the page opened Punttu once ready.
--cpu R slows the page's CPU R times through the dev protocol (Emulation.setCPUThrottlingRate, as
Lighthouse's mobile preset and DevTools do): Chromium slows the page's main thread, where Python
starts and runs; not the renderer's pool threads, which compile the wasm, and its workers less or
not at all (the protocol refuses the rate on a worker's target). Before ready no worker runs (the
service worker is registered, and a hard computer's worker made, once the page is ready). The
bench first times a fixed loop on the main thread and in a worker, and prints both slow-downs.
Each visit is traced (bench/cpu.py): the longest main-thread task from the first contentful paint
to ready (to pickable for punto), how many last over 50 ms, and their time beyond 50 ms each
(Lighthouse's total blocking time, on the tasks as they ran); --trace DIR keeps each trace (open
it in DevTools' Performance panel).
Times are the page's clock (ms since navigation start); the server logs each chunk it sends on
the same epoch clock (performance.timeOrigin), so bytes are split at the moment of ready. The
page then stays open --after seconds (the service worker's precache, the snapshot...).
Prints medians over the runs, and the run with the median ready time's largest responses before
ready (what is on the critical path). Needs `make site` and the test venv (playwright).
"""
import argparse
import statistics
import tempfile
import time
from pathlib import Path

from cpu import Tracing, blocking, calibrate
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright
from startup import launch_options
from throttle import DOWN, RTT, UP, Throttle

ROOT = Path(__file__).resolve().parent.parent
PAGES = {"home": "./", "punto": "./?game=punto&seed=1&start=1", "tap": "./"}
READY = "html[data-ready]"
HAND = "#hand [data-drag]"
TILE = '.game-tile[data-game="punttu"]'
TAP_EVERY_MS = 500
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 3}
TIMEOUT_S = 120
# Set before the page's own scripts run: the card's time with no polling lag (the observer runs
# once the task that drew it ends, i.e. when a tap could first be handled).
PICKABLE_JS = """new MutationObserver((_, observer) => {
  const card = document.querySelector("HAND");
  if (card && !card.disabled && card.getAttribute("aria-disabled") !== "true") {
    window.__pickable = performance.now();
    observer.disconnect();
  }
}).observe(document, {childList: true, subtree: true, attributes: true});""".replace("HAND", HAND)
# How long each tap waited for the main thread: from the touch (its event's time stamp) to the
# first pointer listener, which runs once the task in progress ends.
TAPS_JS = """window.__taps = [];
addEventListener("pointerdown", (event) => window.__taps.push(performance.now() - event.timeStamp),
                 {capture: true});"""
FACTS_JS = """() => ({ready: Number(document.documentElement.dataset.ready),
  pickable: window.__pickable ?? null, origin: performance.timeOrigin, taps: window.__taps ?? null,
  opened: document.querySelector('form.newgame')?.dataset.game ?? null,
  painted: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
  boot: document.documentElement.dataset.boot ?? "?", link: `${navigator.connection?.effectiveType}`})"""
CACHED_JS = """async () => { let n = 0;
  for (const key of await caches.keys()) n += (await (await caches.open(key)).keys()).length;
  return n; }"""


def picked(page) -> bool:
    """Whether a tap on the player's card picks it up, as in tests/browser/test_touch.py."""
    try:
        page.tap(HAND, timeout=5000)
        page.wait_for_selector("#hand .held", timeout=5000)
    except PlaywrightError:
        return False
    return page.locator("[data-legal]").count() > 0


def tap_until_ready(page, cdp, deadline):
    """Tap the tile every TAP_EVERY_MS from the first paint until the page is ready."""
    box = page.locator(TILE).bounding_box(timeout=max(1, (deadline - time.monotonic()) * 1000))
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    while time.monotonic() < deadline:
        for kind, points in (("touchStart", [point]), ("touchEnd", [])):
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        try:
            page.wait_for_selector(READY, state="attached", timeout=TAP_EVERY_MS)
            return
        except PlaywrightTimeout:
            pass


def traffic(server, facts, after) -> dict:
    """The server's log, split at ready: bytes before and after, and each response before it."""
    ms = lambda t: t * 1000 - facts["origin"]  # noqa: E731  epoch seconds -> the page's clock
    ready, before, later, done = facts["ready"], {}, 0, {}
    for sent, path, size, asked in list(server.log):
        t = ms(sent)
        if t < 0:
            continue  # the end of a previous run's response
        done[asked, path] = t
        if t <= ready:
            before[asked, path] = before.get((asked, path), 0) + size
        elif t <= ready + after * 1000:
            later += size
    snapshot = sorted((ms(asked), done.get((asked, path)))
                      for asked, path, _ in list(server.requests) if path.endswith("snapshot.bin"))
    largest = sorted(((size, key[1], done[key]) for key, size in before.items()), reverse=True)[:10]
    return {"before": sum(before.values()), "after": later, "responses": len(before),
            "largest": largest, "snapshot": [s for s in snapshot if s[0] >= 0 and s[1] is not None][:1]}


def visit(pw, server, url, name, after, cpu, trace=None):
    """One first visit in a fresh profile, the page's CPU slowed ``cpu`` times: what was
    measured, or None (with a line saying why). ``trace``: where to keep the trace."""
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        context = pw.chromium.launch_persistent_context(profile, **launch_options(), **PHONE)
        try:
            if name == "punto":
                context.add_init_script(PICKABLE_JS)
            if name == "tap":
                context.add_init_script(TAPS_JS)
            page = context.pages[0] if context.pages else context.new_page()
            cdp = context.new_cdp_session(page)
            if cpu != 1:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
            tracing = Tracing(cdp)
            server.clear()
            deadline = time.monotonic() + TIMEOUT_S
            left = lambda: max(1, (deadline - time.monotonic()) * 1000)  # noqa: E731
            page.goto(url, wait_until="commit", timeout=left())
            if name == "tap":
                tap_until_ready(page, cdp, deadline)
            page.wait_for_selector(READY, state="attached", timeout=left())
            if name == "punto":
                page.wait_for_function("window.__pickable !== undefined", timeout=left())
            facts = page.evaluate(FACTS_JS)
            tasks = tracing.stop(page, trace)
            end = facts["pickable"] if name == "punto" else facts["ready"]
            facts |= blocking(tasks, facts["painted"], end)
            facts["picked"] = picked(page) if name == "punto" else None
            page.wait_for_timeout(after * 1000)
            facts["cached"] = page.evaluate(CACHED_JS)
        except PlaywrightError as error:
            why = "timed out" if isinstance(error, PlaywrightTimeout) else "failed"
            print(f"  {name}: {why} (ready must come within {TIMEOUT_S} s): {error.message.splitlines()[0]}",
                  flush=True)
            return None
        finally:
            context.close()
    return facts | traffic(server, facts, after)


def precached(root: Path) -> int:
    """How many entries the worker's cache holds once complete: its PRECACHE list and revisions."""
    text = (root / "sw.js").read_text()
    return text.split("const PRECACHE = [", 1)[1].split("]", 1)[0].count('"') // 2 + 1


def report(name, visits, precache):
    med = lambda key, scale=1: statistics.median(v[key] * scale for v in visits)  # noqa: E731
    pickable = f"{med('pickable', 1e-3):.2f}" if name == "punto" else "-"
    snaps = [v["snapshot"][0] for v in visits if v["snapshot"] and v["snapshot"][0][0] <= v["ready"]]
    snapshot = "no"
    if snaps:
        asked, done = (statistics.median(s[i] / 1000 for s in snaps) for i in (0, 1))
        snapshot = f"{len(snaps)}/{len(visits)} runs: asked {asked:.1f} s, done {done:.1f} s"
    print(f"{name:<7}{med('ready', 1e-3):>8.2f}{pickable:>10}{med('before', 1e-6):>9.2f}"
          f"{med('after', 1e-6):>9.2f}{med('responses'):>6.0f}{med('cached'):>5.0f}/{precache:<4}"
          f"{med('longest'):>8.0f}{med('long'):>6.0f}{med('blocked'):>8.0f}  "
          f"{visits[0]['boot']}/{visits[0]['link']:<6}{snapshot}")
    if name == "punto" and not all(v["picked"] for v in visits):
        print("  PROBLEM: a tap on the player's card did not pick it up in "
              f"{sum(not v['picked'] for v in visits)} of {len(visits)} runs")
    if name == "tap":
        waits = sorted(w for v in visits for w in v["taps"])
        if waits:
            print(f"  {len(waits)} taps before ready: each waited {statistics.median(waits):.0f} ms "
                  f"(median), at most {waits[-1]:.0f} ms")
        if any(v["opened"] != "punttu" for v in visits):
            print(f"  PROBLEM: the tapped game did not open in {sum(v['opened'] != 'punttu' for v in visits)} "
                  f"of {len(visits)} runs")
    middle = sorted(visits, key=lambda v: v["ready"])[(len(visits) - 1) // 2]
    print(f"  largest responses before ready (the run ready in {middle['ready'] / 1000:.2f} s): "
          + ", ".join(f"{path.lstrip('/') or '/'} {size / 1000:.0f} KB @{t / 1000:.1f}s"
                      for size, path, t in middle["largest"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="first visits per page")
    parser.add_argument("--root", type=Path, default=ROOT, help="the built site to serve")
    parser.add_argument("--after", type=float, default=60, help="seconds the page stays open after ready")
    parser.add_argument("--cpu", type=float, default=1, help="the page's CPU slowed this many times (4: a phone)")
    parser.add_argument("--pages", default=",".join(PAGES), help=f"any of {', '.join(PAGES)}, comma-separated")
    parser.add_argument("--trace", type=Path, help="a folder to keep each visit's trace in")
    args = parser.parse_args()
    pages = args.pages.split(",")
    if not set(pages) <= set(PAGES):
        parser.error(f"--pages: any of {', '.join(PAGES)}")
    if args.trace:
        args.trace.mkdir(parents=True, exist_ok=True)
    server = Throttle(args.root)
    server.warm()  # gzip every file once now, not on the critical path of the first run
    base = server.start()
    visits = {name: [] for name in pages}
    try:
        with sync_playwright() as pw:
            slowed = ""
            if args.cpu != 1:
                with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
                    context = pw.chromium.launch_persistent_context(profile, **launch_options())
                    factors = calibrate(context, base + "__blank__.html", args.cpu)  # a 404 page
                    context.close()
                slowed = (f" (a fixed loop: {factors['main']:.1f}x on the main thread, "
                          f"{factors['worker']:.1f}x in a worker)")
            print(f"{args.runs} runs, {args.root}; link {DOWN * 8e-6:.0f} Mbit/s down, "
                  f"{UP * 8e-6:.0f} Mbit/s up, {RTT * 1000:.0f} ms round trip (+2 a new connection), "
                  f"gzip 6; {args.after:.0f} s after ready; CPU slowed {args.cpu:g}x{slowed}", flush=True)
            for run in range(args.runs):  # pages alternate, so that drift in load hits all
                for name in pages:
                    trace = args.trace / f"{name}-{run + 1}.json" if args.trace else None
                    facts = visit(pw, server, base + PAGES[name], name, args.after, args.cpu, trace)
                    if facts is not None:
                        visits[name].append(facts)
                        pick = f", pickable {facts['pickable'] / 1000:.2f} s" if facts["pickable"] else ""
                        print(f"  run {run + 1} {name}: ready {facts['ready'] / 1000:.2f} s{pick}, "
                              f"{facts['before'] / 1e6:.2f} MB before, longest task {facts['longest']:.0f} ms",
                              flush=True)
    finally:
        server.stop()
    print(f"{'page':<7}{'ready s':>8}{'pickable':>10}{'MB pre':>9}{f'MB +{args.after:.0f}s':>9}{'resp':>6}"
          f"{'cached':>10}{'task ms':>8}{'>50ms':>6}{'TBT ms':>8}  boot/link snapshot.bin before ready")
    for name in pages:
        if visits[name]:
            report(name, visits[name], precached(args.root))
        else:
            print(f"{name:<7}failed in every run")


if __name__ == "__main__":
    main()
