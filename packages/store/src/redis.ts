import { Queue } from 'bullmq';
import DataLoader from 'dataloader';
import { Redis } from 'ioredis';
import type { Broadcast, Channel, LeaderboardChanged, ProjectionQueue, SessionEnded } from './ports.ts';

export const PROJECTION_QUEUE = 'projection';
export const PROJECT_LEARNER_JOB = 'project-learner';

export interface ProjectLearnerJob {
  userId: string;
}

/** Options shared by every BullMQ/ioredis client of the project. */
export function redisConnection(url: string, purpose: 'queue' | 'worker' | 'pubsub') {
  return new Redis(url, {
    // A worker's blocking connection must wait forever; producers fail fast while Redis is away.
    maxRetriesPerRequest: purpose === 'worker' ? null : 1,
    enableOfflineQueue: purpose !== 'queue',
    connectionName: `wenyan-${purpose}`,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/** How a learner's job is added: deduplicated by learner, retried, and gone once it completed. */
const learnerJobOptions = (userId: string) => ({
  deduplication: { id: `learner-${userId}`, keepLastIfActive: true },
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
  attempts: 5,
  backoff: { type: 'exponential', delay: 200 },
});

/**
 * The distributed projection queue. A job per learner, deduplicated by learner: while one is waiting,
 * more answers add nothing; while one is running, at most one more waits (BullMQ's keepLastIfActive),
 * so a burst makes one or two jobs and two workers never run the same learner at once. The learners
 * rung in one event-loop turn are added together, in one round trip to Redis.
 */
export function createRedisQueue(
  url: string,
  prefix: string,
): ProjectionQueue & { ping(): Promise<boolean> } {
  const connection = redisConnection(url, 'queue');
  connection.on('error', () => {});
  const queue = new Queue<ProjectLearnerJob>(PROJECTION_QUEUE, { connection, prefix });
  queue.on('error', () => {});
  // The rings of one event-loop turn go out together (DataLoader's batch), each learner once.
  const doorbell = new DataLoader<string, true>(
    async (userIds) => {
      await queue.addBulk(
        [...new Set(userIds)].map((userId) => ({
          name: PROJECT_LEARNER_JOB,
          data: { userId },
          opts: learnerJobOptions(userId),
        })),
      );
      return userIds.map(() => true as const);
    },
    { cache: false, batchScheduleFn: (send) => setImmediate(send) },
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
