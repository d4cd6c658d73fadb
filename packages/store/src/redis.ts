import { Queue } from 'bullmq';
import DataLoader from 'dataloader';
import { Redis } from 'ioredis';
import type {
  Broadcast,
  Channel,
  ContentChanged,
  LeaderboardChanged,
  ProjectionQueue,
  SessionEnded,
} from './ports.ts';

export const PROJECTION_QUEUE = 'projection';
/** A job naming the learners with news: the doorbell of one short window of one API process. */
export const PROJECT_LEARNERS_JOB = 'project-learners';
/** The one-learner job of earlier releases, still accepted so that a queue holding some drains after an upgrade. */
export const PROJECT_LEARNER_JOB = 'project-learner';
/** The most learners one job names (the projector's batch size). */
export const LEARNERS_PER_JOB = 64;

export type ProjectionJobData = { userIds: string[] } | { userId: string };

/** The learners a projection job names, or null when the job is not one (malformed or unknown). */
export function learnersOfJob(name: string, data: unknown): string[] | null {
  const isId = (id: unknown): id is string => typeof id === 'string' && /^\d+$/.test(id);
  const d = (data ?? {}) as Record<string, unknown>;
  if (name === PROJECT_LEARNER_JOB) return isId(d.userId) ? [d.userId] : null;
  if (name !== PROJECT_LEARNERS_JOB || !Array.isArray(d.userIds)) return null;
  const ids = d.userIds;
  return ids.length > 0 && ids.length <= LEARNERS_PER_JOB && ids.every(isId) ? ids : null;
}

/** Options shared by every BullMQ/ioredis client of the project. */
/** An ioredis connection (for the API's attempt counts, which the rate-limit plugin keeps in Redis). */
export type RedisClient = Redis;

export function redisConnection(url: string, purpose: 'queue' | 'worker' | 'pubsub'): Redis {
  return new Redis(url, {
    // A worker's blocking connection must wait forever; producers fail fast while Redis is away.
    maxRetriesPerRequest: purpose === 'worker' ? null : 1,
    enableOfflineQueue: purpose !== 'queue',
    connectionName: `wenyan-${purpose}`,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/** How a job is added: retried (with its learners: projecting one again changes nothing), gone once done. */
const JOB_OPTIONS = {
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
  attempts: 5,
  backoff: { type: 'exponential', delay: 200 },
} as const;

/**
 * The distributed projection queue. The learners rung within `windowMs` (0: within one event-loop
 * turn) go out as one job naming each of them once, in one round trip to Redis. So a burst of answers
 * costs Redis and the worker one job per window, not one per answer (BullMQ's bookkeeping of a job is
 * several Redis calls). Two jobs may name the same learner; the projector's per-learner locks and
 * checkpoints make the second run a no-op.
 */
export function createRedisQueue(
  url: string,
  prefix: string,
  windowMs = 0,
): ProjectionQueue & { ping(): Promise<boolean> } {
  const connection = redisConnection(url, 'queue');
  connection.on('error', () => {});
  const queue = new Queue<ProjectionJobData>(PROJECTION_QUEUE, { connection, prefix });
  queue.on('error', () => {});
  const doorbell = new DataLoader<string, true>(
    async (rung) => {
      await queue.add(PROJECT_LEARNERS_JOB, { userIds: [...new Set(rung)] }, JOB_OPTIONS);
      return rung.map(() => true as const);
    },
    {
      cache: false,
      maxBatchSize: LEARNERS_PER_JOB,
      batchScheduleFn: (send) => (windowMs > 0 ? setTimeout(send, windowMs) : setImmediate(send)),
    },
  );
  const unsettled = new Set<Promise<unknown>>();
  return {
    async enqueue(userId) {
      const rung = doorbell.load(userId);
      unsettled.add(rung);
      try {
        await rung;
      } finally {
        unsettled.delete(rung);
      }
    },
    async depth() {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).reduce((a, b) => a + b, 0);
    },
    async ping() {
      return (await connection.ping()) === 'PONG';
    },
    async close() {
      await Promise.allSettled(unsettled);
      await queue.close();
      connection.disconnect();
    },
  };
}

/** A channel over Redis pub/sub (its own publishing and subscribing connections), JSON messages. */
export function createRedisChannel<T>(url: string, channel: string): Channel<T> {
  const publisher = redisConnection(url, 'pubsub');
  const subscriber = redisConnection(url, 'pubsub');
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  const handlers = new Set<(message: T) => void>();
  let subscribed: Promise<unknown> | null = null;
  subscriber.on('message', (ch, raw) => {
    if (ch !== channel) return;
    let message: T;
    try {
      message = JSON.parse(raw) as T;
    } catch {
      return;
    }
    for (const handler of handlers) handler(message);
  });
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(handler) {
      handlers.add(handler);
      subscribed ??= subscriber.subscribe(channel);
      await subscribed;
      return async () => {
        handlers.delete(handler);
      };
    },
    async close() {
      handlers.clear();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** Leaderboard changes over Redis pub/sub, so every API instance hears every worker. */
export const createRedisBroadcast = (url: string, prefix: string): Broadcast =>
  createRedisChannel<LeaderboardChanged>(url, `${prefix}:leaderboard`);

/** Ended sessions over Redis pub/sub, so every API process forgets what another one signed out. */
export const createRedisSessionNotices = (url: string, prefix: string): Channel<SessionEnded> =>
  createRedisChannel<SessionEnded>(url, `${prefix}:sessions`);

/** Content changes over Redis pub/sub, so every API process forgets its cached content reads. */
export const createRedisContentNotices = (url: string, prefix: string): Channel<ContentChanged> =>
  createRedisChannel<ContentChanged>(url, `${prefix}:content`);

/** The deployment-wide leaderboard version counter. */
export const leaderboardVersionKey = (prefix: string) => `${prefix}:leaderboard:version`;

/** Deletes every key under a prefix (SCAN + UNLINK), never a FLUSH of a shared Redis; returns how many. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** The daily reminder's queue: one job scheduler (a repeatable job) adds a sweep every interval. */
export const REMINDER_QUEUE = 'reminders';
/** A sweep: send the reminders due at the job's moment. */
export const SEND_REMINDERS_JOB = 'send-reminders';
/** The job scheduler's id: every worker upserts the same one, so there is one schedule per deployment. */
export const REMINDER_SCHEDULER_ID = 'daily-reminders';

/** A sweep job's data: `at`, the moment to sweep as of (a manual run or a test); the scheduler's carry none. */
export type ReminderJobData = { at?: string };

/** The moment a reminder job sweeps as of (its `at`, else `now`), or null when the job is malformed. */
export function reminderJobMoment(name: string, data: unknown, now: Date): Date | null {
  if (name !== SEND_REMINDERS_JOB) return null;
  const at = ((data ?? {}) as Record<string, unknown>).at;
  if (at === undefined) return now;
  if (typeof at !== 'string' || !Number.isFinite(Date.parse(at))) return null;
  return new Date(at);
}
