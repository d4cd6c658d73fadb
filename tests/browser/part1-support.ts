/**
 * Helpers of the part 1 browser tests: a server and a browser per file, and learners signed up through
 * the API in a fresh browser context.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, PHONE } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { createTestDatabase } from '../support/test-db.ts';

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

/** The signed-in user as the server has it now. */
export async function serverUser(page: Page): Promise<{ totalXP: number; id: string }> {
  const res = await page.request.get('/api/auth/user');
  return (await res.json()) as { totalXP: number; id: string };
}

/**
 * Reloads until `read` gives text matching `pattern`: read models are projected after the write is
 * answered, so a screen may need a fresh fetch to show them. `read` waits on the page, never on a timer.
 */
export async function reloadUntil(
  page: Page,
  read: Locator | (() => Promise<string>),
  pattern: RegExp,
  tries = 30,
): Promise<string> {
  const get =
    typeof read === 'function'
      ? read
      : async () => {
          await read.waitFor();
          return (await read.textContent()) ?? '';
        };
  let last = '';
  for (let i = 0; i < tries; i++) {
    last = await get();
    if (pattern.test(last)) return last;
    await page.reload();
  }
  throw new Error(`never matched ${pattern}: last text "${last}"`);
}

/** Answers the question on screen (first option, or some text) and submits it. */
export async function answerCurrent(page: Page): Promise<void> {
  const option = page.getByTestId('option').first();
  await Promise.race([option.waitFor(), page.getByPlaceholder('請輸入答案...').waitFor()]);
  if (await option.count()) await option.click();
  else await page.getByPlaceholder('請輸入答案...').fill('學而時習之');
  await page.getByRole('button', { name: '提交答案' }).click();
}
