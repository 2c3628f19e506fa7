"""Lighthouse scores of the home page (mobile preset), and what keeps each below 1.0.

    python bench/lighthouse.py [--url-path ./] [--runs N] [--json OUT] [--root DIR]

Serves the site root (default the repo root; --root another copy) on 127.0.0.1 with gzip, as
GitHub Pages does: every response but images, fonts and zips is gzip-compressed (level 6, as
bench/bytes.py counts) when the browser asks for it (Pages' list is not published: .wasm and
.bin are assumed compressed, as bench/bytes.py does), with Pages' `Cache-Control: max-age=600`.
Then runs the pinned Lighthouse (`node_modules/.bin/lighthouse`, a dev dependency: `npm ci`) on
the page --url-path names, with its default preset, mobile (simulated slow 4G and a 4x slower
CPU), in headless Chromium (CHROME_PATH, else /usr/bin/chromium), --runs times.
Prints the median of each: the four category scores (performance, accessibility, best practices,
SEO), the key metrics (FCP, LCP, TBT, Speed Index, CLS, TTI), the total byte weight, and every
audit scoring below 1 in each category, with its title, its value and a few of the items it
names (what to fix). The audits' entries are those of the run with the median score for that
audit. --json writes the whole Lighthouse report of the median run (by performance score): open
it in https://googlechrome.github.io/lighthouse/viewer/. Audits that could not run are listed
too: with Debian's Chromium 156, Lighthouse 12.2.3 fails on the trace's frame events, so the LCP
element, render-blocking resources and layout shifts audits report an error (no score lost).
Needs `make site` (vendor/, py.zip, snapshot.bin, sw.js), `npm ci` and Chromium.
"""
import argparse
import email.utils
import gzip
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = Path("/usr/bin/chromium")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (
    ("FCP", "first-contentful-paint"),
    ("LCP", "largest-contentful-paint"),
    ("TBT", "total-blocking-time"),
    ("SI", "speed-index"),
    ("CLS", "cumulative-layout-shift"),
    ("TTI", "interactive"),
)
TYPES = {
    ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
    ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml", ".css": "text/css", ".html": "text/html", ".toml": "text/plain",
    ".txt": "text/plain", ".bin": "application/octet-stream", ".zip": "application/zip",
    ".woff2": "font/woff2", ".png": "image/png",
}
# Already compressed: GitHub Pages sends these as they are.
NOT_GZIPPED = ("image/png", "image/jpeg", "image/webp", "image/gif", "font/woff2", "font/woff",
               "application/zip")
DETAILS = 6  # items shown of a failing audit


# --- the server ---------------------------------------------------------------------------------

