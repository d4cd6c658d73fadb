/**
 * The environment variables the API and the worker both read, each defined once: `ApiEnvSchema`
 * (apps/api/src/config.ts) and `WorkerEnvSchema` (apps/worker/src/config.ts) take their fields from here
 * and say beside them what each process does with the value.
 */
import { z } from 'zod';

export const SHARED_ENV = {
  /** The prefix of every Redis key (queues, limits, the leaderboard), so deployments can share a Redis. */
  REDIS_PREFIX: z.string().default('wyt'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The bearer token a metrics scraper sends (at least 16 characters). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** How often the daily reminder's sweep runs (ms; 0: never, else at least a second). */
  REMINDER_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || ms >= 1000, { error: '0 (off) or at least 1000' })
    .default(15 * 60 * 1000),
  /** The VAPID subject push services may contact about the reminders: a `mailto:` or https URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'a mailto: address or an https URL' })
    .default('mailto:admin@wenyan.invalid'),
} as const;
