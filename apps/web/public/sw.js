/*
 * Parkade's service worker (issue 18, decisions 0029 and 0039 §2): the app reopens without signal — a patrol officer
 * in a garage. It keeps the app's own files, never an API answer (nothing personal is cached here; the patrol's
 * offline data lives in IndexedDB, written by the app):
 * - at install, the page and every file a patrol can reach (its pages' chunks, the shipped dictionaries of every
 *   language, the API client…): the list below, written into this file by the build from its own manifest
 *   (vite.config.ts, src/platform/precache.ts). A new build writes a new list, so the browser installs the new
 *   worker, which keeps the new files before it takes over; an install that cannot fetch them all fails and the
 *   worker before it stays;
 * - /assets/* (content-hashed, immutable): from the cache, else fetched and kept;
 * - a page (navigation): from the network, falling back to the page kept at install (its files are all kept);
 * - everything else (the API, documents, PDFs): straight to the network.
 */
const PRECACHE = []; // the build's list
const BUILD = 'dev'; // the build's id
const SHELL = `parkade-shell-${BUILD}`;
const ASSETS = `parkade-assets-${BUILD}`;
/** The plate reader's files (tens of megabytes, under a versioned folder): kept once used, across builds. */
const OCR = 'parkade-ocr';

async function precache() {
  const response = await fetch(new Request('/', { cache: 'reload' }));
  if (!response.ok) throw new Error(`the page answered ${response.status}`);
  await (await caches.open(SHELL)).put('/', response);
  await (await caches.open(ASSETS)).addAll([...PRECACHE, '/logo.svg']);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => ![SHELL, ASSETS, OCR].includes(k)).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** From the cache, else from the network and kept. */
function cached(cacheName, request) {
  return caches.open(cacheName).then((cache) =>
    cache.match(request).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok) void cache.put(request, response.clone());
          return response;
        }),
    ),
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.match('/', { cacheName: SHELL }).then((hit) => hit || Response.error()),
      ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/ocr-')) event.respondWith(cached(OCR, request));
  else if (url.pathname.startsWith('/assets/') || url.pathname === '/logo.svg')
    event.respondWith(cached(ASSETS, request));
});
