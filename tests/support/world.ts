/**
 * A browser test file's world: the server on a fresh database and Chromium, started before the file's
 * tests and stopped after them, and learners signed up through the API in fresh browser contexts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, PHONE } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { createTestDatabase } from './test-db.ts';

export interface World {
  server: RunningServer;
  /** The test database (for answer keys: see tests/support/keys.ts). */
  databaseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the server (on a fresh database) and Chromium for one test file. */
export async function startWorld(extraEnv: Record<string, string> = {}): Promise<World> {
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
