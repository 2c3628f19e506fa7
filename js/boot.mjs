// PyScript's interpreter module (pyscript.toml: interpreter = "./js/boot.mjs"). PyScript stays
// the page's runtime; this hands it a Pyodide restored from snapshot.bin (made by
// scripts/snapshot.py: Python started, the standard modules we use imported) when the service
// worker holds it and it checks out, and otherwise a normally started Pyodide (a first visit:
// the snapshot is fetched afterwards, with the site's offline copy). Any failure of the snapshot
// falls back quietly. Either way Python's standard library is stdlib.zip (scripts/stdlib.py: the
// runtime's, cut to what the page imports) and our modules are imported from py.zip, put on
// sys.path as it is (zipimport; it holds their bytecode, see scripts/pack_py.py), and each game's
// from its own archive, fetched here as soon as the page is known to need it (tapisArchive).
// It also tells the first screen how much is left to download (tapisProgress, index.html).
// index.html loads this module before PyScript, so the downloads and the restore begin at once.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";
import { bytes, cached, handOnce, payload } from "./snapshot.mjs";

export { version };

const SITE = new URL("../", import.meta.url).href;
const INDEX = `${SITE}vendor/pyodide/`;
const SNAPSHOT = `${SITE}snapshot.bin`;
const PY_ZIP = `${SITE}py.zip`;
const QUERY = new URLSearchParams(location.search);
// ?stdlib=full: the runtime's whole standard library (scripts/stdlib.py measures with it).
const FULL_STDLIB = QUERY.get("stdlib") === "full";
const STDLIB = FULL_STDLIB ? `${INDEX}python_stdlib.zip` : `${SITE}stdlib.zip`;
const PY_ZIP_PATH = "/py.zip"; // in Pyodide's file system

// --- What is left to download, for the first screen ------------------------------------------
// sizes.json (scripts/build_sw.py): each file's size, raw and gzip-compressed as GitHub Pages
// sends it. A download counts the bytes it has read (the body arrives decompressed), so the
// bytes left on the wire are estimated as the unread share of each file's compressed size.
const downloads = new Map(); // url -> { raw, wire, read }
let sizes = null;
const sized = fetch(`${SITE}sizes.json`).then((r) => (r.ok ? r.json() : null)).catch(() => null);

function tell() {
  const all = [...downloads.values()];
  if (!sizes || all.some((d) => d.wire === undefined)) return;
  const left = all.reduce((sum, d) => sum + d.wire * Math.max(0, 1 - d.read / d.raw), 0);
  const total = all.reduce((sum, d) => sum + d.wire, 0);
  globalThis.tapisProgress?.({ left, total, done: all.every((d) => d.read >= d.raw) });
}

sized.then((found) => {
  sizes = found;
  for (const [url, d] of downloads) [d.raw, d.wire] = sizes?.[url.slice(SITE.length)] ?? [];
  tell();
});

// A download of url, counted from its request on (so that what is still waiting for its first
// byte counts as left).
function track(url) {
  const d = { read: 0 };
  d.arrived = new Promise((resolve) => { d.done = resolve; });
  [d.raw, d.wire] = sizes?.[url.slice(SITE.length)] ?? [];
  downloads.set(url, d);
  tell();
  return d;
}

// The response with a body that counts what it reads towards the download d.
function counted(d, response) {
  if (!response.ok || !response.body) return response;
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, out) {
      d.read += chunk.byteLength;
      tell();
      out.enqueue(chunk);
    },
    flush() {
      d.done();
    },
  }));
  return new Response(body, { status: response.status, statusText: response.statusText,
                              headers: response.headers });
}

async function download(url) {
  const d = downloads.get(url) ?? track(url); // counted already if it was known to be coming
  return bytes(url, counted(d, await fetch(url)));
}

