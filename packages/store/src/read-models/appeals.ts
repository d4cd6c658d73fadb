/**
 * Appeals against the marking of free-text answers, and the renderings accepted by resolving them.
 *
 * - The appeals read model folds the three appeal events of learner streams (AnswerAppealed,
 *   AppealDeclined, AnswerRemarked) into one record per appealed answer; it reads the events table
 *   through its partial index `events_appeals` (migration 0008), so it needs no projection.
 * - Accepted renderings, their scope and their change log are in `renderings.ts`.
 */
import {
  type AnswerSubmitted,
  type AppealStatus,
  type LearnerEvent,
  personName,
  upcast,
} from '@wenyan/domain';
import type { Db } from '../db.ts';
import { learnerStreamId } from '../event-store.ts';
import { isId } from '../ids.ts';
import type { LearnerAnswerRecord } from './learner-answer.ts';

const APPEAL_EVENT_TYPES = [
  'AnswerAppealed',
  'AppealDeclined',
  'AnswerRemarked',
  'AnswerRemarkedOnRevert',
] as const;
const STREAM_PREFIX = learnerStreamId('');

/** One appealed answer and what became of it. */
export type AppealRecord = LearnerAnswerRecord & {
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
  readonly note: string | null;
  readonly appealedAt: string;
  readonly status: AppealStatus;
  /** The teacher's note on a declined appeal. */
  readonly teacherNote: string | null;
  readonly resolvedAt: string | null;
  /** The re-mark of an accepted appeal. */
  readonly remark: {
    readonly pointId: string;
    readonly rendering: string;
    readonly pointsEarned: number;
    readonly pointsAvailable: number;
    readonly isCorrect: boolean;
    /** The accepted rendering was reverted since, and the answer marked again without it. */
    readonly reverted: boolean;
  } | null;
};

/** Applies one appeal event to the records of one learner, by answer version. */
function foldAppeal(
  records: Map<string, AppealRecord>,
  learnerId: string,
  learnerName: string,
  event: LearnerEvent,
): void {
  if (event.type === 'AnswerAppealed') {
    const d = event.data;
    records.set(`${learnerId}:${d.answerVersion}`, {
      learnerId,
      learnerName,
      answerVersion: d.answerVersion,
      questionId: d.questionId,
      lessonId: d.lessonId,
      questionType: d.questionType,
      selectedAnswer: d.selectedAnswer,
      pointsEarned: d.pointsEarned,
      pointsAvailable: d.pointsAvailable,
      note: d.note,
      appealedAt: d.at,
      status: 'pending',
      teacherNote: null,
      resolvedAt: null,
      remark: null,
    });
    return;
  }
  if (
    event.type !== 'AppealDeclined' &&
    event.type !== 'AnswerRemarked' &&
    event.type !== 'AnswerRemarkedOnRevert'
  )
    return;
  const key = `${learnerId}:${event.data.answerVersion}`;
  const record = records.get(key);
  if (!record) return;
  if (event.type === 'AnswerRemarkedOnRevert') {
    // Only the appeal's own rendering being reverted changes what became of the appeal.
    if (record.remark?.rendering !== event.data.rendering) return;
    const d = event.data;
    records.set(key, {
      ...record,
      remark: { ...record.remark, pointsEarned: d.pointsEarned, isCorrect: d.isCorrect, reverted: true },
    });
    return;
  }
  if (event.type === 'AppealDeclined') {
    records.set(key, {
      ...record,
      status: 'declined',
      teacherNote: event.data.note,
      resolvedAt: event.data.at,
    });
    return;
  }
  const d = event.data;
  records.set(key, {
    ...record,
    status: 'accepted',
    resolvedAt: d.at,
    remark: {
      pointId: d.pointId,
      rendering: d.rendering,
      pointsEarned: d.pointsEarned,
      pointsAvailable: d.pointsAvailable,
      isCorrect: d.isCorrect,
      reverted: false,
    },
  });
}

/**
 * The appeals of the given learners (all learners when `learnerIds` is null), newest first, optionally
 * only those with a status.
 */
export async function listAppeals(
  db: Db,
  filter: { readonly learnerIds: readonly string[] | null; readonly status?: AppealStatus },
): Promise<AppealRecord[]> {
  if (filter.learnerIds !== null && filter.learnerIds.length === 0) return [];
  let query = db
    .selectFrom('events')
    .select(['stream_id', 'version', 'type', 'schema_version', 'data'])
    .where('type', 'in', [...APPEAL_EVENT_TYPES]);
  if (filter.learnerIds !== null) {
    query = query.where(
      'stream_id',
      'in',
      filter.learnerIds.map((id) => learnerStreamId(id)),
    );
  }
  const rows = await query.orderBy('stream_id').orderBy('version').execute();
  const learnerIds = [...new Set(rows.map((r) => r.stream_id.slice(STREAM_PREFIX.length)))];
  const names = await namesById(db, learnerIds);
  const records = new Map<string, AppealRecord>();
  for (const row of rows) {
    const learnerId = row.stream_id.slice(STREAM_PREFIX.length);
    const event = upcast({ type: row.type, schemaVersion: row.schema_version, data: row.data });
    foldAppeal(records, learnerId, names.get(learnerId) ?? learnerId, event);
  }
  return [...records.values()]
    .filter((r) => filter.status === undefined || r.status === filter.status)
    .sort((a, b) => b.appealedAt.localeCompare(a.appealedAt));
}

/** The ids of the learners in the teacher's classes. */
export async function teacherLearnerIds(db: Db, teacherId: string): Promise<string[]> {
  if (!isId(teacherId)) return [];
  const rows = await db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .select('class_members.user_id')
    .distinct()
    .where('classes.teacher_id', '=', teacherId)
    .execute();
  return rows.map((r) => String(r.user_id));
}

/** A learner as the teacher's lists name them: their name (`personName`, else the username) and username. */
export type LearnerNameRecord = { readonly id: string; readonly name: string; readonly username: string };

/** The names and usernames of the given learners (erased learners too: their lists keep them anonymous). */
export async function learnerNames(db: Db, learnerIds: readonly string[]): Promise<LearnerNameRecord[]> {
  const ids = [...new Set(learnerIds)].filter(isId);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((u) => ({
    id: String(u.id),
    name: personName({ firstName: u.first_name, lastName: u.last_name }) || u.username,
    username: u.username,
  }));
}

/** The given users' names as the lists show them (`personName`, else the username), by id. */
export async function namesById(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  return new Map((await learnerNames(db, userIds)).map((u) => [u.id, u.name]));
}

/** The learner's AnswerSubmitted at a stream version (upcast to today's shape), or null. */
export async function findAnswerEvent(
  db: Db,
  learnerId: string,
  version: number,
): Promise<AnswerSubmitted | null> {
  const row = await db
    .selectFrom('events')
    .select(['type', 'schema_version', 'data'])
    .where('stream_id', '=', learnerStreamId(learnerId))
    .where('version', '=', version)
    .executeTakeFirst();
  if (row?.type !== 'AnswerSubmitted') return null;
  const event = upcast({ type: row.type, schemaVersion: row.schema_version, data: row.data });
  return event.type === 'AnswerSubmitted' ? event : null;
}
