import { queryOptions } from '@tanstack/react-query';
import type { Input } from '@wenyan/contracts';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** The learner's per-lesson records (lobby, library, profile, streak, rank). */
export const userStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.userStats(userId),
    queryFn: () => call('getUserStats', { params: { userId } }),
  });

/** POST .../nodes/:type/complete: the server checks the score against the answers and awards XP. */
export function completeNode(
  params: Input<'completeNode'>['params'],
  body: Input<'completeNode'>['body'],
  idempotencyKey?: string,
) {
  return call('completeNode', { params, body }, { idempotencyKey });
}
