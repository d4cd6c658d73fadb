import { QueryCache, QueryClient } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import { HttpError, httpError } from './http-error.ts';
import { queryKeys } from './queryKeys.ts';
import { clearSession } from './session.ts';

export { HttpError, httpError };

/** Parses a reply with its contract: a schema, or the contracts' worker (client.ts), which answers later. */
export interface Parser<T> {
  parse(data: unknown): T | Promise<T>;
}

/**
 * A new Idempotency-Key: one per action, reused by every retry of that action. A version 7 UUID (time
 * first), so the server's key index takes each new key at its right end instead of on a random, cold
 * page (issue 38: a random key cost a full-page image in the WAL for most answers after a checkpoint).
 */
export function newIdempotencyKey(): string {
  return uuidv7();
}

let writePath: Promise<typeof import('./write-client.ts')> | null = null;

/**
 * Loads the write path (ky) once. `main.tsx` calls it right after the first render, so it is in memory
 * before the learner's first write, even if the connection drops by then (an import that fails offline
 * would otherwise look like a stale build).
 */
export function loadWritePath(): Promise<typeof import('./write-client.ts')> {
  writePath ??= import('./write-client.ts').catch((error: unknown) => {
    writePath = null;
    throw error;
  });
  return writePath;
}

/**
 * A write: JSON body, credentials, and an Idempotency-Key (a fresh one per action unless the caller
 * keeps its own across the action's manual retries), retried by `WRITE_RETRY` (write-client.ts) with that
 * same key. The write client (ky) is loaded with the first write, not with the first screen: reads use
 * plain `fetch`, so the initial route stays within its budget.
 */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: Parser<T>,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<T> {
  const { sendWithRetries } = await loadWritePath();
  return schema.parse(await sendWithRetries(method, path, body, idempotencyKey));
}

/** True for the failure of a call made without a (valid) session. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

const MINUTE = 60_000;

/** The spec's caching: reads tried once offline (the service worker may have them), fresh 5 minutes, no refetch on focus or reconnect, two retries 1 s apart, never after 401. */
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
        // Offline, a read still goes out once: the service worker answers it from the device (the
        // default, 'online', would hold every read the moment the browser says it is offline).
        networkMode: 'offlineFirst',
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
