import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  type BrowserServer,
  chromium,
  type LaunchOptions,
  type Page,
} from 'playwright-core';

/** Debian's headless shell: the headless-only Chromium (Playwright's own headless default). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** Debian's full Chromium. */
const FULL_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell, else its full Chromium. The
 * shell renders the same Blink without the browser's UI layers: a browser file took about 30 % less CPU
 * with it (reviews and part2-screens: 57 against 82 CPU-s, the same tests passing). `full` asks for the
 * full Chromium: the shell has no notification permission to grant (the daily reminder's file).
 */
export function chromiumPath(full = false): string {
  const candidates = full ? FULL_CHROMIUM : [process.env.CHROMIUM_PATH, HEADLESS_SHELL, ...FULL_CHROMIUM];
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) {
    const pkg = full ? 'chromium' : 'chromium-headless-shell';
    throw new Error(`Chromium not found: install it with \`apt-get install ${pkg}\` (or set CHROMIUM_PATH).`);
  }
  return found;
}

/** Headless Chromium with the flags this closed network needs (no background calls home). */
function launchOptions(full = false): LaunchOptions {
  return {
    executablePath: chromiumPath(full),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  };
}

/**
 * The browser run's one Chromium (browser-setup.ts launches it and hands its address over this
 * variable to the test workers, which it starts after setting it).
 */
export const SHARED_CHROMIUM = 'WYT_CHROMIUM_WS';

/** Launches the run's shared Chromium (browser-setup.ts). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}

/**
 * Headless Chromium. In a browser test run this is a connection to the run's one Chromium: `close()`
 * closes the contexts this connection made and disconnects, so files stay apart by context without
 * paying a Chromium start each. Elsewhere (screenshots), a Chromium of its own.
 */
export async function launchBrowser(options: { full?: boolean } = {}): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM];
  if (shared && !options.full) return chromium.connect(shared);
  return chromium.launch(launchOptions(options.full));
}

/** The phone viewport of the UI reviews. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Turns the page's theme as the header's switch does (the stored choice, which the app follows from a
 * `storage` event), and waits until the document wears it. The themes differ only in colour (the `dark`
 * class swaps the colour variables), so a screen loaded once can be checked in both.
 */
export async function wearTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((dark) => {
    const value = JSON.stringify(dark);
    localStorage.setItem('wyt-dark', value);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'wyt-dark', newValue: value, storageArea: localStorage }),
    );
  }, theme === 'dark');
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    theme === 'dark',
  );
}

/** A JSON POST with an Idempotency-Key of its own; throws unless 2xx, resolves to the reply's body. */
export async function postJson(
  request: APIRequestContext,
  url: string,
  data: unknown,
): Promise<Record<string, unknown>> {
  const res = await request.post(url, { data, headers: { 'idempotency-key': randomUUID() } });
  if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Opens the home page and waits until its service worker is installed and controls the page. */
export async function openUnderServiceWorker(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
