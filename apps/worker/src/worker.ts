import type { Agent } from 'node:https';
import {
  createProjector,
  createRedisBroadcast,
  createRedisQueue,
  type DatabaseHandle,
  ensureVapidKeys,
  healRedisLeaderboard,
  leaderboardVersionKey,
  learnersOfJob,
  openDatabase,
  PROJECTION_QUEUE,
  type ProjectionJobData,
  REMINDER_QUEUE,
  REMINDER_SCHEDULER_ID,
  type ReminderJobData,
  redisConnection,
  redisLeaderboard,
  reminderJobMoment,
  SEND_REMINDERS_JOB,
  sendDueReminders,
} from '@wenyan/store';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { type DestinationStream, pino } from 'pino';
import { BATCHES_IN_FLIGHT, projectionBatches } from './batches.ts';
import type { WorkerEnv } from './config.ts';
import { workerMetrics } from './health.ts';

export interface RunningWorker {
  database: DatabaseHandle;
  /** Projects every learner whose checkpoint is behind their stream; returns how many. */
  catchUp(): Promise<number>;
  close(): Promise<void>;
}

export type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  fields?: Record<string, unknown>,
) => void;

/**
 * The worker's log: pino, the API's logger (Fastify's), so both write one JSON line per entry in the
 * same format (numeric `level`, `time`, `pid`, `hostname`, `msg`, the fields; `name` says which).
 */
export function workerLog(level: WorkerEnv['LOG_LEVEL'], destination?: DestinationStream): Log {
  const logger = pino({ level, name: 'worker' }, destination);
  return (entryLevel, message, fields = {}) => logger[entryLevel](fields, message);
}

export interface WorkerOptions {
  /** The HTTPS agent the reminders are pushed through (tests trust their local push service with one). */
  pushAgent?: Agent;
}

/**
 * The projection worker: one BullMQ processor ("project learner X"), a catch-up sweep on start and on
 * an interval (events appended while Redis was away, or jobs lost), and a clean close on SIGTERM. It
 * also sends the daily reminders: a BullMQ job scheduler adds a sweep every `REMINDER_INTERVAL_MS`, and
 * one worker runs each (the once-a-day bound is kept in the database, so any number of workers may).
 */
