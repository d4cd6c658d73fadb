/**
 * What the fault drills share: throwaway Postgres and Redis (the drills stop and restart them, so
 * never the machine's shared ones), the API and the worker as real child processes that a drill can
 * kill and start again, a burst of learners answering with Idempotency-Keys, and the final audit:
 * every acknowledged answer is in the log exactly once, and every read model equals a fold of the log.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  initialLearnerView,
  type LearnerEvent,
  leaderboardEntry,
  projectLearner,
  upcast,
} from '@wenyan/domain';
import {
  LEARNER_STREAMS_LIKE,
  leaderboardGenerationKey,
  memberOf,
  openDatabase,
  redisRunId,
  scoreOf,
  userIdOfStream,
} from '@wenyan/store';
import { writeClient } from '@wenyan/web/src/lib/write-client.ts';
import { Redis } from 'ioredis';
import { HTTPError } from 'ky';
import { afterAll, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import { projectionBacklog } from '../support/read-models.ts';
import {
  findPostgresBin,
  freePort,
  type NodeProcess,
  spawnNode,
  startThrowawayPostgres,
  startThrowawayRedis,
  type ThrowawayPostgres,
  type ThrowawayRedis,
} from '../support/throwaway.ts';

export interface Drill {
  pg: ThrowawayPostgres;
  redis: ThrowawayRedis;
  prefix: string;
  env: NodeJS.ProcessEnv;
  apis: Array<{ url: string; proc: NodeProcess }>;
  worker: NodeProcess | null;
  /** Starts an API instance (on `port` when given: a restart keeps its address). */
  startApi(port?: number): Promise<{ url: string; proc: NodeProcess }>;
  startWorker(): Promise<NodeProcess>;
  close(): Promise<void>;
}

/** Sends a signal and waits for the exit (SIGKILL after 15 s). Resolves to the exit code. */
export async function stop(proc: NodeProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.child.exitCode;
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  proc.child.kill(signal);
  const code = await proc.exited;
  clearTimeout(timer);
  return code;
}

/**
 * Stops the throwaway Postgres with `pg_ctl stop -m fast`. As root the server runs under `runuser`,
 * which ignores the SIGINT ThrowawayPostgres.stop() sends, so that call never returns there; once the
 * server is down this way, its stop()/destroy() find the process gone and return at once.
 */
export async function stopPostgres(pg: ThrowawayPostgres): Promise<void> {
  const pgCtl = path.join(findPostgresBin()!, 'pg_ctl');
  const args = ['stop', '-D', pg.dataDir, '-m', 'fast', '-w'];
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  try {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args], { stdio: 'ignore' });
    else execFileSync(pgCtl, args, { stdio: 'ignore' });
  } catch {
    // Already stopped.
  }
  await pg.stop();
}

export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Throwaway services, one API instance and a worker (fast catch-up, so drills stay short). */
export async function startDrill(
  options: { apis?: number; env?: Record<string, string> } = {},
): Promise<Drill> {
  const [pg, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
  const prefix = `wyt-drill-${process.pid}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_ADDRESS_RATE_LIMIT: '100000',
    // The drills answer as fast as they can and test faults, not the pace rule (issue 37): XP is paid.
    XP_PACE: 'off',
    WORKER_CONCURRENCY: '4',
    CATCH_UP_INTERVAL_MS: '500',
    // One server process per API unless a drill asks for more (the default is one per core).
    API_PROCESSES: '1',
    ...options.env,
  };
  const drill: Drill = {
    pg,
    redis,
    prefix,
    env,
    apis: [],
    worker: null,
    async startApi(port?: number) {
      port ??= await freePort();
      const proc = spawnNode('apps/api/src/main.ts', ['--distributed'], { ...env, PORT: String(port) });
      const url = `http://127.0.0.1:${port}`;
      await waitUntil(
        async () => {
          if (proc.child.exitCode !== null) throw new Error(`API exited:\n${proc.logs.join('')}`);
          return (await fetch(`${url}/api/health`)).ok;
        },
        'API healthy',
        60_000,
      );
      const api = { url, proc };
      const existing = drill.apis.findIndex((a) => a.url === url);
      if (existing >= 0) drill.apis[existing] = api;
      else drill.apis.push(api);
      return api;
    },
    async startWorker() {
      // At info, so its "projection worker started" line (pino, since the worker logs like the API) shows.
      const proc = spawnNode('apps/worker/src/main.ts', [], { ...env, LOG_LEVEL: 'info' });
      await waitUntil(
        () => {
          if (proc.child.exitCode !== null) throw new Error(`worker exited:\n${proc.logs.join('')}`);
          return proc.logs.join('').includes('projection worker started');
        },
        'worker started',
        60_000,
      ).catch((err) => {
        throw new Error(`${err}\nworker:\n${proc.logs.join('').slice(-3000)}`);
      });
      drill.worker = proc;
      return proc;
    },
    async close() {
      await Promise.all([
        ...drill.apis.map((a) => stop(a.proc)),
        ...(drill.worker ? [stop(drill.worker)] : []),
      ]);
      await stopPostgres(pg);
      await Promise.all([pg.destroy(), redis.destroy()]);
    },
  };
  try {
    for (let i = 0; i < (options.apis ?? 1); i++) await drill.startApi();
    await drill.startWorker();
  } catch (err) {
    await drill.close();
    throw err;
  }
  return drill;
}

