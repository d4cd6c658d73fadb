/**
 * `npm run screenshots`: every screen of the route table (apps/web/src/screens.ts), plus the signed-out
 * login page, at 390 × 844 in the light and the dark theme, into `screenshots/<theme>/<name>.png`.
 *
 * It starts the real API in its embedded mode (PGlite in a temporary folder, content seeded at start;
 * no Postgres or Redis needed) serving the built client (`npm run screenshots` builds it first), signs up
 * a teacher (made teacher and admin with `npm run roles`, so the admin and teacher pages show) and a
 * learner in the teacher's class with a few answers, then visits each screen as the teacher.
 * Needs Chromium (CHROMIUM_PATH overrides /usr/bin/chromium) and a CJK font (Debian: fonts-noto-cjk).
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREENS, screenPath } from '@wenyan/web/src/screens.ts';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, PHONE, postJson } from '../support/browser.ts';
import { freePort, spawnNode, stopChild } from '../support/throwaway.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'screenshots');
const THEMES = ['light', 'dark'] as const;
const TEACHER = 'shots_teacher';
const PASSWORD = 'correct horse battery';

/** The API in embedded mode on a free port, with its data in `dataDir`; resolves once healthy. */
async function startApi(dataDir: string): Promise<{ url: string; child: ChildProcess; logs: string[] }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const { child, logs } = spawnNode('apps/api/src/main.ts', [], env);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${logs.join('')}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, child, logs };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not become healthy:\n${logs.join('')}`);
}

/** A phone-sized context in a theme (set in local storage before the first paint, as the app does). */
async function phone(
  browser: Browser,
  baseURL: string,
  theme: (typeof THEMES)[number],
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL,
    locale: 'zh-HK',
    deviceScaleFactor: 2,
  });
  await context.addInitScript((dark: boolean) => {
    localStorage.setItem('wyt-dark', String(dark));
  }, theme === 'dark');
  return context;
}

/** Signs up in the context (the session cookie stays in it) and returns the user's id. */
async function signUp(context: BrowserContext, username: string): Promise<string> {
  const user = await postJson(context.request, '/api/auth/register', {
    username,
    password: PASSWORD,
    firstName: '示範',
  });
  return String(user.id);
}

async function signIn(context: BrowserContext, username: string): Promise<void> {
  await postJson(context.request, '/api/auth/login', { username, password: PASSWORD });
}

/** The learner's class and some answers, so the teacher's pages and the replay have something to show. */
async function seedClass(browser: Browser, baseURL: string): Promise<{ class: string; learner: string }> {
  const teacher = await phone(browser, baseURL, 'light');
  const learner = await phone(browser, baseURL, 'light');
  try {
    const learnerId = await signUp(learner, 'shots_learner');
    const created = await postJson(teacher.request, '/api/teacher/classes', { name: '中五甲班' });
    await postJson(learner.request, '/api/classes/join', { joinCode: created.joinCode });
    // Lists carry no answer key: the learner picks options by position, so some are right, some wrong.
    const questions = (await (await learner.request.get('/api/lessons/9/questions')).json()) as Array<{
      id: string;
      options: string[] | null;
    }>;
    const choices = questions.filter((question) => (question.options?.length ?? 0) > 1);
    for (const [index, question] of choices.slice(0, 4).entries()) {
      await postJson(learner.request, '/api/users/answers', {
        userId: learnerId,
        questionId: question.id,
        selectedAnswer: question.options?.[index % 2] ?? '',
        timeSpent: 12,
      });
    }
    return { class: String(created.id), learner: learnerId };
  } finally {
    await Promise.all([teacher.close(), learner.close()]);
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('no built client: run `npm run build:web` first (npm run screenshots does)');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyt-shots-'));
  // The teacher signs up, then is made teacher and admin the operator's way (`npm run roles`, which
  // needs the embedded server stopped: one process owns its data folder).
  const first = await startApi(dataDir);
  const browser = await launchBrowser();
  const signup = await phone(browser, first.url, 'light');
  await signUp(signup, TEACHER);
  await signup.close();
  await stopChild(first.child);
  for (const role of ['teacher', 'admin']) {
    execFileSync(
      process.execPath,
      [path.join(root, 'packages/store/src/cli/roles.ts'), 'grant', TEACHER, role],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
        stdio: 'inherit',
      },
    );
  }
  const api = await startApi(dataDir);
  let taken = 0;
  try {
    const ids = await seedClass(browser, api.url);
    for (const theme of THEMES) {
      await mkdir(path.join(out, theme), { recursive: true });
      const signedOut = await phone(browser, api.url, theme);
      const loginPage = await signedOut.newPage();
      await loginPage.goto('/', { waitUntil: 'networkidle' });
      await loginPage.screenshot({ path: path.join(out, theme, 'login.png') });
      taken++;
      await signedOut.close();

      const context = await phone(browser, api.url, theme);
      await signIn(context, TEACHER);
      const page = await context.newPage();
      for (const screen of SCREENS) {
        await page.goto(screenPath(screen, ids));
        // Settled: no request for half a second (the leaderboard's websocket does not count), fonts loaded.
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.screenshot({ path: path.join(out, theme, `${screen.name}.png`) });
        taken++;
      }
      await context.close();
    }
    console.log(`${taken} screenshots in ${path.relative(process.cwd(), out) || '.'}/{${THEMES.join(',')}}/`);
  } finally {
    await browser.close();
    await stopChild(api.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