export async function startWorker(
  env: WorkerEnv,
  log: Log = workerLog(env.LOG_LEVEL),
  options: WorkerOptions = {},
): Promise<RunningWorker> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    // The batches in flight, the catch-up sweep and the leaderboard repair.
    poolSize: BATCHES_IN_FLIGHT + 2,
  });
  const broadcast = createRedisBroadcast(env.REDIS_URL, env.REDIS_PREFIX);
  const queue = createRedisQueue(env.REDIS_URL, env.REDIS_PREFIX);
  const connection = redisConnection(env.REDIS_URL, 'worker');
  connection.on('error', () => {});
  const indexConnection = redisConnection(env.REDIS_URL, 'pubsub');
  indexConnection.on('error', () => {});
  const projector = createProjector({
    db: database.db,
    broadcast,
    leaderboard: redisLeaderboard(indexConnection, env.REDIS_PREFIX),
    nextVersion: () => indexConnection.incr(leaderboardVersionKey(env.REDIS_PREFIX)),
  });
  const batches = projectionBatches(
    projector.projectLearners,
    env.PROJECTION_BATCH,
    env.PROJECTION_GATHER_MS,
  );
  const worker = new Worker<ProjectionJobData>(
    PROJECTION_QUEUE,
    async (job) => {
      const userIds = learnersOfJob(job.name, job.data);
      if (!userIds) throw new UnrecoverableError(`malformed job ${job.name}`);
      // Each learner joins the batches of the jobs running at once; the job fails (and is retried,
      // every learner again, harmlessly) when any of them could not be projected.
      const settled = await Promise.allSettled(userIds.map((userId) => batches.load(userId)));
      let applied = 0;
      for (const outcome of settled) {
        if (outcome.status === 'rejected') throw outcome.reason;
        applied += outcome.value.applied;
      }
      workerMetrics.learnersProjected.inc(userIds.length);
      workerMetrics.eventsApplied.inc(applied);
      if (applied > 0 && env.LOG_LEVEL === 'debug') log('info', 'projected', { userIds, applied });
      return { learners: userIds.length, applied };
    },
    { connection, prefix: env.REDIS_PREFIX, concurrency: env.WORKER_CONCURRENCY, autorun: true },
  );
  worker.on('error', (err) => log('warn', 'worker connection problem', { err: String(err) }));
  worker.on('failed', (job, err) =>
    log('warn', 'projection failed', { job: job?.name, data: job?.data, err: String(err) }),
  );

  /**
   * Redis keeps nothing on disk: after a restart the sorted set and the version counter are gone, or an
   * older copy came back. Restart the counter above any version a client has seen (versions start from
   * the clock, so they only grow), and rebuild the ranking from Postgres when the sorted set was not
   * built for the running Redis server, whatever learners were projected since the restart.
   */
  async function repairLeaderboard(): Promise<void> {
    await indexConnection.set(leaderboardVersionKey(env.REDIS_PREFIX), String(Date.now()), 'NX');
    const rebuilt = await healRedisLeaderboard(database.db, indexConnection, env.REDIS_PREFIX);
    if (rebuilt !== null) log('info', 'leaderboard index rebuilt', { learners: rebuilt });
  }

  let sweeping: Promise<number> | null = null;
  async function catchUp(): Promise<number> {
    sweeping ??= (async () => {
      await repairLeaderboard();
      let total = 0;
      for (;;) {
        const behind = await projector.findBehind(500);
        for (let i = 0; i < behind.length; i += env.PROJECTION_BATCH) {
          await projector.projectLearners(behind.slice(i, i + env.PROJECTION_BATCH));
        }
        total += behind.length;
        if (behind.length < 500) return total;
      }
    })().finally(() => {
      sweeping = null;
    });
    return sweeping;
  }

  // The daily reminder. The VAPID keys are made here if no process made them yet (first start).
  await ensureVapidKeys(database.db);
  const reminderConnection = redisConnection(env.REDIS_URL, 'worker');
  reminderConnection.on('error', () => {});
  const schedulerConnection = redisConnection(env.REDIS_URL, 'pubsub');
  schedulerConnection.on('error', () => {});
  const reminderQueue = new Queue<ReminderJobData>(REMINDER_QUEUE, {
    connection: schedulerConnection,
    prefix: env.REDIS_PREFIX,
  });
  reminderQueue.on('error', () => {});
  const reminderWorker = new Worker<ReminderJobData>(
    REMINDER_QUEUE,
    async (job) => {
      const now = reminderJobMoment(job.name, job.data, new Date());
      if (!now) throw new UnrecoverableError(`malformed job ${job.name}`);
      const result = await sendDueReminders(database.db, {
        now,
        subject: env.VAPID_SUBJECT,
        agent: options.pushAgent,
      });
      workerMetrics.remindersDelivered.inc(result.delivered);
      workerMetrics.pushEndpointsGone.inc(result.gone);
      if (result.considered > 0) log('info', 'reminders swept', { at: now.toISOString(), ...result });
      return result;
    },
    { connection: reminderConnection, prefix: env.REDIS_PREFIX, concurrency: 1, autorun: true },
  );
  reminderWorker.on('error', (err) =>
    log('warn', 'reminder worker connection problem', { err: String(err) }),
  );
  reminderWorker.on('failed', (job, err) =>
    log('warn', 'reminder sweep failed', { job: job?.id, err: String(err) }),
  );
  // Every worker upserts the same scheduler: one schedule per deployment, whatever the number of workers.
  let scheduled = env.REMINDER_INTERVAL_MS === 0;
  async function ensureReminderSchedule(): Promise<void> {
    if (scheduled) return;
    await reminderQueue.upsertJobScheduler(
      REMINDER_SCHEDULER_ID,
      { every: env.REMINDER_INTERVAL_MS },
      { name: SEND_REMINDERS_JOB, data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
    scheduled = true;
  }
  await ensureReminderSchedule().catch((err) =>
    log('warn', 'reminder schedule not set yet (retried with the catch-up sweep)', { err: String(err) }),
  );

  const first = await catchUp().catch((err) => {
    log('error', 'catch-up failed', { err: String(err) });
    return 0;
  });
  if (first > 0) log('info', 'caught up', { learners: first });
  const timer = setInterval(() => {
    catchUp().catch((err) => log('warn', 'catch-up failed', { err: String(err) }));
    ensureReminderSchedule().catch(() => {});
  }, env.CATCH_UP_INTERVAL_MS);
  timer.unref();

  return {
    database,
    catchUp,
    async close() {
      clearInterval(timer);
      await worker.close();
      await reminderWorker.close();
      await reminderQueue.close();
      await sweeping?.catch(() => {});
      await queue.close();
      await broadcast.close();
      connection.disconnect();
      indexConnection.disconnect();
      reminderConnection.disconnect();
      schedulerConnection.disconnect();
      await database.close();
    },
  };
}
