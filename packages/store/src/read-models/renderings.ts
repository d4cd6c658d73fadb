/**
 * Renderings accepted on appeal (issue 36): content beside the questions' schemes, with a scope, a
 * status and an append-only log of every change (migrations 0009 and 0016).
 *
 * - A teacher's acceptance is `pending`: it marks the learners of that teacher's classes at once, and
 *   everyone once an admin approves it (`approved`); an admin may instead keep it to the teacher's
 *   classes (`rejected`). An admin's own acceptance is `approved` at once. A revert (`reverted`) marks
 *   no one. `withAcceptedRenderings` merges renderings into a scheme; `findMarkedQuestion` merges the
 *   approved ones (what the API caches per question); `scopedRenderings` lists the class-scoped ones
 *   (cached once by the API, and merged for a learner by their classes' teachers).
 * - `rendering_changes` logs who changed what and when; the database refuses to update or delete it.
 */
import {
  type AnswerRemarked,
  type AnswerRemarkedOnRevert,
  type AnswerSubmitted,
  type MarkingScheme,
  type RecordedPoint,
  upcast,
} from '@wenyan/domain';
import { type Generated, sql } from 'kysely';
import type { Db } from '../db.ts';
import { learnerStreamId } from '../event-store.ts';
import { isId } from '../ids.ts';
import { findQuestion } from '../question-repo.ts';
import { namesById } from './appeals.ts';

export type RenderingStatus = 'pending' | 'approved' | 'rejected' | 'reverted';
export type RenderingAction = 'accepted' | 'approved' | 'rejected' | 'reverted';
/** Whom a rendering marks: the accepting teacher's classes, everyone, or no one. */
export type RenderingScope = 'class' | 'global' | 'none';

export type AcceptedRenderingsTable = {
  id: Generated<string>;
  question_id: string;
  point_id: string;
  rendering: string;
  accepted_by: string | null;
  accepted_at: Generated<Date>;
  learner_id: string | null;
  answer_version: number | null;
  scope_teacher_id: string | null;
  status: Generated<RenderingStatus>;
};

export type RenderingChangesTable = {
  id: Generated<string>;
  rendering_id: string;
  action: RenderingAction;
  scope: RenderingScope;
  actor_id: string | null;
  at: Generated<Date>;
};

type RenderingTables = {
  accepted_renderings: AcceptedRenderingsTable;
  rendering_changes: RenderingChangesTable;
};
const tables = (db: Db) => db.withTables<RenderingTables>();

/** The scope a status gives. */
export function scopeOf(status: RenderingStatus): RenderingScope {
  if (status === 'approved') return 'global';
  return status === 'reverted' ? 'none' : 'class';
}

/** One accepted rendering, with who accepted it and when, its status and (class-scoped) its teacher. */
export type AcceptedRendering = {
  readonly id: string;
  readonly questionId: string;
  readonly pointId: string;
  readonly rendering: string;
  readonly acceptedBy: string | null;
  readonly acceptedAt: string;
  readonly status: RenderingStatus;
  /** The teacher whose classes a class-scoped rendering marks. */
  readonly scopeTeacherId: string | null;
  /** The appealed answer it was accepted on. */
  readonly learnerId: string | null;
  readonly answerVersion: number | null;
};

const COLUMNS = [
  'id',
  'question_id',
  'point_id',
  'rendering',
  'accepted_by',
  'accepted_at',
  'status',
  'scope_teacher_id',
  'learner_id',
  'answer_version',
] as const;

type Row = {
  id: string;
  question_id: string;
  point_id: string;
  rendering: string;
  accepted_by: string | null;
  accepted_at: Date;
  status: RenderingStatus;
  scope_teacher_id: string | null;
  learner_id: string | null;
  answer_version: number | null;
};

const idOrNull = (v: string | number | null) => (v === null ? null : String(v));

function toRendering(r: Row): AcceptedRendering {
  return {
    id: String(r.id),
    questionId: r.question_id,
    pointId: r.point_id,
    rendering: r.rendering,
    acceptedBy: idOrNull(r.accepted_by),
    acceptedAt: new Date(r.accepted_at).toISOString(),
    status: r.status,
    scopeTeacherId: idOrNull(r.scope_teacher_id),
    learnerId: idOrNull(r.learner_id),
    answerVersion: r.answer_version,
  };
}

