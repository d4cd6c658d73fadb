/**
 * The one typed client of the API, derived from the contracts registry (`apiRoutes`, as ts-rest's
 * `initClient` does): a call names its operation, passes the registry's `Input<N>` (path parameters,
 * query, body) and gets the registry's `Output<N>`, parsed with the route's own success schema. No call
 * site pairs a path with a schema by hand.
 *
 * Reads go through `getJson` (credentials, JSON); writes through `sendJson` (credentials, an
 * Idempotency-Key kept by every retry of `WRITE_RETRY`). Both throw `HttpError` on failure.
 */
import type { Input, Output, RouteContract, RouteName } from '@wenyan/contracts';
import { buildPath, SUCCESS_STATUSES } from '@wenyan/contracts/light';
import { getJson, type Parser, sendJson } from './api.ts';

/**
 * The registry with every route's schemas (zod and the shapes, about 45 KB gzipped) is a chunk of its
 * own: the first screen's JavaScript does not wait for it, and `preloadContracts` (main.tsx) starts
 * loading it beside the first render, so the first call rarely waits either.
 */
let registry: Promise<typeof import('@wenyan/contracts/registry')> | null = null;
export function preloadContracts(): Promise<typeof import('@wenyan/contracts/registry')> {
  registry ??= import('@wenyan/contracts/registry');
  return registry;
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

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/**
 * The path of a call: the route's path with its parameters filled in, and its query string (undefined
 * and null values left out; a list repeats its parameter, which both the comma lists and the repeated
 * parameters of the contracts read).
 *
 * @example requestPath(apiRoutes.getLesson, { params: { id: 3 } }) // '/api/lessons/3'
 */
export function requestPath(
  route: Pick<RouteContract, 'path'>,
  input: { params?: object; query?: object },
): string {
  const path = buildPath(route.path, (input.params ?? {}) as Record<string, string | number>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The schema of a route's success body (the first success status it declares). */
export function successSchema(route: RouteContract): Parser<unknown> {
  for (const status of SUCCESS_STATUSES) {
    const schema = route.responses[status];
    if (schema) return schema;
  }
  throw new Error(`${route.method} ${route.path} declares no success response`);
}

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
  const { apiRoutes } = await preloadContracts();
  const route: RouteContract = apiRoutes[name];
  const parts = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  const path = requestPath(route, parts);
  const schema = successSchema(route) as Parser<Output<N>>;
  if (route.method === 'GET') return getJson(path, schema);
  return sendJson(route.method, path, parts.body ?? {}, schema, options?.idempotencyKey);
}
