/**
 * The API in-process, in either mode, for integration tests that must hold in both:
 * - embedded: PGlite in memory, the in-process queue and broadcast;
 * - distributed: a Postgres database of this test file, BullMQ and pub/sub on Redis under a key
 *   prefix of this test file, and a projection worker running beside it.
 */
import type { Agent } from 'node:https';
import { type AppDeps, buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { createRuntime, type Runtime } from '@wenyan/api/src/runtime.ts';
import { deleteRedisPrefix, learnerStreamId, readStream } from '@wenyan/store';
import { type RunningWorker, startWorker } from '@wenyan/worker/src/worker.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { pgliteTemplate } from './pglite-template.ts';
import { createTestDatabase, testRedisPrefix } from './test-db.ts';

export type Mode = 'embedded' | 'distributed';
export const MODES: Mode[] = ['embedded', 'distributed'];

export interface TestApp {
  mode: Mode;
  app: FastifyInstance;
  runtime: Runtime;
  worker: RunningWorker | null;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The HTTPS agent the daily reminders are pushed through (to trust a local push service). */
  pushAgent?: Agent;
  /** The app's grader in place of the domain's `gradeAnswer` (`AppDeps.grade`, a test hook). */
  grade?: AppDeps['grade'];
}

/**
 * Tests post answers without fetching their questions and faster than a reader: XP at a human pace is
 * off unless a test turns it on (`{ XP_PACE: 'enforce' }`, tests/integration/fair-xp.int.test.ts).
 */
const TEST_PACE = { XP_PACE: 'off' };

export async function startTestApp(
  mode: Mode,
  extraEnv: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  if (mode === 'embedded') {
    const env = readApiEnv({ LOG_LEVEL: 'silent', ...TEST_PACE, ...extraEnv });
    const runtime = await createRuntime(env, {
      serveWeb: false,
      pgliteDataDir: 'memory://',
      pgliteTemplate: await pgliteTemplate(),
      ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
    });
    return appAlone(mode, runtime, await readyApp(runtime, options.grade));
  }
  const database = await createTestDatabase();
  const redisUrl = inject('redisUrl');
  const prefix = testRedisPrefix();
  const env = readApiEnv({
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    ...TEST_PACE,
    ...extraEnv,
  });
  const runtime = await createRuntime(env, {
    serveWeb: false,
    distributed: true,
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  });
  const app = await readyApp(runtime, options.grade);
  const worker = await startWorker(
    {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      WORKER_CONCURRENCY: 8,
      PROJECTION_BATCH: 8,
      PROJECTION_GATHER_MS: 20,
      CATCH_UP_INTERVAL_MS: 1000,
      WORKER_HEALTH_PORT: undefined,
      LOG_LEVEL: 'silent',
      // No reminder schedule (its first sweep would run at once, as of the wall clock): tests add sweeps.
      REMINDER_INTERVAL_MS: Number(extraEnv.REMINDER_INTERVAL_MS ?? 0),
      VAPID_SUBJECT: 'mailto:tests@wenyan.invalid',
    },
    () => {},
    { ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}) },
  );
  return {
    mode,
    app,
    runtime,
    worker,
    async close() {
      await app.close();
      await worker.close();
      await runtime.close();
      await database.drop();
      // The machine's Redis is shared: leave nothing of this file's behind.
      await deleteRedisPrefix(redisUrl, prefix);
    },
  };
}

/** The app on `runtime`, ready, with the test's grader when it brings one. */
async function readyApp(runtime: Runtime, grade?: AppDeps['grade']): Promise<FastifyInstance> {
  const app = await buildApp({ ...runtime.deps, ...(grade ? { grade } : {}), logger: false });
  await app.ready();
  return app;
}

/** An app and its runtime with no worker beside them, closed in that order. */
function appAlone(mode: Mode, runtime: Runtime, app: FastifyInstance): TestApp {
  return {
    mode,
    app,
    runtime,
    worker: null,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

/** Waits until the projector has folded the learner's stream up to its head (the system's own signal). */
export async function waitForProjection(t: TestApp, userId: string, timeoutMs = 15_000): Promise<number> {
  const db = t.runtime.deps.db;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [head, projected] = await Promise.all([
      db
        .selectFrom('streams')
        .select('version')
        .where('stream_id', '=', learnerStreamId(userId))
        .executeTakeFirst(),
      db
        .selectFrom('learner_projections')
        .select('checkpoint')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    const version = head?.version ?? 0;
    if ((projected?.checkpoint ?? 0) >= version) return version;
    if (Date.now() > deadline) throw new Error(`learner ${userId} not projected to ${version} in time`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A learner's whole stream (its first thousand events), as the event store holds it. */
export function learnerEvents(t: TestApp, userId: string) {
  return readStream(t.runtime.deps.db, learnerStreamId(userId), { afterVersion: 0, limit: 1000 });
}

/** A second API process of `t`'s distributed deployment: the same database and Redis prefix, no worker. */
export async function startOtherInstance(t: TestApp): Promise<TestApp> {
  const runtime = await createRuntime(t.runtime.deps.env, { serveWeb: false, distributed: true });
  return appAlone('distributed', runtime, await readyApp(runtime));
}

/**
 * `startTestApp` for the tests of the enclosing `describe` (or file): started in a `beforeAll`, closed
 * in an `afterAll`. The returned test app reads through to the started one, so use it inside hooks and
 * tests only (`const t = useTestApp('embedded')`, then `t.app.inject(...)` in an `it`).
 */
export function useTestApp(
  mode: Mode,
  extraEnv: Record<string, string> = {},
  options: TestAppOptions = {},
): TestApp {
  let started: TestApp | undefined;
  const current = (): TestApp => {
    if (!started) throw new Error('the test app is started in beforeAll: use it in a hook or a test');
    return started;
  };
  beforeAll(async () => {
    started = await startTestApp(mode, extraEnv, options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    mode,
    get app() {
      return current().app;
    },
    get runtime() {
      return current().runtime;
    },
    get worker() {
      return current().worker;
    },
    close: () => current().close(),
  };
}
