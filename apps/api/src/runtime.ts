import type { Agent } from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Broadcast,
  type Channel,
  type ContentChanged,
  createLocalBroadcast,
  createLocalChannel,
  createLocalQueue,
  createProjector,
  createRedisBroadcast,
  createRedisContentNotices,
  createRedisQueue,
  createRedisSessionNotices,
  type DatabaseHandle,
  ensureVapidKeys,
  type LeaderboardIndex,
  leaderboardVersionKey,
  openDatabase,
  openReadDatabase,
  type ProjectionQueue,
  type Projector,
  type RedisClient,
  type ReminderSweepResult,
  redisConnection,
  redisLeaderboard,
  type SessionEnded,
  seedContent,
  sendDueReminders,
  sqlLeaderboard,
} from '@wenyan/store';
import type { AppDeps } from './app.ts';
import type { ApiEnv } from './config.ts';
import { newServedKey, useServedKey } from './learner/served.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface Runtime {
  deps: AppDeps;
  database: DatabaseHandle;
  /** The in-process projector of the embedded mode (null when apps/worker projects). */
  projector: Projector | null;
  /**
   * Embedded mode: sends the daily reminders due at `now` (what the timer runs every
   * `REMINDER_INTERVAL_MS`); null in the distributed mode, where apps/worker sends them.
   */
  sendReminders: ((now?: Date) => Promise<ReminderSweepResult>) | null;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Require Postgres and Redis and refuse to fall back to the embedded engines. */
  distributed?: boolean;
  /** Serve the built web client (default: yes when it is built). */
  serveWeb?: boolean;
  /** Called after each embedded projection (metrics, tests). */
  onProjected?: (info: { userId: string; applied: number; lagMs: number | null }) => void;
  /** PGlite's folder (default DATA_DIR/pglite); `memory://` for tests. */
  pgliteDataDir?: string;
  /** PGlite's starting data folder (a `dumpDataDir` tarball): tests load a migrated, seeded template. */
  pgliteTemplate?: Blob;
  /** The HTTPS agent the embedded mode pushes reminders through (tests trust a local push service). */
  pushAgent?: Agent;
}

/**
 * Wires the API's dependencies for its mode. Distributed: Postgres by DATABASE_URL, BullMQ and pub/sub
 * by REDIS_URL, projection in apps/worker. Embedded: PGlite under DATA_DIR (or Postgres when
 * DATABASE_URL is set), an in-process queue and broadcast, projection in this process.
 */
