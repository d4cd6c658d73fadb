/**
 * A browser test file's world: the run's one server and Chromium (browser-setup.ts), or, with an extra
 * environment or content of its own, a server of the file's own on a fresh database; learners signed up through the API in
 * fresh browser contexts. The shared server's database holds every file's accounts: a file makes its own
 * (unique names) and asserts nothing about the others'.
 */
import type { Db } from '@wenyan/store';
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, PHONE } from './browser.ts';
import { grantAdmin, type RunningServer, sharedServer, startServer } from './server.ts';
import { createTestDatabase } from './test-db.ts';

export interface World {
  server: RunningServer;
  /** The test database (for answer keys: see tests/support/keys.ts). */
  databaseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

export interface WorldOptions {
  /**
   * Writes to the file's own database before its server starts (content the other files must not
   * see); the database stays open until the world closes, so the file may keep `db` for its tests.
   */
  prepare?: (db: Db) => Promise<unknown>;
  /**
   * A Chromium of the file's own, Debian's full build, instead of a connection to the run's headless
   * shell: the shell refuses notification permission (the daily reminder's file).
   */
  fullChromium?: boolean;
}

/**
 * The world of one test file: the run's one server when no extra environment nor `prepare` is asked for
 * (and the run has one), else a server of its own on a fresh database; a connection to the run's Chromium.
 */
export async function startWorld(
  extraEnv: Record<string, string> = {},
  options: WorldOptions = {},
): Promise<World> {
  const shared = Object.keys(extraEnv).length === 0 && !options.prepare ? sharedServer() : null;
  if (shared) {
    const browser = await launchBrowser({ full: options.fullChromium });
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
  await options.prepare?.(database.handle.db);
  const server = await startServer({ databaseUrl: database.url, extraEnv });
  const browser = await launchBrowser({ full: options.fullChromium });
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

/** The password of every account the browser tests make. */
export const PASSWORD = 'correct horse battery';

/** What a learner's context needs of a world: the Chromium and the server's address. */
export interface Site {
  browser: Browser;
  server: { url: string };
}

export interface Learner {
  context: BrowserContext;
  page: Page;
  id: string;
  username: string;
}

export interface SignUpOptions {
  /** The username; by default a unique one starting with `prefix` (at most 32 characters). */
  username?: string;
  prefix?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  /** Options of the context over the default: phone-sized, on the server, in zh-HK. */
  context?: BrowserContextOptions;
}

/** A username no other file or test has: `prefix` cut so that the unique tail fits in 32 characters. */
export function uniqueUsername(prefix = 'p1'): string {
  const tail = `_${process.pid.toString(36)}_${(n++).toString(36)}_${Date.now().toString(36)}`;
  return `${prefix.slice(0, 32 - tail.length)}${tail}`;
}

/**
 * Registers an account through the API with `request` (a context's or a page's), which then holds its
 * session cookie; throws unless the server answers 201.
 */
export async function register(
  request: APIRequestContext,
  account: { username: string; firstName?: string; lastName?: string; password?: string },
): Promise<{ id: string }> {
  const { password = PASSWORD, firstName = '測試', ...rest } = account;
  const res = await request.post('/api/auth/register', { data: { ...rest, password, firstName } });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return { id: String(((await res.json()) as { id: string | number }).id) };
}

/**
 * A new context (phone-sized unless told) with no one signed in. Its pages register no service worker
 * unless `{ serviceWorkers: 'allow' }` is asked for (the offline and push files): every context would
 * otherwise fetch the whole precache (121 files) while the test runs, about a quarter of a file's CPU.
 */
export function newContext(site: Site, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return site.browser.newContext({
    viewport: PHONE,
    baseURL: site.server.url,
    locale: 'zh-HK',
    serviceWorkers: 'block',
    ...options,
  });
}

/** A fresh phone-sized context with a newly signed-up learner (the session cookie is in the context). */
export async function signUpLearner(site: Site, options: string | SignUpOptions = {}): Promise<Learner> {
  const {
    username,
    prefix,
    context: contextOptions,
    ...names
  } = typeof options === 'string' ? { username: options } : options;
  const context = await newContext(site, contextOptions);
  const page = await context.newPage();
  const name = username ?? uniqueUsername(prefix);
  const { id } = await register(page.request, { username: name, ...names });
  return { context, page, id, username: name };
}

/**
 * A learner signed up before the file's tests (after the world's start) whose context is closed after
 * them; its fields are there from the first test on.
 *
 * @example const world = useWorld(); const learner = useLearner(world); it('…', async () => { const { page } = learner; … });
 */
export function useLearner(site: Site, options: SignUpOptions = {}): Learner {
  const learner = {} as Learner;
  beforeAll(async () => {
    Object.assign(learner, await signUpLearner(site, options));
  });
  afterAll(async () => {
    await learner.context?.close();
  });
  return learner;
}

/** The width the teacher pages are used at. */
export const LAPTOP = { width: 1280, height: 900 } as const;

export interface JoinedClass {
  /** The teacher, at laptop width. */
  teacher: Learner;
  /** A student of the class, at phone size. */
  student: Learner;
  classId: string;
  joinCode: string;
}

/**
 * A teacher's class, made through the API, that a student (at phone size) has joined. `grantTeacher` gives the teacher's
 * account its role: the operator's way (`grantRole`, `grantRoles`) or an admin's (`grantTeacherByAdmin`).
 */
export async function joinedClass(
  site: Site,
  options: {
    prefix: string;
    grantTeacher: (teacher: Learner) => Promise<void>;
    className?: string;
    teacherName?: string;
    studentName?: string;
    /** The teacher's context (at laptop width unless told). */
    teacherContext?: BrowserContextOptions;
  },
): Promise<JoinedClass> {
  const { prefix, className = '中五甲班', teacherName = '陳老師', studentName = '小明' } = options;
  const student = await signUpLearner(site, { prefix: `${prefix}_student`, firstName: studentName });
  const teacher = await signUpLearner(site, {
    prefix: `${prefix}_teacher`,
    firstName: teacherName,
    context: options.teacherContext ?? { viewport: LAPTOP },
  });
  await options.grantTeacher(teacher);
  const made = await teacher.page.request.post('/api/teacher/classes', { data: { name: className } });
  if (made.status() !== 201) throw new Error(`class not made: ${made.status()}`);
  const { id: classId, joinCode } = (await made.json()) as { id: string; joinCode: string };
  const joined = await student.page.request.post('/api/classes/join', { data: { joinCode } });
  if (joined.status() !== 200) throw new Error(`join refused: ${joined.status()} ${await joined.text()}`);
  return { teacher, student, classId, joinCode };
}

/**
 * Makes `account` a teacher the way an admin does, through the admin API: a new account is made admin
 * the operator's way (`grantAdmin`) and puts the roles.
 */
export async function grantTeacherByAdmin(world: World, account: Learner): Promise<void> {
  const admin = await signUpLearner(world, {
    prefix: 'admin',
    firstName: '管理員',
    context: { viewport: LAPTOP },
  });
  await grantAdmin(world.server, admin.username, admin.page.request, PASSWORD);
  const granted = await admin.page.request.put(`/api/admin/users/${account.id}/roles`, {
    data: { roles: ['teacher'] },
  });
  if (granted.status() !== 200) throw new Error(`roles not granted: ${granted.status()}`);
  await admin.context.close();
}

/**
 * Starts the world before the file's tests and closes it after them; its fields are there from the
 * first test on.
 *
 * @example const world = useWorld(); it('…', async () => { await world.browser.newContext(…) });
 */
export function useWorld(extraEnv: Record<string, string> = {}, options: WorldOptions = {}): World {
  const world = {} as World;
  beforeAll(async () => {
    Object.assign(world, await startWorld(extraEnv, options));
  });
  afterAll(async () => {
    await world.close?.();
  });
  return world;
}

/** With the settings' account deletion open: enters `password` and presses 永久刪除帳戶. */
export async function submitDeletion(page: Page, password: string): Promise<void> {
  await page
    .locator('input')
    .and(page.getByLabel('密碼', { exact: true }))
    .fill(password);
  await page.getByRole('button', { name: '永久刪除帳戶' }).click();
}
