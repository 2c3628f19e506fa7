// Where the hard computers think, off the page's main thread: a module Web Worker (made by
// js/boot.mjs's tapisThinker, for py/ui/thinker.py) with a Pyodide of its own, in which
// py/think.py answers a match's save with the move of its computer on turn. Messages, handled
// one at a time in the order sent:
//   {start: {snapshot, stdlib, core}}: Python starts, from snapshot.bin when the service worker's
//     cache holds it ("cached"; "always": the tests' return visits; "never": ?snapshot=0), else
//     normally, on the standard library at stdlib, with py.zip's bytes (core) on its path.
//     Answered {ready: {boot, ms}} or {failed: reason}.
//   {game, data}: that game's archive (py-<game>.zip), before its first save.
//   {id, save, task, ply}: answered {id, move} (the answer: a move, or JSON for a hint or a review's
//     step, see py/think.py), or {id, error}.
// Any error is the worker's end: the page thinks itself from then on.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { cached, handOnce, payload } from "./snapshot.mjs";

const SITE = new URL("../", import.meta.url).href;
const INDEX = `${SITE}vendor/pyodide/`;
const SNAPSHOT = `${SITE}snapshot.bin`;

let pyodide = null;
let think = null; // py/think.py
let queue = Promise.resolve();
addEventListener("message", ({ data }) => { queue = queue.then(() => handle(data)); });

async function start(snapshot, stdLibURL) {
  const held = snapshot === "never" ? null : await cached(SNAPSHOT);
  if (held || snapshot === "always") {
    try {
      // Marked handled at once: it may fail before Pyodide awaits it (see js/boot.mjs).
      const restored = payload(SNAPSHOT, held);
      restored.catch(() => {});
      return [await loadPyodide({ indexURL: INDEX, stdLibURL, _loadSnapshot: handOnce(restored) }), "snapshot"];
    } catch (error) {
      console.info(`Tapis: the computers' worker starts normally (snapshot not used: ${error.message})`);
    }
  }
  return [await loadPyodide({ indexURL: INDEX, stdLibURL }), "normal"];
}

async function handle(data) {
  try {
    if (data.start) {
      const begun = performance.now();
      let boot;
      [pyodide, boot] = await start(data.start.snapshot, data.start.stdlib);
      pyodide.FS.writeFile("/py.zip", data.start.core);
      pyodide.runPython('import sys; sys.path.insert(0, "/py.zip")');
      think = pyodide.pyimport("think");
      postMessage({ ready: { boot, ms: performance.now() - begun } });
    } else if (data.game) {
      const path = `/py-${data.game.replaceAll("-", "_")}.zip`;
      pyodide.FS.writeFile(path, data.data);
      think.add_game(path, data.game);
    } else {
      const { id, save, task, ply } = data;
      const answer = task === "hint" ? think.hint(save) : task === "move" ? think.move(save) : think.weigh(save, ply, task);
      postMessage({ id, move: answer });
    }
  } catch (error) {
    // A Python error's message is its traceback: its last line says what went wrong.
    const reason = String(error?.message ?? error).trim().split("\n").at(-1);
    postMessage(data.start || data.game ? { failed: reason } : { id: data.id, error: reason });
  }
}
