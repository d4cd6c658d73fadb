/*
 * The daily reminder in the service worker: imported by the Workbox worker (`sw.js`, vite.config.ts's
 * `importScripts`). A push shows the notification the server sent (title, body, the path to open);
 * a click focuses an open window of the app and takes it there, or opens one.
 */

const FALLBACK = { title: '文言通', body: '今日記得溫習文言文！', url: '/' };

/** Only a path of this site is ever opened. */
function pathOf(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let data = FALLBACK;
  try {
    data = { ...FALLBACK, ...(event.data ? event.data.json() : {}) };
  } catch {
    data = FALLBACK;
  }
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag || 'wyt-daily-reminder',
      lang: 'zh-Hant-HK',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: pathOf(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(pathOf(event.notification.data?.url), self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== target.origin) continue;
        await client.focus();
        if ('navigate' in client) await client.navigate(target.href).catch(() => undefined);
        return;
      }
      await clients.openWindow(target.href);
    })(),
  );
});

/*
 * The browser replaced the subscription (Firefox does so now and then): subscribe again with the same
 * key and tell the server, for the learner signed in on this browser, so the reminder keeps coming.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  event.waitUntil(
    (async () => {
      const key = old?.options?.applicationServerKey;
      const fresh =
        event.newSubscription ||
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      if (!fresh) return;
      const me = await fetch('/api/auth/user', { credentials: 'include' });
      if (!me.ok) return;
      const { id } = await me.json();
      const base = `/api/users/${encodeURIComponent(id)}/push-subscriptions`;
      const post = (url, body) =>
        fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const json = fresh.toJSON();
      await post(base, {
        endpoint: fresh.endpoint,
        expirationTime: json.expirationTime ?? null,
        keys: json.keys,
      });
      if (old && old.endpoint !== fresh.endpoint) await post(`${base}/remove`, { endpoint: old.endpoint });
    })().catch(() => undefined),
  );
});