export async function createRuntime(env: ApiEnv, options: RuntimeOptions = {}): Promise<Runtime> {
  const distributed = Boolean(env.REDIS_URL);
  if (options.distributed && !(env.DATABASE_URL && env.REDIS_URL)) {
    throw new Error('distributed mode needs DATABASE_URL and REDIS_URL');
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    // Answers wait for their commit's disk flush while holding a connection: enough connections that
    // a slow flush does not make the reads queue behind it.
    poolSize: env.DATABASE_POOL_SIZE,
    dataDir: env.DATABASE_URL ? undefined : (options.pgliteDataDir ?? path.join(env.DATA_DIR, 'pglite')),
    loadDataDir: env.DATABASE_URL ? undefined : options.pgliteTemplate,
  });
  await seedContent(database.db);
  // The replica for the reads that tolerate its lag (DATABASE_READ_URL), else the database itself.
  const replica = env.DATABASE_READ_URL
    ? openReadDatabase(env.DATABASE_READ_URL, env.DATABASE_POOL_SIZE)
    : null;
  // The daily reminder's VAPID key pair: made at the first start, kept with the data.
  await ensureVapidKeys(database.db);

  let queue: ProjectionQueue;
  let broadcast: Broadcast;
  let sessionNotices: Channel<SessionEnded>;
  let contentNotices: Channel<ContentChanged>;
  let queueHealthy: () => Promise<boolean>;
  let leaderboard: LeaderboardIndex;
  let leaderboardVersion: () => Promise<number>;
  let projector: Projector | null = null;
  let redisClient: RedisClient | undefined;
  let sendReminders: Runtime['sendReminders'] = null;
  let reminderTimer: NodeJS.Timeout | undefined;
  const closers: Array<() => Promise<void> | void> = [];
  if (distributed && env.REDIS_URL) {
    const redisQueue = createRedisQueue(env.REDIS_URL, env.REDIS_PREFIX, env.DOORBELL_MS);
    queue = redisQueue;
    queueHealthy = () => redisQueue.ping();
    broadcast = createRedisBroadcast(env.REDIS_URL, env.REDIS_PREFIX);
    sessionNotices = createRedisSessionNotices(env.REDIS_URL, env.REDIS_PREFIX);
    contentNotices = createRedisContentNotices(env.REDIS_URL, env.REDIS_PREFIX);
    const redis = redisConnection(env.REDIS_URL, 'pubsub');
    redis.on('error', () => {});
    closers.push(() => redis.disconnect());
    leaderboard = redisLeaderboard(redis, env.REDIS_PREFIX);
    redisClient = redis;
    leaderboardVersion = async () => Number((await redis.get(leaderboardVersionKey(env.REDIS_PREFIX))) ?? 0);
    if (env.SERVED_TOKEN_SECRET === undefined) {
      // Every process of every replica signs served tokens with the first key set.
      const servedKey = `${env.REDIS_PREFIX}:served-key`;
      await redis.set(servedKey, newServedKey(), 'NX');
      useServedKey((await redis.get(servedKey)) ?? newServedKey());
    }
  } else {
    // Embedded: the projector runs in this process, behind an in-process queue.
    broadcast = createLocalBroadcast();
    sessionNotices = createLocalChannel<SessionEnded>();
    contentNotices = createLocalChannel<ContentChanged>();
    leaderboard = sqlLeaderboard(database.db);
    // Versions start from the clock, so a restarted server never sends a version a client saw before.
    let version = Date.now();
    leaderboardVersion = async () => version;
    const embedded = createProjector({
      db: database.db,
      broadcast,
      leaderboard,
      nextVersion: async () => ++version,
      onProjected: options.onProjected,
    });
    projector = embedded;
    queue = createLocalQueue(
      async (userIds) => {
        await embedded.projectLearners(userIds);
      },
      (err) => console.error('projection failed', err),
    );
    queueHealthy = async () => true;
    // Events appended before a crash, not yet projected.
    for (const userId of await embedded.findBehind(100_000)) await queue.enqueue(userId);
    // The daily reminder: the worker's job scheduler in the distributed mode, a timer here.
    sendReminders = (now = new Date()) =>
      sendDueReminders(database.db, { now, subject: env.VAPID_SUBJECT, agent: options.pushAgent });
    if (env.REMINDER_INTERVAL_MS > 0) {
      reminderTimer = setInterval(() => {
        sendReminders?.().catch((err) => console.error('reminder sweep failed', err));
      }, env.REMINDER_INTERVAL_MS);
      reminderTimer.unref();
    }
  }

  if (env.SERVED_TOKEN_SECRET !== undefined) useServedKey(env.SERVED_TOKEN_SECRET);
  const deps: AppDeps = {
    env,
    db: database.db,
    readDb: replica?.db ?? database.db,
    dbKind: database.kind,
    mode: distributed ? 'distributed' : 'embedded',
    queue,
    broadcast,
    sessionNotices,
    contentNotices,
    queueHealthy,
    leaderboard,
    leaderboardVersion,
    redis: redisClient,
    webDist: options.serveWeb === false ? undefined : (env.WEB_DIST ?? DEFAULT_WEB_DIST),
  };
  return {
    deps,
    database,
    projector,
    sendReminders,
    async close() {
      if (reminderTimer) clearInterval(reminderTimer);
      await queue.close();
      await broadcast.close();
      await sessionNotices.close();
      await contentNotices.close();
      for (const close of closers) await close();
      await replica?.close();
      await database.close();
    },
  };
}
