import { SHARED_ENV } from '@wenyan/contracts';
import { z } from 'zod';

/** Every environment variable the worker reads, validated when it starts. */
export const WorkerEnvSchema = z.object({
  DATABASE_URL: z.string().url(),
  REDIS_URL: z.string().url(),
  REDIS_PREFIX: SHARED_ENV.REDIS_PREFIX,
  /** Projection jobs running at once (BullMQ concurrency); they are written in batches. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(64),
  /** Most learners one projection transaction writes. */
  PROJECTION_BATCH: z.coerce.number().int().min(1).max(500).default(64),
  /** How long a batch waits for more jobs (ms): fewer writes per learner at a moderate load, that much more lag. */
  PROJECTION_GATHER_MS: z.coerce.number().int().min(0).max(1000).default(20),
  CATCH_UP_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * How often the daily reminder's sweep runs (ms): a reminder goes within this of its hour. 0: this
   * worker schedules none (it still runs the sweeps another worker schedules).
   */
  REMINDER_INTERVAL_MS: SHARED_ENV.REMINDER_INTERVAL_MS,
  VAPID_SUBJECT: SHARED_ENV.VAPID_SUBJECT,
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The interface the health server listens on (unset: loopback, `127.0.0.1`; `0.0.0.0` for all). */
  WORKER_HEALTH_HOST: z.string().min(1).optional(),
  /**
   * `GET /metrics` needs `Authorization: Bearer <token>` when set (at least 16 characters). Unset, the
   * metrics answer only a caller on the loopback interface that came through no proxy.
   */
  METRICS_TOKEN: SHARED_ENV.METRICS_TOKEN,
  LOG_LEVEL: SHARED_ENV.LOG_LEVEL,
});
export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;

export function readWorkerEnv(env: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const parsed = WorkerEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(
      `invalid environment (the worker runs in the distributed mode only):\n${lines.join('\n')}`,
    );
  }
  return parsed.data;
}
