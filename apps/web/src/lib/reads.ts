/**
 * Query options for the plain reads: a key from `queryKeys`, the operation of the registry that answers
 * it, and how long the answer stays fresh. Reads with a query string or their own error handling write
 * `queryOptions` themselves.
 */
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { Input, Output, RouteName } from '@wenyan/contracts';
import { call } from './client.ts';

/** The operations that take no input (`call('listLessons')`). */
type BareRead = { [N in RouteName]: object extends Input<N> ? N : never }[RouteName];

/** The operations whose only input is the path's `id` (`call('getErrorStats', { params: { id } })`). */
type ReadById = {
  [N in RouteName]: Input<N> extends { params: { id: string } }
    ? keyof Input<N> extends 'params'
      ? N
      : never
    : never;
}[RouteName];

interface ReadOptions {
  /** How long the answer stays fresh; the query client's default (5 min) when left out. */
  staleTime?: number;
}

/**
 * A read that takes no input.
 *
 * @example export const lessonsQuery = readQuery(queryKeys.lessons, 'listLessons');
 */
export function readQuery<N extends BareRead, K extends QueryKey>(
  queryKey: K,
  name: N,
  { staleTime }: ReadOptions = {},
) {
  const read = call as (name: N) => Promise<Output<N>>;
  return queryOptions({
    queryKey,
    queryFn: () => read(name),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

/**
 * A read of one resource by the path's `id` (a learner, a class).
 *
 * @example readByIdQuery(queryKeys.errorStats(userId), 'getErrorStats', userId)
 */
export function readByIdQuery<N extends ReadById, K extends QueryKey>(
  queryKey: K,
  name: N,
  id: string,
  { staleTime }: ReadOptions = {},
) {
  const read = call as (name: N, input: { params: { id: string } }) => Promise<Output<N>>;
  return queryOptions({
    queryKey,
    queryFn: () => read(name, { params: { id } }),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