// Pyodide's own downloads (the wasm, the standard library) count from the start: fetch is
// watched until Python is up (restored or started).
const plainFetch = globalThis.fetch;
const TRACKED = new Map([`${INDEX}pyodide.asm.wasm`, STDLIB].map((url) => [url, track(url)]));

globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
  const d = TRACKED.get(url);
  if (d) d.asked = true;
  const response = await plainFetch(input, init);
  return d ? counted(d, response) : response;
};

// On a first visit the runtime's downloads start once the first screen is painted (the tiles,
// in the player's language), not before: on a slow link the page's own style sheets come first,
// and PyScript asks for the runtime only once it has loaded and read its config, seconds later.
// (A start from the snapshot asks for them at once.)
function preload(href, as) {
  const link = Object.assign(document.createElement("link"), { href, crossOrigin: "anonymous" });
  if (as === "module") link.rel = "modulepreload";
  else Object.assign(link, { rel: "preload", as });
  document.head.append(link);
}
function afterFirstPaint(then) {
  let done = false;
  const once = () => { if (!done) { done = true; then(); } };
  new PerformanceObserver((_list, observer) => { observer.disconnect(); once(); })
    .observe({ type: "paint", buffered: true });
  setTimeout(once, 500); // a page that never paints (hidden) still starts
}
const heldSnapshot = cached(SNAPSHOT);
afterFirstPaint(async () => {
  if (worthIt(await heldSnapshot)) return; // the restore has asked for them already
  preload(`${INDEX}pyodide.asm.mjs`, "module");
  // Pyodide may have asked already (a page slow to paint): a preload would ask again.
  for (const [url, d] of TRACKED) if (!d.asked) preload(url, "fetch");
});

// --- Our modules ---------------------------------------------------------------------------
// A game's archive (py-<module>.zip), fetched once: Python asks for it (py/ui/modules.py), and
// this asks first for the game the page will open. A failed fetch is forgotten, to be retried.
const archives = new Map();
export function tapisArchive(module) {
  if (!archives.has(module)) {
    const data = download(`${SITE}py-${module}.zip`);
    data.catch(() => archives.delete(module));
    archives.set(module, data);
  }
  return archives.get(module);
}
globalThis.tapisArchive = tapisArchive;
globalThis.tapisArchives = (...modules) => Promise.all(modules.map(tapisArchive));
// A page module loaded on first use (play across devices: js/peer.mjs, js/qr.mjs), by its path
// from the page, so nothing of it weighs on the first screen.
globalThis.tapisImport = (path) => import(new URL(path, document.baseURI).href);

// The game the page opens: the link's, the tile tapped already, or the saved match's (its
// table is shown again after a reload, and the home page names it). Only the games listed on
// the first screen: any other name is the page's to refuse.
function gamesNeeded() {
  const listed = [...document.querySelectorAll(".game-tile[data-game]")].map((t) => t.dataset.game);
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem("tapis.save") || "null")?.game;
  } catch {
    // the page tells the player about an unreadable save
  }
  return [QUERY.get("game"), globalThis.tapisChosen, saved].filter((id) => listed.includes(id));
}
// Our modules are needed once Python runs, which it does after the wasm has arrived and takes
// longer to start than they take to download: on a slow link they wait for the wasm rather
// than share the line with it (their first use fetches them in any case).
let modules = null;
function ourModules() {
  if (!modules) {
    modules = download(PY_ZIP);
    modules.catch(() => {}); // handled where it is awaited
    for (const id of new Set(gamesNeeded())) tapisArchive(id.replaceAll("-", "_")).catch(() => {});
  }
  return modules;
}
for (const url of [PY_ZIP, ...gamesNeeded().map((id) => `${SITE}py-${id.replaceAll("-", "_")}.zip`)]) {
  track(url); // in the countdown from the start
}
TRACKED.get(`${INDEX}pyodide.asm.wasm`).arrived.then(ourModules);

