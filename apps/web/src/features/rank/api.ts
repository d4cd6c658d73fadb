import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

export const leaderboardQuery = queryOptions({
  queryKey: queryKeys.leaderboard,
  queryFn: () => call('getLeaderboard'),
  // The websocket keeps it current; a fetch happens on mount and on every reconnect.
  staleTime: 0,
});
