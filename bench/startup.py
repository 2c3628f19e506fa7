"""Start-up time of the app against a bare PyScript page, in the same run.

    python bench/startup.py [--runs N] [--cpu R] [--root DIR]

Serves the repo root on 127.0.0.1, then times navigation -> `html[data-ready]` for each page on
a return visit (a profile that has loaded the page once, its service worker settled: the
snapshot is kept), cold (that profile in a browser started anew: nothing in memory) and warm
(the same browser, loaded again), and on a first visit (a fresh profile: nothing cached, no
service worker; the app starts Python normally, without the snapshot). The time is the
`data-ready` value the page writes (performance.now() when it became ready, i.e. since
navigation start); wall time from goto when the attribute is not a number (marked *).
Prints medians and ratios to the bare page (the target for the app's return visits: <= 0.35
cold and warm), and
the size of snapshot.bin, raw and gzip-compressed (what GitHub Pages sends). "home, normal" is
the app told not to use the snapshot (?snapshot=0), for comparison. --cpu R slows each measured
page's CPU R times through the dev protocol (a phone: 4; see bench/cpu.py for what it covers);
--root serves another built copy of the site.
Needs `make site` (vendor/, snapshot.bin, sw.js) and the test venv (playwright).
"""
import argparse
import gzip
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
# Same browser and flags as tests/browser/conftest.py.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PAGES = (
    ("bare", "bench/bare/index.html"),
    ("home", "./"),
    ("punto", "./?game=punto&seed=1&start=1"),
    ("home, normal", "./?snapshot=0"),
)
READY = "html[data-ready]"
TIMEOUT_MS = 60_000


def serve(root: Path):
    """`python -m http.server` on a port the OS picks; returns (process, base URL)."""
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(root)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
    )
    banner = process.stdout.readline().decode()  # printed once the socket listens
    port = int(banner.split(" port ")[1].split()[0])
    return process, f"http://127.0.0.1:{port}/"


def launch_options():
    if CHROMIUM.exists():
        return {"executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}
    return {}


def measure(page, url, cpu=1):
    """Milliseconds from navigation to ready, and whether the page's own timestamp gave it; the
    page's CPU slowed ``cpu`` times."""
    if cpu != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
    wall = (time.perf_counter() - start) * 1000
    stamp = page.get_attribute("html", "data-ready")
    try:
        return float(stamp), True
    except (TypeError, ValueError):
        return wall, False


def settle(page, worker: bool):
    """Wait until the page's service worker has installed its precache and controls the page
    (the app registers it once ready, so a warm measure must not race its install)."""
    if worker:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)


def run(runs: int, base: str, cpu: float = 1):
    kinds = ("cold", "warm", "first")
    times = {(name, kind): [] for name, _ in PAGES for kind in kinds}
    stamped = {name: True for name, _ in PAGES}
    failed = set()
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profiles:
        browser = pw.chromium.launch(**launch_options())
        print(f"Chromium {browser.version}, {runs} runs, {base}", flush=True)
        warm = {}
        for name, path in PAGES:
            context = pw.chromium.launch_persistent_context(
                Path(profiles) / name, **launch_options())
            page = context.new_page()
            try:
                measure(page, base + path)
                settle(page, worker=name != "bare")
            except PlaywrightError as error:
                failed.add(name)
                print(f"{name}: not ready ({error.message.splitlines()[0]})", flush=True)
            page.close()
            warm[name] = context
        # Pages alternate within each run so that drift in the machine's load hits all alike.
        for run_no in range(runs):
            for name, path in PAGES:
                if name in failed:
                    continue
                # A cold return: a copy of the primed profile in a browser of its own.
                copy = Path(profiles) / f"{name}-{run_no}"
                shutil.copytree(Path(profiles) / name, copy,
                                ignore=shutil.ignore_patterns("Singleton*", "*.lock", "LOCK"))
                cold = pw.chromium.launch_persistent_context(copy, **launch_options())
                ms, own = measure(cold.new_page(), base + path, cpu)
                cold.close()
                shutil.rmtree(copy, ignore_errors=True)
                times[name, "cold"].append(ms)
                page = warm[name].new_page()
                warm_ms, warm_own = measure(page, base + path, cpu)
                page.close()
                times[name, "warm"].append(warm_ms)
                context = browser.new_context()
                first_ms, first_own = measure(context.new_page(), base + path, cpu)
                context.close()
                times[name, "first"].append(first_ms)
                stamped[name] = stamped[name] and own and warm_own and first_own
        for context in warm.values():
            context.close()
        browser.close()
    return times, stamped, failed


def report(times, stamped, failed):
    def median(name, kind):
        return statistics.median(times[name, kind])

    print(f"{'page':<14}{'cold ms':>10}{'warm ms':>10}{'cold/bare':>11}{'warm/bare':>11}"
          f"{'first ms':>10}{'first/bare':>12}")
    for name, _ in PAGES:
        if name in failed or "bare" in failed:
            print(f"{name:<14}{'failed':>10}")
            continue
        cold, warm, first = (median(name, kind) for kind in ("cold", "warm", "first"))
        mark = "" if stamped[name] else "*"
        print(f"{name + mark:<14}{cold:>10.0f}{warm:>10.0f}"
              f"{cold / median('bare', 'cold'):>11.2f}{warm / median('bare', 'warm'):>11.2f}"
              f"{first:>10.0f}{first / median('bare', 'first'):>12.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="measured loads per page and kind")
    parser.add_argument("--cpu", type=float, default=1, help="each page's CPU slowed this many times (4: a phone)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the built site to serve")
    args = parser.parse_args()
    snapshot = (args.root / "snapshot.bin").read_bytes()
    print(f"snapshot.bin: {len(snapshot) / 1e6:.1f} MB raw, "
          f"{len(gzip.compress(snapshot, 6)) / 1e6:.1f} MB gzip; CPU slowed {args.cpu:g}x", flush=True)
    server, base = serve(args.root)
    try:
        report(*run(args.runs, base, args.cpu))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
