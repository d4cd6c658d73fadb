/**
 * The browser's side of the daily reminder: whether this browser can take Web Push, the notification
 * permission, and this device's subscription through the service worker (`/sw.js`, which imports the
 * push handlers of `public/push-sw.js`).
 */

/** What this browser can do: Web Push, nothing, or (iPhone, iPad) only once added to the home screen. */
export type PushSupport = 'supported' | 'unsupported' | 'needs-install';

export interface PushEnvironment {
  navigator: Navigator;
  window: Window & typeof globalThis;
}

const browser = (): PushEnvironment => ({ navigator, window });

/** Whether this browser can receive the reminder. */
export function pushSupport(env: PushEnvironment = browser()): PushSupport {
  const { navigator: nav, window: win } = env;
  const full = 'serviceWorker' in nav && 'PushManager' in win && 'Notification' in win;
  if (full) return 'supported';
  // Safari on iOS offers Web Push only to a web app opened from the home screen.
  const ios =
    /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  const standalone = win.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return ios && !standalone ? 'needs-install' : 'unsupported';
}

/** The notification permission: 'granted', 'denied' or 'default' (not asked yet). */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** A VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker is registered only by the production build; without it there is no push. */
export class NoServiceWorkerError extends Error {
  constructor() {
    super('no service worker');
  }
}

async function readyRegistration(timeoutMs: number): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoServiceWorkerError()), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's push subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Subscribes this device with the server's VAPID key (a subscription made with another key is replaced). */
export async function subscribeDevice(publicKey: string, timeoutMs = 10_000): Promise<PushSubscription> {
  const registration = await readyRegistration(timeoutMs);
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const current = existing.options.applicationServerKey;
    const same =
      current !== null &&
      current.byteLength === key.byteLength &&
      new Uint8Array(current).every((b, i) => b === key[i]);
    if (same) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The subscription as the server's contract takes it. */
export function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