class Handler(SimpleHTTPRequestHandler):
    """Static files with GitHub Pages' compression and cache header; silent."""
    protocol_version = "HTTP/1.1"  # keep-alive, as a browser gets from a real host
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    compressed: dict = {}  # (path, mtime, size) -> gzip bytes, shared by the server's threads

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, format, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        ctype = self.guess_type(str(path))
        if (not path.is_file() or ctype in NOT_GZIPPED
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if key not in self.compressed:
            self.compressed[key] = gzip.compress(path.read_bytes(), 6)
        body = self.compressed[key]
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return io.BytesIO(body)


def serve(root: Path):
    """The site on a port the OS picks, in a thread; returns (server, base URL)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# --- Lighthouse ---------------------------------------------------------------------------------

def check_installed():
    package = ROOT / "node_modules" / "lighthouse" / "package.json"
    if not LIGHTHOUSE.exists() or not package.exists():
        sys.exit("Lighthouse is not installed: run `npm ci` in the repository root "
                 "(it is a pinned dev dependency in package.json).")
    version = json.loads(package.read_text())["version"]
    pinned = json.loads((ROOT / "package.json").read_text()).get("devDependencies", {})
    if pinned.get("lighthouse") not in (None, version):
        sys.exit(f"Lighthouse {version} is installed, package.json pins "
                 f"{pinned['lighthouse']}: run `npm ci`.")
    return version


def chrome_env():
    env = dict(os.environ)
    if "CHROME_PATH" not in env and CHROMIUM.exists():
        env["CHROME_PATH"] = str(CHROMIUM)
    return env


def lighthouse(url: str) -> dict:
    """One Lighthouse run (the default, mobile, preset); its JSON report."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        done = subprocess.run(
            [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
             f"--chrome-flags={CHROME_FLAGS}",
             "--only-categories=" + ",".join(CATEGORIES)],
            env=chrome_env(), cwd=tmp, capture_output=True, text=True)
        report = json.loads(out.read_text()) if out.exists() else {}
    if report.get("runtimeError"):
        error = report["runtimeError"]
        sys.exit(f"lighthouse: {error.get('code')}: {error.get('message')}")
    if done.returncode != 0 or not report:
        sys.exit(f"lighthouse failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return report


# --- the report ---------------------------------------------------------------------------------

def median_run(reports, key):
    """The report whose key(report) is the (lower) median of all."""
    return sorted(reports, key=key)[(len(reports) - 1) // 2]


def category_score(report, category):
    return report["categories"][category]["score"] or 0


def audit_score(report, audit_id):
    score = report["audits"].get(audit_id, {}).get("score")
    return 1.0 if score is None else score


def fmt_score(score):
    return "  - " if score is None else f"{score:4.2f}"


def fmt_metric(name, value):
    if name == "CLS":
        return f"{value:.3f}"
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"


def cell(value, kind=None) -> str:
    """One value of an audit's details table, in a line."""
    if value is None or value == "":
        return ""
    if isinstance(value, dict):
        kind = value.get("type", kind)
        if kind == "source-location":
            return f"{value.get('url', '')}:{value.get('line', 0) + 1}:{value.get('column', 0) + 1}"
        if kind == "node":
            return value.get("snippet") or value.get("selector") or value.get("nodeLabel", "")
        if kind == "link":
            return value.get("text", "")
        inner = value.get("value", value.get("text", value.get("url")))
        return cell(inner, kind) if inner is not None else json.dumps(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        if kind == "bytes":
            return f"{value / 1e6:.2f} MB" if value >= 1e6 else f"{value / 1024:.1f} KiB"
        if kind in ("ms", "timespanMs"):
            return f"{value / 1000:,.0f} s" if value >= 60_000 else f"{value:,.0f} ms"
        return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"
    return str(value)


def detail_lines(audit, base: str, limit=DETAILS):
    """A few of the items an audit names (URLs, nodes, messages, sizes), one line each."""
    details = audit.get("details") or {}
    items = details.get("items") or []
    headings = details.get("headings") or []
    if details.get("type") == "list":  # a list of tables
        headings = next((t.get("headings") for t in items if t.get("headings")), [])
        items = [row for table in items for row in (table.get("items") or [])]
    lines = []
    for item in items[:limit]:
        if not isinstance(item, dict):
            lines.append(str(item))
            continue
        fields = []
        for heading in headings:
            key, kind = heading.get("key"), heading.get("valueType")
            text = cell(item.get(key), kind) if key else ""
            if not text:
                continue
            textual = kind in (None, "url", "text", "code", "source-location", "node", "link")
            label = heading.get("label") or key
            fields.append(text if textual or not label else f"{label} {text}")
            sub_key = (heading.get("subItemsHeading") or {}).get("key")
            subs = (item.get("subItems") or {}).get("items") or []
            if sub_key and subs and isinstance(subs[0].get(sub_key), str):
                fields.append(subs[0][sub_key])
        if not fields:
            fields = [cell(v) for k, v in item.items() if k not in ("subItems", "entity")][:3]
        line = " | ".join(fields).replace(base, "/")
        lines.append(line if len(line) <= 240 else line[:237] + "...")
    if len(items) > limit:
        lines.append(f"... and {len(items) - limit} more")
    return lines


def median_of(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def failing_audits(reports, category, skip):
    """(weight, median score, auditRef) of the category's audits whose median score is below 1,
    and the ids of those that could not run in some run (an error, not a score)."""
    failing, errors = [], []
    for ref in reports[0]["categories"][category]["auditRefs"]:
        audit_id = ref["id"]
        if audit_id in skip:
            continue
        audits = [r["audits"].get(audit_id, {}) for r in reports]
        if any(a.get("scoreDisplayMode") == "error" for a in audits):
            errors.append(audit_id)
        scores = [a.get("score") for a in audits if a.get("scoreDisplayMode") != "error"]
        if all(score is None for score in scores):
            continue  # informative, manual or not applicable
        score = statistics.median(1.0 if score is None else score for score in scores)
        if score < 1:
            failing.append((ref.get("weight", 0), score, ref))
    return sorted(failing, key=lambda f: (-f[0], f[1])), errors


def report(reports, base: str):
    runs = len(reports)
    first = reports[0]
    settings = first["configSettings"]
    print(f"\nLighthouse {first['lighthouseVersion']}, {first['environment']['hostUserAgent']}")
    print(f"{first['finalDisplayedUrl']}: form factor {settings['formFactor']}, throttling "
          f"{settings['throttlingMethod']} ({settings['throttling']['rttMs']:.0f} ms RTT, "
          f"{settings['throttling']['throughputKbps']:.0f} kbit/s, CPU "
          f"x{settings['throttling']['cpuSlowdownMultiplier']:g}), "
          f"median of {runs} run{'s' * (runs > 1)}\n")
    for warning in dict.fromkeys(w for r in reports for w in r.get("runWarnings", [])):
        print(f"warning: {warning}\n")
    print("scores")
    for category in CATEGORIES:
        scores = [category_score(r, category) for r in reports]
        title = first["categories"][category]["title"]
        spread = f"   (runs {min(scores):.2f}-{max(scores):.2f})" if runs > 1 else ""
        print(f"  {title:<16}{statistics.median(scores):5.2f}{spread}")
    print("\nmetrics")
    for name, audit_id in METRICS:
        value = median_of(r["audits"][audit_id].get("numericValue") for r in reports)
        score = median_of(r["audits"][audit_id].get("score") for r in reports)
        if value is None:
            print(f"  {name:<5}{'error':>10}")
            continue
        print(f"  {name:<5}{fmt_metric(name, value):>10}   score {fmt_score(score)}")
    weight = median_of(r["audits"]["total-byte-weight"].get("numericValue") for r in reports)
    if weight is not None:
        print(f"  total byte weight {weight / 1e6:.2f} MB (transferred)")
    metric_ids = {audit_id for _, audit_id in METRICS}
    for category in CATEGORIES:
        failing, errors = failing_audits(reports, category, metric_ids)
        title = first["categories"][category]["title"]
        print(f"\n{title}: {len(failing)} audit{'s' * (len(failing) != 1)} below 1"
              + (" (besides the metrics above)" if category == "performance" else ""))
        for weight, score, ref in failing:
            audit_id = ref["id"]
            run = median_run(reports, lambda r, a=audit_id: audit_score(r, a))
            audit = run["audits"][audit_id]
            shown = audit.get("displayValue", "")
            group = ref.get("group", "")
            print(f"  {fmt_score(score)}  {audit['title']}" + (f" -- {shown}" if shown else "")
                  + f"   [{audit_id}; weight {weight:g}{'; ' + group if group else ''}]")
            for line in detail_lines(audit, base):
                print(f"          {line}")
        for audit_id in errors:
            audit = next(r["audits"][audit_id] for r in reports
                         if r["audits"][audit_id].get("scoreDisplayMode") == "error")
            message = (audit.get("errorMessage") or "").rsplit("exception: ", 1)[-1].splitlines()[0]
            print(f"  could not run: {audit['title']} [{audit_id}]: {message}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url-path", default="./", help="page to audit, relative to the root")
    parser.add_argument("--runs", type=int, default=1, help="Lighthouse runs (medians printed)")
    parser.add_argument("--json", type=Path, help="write the median run's whole report here")
    parser.add_argument("--root", type=Path, default=ROOT, help="site root to serve")
    args = parser.parse_args()
    check_installed()
    server, base = serve(args.root.resolve())
    url = base + args.url_path.removeprefix("./").removeprefix("/")
    try:
        reports = []
        for n in range(args.runs):
            print(f"run {n + 1}/{args.runs}: {url}", flush=True)
            reports.append(lighthouse(url))
    finally:
        server.shutdown()
        server.server_close()
    report(reports, base)
    if args.json:
        best = median_run(reports, lambda r: category_score(r, "performance"))
        args.json.write_text(json.dumps(best, indent=1))
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
