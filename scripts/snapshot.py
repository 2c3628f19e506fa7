"""Make snapshot.bin: a memory snapshot of Pyodide that has started and imported every module
of py.zip except main (importing main starts the app; it is compiled in, see
py/snapshot_setup.py), so a page restores it instead of starting Python, unpacking py.zip and
compiling the modules (see js/boot.mjs, which checks and uses it).

    python scripts/snapshot.py [--force]

Modules must not read the page's state at import time (it would be this build page's): see the
README. Made headless in the Chromium the browser tests use, from the vendored runtime and py.zip.
Skipped when snapshot.bin was made from the same runtime, py.zip and this script (the key in
snapshot.bin's header). Needs the test venv (playwright) and /usr/bin/chromium.

snapshot.bin is Pyodide's snapshot (a copy of the wasm memory, ~70% zeros) without its long
runs of zeros, behind a header:
    "TAPISNP1" | sha-256 of py.zip | sha-256 of the rest of the file | key (sha-256)
    | full size (u32 LE) | chunk count n (u32 LE) | n x (offset, length) (u32 LE) | the chunks
The page restores it only when py.zip's hash matches (a snapshot holds the modules' code) and
the rest is intact; Pyodide itself checks its build id. Zeros cost nothing on the wire (gzip)
but the page would fetch, hash and keep ~16 MB more of them.
"""
import hashlib
import re
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "snapshot.bin"
MAGIC = b"TAPISNP1"
HEADER_SIZE = 8 + 32 * 3 + 4 + 4
ZERO_RUN = 1 << 16  # shorter runs of zeros are kept: each one dropped costs 8 bytes
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
MAKER = "__make_snapshot__.html"
# Runs in a page of the site's origin. jsglobals: while making a snapshot Pyodide wraps the
# globals in a Proxy that records paths, and reading a getter such as `document` through it
# with the Proxy as receiver raises "Illegal invocation"; this Proxy reads from globalThis.
MAKER_HTML = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const jsglobals = new Proxy(globalThis, { get: (target, name) => Reflect.get(target, name) });
try {
  const py = await loadPyodide({ _makeSnapshot: true, jsglobals });
  const zip = new Uint8Array(await (await fetch("./py.zip")).arrayBuffer());
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  py.FS.writeFile("/tmp/py.zip", zip);
  py.runPython(`
import importlib, sys, zipfile
sys.path.insert(0, "/home/pyodide")
with zipfile.ZipFile("/tmp/py.zip") as archive:
    names = archive.namelist()
    main = archive.read("main.py").decode()
for name in names:
    module = name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
    if module != "main":
        importlib.import_module(module)
import snapshot_setup
snapshot_setup.prepare({"main": main})
sys.path.remove("/home/pyodide")
# The files are gone after a restore (the page does not unpack py.zip): forget cached listings.
importlib.invalidate_caches()
`);
  const bytes = py.makeMemorySnapshot();
  await fetch("./__snapshot__", { method: "POST", body: bytes });
} catch (error) {
  await fetch("./__snapshot__", { method: "POST", body: "error: " + (error.stack || error) });
}
</script>"""


def key(root: Path = ROOT) -> bytes:
    digest = hashlib.sha256(Path(__file__).read_bytes())
    for name in RUNTIME:
        digest.update(hashlib.sha256((root / "vendor" / "pyodide" / name).read_bytes()).digest())
    digest.update(hashlib.sha256((root / "py.zip").read_bytes()).digest())
    return digest.digest()


def key_of(data: bytes):
    """The key in the header of a snapshot.bin's bytes (or of its first HEADER_SIZE bytes), or
    None when they are not one."""
    return data[72:104] if len(data) >= HEADER_SIZE and data[:8] == MAGIC else None


def current(root: Path = ROOT) -> bool:
    out = root / "snapshot.bin"
    if not out.is_file():
        return False
    with open(out, "rb") as f:
        return key_of(f.read(HEADER_SIZE)) == key(root)


def make(root: Path = ROOT) -> bytes:
    from playwright.sync_api import sync_playwright

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
            page.route(base + MAKER, lambda route: route.fulfill(
                content_type="text/html", body=MAKER_HTML))

            def receive(route):
                got.append(route.request.post_data_buffer)
                route.fulfill(status=204)

            page.route(base + "__snapshot__", receive)
            page.on("console", lambda m: print(f"snapshot page: {m.text}", file=sys.stderr)
                    if m.type in ("error", "warning") else None)
            page.goto(base + MAKER)
            for _ in range(1200):  # the route handler runs while Playwright waits
                if got:
                    break
                page.wait_for_timeout(100)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    payload = got[0]
    if payload.startswith(b"error: "):
        sys.exit(f"snapshot: {payload.decode(errors='replace')}")
    return payload


def chunks(payload: bytes) -> list:
    """(offset, length) of the parts of payload outside runs of at least ZERO_RUN zeros."""
    found, start = [], 0
    for run in re.finditer(b"\\x00{%d,}" % ZERO_RUN, payload):
        if run.start() > start:
            found.append((start, run.start() - start))
        start = run.end()
    if start < len(payload):
        found.append((start, len(payload) - start))
    return found


def pack(payload: bytes, zip_bytes: bytes, build_key: bytes) -> bytes:
    parts = chunks(payload)
    table = struct.pack(f"<{2 * len(parts)}I", *(n for part in parts for n in part))
    body = table + b"".join(payload[offset:offset + length] for offset, length in parts)
    body = struct.pack("<II", len(payload), len(parts)) + body
    return (MAGIC + hashlib.sha256(zip_bytes).digest()
            + hashlib.sha256(body).digest() + build_key + body)


def unpack(data: bytes) -> bytes:
    """Pyodide's snapshot back from snapshot.bin (what js/boot.mjs does; used by the tests)."""
    size, count = struct.unpack_from("<II", data, HEADER_SIZE - 8)
    table = struct.unpack_from(f"<{2 * count}I", data, HEADER_SIZE)
    out = bytearray(size)
    at = HEADER_SIZE + 8 * count
    for offset, length in zip(table[::2], table[1::2]):
        out[offset:offset + length] = data[at:at + length]
        at += length
    return bytes(out)


def main(force: bool = False, root: Path = ROOT) -> None:
    if not force and current(root):
        return
    payload = make(root)
    packed = pack(payload, (root / "py.zip").read_bytes(), key(root))
    assert unpack(packed) == payload
    tmp = root / "snapshot.bin.tmp"
    tmp.write_bytes(packed)
    tmp.replace(root / "snapshot.bin")
    print(f"snapshot.bin: {len(packed) / 1e6:.1f} MB (Pyodide's snapshot: {len(payload) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main(force="--force" in sys.argv)
