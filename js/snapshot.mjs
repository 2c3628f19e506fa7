// Reading snapshot.bin (made by scripts/snapshot.py), for the page (js/boot.mjs) and the
// computers' worker (js/think.mjs) alike: both restore Pyodide from it when the service
// worker's cache holds it.

// See scripts/snapshot.py: magic, the hash of the bytes from HASHED_FROM on, the key, the sizes.
const MAGIC = "TAPISNP2";
const HASHED_FROM = 72;
const HEADER = 80;

// What the service worker's cache holds for url, read from Cache Storage rather than fetched
// through the service worker: the 15 MB of the snapshot arrive about 100 ms sooner.
export async function cached(url) {
  try {
    return (await caches.match(url)) ?? null;
  } catch {
    return null; // no Cache Storage (e.g. an insecure origin)
  }
}

export async function bytes(url, held = null) {
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

// Pyodide's snapshot, once the file's own hash checks out (a damaged file). snapshot.bin leaves
// out the long runs of zeros (see scripts/snapshot.py): a fresh buffer is all zeros already.
export async function payload(url, held) {
  const file = await bytes(url, held);
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

// Pyodide keeps the options it was started with for the page's life: the promise of the
// snapshot in them would keep its 31 MB alive. This hands it over once, then lets it go.
export function handOnce(promise) {
  let held = promise;
  return {
    then(resolve, reject) {
      const given = held;
      held = null;
      return given.then(resolve, reject);
    },
  };
}
