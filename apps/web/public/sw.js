/*
 * Parkade's service worker (issue 18, decision 0029): the app opens without signal — a patrol officer in a garage.
 * It keeps the app's own files, never an API answer (nothing personal is cached here; the patrol's offline plate
 * copy lives in IndexedDB, written by the app):
 * - /assets/* (content-hashed, immutable): from the cache once fetched;
 * - a page (navigation): from the network, falling back to the last index.html fetched on this host;
 * - everything else (the API, documents, PDFs): straight to the network.
 */
const SHELL = 'parkade-shell-v1';
const ASSETS = 'parkade-assets-v1';

/** The page and the files it loads first (its script and style, named in it), kept at install. */
async function precache() {
  const response = await fetch(new Request('/', { cache: 'reload' }));
  if (!response.ok) return;
  const html = await response.clone().text();
  await (await caches.open(SHELL)).put('/', response);
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await (await caches.open(ASSETS)).addAll([...new Set(files)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k !== SHELL && k !== ASSETS).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(SHELL).then((cache) => cache.put('/', copy));
          }
          return response;
        })
        .catch(() => caches.match('/', { cacheName: SHELL }).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/logo.svg') {
    event.respondWith(
      caches.open(ASSETS).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) void cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});
