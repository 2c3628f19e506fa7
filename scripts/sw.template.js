// Tapis service worker. sw.js is generated from scripts/sw.template.js by scripts/build_sw.py:
// edit the template, never sw.js.
//
// Every URL is relative to the worker's scope, so the site works from any sub-path (/tapis/).
// The cache name hashes the site's files: a new deploy installs a fresh cache and drops the old.
const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE__;

const SCOPE = new URL(self.registration.scope);
const INDEX = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  // cache: "reload" skips the HTTP cache, which may still hold the previous deploy's files.
  const requests = PRECACHE.map((path) => new Request(new URL(path, SCOPE), { cache: "reload" }));
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(requests)).then(() => self.skipWaiting())
  );
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
