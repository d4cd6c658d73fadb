/**
 * A learner's own data, to take or to erase (Hong Kong PDPO; most learners are minors). Personal data
 * (names, school, e-mail, nickname, username) lives only in `users`; the event log holds what the
 * learner did, never who they are, so an erasure rewrites no event.
 */

import { foldName, shownNames } from '@wenyan/domain';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { learnerStreamId } from './event-store.ts';
import type { RankFigures } from './leaderboard.ts';
import { keyRingOf } from './learner-keys.ts';
import { READ_MODEL_EXPORTS } from './projections.ts';
import { eraseReminderData, reminderDataOf } from './push-repo.ts';

/** The export's tables that are not read models, with their labels in the settings screen. */
const SOURCE_EXPORTS = {
  events: '學習紀錄（全部事件）',
  classes: '班別',
  reminder_settings: '每日提醒設定',
  push_subscriptions: '接收提醒的裝置',
  reminders_sent: '已發出的提醒',
} as const;

/**
 * The tables of a learner's export (also its CSV tables), in order: the events, each read model's
 * tables as the registry of projections names them (`projections.ts`), then classes and reminders.
 * `@wenyan/contracts`' `EXPORT_TABLE_NAMES` lists the same (`projections.int.test.ts`).
 */
export const EXPORT_TABLES: readonly string[] = [
  'events',
  ...READ_MODEL_EXPORTS.map((e) => e.name),
  'classes',
  'reminder_settings',
  'push_subscriptions',
  'reminders_sent',
];
export type ExportTable = string;

/** What each table of the export holds, as the settings screen names it (Traditional Chinese). */
export const EXPORT_TABLE_LABELS: Readonly<Record<string, string>> = {
  ...SOURCE_EXPORTS,
  ...Object.fromEntries(READ_MODEL_EXPORTS.map((e) => [e.name, e.label])),
};

export interface LearnerExport {
  exportedAt: string;
  account: Record<string, unknown>;
  totals: Record<string, unknown> | null;
  view: unknown;
  tables: Record<ExportTable, Array<Record<string, unknown>>>;
}

const BIGINT_IDS = new Set(['id', 'user_id', 'class_id']);

/**
 * Turns database values into JSON values: dates as ISO strings, ids as strings (Postgres gives bigints as
 * strings and PGlite as numbers; the export is the same in both modes).
 */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date
        ? value.toISOString()
        : BIGINT_IDS.has(key) && typeof value === 'number'
          ? String(value)
          : value,
    ]),
  );
}

/** Everything the product keeps about a learner: the account, the whole event history, every read model. */
export async function exportLearnerData(db: Db, userId: string): Promise<LearnerExport> {
  const [account, totals, projection, events, readModels, classes, reminders] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'first_name',
        'last_name',
        'email',
        'profile_image_url',
        'school_name',
        'nickname',
        'leaderboard_opt_out',
        'roles',
        'character_threshold',
        'created_at',
        'updated_at',
      ])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('user_totals').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('learner_projections').select('view').where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('events')
      .select(['version', 'type', 'schema_version', 'data', 'recorded_at'])
      .where('stream_id', '=', learnerStreamId(userId))
      .orderBy('version')
      .execute(),
    // Each read model's tables, as the registry names them.
    Promise.all(
      READ_MODEL_EXPORTS.map(async (e) => {
        let query = db.selectFrom(e.table).selectAll().where('user_id', '=', userId);
        for (const column of e.orderBy) query = query.orderBy(sql.ref(column));
        const rows = await query.execute();
        return [e.name, rows.map((r) => plain(r as Record<string, unknown>))] as const;
      }),
    ),
    classMemberships(db)
      .selectFrom('class_members')
      .innerJoin('classes', 'classes.id', 'class_members.class_id')
      .select(['classes.id as class_id', 'classes.name as class_name', 'class_members.joined_at'])
      .where('class_members.user_id', '=', userId)
      .execute(),
    reminderDataOf(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: plain(account as Record<string, unknown>),
    totals: totals ? plain(totals as Record<string, unknown>) : null,
    view: projection?.view ?? null,
    tables: {
      events: events.map((e) => plain(e as Record<string, unknown>)),
      ...Object.fromEntries(readModels),
      classes: classes.map((r) => plain(r as Record<string, unknown>)),
      reminder_settings: reminders.settings.map(plain),
      push_subscriptions: reminders.devices.map(plain),
      reminders_sent: reminders.sent.map(plain),
    },
  };
}

/** The class tables, typed here as class-repo.ts types them. */
const classMemberships = (db: Db) =>
  db.withTables<{
    classes: { id: string; name: string };
    class_members: { class_id: string; user_id: string; joined_at: Date };
  }>();

/**
 * Runs `work` in one transaction holding the learner's advisory lock (the projector's): no batch of
 * theirs writes the ranking meanwhile.
 */
