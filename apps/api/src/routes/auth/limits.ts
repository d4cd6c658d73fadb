import { usernameKey } from '@wenyan/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';
import { type DeviceKeys, ownerKey } from './devices.ts';

/** One count of attempts: at most `max` a minute per key; a request without a key is not counted. */
export interface AttemptLimit {
  name: string;
  max: number;
  key(request: FastifyRequest): string | null;
}

const WINDOW_MS = 60_000;

/** The 429 a limited caller gets: Retry-After in seconds, and when to try again in Traditional Chinese. */
export function tooManyAttempts(reply: FastifyReply, seconds: number): ApiError {
  const wait = Math.max(1, seconds);
  reply.header('retry-after', String(wait));
  return new ApiError(429, 'RATE_LIMITED', `嘗試次數太多，請於 ${wait} 秒後再試。`, { retryAfter: wait });
}

/**
 * A preHandler counting each attempt under every limit at once (per address, per account...) and
 * refusing it with 429 when any limit is past its maximum. The counts live in the rate-limit plugin's
 * store: Redis in the distributed mode, so every API process and instance shares them.
 */
export function attemptLimiter(app: FastifyInstance, limits: readonly AttemptLimit[]) {
  const counters = limits.map((limit) => ({ limit, count: counterOf(app, limit) }));
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let wait = 0;
    for (const { limit, count } of counters) {
      const key = limit.key(request);
      if (key === null) continue;
      const result = await count(request, key);
      if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttlInSeconds);
    }
    if (wait > 0) throw tooManyAttempts(reply, wait);
  };
}

type RateLimitResult = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;
type Counter = (request: FastifyRequest, key: string) => Promise<RateLimitResult>;
/**
 * One counter per limit name and app: routes naming the same limit share one count (and one store,
 * which in the embedded mode is the counter's own memory). Each route keys its requests its own way,
 * so the key is handed over per call.
 */
const countersOfApp = new WeakMap<object, Map<string, Counter>>();

function counterOf(app: FastifyInstance, limit: AttemptLimit): Counter {
  const counters = countersOfApp.get(app.deps) ?? new Map<string, Counter>();
  countersOfApp.set(app.deps, counters);
  const existing = counters.get(limit.name);
  if (existing) return existing;
  const keys = new WeakMap<FastifyRequest, string>();
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${limit.name}:${keys.get(request) ?? ''}`,
  });
  const counter: Counter = (request, key) => {
    keys.set(request, key);
    return count(request);
  };
  counters.set(limit.name, counter);
  return counter;
}

/**
 * The limits of every check of an account's password (sign-in, password change, account deletion),
 * sharing one count per budget across those routes. The owner (a recognised device of the account, or
 * the account's own session) has a budget of its own per device or session; anyone else shares the
 * account-wide budget (and, for sign-in, the per-address one), so strangers' guesses lock out only
 * strangers. `usernameOf` names the account the check is for.
 */
export function passwordCheckLimiter(
  app: FastifyInstance,
  devices: DeviceKeys,
  usernameOf: (request: FastifyRequest) => string | null,
  options: { perAddress: boolean },
) {
  const { env } = app.deps;
  const owner = (request: FastifyRequest): string | null => {
    const username = usernameOf(request);
    return username === null ? null : ownerKey(devices, request, username);
  };
  const stranger = (request: FastifyRequest): string | null => {
    const username = usernameOf(request);
    if (username === null || owner(request) !== null) return null;
    return usernameKey(username.trim());
  };
  return attemptLimiter(app, [
    { name: 'password-owner', max: env.LOGIN_RATE_LIMIT, key: owner },
    { name: 'login-account', max: env.LOGIN_RATE_LIMIT, key: stranger },
    ...(options.perAddress
      ? [
          {
            name: 'login-address',
            max: env.LOGIN_ADDRESS_RATE_LIMIT,
            key: (request: FastifyRequest) => (owner(request) === null ? addressOf(request) : null),
          },
        ]
      : []),
  ]);
}

/** The account an attempt names, folded like the unique key, so `Amy` and `amy` share one count. */
export const accountOf =
  (field = 'username') =>
  (request: FastifyRequest): string | null => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? usernameKey(value.trim()) : null;
  };

/** The caller's address (the connection's, or a configured proxy's X-Forwarded-For). */
export const addressOf = (request: FastifyRequest): string => request.ip;

/** The username a request's body names in `field` (a sign-in's account), or null. */
export const usernameIn =
  (field: string) =>
  (request: FastifyRequest): string | null => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value : null;
  };

/** The signed-in user's username (a password change or deletion checks their own password). */
export const signedInUsername = (request: FastifyRequest): string | null => request.user?.username ?? null;
