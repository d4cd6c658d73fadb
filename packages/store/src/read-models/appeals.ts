/**
 * Appeals against the marking of free-text answers, and the renderings accepted by resolving them.
 *
 * - The appeals read model folds the three appeal events of learner streams (AnswerAppealed,
 *   AppealDeclined, AnswerRemarked) into one record per appealed answer; it reads the events table
 *   through its partial index `events_appeals` (migration 0008), so it needs no projection.
 * - Accepted renderings are content (table `accepted_renderings`): a rendering a teacher accepted for
 *   a scoring point, with who and when. `withAcceptedRenderings` merges them into a question's scheme;
 *   the API's question cache holds the merged question, forgotten on every acceptance.
 */
import {
  type AnswerSubmitted,
  type AppealStatus,
  type LearnerEvent,
  type MarkingScheme,
  upcast,
} from '@wenyan/domain';
import type { Generated } from 'kysely';
import type { Db } from '../db.ts';
import { learnerStreamId } from '../event-store.ts';
import { findQuestion } from '../question-repo.ts';

export type AcceptedRenderingsTable = {
  question_id: string;
  point_id: string;
  rendering: string;
  accepted_by: string | null;
  accepted_at: Generated<Date>;
  learner_id: string | null;
  answer_version: number | null;
};

type AppealTables = { accepted_renderings: AcceptedRenderingsTable };
const tables = (db: Db) => db.withTables<AppealTables>();

const APPEAL_EVENT_TYPES = ['AnswerAppealed', 'AppealDeclined', 'AnswerRemarked'] as const;
const STREAM_PREFIX = learnerStreamId('');

/** One appealed answer and what became of it. */
export type AppealRecord = {
  readonly learnerId: string;
  readonly learnerName: string;
  readonly answerVersion: number;
  readonly questionId: string;
  readonly lessonId: number;
  readonly questionType: string;
  readonly selectedAnswer: string;
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
  if (event.type !== 'AppealDeclined' && event.type !== 'AnswerRemarked') return;
  const key = `${learnerId}:${event.data.answerVersion}`;
  const record = records.get(key);
  if (!record) return;
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
  const names = new Map<string, string>();
  if (learnerIds.length > 0) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name'])
      .where('id', 'in', learnerIds)
      .execute();
    for (const u of users) {
      const full = [u.last_name, u.first_name].filter(Boolean).join('');
      names.set(String(u.id), full || u.username);
    }
  }
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
  if (!/^\d{1,18}$/.test(teacherId)) return [];
  const rows = await db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .select('class_members.user_id')
    .distinct()
    .where('classes.teacher_id', '=', teacherId)
    .execute();
  return rows.map((r) => String(r.user_id));
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

/** One accepted rendering, with who accepted it and when. */
export type AcceptedRendering = {
  readonly questionId: string;
  readonly pointId: string;
  readonly rendering: string;
  readonly acceptedBy: string | null;
  readonly acceptedAt: string;
};

/** Records a rendering accepted for a point (again is a no-op: the first acceptance is kept). */
export async function recordAcceptedRendering(
  db: Db,
  input: {
    questionId: string;
    pointId: string;
    rendering: string;
    acceptedBy: string;
    learnerId: string;
    answerVersion: number;
  },
): Promise<void> {
  await tables(db)
    .insertInto('accepted_renderings')
    .values({
      question_id: input.questionId,
      point_id: input.pointId,
      rendering: input.rendering,
      accepted_by: input.acceptedBy,
      learner_id: input.learnerId,
      answer_version: input.answerVersion,
    })
    .onConflict((oc) => oc.columns(['question_id', 'point_id', 'rendering']).doNothing())
    .execute();
}

/** The renderings accepted for the questions, oldest first. */
export async function acceptedRenderings(
  db: Db,
  questionIds: readonly string[],
): Promise<AcceptedRendering[]> {
  if (questionIds.length === 0) return [];
  const rows = await tables(db)
    .selectFrom('accepted_renderings')
    .select(['question_id', 'point_id', 'rendering', 'accepted_by', 'accepted_at'])
    .where('question_id', 'in', [...questionIds])
    .orderBy('accepted_at')
    .execute();
  return rows.map((r) => ({
    questionId: r.question_id,
    pointId: r.point_id,
    rendering: r.rendering,
    acceptedBy: r.accepted_by === null ? null : String(r.accepted_by),
    acceptedAt: new Date(r.accepted_at).toISOString(),
  }));
}

/**
 * The scheme with the accepted renderings of its question added to their points' `accept` lists (after
 * the scheme's own, so the rendering shown to a learner who missed a point stays the scheme's first).
 */
export function withAcceptedRenderings<S extends MarkingScheme | null>(
  scheme: S,
  renderings: readonly AcceptedRendering[],
): S {
  if (scheme === null || renderings.length === 0) return scheme;
  return {
    ...scheme,
    points: scheme.points.map((point) => {
      const extra = renderings
        .filter((r) => r.pointId === point.id && !point.accept.includes(r.rendering))
        .map((r) => r.rendering);
      return extra.length === 0 ? point : { ...point, accept: [...point.accept, ...extra] };
    }),
  };
}

/**
 * A stored question with the renderings accepted on appeal merged into its scheme: what the marker
 * marks every answer with (the API caches it, so an answer costs no extra query).
 */
export async function findMarkedQuestion(db: Db, id: string) {
  const [question, renderings] = await Promise.all([findQuestion(db, id), acceptedRenderings(db, [id])]);
  if (!question) return question;
  return { ...question, marking: withAcceptedRenderings(question.marking, renderings) };
}