function withLearnerLocked(db: Db, userId: string, work: (trx: Db) => Promise<void>): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${learnerStreamId(userId)}))`.execute(trx);
    await work(trx);
  });
}

/** The learner's ranking figures when they are on the leaderboard (null when off it or not yet projected). */
async function figuresOf(trx: Db, userId: string): Promise<RankFigures | null> {
  const row = await trx
    .selectFrom('user_totals')
    .select(['total_xp', 'completed_lessons', 'average_accuracy', 'ranked'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.ranked) return null;
  return {
    userId,
    totalXP: row.total_xp,
    completedLessons: row.completed_lessons,
    averageAccuracy: row.average_accuracy,
  };
}

/**
 * Sets the leaderboard nickname and opt-out, under the learner's projection lock, and hands the new
 * ranking figures (null: off the board) to `moveIndex`, which updates the ranking index before the
 * commit, as the projector does.
 */
export async function setLeaderboardPreferences(
  db: Db,
  userId: string,
  preferences: { nickname: string | null; optOut: boolean },
  moveIndex: (figures: RankFigures | null) => Promise<void>,
): Promise<void> {
  await withLearnerLocked(db, userId, async (trx) => {
    await trx
      .updateTable('users')
      .set({
        nickname: preferences.nickname,
        leaderboard_opt_out: preferences.optOut,
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('user_totals')
      .set({ ranked: !preferences.optOut })
      .where('user_id', '=', userId)
      .execute();
    await moveIndex(await figuresOf(trx, userId));
  });
}

/**
 * Erases a learner's personal data everywhere it is kept: the account's names, school, e-mail,
 * nickname, picture and username (replaced by `erased-<id>`), its credentials and sessions, the
 * stored answers to repeated requests (they echo the account), the daily reminder's devices, settings
 * and record, and their place on the leaderboard.
 * What they did stays, anonymous: the event log, the read models and class memberships (a teacher's
 * replay shows an anonymous learner). The free text they typed (answers, appeal and error-book notes)
 * goes: its data key is deleted, so the log's sealed copies read as ERASED_TEXT from then on.
 * `removeFromIndex` takes them off the ranking before the commit.
 */
export async function eraseLearner(
  db: Db,
  userId: string,
  removeFromIndex: () => Promise<void>,
): Promise<void> {
  await withLearnerLocked(db, userId, async (trx) => {
    await trx
      .updateTable('users')
      .set({
        username: `erased-${userId}`,
        password_hash: null,
        oidc_subject: null,
        first_name: null,
        last_name: null,
        email: null,
        profile_image_url: null,
        school_name: null,
        nickname: null,
        leaderboard_opt_out: true,
        roles: ['student'],
        erased_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
    await eraseReminderData(trx, userId);
    await trx.updateTable('user_totals').set({ ranked: false }).where('user_id', '=', userId).execute();
    // The free text they typed: its key goes, so the log's sealed copies can no longer be read; the
    // read models' copies of it go too (a rebuild reads them as ERASED_TEXT).
    await trx.deleteFrom('learner_keys').where('user_id', '=', userId).execute();
    await trx.deleteFrom('learner_replay_snapshots').where('user_id', '=', userId).execute();
    await forgetFreeText(trx, userId);
    await removeFromIndex();
  });
  keyRingOf(db)?.forget(userId);
}

/**
 * Empties the free text an erased learner typed from their read models (the error book, the stored
 * view). Also run by a rebuild's swap for learners erased while it built (`rebuild.ts`).
 */
export async function forgetFreeText(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('error_questions')
    .set({ incorrect_answer: null, user_explanation: null })
    .where('user_id', '=', userId)
    .execute();
  const projection = await trx
    .selectFrom('learner_projections')
    .select('view')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (projection) {
    await trx
      .updateTable('learner_projections')
      .set({ view: JSON.stringify(withoutFreeText(projection.view)) })
      .where('user_id', '=', userId)
      .execute();
  }
}

/** The fields of a learner's view that hold text they typed (their answers, their notes). */
const FREE_TEXT_FIELDS = new Set(['incorrectAnswer', 'userExplanation', 'selectedAnswer', 'note']);

/** A copy of a stored view (JSON) with every free-text field emptied (null), at any depth. */
function withoutFreeText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFreeText);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      FREE_TEXT_FIELDS.has(key) && typeof inner === 'string' ? null : withoutFreeText(inner),
    ]),
  );
}

/** The school named in the learner's account (personal data: kept there, never in the log). */
export async function readSchoolName(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('school_name').where('id', '=', userId).executeTakeFirst();
  return row?.school_name ?? null;
}

/** Names the learner's school in their account. */
export async function setSchoolName(db: Db, userId: string, schoolName: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ school_name: schoolName, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Whether another account is shown on the board by a name that folds to `key` (its nickname, or its
 * first and last name; `foldName` of the domain): a nickname must not pass for someone else. Reads
 * every live account's names, so it runs only when a nickname changes (rare, and rate-limited).
 */
export async function nameTakenByOther(db: Db, key: string, exceptUserId: string): Promise<boolean> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nickname', 'first_name', 'last_name'])
    .where('erased_at', 'is', null)
    .where('id', '<>', exceptUserId)
    .where((eb) => eb.or([eb('nickname', 'is not', null), eb('first_name', 'is not', null)]))
    .execute();
  return rows.some((row) =>
    shownNames({ nickname: row.nickname, firstName: row.first_name, lastName: row.last_name }).some(
      (name) => foldName(name) === key,
    ),
  );
}

/** The learner's leaderboard nickname and opt-out. */
export async function readLeaderboardPreferences(
  db: Db,
  userId: string,
): Promise<{ nickname: string | null; optOut: boolean }> {
  const row = await db
    .selectFrom('users')
    .select(['nickname', 'leaderboard_opt_out'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { nickname: row.nickname, optOut: row.leaderboard_opt_out };
}