// The snapshot is ~6 MB more on the wire (gzip) and saves no other download: used only when the
// service worker already holds it (every visit after the first), never fetched for a start.
function worthIt(held) {
  // ?snapshot=0: a normal start (tests, comparisons); the snapshot is made with stdlib.zip.
  if (QUERY.get("snapshot") === "0" || FULL_STDLIB) return false;
  // The browser tests start most pages as a return visit does, in fresh contexts (their
  // conftest sets this); the first-visit tests and the benches do not.
  return Boolean(held) || globalThis.tapisSnapshotAlways === true;
}

// --- The hard computers' worker ---------------------------------------------------------------
// js/think.mjs, a module Web Worker with a Pyodide of its own (py/ui/thinker.py asks for it once
// a table has a hard computer and the page is ready). It starts as this page did (from the
// snapshot when the service worker's cache holds it, on the same standard library) and is given
// the very bytes of py.zip and of the games' archives this page imports, not fetched again: an
// update installed meanwhile cannot make it think another move than the page would.
const START_MS = 60_000; // a worker not up by then is given up: the page thinks itself
const ANSWER_MS = 20_000; // a hard move takes a second or two on a slow phone

function snapshotUse() {
  if (QUERY.get("snapshot") === "0" || FULL_STDLIB) return "never";
  return globalThis.tapisSnapshotAlways === true ? "always" : "cached";
}

