/** A call's path from its route and input (no zod: the settings page's links use it too). */
import type { RouteContract } from '@wenyan/contracts';
import { buildPath } from '@wenyan/contracts/light';

/** The path parts of a call's input (its body stays with the caller). */
export interface PathInput {
  params?: object | undefined;
  query?: object | undefined;
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/**
 * The path of a call: the route's path with its parameters filled in, and its query string (undefined
 * and null values left out; a list repeats its parameter, which both the comma lists and the repeated
 * parameters of the contracts read).
 *
 * @example requestPath(apiRoutes.getLesson, { params: { id: 3 } }) // '/api/lessons/3'
 */
export function requestPath(route: Pick<RouteContract, 'path'>, input: PathInput): string {
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
