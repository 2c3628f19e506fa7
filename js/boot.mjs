// PyScript's interpreter module (pyscript.toml: interpreter = "./js/boot.mjs"). PyScript stays
// the page's runtime; this hands it a Pyodide restored from snapshot.bin (made by
// scripts/snapshot.py: Python started, our modules imported, main compiled in) when the
// snapshot is worth using and checks out, and otherwise a normally started Pyodide with py.zip
// unpacked in its working folder. Any failure of the snapshot falls back quietly.
// index.html loads this module before PyScript, so the restore begins at once.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../snapshot.bin", import.meta.url).href;
const PY_ZIP = new URL("../py.zip", import.meta.url).href;
const MAGIC = "TAPISNP1";
const HEADER = 112; // see scripts/snapshot.py

// What the service worker's cache holds for url, read here rather than through the worker:
// the 15 MB of the snapshot arrive about 100 ms sooner.
async function cached(url) {
  try {
    return (await caches.match(url)) ?? null;
  } catch {
    return null; // no Cache Storage (e.g. an insecure origin)
  }
}

async function bytes(url, held = null) {
  const response = held ?? (await fetch(url));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function sha256(data) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data));
}

function same(a, b) {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

// The snapshot is ~6.5 MB more on the wire (gzip) and saves no other download: use it when the
// service worker already holds it (no download), or on a fast link, where fetching it is
// quicker than starting Python. Browsers without navigator.connection (Firefox,
// Safari) use it from their second visit on.
function worthIt(held) {
  const query = new URLSearchParams(location.search).get("snapshot");
  if (query === "0") return false; // ?snapshot=0: a normal start (tests, comparisons)
  if (held) return true;
  const link = navigator.connection;
  return Boolean(link && link.effectiveType === "4g" && !link.saveData);
}

// Pyodide's snapshot, once py.zip's hash (a snapshot holds the modules' code: a stale one would
// run old code) and the file's own hash (a damaged file) check out. snapshot.bin leaves out the
// long runs of zeros (see scripts/snapshot.py): a fresh buffer is all zeros already.
async function payload(held) {
  const [file, zip] = await Promise.all([bytes(SNAPSHOT, held), modules]);
  if (file.length < HEADER || new TextDecoder().decode(file.subarray(0, 8)) !== MAGIC) {
    throw new Error("not a Tapis snapshot");
  }
  const [zipHash, fileHash] = await Promise.all([sha256(zip), sha256(file.subarray(104))]);
  if (!same(zipHash, file.subarray(8, 40))) throw new Error("made from another py.zip");
  if (!same(fileHash, file.subarray(40, 72))) throw new Error("damaged");
  const view = new DataView(file.buffer, file.byteOffset);
  const [size, count] = [view.getUint32(HEADER - 8, true), view.getUint32(HEADER - 4, true)];
  const out = new Uint8Array(size);
  let at = HEADER + 8 * count;
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(HEADER + 8 * i, true);
    const length = view.getUint32(HEADER + 8 * i + 4, true);
    out.set(file.subarray(at, at + length), offset);
    at += length;
  }
  return out;
}

function mark(how) {
  document.documentElement.dataset.boot = how;
}

// py.zip: its hash vouches for the snapshot; a normal start unpacks it.
const modules = bytes(PY_ZIP);
modules.catch(() => {}); // handled where it is awaited

// The restore starts as soon as this module runs, so that it overlaps PyScript's own start (its
// config, plugins, storage); PyScript's output handlers arrive with its call and are set then.
const restored = (async () => {
  const held = await cached(SNAPSHOT);
  if (!worthIt(held)) return null;
  try {
    // A promise: Pyodide starts fetching the wasm while the snapshot arrives. It is marked
    // handled at once: it may fail before Pyodide awaits it, and that is no uncaught error.
    const snapshot = payload(held);
    snapshot.catch(() => {});
    const pyodide = await load({ indexURL: INDEX, _loadSnapshot: snapshot });
    // Every restored page would otherwise draw the same numbers (the hash seed stays the
    // snapshot's: dicts and sets already hold hashed keys).
    pyodide.runPython("import random; random.seed()");
    return pyodide;
  } catch (error) {
    console.info(`Tapis: normal start (snapshot not used: ${error.message})`);
    return null;
  }
})();

export async function loadPyodide(options = {}) {
  const fromSnapshot = await restored;
  if (fromSnapshot) {
    if (options.stdout) fromSnapshot.setStdout({ batched: options.stdout });
    if (options.stderr) fromSnapshot.setStderr({ batched: options.stderr });
    mark("snapshot");
    return fromSnapshot;
  }
  mark("normal");
  const pyodide = await load({ ...options, indexURL: INDEX });
  pyodide.unpackArchive(await modules, "zip");
  return pyodide;
}
