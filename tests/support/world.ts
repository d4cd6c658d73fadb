/**
 * A browser test file's world: the run's one server and Chromium (browser-setup.ts), or, with an extra
 * environment, a server of the file's own on a fresh database; learners signed up through the API in
 * fresh browser contexts. The shared server's database holds every file's accounts: a file makes its own
 * (unique names) and asserts nothing about the others'.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, PHONE } from './browser.ts';
import { type RunningServer, sharedServer, startServer } from './server.ts';
import { createTestDatabase } from './test-db.ts';

export interface World {
  server: RunningServer;
  /** The test database (for answer keys: see tests/support/keys.ts). */
  databaseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The world of one test file: the run's one server when no extra environment is asked for (and the run
 * has one), else a server of its own on a fresh database; a connection to the run's Chromium.
 */
export async function startWorld(extraEnv: Record<string, string> = {}): Promise<World> {
  const shared = Object.keys(extraEnv).length === 0 ? sharedServer() : null;
  if (shared) {
    const browser = await launchBrowser();
    return {
      server: shared,
      databaseUrl: shared.databaseUrl,
      browser,
      async close() {
        await browser.close();
      },
    };
  }
  const database = await createTestDatabase();
  const server = await startServer({ databaseUrl: database.url, extraEnv });
  const browser = await launchBrowser();
  return {
    server,
    databaseUrl: database.url,
    browser,
    async close() {
      await browser.close();
      await server.stop();
      await database.drop();
    },
  };
}

let n = 0;

export interface Learner {
  context: BrowserContext;
  page: Page;
  id: string;
  username: string;
}

/** A fresh phone-sized context with a newly signed-up learner (the session cookie is in the context). */
export async function signUpLearner(world: World, username?: string): Promise<Learner> {
  const context = await world.browser.newContext({
    viewport: PHONE,
    baseURL: world.server.url,
    locale: 'zh-HK',
  });
  const page = await context.newPage();
  const name = username ?? `p1_${process.pid}_${n++}_${Date.now().toString(36)}`;
  const res = await page.request.post('/api/auth/register', {
    data: { username: name, password: 'correct horse battery', firstName: '測試' },
  });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const user = (await res.json()) as { id: string };
  return { context, page, id: user.id, username: name };
}

/**
 * Starts the world before the file's tests and closes it after them; its fields are there from the
 * first test on.
 *
 * @example const world = useWorld(); it('…', async () => { await world.browser.newContext(…) });
 */
export function useWorld(extraEnv: Record<string, string> = {}): World {
  const world = {} as World;
  beforeAll(async () => {
    Object.assign(world, await startWorld(extraEnv));
  });
  afterAll(async () => {
    await world.close?.();
  });
  return world;
}
