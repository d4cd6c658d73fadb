/**
 * Registers the service worker of the built app (vite-plugin-pwa's `/sw.js`) and keeps it in step with
 * deploys, agreeing with new-version.ts:
 *
 * - `/sw.js` and `index.html` are served `no-cache`, so the browser finds a new version on the next load
 *   (and this page asks again every UPDATE_CHECK_MS while open);
 * - the new worker skips waiting and claims the page at once and drops the old precache, so the next load
 *   is the new shell: an old shell is never kept for ever;
 * - a page still running the old build is not reloaded under the learner's hands: it shows a toast
 *   「有新版本，重新載入」 with a button; if it first asks for a screen's code that the deploy removed, the
 *   failed import reloads it once into the new version (new-version.ts).
 */
import { PERSONAL_CACHES } from './pwa-config.ts';

export const UPDATE_CHECK_MS = 60 * 60 * 1000;
export const NEW_VERSION_MESSAGE = '有新版本，重新載入';

/** Registers `/sw.js` in a production build; does nothing where service workers are not available. */
export function registerServiceWorker(nav: Navigator = navigator): void {
  if (!import.meta.env.PROD || !('serviceWorker' in nav)) return;
  const container = nav.serviceWorker;
  // A page that already had a worker and gets a new one is running the old build.
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (!hadController) return;
    // sonner is loaded on demand, as every toast is (lib/toast.ts): it stays out of the first load.
    void import('sonner').then(({ toast }) =>
      toast(NEW_VERSION_MESSAGE, {
        duration: Number.POSITIVE_INFINITY,
        action: { label: '重新載入', onClick: () => window.location.reload() },
      }),
    );
  });
  window.addEventListener('load', () => {
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch(() => undefined);
  });
}

/** Drops the caches that hold a learner's own data (who is signed in, their reads); the texts stay. */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}
