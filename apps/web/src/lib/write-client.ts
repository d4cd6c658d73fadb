/**
 * The write path of the client (ky): every write's retries with its one Idempotency-Key. Loaded by
 * `sendJson` (api.ts) with the first write, so ky stays out of the initial route's JavaScript.
 */
import ky, { HTTPError, type RetryOptions } from 'ky';
import { httpError } from './http-error.ts';

/**
 * How a write retries a failure that may pass by itself: no response at all (the connection dropped,
 * the API restarting), or 502, 503 or 504 (a database restarting, a learner's stream busy, a proxy
 * without an upstream). A 503's `Retry-After` sets the wait (the API says 1 s); otherwise 0.3, 0.6, 1.2,
 * 2.4 s with jitter, so thousands of clients do not come back in step. Every try carries the same
 * Idempotency-Key, so the server applies the write once, however many tries reach it: a student's answer
 * through a brief outage is neither lost nor counted twice. Other failures (4xx, 500) come back at once.
 */
export const WRITE_RETRY = {
  limit: 4,
  methods: ['post', 'patch', 'put', 'delete'],
  statusCodes: [502, 503, 504],
  afterStatusCodes: [503],
  maxRetryAfter: 10_000,
  backoffLimit: 4_000,
  jitter: true,
} as const satisfies RetryOptions;

/**
 * The HTTP client of every write (ky): credentials included, `WRITE_RETRY`, and no timeout of its own
 * (the server bounds its own work; a slow answer under load is waited for, not abandoned). The fault
 * drills drive the API through it, with a cookie of their own, to prove the policy against real outages.
 */
export const writeClient = ky.create({ credentials: 'include', retry: WRITE_RETRY, timeout: false });

/** Sends a write with its key through `writeClient`; resolves with the JSON body, or throws `HttpError`. */
export async function sendWithRetries(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  idempotencyKey: string,
): Promise<unknown> {
  try {
    return await writeClient(path, {
      method,
      headers: { accept: 'application/json', 'idempotency-key': idempotencyKey },
      ...(body === undefined ? {} : { json: body }),
    }).json();
  } catch (error) {
    if (error instanceof HTTPError) {
      throw httpError(error.response.status, error.response.statusText, error.data);
    }
    throw error;
  }
}
