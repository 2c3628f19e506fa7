"""Make snapshot.bin: a memory snapshot of Pyodide that has started, imported the standard
modules ours use and set up what py/snapshot_setup.py says, so a page restores it instead of
starting Python (see js/boot.mjs, which checks and uses it, then imports our modules from py.zip
as a normal start does).

    python scripts/snapshot.py [--force]

It holds the runtime only: a change in py/ does not touch it, and costs players py.zip alone
(unless the change makes the page import a standard module it did not: then stdlib.zip, made
by scripts/stdlib.py, changes, and the snapshot is made again with it).
Made headless in the Chromium the browser tests use, from the vendored runtime
(scripts/headless.py). Skipped when snapshot.bin was made from the same runtime, setup module,
standard library and this script (the key in its header). Needs the test venv (playwright) and /usr/bin/chromium.

snapshot.bin is Pyodide's snapshot (a copy of the wasm memory, ~70% zeros) without its long
runs of zeros, behind a header:
    "TAPISNP2" | sha-256 of the rest of the file | key (sha-256)
    | full size (u32 LE) | chunk count n (u32 LE) | n x (offset, length) (u32 LE) | the chunks
The page restores it only when the rest is intact; Pyodide itself checks its build id. Zeros
cost nothing on the wire (gzip) but the page would fetch, hash and keep ~16 MB more of them.
"""
import hashlib
import re
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by its path (tests)
import headless  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SETUP = "py/snapshot_setup.py"
MAGIC = b"TAPISNP2"
HASHED_FROM = 8 + 32 + 32  # the file's own hash covers every byte from here on
HEADER_SIZE = HASHED_FROM + 4 + 4
ZERO_RUN = 1 << 16  # shorter runs of zeros are kept: each one dropped costs 8 bytes
# jsglobals: while making a snapshot Pyodide wraps the globals in a Proxy that records paths,
# and reading a getter such as `document` through it with the Proxy as receiver raises
# "Illegal invocation"; this Proxy reads from globalThis.
MAKE = """
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
report(async () => {
  const jsglobals = new Proxy(globalThis, { get: (target, name) => Reflect.get(target, name) });
  // The standard library the page starts with (scripts/stdlib.py): a restored Python's imports
  // point into that archive.
  const py = await loadPyodide({ _makeSnapshot: true, jsglobals, stdLibURL: "./stdlib.zip" });
  const setup = await (await fetch("./__snapshot_setup__.py")).text();
  py.FS.mkdirTree("/setup");
  py.FS.writeFile("/setup/snapshot_setup.py", setup);
  py.runPython(`
import importlib, sys
sys.path.insert(0, "/setup")
import snapshot_setup
snapshot_setup.prepare()
sys.path.remove("/setup")
importlib.invalidate_caches()
`);
  return py.makeMemorySnapshot();
});
"""


def key(root: Path = ROOT) -> bytes:
    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(headless.runtime_digest(root))
    digest.update(hashlib.sha256((root / SETUP).read_bytes()).digest())
    digest.update(hashlib.sha256((root / "stdlib.zip").read_bytes()).digest())
    return digest.digest()


def key_of(data: bytes):
    """The key in the header of a snapshot.bin's bytes (or of its first HEADER_SIZE bytes), or
    None when they are not one."""
    return data[40:HASHED_FROM] if len(data) >= HEADER_SIZE and data[:8] == MAGIC else None


def current(root: Path = ROOT) -> bool:
    out = root / "snapshot.bin"
    if not out.is_file():
        return False
    with open(out, "rb") as f:
        return key_of(f.read(HEADER_SIZE)) == key(root)


def make(root: Path = ROOT) -> bytes:
    setup = (root / SETUP).read_bytes()
    return headless.run(root, MAKE, {"__snapshot_setup__.py": setup}, name="snapshot")


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


def pack(payload: bytes, build_key: bytes) -> bytes:
    parts = chunks(payload)
    table = struct.pack(f"<{2 * len(parts)}I", *(n for part in parts for n in part))
    body = table + b"".join(payload[offset:offset + length] for offset, length in parts)
    body = struct.pack("<II", len(payload), len(parts)) + body
    return MAGIC + hashlib.sha256(body).digest() + build_key + body


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
    packed = pack(payload, key(root))
    assert unpack(packed) == payload
    tmp = root / "snapshot.bin.tmp"
    tmp.write_bytes(packed)
    tmp.replace(root / "snapshot.bin")
    print(f"snapshot.bin: {len(packed) / 1e6:.1f} MB (Pyodide's snapshot: {len(payload) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main(force="--force" in sys.argv)
