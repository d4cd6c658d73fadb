import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium, type LaunchOptions, type Page } from 'playwright-core';

/** Debian's Chromium; CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error('Chromium not found: install it with `apt-get install chromium` (or set CHROMIUM_PATH).');
  }
  return found;
}

/** Headless Chromium with the flags this closed network needs (no background calls home). */
function launchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
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
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM];
  if (shared) return chromium.connect(shared);
  return chromium.launch(launchOptions());
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
