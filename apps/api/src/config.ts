import { availableParallelism } from 'node:os';
import { SHARED_ENV } from '@wenyan/contracts';
import { z } from 'zod';

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** The push services of Chrome (and other Chromium browsers), Firefox, Safari and Edge. */
export const DEFAULT_PUSH_ENDPOINT_HOSTS =
  'fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com';

/** Every environment variable the API reads, validated when the process starts. */
export const ApiEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A read replica of DATABASE_URL (optional): the reads that tolerate its lag (the leaderboard, the
   * lessons and past papers, the admin's figures) go there; every command and every read of a learner's
   * own figures stay on DATABASE_URL. Unset: everything reads DATABASE_URL. docs/capacity.md.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: SHARED_ENV.REDIS_PREFIX,
  DATA_DIR: z.string().default('.data'),
  /**
   * The proxies whose X-Forwarded-For / -Proto / -Host the API believes: addresses or CIDR ranges,
   * comma-separated (e.g. nginx's network in docker-compose.yml). Default none: the client's address is
   * the connection's, so a caller cannot pick the address its sign-in attempts are counted under.
   */
  TRUST_PROXY: list,
  PUBLIC_ORIGIN: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: SHARED_ENV.LOG_LEVEL,
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Development and tests only: allow a provider on plain http. */
  OIDC_ALLOW_INSECURE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /**
   * The key questions' served tokens are signed with (issue 37: XP only for questions the server served,
   * at a human pace). Unset: one shared through Redis in the distributed mode, else random per process.
   */
  SERVED_TOKEN_SECRET: z.string().min(32).optional(),
  /**
   * `enforce` (the default): an answer pays XP only for a question served to the learner, at a human
   * pace (docs/spec-decisions.md). `off`: development and tests only (answers posted without fetching
   * their questions, clicks faster than a reader); never in production.
   */
  XP_PACE: z.enum(['enforce', 'off']).default('enforce'),
  /** Sign-in attempts per minute for one account (its folded username), from any address. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * Sign-in attempts per minute from one address, whatever the account. A class signs in from one
   * school address: 100 lets 40 students in with typos to spare, and caps a guesser at 100 a minute.
   */
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  /**
   * `GET /api/metrics` needs `Authorization: Bearer <token>` when set. Unset, the metrics answer only a
   * caller on the loopback interface (the load runner, a scraper beside the API), never one through a
   * proxy (a request carrying X-Forwarded-For) or from another host.
   */
  METRICS_TOKEN: SHARED_ENV.METRICS_TOKEN,
  /** How long a resolved session is reused without asking the database; 0 turns the cache off. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * How long the projection doorbell gathers learners into one job (distributed mode); 0: one event-loop
   * turn. 20 ms rather than 5 took a tenth off the machine's CPU per answer at the evening's 370/s
   * (fewer BullMQ jobs for the worker and Redis) for about 10 ms more projection lag; 50 rather than 20
   * took another 8 % off (the worker's CPU per answer 15 % less, its Postgres 6–9 %) for about 30 ms
   * more, beside the leaderboard push's one-second coalescing (docs/performance.md, 29 November).
   */
  DOORBELL_MS: z.coerce.number().int().min(0).max(1000).default(50),
  /**
   * Megabytes of learners' stream state this process keeps after its own appends (and, in a cluster,
   * its siblings'), to decide their next command without reading the stream (the append's version
   * check catches any other writer); 0 turns it off. A head holds the bounded core and at most
   * WHOLE_STATE_PARTS parts, about 10–200 KB, so 256 MB keeps several thousand learners.
   */
  LEARNER_HEAD_CACHE_MB: z.coerce.number().min(0).default(256),
  /**
   * How long a cluster's server process gathers the learner heads it appends and the sessions it looks
   * up into one message to the others; 0: one event-loop turn. 50 ms rather than one turn took 5–11 %
   * off the API's CPU per answer at 100–150 answers/s (docs/performance.md, 29 November), and a
   * learner's next answer comes seconds later.
   */
  CLUSTER_NEWS_MS: z.coerce.number().int().min(0).max(1000).default(50),
  /** Postgres connections per API process (distributed mode; PGlite has one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * Server processes sharing the port (distributed mode; a primary starts and watches them). Unset: one
   * per core of this machine, so a plain `npm run start:api` uses the whole machine.
   */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Connections the kernel may hold for the server before it accepts them (the kernel caps it at
   * net.core.somaxconn). Node's default of 511 overflowed when thousands of learners connected at once
   * with the CPU busy: each dropped connection's SYN is retried after 1, 3, 7, 15, 31 s.
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
  /**
   * The push services a learner's device may subscribe through (host names, `*.` for subdomains, an
   * optional `:port`): the reminder's sender posts to the endpoint, so no other host is accepted.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_ENDPOINT_HOSTS)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Embedded mode: how often the daily reminder's sweep runs (ms; 0: never; the worker's own when distributed). */
  REMINDER_INTERVAL_MS: SHARED_ENV.REMINDER_INTERVAL_MS,
  VAPID_SUBJECT: SHARED_ENV.VAPID_SUBJECT,
});
export type ApiEnv = z.infer<typeof ApiEnvSchema>;

/** The distributed mode's server processes: API_PROCESSES, else one per core of this machine. */
export function apiProcesses(env: Pick<ApiEnv, 'API_PROCESSES'>, cores = availableParallelism()): number {
  return env.API_PROCESSES ?? cores;
}

export function readApiEnv(env: NodeJS.ProcessEnv = process.env): ApiEnv {
  const parsed = ApiEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid environment:\n${lines.join('\n')}`);
  }
  if (parsed.data.DATABASE_READ_URL && !parsed.data.DATABASE_URL) {
    // The embedded engine has no replica: a read URL without a server would read another database.
    throw new Error('invalid environment:\n  DATABASE_READ_URL: a replica of DATABASE_URL, which is not set');
  }
  return parsed.data;
}
