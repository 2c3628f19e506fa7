// Tapis service worker. sw.js is generated from scripts/sw.template.js by scripts/build_sw.py:
// edit the template, never sw.js.
//
// Every URL is relative to the worker's scope, so the site works from any sub-path (/tapis/).
// Each deploy gets a cache named after all the files' revisions, filled file by file: a file
// whose revision is unchanged is copied from the previous deploy's cache (no download), any
// other is taken from the HTTP cache when it holds exactly that content (the page has just
// loaded most of the site), else downloaded. So a first visit fetches each file once, and an update costs
// only the files that changed. The old cache goes once the new worker is active.
const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE__;
// path -> first 16 hex digits of the sha-256 of its content (snapshot.bin: its key, below)
const REVISIONS = __REVISIONS__;
// Each cache also holds its deploy's REVISIONS, under this URL: the next deploy reads them.
const REVISIONS_KEY = new URL("./__revisions__.json", self.registration.scope).href;

const SCOPE = new URL(self.registration.scope);
const INDEX = new URL("./index.html", SCOPE).href;

function hex(bytes) {
  return [...bytes.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(buffer) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
}

// What scripts/build_sw.py computes: the start of the content's sha-256; for snapshot.bin, of
// the key in its header (what it is made from: header bytes 40-72), once its own hash (bytes
// 8-40, over the bytes from 72 on) shows it intact. See scripts/snapshot.py for the header.
async function revision(path, buffer) {
  const bytes = new Uint8Array(buffer);
  if (path === "./snapshot.bin" && bytes.length >= 80
      && new TextDecoder().decode(bytes.subarray(0, 8)) === "TAPISNP2") {
    const digest = await sha256(bytes.subarray(72));
    const intact = digest.every((byte, i) => byte === bytes[8 + i]);
    return intact ? hex(bytes.subarray(40, 72)) : "damaged";
  }
  return hex(await sha256(buffer));
}

async function olderCaches() {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("tapis-") || name === CACHE) continue;
    const cache = await caches.open(name);
    const listed = await cache.match(REVISIONS_KEY);
    if (listed) found.push({ cache, revisions: await listed.json() });
  }
  return found;
}

// The responses are stored as they came (their URL and type intact: the browser keeps compiled
// code, the wasm's included, for them).
async function fromNetwork(path, url, wanted) {
  // force-cache: whatever the HTTP cache holds, however old, since the hash is checked; then
  // reload: the server's current copy (the HTTP cache held another version, or nothing).
  for (const mode of ["force-cache", "reload"]) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    if (await revision(path, await response.clone().arrayBuffer()) === wanted) return response;
  }
  // Mid-deploy, the server may hold a newer file than this worker knows: install fails and the
  // browser tries again at the next visit.
  throw new Error(`${url}: not the expected content`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const older = await olderCaches();
  for (const path of PRECACHE) {  // one at a time: the largest files are megabytes each
    const url = new URL(path, SCOPE).href;
    const wanted = REVISIONS[path];
    if (await cache.match(url)) continue;  // put by an install that was interrupted
    let response = null;
    for (const old of older) {
      if (old.revisions[path] === wanted) response = await old.cache.match(url);
      if (response) break;
    }
    await cache.put(url, response || (await fromNetwork(path, url, wanted)));
  }
  await cache.put(REVISIONS_KEY, new Response(JSON.stringify(REVISIONS)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("tapis-") && name !== CACHE)
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

// The app is one page: ./ and ./index.html, whatever their query (?game=punto&seed=4).
function isAppPage(url) {
  return url.origin === SCOPE.origin
    && (url.pathname === SCOPE.pathname || url.pathname === SCOPE.pathname + "index.html");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const target = request.mode === "navigate" && isAppPage(new URL(request.url)) ? INDEX : request;
  // caches.match, not caches.open: an old worker must not re-create its deleted cache.
  event.respondWith(
    caches.match(target, { cacheName: CACHE }).then((hit) => hit || fetch(request))
  );
});
