import { QueryCache, QueryClient } from '@tanstack/react-query';
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

async function failure(res: Response): Promise<HttpError> {
  const text = await res.text().catch(() => '');
  let code: string | null = null;
  let message = text || res.statusText;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    code = body.error?.code ?? null;
    message = body.error?.message ?? message;
  } catch {
    // not JSON: keep the text
  }
  return new HttpError(res.status, `${res.status}: ${message}`, code);
}

/** GET a JSON resource with credentials and parse it with its contract. */
export async function getJson<T>(path: string, schema: Parser<T>): Promise<T> {
  const res = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) throw await failure(res);
  return schema.parse(await res.json());
}

/** A write: JSON body, credentials, and a fresh Idempotency-Key per action (retries reuse it). */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: Parser<T>,
  idempotencyKey: string = crypto.randomUUID(),
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': idempotencyKey,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await failure(res);
  return schema.parse(await res.json());
}

/**
 * A path with a query string; undefined and null values are left out, lists are comma-joined.
 *
 * @example withQuery('/api/vocabulary/questions', { lessonIds: [1, 2], limit: 10 }) // '...?lessonIds=1%2C2&limit=10'
 */
export function withQuery(
  path: string,
  query: Readonly<Record<string, string | number | ReadonlyArray<string | number> | null | undefined>>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The query key of the signed-in user (queries.ts builds its query on it). */
export const CURRENT_USER_KEY = ['auth', 'user'] as const;

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
        client.setQueryData(CURRENT_USER_KEY, null);
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