// {ready: a promise of {boot, ms}, think(save, game): a promise of the move}. Any failure (its
// script or Python cannot load, an error, no answer in time) ends the worker for good: every
// promise still waiting, and any later one, is rejected with the reason.
globalThis.tapisThinker = () => {
  const worker = new Worker(new URL("think.mjs", import.meta.url), { type: "module" });
  const asked = new Map(); // id -> {resolve, reject}
  const games = new Map(); // game id -> a promise: its archive has been sent
  let failure = null;
  let asks = 0;
  let up;
  const ready = new Promise((resolve, reject) => { up = { resolve, reject }; });
  ready.catch(() => {}); // the page hears of it through think() too
  const fail = (reason) => {
    if (failure) return;
    failure = new Error(reason);
    worker.terminate();
    up.reject(failure);
    for (const waiting of asked.values()) waiting.reject(failure);
    asked.clear();
  };
  worker.onmessage = ({ data }) => {
    if (data.ready) up.resolve(data.ready);
    else if (data.failed || data.error) fail(`worker: ${data.failed || data.error}`);
    else if (asked.has(data.id)) {
      asked.get(data.id).resolve(data.move);
      asked.delete(data.id);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault(); // said once, by the page, in its own words
    fail(`worker: ${event.message || "its script did not load"}`);
  };
  worker.onmessageerror = () => fail("worker: a message could not be read");
  const starting = setTimeout(() => fail(`worker: not up in ${START_MS / 1000} s`), START_MS);
  ready.then(() => clearTimeout(starting), () => {});
  ourModules().then(
    (core) => worker.postMessage({ start: { snapshot: snapshotUse(), stdlib: STDLIB, core } }),
    () => fail("py.zip could not be read"),
  );
  // task: "move" (the computer on turn's), "hint" (the player's), "scan" or "confirm" (a review's
  // decision at move ply): py/think.py.
  const think = async (save, game, task = "move", ply = 0) => {
    if (!games.has(game)) {
      games.set(game, tapisArchive(game.replaceAll("-", "_")).then(
        (data) => worker.postMessage({ game, data }),
        (error) => fail(`${game}'s modules: ${error.message}`),
      ));
    }
    await games.get(game);
    if (failure) throw failure;
    const id = ++asks;
    const answer = new Promise((resolve, reject) => asked.set(id, { resolve, reject }));
    worker.postMessage({ id, save, task, ply });
    setTimeout(() => { if (asked.has(id)) fail(`worker: no answer in ${ANSWER_MS / 1000} s`); }, ANSWER_MS);
    return answer;
  };
  return { ready, think };
};

function mark(how) {
  document.documentElement.dataset.boot = how;
}

// Python imports our modules straight from the archive (no unpacking): PyScript's `import main`.
async function addModules(pyodide) {
  pyodide.FS.writeFile(PY_ZIP_PATH, await ourModules());
  pyodide.runPython(`import sys; sys.path.insert(0, "${PY_ZIP_PATH}")`);
}

// The restore starts as soon as this module runs, so that it overlaps PyScript's own start (its
// config, plugins, storage); PyScript's output handlers arrive with its call and are set then.
const restored = (async () => {
  const held = await heldSnapshot;
  if (!worthIt(held)) return null;
  try {
    // A promise: Pyodide starts fetching the wasm while the snapshot arrives. It is marked
    // handled at once: it may fail before Pyodide awaits it, and that is no uncaught error.
    const snapshot = payload(SNAPSHOT, held);
    snapshot.catch(() => {});
    const pyodide = await load({ indexURL: INDEX, stdLibURL: STDLIB, _loadSnapshot: handOnce(snapshot) });
    // Every restored page would otherwise draw the same numbers (the hash seed stays the
    // snapshot's: dicts and sets already hold hashed keys).
    pyodide.runPython("import random; random.seed()");
    return pyodide;
  } catch (error) {
    console.info(`Tapis: normal start (snapshot not used: ${error.message})`);
    return null;
  }
})();

// --- A normal start in slices ------------------------------------------------------------------
// Python's start is a chain of promises that never gives the browser its turn: on a phone's CPU
// a first visit was one task of seconds, during which a tap waited. The browser gets its turn
// before Python starts (Pyodide's fsInit), then between imports: Pyodide's own start imports
// asyncio and some sixty other modules in one call, so they are imported before it
// (`_beforeBootstrap`, see scripts/vendor.py), one module a task, in the order stdlib.zip's
// START lists them (scripts/stdlib.py): each after those it imports, so that each task runs one
// module's body (a package's that imports its submodules: theirs too).
function turn() {
  return new Promise((resolve) => {
    const channel = new MessageChannel(); // not setTimeout, which waits 4 ms once nested
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// Defines _tapis_step: each call imports the next module not imported yet, and says "done" (on
// stderr, which rawRun returns) once there is none left. (/lib/python314.zip: where Pyodide puts
// the standard library it is given.)
const START_ORDER = `
def _tapis_step(names=iter(__import__("zipimport").zipimporter("/lib/python314.zip")
                           .get_data("__start__.txt").decode().split())):
    import sys
    for name in names:
        if name not in sys.modules:
            __import__(name)
            return
    del globals()["_tapis_step"]
    print("done", file=sys.stderr, flush=True)
`;

async function importInSlices(api) {
  if (api.rawRun(START_ORDER)[0]) return; // no order: the runtime's own standard library
  for (;;) {
    await turn();
    const [failed, said] = api.rawRun("_tapis_step()");
    if (failed) console.info(`Tapis: Python's start in one piece (${said.split("\n").at(-1)})`);
    if (failed || said === "done") return;
  }
}

export async function loadPyodide(options = {}) {
  let pyodide = await restored;
  if (pyodide) {
    if (options.stdout) pyodide.setStdout({ batched: options.stdout });
    if (options.stderr) pyodide.setStderr({ batched: options.stderr });
    mark("snapshot");
  } else {
    mark("normal");
    pyodide = await load({ ...options, indexURL: INDEX, stdLibURL: STDLIB, fsInit: turn,
                           _beforeBootstrap: importInSlices });
  }
  globalThis.fetch = plainFetch;
  await turn();
  await addModules(pyodide);
  // PyScript imports its package next, which the page never uses: a normal start makes it lazy as
  // the snapshot did (py/snapshot_setup.py).
  pyodide.runPython("import snapshot_setup; snapshot_setup.lazy_pyscript()");
  return pyodide;
}
