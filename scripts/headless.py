"""Run a build step inside the vendored runtime: a page of the site's origin, in the headless
Chromium the browser tests use, does the work and POSTs its result back. scripts/pack_py.py
compiles the modules this way (the bytecode must be Pyodide's Python's) and scripts/snapshot.py
makes the memory snapshot. Needs the test venv (playwright) and /usr/bin/chromium.
"""
import hashlib
import subprocess
import sys
from pathlib import Path

PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PAGE = "__build_step__.html"
RESULT = "__result__"
# The end of every step's page: what it POSTs to RESULT is the result; an error, as text.
REPORT = """
async function report(work) {
  let body;
  try {
    body = await work();
  } catch (error) {
    body = "error: " + (error.stack || error);
  }
  await fetch("./__result__", { method: "POST", body });
}
"""


def runtime_digest(root: Path) -> bytes:
    """sha-256 over the vendored Pyodide's files: what a step's output depends on besides its
    own inputs."""
    digest = hashlib.sha256()
    for name in PYODIDE:
        digest.update(hashlib.sha256((root / "vendor" / "pyodide" / name).read_bytes()).digest())
    return digest.digest()


def _serve(body: bytes):
    return lambda route: route.fulfill(body=body)


def run(root: Path, script: str, files: dict = None, name: str = "build step") -> bytes:
    """Serves root, opens a page whose module script is REPORT + script (which must call
    `report(async () => result)`), also serving `files` (name -> bytes) at the root, and returns
    the bytes the page reports. Exits with the page's error if it reports one."""
    from playwright.sync_api import sync_playwright

    html = ('<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">\n'
            f'<script type="module">{REPORT}{script}</script>')
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(root)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        port = int(server.stdout.readline().decode().split(" port ")[1].split()[0])
        base = f"http://127.0.0.1:{port}/"
        got = []
        with sync_playwright() as pw:
            options = {"executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS} \
                if CHROMIUM.exists() else {}
            browser = pw.chromium.launch(**options)
            page = browser.new_page()
            page.route(base + PAGE, lambda route: route.fulfill(
                content_type="text/html", body=html))
            for served, body in (files or {}).items():
                page.route(base + served, _serve(body))

            def receive(route):
                got.append(route.request.post_data_buffer)
                route.fulfill(status=204)

            page.route(base + RESULT, receive)
            page.on("console", lambda m: print(f"{name} page: {m.text}", file=sys.stderr)
                    if m.type in ("error", "warning") else None)
            page.goto(base + PAGE)
            for _ in range(1200):  # the route handler runs while Playwright waits
                if got:
                    break
                page.wait_for_timeout(100)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    if not got:
        sys.exit(f"{name}: the page reported nothing in 120 s")
    if got[0].startswith(b"error: "):
        sys.exit(f"{name}: {got[0].decode(errors='replace')}")
    return got[0]