export interface Learner {
  id: string;
  cookie: string;
}

/** Registers a learner through the API. */
export async function signUp(url: string, name: string): Promise<Learner> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: 'drill password 1', firstName: '考生' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  const body = (await res.json()) as { id: string };
  return { id: String(body.id), cookie };
}

export interface Question {
  id: string;
  correctAnswer: string;
  options: string[] | null;
}

/**
 * Multiple-choice questions of lesson 1 with their keys, read from the drill's database (question lists
 * served to a learner carry no keys).
 */
export async function choiceQuestions(databaseUrl: string): Promise<Question[]> {
  const handle = await openDatabase({ databaseUrl, poolSize: 1, migrate: false });
  try {
    const rows = await handle.db
      .selectFrom('questions')
      .select(['id', 'correct_answer', 'options'])
      .where('lesson_id', '=', 1)
      .where('origin', '=', 'bank')
      .where('options', 'is not', null)
      .orderBy('type')
      .orderBy('id')
      .execute();
    return rows
      .filter((q) => (q.options ?? []).length > 1)
      .map((q) => ({ id: q.id, correctAnswer: q.correct_answer, options: q.options }));
  } finally {
    await handle.close();
  }
}

/** Sends one answer under `key`; resolves to the HTTP status (0 when the connection failed). */
export type SendAnswer = (
  url: string,
  learner: Learner,
  question: Question,
  key: string,
  correct: boolean,
) => Promise<number>;

const choice = (question: Question, correct: boolean) =>
  correct
    ? question.correctAnswer
    : ((question.options ?? []).find((o) => o !== question.correctAnswer) ?? 'x');