/**
 * Records a rendering accepted for a point and logs it, in one transaction: for everyone at once when
 * `global` (an admin's), else `pending` for the accepting teacher's classes. The same words already
 * active in the same scope are kept (`created: false`), so a retried acceptance records nothing twice.
 */
export async function recordAcceptedRendering(
  db: Db,
  input: {
    questionId: string;
    pointId: string;
    rendering: string;
    acceptedBy: string;
    learnerId: string;
    answerVersion: number;
    global: boolean;
  },
): Promise<{ rendering: AcceptedRendering; created: boolean }> {
  const scopeTeacherId = input.global ? null : input.acceptedBy;
  const existing = async (trx: Db) => {
    let query = tables(trx)
      .selectFrom('accepted_renderings')
      .select(COLUMNS)
      .where('question_id', '=', input.questionId)
      .where('point_id', '=', input.pointId)
      .where('rendering', '=', input.rendering)
      .where('status', '<>', 'reverted');
    query =
      scopeTeacherId === null
        ? query.where('scope_teacher_id', 'is', null)
        : query.where('scope_teacher_id', '=', scopeTeacherId);
    const row = await query.executeTakeFirst();
    return row ? toRendering(row as Row) : null;
  };
  try {
    return await insertOnce(db, input, scopeTeacherId, existing);
  } catch (err) {
    // Two acceptances of the same words at once: the other one's row stands (unique index).
    const found = (err as { code?: string }).code === '23505' ? await existing(db) : null;
    if (!found) throw err;
    return { rendering: found, created: false };
  }
}

async function insertOnce(
  db: Db,
  input: Parameters<typeof recordAcceptedRendering>[1],
  scopeTeacherId: string | null,
  existing: (trx: Db) => Promise<AcceptedRendering | null>,
): Promise<{ rendering: AcceptedRendering; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const found = await existing(trx);
    if (found) return { rendering: found, created: false };
    const status: RenderingStatus = input.global ? 'approved' : 'pending';
    const row = await tables(trx)
      .insertInto('accepted_renderings')
      .values({
        question_id: input.questionId,
        point_id: input.pointId,
        rendering: input.rendering,
        accepted_by: input.acceptedBy,
        learner_id: input.learnerId,
        answer_version: input.answerVersion,
        scope_teacher_id: scopeTeacherId,
        status,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await tables(trx)
      .insertInto('rendering_changes')
      .values({
        rendering_id: row.id,
        action: 'accepted',
        scope: scopeOf(status),
        actor_id: input.acceptedBy,
      })
      .execute();
    return { rendering: toRendering(row as Row), created: true };
  });
}

/**
 * The renderings that mark answers to the questions, oldest first: those for everyone, plus the
 * class-scoped ones of `teacherIds` (a learner's classes' teachers, or a teacher reading their own).
 */
