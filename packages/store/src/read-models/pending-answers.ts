/**
 * 待老師批閱: the answers the marker left pending and the teachers' marks of them (table
 * `pending_answers`, migration 0016, written by the projector from AnswerSubmitted with `pendingReview`
 * and AnswerTeacherMarked). The queue of a teacher is their classes' learners'; an admin's is everyone's.
 */
import { personName, type RecordedPoint } from '@wenyan/domain';
import type { Db } from '../db.ts';
import { isId } from '../ids.ts';
import type { LearnerAnswerRecord } from './learner-answer.ts';

export type PendingAnswerStatus = 'pending' | 'marked';

/** One pending answer, with the learner's name and, once marked, the teacher's marks. */
export type PendingAnswerRecord = LearnerAnswerRecord & {
  /** The marker's provisional verdict on each scoring point. */
  readonly points: readonly RecordedPoint[];
  readonly pointsEarned: number;
  readonly pointsAvailable: number;
  readonly submittedAt: string;
  readonly status: PendingAnswerStatus;
  readonly marks: {
    readonly pointsEarned: number;
    readonly isCorrect: boolean;
    readonly teacherId: string | null;
    readonly note: string | null;
    readonly markedAt: string;
  } | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The pending answers of the given learners (everyone's when `learnerIds` is null), oldest first (a
 * queue), optionally only those with a status.
 */
export async function listPendingAnswers(
  db: Db,
  filter: {
    readonly learnerIds: readonly string[] | null;
    readonly status?: PendingAnswerStatus;
    readonly answerVersion?: number;
  },
): Promise<PendingAnswerRecord[]> {
  if (filter.learnerIds !== null && filter.learnerIds.length === 0) return [];
  let query = db
    .selectFrom('pending_answers as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.user_id',
      'p.answer_version',
      'p.question_id',
      'p.lesson_id',
      'p.question_type',
      'p.selected_answer',
      'p.points',
      'p.points_earned',
      'p.points_available',
      'p.submitted_at',
      'p.status',
      'p.marked_points_earned',
      'p.marked_is_correct',
      'p.marked_by',
      'p.teacher_note',
      'p.marked_at',
      'u.username',
      'u.first_name',
      'u.last_name',
    ]);
  if (filter.learnerIds !== null) query = query.where('p.user_id', 'in', [...filter.learnerIds]);
  if (filter.status !== undefined) query = query.where('p.status', '=', filter.status);
  if (filter.answerVersion !== undefined) query = query.where('p.answer_version', '=', filter.answerVersion);
  const rows = await query
    .orderBy('p.submitted_at')
    .orderBy('p.user_id')
    .orderBy('p.answer_version')
    .execute();
  return rows.map((r) => ({
    learnerId: String(r.user_id),
    learnerName: personName({ firstName: r.first_name, lastName: r.last_name }) || r.username,
    answerVersion: r.answer_version,
    questionId: r.question_id,
    lessonId: r.lesson_id,
    questionType: r.question_type,
    selectedAnswer: r.selected_answer,
    points: (Array.isArray(r.points) ? r.points : []) as RecordedPoint[],
    pointsEarned: r.points_earned,
    pointsAvailable: r.points_available,
    submittedAt: iso(r.submitted_at),
    status: r.status,
    marks:
      r.status === 'marked' && r.marked_at !== null
        ? {
            pointsEarned: r.marked_points_earned ?? 0,
            isCorrect: r.marked_is_correct === true,
            teacherId: r.marked_by,
            note: r.teacher_note,
            markedAt: iso(r.marked_at),
          }
        : null,
  }));
}

/** One learner's pending answer at a stream version, or null (not pending, or not projected yet). */
export async function findPendingAnswer(
  db: Db,
  learnerId: string,
  answerVersion: number,
): Promise<PendingAnswerRecord | null> {
  if (!isId(learnerId)) return null;
  const [found] = await listPendingAnswers(db, { learnerIds: [learnerId], answerVersion });
  return found ?? null;
}
