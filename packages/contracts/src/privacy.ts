/**
 * A learner's data care (Hong Kong PDPO; most learners are minors): the export of everything kept
 * about them, the erasure of their personal data, and their leaderboard nickname and opt-out.
 */
import { z } from 'zod';
import { isSafeText } from './common.ts';

/** The read models an export gives as CSV too, one table per file. */
export const EXPORT_TABLE_NAMES = [
  'events',
  'lesson_stats',
  'completed_activities',
  'error_questions',
  'vocabulary_records',
  'review_cards',
  'review_settings',
  'pending_answers',
  'classes',
  'reminder_settings',
  'push_subscriptions',
  'reminders_sent',
] as const;
export const ExportTableNameSchema = z.enum(EXPORT_TABLE_NAMES);

/** GET /api/users/me/export: the account, the whole event history and every read model, as JSON. */
export const LearnerExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.record(z.string(), z.unknown()),
    totals: z.record(z.string(), z.unknown()).nullable(),
    view: z.unknown(),
    tables: z.record(ExportTableNameSchema, z.array(z.record(z.string(), z.unknown()))),
  })
  .meta({ id: 'LearnerExport' });
export type LearnerExport = z.infer<typeof LearnerExportSchema>;

/** GET /api/users/me/export.csv?table=events: one table of the export as CSV. */
export const ExportCsvQuerySchema = z.object({ table: ExportTableNameSchema.default('events') });

/** The word a learner types to confirm an erasure (besides their password). */
export const ERASE_CONFIRMATION = '刪除帳戶';

/** POST /api/users/me/delete-account: the confirmation word and, for a local account, the password. */
export const DeleteAccountBodySchema = z.object({
  confirm: z.literal(ERASE_CONFIRMATION, { error: `請輸入「${ERASE_CONFIRMATION}」以確認` }),
  password: z.string().max(128).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** Bidirectional controls (e.g. a right-to-left override) would let a name show as another. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/** A leaderboard nickname: 1–20 characters, trimmed; no control or bidirectional characters. */
export const NicknameSchema = z
  .string()
  .trim()
  .min(1, { error: '暱稱不能留空' })
  .max(20, { error: '暱稱不能多於 20 個字' })
  .refine((value) => isSafeText(value) && !BIDI_CONTROLS.test(value) && !/\p{Cc}/u.test(value), {
    error: '暱稱含有不能使用的字元',
  });

/** The learner's leaderboard preferences: the name others see (null: their own name) and the opt-out. */
export const LeaderboardPreferencesSchema = z
  .object({ nickname: NicknameSchema.nullable(), optOut: z.boolean() })
  .meta({ id: 'LeaderboardPreferences' });
export type LeaderboardPreferences = z.infer<typeof LeaderboardPreferencesSchema>;
