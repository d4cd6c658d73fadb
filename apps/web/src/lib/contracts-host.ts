/**
 * The half of the typed client (`client.ts`) that holds the contracts registry, zod and every route's
 * schemas: it fills a call's path, sends the reads and parses every reply with the route's own success
 * schema. It runs in a worker (`contracts.worker.ts`): building the registry is the longest single piece
 * of work of a first load (100 to 250 ms on a slow machine, in one task), and parsing each read is more,
 * so on the page's main thread they held the first screen's input and paint (Lighthouse counts a task's
 * time over 50 ms as blocking). Where there is no Worker (the unit tests, in Node) `client.ts` loads it
 * on its own thread. Either way it answers with plain data, a `Reply`, which `client.ts` settles.
 */
import './zod-jitless.ts';
import type { RouteContract, RouteName } from '@wenyan/contracts';
import { SUCCESS_STATUSES } from '@wenyan/contracts/light';
import { apiRoutes, reportUnparseableOptions } from '@wenyan/contracts/registry';
import { type PathInput, requestPath } from './request-path.ts';

// A question whose options fail to parse shows none; the failure is logged (spec).
reportUnparseableOptions((value) => console.warn('Failed to parse options', value.slice(0, 200)));

/**
 * What `client.ts` asks: `call` the operation (a read is sent and parsed here; a write comes back as its
 * method and path, for the write path's retries), or `parse` a write's reply with its schema.
 */
export type HostRequest =
  | { op: 'call'; name: RouteName; input: PathInput }
  | { op: 'parse'; name: RouteName; value: unknown };

/** The answer: a parsed value, a write to send, the server's failure, or a thrown error (its name and message). */
export type Reply =
  | { kind: 'value'; value: unknown }
  | { kind: 'write'; method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; path: string }
  | { kind: 'http'; status: number; statusText: string; data: unknown }
  | { kind: 'thrown'; name: string; message: string };

/** The schema of a route's success body (the first success status it declares). */
export function successSchema(route: RouteContract): { parse(data: unknown): unknown } {
  for (const status of SUCCESS_STATUSES) {
    const schema = route.responses[status];
    if (schema) return schema;
  }
  throw new Error(`${route.method} ${route.path} declares no success response`);
}

/** A read: GET with credentials, JSON, parsed with the route's success schema. */
async function read(route: RouteContract, path: string): Promise<Reply> {
  const res = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { kind: 'http', status: res.status, statusText: res.statusText, data };
  }
  return { kind: 'value', value: successSchema(route).parse(await res.json()) };
}

/** Answers one request; never throws (a thrown error comes back as its name and message). */
export async function handle(request: HostRequest): Promise<Reply> {
  try {
    const route: RouteContract = apiRoutes[request.name];
    if (request.op === 'parse') return { kind: 'value', value: successSchema(route).parse(request.value) };
    const path = requestPath(route, request.input);
    if (route.method !== 'GET') return { kind: 'write', method: route.method, path };
    return await read(route, path);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { kind: 'thrown', name, message };
  }
}