/** One plain request per call (the drill's own client: what a retry means is up to `burst`). */
export const sendAnswer: SendAnswer = async (url, learner, question, key, correct) => {
  const selectedAnswer = choice(question, correct);
  try {
    const res = await fetch(`${url}/api/users/answers`, {
      method: 'POST',
      headers: { cookie: learner.cookie, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ userId: learner.id, questionId: question.id, selectedAnswer, timeSpent: 7 }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

/**
 * The web client's own write path (`writeClient` of apps/web: its `WRITE_RETRY` policy, the same key
 * on every try), with the learner's cookie added as the browser would. Counts the retries it made in
 * `retries`; resolves to 200, or to the last failure's status once its retries are spent (0: no response).
 */
export function webClientSender(retries: { count: number }): SendAnswer {
  return async (url, learner, question, key, correct) => {
    const client = writeClient.extend({
      headers: { cookie: learner.cookie },
      hooks: {
        beforeRetry: [
          () => {
            retries.count++;
          },
        ],
      },
    });
    try {
      await client
        .post(`${url}/api/users/answers`, {
          headers: { 'idempotency-key': key },
          json: {
            userId: learner.id,
            questionId: question.id,
            selectedAnswer: choice(question, correct),
            timeSpent: 7,
          },
        })
        .json();
      return 200;
    } catch (error) {
      return error instanceof HTTPError ? error.response.status : 0;
    }
  };
}

export interface BurstResult {
  /** Keys the API acknowledged with 200, per learner. */
  acknowledged: Map<string, Set<string>>;
  /** Statuses seen other than 200, by status. */
  refused: Map<number, number>;
  sent: number;
}

export interface BurstOptions {
  until: () => boolean;
  retry?: boolean;
  pauseMs?: number;
  send?: SendAnswer;
  keyPrefix?: string;
}

/**
 * Learners answering in a loop until `until()` says stop. With `retry`, a failed answer is sent again
 * with the same Idempotency-Key until acknowledged (a client that retries); without, it is given up.
 * `urls` spreads the learners over API instances.
 */
export async function burst(
  urls: string[],
  learners: Learner[],
  questions: Question[],
  options: BurstOptions,
): Promise<BurstResult> {
  return startBurst(urls, learners, questions, options).done;
}

/** A burst under way: its result as it grows, the signals a drill waits on, and its end. */
export interface RunningBurst {
  /** Filled as the answers come back (final once `done` resolves). */
  result: BurstResult;
  done: Promise<BurstResult>;
  /** Tells the learners to stop and waits for their last answers. */
  stop(): Promise<BurstResult>;
  /**
   * Resolves once every learner has `count` more answers acknowledged than now: the system took
   * answers from all of them in the meantime (the drills' signal, instead of a fixed wait).
   */
  eachAcknowledges(count: number, what: string, timeoutMs?: number): Promise<void>;
  /** Resolves once `count` answers in all are acknowledged. */
  acknowledges(count: number, what: string, timeoutMs?: number): Promise<void>;
  /** Resolves once some answer was refused (a status other than 200, or no response). */
  refuses(what: string, timeoutMs?: number): Promise<void>;
}

/** `burst`, with the answers watched as they come: wait on them rather than on the clock. */
export function startBurst(
  urls: string[],
  learners: Learner[],
  questions: Question[],
  options: Omit<BurstOptions, 'until'> & { until?: () => boolean },
): RunningBurst {
  const send = options.send ?? sendAnswer;
  const result: BurstResult = { acknowledged: new Map(), refused: new Map(), sent: 0 };
  let stopped = false;
  const until = () => stopped || (options.until?.() ?? false);
  for (const learner of learners) result.acknowledged.set(learner.id, new Set());
  const done = (async () => {
    await Promise.all(
      learners.map(async (learner, li) => {
        const acked = result.acknowledged.get(learner.id)!;
        const url = urls[li % urls.length]!;
        for (let n = 0; !until(); n++) {
          const key = `${options.keyPrefix ?? 'drill'}-${learner.id}-${n}`;
          const question = questions[(n + li) % questions.length]!;
          for (let attempt = 0; ; attempt++) {
            result.sent++;
            const status = await send(url, learner, question, key, (n + li) % 3 !== 0);
            if (status === 200) {
              acked.add(key);
              break;
            }
            result.refused.set(status, (result.refused.get(status) ?? 0) + 1);
            if (!options.retry || attempt > 200) break;
            await new Promise((r) => setTimeout(r, 100));
          }
          if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
        }
      }),
    );
    return result;
  })();
  const total = () => [...result.acknowledged.values()].reduce((sum, keys) => sum + keys.size, 0);
  // A signal that can no longer come (the burst ended first) fails at once instead of at its deadline.
  let ended = false;
  void done.finally(() => {
    ended = true;
  });
  const waitFor = async (check: () => boolean, what: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (ended) throw new Error(`${what}: the burst ended first`);
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    result,
    done,
    stop() {
      stopped = true;
      return done;
    },
    eachAcknowledges(count, what, timeoutMs = 30_000) {
      const from = new Map([...result.acknowledged].map(([id, keys]) => [id, keys.size]));
      return waitFor(
        () => [...result.acknowledged].every(([id, keys]) => keys.size >= from.get(id)! + count),
        what,
        timeoutMs,
      );
    },
    acknowledges(count, what, timeoutMs = 30_000) {
      return waitFor(() => total() >= count, what, timeoutMs);
    },
    refuses(what, timeoutMs = 30_000) {
      return waitFor(() => result.refused.size > 0, what, timeoutMs);
    },
  };
}

/** Every learner's checkpoint has reached their stream's head. */
export async function projectedToHead(databaseUrl: string): Promise<boolean> {
  const handle = await openDatabase({ databaseUrl, poolSize: 1, migrate: false });
  try {
    return (await projectionBacklog(handle.db)).learners === 0;
  } finally {
    await handle.close();
  }
}

export interface Audit {
  /** Acknowledged keys with no AnswerSubmitted event. */
  lost: string[];
  /** Keys with more than one AnswerSubmitted event. */
  doubled: string[];
  /** Learners whose read models differ from a fold of their log (with what differs). */
  inexact: string[];
  learners: number;
  answers: number;
}

/**
 * The drills' verdict: each acknowledged key has exactly one AnswerSubmitted event; and for every
 * learner, the checkpoint is the stream head, user_totals and the Redis sorted set equal what a fold of
 * the whole log gives.
 */
export async function audit(drill: Drill, acknowledged: Map<string, Set<string>>): Promise<Audit> {
  const handle = await openDatabase({ databaseUrl: drill.pg.url, poolSize: 2, migrate: false });
  const redis = new Redis(drill.redis.url);
  try {
    const events = await handle.db
      .selectFrom('events')
      .select(['stream_id', 'version', 'type', 'schema_version', 'data', 'metadata'])
      .where('stream_id', 'like', LEARNER_STREAMS_LIKE)
      .orderBy('stream_id')
      .orderBy('version')
      .execute();
    const keyCount = new Map<string, number>();
    const byStream = new Map<string, typeof events>();
    for (const e of events) {
      if (e.type === 'AnswerSubmitted') {
        const key = String((e.metadata as { idempotencyKey?: string }).idempotencyKey ?? '');
        keyCount.set(key, (keyCount.get(key) ?? 0) + 1);
      }
      const list = byStream.get(e.stream_id) ?? [];
      list.push(e);
      byStream.set(e.stream_id, list);
    }
    const lost: string[] = [];
    for (const keys of acknowledged.values()) for (const k of keys) if (!keyCount.has(k)) lost.push(k);
    const doubled = [...keyCount].filter(([k, n]) => k && n > 1).map(([k]) => k);

    const inexact: string[] = [];
    const totals = new Map(
      (await handle.db.selectFrom('user_totals').selectAll().execute()).map((r) => [String(r.user_id), r]),
    );
    const checkpoints = new Map(
      (await handle.db.selectFrom('learner_projections').select(['user_id', 'checkpoint']).execute()).map(
        (r) => [String(r.user_id), r.checkpoint],
      ),
    );
    for (const [streamId, list] of byStream) {
      const userId = userIdOfStream(streamId);
      const view = list
        .map((e) => upcast({ type: e.type, schemaVersion: e.schema_version, data: e.data }) as LearnerEvent)
        .reduce(projectLearner, initialLearnerView);
      const entry = leaderboardEntry(view);
      const answers = list.filter((e) => e.type === 'AnswerSubmitted').length;
      const row = totals.get(userId);
      const problems: string[] = [];
      if (checkpoints.get(userId) !== list.at(-1)!.version)
        problems.push(`checkpoint ${checkpoints.get(userId)}`);
      if (!row) problems.push('no user_totals');
      else {
        if (row.total_xp !== view.totalXP) problems.push(`xp ${row.total_xp} ≠ ${view.totalXP}`);
        if (row.answers_count !== answers) problems.push(`answers ${row.answers_count} ≠ ${answers}`);
        if (row.completed_lessons !== entry.completedLessons) problems.push('completed lessons');
      }
      const score = await redis.zscore(`${drill.prefix}:leaderboard`, memberOf(userId));
      const expected = scoreOf({ userId, ...entry });
      if (Number(score) !== expected) problems.push(`sorted set ${score} ≠ ${expected}`);
      if (problems.length > 0) inexact.push(`${userId}: ${problems.join(', ')}`);
    }
    return {
      lost,
      doubled,
      inexact,
      learners: byStream.size,
      answers: [...keyCount.values()].reduce((a, b) => a + b, 0),
    };
  } finally {
    redis.disconnect();
    await handle.close();
  }
}

/**
 * Whether the worker's sweep has rebuilt the sorted set for the running Redis server: after a restart
 * (empty, or an older snapshot) the learners idle since are ranked only once it has, a sweep later.
 */
async function rankingBuiltForThisRun(drill: Drill): Promise<boolean> {
  const redis = new Redis(drill.redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const [runId, marker] = await Promise.all([
      redisRunId(redis),
      redis.get(leaderboardGenerationKey(drill.prefix)),
    ]);
    return marker === runId;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * The end of every burst drill: waits until every stream is projected to its head and the ranking is
 * built for the running Redis server, then audits. More than `minAnswers` answers in the log, none
 * lost, none doubled, and every read model exact.
 */
export async function expectExactAfterwards(
  drill: Drill,
  acknowledged: Map<string, Set<string>>,
  minAnswers = 0,
): Promise<void> {
  const settled = async () => (await projectedToHead(drill.pg.url)) && (await rankingBuiltForThisRun(drill));
  await waitUntil(settled, 'projected to the head, the ranking healed', 30_000).catch((err) => {
    throw new Error(`${err}\nworker:\n${drill.worker?.logs.join('').slice(-2000)}`);
  });
  const verdict = await audit(drill, acknowledged);
  expect(verdict.answers).toBeGreaterThan(minAnswers);
  expect(verdict.lost).toEqual([]);
  expect(verdict.doubled).toEqual([]);
  expect(verdict.inexact).toEqual([]);
}

/** A subscribed leaderboard socket that records its messages (and when). */
export async function leaderboardSocket(url: string, learner: Learner) {
  const messages: Array<{
    at: number;
    version: number;
    me: { entry: { totalXP: number } } | null;
    top: Array<{ id: string; email: string | null }>;
  }> = [];
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws`, { headers: { cookie: learner.cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as { type: string; version: number; me: never; top: never };
    if (m.type === 'leaderboard') messages.push({ at: Date.now(), version: m.version, me: m.me, top: m.top });
  });
  ws.send(JSON.stringify({ type: 'subscribe', channel: 'leaderboard' }));
  await waitUntil(() => messages.length > 0, 'first leaderboard message', 10_000);
  return { ws, messages };
}

export interface StagedDrill {
  drill: Drill;
  learners: Learner[];
  questions: Question[];
}

/** A drill with its learners signed up and the questions they answer: the setup every burst drill shares. */
export async function stageDrill(
  name: string,
  learnerCount: number,
  options: Parameters<typeof startDrill>[0] = {},
): Promise<StagedDrill> {
  const drill = await startDrill(options);
  const url = drill.apis[0]!.url;
  const learners = await Promise.all(
    Array.from({ length: learnerCount }, (_, i) => signUp(url, `${name}_drill_${i}`)),
  );
  return { drill, learners, questions: await choiceQuestions(drill.pg.url) };
}

/**
 * `stageDrill` for the tests of the enclosing `describe`: staged before them, closed after them. The
 * returned object is filled in by its `beforeAll`, so read its fields inside the tests.
 */
export function useDrill(
  name: string,
  learnerCount: number,
  options: Parameters<typeof startDrill>[0] = {},
): StagedDrill {
  const staged = {} as StagedDrill;
  beforeAll(async () => {
    Object.assign(staged, await stageDrill(name, learnerCount, options));
  });
  afterAll(async () => {
    await staged.drill?.close();
  });
  return staged;
}

/**
 * SIGTERM to the drill's first API in the middle of a burst (once each learner has `answersBefore`
 * answers acknowledged): it finishes the answers in flight and exits 0, and nothing acknowledged is lost.
 */
export async function expectApiDrainsOnSigterm(
  drill: Drill,
  learners: Learner[],
  questions: Question[],
  answersBefore: number,
): Promise<void> {
  const api = drill.apis[0]!;
  const answering = startBurst([api.url], learners, questions, {});
  await answering.eachAcknowledges(answersBefore, 'answers before the SIGTERM');
  const code = await stop(api.proc, 'SIGTERM');
  const result = await answering.stop();
  expect(code).toBe(0);
  // After SIGTERM: refused connections (0) or Fastify's 503 while closing; never a half-done 500.
  expect([...result.refused.keys()].filter((s) => s !== 0 && s !== 503)).toEqual([]);
  await expectExactAfterwards(drill, result.acknowledged, 20);
}

/**
 * Every learner's place as the API shows it (`GET /api/leaderboard` with their own session) against
 * the ranking Postgres holds (user_totals, in the ranking's order), and the learner count: the drill's
 * proof that the Redis ranking healed, idle learners included. Returns the mismatches.
 */
export async function rankMismatches(drill: Drill, learners: Learner[]): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl: drill.pg.url, poolSize: 1, migrate: false });
  try {
    const rows = await handle.db
      .selectFrom('user_totals')
      .select(['user_id'])
      .orderBy('total_xp', 'desc')
      .orderBy('completed_lessons', 'desc')
      .orderBy('average_accuracy', 'desc')
      .orderBy('user_id', 'asc')
      .execute();
    const expected = new Map(rows.map((r, i) => [String(r.user_id), i + 1]));
    const url = drill.apis[0]!.url;
    const problems: string[] = [];
    for (const learner of learners) {
      const res = await fetch(`${url}/api/leaderboard`, { headers: { cookie: learner.cookie } });
      if (res.status !== 200) {
        problems.push(`${learner.id}: GET /api/leaderboard ${res.status} ${await res.text()}`);
        continue;
      }
      const board = (await res.json()) as { total: number; me: { rank: number } | null };
      if (board.total !== rows.length) problems.push(`${learner.id}: total ${board.total} ≠ ${rows.length}`);
      if (board.me?.rank !== expected.get(learner.id)) {
        problems.push(`${learner.id}: rank ${board.me?.rank ?? null} ≠ ${expected.get(learner.id)}`);
      }
    }
    return problems;
  } finally {
    await handle.close();
  }
}
