/*
 * 每日回顾 offline (scope /review; src/lib/reviewOffline.ts registers it). The page and the day's cards come from
 * the network when there is one and are kept; offline they come from what was kept. Scripts, styles and images the
 * page loaded are kept as the page hands them over (their names carry their content's hash). Nothing else is
 * touched: answers wait in the page's own outbox, and every other page keeps the site's usual rules.
 */
const CACHE = 'shiju-review-v1';
const TODAY = '/api/v1/app/review/today';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        data.urls.map((url) =>
          cache
            .match(url)
            .then((hit) => hit || fetch(url).then((res) => (res.ok ? cache.put(url, res) : undefined)))
            .catch(() => undefined),
        ),
      ),
    ),
  );
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(key, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, url.pathname));
  else if (url.pathname === TODAY) event.respondWith(networkFirst(request, TODAY));
  else if (!url.pathname.startsWith('/api/')) event.respondWith(cacheFirst(request));
});
