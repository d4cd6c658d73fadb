import { QueryClient } from '@tanstack/react-query';

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

const MINUTE = 60_000;

/** The spec's caching: fresh 5 minutes, no refetch on focus or reconnect, two retries 1 s apart, never after 401. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
