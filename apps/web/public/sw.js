/**
 * DealClub's service worker: Web Push only (DECISIONS.md, Matching and alerts: push). It shows the
 * notification a push message carries ({ title, body, url }, encrypted for this browser by the API)
 * and, on a click, brings a DealClub tab to the message's page, or opens one. No fetch handler: the
 * app is never served from a cache here. Served with `Cache-Control: no-cache` so that a new
 * version replaces the old one on the next visit.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (globalThis));

sw.addEventListener('install', () => {
  sw.skipWaiting();
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});

/** The path of `url` on this site: a message only ever opens a DealClub page. */
function pageOf(url) {
  try {
    const target = new URL(typeof url === 'string' && url ? url : '/', sw.location.origin);
    return new URL(`${target.pathname}${target.search}${target.hash}`, sw.location.origin).href;
  } catch {
    return new URL('/', sw.location.origin).href;
  }
}

function readMessage(data) {
  if (!data) return {};
  try {
    const message = data.json();
    return message && typeof message === 'object' ? message : {};
  } catch {
    return { body: data.text() };
  }
}

sw.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  const title = typeof message.title === 'string' && message.title ? message.title : 'DealClub';
  const url = pageOf(message.url);
  event.waitUntil(
    sw.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/favicon.svg',
      // One notification per page: a second alert for the same deal replaces the first.
      tag: url,
      data: { url },
    }),
  );
});

async function openPage(url) {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) return same.focus();
  const tab = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (tab) {
    try {
      const focused = await tab.focus();
      // Only a page this worker controls can be navigated; otherwise a new tab opens.
      const navigated = await focused.navigate(url);
      if (navigated) return navigated;
    } catch {
      // Fall through to a new tab.
    }
  }
  return sw.clients.openWindow(url);
}

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(pageOf(event.notification.data?.url)));
});
