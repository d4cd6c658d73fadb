/** The `error_questions` read model: a learner's error book. */
import type { MasteredBy } from '@wenyan/domain';
import type { Db } from '../db.ts';

/** One question in a learner's error book. */
export interface ErrorQuestionRecord {
  questionId: string;
  attemptCount: number;
  incorrectAnswer: string | null;
  /** The correct answer stored with the record (null: take the question's). */
  correctAnswer: string | null;
  userExplanation: string | null;
  isActive: boolean;
  masteredAt: Date | null;
  /** Who closed the record (null while open). */
  masteredBy: MasteredBy | null;
  firstErrorAt: Date | null;
  lastAttemptAt: Date | null;
}

const at = (d: Date | null) => (d === null ? null : new Date(d));

/** The learner's error book, most recently attempted first. */
export async function readErrorQuestions(db: Db, userId: string): Promise<ErrorQuestionRecord[]> {
  const rows = await db
    .selectFrom('error_questions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_attempt_at', 'desc')
    .execute();
  return rows.map((r) => ({
    questionId: r.question_id,
    attemptCount: r.attempt_count,
    incorrectAnswer: r.incorrect_answer,
    correctAnswer: r.correct_answer,
    userExplanation: r.user_explanation,
    isActive: r.is_active,
    masteredAt: at(r.mastered_at),
    masteredBy: r.mastered_by,
    firstErrorAt: at(r.first_error_at),
    lastAttemptAt: at(r.last_attempt_at),
  }));
}

/** Whether each record of the learner's error book is still open (for the book's statistics). */
export async function readErrorBookStates(db: Db, userId: string): Promise<Array<{ isActive: boolean }>> {
  const rows = await db
    .selectFrom('error_questions')
    .select('is_active')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => ({ isActive: r.is_active }));
}

/** The ids of the questions still open in the learner's error book. */
export async function readOpenErrorQuestionIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('error_questions')
    .select('question_id')
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .execute();
  return new Set(rows.map((r) => r.question_id));
}
