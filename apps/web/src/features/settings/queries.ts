/** The settings' calls: leaderboard preferences, the export, the erasure, the daily reminder (the typed client). */
import { queryOptions } from '@tanstack/react-query';
import { apiRoutes, type EXPORT_TABLE_NAMES, type Input } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { readQuery } from '../../lib/reads.ts';
import { requestPath } from '../../lib/request-path.ts';

export const privacyKeys = { leaderboard: ['privacy', 'leaderboard'] as const };

export const leaderboardPreferencesQuery = readQuery(privacyKeys.leaderboard, 'getLeaderboardPreferences');

export const saveLeaderboardPreferences = (nickname: string | null, optOut: boolean) =>
  call('setLeaderboardPreferences', { body: { nickname, optOut } });

/** Everything kept about the learner, as the JSON file they download. */
export const fetchMyData = () => call('exportMyData');

/** The address of one table of the export as CSV (a plain link downloads it with the session cookie). */
export const csvExportHref = (table: (typeof EXPORT_TABLE_NAMES)[number]) =>
  requestPath(apiRoutes.exportMyDataCsv, { query: { table } });

/** Where an erased learner lands, signed out: 「帳戶已刪除」. */
export const ACCOUNT_DELETED_HREF = requestPath(apiRoutes.accountDeletedPage, {});

/** The export as a readable page (Chinese labels, Hong Kong times), opened with the session cookie. */
export const READABLE_EXPORT_HREF = requestPath(apiRoutes.exportMyDataReadable, {});

export const deleteMyAccount = (password: string, confirm: string) =>
  call('deleteMyAccount', { body: { password, confirm: confirm as '刪除帳戶' } });

/** What each CSV table holds, for its link. */
export const CSV_TABLE_LABELS: Record<(typeof EXPORT_TABLE_NAMES)[number], string> = {
  events: '學習紀錄（全部事件）',
  lesson_stats: '各課進度',
  completed_activities: '已完成練習',
  error_questions: '錯題簿',
  vocabulary_records: '詞彙練習',
  review_cards: '複習卡',
  review_settings: '複習設定',
  pending_answers: '待老師批閱的答案',
  classes: '班別',
  reminder_settings: '每日提醒設定',
  push_subscriptions: '接收提醒的裝置',
  reminders_sent: '已發出的提醒',
};

/** The learner's daily reminder: on or off, the Hong Kong hour, the devices subscribed. */
export const reminderSettingsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.reminders(userId),
    queryFn: () => call('getReminderSettings', { params: { userId } }),
  });

export const fetchPushPublicKey = () => call('getPushPublicKey');

export const saveReminderSettings = (userId: string, enabled: boolean, hour: number) =>
  call('setReminderSettings', { params: { userId }, body: { enabled, hour } });

export const subscribePush = (userId: string, body: Input<'subscribePush'>['body']) =>
  call('subscribePush', { params: { userId }, body });

export const unsubscribePush = (userId: string, endpoint: string) =>
  call('unsubscribePush', { params: { userId }, body: { endpoint } });
