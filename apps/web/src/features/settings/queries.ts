/** The learner's data care calls: leaderboard preferences, the export, the erasure (the typed client). */
import { queryOptions } from '@tanstack/react-query';
import { apiRoutes, type EXPORT_TABLE_NAMES } from '@wenyan/contracts';
import { call, requestPath } from '../../lib/client.ts';

export const privacyKeys = { leaderboard: ['privacy', 'leaderboard'] as const };

export const leaderboardPreferencesQuery = queryOptions({
  queryKey: privacyKeys.leaderboard,
  queryFn: () => call('getLeaderboardPreferences'),
});

export const saveLeaderboardPreferences = (nickname: string | null, optOut: boolean) =>
  call('setLeaderboardPreferences', { body: { nickname, optOut } });

/** Everything kept about the learner, as the JSON file they download. */
export const fetchMyData = () => call('exportMyData');

/** The address of one table of the export as CSV (a plain link downloads it with the session cookie). */
export const csvExportHref = (table: (typeof EXPORT_TABLE_NAMES)[number]) =>
  requestPath(apiRoutes.exportMyDataCsv, { query: { table } });

export const deleteMyAccount = (password: string, confirm: string) =>
  call('deleteMyAccount', { body: { password, confirm: confirm as '刪除帳戶' } });

/** What each CSV table holds, for its link. */
export const CSV_TABLE_LABELS: Record<(typeof EXPORT_TABLE_NAMES)[number], string> = {
  events: '學習紀錄（全部事件）',
  lesson_stats: '各課進度',
  completed_activities: '已完成練習',
  error_questions: '錯題簿',
  vocabulary_records: '詞彙練習',
  classes: '班別',
};
