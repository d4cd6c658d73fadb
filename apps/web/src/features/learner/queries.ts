/**
 * Query definitions of the part-2 screens (profile, streak, rank, error book, admin): one key and
 * one fetcher per server resource, every answer parsed with its contract.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  AdminStatusSchema,
  apiRoutes,
  buildPath,
  ErrorQuestionListSchema,
  ErrorStatsSchema,
  LeaderboardSchema,
} from '@wenyan/contracts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queries.ts';

export { userStatsQuery } from '../../lib/queries.ts';

/** Keys, so a write can invalidate exactly what it changed. */
export const part2Keys = {
  errorQuestions: (userId: string) => ['users', userId, 'error-questions'] as const,
  errorStats: (userId: string) => ['users', userId, 'error-questions', 'stats'] as const,
  leaderboard: queryKeys.leaderboard,
  adminStatus: ['admin', 'status'] as const,
};

export const leaderboardQuery = queryOptions({
  queryKey: part2Keys.leaderboard,
  queryFn: () => getJson(apiRoutes.getLeaderboard.path, LeaderboardSchema),
  // The websocket keeps it current; a fetch happens on mount and on every reconnect.
  staleTime: 0,
});

export const errorQuestionsQuery = (userId: string) =>
  queryOptions({
    queryKey: part2Keys.errorQuestions(userId),
    queryFn: () =>
      getJson(buildPath(apiRoutes.listErrorQuestions.path, { id: userId }), ErrorQuestionListSchema),
  });

export const errorStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: part2Keys.errorStats(userId),
    queryFn: () => getJson(buildPath(apiRoutes.getErrorStats.path, { id: userId }), ErrorStatsSchema),
  });

export const adminStatusQuery = queryOptions({
  queryKey: part2Keys.adminStatus,
  queryFn: () => getJson(apiRoutes.getAdminStatus.path, AdminStatusSchema),
  staleTime: 0,
});
