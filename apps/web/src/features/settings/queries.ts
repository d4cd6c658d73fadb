/** The learner's data care calls: leaderboard preferences, the export, the erasure. */

import { queryOptions } from '@tanstack/react-query';
import {
  apiRoutes,
  type EXPORT_TABLE_NAMES,
  LeaderboardPreferencesSchema,
  LearnerExportSchema,
  MessageSchema,
} from '@wenyan/contracts';
import { getJson, sendJson, withQuery } from '../../lib/api.ts';

export const privacyKeys = { leaderboard: ['privacy', 'leaderboard'] as const };

export const leaderboardPreferencesQuery = queryOptions({
  queryKey: privacyKeys.leaderboard,
  queryFn: () => getJson(apiRoutes.getLeaderboardPreferences.path, LeaderboardPreferencesSchema),
});

export function saveLeaderboardPreferences(nickname: string | null, optOut: boolean) {
  return sendJson(
    'PUT',
    apiRoutes.setLeaderboardPreferences.path,
    { nickname, optOut },
    LeaderboardPreferencesSchema,
  );
}

/** Everything kept about the learner, as the JSON file they download. */
export function fetchMyData() {
  return getJson(apiRoutes.exportMyData.path, LearnerExportSchema);
}

/** The address of one table of the export as CSV (a plain link downloads it with the session cookie). */
export const csvExportHref = (table: (typeof EXPORT_TABLE_NAMES)[number]) =>
  withQuery(apiRoutes.exportMyDataCsv.path, { table });

export function deleteMyAccount(password: string, confirm: string) {
  return sendJson('POST', apiRoutes.deleteMyAccount.path, { password, confirm }, MessageSchema);
}

/** What each CSV table holds, for its link. */
export const CSV_TABLE_LABELS: Record<(typeof EXPORT_TABLE_NAMES)[number], string> = {
  events: '學習紀錄（全部事件）',
  lesson_stats: '各課進度',
  completed_activities: '已完成練習',
  error_questions: '錯題簿',
  vocabulary_records: '詞彙練習',
  classes: '班別',
};