export async function acceptedRenderings(
  db: Db,
  questionIds: readonly string[],
  options: { readonly teacherIds?: readonly string[] } = {},
): Promise<AcceptedRendering[]> {
  if (questionIds.length === 0) return [];
  const teacherIds = (options.teacherIds ?? []).filter(isId);
  const rows = await tables(db)
    .selectFrom('accepted_renderings')
    .select(COLUMNS)
    .where('question_id', 'in', [...questionIds])
    .where((eb) =>
      teacherIds.length === 0
        ? eb('status', '=', 'approved')
        : eb.or([
            eb('status', '=', 'approved'),
            eb.and([eb('status', 'in', ['pending', 'rejected']), eb('scope_teacher_id', 'in', teacherIds)]),
          ]),
    )
    .orderBy('accepted_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => toRendering(r as Row));
}

/** Every class-scoped rendering in force (pending or rejected), oldest first: few, and cached whole. */
export async function scopedRenderings(db: Db): Promise<AcceptedRendering[]> {
  const rows = await tables(db)
    .selectFrom('accepted_renderings')
    .select(COLUMNS)
    .where('status', 'in', ['pending', 'rejected'])
    .orderBy('accepted_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => toRendering(r as Row));
}

/**
 * The scheme with the renderings of its question added to their points' `accept` lists (after the
 * scheme's own, so the rendering shown to a learner who missed a point stays the scheme's first).
 */
export function withAcceptedRenderings<S extends MarkingScheme | null>(
  scheme: S,
  renderings: readonly Pick<AcceptedRendering, 'pointId' | 'rendering'>[],
): S {
  if (scheme === null || renderings.length === 0) return scheme;
  return {
    ...scheme,
    points: scheme.points.map((point) => {
      const extra = [
        ...new Set(
          renderings
            .filter((r) => r.pointId === point.id && !point.accept.includes(r.rendering))
            .map((r) => r.rendering),
        ),
      ];
      return extra.length === 0 ? point : { ...point, accept: [...point.accept, ...extra] };
    }),
  };
}

/**
 * A stored question with the renderings approved for everyone merged into its scheme: what the API
 * caches per question (a learner's class-scoped ones are merged on top, from their own cache).
 */
export async function findMarkedQuestion(db: Db, id: string) {
  const [question, renderings] = await Promise.all([findQuestion(db, id), acceptedRenderings(db, [id])]);
  if (!question) return question;
  return { ...question, marking: withAcceptedRenderings(question.marking, renderings) };
}

/** One rendering by id, or null. */
export async function findRendering(db: Db, id: string): Promise<AcceptedRendering | null> {
  if (!isId(id)) return null;
  const row = await tables(db)
    .selectFrom('accepted_renderings')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRendering(row as Row) : null;
}

const NEXT_STATUS: Record<Exclude<RenderingAction, 'accepted'>, RenderingStatus> = {
  approved: 'approved',
  rejected: 'rejected',
  reverted: 'reverted',
};

/** The statuses each change may start from. */
export const CHANGE_FROM: Record<Exclude<RenderingAction, 'accepted'>, readonly RenderingStatus[]> = {
  approved: ['pending', 'rejected'],
  rejected: ['pending'],
  reverted: ['pending', 'approved', 'rejected'],
};

/**
 * Approves, rejects or reverts a rendering and logs the change, in one transaction; null when its
 * status does not allow the change (already approved, already reverted…): nothing is written then.
 */
export async function changeRendering(
  db: Db,
  input: { id: string; action: Exclude<RenderingAction, 'accepted'>; actorId: string },
): Promise<AcceptedRendering | null> {
  if (!isId(input.id)) return null;
  const status = NEXT_STATUS[input.action];
  return db.transaction().execute(async (trx) => {
    const row = await tables(trx)
      .updateTable('accepted_renderings')
      .set({ status })
      .where('id', '=', input.id)
      .where('status', 'in', [...CHANGE_FROM[input.action]])
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) return null;
    await tables(trx)
      .insertInto('rendering_changes')
      .values({
        rendering_id: input.id,
        action: input.action,
        scope: scopeOf(status),
        actor_id: input.actorId,
      })
      .execute();
    return toRendering(row as Row);
  });
}

/** One logged change of a rendering. */
export type RenderingChange = {
  readonly action: RenderingAction;
  readonly scope: RenderingScope;
  readonly actorId: string | null;
  readonly actorName: string | null;
  readonly at: string;
};

/** A rendering with its log (oldest change first) and who accepted it. */
export type RenderingHistory = AcceptedRendering & {
  readonly acceptedByName: string | null;
  readonly changes: readonly RenderingChange[];
};

/**
 * Renderings with their change log, newest first: all of them (an admin's view), or those a teacher
 * accepted (`acceptedBy`), or one (`id`); optionally only those of a status (the admin's queue:
 * `pending`).
 */
export async function renderingHistory(
  db: Db,
  filter: {
    readonly id?: string;
    readonly acceptedBy?: string;
    readonly status?: RenderingStatus;
    readonly limit?: number;
  },
): Promise<RenderingHistory[]> {
  if (filter.acceptedBy !== undefined && !isId(filter.acceptedBy)) return [];
  if (filter.id !== undefined && !isId(filter.id)) return [];
  let query = tables(db).selectFrom('accepted_renderings').select(COLUMNS);
  if (filter.id !== undefined) query = query.where('id', '=', filter.id);
  if (filter.acceptedBy !== undefined) query = query.where('accepted_by', '=', filter.acceptedBy);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const rows = (await query
    .orderBy('accepted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 200)
    .execute()) as Row[];
  if (rows.length === 0) return [];
  const changes = await tables(db)
    .selectFrom('rendering_changes')
    .select(['rendering_id', 'action', 'scope', 'actor_id', 'at'])
    .where(
      'rendering_id',
      'in',
      rows.map((r) => String(r.id)),
    )
    .orderBy('id')
    .execute();
  const people = [
    ...new Set(
      [...rows.map((r) => idOrNull(r.accepted_by)), ...changes.map((c) => idOrNull(c.actor_id))].filter(
        (id): id is string => id !== null,
      ),
    ),
  ];
  const names = await namesById(db, people);
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return rows.map((r) => {
    const rendering = toRendering(r);
    return {
      ...rendering,
      acceptedByName: nameOf(rendering.acceptedBy),
      changes: changes
        .filter((c) => String(c.rendering_id) === rendering.id)
        .map((c) => ({
          action: c.action,
          scope: c.scope,
          actorId: idOrNull(c.actor_id),
          actorName: nameOf(idOrNull(c.actor_id)),
          at: new Date(c.at).toISOString(),
        })),
    };
  });
}

/** The teachers of each learner's classes (a learner in no class is absent). */
export async function teachersOfLearners(
  db: Db,
  learnerIds: readonly string[],
): Promise<Map<string, string[]>> {
  const ids = learnerIds.filter(isId);
  const found = new Map<string, string[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .select(['class_members.user_id', 'classes.teacher_id'])
    .distinct()
    .where('class_members.user_id', 'in', ids)
    .execute();
  for (const r of rows) {
    const learner = String(r.user_id);
    found.set(learner, [...(found.get(learner) ?? []), String(r.teacher_id)]);
  }
  return found;
}

/** An answer to a question as it stands: its AnswerSubmitted and its latest marks (after any re-mark). */
export type StandingAnswer = {
  readonly learnerId: string;
  readonly version: number;
  readonly answer: AnswerSubmitted;
  readonly isCorrect: boolean;
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
  readonly points: readonly RecordedPoint[];
};

/**
 * Every answer to a question, each with its latest marks (a re-mark after an appeal or a revert
 * replaces the AnswerSubmitted's). A revert's sweep: it reads the question's answers from every
 * learner stream by the event's `questionId` (no index serves this; a revert is a rare admin act).
 */
export async function standingAnswers(db: Db, questionId: string): Promise<StandingAnswer[]> {
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'version', 'type', 'schema_version', 'data'])
    .where('type', 'in', ['AnswerSubmitted', 'AnswerRemarked', 'AnswerRemarkedOnRevert'])
    .where('stream_id', 'like', `${learnerStreamId('')}%`)
    .where(sql<string>`data->>'questionId'`, '=', questionId)
    .orderBy('stream_id')
    .orderBy('version')
    .execute();
  const prefix = learnerStreamId('').length;
  const answers = new Map<string, StandingAnswer>();
  for (const row of rows) {
    const learnerId = row.stream_id.slice(prefix);
    const event = upcast({ type: row.type, schemaVersion: row.schema_version, data: row.data });
    if (event.type === 'AnswerSubmitted') {
      const d = event.data;
      answers.set(`${learnerId}:${row.version}`, {
        learnerId,
        version: row.version,
        answer: event,
        isCorrect: d.isCorrect,
        pointsEarned: d.pointsEarned,
        pointsAvailable: d.pointsAvailable,
        points: d.points,
      });
    } else if (event.type === 'AnswerRemarked' || event.type === 'AnswerRemarkedOnRevert') {
      const d = (event as AnswerRemarked | AnswerRemarkedOnRevert).data;
      const key = `${learnerId}:${d.answerVersion}`;
      const standing = answers.get(key);
      if (!standing) continue;
      answers.set(key, {
        ...standing,
        isCorrect: d.isCorrect,
        pointsEarned: d.pointsEarned,
        pointsAvailable: d.pointsAvailable,
        points: d.points,
      });
    }
  }
  return [...answers.values()];
}
