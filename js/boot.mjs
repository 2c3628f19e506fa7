// PyScript's interpreter module (pyscript.toml: interpreter = "./js/boot.mjs"). PyScript stays
// the page's runtime; this hands it a Pyodide restored from snapshot.bin (made by
// scripts/snapshot.py: Python started, the standard modules we use imported) when the snapshot
// is worth using and checks out, and otherwise a normally started Pyodide. Any failure of the
// snapshot falls back quietly. Either way our modules are imported from py.zip, put on sys.path
// as it is (zipimport; it holds their bytecode, see scripts/pack_py.py).
// index.html loads this module before PyScript, so the restore begins at once.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../snapshot.bin", import.meta.url).href;
const PY_ZIP = new URL("../py.zip", import.meta.url).href;
// See scripts/snapshot.py: magic, the hash of the bytes from HASHED_FROM on, the key, the sizes.
const MAGIC = "TAPISNP2";
const HASHED_FROM = 72;
const HEADER = 80;
const PY_ZIP_PATH = "/py.zip"; // in Pyodide's file system

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

// The snapshot is ~6 MB more on the wire (gzip) and saves no other download: use it when the
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

// Pyodide's snapshot, once the file's own hash checks out (a damaged file). snapshot.bin leaves
// out the long runs of zeros (see scripts/snapshot.py): a fresh buffer is all zeros already.
async function payload(held) {
  const file = await bytes(SNAPSHOT, held);
  if (file.length < HEADER || new TextDecoder().decode(file.subarray(0, 8)) !== MAGIC) {
    throw new Error("not a Tapis snapshot");
  }
  if (!same(await sha256(file.subarray(HASHED_FROM)), file.subarray(8, 40))) {
    throw new Error("damaged");
  }
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

// Our modules, fetched while Python starts.
const modules = bytes(PY_ZIP);
modules.catch(() => {}); // handled where it is awaited

// Python imports our modules straight from the archive (no unpacking): PyScript's `import main`.
async function addModules(pyodide) {
  pyodide.FS.writeFile(PY_ZIP_PATH, await modules);
  pyodide.runPython(`import sys; sys.path.insert(0, "${PY_ZIP_PATH}")`);
}

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
  let pyodide = await restored;
  if (pyodide) {
    if (options.stdout) pyodide.setStdout({ batched: options.stdout });
    if (options.stderr) pyodide.setStderr({ batched: options.stderr });
    mark("snapshot");
  } else {
    mark("normal");
    pyodide = await load({ ...options, indexURL: INDEX });
  }
  await addModules(pyodide);
  return pyodide;
}
