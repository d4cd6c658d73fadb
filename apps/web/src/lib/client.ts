/**
 * The one typed client of the API, derived from the contracts registry (`apiRoutes`, as ts-rest's
 * `initClient` does): a call names its operation, passes the registry's `Input<N>` (path parameters,
 * query, body) and gets the registry's `Output<N>`, parsed with the route's own success schema. No call
 * site pairs a path with a schema by hand.
 *
 * The registry and the parsing live in the contracts' host (contracts-host.ts), in a worker: a read is
 * sent and parsed there; a write is sent from here through `sendJson` (credentials, an Idempotency-Key
 * kept by every retry of `WRITE_RETRY`) and its reply parsed there. Both throw `HttpError` on failure.
 */
import type { Input, Output, RouteName } from '@wenyan/contracts';
import { type Parser, sendJson } from './api.ts';
import type { HostRequest, Reply } from './contracts-host.ts';
import { httpError } from './http-error.ts';

/** Asks the contracts' host (contracts-host.ts) one thing. */
type Ask = (request: HostRequest) => Promise<Reply>;

let ask: Ask | null = null;

/**
 * Starts the contracts' host once and returns how to ask it: a worker where the browser has them
 * (main.tsx starts it beside the first render, so the registry is built off the main thread by the time
 * the first reads go out), else this thread (the unit tests, in Node). A worker that cannot start (its
 * script gone with a new build) hands what it was asked, and everything after, to this thread.
 */
export function startContractsHost(): Ask {
  ask ??= typeof Worker === 'undefined' ? inThisThread() : inWorker();
  return ask;
}

function inThisThread(): Ask {
  const host = import('./contracts-host.ts');
  return async (request) => (await host).handle(request);
}

function inWorker(): Ask {
  const worker = new Worker(new URL('./contracts.worker.ts', import.meta.url), {
    type: 'module',
    name: 'contracts',
  });
  const waiting = new Map<
    number,
    { request: HostRequest; resolve: (reply: Reply) => void; reject: (error: unknown) => void }
  >();
  let fallback: Ask | null = null;
  let next = 0;
  worker.onmessage = ({ data }: MessageEvent<{ id: number; reply: Reply }>) => {
    waiting.get(data.id)?.resolve(data.reply);
    waiting.delete(data.id);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    fallback ??= inThisThread();
    for (const { request, resolve, reject } of waiting.values()) fallback(request).then(resolve, reject);
    waiting.clear();
  };
  return (request) => {
    if (fallback) return fallback(request);
    return new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { request, resolve, reject });
      worker.postMessage({ id, request });
    });
  };
}

/** The value of a reply, or its failure thrown: `HttpError` for the server's, else the error as it was thrown. */
function settle(reply: Reply): unknown {
  switch (reply.kind) {
    case 'value':
      return reply.value;
    case 'http':
      throw httpError(reply.status, reply.statusText, reply.data);
    case 'thrown': {
      const error = reply.name === 'TypeError' ? new TypeError(reply.message) : new Error(reply.message);
      error.name = reply.name;
      throw error;
    }
    case 'write':
      throw new Error(`a write (${reply.method} ${reply.path}) where a value was expected`);
  }
}

export interface CallOptions {
  /**
   * The write's Idempotency-Key. Without one a fresh key is minted per call (and kept by the call's own
   * retries); pass one to keep it across the action's manual retries (see `features/answers`).
   */
  idempotencyKey?: string | undefined;
}

/** A call whose input has no part may leave it out: `call('listLessons')`. */
type CallArgs<N extends RouteName> =
  object extends Input<N>
    ? [input?: Input<N>, options?: CallOptions]
    : [input: Input<N>, options?: CallOptions];

/**
 * Calls an operation of the registry.
 *
 * @example const lesson = await call('getLesson', { params: { id: 3 } });
 * @example await call('submitAnswer', { body }, { idempotencyKey });
 */
export async function call<N extends RouteName>(
  name: N,
  ...[input, options]: CallArgs<N>
): Promise<Output<N>> {
  const host = startContractsHost();
  const parts = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  const reply = await host({ op: 'call', name, input: { params: parts.params, query: parts.query } });
  if (reply.kind !== 'write') return settle(reply) as Output<N>;
  const schema: Parser<Output<N>> = {
    parse: async (value) => settle(await host({ op: 'parse', name, value })) as Output<N>,
  };
  return sendJson(reply.method, reply.path, parts.body ?? {}, schema, options?.idempotencyKey);
}
