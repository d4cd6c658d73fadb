import { usernameKey } from '@wenyan/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../plugins/errors.ts';

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
  const counters = limits.map((limit) => ({
    limit,
    count: app.createRateLimit({
      max: limit.max,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => `${limit.name}:${limit.key(request) ?? ''}`,
    }),
  }));
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let wait = 0;
    for (const { limit, count } of counters) {
      if (limit.key(request) === null) continue;
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttlInSeconds);
    }
    if (wait > 0) throw tooManyAttempts(reply, wait);
  };
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
