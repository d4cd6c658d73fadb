import { QueryCache, QueryClient } from '@tanstack/react-query';
import ky, { HTTPError, type RetryOptions } from 'ky';
import { queryKeys } from './queryKeys.ts';
import { clearSession } from './session.ts';

/** A failed call: the status, and the server's `{ error: { code, message } }` when it sent one. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | null;
  constructor(status: number, message: string, code: string | null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Parses a response with a contract schema (anything with `parse`). */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** The failure of a call from its status and body (the server's error shape, other JSON, or text). */
function httpError(status: number, statusText: string, data: unknown): HttpError {
  const shaped = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof shaped?.code === 'string' ? shaped.code : null;
  const message =
    typeof shaped?.message === 'string'
      ? shaped.message
      : typeof data === 'string' && data !== ''
        ? data
        : data === undefined || data === null
          ? statusText
          : JSON.stringify(data);
  return new HttpError(status, `${status}: ${message}`, code);
}

async function failure(res: Response): Promise<HttpError> {
  const text = await res.text().catch(() => '');
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return httpError(res.status, res.statusText, data);
}

/** GET a JSON resource with credentials and parse it with its contract (the transport of `client.ts`'s `call`). */
export async function getJson<T>(path: string, schema: Parser<T>): Promise<T> {
  const res = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) throw await failure(res);
  return schema.parse(await res.json());
}

/** A new Idempotency-Key: one per action, reused by every retry of that action. */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `key-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

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

/**
 * A write: JSON body, credentials, and an Idempotency-Key (a fresh one per action unless the caller
 * keeps its own across the action's manual retries), retried by `WRITE_RETRY` with that same key.
 */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: Parser<T>,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<T> {
  try {
    const data = await writeClient(path, {
      method,
      headers: { accept: 'application/json', 'idempotency-key': idempotencyKey },
      ...(body === undefined ? {} : { json: body }),
    }).json();
    return schema.parse(data);
  } catch (error) {
    if (error instanceof HTTPError) {
      throw httpError(error.response.status, error.response.statusText, error.data);
    }
    throw error;
  }
}

/** True for the failure of a call made without a (valid) session. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

const MINUTE = 60_000;

/** The spec's caching: fresh 5 minutes, no refetch on focus or reconnect, two retries 1 s apart, never after 401. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A 401 on any query means the session is gone: the query yields no data, the local session
    // record is cleared and the shell falls back to the login page.
    queryCache: new QueryCache({
      onError: (error) => {
        if (!isUnauthorized(error)) return;
        clearSession();
        client.setQueryData(queryKeys.currentUser, null);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 30 * MINUTE,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: (failureCount, error) =>
          !(
            error instanceof HttpError &&
            (error.status === 401 || error.status === 403 || error.status === 404)
          ) && failureCount < 2,
        retryDelay: 1000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
